// Package golist tells the project's tools where the library is: its
// folder and its files, as the go command reports them for its import
// path, so that no tool writes a folder or a file list of its own.
package golist

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// A Package is what go list says of the library package.
type Package struct {
	ImportPath string   // github.com/ctequal/ctequal
	Dir        string   // the folder that holds it: the module's root
	GoFiles    []string // its Go files for the build asked about
	SFiles     []string // its assembly files for the build asked about
	// The rest of its files: those of cgo, its headers, and those the
	// build asked about leaves out (other architectures', tests' too).
	CgoFiles, HFiles, IgnoredGoFiles, IgnoredOtherFiles []string
	Module                                              *struct{ Path string }
}

// LibraryPath is the library package's import path: the tools' module
// requires its module, so the go command finds it from any folder of
// either.
const LibraryPath = "github.com/ctequal/ctequal"

// Packages describes the library package and each package of its
// module that it imports on linux/GOARCH for any of goarches, as Library
// does, each once.
func Packages(dir string, goarches []string) ([]*Package, error) {
	lib, err := Library(dir, nil, "")
	if err != nil {
		return nil, err
	}
	var pkgs []*Package
	seen := map[string]bool{}
	for _, goarch := range goarches {
		out, err := run(dir, []string{"GOOS=linux", "GOARCH=" + goarch}, "list", "-deps", "-json", LibraryPath)
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		for dec.More() {
			var p Package
			if err := dec.Decode(&p); err != nil {
				return nil, fmt.Errorf("go list -deps -json: %v", err)
			}
			mine := p.ImportPath == lib.ImportPath || strings.HasPrefix(p.ImportPath, lib.ImportPath+"/")
			if p.Module != nil && mine && !seen[p.ImportPath] {
				seen[p.ImportPath] = true
				pkgs = append(pkgs, &p)
			}
		}
	}
	return pkgs, nil
}

// Library describes the library package for GOOS/GOARCH and build tags as
// env and tags give them (env adds to the environment; empty strings leave
// it alone), as the go command run in dir ("" the current folder) finds
// it: dir is any folder of the library's module or of the tools'.
func Library(dir string, env []string, tags string) (*Package, error) {
	args := []string{"list", "-json"}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	out, err := run(dir, env, append(args, LibraryPath)...)
	if err != nil {
		return nil, err
	}
	var p Package
	if err := json.Unmarshal(out, &p); err != nil {
		return nil, fmt.Errorf("go list -json: %v", err)
	}
	return &p, nil
}

// Symbol is the linker's name of the library's function name: what
// objdump and the symbol tables show, github.com/ctequal/ctequal.equalAVX2.
func (p *Package) Symbol(name string) string { return p.ImportPath + "." + name }

// Path returns the path of the library's file name.
func (p *Package) Path(name string) string { return filepath.Join(p.Dir, name) }

func run(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(cmd.Environ(), env...)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %v: %v: %s", args, err, bytes.TrimSpace(stderr.Bytes()))
	}
	return out, nil
}
