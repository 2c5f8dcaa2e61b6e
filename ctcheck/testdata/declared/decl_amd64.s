#include "textflag.h"

// A scalar declared secret: a branch on it is a finding.
TEXT ·branchOnCond(SB), NOSPLIT, $0-16
	MOVQ cond+8(FP), AX
	TESTQ AX, AX
	JEQ done // want "conditional branch on secret flags"
	MOVQ out+0(FP), DI
	MOVQ $1, (DI) // want "store outside the stack frame"
done:
	RET

// A public field read at its offset, a write to the declared-writable
// field, and a write to one that is not.
TEXT ·update(SB), NOSPLIT, $0-16
	MOVQ s+0(FP), DI
	MOVQ 32(DI), CX
	CMPQ CX, $8
	JLT small
	MOVQ 0(DI), AX
	ADDQ $1, AX
	MOVQ AX, 8(DI)
	CMPQ AX, $0
	JEQ small // want "conditional branch on secret flags"
	MOVQ CX, 32(DI) // want "store outside the stack frame"
	MOVQ n+8(FP), BX
	MOVQ (DI)(BX*8), DX
	CMPQ DX, $0
	JEQ small // want "conditional branch on secret flags"
small:
	RET

// The elements of a slice declared public: a branch on them is clean.
TEXT ·sum(SB), NOSPLIT, $0-24
	MOVQ msg_base+0(FP), SI
	MOVQ msg_len+8(FP), CX
	XORQ AX, AX
loop:
	CMPQ CX, $0
	JEQ done
	MOVBQZX (SI), BX
	CMPQ BX, $0
	JEQ skip
	ADDQ BX, AX
skip:
	ADDQ $1, SI
	SUBQ $1, CX
	JMP loop
done:
	MOVQ AX, ret+24(FP)
	RET

// A stack local through a copy of SP (LEAQ): the public length stored
// there and loaded back is public.
TEXT ·frame(SB), NOSPLIT, $16-16
	MOVQ n+0(FP), CX
	LEAQ buf-16(SP), BX
	MOVQ CX, 8(BX)
	MOVQ 8(BX), DX
	CMPQ DX, $0
	JEQ zero
	MOVQ DX, ret+8(FP)
zero:
	RET

// A realigned stack pointer, and back: the public length stored in the
// aligned frame and loaded back is public; a byte not written is not.
TEXT ·realign(SB), NOSPLIT, $72-16
	MOVQ n+0(FP), CX
	MOVQ SP, R8
	ANDQ $~31, SP
	MOVQ CX, 0(SP)
	MOVQ 0(SP), DX
	CMPQ DX, $0
	JEQ out
	MOVQ 32(SP), DX
	CMPQ DX, $0
	JEQ out // want "conditional branch on secret flags"
out:
	MOVQ R8, SP
	MOVQ DX, ret+8(FP)
	RET

// A public region with a secret field: at a constant offset each byte's
// level, at an unknown one the highest.
TEXT ·mixed(SB), NOSPLIT, $0-24
	MOVQ t+0(FP), DI
	MOVQ i+8(FP), BX
	MOVQ 8(DI), AX
	CMPQ AX, $0
	JEQ done
	MOVQ 32(DI), AX
	CMPQ AX, $0
	JEQ done // want "conditional branch on secret flags"
	MOVQ (DI)(BX*8), AX
	CMPQ AX, $0
	JEQ done // want "conditional branch on secret flags"
	MOVQ -8(DI), AX
	CMPQ AX, $0
	JEQ done // want "conditional branch on secret flags"
done:
	MOVQ AX, ret+16(FP)
	RET

// The pointer as a LEAQ's index: still into its region.
TEXT ·at(SB), NOSPLIT, $0-40
	MOVQ msg_base+0(FP), SI
	MOVQ i+24(FP), BX
	LEAQ (BX)(SI*1), DX
	MOVBQZX (DX), AX
	CMPQ AX, $0
	JEQ zero
	MOVQ $1, AX
zero:
	MOVQ AX, ret+32(FP)
	RET

// What a pointer points to, declared writable whole: a store at an
// index is allowed.
TEXT ·clear1(SB), NOSPLIT, $0-16
	MOVQ t+0(FP), DI
	MOVQ i+8(FP), BX
	MOVQ $0, (DI)(BX*8)
	RET

// A secret stored through the realigned SP may be what a copy of the old
// SP reads there, and the other way round.
TEXT ·alias(SB), NOSPLIT, $72-8
	MOVQ k+0(FP), DI
	MOVQ (DI), AX
	MOVQ SP, R8
	MOVQ $0, 0(R8)
	ANDQ $~31, SP
	MOVQ AX, 0(SP)
	MOVQ 0(R8), DX
	MOVQ R8, SP
	CMPQ DX, $0
	JEQ out // want "conditional branch on secret flags"
out:
	RET

TEXT ·alias2(SB), NOSPLIT, $72-8
	MOVQ k+0(FP), DI
	MOVQ (DI), AX
	MOVQ SP, R8
	ANDQ $~31, SP
	MOVQ $0, 0(SP)
	MOVQ AX, 0(R8)
	MOVQ 0(SP), DX
	MOVQ R8, SP
	CMPQ DX, $0
	JEQ out // want "conditional branch on secret flags"
out:
	RET

