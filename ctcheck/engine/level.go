package engine

// A Level is what a value may depend on. Levels only rise.
type Level uint8

const (
	// Static: fixed by the program and the runtime, not by the inputs:
	// constants, the addresses of globals and of the goroutine, and what
	// is loaded through them.
	Static Level = iota
	// Public: derived from the inputs' headers only: their lengths,
	// capacities and pointers. The default of every register and stack
	// slot at a root's entry, where the arguments are headers.
	Public
	// Secret: derived from the bytes of x and y, which are all that these
	// functions read through a pointer that is not static.
	Secret
)

func (l Level) String() string { return [...]string{"static", "public", "secret"}[l] }
