package secretcmp_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctequal/ctequal/secretcmp"
)

// The go line that the fixes' notes give is the library's.
func TestLibraryGoLine(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "go.mod"))
	if os.IsNotExist(err) {
		t.Skip("../go.mod not found: not in the ctequal repository")
	}
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\ngo "+secretcmp.CtequalGoLine+"\n") {
		t.Errorf("the library's go.mod does not say go %s:\n%s", secretcmp.CtequalGoLine, data)
	}
}

// The fixes call the library's API: the stand-in under testdata must have
// the real one's signatures. The real one is the checkout's ../equal.go;
// out of the repository (a module download) the test skips.
func TestLibraryAPI(t *testing.T) {
	real := funcSigs(t, filepath.Join("..", "equal.go"))
	stub := funcSigs(t, filepath.Join("testdata", "src", "github.com", "ctequal", "ctequal", "ctequal.go"))
	if real == nil {
		t.Skip("../equal.go not found: not in the ctequal repository")
	}
	for name, sig := range stub {
		if real[name] != sig {
			t.Errorf("ctequal.%s: the library has %q, the stand-in %q", name, real[name], sig)
		}
	}
	for _, name := range []string{"Equal", "EqualString", "Compare"} {
		if stub[name] == "" {
			t.Errorf("the stand-in lacks %s", name)
		}
	}
}

// funcSigs returns the exported functions' parameter and result types in
// a file, as text.
func funcSigs(t *testing.T, path string) map[string]string {
	src, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	sigs := make(map[string]string)
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !fd.Name.IsExported() {
			continue
		}
		var ps []string
		for _, fl := range []*ast.FieldList{fd.Type.Params, fd.Type.Results} {
			if fl == nil {
				continue
			}
			for _, p := range fl.List {
				n := max(len(p.Names), 1)
				for range n {
					ps = append(ps, types.ExprString(p.Type))
				}
			}
			ps = append(ps, "|")
		}
		sigs[fd.Name.Name] = fmt.Sprint(ps)
	}
	return sigs
}

func TestNameLooksSecret(t *testing.T) {
	for _, c := range []struct {
		name    string
		literal bool
		want    bool
	}{
		{"webhookSecret", false, true},
		{"csrfToken", false, true},
		{"AccessToken", false, true},
		{"APIKey", false, true},
		{"apiKeys", false, true},
		{"api_key", false, true},
		{"X-Gitlab-Token", true, true},
		{"X-Hub-Signature-256", true, true},
		{"hmacTag", false, true},
		{"token", false, false},     // HTTP's token grammar, a lexer's token
		{"nextToken", false, false}, // a parser's
		{"signature", false, false}, // public-key signatures are public
		{"sig", false, false},
		{"macAddr", false, false}, // a MAC address
		{"machine", false, false},
		{"tokenize", false, false},
		{"secretary", false, false},
		// Widened: the short forms.
		{"pass", false, true},
		{"pwd", false, true},
		{"passwd", false, true},
		{"passphrase", false, true},
		{"apikey", false, true},
		{"clientSecret", false, true},
		{"passwordHash", false, true}, // a stored hash of a password is compared with a guess's
		// Tightened: names of something about a secret.
		{"PasswordCookie", false, false}, // a cookie's name
		{"GetTokenEndpointAuthSigningAlgorithm", false, false},
		{"secretPrefix", false, false},
		{"hashPrefix", false, false},
		{"passwordLength", false, false},
		{"AccessTokenHash", false, false}, // OIDC's at_hash, a claim
		{"at_hash", false, false},
		{"secretName", false, false}, // a Kubernetes object's name
		{"apiKeyHeader", false, false},
		{"passThrough", false, false},
		{"bypass", false, false},
	} {
		if got := secretcmp.NameLooksSecret(c.name, c.literal); got != c.want {
			t.Errorf("nameLooksSecret(%q, %v) = %v, want %v", c.name, c.literal, got, c.want)
		}
	}
}
