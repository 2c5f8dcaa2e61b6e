package secretcmp

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/objectpath"
	"golang.org/x/tools/go/types/typeutil"
)

func strconvUnquote(s string) (string, error) { return strconv.Unquote(s) }

// funcName returns "pkg/path.Name" or "(pkg/path.Type).Name" for fn.
func funcName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return "(" + fn.Pkg().Path() + "." + n.Obj().Name() + ")." + fn.Name()
	}
	return fn.Name()
}

// sources are the functions whose results are secrets: full name to the
// kind and description of result 0.
var sources = map[string]struct {
	kind kind
	what string
}{
	"crypto/hmac.New":                       {macKind, "hmac.New(...)"},
	"crypto/pbkdf2.Key":                     {secretKind, "key from pbkdf2.Key"},
	"crypto/hkdf.Key":                       {secretKind, "key from hkdf.Key"},
	"crypto/hkdf.Extract":                   {secretKind, "key from hkdf.Extract"},
	"crypto/hkdf.Expand":                    {secretKind, "key from hkdf.Expand"},
	"crypto/rand.Text":                      {secretKind, "token from crypto/rand.Text"},
	"golang.org/x/crypto/pbkdf2.Key":        {secretKind, "key from pbkdf2.Key"},
	"golang.org/x/crypto/argon2.Key":        {secretKind, "key from argon2.Key"},
	"golang.org/x/crypto/argon2.IDKey":      {secretKind, "key from argon2.IDKey"},
	"golang.org/x/crypto/scrypt.Key":        {secretKind, "key from scrypt.Key"},
	"golang.org/x/crypto/hkdf.Extract":      {secretKind, "key from hkdf.Extract"},
	"golang.org/x/crypto/hkdf.New":          {readerKind, "key from hkdf.New"},
	"golang.org/x/crypto/hkdf.Expand":       {readerKind, "key from hkdf.Expand"},
	"golang.org/x/crypto/curve25519.X25519": {secretKind, "shared secret from curve25519.X25519"},
	"(crypto/ecdh.PrivateKey).ECDH":         {secretKind, "shared secret from ecdh.PrivateKey.ECDH"},
	"(crypto/ecdh.PrivateKey).Bytes":        {secretKind, "private key bytes from ecdh.PrivateKey.Bytes"},
	"(crypto/ecdsa.PrivateKey).Bytes":       {secretKind, "private key bytes from ecdsa.PrivateKey.Bytes"},
	"(crypto/ed25519.PrivateKey).Seed":      {secretKind, "private key seed from ed25519.PrivateKey.Seed"},
	"crypto/x509.MarshalPKCS1PrivateKey":    {secretKind, "private key bytes from x509.MarshalPKCS1PrivateKey"},
	"crypto/x509.MarshalPKCS8PrivateKey":    {secretKind, "private key bytes from x509.MarshalPKCS8PrivateKey"},
	"crypto/x509.MarshalECPrivateKey":       {secretKind, "private key bytes from x509.MarshalECPrivateKey"},
}

// encoders are the functions whose result 0 is as secret as one argument,
// and what the encoding is called.
var encoders = map[string]struct {
	arg  int
	name string
}{
	"encoding/hex.EncodeToString":               {0, "hex"},
	"encoding/hex.DecodeString":                 {0, ""},
	"encoding/hex.AppendEncode":                 {1, "hex"},
	"encoding/hex.AppendDecode":                 {1, ""},
	"(encoding/base64.Encoding).EncodeToString": {0, "base64"},
	"(encoding/base64.Encoding).DecodeString":   {0, ""},
	"(encoding/base64.Encoding).AppendEncode":   {1, "base64"},
	"(encoding/base64.Encoding).AppendDecode":   {1, ""},
	"(encoding/base32.Encoding).EncodeToString": {0, "base32"},
	"(encoding/base32.Encoding).DecodeString":   {0, ""},
	"(encoding/base32.Encoding).AppendEncode":   {1, "base32"},
	"(encoding/base32.Encoding).AppendDecode":   {1, ""},
	"strconv.Itoa":                          {0, ""},
	"strconv.FormatInt":                     {0, ""},
	"strconv.FormatUint":                    {0, ""},
	"strconv.AppendInt":                     {1, ""},
	"strconv.AppendUint":                    {1, ""},
	"(encoding/binary.bigEndian).Uint16":    {0, ""},
	"(encoding/binary.bigEndian).Uint32":    {0, ""},
	"(encoding/binary.bigEndian).Uint64":    {0, ""},
	"(encoding/binary.littleEndian).Uint16": {0, ""},
	"(encoding/binary.littleEndian).Uint32": {0, ""},
	"(encoding/binary.littleEndian).Uint64": {0, ""},
}

