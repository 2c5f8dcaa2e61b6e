package declared

type state struct {
	h   [4]uint64 // the accumulator: secret
	len uint64    // how much was absorbed: public
}
