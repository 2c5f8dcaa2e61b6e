// Command secretcmp reports secrets compared in variable time: MAC tags,
// key-derivation outputs and crypto/rand tokens passed to bytes.Equal,
// compared with ==, and the like. With -fix it applies the suggested
// constant-time compares.
//
//	go run github.com/ctequal/ctequal/secretcmp/cmd/secretcmp@latest ./...
//	go vet -vettool=$(command -v secretcmp) ./...
package main

import (
	"github.com/ctequal/ctequal/secretcmp"
	"golang.org/x/tools/go/analysis/singlechecker"
)

func main() { singlechecker.Main(secretcmp.Analyzer) }
