/*
 * memplugin: a TCG plugin for qemu-user (written for the plugin API of
 * qemu 7.2, version 1) that logs the guest virtual address of every load
 * and store the guest makes between two instructions, for package
 * cttrace.
 *
 *   qemu-x86_64 -plugin ./memplugin.so,begin=0x4a1b20,end=0x4a1b40 \
 *     -d exec,nochain,plugin -D LOG ...
 *
 * Each vCPU is traced from the instruction at begin (the driver's
 * traceBegin) to the one at end (traceEnd); in between every memory
 * access is logged, after the exec log's line for its instruction, as
 *
 *   Mem 0: 0x000000c000012340 r 3
 *
 * (vCPU, address, r or w, log2 of the size). The declarations below are
 * the few parts of qemu's plugin API (include/qemu/qemu-plugin.h) that it
 * uses, written out here because Debian ships no header for it.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
typedef struct {
	const char *target_name;
	struct {
		int min, cur;
	} version;
	bool system_emulation;
	/* more, unused */
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_R = 1, QEMU_PLUGIN_MEM_W, QEMU_PLUGIN_MEM_RW };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
	void (*cb)(unsigned int vcpu, void *udata), enum qemu_plugin_cb_flags flags, void *udata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
	void (*cb)(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata),
	enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw, void *udata);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#define MAX_VCPUS 1024

static uint64_t begin_pc, end_pc;
static bool on[MAX_VCPUS];

static void at_begin(unsigned int vcpu, void *udata)
{
	(void)udata;
	if (vcpu < MAX_VCPUS)
		on[vcpu] = true;
}

static void at_end(unsigned int vcpu, void *udata)
{
	(void)udata;
	if (vcpu < MAX_VCPUS)
		on[vcpu] = false;
}

static void on_access(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
	char line[64];
	(void)udata;
	if (vcpu >= MAX_VCPUS || !on[vcpu])
		return;
	snprintf(line, sizeof line, "Mem %u: 0x%016" PRIx64 " %c %u\n", vcpu, vaddr,
		qemu_plugin_mem_is_store(info) ? 'w' : 'r', qemu_plugin_mem_size_shift(info));
	qemu_plugin_outs(line);
}

static void translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	size_t n = qemu_plugin_tb_n_insns(tb);
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t pc = qemu_plugin_insn_vaddr(insn);
		if (pc == begin_pc)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, at_begin, QEMU_PLUGIN_CB_NO_REGS, NULL);
		if (pc == end_pc)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, at_end, QEMU_PLUGIN_CB_NO_REGS, NULL);
		qemu_plugin_register_vcpu_mem_cb(insn, on_access, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, NULL);
	}
}

__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id,
	const qemu_info_t *info, int argc, char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++) {
		if (strncmp(argv[i], "begin=", 6) == 0)
			begin_pc = strtoull(argv[i] + 6, NULL, 0);
		else if (strncmp(argv[i], "end=", 4) == 0)
			end_pc = strtoull(argv[i] + 4, NULL, 0);
		else {
			fprintf(stderr, "memplugin: unknown argument %s\n", argv[i]);
			return 1;
		}
	}
	if (begin_pc == 0 || end_pc == 0) {
		fprintf(stderr, "memplugin: begin= and end= are needed\n");
		return 1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translated);
	return 0;
}
