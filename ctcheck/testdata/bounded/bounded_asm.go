//go:build amd64 || arm64

package bounded

// The roots whose code is assembly: amd64's and arm64's.

// Stale compares one register and then indexes with another it moved
// there before the branch (assembly).
func (a *Acc) Stale(b byte, m int) { stale(a, b, a.n, m) }

// Checked is Stale without the move.
func (a *Acc) Checked(b byte, m int) { checked(a, b, a.n, m) }

//go:noescape
func stale(a *Acc, b byte, n, m int)

//go:noescape
func checked(a *Acc, b byte, n, m int)

// Fill stores a secret word at each multiple of 8 below 64, in
// assembly: the last at 56, the words fill buf and stop short of n.
func (a *Acc) Fill(x uint64) { fill(a, x) }

// FillOver steps by 4: the last word, at 60, reaches the cursor.
func (a *Acc) FillOver(x uint64) { fillOver(a, x) }

//go:noescape
func fill(a *Acc, x uint64)

//go:noescape
func fillOver(a *Acc, x uint64)

// LoopBack stores at buf[-1] (assembly): on amd64 its index is what LOOP
// left of a zero, on arm64 a zero less one.
func (c *Cursor) LoopBack(b byte) { loopBack(c, b) }

// Widen sign-extends a word of the cursor (assembly) and compares it,
// signed, with the buffer's length: 0xffff is -1, and the store at
// buf[-1] reaches the cursor.
func (c *Cursor) Widen(b byte) { widen(c, b) }

//go:noescape
func loopBack(c *Cursor, b byte)

//go:noescape
func widen(c *Cursor, b byte)

// CallerBP calls, in assembly, a function that stores a secret byte at
// a masked index above a pointer to its caller's frame: over the
// caller's saved frame pointer (amd64's BP, arm64's R29), which the
// caller's epilogue reloads.
func CallerBP(x byte, m uint64) { callerBP(x, m) }

func callerBP(x byte, m uint64)

func smashAbove()

// Capped stores at min(m, 63), a conditional move (select) of the index
// where an unsigned compare says it is below 64, else of the constant 63
// (assembly). CappedAbove takes the constant where the compare says the
// index is not below (the other operand order); CappedOver caps at 64,
// which reaches the cursor; CappedSigned compares signed, and a negative
// index reaches below the buffer.
func (a *Acc) Capped(b byte, m int) { capped(a, b, m) }

func (a *Acc) CappedAbove(b byte, m int) { cappedAbove(a, b, m) }

func (a *Acc) CappedOver(b byte, m int) { cappedOver(a, b, m) }

func (a *Acc) CappedSigned(b byte, m int) { cappedSigned(a, b, m) }

//go:noescape
func capped(a *Acc, b byte, m int)

//go:noescape
func cappedAbove(a *Acc, b byte, m int)

//go:noescape
func cappedOver(a *Acc, b byte, m int)

//go:noescape
func cappedSigned(a *Acc, b byte, m int)

// Below stores at a.n where it is at most m masked below 64: a compare
// of two registers, the second bounded (assembly). BelowSwapped compares
// them the other way round, which bounds only the second.
func (a *Acc) Below(b byte, m int) { below(a, b, a.n, m) }

func (a *Acc) BelowSwapped(b byte, m int) { belowSwapped(a, b, a.n, m) }

//go:noescape
func below(a *Acc, b byte, n, m int)

//go:noescape
func belowSwapped(a *Acc, b byte, n, m int)
