# A loop tried for docs/kernels.md (not shipped), 256 bytes compared an
# iteration; llvm-mca-19 -mtriple=powerpc64le -mcpu=pwr9 -iterations=200.
# pwr9: 12.5 bytes per cycle, POWER9's LXV (a GOPPC64=power9 build). 16 vectors an
# iteration over VS0-VS31, 8 accumulators: loads, XORs, ORs.
lxv 0, 0(3)
lxv 16, 0(4)
lxv 1, 16(3)
lxv 17, 16(4)
lxv 2, 32(3)
lxv 18, 32(4)
lxv 3, 48(3)
lxv 19, 48(4)
lxv 4, 64(3)
lxv 20, 64(4)
lxv 5, 80(3)
lxv 21, 80(4)
lxv 6, 96(3)
lxv 22, 96(4)
lxv 7, 112(3)
lxv 23, 112(4)
lxv 8, 128(3)
lxv 24, 128(4)
lxv 9, 144(3)
lxv 25, 144(4)
lxv 10, 160(3)
lxv 26, 160(4)
lxv 11, 176(3)
lxv 27, 176(4)
lxv 12, 192(3)
lxv 28, 192(4)
lxv 13, 208(3)
lxv 29, 208(4)
lxv 14, 224(3)
lxv 30, 224(4)
lxv 15, 240(3)
lxv 31, 240(4)
xxlxor 0, 0, 16
xxlxor 1, 1, 17
xxlxor 2, 2, 18
xxlxor 3, 3, 19
xxlxor 4, 4, 20
xxlxor 5, 5, 21
xxlxor 6, 6, 22
xxlxor 7, 7, 23
xxlxor 8, 8, 24
xxlxor 9, 9, 25
xxlxor 10, 10, 26
xxlxor 11, 11, 27
xxlxor 12, 12, 28
xxlxor 13, 13, 29
xxlxor 14, 14, 30
xxlxor 15, 15, 31
xxlor 32, 32, 0
xxlor 33, 33, 1
xxlor 34, 34, 2
xxlor 35, 35, 3
xxlor 36, 36, 4
xxlor 37, 37, 5
xxlor 38, 38, 6
xxlor 39, 39, 7
xxlor 32, 32, 8
xxlor 33, 33, 9
xxlor 34, 34, 10
xxlor 35, 35, 11
xxlor 36, 36, 12
xxlor 37, 37, 13
xxlor 38, 38, 14
xxlor 39, 39, 15
addi 3, 3, 256
addi 4, 4, 256
bdnz .-4
