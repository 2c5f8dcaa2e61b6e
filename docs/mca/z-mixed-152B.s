# A loop tried for docs/kernels.md (not shipped), 152 bytes compared an
# iteration; llvm-mca-19 -mtriple=s390x -mcpu=z15 -iterations=200.
# z13-z16: 18.9 bytes per cycle. 128 bytes through VLM, VX and VO into 8 accumulators,
# and 24 more (r4/r5) through LG, XG and OGR on general registers.
vlm %v8,%v15,0(%r2)
vlm %v16,%v23,0(%r3)
vx %v8,%v8,%v16
vx %v9,%v9,%v17
vx %v10,%v10,%v18
vx %v11,%v11,%v19
vx %v12,%v12,%v20
vx %v13,%v13,%v21
vx %v14,%v14,%v22
vx %v15,%v15,%v23
vo %v0,%v0,%v8
vo %v1,%v1,%v9
vo %v2,%v2,%v10
vo %v3,%v3,%v11
vo %v4,%v4,%v12
vo %v5,%v5,%v13
vo %v6,%v6,%v14
vo %v7,%v7,%v15
lg %r7,0(%r4)
xg %r7,0(%r5)
ogr %r9,%r7
lg %r8,8(%r4)
xg %r8,8(%r5)
ogr %r9,%r8
lg %r7,16(%r4)
xg %r7,16(%r5)
ogr %r9,%r7
aghi %r2,128
aghi %r3,128
aghi %r4,24
aghi %r5,24
brctg %r6,.