// A field declared public holds a public value at return: a public
// value stored there, at its offset or at an index, is clean; a secret
// is a finding at the store, and so is one at an index, which may land
// there.
TEXT ·pubStore(SB), NOSPLIT, $0-24
	MOVQ s+0(FP), DI
	MOVQ n+8(FP), CX
	MOVQ i+16(FP), BX
	MOVQ CX, 32(DI)
	MOVQ CX, (DI)(BX*8)
	MOVQ 0(DI), AX
	MOVQ AX, 8(DI)
	MOVQ AX, 32(DI) // want "secret stored into s.len, declared public"
	MOVQ AX, (DI)(BX*8) // want "secret stored at an unknown offset into a region with bytes declared public (s.len)"
	RET

// The region may be the package variable (viaGlobal(&counter)): a
// secret stored through it is what a load of the variable reads.
TEXT ·viaGlobal(SB), NOSPLIT, $0-8
	MOVQ s+0(FP), DI
	MOVQ 0(DI), AX
	MOVQ AX, 32(DI)
	MOVQ ·counter+32(SB), DX
	CMPQ DX, $0
	JEQ out // want "conditional branch on secret flags"
out:
	RET

// The control: a public value stored through the region, and the
// variable's load is public.
TEXT ·viaGlobalPublic(SB), NOSPLIT, $0-16
	MOVQ s+0(FP), DI
	MOVQ n+8(FP), AX
	MOVQ AX, 32(DI)
	MOVQ ·counter+32(SB), DX
	CMPQ DX, $0
	JEQ out
out:
	RET

// A realigned copy of SP in BP, across a call of a helper that reads
// through it (chacha20poly1305's polyHashADInternal): the copy is not kept
// across the call (a callee may write the caller's frame through it, or
// above its own, which the realigned region would not see), so what the
// caller loads through it after reads as secret (fail closed); the
// helper's store through it is one outside its frame.
TEXT ·realignCall(SB), NOSPLIT, $96-16
	MOVQ n+0(FP), CX
	MOVQ SP, BP
	ADDQ $32, BP
	ANDQ $-32, BP
	MOVQ CX, 0(BP)
	CALL readBP<>(SB)
	MOVQ 0(BP), DX
	CMPQ DX, $0
	JEQ out // want "conditional branch on secret flags"
	MOVQ 8(BP), DX
	CMPQ DX, $0
	JEQ out // want "conditional branch on secret flags"
out:
	MOVQ DX, ret+8(FP)
	RET

TEXT readBP<>(SB), NOSPLIT, $0
	MOVQ 0(BP), AX
	MOVQ AX, 16(BP) // want "store outside the stack frame"
	RET

// A stack pointer realigned by a mask in a register (sha1's SHA-NI
// block): the mask is the constant -16, so the copy is in the frame.
TEXT ·realignMask(SB), NOSPLIT, $72-16
	MOVQ n+0(FP), CX
	LEAQ 15(SP), AX
	MOVQ $15, DX
	NOTQ DX
	ANDQ DX, AX
	MOVQ CX, 0(AX)
	MOVQ 0(AX), DX
	CMPQ DX, $0
	JEQ out
	MOVQ 8(AX), DX
	CMPQ DX, $0
	JEQ out // want "conditional branch on secret flags"
out:
	MOVQ DX, ret+8(FP)
	RET

// A constant spilled, then overwritten through a realigned copy of SP
// that may reach its slot: the slot no longer holds the constant, so the
// index it gives is not known, and the byte it reads is secret.
TEXT ·spillOver(SB), NOSPLIT, $64-16
	MOVQ s+0(FP), AX
	MOVQ $8, 32(SP)
	MOVQ SP, BX
	ANDQ $-32, BX
	MOVQ $0, 32(BX)
	MOVQ $0, 40(BX)
	MOVQ $0, 48(BX)
	MOVQ $0, 56(BX)
	MOVQ 32(SP), CX
	MOVBQZX (AX)(CX*1), DX
	TESTQ DX, DX
	JZ z // want "conditional branch on secret flags"
z:
	MOVQ DX, ret+8(FP)
	RET

// A mask of -2^62 in a register: no alignment the checker follows (it
// would walk that many bytes), so the copy is of no known provenance.
TEXT ·hugeAlign(SB), NOSPLIT, $16-8
	MOVQ $0x3fffffffffffffff, CX
	NOTQ CX
	MOVQ SP, BX
	ANDQ CX, BX
	MOVQ $0, 8(BX) // want "store outside the stack frame"
	MOVQ $0, 8(SP)
	RET

// The address of the argument n, passed to a function this file does
// not hold, which may write it: n is then secret.
TEXT ·argAddr(SB), $24-24
	MOVQ k+0(FP), AX
	LEAQ n+8(FP), BX
	MOVQ BX, 0(SP)
	MOVQ AX, 8(SP)
	CALL ·elsewhere(SB) // want "pointer to secret memory passed to ctcheckasm.elsewhere.abi0, which this check does not see (fail closed)"
	MOVQ n+8(FP), CX
	CMPQ CX, $0
	JEQ zero // want "conditional branch on secret flags"
	MOVQ $0, ret+16(FP)
	RET
zero:
	MOVQ $1, ret+16(FP)
	RET

// The pointer to the key, passed to a function this file does not hold,
// which may read it.
TEXT ·passKey(SB), $8-8
	MOVQ k+0(FP), AX
	MOVQ AX, 0(SP)
	CALL ·elsewhere(SB) // want "pointer to secret memory passed to ctcheckasm.elsewhere.abi0, which this check does not see (fail closed)"
	RET
