package ctcheck

import "github.com/ctequal/ctequal/ctcheck/engine"

// A Config says what to check.
type Config struct {
	// Dir is the folder the go command runs in; "" is the current one.
	Dir string
	// Patterns are the packages to check, as go list takes them. A main
	// package is built as it is; any other, linked into a program that
	// refers to each of its roots.
	Patterns []string
	// Files are assembly files checked on their own, each function a root
	// with public arguments, for the GOARCH the file's name gives; one that
	// includes go_asm.h, as its package from the functions it defines.
	Files []string
	// GOARCHes are the architectures each package is built for; none: the
	// go command's GOARCH.
	GOARCHes []string
	Tags     string   // build tags
	Env      []string // more of each build's environment: a level, such as GOAMD64=v3
	// Roots are the functions the analysis starts from, as the linker
	// names them (importpath.Func); none: main.main of a main package, and
	// every exported function of any other.
	Roots []string
	// Follow are the import paths whose functions, and those of the
	// packages below them, the analysis follows calls into, beside the
	// package checked; none: the module of each package (the package
	// itself in the standard library).
	Follow []string
	// Policy says what is secret and what the code may do.
	Policy Policy
	// Declarations say what functions' arguments hold, as -func and a
	// policy file give them (declare.go), beside the packages' own
	// directives. A declared function is a root: where Roots is empty,
	// a package with declared functions is checked from them.
	Declarations []Declaration
	// GoTool is the go command; "" is "go" from PATH.
	GoTool string
	// Overlay maps source files (absolute paths) to the files compiled
	// in their place, as go build -overlay does: a copy of a function
	// checked without editing its package (eval's planted leaks). A
	// file that does not exist is added.
	Overlay map[string]string
}

// A Finding is one instruction whose timing may depend on secret data.
type Finding = engine.Finding

// A Report is what one check found in one build of one package, or in one
// assembly file.
type Report struct {
	Package   string // the import path, or the file
	Build     string // GOARCH, the environment and the tags: amd64,GOAMD64=v3/purego
	Check     string // "source" (the toolchain's listing) or "compiled" (the binary)
	GoVersion string `json:",omitempty"`
	Roots     []string
	// Directives are the package's //ctcheck: directives that the checks
	// applied, each with its file and line.
	Directives []string `json:",omitempty"`
	// Declarations are the declarations of secrets the checks applied,
	// each with where it was made (a file and line, -func, a policy
	// file).
	Declarations []string `json:",omitempty"`
	// Placements say where each name the declarations applied landed at
	// the root's entry: a frame offset (ABI0), a register or frame
	// offset (ABIInternal), the bytes of a region.
	Placements []string `json:",omitempty"`
	Funcs      []string // the functions analysed, in the order reached
	Instrs     int      // instructions analysed
	Findings   []Finding
	// Accepted are the findings that a baseline accepted
	// (Baseline.Apply), moved out of Findings.
	Accepted []AcceptedFinding `json:",omitempty"`
}