// encodeInto are the functions that write an encoding of argument 1 into
// argument 0.
var encodeInto = map[string]string{
	"encoding/hex.Encode":               "hex",
	"encoding/hex.Decode":               "",
	"(encoding/base64.Encoding).Encode": "base64",
	"(encoding/base64.Encoding).Decode": "",
	"(encoding/base32.Encoding).Encode": "base32",
	"(encoding/base32.Encoding).Decode": "",
}

func encoded(t *Src, name string) *Src {
	if t == nil || t.Kind != secretKind || name == "" {
		return t
	}
	if t.Name {
		return t
	}
	if strings.HasPrefix(t.What, name+" of ") {
		if !t.Raw {
			return t
		}
		c := *t
		c.Raw = false
		return &c
	}
	// Encoded as text, random bytes are a token.
	c := *t
	c.What, c.Raw = name+" of "+t.What, false
	return &c
}

// callTaints returns the secret of each result of call.
func (s *state) callTaints(call *ast.CallExpr) []*Src {
	info := s.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		// A conversion: string(tag), []byte(tok), [32]byte(key), int(b).
		if len(call.Args) == 1 {
			return []*Src{s.secret(call.Args[0])}
		}
		return nil
	}
	switch callee := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		// append(tag[:0:0], mac...) copies a secret; append(msg, mac...)
		// puts a tag on a message that is going out, and is public.
		if callee.Name() == "append" && len(call.Args) > 0 {
			if t := s.secret(call.Args[0]); t != nil {
				return []*Src{t}
			}
			if !isEmptyBase(s.pass.TypesInfo, call.Args[0]) {
				return nil
			}
			for _, a := range call.Args[1:] {
				if t := s.secret(a); t != nil {
					return []*Src{t}
				}
			}
		}
		return nil
	case *types.Func:
		name := funcName(callee)
		if src, ok := sources[name]; ok && src.what != "" {
			return []*Src{{What: src.what, Where: s.where(call.Pos()), Kind: src.kind, Key: strings.Contains(src.what, "private key")}}
		}
		if enc, ok := encoders[name]; ok {
			if enc.arg >= 0 && enc.arg < len(call.Args) {
				return []*Src{encoded(s.secret(call.Args[enc.arg]), enc.name)}
			}
			return nil
		}
		sig := callee.Signature()
		if sig.Recv() != nil {
			if sel, ok := unparen(call.Fun).(*ast.SelectorExpr); ok {
				// The Sum of a keyed hash is its tag.
				if callee.Name() == "Sum" {
					if t := s.secret(sel.X); t != nil && t.Kind == macKind {
						return []*Src{{What: "tag from " + t.What + ".Sum", Where: s.where(call.Pos()), Kind: secretKind}}
					}
				}
				if t := s.keyBytes(call, callee, sel); t != nil {
					return []*Src{t}
				}
			}
		}
		if callee.Pkg() != nil {
			switch callee.Pkg().Path() {
			case "fmt":
				if strings.HasPrefix(callee.Name(), "Sprint") || strings.HasPrefix(callee.Name(), "Append") {
					for _, a := range call.Args {
						if t := s.secret(a); t != nil && t.Kind == secretKind {
							return []*Src{t}
						}
					}
				}
				return nil
			case "strings", "bytes":
				switch callee.Name() {
				case "NewReader", "NewBuffer", "NewBufferString":
					// A reader over a secret: what is read from it is
					// secret (binary.Read of an HOTP's truncation).
					if t := s.secret(call.Args[0]); t != nil && t.Kind == secretKind {
						c := *t
						c.Kind = readerKind
						return []*Src{&c}
					}
					return nil
				}
				// ToLower, TrimSpace, TrimPrefix, Clone, ...: a
				// function of the package that returns its first
				// argument's type keeps its secret.
				res := sig.Results()
				if sig.Recv() == nil && len(call.Args) > 0 && res.Len() >= 1 &&
					(isString(res.At(0).Type()) || isByteSlice(res.At(0).Type())) {
					return []*Src{s.secret(call.Args[0])}
				}
				return nil
			}
		}
		return s.funcTaints(callee)
	case *types.Var:
		// generate := func(...) (string, error) { ... }; generate(i)
		if lit := s.litVars[callee]; lit != nil {
			return s.litFuncs[lit]
		}
	}
	return nil
}

