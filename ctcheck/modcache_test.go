package ctcheck

import (
	"archive/zip"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// depFiles are the files of example.com/ctdep v1.0.0, the dependency
// served by the test's module proxy: an internal package, which only the
// module's own packages may import, with a leak and its control.
var depFiles = map[string]string{
	"go.mod": "module example.com/ctdep\n\ngo 1.22\n",
	"tag/tag.go": `package tag

import "example.com/ctdep/internal/mac"

func Check(a, b []byte) bool { return mac.Equal(a, b) == 1 }
`,
	"internal/mac/mac.go": `package mac

// Leaky returns at the first byte that differs.
func Leaky(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return 0
		}
	}
	return 1
}

// Via calls Leaky, which the compiler inlines.
func Via(a, b []byte) int {
	return Leaky(a, b)
}

// Equal ORs the differences together.
func Equal(a, b []byte) int {
	var v byte
	for i := range a {
		v |= a[i] ^ b[i]
	}
	return int((uint32(v) - 1) >> 31)
}
`,
}

// Leaky's branch and Via's call of Leaky in internal/mac/mac.go.
const depLeakLine, depViaLine = 6, 15

// TestDependencyInModCache checks a package of a dependency by its import
// path from the user's module, as one checks a dependency, in module mode
// and in a workspace: the leak found in both checks at the cached file's
// line, its control clean, and nothing beneath GOMODCACHE changed.
func TestDependencyInModCache(t *testing.T) {
	needGo(t)
	tmp := t.TempDir()
	modCache := filepath.Join(tmp, "modcache")
	// The module cache's files are read-only: the folder goes before
	// TempDir's cleanup removes the rest.
	t.Cleanup(func() { makeWritable(modCache) })
	proxy := filepath.Join(tmp, "proxy")
	writeProxy(t, proxy, "example.com/ctdep", "v1.0.0", depFiles)
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(proxy))
	t.Setenv("GOMODCACHE", modCache)
	t.Setenv("GOSUMDB", "off")
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOWORK", "off")

	user := filepath.Join(tmp, "user")
	writeFiles(t, user, map[string]string{
		"go.mod":  "module example.com/user\n\ngo 1.22\n\nrequire example.com/ctdep v1.0.0\n",
		"main.go": "package main\n\nimport \"example.com/ctdep/tag\"\n\nfunc main() { println(tag.Check(nil, nil)) }\n",
	})
	goCmd(t, user, "mod", "download", "example.com/ctdep")
	goCmd(t, user, "mod", "tidy")
	cached := filepath.Join(modCache, "example.com", "ctdep@v1.0.0")
	before := treeState(t, modCache)

	decls := funcDecls(t, "example.com/ctdep/internal/mac.Leaky: secret a[:] b[:]", "example.com/ctdep/internal/mac.Via: secret a[:] b[:]",
		"example.com/ctdep/internal/mac.Equal: secret a[:] b[:]")
	work := filepath.Join(tmp, "go.work")
	writeFiles(t, tmp, map[string]string{"go.work": "go 1.22\n\nuse ./user\n"})
	for _, gowork := range []string{"off", work} {
		t.Setenv("GOWORK", gowork)
		rs, err := Run(context.Background(), Config{Dir: user, Patterns: []string{"example.com/ctdep/internal/mac"},
			GOARCHes: []string{"amd64"}, Declarations: decls})
		if err != nil {
			t.Fatalf("GOWORK=%s: %v", gowork, err)
		}
		if len(rs) != 2 {
			t.Fatalf("GOWORK=%s: %d reports, want 2", gowork, len(rs))
		}
		want := filepath.Join(cached, "internal", "mac", "mac.go")
		// Via's leak is Leaky's, inlined: at Via's line, with Leaky's
		// line in the chain, both in the cached file.
		chain := fmt.Sprintf("example.com/ctdep/internal/mac.Leaky %s:%d", want, depLeakLine)
		for _, r := range rs {
			leaks, via, control := 0, 0, 0
			for _, f := range r.Findings {
				switch {
				case strings.HasSuffix(f.Func, "mac.Equal"):
					control++
				case strings.HasSuffix(f.Func, "mac.Via") && f.File == want && f.Line == depViaLine && len(f.Inlined) == 1 && f.Inlined[0] == chain:
					via++
				case strings.HasSuffix(f.Func, "mac.Leaky") && f.File == want && f.Line == depLeakLine && len(f.Inlined) == 0:
					leaks++
				default:
					t.Errorf("GOWORK=%s %s: finding %v %q, want Leaky's at %s:%d or Via's at line %d with the chain %q",
						gowork, r.Check, f, f.Inlined, want, depLeakLine, depViaLine, chain)
				}
			}
			if leaks == 0 || via == 0 || control != 0 {
				t.Errorf("GOWORK=%s %s: %d findings in Leaky, %d in Via (want some of each), %d in Equal (want none): %v", gowork, r.Check, leaks, via, control, r.Findings)
			}
		}
	}
	if after := treeState(t, modCache); after != before {
		t.Errorf("the module cache changed:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// writeProxy writes the module path@version of files to a module proxy
// in folder dir (GOPROXY=file://dir).
func writeProxy(t *testing.T, dir, path, version string, files map[string]string) {
	t.Helper()
	at := filepath.Join(dir, path, "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(at, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	for name, text := range files {
		w, err := z.Create(path + "@" + version + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, at, map[string]string{
		"list":            version + "\n",
		version + ".info": fmt.Sprintf("{\"Version\":%q,\"Time\":\"2026-01-01T00:00:00Z\"}\n", version),
		version + ".mod":  files["go.mod"],
	})
}

// writeFiles writes files (path: text) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// goCmd runs the go command in dir.
func goCmd(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// treeState is each file and folder under dir with its mode, size and
// time of change.
func treeState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %v %d %v\n", path, info.Mode(), info.Size(), info.ModTime())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// makeWritable makes the folders under dir writable, so that they can be
// removed.
func makeWritable(dir string) {
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(path, 0o755)
		}
		return nil
	})
}
