# A loop tried for docs/kernels.md (not shipped), 64 bytes compared an
# iteration; llvm-mca-19 -mtriple=powerpc64le -mcpu=pwr9 -iterations=200.
# pwr9: 11.6 bytes per cycle. 4 vectors an iteration, 4 accumulators: loads, XORs, ORs.
lxvd2x 40, 0, 3
lxvd2x 56, 0, 4
lxvd2x 41, 14, 3
lxvd2x 57, 14, 4
lxvd2x 42, 15, 3
lxvd2x 58, 15, 4
lxvd2x 43, 16, 3
lxvd2x 59, 16, 4
vxor 8, 8, 24
vxor 9, 9, 25
vxor 10, 10, 26
vxor 11, 11, 27
vor 0, 0, 8
vor 1, 1, 9
vor 2, 2, 10
vor 3, 3, 11
addi 3, 3, 64
addi 4, 4, 64
bdnz .-4