// keyBytes returns the secret a method call makes of a private key:
// k.D.Bytes() of an RSA or ECDSA key, k.Bytes() or k.Seed() of a type
// named as a private key.
func (s *state) keyBytes(call *ast.CallExpr, callee *types.Func, sel *ast.SelectorExpr) *Src {
	info := s.pass.TypesInfo
	t := info.TypeOf(call)
	if t == nil || !(isByteSlice(t) || isByteArray(t)) {
		return nil
	}
	switch callee.Name() {
	case "Bytes", "FillBytes", "Seed", "Raw", "Marshal", "Serialize":
	default:
		return nil
	}
	recv := unparen(sel.X)
	if d, ok := recv.(*ast.SelectorExpr); ok && (d.Sel.Name == "D" || d.Sel.Name == "Primes") {
		if tn := rootType(info.TypeOf(d.X)); tn != nil && tn.Pkg() != nil && tn.Name() == "PrivateKey" &&
			(tn.Pkg().Path() == "crypto/rsa" || tn.Pkg().Path() == "crypto/ecdsa") {
			return &Src{What: "private key bytes from " + tn.Pkg().Name() + ".PrivateKey." + d.Sel.Name, Where: s.where(call.Pos()), Kind: secretKind, Key: true}
		}
	}
	if ix, ok := recv.(*ast.IndexExpr); ok {
		if d, ok := unparen(ix.X).(*ast.SelectorExpr); ok && d.Sel.Name == "Primes" {
			if tn := rootType(info.TypeOf(d.X)); tn != nil && tn.Pkg() != nil && tn.Pkg().Path() == "crypto/rsa" {
				return &Src{What: "private key bytes from rsa.PrivateKey.Primes", Where: s.where(call.Pos()), Kind: secretKind, Key: true}
			}
		}
	}
	if tn := rootType(info.TypeOf(recv)); tn != nil && privateKeyName(tn.Name()) {
		return &Src{What: "private key bytes from " + typeName(tn) + "." + callee.Name(), Where: s.where(call.Pos()), Kind: secretKind, Key: true}
	}
	return nil
}

// isEmptyBase reports whether the base of an append is empty: nil, an
// empty literal, make([]byte, 0, n) or x[:0].
func isEmptyBase(info *types.Info, e ast.Expr) bool {
	e = unparen(e)
	if tv := info.Types[e]; tv.IsNil() {
		return true
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	case *ast.SliceExpr:
		if e.High != nil {
			tv := info.Types[e.High]
			return tv.Value != nil && tv.Value.String() == "0"
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return isEmptyBase(info, e.Args[0]) // []byte(nil)
		}
		if b, ok := typeutil.Callee(info, e).(*types.Builtin); ok && b.Name() == "make" && len(e.Args) >= 2 {
			tv := info.Types[e.Args[1]]
			return tv.Value != nil && tv.Value.String() == "0"
		}
	}
	return false
}

// funcTaints returns the secrets of fn's results, from this package or a
// fact.
func (s *state) funcTaints(fn *types.Func) []*Src {
	fn = fn.Origin()
	res := fn.Signature().Results()
	if res.Len() == 0 {
		return nil
	}
	out := make([]*Src, res.Len())
	any := false
	if m := s.funcs[fn]; m != nil {
		for i, t := range m {
			out[i] = t
			any = true
		}
	} else if fn.Pkg() != nil && fn.Pkg() != s.pass.Pkg {
		var f resultsFact
		if s.pass.ImportObjectFact(fn, &f) {
			for _, r := range f.Results {
				if r.Index < len(out) {
					out[r.Index] = &r.Src
					any = true
				}
			}
		}
	}
	if !any {
		return nil
	}
	return out
}

