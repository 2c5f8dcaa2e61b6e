# A loop tried for docs/kernels.md (not shipped), 160 bytes compared an
# iteration; llvm-mca-19 -mtriple=powerpc64le -mcpu=pwr8 -iterations=200.
# pwr8: 12.3 bytes per cycle. 10 vectors an iteration (r5/r6 point 128 bytes past r3/r4),
# each loaded from both inputs and XORed, then ORed into 4 accumulators.
lxvd2x 0, 0, 3
lxvd2x 16, 0, 4
xxlxor 0, 0, 16
lxvd2x 1, 14, 3
lxvd2x 17, 14, 4
xxlxor 1, 1, 17
lxvd2x 2, 15, 3
lxvd2x 18, 15, 4
xxlxor 2, 2, 18
lxvd2x 3, 16, 3
lxvd2x 19, 16, 4
xxlxor 3, 3, 19
lxvd2x 4, 17, 3
lxvd2x 20, 17, 4
xxlxor 4, 4, 20
lxvd2x 5, 18, 3
lxvd2x 21, 18, 4
xxlxor 5, 5, 21
lxvd2x 6, 19, 3
lxvd2x 22, 19, 4
xxlxor 6, 6, 22
lxvd2x 7, 20, 3
lxvd2x 23, 20, 4
xxlxor 7, 7, 23
lxvd2x 8, 0, 5
lxvd2x 24, 0, 6
xxlxor 8, 8, 24
lxvd2x 9, 14, 5
lxvd2x 25, 14, 6
xxlxor 9, 9, 25
xxlor 32, 32, 0
xxlor 33, 33, 1
xxlor 34, 34, 2
xxlor 35, 35, 3
xxlor 32, 32, 4
xxlor 33, 33, 5
xxlor 34, 34, 6
xxlor 35, 35, 7
xxlor 32, 32, 8
xxlor 33, 33, 9
addi 3, 3, 160
addi 4, 4, 160
addi 5, 5, 160
addi 6, 6, 160
bdnz .-4
