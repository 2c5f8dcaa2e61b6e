// Command secretcmp reports secrets compared in variable time: MAC tags,
// key-derivation outputs and crypto/rand tokens passed to bytes.Equal,
// compared with ==, and the like. With -fix it applies the suggested
// constant-time compares.
//
//	go run github.com/ctequal/ctequal/secretcmp/cmd/secretcmp@latest ./...
//	go vet -vettool=$(command -v secretcmp) ./...
//
// -version prints the version; -h prints the help to stdout; -format sarif
// writes a SARIF 2.1.0 log for code scanning (exit 0 when written).
package main

import (
	"cmp"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/ctequal/ctequal/secretcmp"
	"golang.org/x/tools/go/analysis/singlechecker"
)

func main() {
	if wantsFormat(os.Args[1:]) {
		os.Exit(runFormat(os.Args[1:], os.Stdout, os.Stderr))
	}
	if len(os.Args) == 2 {
		switch os.Args[1] {
		case "-version", "--version":
			fmt.Println("secretcmp " + version())
			return
		case "-h", "-help", "--help":
			// singlechecker prints its help to stderr; asked for, it is
			// the output (secretcmp -h | less), and the flag package
			// exits 0 after it.
			os.Stderr = os.Stdout
		}
	}
	singlechecker.Main(secretcmp.Analyzer)
}

// version is the module's version as the build recorded it (a tag, where
// go install fetched one; (devel) with the VCS revision in a clone) and
// the Go that built it. (-V=full is vet's protocol, which go vet
// -vettool asks for: another thing.)
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := cmp.Or(bi.Main.Version, "(devel)")
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(len(s.Value), 12)]
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" {
		v += " (revision " + rev + modified + ")"
	}
	return v + " " + bi.GoVersion
}
