package cttrace

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/ctequal/ctequal/tools/internal/golist"
)

// KernelPackage is the import path of the package that holds the kernels,
// the library's root package as go list reports it, and KernelAsm its amd64
// assembly, the file that the planted leaks of testdata/plants patch: every
// plant there is for amd64 (internal/kernelcheck's tests apply each to it too).
var KernelPackage = func() string {
	lib, err := golist.Library(".", nil, "")
	if err != nil {
		return "(go list: " + err.Error() + ")"
	}
	return lib.ImportPath
}()

const KernelAsm = "equal_amd64.s"

// A Plant is a leak planted in a copy of a kernel source file: text found
// (exactly once) and replaced, and text appended. Plants are the negative
// controls of the checks: each must report the build that has one.
type Plant struct {
	Name    string // the file's name without .txt
	Comment string // what the plant is
	Edits   [][2]string
	Append  string
}

// PlantsDir returns the directory of the plant files, testdata/plants in
// this package's source.
func PlantsDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "testdata", "plants")
}

// ReadPlant reads the plant file PlantsDir()/name.txt: a comment, then
// sections that each start with a line "-- find --", "-- replace --" or
// "-- append --". A find is followed by its replace.
func ReadPlant(name string) (*Plant, error) {
	src, err := os.ReadFile(filepath.Join(PlantsDir(), name+".txt"))
	if err != nil {
		return nil, err
	}
	p := &Plant{Name: name}
	section, text := "comment", ""
	var find *string
	flush := func() error {
		switch section {
		case "comment":
			p.Comment = strings.TrimSpace(text)
		case "find":
			if find != nil {
				return fmt.Errorf("two finds in a row")
			}
			find = new(string)
			*find = text
		case "replace":
			if find == nil {
				return fmt.Errorf("a replace without a find")
			}
			p.Edits = append(p.Edits, [2]string{*find, text})
			find = nil
		case "append":
			p.Append += text
		default:
			return fmt.Errorf("unknown section %q", section)
		}
		return nil
	}
	for line := range strings.Lines(string(src)) {
		if name, ok := strings.CutPrefix(strings.TrimSpace(line), "-- "); ok && strings.HasSuffix(name, " --") {
			if err := flush(); err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			section, text = strings.TrimSuffix(name, " --"), ""
			continue
		}
		text += line
	}
	if err := flush(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if find != nil || len(p.Edits) == 0 && p.Append == "" {
		return nil, fmt.Errorf("%s: a find without a replace, or no edit", name)
	}
	return p, nil
}

// Apply returns src with the plant's edits made. Each find must occur in
// src exactly once: a kernel that no longer has the code the plant
// patches fails here, rather than run without its leak.
func (p *Plant) Apply(src []byte) ([]byte, error) {
	for _, e := range p.Edits {
		if n := bytes.Count(src, []byte(e[0])); n != 1 {
			return nil, fmt.Errorf("plant %s: %q occurs %d times in the kernel, want once: update testdata/plants/%s.txt to the new code", p.Name, e[0], n, p.Name)
		}
		src = bytes.Replace(src, []byte(e[0]), []byte(e[1]), 1)
	}
	return append(src, p.Append...), nil
}

// PackageDir returns the source directory of the package at importPath.
func PackageDir(ctx context.Context, importPath string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "list", "-f", "{{.Dir}}", importPath).Output()
	if err != nil {
		return "", fmt.Errorf("go list %s: %v", importPath, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// PlantOverlay writes, in dir, the kernel assembly with the plant called
// name applied and a go build -overlay file that puts it in the
// original's place, and returns the overlay file's path.
func PlantOverlay(ctx context.Context, name, dir string) (string, error) {
	p, err := ReadPlant(name)
	if err != nil {
		return "", err
	}
	kdir, err := PackageDir(ctx, KernelPackage)
	if err != nil {
		return "", err
	}
	return writeOverlay(filepath.Join(kdir, KernelAsm), dir, name, p.Apply)
}

// writeOverlay writes edit's copy of the file orig into dir and an overlay
// file that replaces orig with it, and returns the overlay file's path.
func writeOverlay(orig, dir, name string, edit func([]byte) ([]byte, error)) (string, error) {
	src, err := os.ReadFile(orig)
	if err != nil {
		return "", err
	}
	planted, err := edit(src)
	if err != nil {
		return "", err
	}
	leaky := filepath.Join(dir, "planted-"+name+"-"+filepath.Base(orig))
	overlayPath := filepath.Join(dir, "overlay-"+name+".json")
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {orig: leaky}})
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(leaky, planted, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(overlayPath, overlay, 0o644); err != nil {
		return "", err
	}
	return overlayPath, nil
}
