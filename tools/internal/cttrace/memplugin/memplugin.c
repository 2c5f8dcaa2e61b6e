/*
 * memplugin: a TCG plugin for qemu-user (written for the plugin API of
 * qemu 7.2, version 1) that logs, for package cttrace, every instruction
 * the guest executes between two instructions, and the guest virtual
 * address of every load and store those instructions make.
 *
 *   qemu-ARCH -plugin ./memplugin.so,begin=0x4a1b20,end=0x4a1b40,fd=3 ...
 *
 * (the dynamically linked qemu-user of the guest's architecture:
 * internal/archfacts's QEMUPlugins).
 *
 * A vCPU is traced from the instruction at begin (the driver's
 * traceBegin) to the one at end (traceEnd), one vCPU at a time: a second
 * that reaches begin meanwhile is an error. The plugin writes to the file
 * descriptor fd, through a buffer of its own, one line per event:
 *
 *   B 0               vCPU 0 executed begin: a trace starts
 *   I 4a1b24          an instruction at this guest address executed
 *   R c000012340 3 4  it loaded 4 consecutive elements of 2^3 bytes from here
 *   W c000012340 0 1  it stored 1 element of 1 byte here
 *   E 0               vCPU 0 executed end: the trace ends
 *   X message         the plugin cannot go on: the trace is not to be trusted
 *
 * (addresses in hex, without 0x). The instructions and accesses between a
 * B and its E are vCPU n's; begin's own accesses are in the trace, end's
 * are not, and neither marker's instruction is. Accesses of one execution
 * of an instruction that follow each other in memory, in the same
 * direction and of the same size, go on one line (a vector load of 128
 * bytes element by element is one line, not 128): the lines say exactly
 * which accesses were made, in their order.
 *
 * The callback of an instruction runs when the instruction does, inside
 * its translation block, after the block's check for an exit request: a
 * block that qemu abandons before it runs logs nothing. So the plugin
 * needs neither qemu's exec log nor one instruction per block, and logs
 * nothing outside the markers: the runtime's start, its other threads and
 * the driver's preparation of each call cost no output.
 *
 * The declarations below are the few parts of qemu's plugin API
 * (include/qemu/qemu-plugin.h) that it uses, written out here because
 * Debian ships no header for it.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, void *udata), void *udata);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#define MAX_VCPUS 1024
#define BUF_SIZE (1 << 20)

static uint64_t begin_pc, end_pc;
static int out_fd = -1;

/*
 * One lock for the buffer and the state below: only a traced vCPU writes,
 * and a second vCPU that reaches begin while one is traced is an error.
 */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static char buf[BUF_SIZE];
static size_t buf_len;
static int traced = -1; /* the vCPU between its markers, or -1 */
static bool failed;

/* The pending run of accesses: of the instruction last logged. */
static struct {
	bool open, store;
	unsigned shift;
	uint64_t addr, count;
} run;

static void flush_buf(void)
{
	size_t off = 0;
	while (off < buf_len) {
		ssize_t n = write(out_fd, buf + off, buf_len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			/* The reader is gone: nothing more can be said. */
			failed = true;
			break;
		}
		off += (size_t)n;
	}
	buf_len = 0;
}

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void put(const char *fmt, ...)
{
	if (buf_len + 128 > BUF_SIZE)
		flush_buf();
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf + buf_len, BUF_SIZE - buf_len, fmt, ap);
	va_end(ap);
	if (n > 0)
		buf_len += (size_t)n;
}

static void end_run(void)
{
	if (run.open) {
		put("%c %" PRIx64 " %u %" PRIu64 "\n", run.store ? 'W' : 'R', run.addr, run.shift, run.count);
		run.open = false;
	}
}

static void fail(const char *msg)
{
	if (!failed) {
		end_run();
		put("X %s\n", msg);
		failed = true;
	}
}

static void on_insn(unsigned int vcpu, void *udata)
{
	uint64_t pc = (uint64_t)(uintptr_t)udata;
	if (__atomic_load_n(&traced, __ATOMIC_RELAXED) != (int)vcpu && pc != begin_pc)
		return; /* the common case, outside the markers: no lock */
	pthread_mutex_lock(&mu);
	end_run();
	if (pc == begin_pc) {
		if (traced >= 0)
			fail(traced == (int)vcpu ? "begin again before end" : "begin on a second vCPU while one is traced");
		else if (vcpu >= MAX_VCPUS)
			fail("vCPU number too large");
		else {
			__atomic_store_n(&traced, (int)vcpu, __ATOMIC_RELAXED);
			put("B %u\n", vcpu);
		}
	} else if (pc == end_pc) {
		put("E %u\n", vcpu);
		__atomic_store_n(&traced, -1, __ATOMIC_RELAXED);
	} else {
		put("I %" PRIx64 "\n", pc);
	}
	pthread_mutex_unlock(&mu);
}

static void on_access(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
	(void)udata;
	if (__atomic_load_n(&traced, __ATOMIC_RELAXED) != (int)vcpu)
		return;
	pthread_mutex_lock(&mu);
	if (traced == (int)vcpu) {
		bool store = qemu_plugin_mem_is_store(info);
		unsigned shift = qemu_plugin_mem_size_shift(info);
		if (run.open && run.store == store && run.shift == shift && vaddr == run.addr + (run.count << shift)) {
			run.count++;
		} else {
			end_run();
			run.open = true;
			run.store = store;
			run.shift = shift;
			run.addr = vaddr;
			run.count = 1;
		}
	}
	pthread_mutex_unlock(&mu);
}

static void translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	size_t n = qemu_plugin_tb_n_insns(tb);
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t pc = qemu_plugin_insn_vaddr(insn);
		qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn, QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)pc);
		qemu_plugin_register_vcpu_mem_cb(insn, on_access, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, NULL);
	}
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	(void)id;
	(void)udata;
	pthread_mutex_lock(&mu);
	end_run();
	flush_buf();
	pthread_mutex_unlock(&mu);
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
		else if (strncmp(argv[i], "fd=", 3) == 0)
			out_fd = atoi(argv[i] + 3);
		else {
			fprintf(stderr, "memplugin: unknown argument %s\n", argv[i]);
			return 1;
		}
	}
	if (begin_pc == 0 || end_pc == 0 || begin_pc == end_pc || out_fd < 0) {
		fprintf(stderr, "memplugin: begin=, end= (distinct) and fd= are needed\n");
		return 1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translated);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