// effects propagates what a call writes into its arguments: copy,
// crypto/rand.Read, io.ReadFull from a secret reader, hex.Encode, a read
// from a connection, a decoder's Decode; and taints the parameters of this
// package's functions that are passed secrets or attacker data.
func (s *state) effects(call *ast.CallExpr) {
	info := s.pass.TypesInfo
	switch callee := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		if callee.Name() == "copy" && len(call.Args) == 2 {
			s.mark(call.Args[0], s.secret(call.Args[1]))
			s.markCtlExpr(call.Args[0], s.attacker(call.Args[1]))
		}
	case *types.Func:
		name := funcName(callee)
		recv := func() ast.Expr {
			if sel, ok := unparen(call.Fun).(*ast.SelectorExpr); ok && callee.Signature().Recv() != nil {
				return sel.X
			}
			return nil
		}()
		switch {
		case name == "crypto/rand.Read" && len(call.Args) == 1:
			s.mark(call.Args[0], &Src{What: "random bytes from crypto/rand.Read", Where: s.where(call.Pos()), Raw: true})
			return
		case (name == "io.ReadFull" || name == "io.ReadAtLeast") && len(call.Args) >= 2:
			if t := s.secret(call.Args[0]); t != nil && t.Kind == readerKind {
				s.mark(call.Args[1], &Src{What: t.What, Where: t.Where, Raw: t.Raw, Param: t.Param})
			}
			s.markCtlExpr(call.Args[1], s.readFrom(call.Args[0], call))
			return
		case name == "encoding/binary.Read" && len(call.Args) == 3:
			if t := s.secret(call.Args[0]); t != nil && t.Kind == readerKind && !isRandReader(t) {
				c := *t
				c.Kind = secretKind
				s.mark(call.Args[2], &c)
			}
			s.markCtlExpr(call.Args[2], s.readFrom(call.Args[0], call))
			return
		case name == "golang.org/x/crypto/curve25519.ScalarMult" && len(call.Args) == 3:
			s.mark(call.Args[0], &Src{What: "shared secret from curve25519.ScalarMult", Where: s.where(call.Pos()), Kind: secretKind})
			return
		case callee.Name() == "Read" && recv != nil && len(call.Args) == 1:
			if t := s.secret(recv); t != nil && t.Kind == readerKind {
				s.mark(call.Args[0], &Src{What: t.What, Where: t.Where, Raw: t.Raw, Param: t.Param})
			}
			s.markCtlExpr(call.Args[0], s.readFrom(recv, call))
			return
		case callee.Name() == "Decode" && recv != nil && len(call.Args) == 1:
			// dec.Decode(&v) on a decoder over attacker data.
			if c := s.attacker(recv); c != nil {
				s.markCtlExpr(call.Args[0], &Src{What: "data decoded by " + s.short(call.Fun), Where: s.where(call.Pos()), Strong: c.Strong})
			}
			return
		case strings.HasPrefix(callee.Name(), "Unmarshal") && recv == nil && len(call.Args) == 2:
			// json.Unmarshal(data, &v) of attacker data.
			if c := s.attacker(call.Args[0]); c != nil {
				s.markCtlExpr(call.Args[1], c)
			}
			return
		}
		// decode(buf[:n], hdr), parse(r.Body, &msg): a call given the
		// request's or a connection's data fills its other pointer and
		// slice arguments with what it read.
		s.fillFrom(call)
		if enc, ok := encodeInto[name]; ok && len(call.Args) == 2 {
			s.mark(call.Args[0], encoded(s.secret(call.Args[1]), enc))
			s.markCtlExpr(call.Args[0], s.attacker(call.Args[1]))
			return
		}
		// Parameters (and receivers) of this package's functions.
		if callee.Pkg() != s.pass.Pkg {
			return
		}
		sig := callee.Origin().Signature()
		if recv != nil && sig.Recv() != nil {
			s.markCtl(key{obj: sig.Recv()}, s.attacker(recv))
			if t := s.secret(recv); t != nil {
				c := *t
				c.Param = true
				s.markKey(key{obj: sig.Recv()}, sig.Recv().Type(), &c)
			}
		}
		for i, a := range call.Args {
			if i >= sig.Params().Len() || (sig.Variadic() && i >= sig.Params().Len()-1) {
				break
			}
			p := sig.Params().At(i)
			if t := s.secret(a); t != nil {
				c := *t
				c.Param = true
				s.markKey(key{obj: p}, p.Type(), &c)
			}
			s.markCtl(key{obj: p}, s.attacker(a))
		}
		if sig.Variadic() {
			s.variadicArgs(call, sig)
		}
	}
}

