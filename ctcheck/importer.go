package ctcheck

import (
	"context"
	"encoding/json"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
)

// An exportImporter imports the packages a package's files import from
// the compiler's export data of the build checked (go list -export), so
// that a declaration is laid out by the real types: an interface, a
// float or a struct of another package has the size and the registers
// the compiler gives it. It runs go list on its first import only: a
// package whose declarations name no imported type costs nothing.
type exportImporter struct {
	list func() (exports, importMap map[string]string, err error)
	fset *token.FileSet

	once      sync.Once
	exports   map[string]string // import path -> export data file
	importMap map[string]string // as written in the source -> import path (vendored std)
	err       error
	gc        types.Importer
}

// newExportImporter imports for the package pattern (an import path, or
// "." in dir) as go list resolves it in dir, in build b.
func newExportImporter(ctx context.Context, goTool, dir string, b Build, pattern string, fset *token.FileSet) *exportImporter {
	im := &exportImporter{fset: fset}
	im.list = func() (map[string]string, map[string]string, error) {
		cmd := exec.CommandContext(ctx, goTool, "list", "-e", "-export", "-deps", "-tags="+b.Tags, "-json=ImportPath,Export,ImportMap,DepOnly", pattern)
		cmd.Dir = dir
		cmd.Env = buildEnv(b)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, nil, fmt.Errorf("go list -export %s: %v: %s", pattern, err, strings.TrimSpace(stderr.String()))
		}
		exports, importMap := map[string]string{}, map[string]string{}
		dec := json.NewDecoder(strings.NewReader(string(out)))
		for dec.More() {
			var p struct {
				ImportPath, Export string
				ImportMap          map[string]string
				DepOnly            bool
			}
			if err := dec.Decode(&p); err != nil {
				return nil, nil, fmt.Errorf("go list -export: %v", err)
			}
			if p.Export != "" {
				exports[p.ImportPath] = p.Export
			}
			if !p.DepOnly {
				for k, v := range p.ImportMap {
					importMap[k] = v
				}
			}
		}
		return exports, importMap, nil
	}
	return im
}

func (im *exportImporter) Import(path string) (*types.Package, error) {
	im.once.Do(func() {
		im.exports, im.importMap, im.err = im.list()
		im.gc = importer.ForCompiler(im.fset, "gc", func(path string) (io.ReadCloser, error) {
			file, ok := im.exports[path]
			if !ok {
				return nil, fmt.Errorf("no export data for %s", path)
			}
			return os.Open(file)
		})
	})
	if im.err != nil {
		return nil, im.err
	}
	if p, ok := im.importMap[path]; ok {
		path = p
	}
	return im.gc.Import(path)
}
