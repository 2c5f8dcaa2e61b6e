package engine

// The words of regions that hold an address the code fixed (a func
// value's, an itab's: static.go), which a call through a word loaded
// from them follows.
//
// A declared region is one object, the caller's: a word not recorded
// holds what the caller left there (unknown), and a store replaces what
// a word holds. New memory (Region.fresh) is every object that the
// function's allocations returned, in this call and in earlier ones, so a
// store into one object's word does not replace what the others hold:
// the word holds the join of what was stored there, nil where nothing
// was (the allocation cleared it), lostWord where the objects may
// differ. Its floor entry (rkey off floorOff) says what the words not
// recorded hold: nilWord since the allocation, lostWord once a store at
// an unknown offset or of a value not followed may have reached them. A
// region of new memory with no floor entry is lost as a whole (a state
// that forgot it: an external call's, a store through a pointer of no
// provenance).

// lostRegion marks a word of new memory whose objects may hold different
// addresses, or one the analysis does not know.
const lostRegion = -7

var (
	lostWord = ptr{region: lostRegion}
	nilWord  = ptr{region: nilRegion}
)

// wordAt is the address word k holds, where the analysis knows one.
func (s *State) wordAt(k rkey) (ptr, bool) {
	p, ok := s.rptrs[k]
	if !ok || p.region == lostRegion || p.region == nilRegion {
		return ptr{}, false
	}
	return p, true
}

// wordBefore is what word k holds, for a store into it: recorded, or
// what its region's floor says of the words not recorded (ok false: a
// declared region's, unknown).
func (s *State) wordBefore(k rkey, fresh bool) (ptr, bool) {
	if p, ok := s.rptrs[k]; ok {
		return p, true
	}
	if !fresh {
		return ptr{}, false
	}
	if f, ok := s.rptrs[rkey{k.region, floorOff}]; ok {
		return f, true
	}
	return lostWord, true
}

// storeWord records that a store put address p in word k; prev and
// known are what wordBefore said of it before the store.
func (s *State) storeWord(k rkey, p, prev ptr, known, fresh bool) {
	if s.rptrs == nil {
		s.rptrs = map[rkey]ptr{}
	}
	if !fresh {
		s.rptrs[k] = p
		return
	}
	if !known {
		prev = lostWord
	}
	switch {
	case prev.region == nilRegion, prev == p:
		s.rptrs[k] = p
	default:
		s.rptrs[k] = lostWord
	}
}

// overwriteWords forgets what a store of width bytes at p, of anything,
// leaves in the words it overlaps (at an offset not known, in every word
// of its region): in new memory they are lost, in a declared region
// unknown. A store of an address then records it (storeWord).
func (s *State) overwriteWords(p ptr, width int, fresh bool, ptrSize int) {
	lo, end, bounded := p.reach(width)
	overlaps := func(k rkey) bool {
		return k.region == p.region && k.off != floorOff && (!bounded || k.off < end && lo < k.off+int64(ptrSize))
	}
	for k := range s.rptrs {
		if overlaps(k) {
			delete(s.rptrs, k)
		}
	}
	if !fresh {
		return
	}
	if s.rptrs == nil {
		s.rptrs = map[rkey]ptr{}
	}
	if !bounded {
		s.rptrs[rkey{p.region, floorOff}] = lostWord
		return
	}
	if _, ok := s.rptrs[rkey{p.region, floorOff}]; !ok {
		return // lost as a whole already
	}
	for o := lo - lo%int64(ptrSize); o < end; o += int64(ptrSize) {
		s.rptrs[rkey{p.region, o}] = lostWord
	}
}

// newObject records an allocation into region id (first: no object of it
// made before on this path from its root's entry): its words are nil,
// which leaves what the region's other objects hold as it is, where the
// state knows what they hold; else (a state that lost the region, or
// memory not cleared, or a copy of other memory) the region's words are
// lost.
func (s *State) newObject(id int, zeroed bool) {
	if s.rptrs == nil {
		s.rptrs = map[rkey]ptr{}
	}
	first := !s.allocs[id]
	if s.allocs == nil {
		s.allocs = map[int]bool{}
	}
	s.allocs[id] = true
	floor := rkey{id, floorOff}
	_, known := s.rptrs[floor]
	switch {
	case zeroed && first:
		s.rptrs[floor] = nilWord
	case zeroed && known:
	default:
		for k := range s.rptrs {
			if k.region == id {
				delete(s.rptrs, k)
			}
		}
		s.rptrs[floor] = lostWord
	}
}

// joinWords is what the words hold where two paths meet: what both say
// of a declared region's word, else unknown; the join of what each says
// of new memory's (nil with an address is the address; two others,
// lost), the words one does not record being its region's floor, and a
// region one has no floor of lost.
func joinWords(s, o map[rkey]ptr) (map[rkey]ptr, bool) {
	floors := func(m map[rkey]ptr) map[int]ptr {
		f := map[int]ptr{}
		for k, p := range m {
			if k.off == floorOff {
				f[k.region] = p
			}
		}
		return f
	}
	sf, of := floors(s), floors(o)
	fresh := func(region int) bool {
		_, a := sf[region]
		_, b := of[region]
		return a || b
	}
	side := func(m map[rkey]ptr, f map[int]ptr, k rkey) (ptr, bool) {
		if p, ok := m[k]; ok {
			return p, true
		}
		if !fresh(k.region) {
			return ptr{}, false
		}
		if p, ok := f[k.region]; ok && k.off != floorOff {
			return p, true
		}
		return lostWord, true
	}
	out := map[rkey]ptr{}
	keys := map[rkey]bool{}
	for k := range s {
		keys[k] = true
	}
	for k := range o {
		keys[k] = true
	}
	for k := range keys {
		a, aok := side(s, sf, k)
		b, bok := side(o, of, k)
		switch {
		case !aok || !bok:
			// a declared region's word one path does not know
		case !fresh(k.region):
			if a == b {
				out[k] = a
			}
		case a == b, b.region == nilRegion:
			out[k] = a
		case a.region == nilRegion:
			out[k] = b
		default:
			out[k] = lostWord
		}
	}
	changed := len(out) != len(s)
	for k, p := range out {
		if q, ok := s[k]; !ok || q != p {
			changed = true
		}
	}
	if len(out) == 0 {
		out = nil
	}
	return out, changed
}
