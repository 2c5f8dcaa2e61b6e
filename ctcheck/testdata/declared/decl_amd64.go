package declared

//ctcheck:secret cond -- the choice is the secret bit
func branchOnCond(out *uint64, cond uint64)

//ctcheck:public s.len -- the count of absorbed bytes
//ctcheck:writes s.h
func update(s *state, n uint64)

//ctcheck:public msg[:] -- a public message, read at any offset
func sum(msg []byte) uint64

func frame(n uint64) uint64

func realign(n uint64) uint64

type table struct {
	pub [4]uint64 // public constants
	key uint64    // secret
}

//ctcheck:public *t -- a table of constants
//ctcheck:secret t.key -- but for the key
func mixed(t *table, i uint64) uint64

//ctcheck:public msg[:] -- a public message
func at(msg []byte, i uint64) uint64

//ctcheck:writes *t
func clear1(t *table, i uint64)

func alias(k *uint64)

func alias2(k *uint64)

//ctcheck:public s.len -- the count of absorbed bytes
//ctcheck:writes *s
func pubStore(s *state, n, i uint64)

// counter is a package variable that a caller may pass as a region.
var counter state

//ctcheck:writes *s
func viaGlobal(s *state)

//ctcheck:writes *s
func viaGlobalPublic(s *state, n uint64)

func realignCall(n uint64) uint64

func realignMask(n uint64) uint64

type pair struct{ a, b uint64 }

//ctcheck:secret s.a -- a key
//ctcheck:public s.b -- a counter
func spillOver(s *pair) uint64

func hugeAlign() uint64

//ctcheck:secret *k -- a key
//ctcheck:public n -- a count
func argAddr(k *[32]byte, n int) int

//ctcheck:secret *k -- a key
func passKey(k *[32]byte)
