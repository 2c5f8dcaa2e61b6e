// Package kernels holds the comparison kernels of package ctequal (AVX-512,
// AVX2 and SSE2 assembly on amd64, NEON on arm64, and the portable Go
// kernel), the table that describes them, and the choice among them.
// Package ctequal calls Equal; the ctequal command and the tests list and
// call every kernel through All.
//
// Every kernel returns 1 if x and y[:len(x)] are equal and 0 if not, in
// time that depends on len(x) only; it reads len(x) bytes of each input and
// needs len(y) >= len(x).
package kernels

// A Kernel is one implementation of the comparison.
type Kernel struct {
	// Name is what ctequal.Kernel reports when this kernel is selected:
	// "avx512", "avx2", "sse2", "neon" or "generic".
	Name string
	// Equal returns 1 if x and y[:len(x)] are equal and 0 if not. Call it
	// only where Supported is true.
	Equal func(x, y []byte) int
	// Needs is the set of CPU features the kernel cannot run without.
	Needs Features
	// Supported reports whether this CPU and operating system have every
	// feature in Needs, as golang.org/x/sys/cpu sees them after GODEBUG.
	Supported bool
}

// All returns every kernel built into this binary, widest first; the
// portable one comes last and is supported everywhere. The slice is the
// caller's.
func All() []Kernel {
	ks := make([]Kernel, len(table))
	have := CPU()
	for i, k := range table {
		k.Supported = have.HasAll(k.Needs)
		ks[i] = k
	}
	return ks
}

// Selected returns the kernel that Equal uses for inputs of at least
// ShortMax bytes.
func Selected() Kernel {
	k := table[selected]
	k.Supported = true
	return k
}

// choose returns the index of the first kernel in ks whose needs are all in
// have. The last kernel needs nothing.
func choose(have Features, ks []Kernel) int {
	for i, k := range ks {
		if have.HasAll(k.Needs) {
			return i
		}
	}
	return len(ks) - 1
}

// selected indexes table: the kernel Equal uses. Package initialisation
// runs after golang.org/x/sys/cpu's, so it sees the features after GODEBUG
// is applied.
var selected = choose(CPU(), table)

// ShortMax is the longest input Equal compares in Go, in the portable
// kernel's straight-line path, whatever kernel is selected: up to there a
// Go function, called with the register ABI, beats any assembly kernel,
// since a call into assembly passes its arguments through the stack.
const ShortMax = 64

// ChunkSize is the most that Equal hands to a kernel in one call.
// Assembly is never preempted asynchronously, and a goroutine that loops
// over Equal must still stop for the garbage collector within microseconds:
// between chunks Equal calls through a function whose prologue checks for a
// preemption request, as every call of Equal itself does. 64 KiB takes
// about a microsecond from L2.
const ChunkSize = 64 << 10

// Equal returns 1 if x and y[:len(x)] are equal and 0 if not, in time that
// depends on len(x) only: with straight-line Go up to ShortMax bytes,
// which is equalGeneric's short path, and with the selected kernel above.
//
// Every branch is on the length.
func Equal(x, y []byte) int {
	n := len(x)
	if n <= ShortMax {
		// The first and the last s bytes, for the largest s in 32, 16, 8, 4,
		// 2, 1 that fits the length: together they cover all n.
		y = y[:n]
		var v uint64
		switch {
		case n >= 32:
			e := n - 32
			v = (word(x, 0) ^ word(y, 0)) | (word(x, 8) ^ word(y, 8)) |
				(word(x, 16) ^ word(y, 16)) | (word(x, 24) ^ word(y, 24)) |
				(word(x, e) ^ word(y, e)) | (word(x, e+8) ^ word(y, e+8)) |
				(word(x, e+16) ^ word(y, e+16)) | (word(x, e+24) ^ word(y, e+24))
		case n >= 16:
			e := n - 16
			v = (word(x, 0) ^ word(y, 0)) | (word(x, 8) ^ word(y, 8)) |
				(word(x, e) ^ word(y, e)) | (word(x, e+8) ^ word(y, e+8))
		case n >= 8:
			v = (word(x, 0) ^ word(y, 0)) | (word(x, n-8) ^ word(y, n-8))
		case n >= 4:
			v = (half(x, 0) ^ half(y, 0)) | (half(x, n-4) ^ half(y, n-4))
		case n >= 2:
			v = (quarter(x, 0) ^ quarter(y, 0)) | (quarter(x, n-2) ^ quarter(y, n-2))
		case n == 1:
			v = uint64(x[0] ^ y[0])
		}
		return isZero(v)
	}
	if n <= ChunkSize {
		return equalVector(x, y)
	}
	return equalChunked(x, y)
}

// equalChunked compares inputs longer than ChunkSize chunk by chunk, and
// combines the chunks' results with AND, never a test.
func equalChunked(x, y []byte) int {
	y = y[:len(x)]
	eq := 1
	for len(x) > ChunkSize {
		eq &= equalChunk(x[:ChunkSize], y[:ChunkSize])
		x, y = x[ChunkSize:], y[ChunkSize:]
	}
	return eq & equalChunk(x, y)
}

// equalChunk is the selected kernel behind a call that checks the stack
// bound, which is where the runtime asks a goroutine to stop.
//
//go:noinline
func equalChunk(x, y []byte) int { return equalVector(x, y) }

// SetForTesting makes Equal use the kernel named name until restore is
// called, so that tests can run Compare through each supported kernel. It
// reports false if there is no such kernel or this CPU cannot run it. Not
// safe for concurrent use with anything.
func SetForTesting(name string) (restore func(), ok bool) {
	saved := selected
	for i, k := range All() {
		if k.Name == name && k.Supported {
			setSelected(i)
			return func() { setSelected(saved) }, true
		}
	}
	return func() {}, false
}
