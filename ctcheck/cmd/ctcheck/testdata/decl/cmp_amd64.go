package decl

func cmp(x uint64) uint64
