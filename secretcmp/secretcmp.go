// Package secretcmp defines an Analyzer that finds secrets compared in
// variable time, and offers the constant-time compare as a fix.
//
// A secret is known by where it comes from, not by its name: the tag of a
// hash made by crypto/hmac.New, the output of a key-derivation function
// (crypto/pbkdf2, crypto/hkdf and golang.org/x/crypto's argon2, scrypt,
// pbkdf2 and hkdf), and bytes from crypto/rand (Read, Reader, Text). So is
// anything made from one by slicing, copying, appending, hex, base64 or
// base32 encoding and decoding, string conversion, fmt.Sprint and the
// string and byte functions of strings and bytes, through variables,
// struct fields, function parameters (within a package) and results
// (across packages too, through analysis facts).
//
// A finding is a secret passed to bytes.Equal, bytes.Compare,
// strings.Compare, strings.EqualFold, reflect.DeepEqual, slices.Equal,
// bytes.HasPrefix, bytes.HasSuffix, strings.HasPrefix or strings.HasSuffix,
// compared with == or != as a string or an array, or switched on. Those
// stop at the first difference, so their time tells an attacker how many
// leading bytes of a guess are right. hmac.Equal,
// subtle.ConstantTimeCompare and the functions of
// github.com/ctequal/ctequal are constant-time; comparisons of lengths and
// with nil or "" reveal nothing and are not reported.
//
// Where a replacement keeps the code's meaning, the finding carries a
// suggested fix, negated for !=, with the import added: ctequal.Equal or
// ctequal.EqualString where the package's build already has
// github.com/ctequal/ctequal (the package or one it imports, directly or
// not, imports it), and hmac.Equal or subtle.ConstantTimeCompare
// elsewhere, so that the fixed code builds with no change to go.mod.
// -fixwith=ctequal or -fixwith=std chooses one for every fix; a ctequal
// fix that needs go get, and a newer go line, says so.
//
// A finding needs two sides: the other operand must be chosen by whoever
// is on the other end (request data, bytes read from a connection or
// decoded from one, a parameter of an exported function, a handler or a
// function literal); two values from storage or configuration (a reload's
// old and new password, a duplicate check) are not reported. Private and
// secret keys are secrets by their type.
//
// Values that are only named like secrets (token, secret, password, pass,
// apikey, csrf, signature, mac), and maps of credentials looked up by user
// name, are a second, lower-confidence class of finding, labelled "by
// name"; -names=false turns it off.
package secretcmp

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Analyzer reports secrets compared in variable time.
var Analyzer = &analysis.Analyzer{
	Name:      "secretcmp",
	Doc:       doc,
	URL:       "https://pkg.go.dev/github.com/ctequal/ctequal/secretcmp",
	Run:       run,
	FactTypes: []analysis.Fact{new(resultsFact), new(varFact), new(fieldsFact), new(libraryFact)},
}

const doc = `report secrets compared in variable time

secretcmp finds MAC tags, key-derivation outputs, crypto/rand tokens and
private keys (and what is made from them) compared with attacker-chosen
data (a request's, a connection's, a caller's) with bytes.Equal, bytes.Compare,
strings.Compare, strings.EqualFold, reflect.DeepEqual, slices.Equal,
Has{Prefix,Suffix}, == or != on strings and arrays, or a switch, and
suggests ctequal.Equal or ctequal.EqualString where the package's build
has github.com/ctequal/ctequal already, hmac.Equal or
subtle.ConstantTimeCompare elsewhere (-fixwith chooses). Values only named
like secrets are reported as a separate, lower-confidence class;
-names=false turns them off.`

// The import path of the constant-time library the fixes call, and the
// least go line of a module that requires it: its go.mod's.
const (
	ctequalPath   = "github.com/ctequal/ctequal"
	ctequalGoLine = "1.24.0"
)

var (
	namesFlag     = true
	fixWithFlag   = fixAuto
	stdFlag       = false
	testFilesFlag = false
)

func init() {
	fs := &Analyzer.Flags
	fs.BoolVar(&namesFlag, "names", namesFlag, "also report values only named like secrets (token, secret, password, ...), a lower-confidence class")
	fs.Var(&fixWithFlag, "fixwith", "what the fixes call: auto (github.com/ctequal/ctequal where the package's build has it already, "+
		"else crypto/hmac and crypto/subtle), ctequal, or std")
	fs.BoolVar(&stdFlag, "std", stdFlag, "the same as -fixwith=std")
	fs.BoolVar(&testFilesFlag, "testfiles", testFilesFlag, "also report comparisons in _test.go files")
}

// fixWith is what the fixes call.
type fixWith string

const (
	fixAuto    fixWith = "auto"    // ctequal where the package's build has it, the standard library elsewhere
	fixCtequal fixWith = "ctequal" // ctequal, even where it must be added to go.mod
	fixStd     fixWith = "std"     // crypto/hmac and crypto/subtle
)

func (f *fixWith) String() string { return string(*f) }

func (f *fixWith) Set(s string) error {
	switch v := fixWith(s); v {
	case fixAuto, fixCtequal, fixStd:
		*f = v
		return nil
	}
	return fmt.Errorf("want auto, ctequal or std")
}

