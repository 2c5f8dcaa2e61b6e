package declared

//ctcheck:public s.len -- the count of absorbed bytes
//ctcheck:writes s.h
func update(s *state, n uint64)