// variadicArgs gives the elements of a variadic parameter of this
// package's function what its arguments hold: each of f(a, b, c), or the
// elements of xs in f(xs...).
func (s *state) variadicArgs(call *ast.CallExpr, sig *types.Signature) {
	last := sig.Params().Len() - 1
	p := sig.Params().At(last)
	elems := key{p, elemPath("")}
	s.variadic[p] = true
	elem := p.Type().Underlying().(*types.Slice).Elem()
	give := func(t, c *Src) {
		if t != nil {
			t := *t
			t.Param = true
			s.markKey(elems, elem, &t)
		}
		s.markCtl(elems, c)
	}
	if call.Ellipsis.IsValid() {
		if len(call.Args) == last+1 {
			a := call.Args[last]
			if k, ok := s.keyOf(a); ok {
				ek := key{k.obj, elemPath(k.path)}
				give(s.sec[ek], s.ctl[ek])
			}
			give(s.elemsByName(a), s.attacker(a))
		}
		return
	}
	for _, a := range call.Args[min(last, len(call.Args)):] {
		give(s.secret(a), s.attacker(a))
	}
}

// readFrom returns the attacker taint of bytes read from r.
func (s *state) readFrom(r ast.Expr, call *ast.CallExpr) *Src {
	c := s.attacker(r)
	if c == nil {
		return nil
	}
	return &Src{What: "data read by " + s.short(call.Fun) + " from " + s.short(r), Where: s.where(call.Pos()), Strong: c.Strong}
}

// exportFacts records for other packages which functions return secrets
// and which package-level variables and fields hold them.
func (s *state) exportFacts() {
	// Only exported objects: no other package can name the rest.
	for fn, m := range s.funcs {
		if !fn.Exported() || fn.Pkg() != s.pass.Pkg || fn != fn.Origin() {
			continue
		}
		if _, err := objectpath.For(fn); err != nil {
			continue
		}
		f := &resultsFact{}
		for i := range fn.Signature().Results().Len() {
			if t := m[i]; t != nil {
				f.Results = append(f.Results, IndexedSrc{i, *t})
			}
		}
		s.pass.ExportObjectFact(fn, f)
	}
	fields := make(map[*types.TypeName]*fieldsFact)
	for k, t := range s.sec {
		switch obj := k.obj.(type) {
		case *types.Var:
			if k.path != "" || obj.Pkg() != s.pass.Pkg || !obj.Exported() || !isPackageVar(obj) {
				continue
			}
			if _, err := objectpath.For(obj); err != nil {
				continue
			}
			s.pass.ExportObjectFact(obj, &varFact{*t})
		case *types.TypeName:
			// Another package can select only exported fields.
			if obj.Pkg() != s.pass.Pkg || !exportedPath(k.path) {
				continue
			}
			f := fields[obj]
			if f == nil {
				if _, err := objectpath.For(obj); err != nil {
					continue
				}
				f = &fieldsFact{}
				fields[obj] = f
			}
			f.Fields = append(f.Fields, PathSrc{k.path, *t})
		}
	}
	for tn, f := range fields {
		slices.SortFunc(f.Fields, func(a, b PathSrc) int { return strings.Compare(a.Path, b.Path) })
		s.pass.ExportObjectFact(tn, f)
	}
}

// exportedPath reports whether every field of a path is exported.
func exportedPath(p string) bool {
	for _, f := range strings.Split(p, ".") {
		if !token.IsExported(f) {
			return false
		}
	}
	return true
}

// fillFrom marks the pointer and byte-slice arguments of a call as
// attacker data when another argument is the request's or a connection's.
// A compare writes nothing: bytes.Equal(secret, sig) leaves secret what
// it was.
func (s *state) fillFrom(call *ast.CallExpr) {
	if fn, ok := typeutil.Callee(s.pass.TypesInfo, call).(*types.Func); ok && isCompare(funcName(fn)) {
		return
	}
	var from *Src
	for _, a := range call.Args {
		if c := s.attacker(a); c != nil && c.Strong {
			from = c
			break
		}
	}
	if from == nil {
		return
	}
	info := s.pass.TypesInfo
	for _, a := range call.Args {
		t := info.TypeOf(a)
		if t == nil || s.attacker(a) != nil {
			continue
		}
		_, ptr := t.Underlying().(*types.Pointer)
		if ptr || isByteSlice(t) {
			s.markCtlExpr(a, &Src{What: "data filled by " + s.short(call.Fun) + " from " + from.What, Where: s.where(call.Pos()), Strong: true})
		}
	}
}