// libraryFact marks a package whose build has github.com/ctequal/ctequal:
// it or a package it imports, directly or not, imports it. Via is the
// import it comes through.
type libraryFact struct{ Via string }

func (*libraryFact) AFact() {}
func (f *libraryFact) String() string {
	if f.Via == ctequalPath {
		return "imports " + ctequalPath
	}
	return "has " + ctequalPath + " through " + f.Via
}

// kind says what a tainted value is.
type kind int

const (
	secretKind kind = iota // secret bytes or a secret string
	macKind                // a keyed hash: its Sum is a secret
	readerKind             // an io.Reader whose bytes are secret
)

// Src says where a secret came from. It is part of the facts, so its
// fields are exported for gob.
type Src struct {
	What  string // "tag from hmac.New(...).Sum"
	Where string // "auth.go:41"
	Kind  kind
	// Raw marks random bytes not yet encoded as text. Raw random bytes
	// are a protocol's nonces, randoms, ping payloads and boundaries as
	// often as tokens, and most are sent in the clear: they are not
	// reported until hex, base64 or base32 makes them a token (or a name
	// does, in the lower-confidence class). crypto/rand.Text is a token
	// from the start.
	Raw bool
	// Param marks taint that entered a function through a parameter, from
	// a call in the package. It is reported where the function compares
	// it (a helper's bytes.Equal), but it does not flow on into fields,
	// package variables or results: one caller's secret would otherwise
	// make every value of a constructor's field or of a parser's result
	// secret (a generic byte buffer, a message splitter).
	Param bool
	// Name marks a secret known only by its name (What is the name): the
	// lower-confidence class, off with -names=false.
	Name bool
	// Key marks a private or secret key known by its type.
	Key bool
	// Strong marks attacker data that comes from the request or the
	// connection itself, not from a parameter: such a value is never the
	// secret side of a compare, whatever its name.
	Strong bool
}

// resultsFact marks a function some of whose results are secrets. Facts
// are gob-encoded, and must encode the same way every time: slices, in
// order, not maps.
type resultsFact struct {
	Results []IndexedSrc
}

// IndexedSrc is the secret of one result.
type IndexedSrc struct {
	Index int
	Src   Src
}

func (*resultsFact) AFact() {}
func (f *resultsFact) String() string {
	var b strings.Builder
	b.WriteString("secret results:")
	for _, r := range f.Results {
		b.WriteString(" " + itoa(r.Index) + "=" + r.Src.What)
	}
	return b.String()
}

// fieldsFact marks the field paths of a named type's values that hold
// secrets: "MAC", "Auth.HMAC.Buffer", sorted by path.
type fieldsFact struct {
	Fields []PathSrc
}

// PathSrc is the secret of one field path.
type PathSrc struct {
	Path string
	Src  Src
}

func (*fieldsFact) AFact() {}
func (f *fieldsFact) String() string {
	var b strings.Builder
	b.WriteString("secret fields:")
	for _, p := range f.Fields {
		b.WriteString(" " + p.Path + "=" + p.Src.What)
	}
	return b.String()
}

// varFact marks a package-level variable that holds a secret.
type varFact struct{ Src }

func (*varFact) AFact()           {}
func (f *varFact) String() string { return "secret: " + f.What }

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func run(pass *analysis.Pass) (any, error) {
	s := newState(pass)
	s.library = libraryVia(pass)
	if s.library != "" && pass.Pkg.Name() != "main" { // no package imports a command
		pass.ExportPackageFact(&libraryFact{s.library})
	}
	s.propagate()
	s.exportFacts()
	for _, f := range pass.Files {
		if !s.skipFile(f) {
			s.checkFile(f)
		}
	}
	return nil, nil
}

// libraryVia returns the import through which the package's build has
// github.com/ctequal/ctequal, or "" if it has not: then a fix that calls
// it builds only after go get, which may also raise the module's go line.
func libraryVia(pass *analysis.Pass) string {
	for _, imp := range pass.Pkg.Imports() {
		if imp.Path() == ctequalPath || pass.ImportPackageFact(imp, new(libraryFact)) {
			return imp.Path()
		}
	}
	return ""
}

// where returns "file.go:line" for pos.
func (s *state) where(pos token.Pos) string {
	p := s.pass.Fset.Position(pos)
	return filepath.Base(p.Filename) + ":" + itoa(p.Line)
}

// isByteSlice, isString and isByteArray classify the types a secret can
// have.
func isByteSlice(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := sl.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isByteArray(t types.Type) bool {
	a, ok := t.Underlying().(*types.Array)
	if !ok {
		return false
	}
	b, ok := a.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// canHold reports whether a value of type t can carry taint of kind k.
func canHold(t types.Type, k kind) bool {
	if t == nil {
		return false
	}
	switch k {
	case secretKind:
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		return isByteSlice(t) || isString(t) || isByteArray(t) || isInteger(t)
	default:
		// an io.Reader, a hash.Hash; a *bytes.Reader over a secret
		switch t.Underlying().(type) {
		case *types.Interface, *types.Pointer:
			return true
		}
		return false
	}
}

// unparen strips parentheses.
func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}
