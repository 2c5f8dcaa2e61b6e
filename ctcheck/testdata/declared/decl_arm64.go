package declared

//ctcheck:public s.len -- the count of absorbed bytes
//ctcheck:writes s.h
func update(s *state, n uint64)

//ctcheck:secret cond -- the choice is the secret bit
func frame(cond uint64) uint64

//ctcheck:public s.len -- the count of absorbed bytes
func spill(s *state, n uint64)
