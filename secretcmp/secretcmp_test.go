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
	"golang.org/x/tools/go/analysis/analysistest"
)

// setFlag sets one of the Analyzer's flags for the length of a test.
func setFlag(t *testing.T, name, value string) {
	t.Helper()
	f := secretcmp.Analyzer.Flags.Lookup(name)
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}

// Each test loads its folders together: every load type-checks the
// standard library's packages they import from source (net/http among
// them), which was most of a test's time.

// What is found, and what stays quiet, with no fix checked:
//   - negatives: comparisons that must stay quiet;
//   - otp: one-time passwords: an HMAC truncated to digits is still a
//     secret;
//   - twosides: compares with no attacker side (a reload diff, a
//     duplicate check, an in-memory copy), names about secrets (a cookie's
//     name, an algorithm, a prefix, at_hash), a field shared by two types,
//     a compare gated by a constant-time one, and a public opaque stay
//     quiet; the attacker side is named where there is one;
//   - keys: private and secret keys are secrets by their type;
//   - variadic: secrets reached through variadic parameters, indexed and
//     ranged over, are found as the plain parameter is; the same shapes
//     with nothing secret or no attacker side stay quiet.
func TestDiagnostics(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), secretcmp.Analyzer, "negatives", "otp", "twosides", "keys", "variadic")
}

// The default fixes, each fix's output in a .golden file beside it:
//   - imports: how a fix adds, reuses or cannot add its import;
//   - basicauth: basic-auth middlewares: a header built by concatenation
//     and compared with ==, a password looked up by user name and compared
//     with ==;
//   - autodep: the default fixes call ctequal where the package's build
//     has it already, here through an import of an import; and the
//     standard library where it has not (TestGoLine, otp).
func TestDefaultFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), secretcmp.Analyzer, "imports", "basicauth", "autodep")
}

// -fixwith=ctequal, with the fixes' outputs in .golden files:
//   - history: the historical shapes, each found;
//   - macs, usemacs: secrets made in one package and compared in another,
//     through facts.
func TestCtequalFixes(t *testing.T) {
	setFlag(t, "fixwith", "ctequal")
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), secretcmp.Analyzer, "history", "macs", "usemacs")
}

// -std, and -fixwith=std, which it is short for: fixes from crypto/hmac
// and crypto/subtle; any other -fixwith is refused.
func TestStd(t *testing.T) {
	for _, flag := range []string{"std", "fixwith"} {
		t.Run(flag, func(t *testing.T) {
			setFlag(t, flag, map[string]string{"std": "true", "fixwith": "std"}[flag])
			analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), secretcmp.Analyzer, "stdfix")
		})
	}
	if err := secretcmp.Analyzer.Flags.Set("fixwith", "stdlib"); err == nil {
		t.Error("-fixwith=stdlib was taken")
	}
}

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

// -names=false: no finding by name, the others as before.
func TestNamesOff(t *testing.T) {
	setFlag(t, "names", "false")
	analysistest.Run(t, analysistest.TestData(), secretcmp.Analyzer, "namesoff")
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

// -testfiles: _test.go files are reported and followed.
func TestTestFiles(t *testing.T) {
	setFlag(t, "testfiles", "true")
	analysistest.Run(t, analysistest.TestData(), secretcmp.Analyzer, "testfiles")
}

// -fixwith=ctequal in modules that do not require the library: the fix
// says that it needs go get and, where the module's go line is older than
// the library's, that go get raises it. The default calls the standard
// library there, and needs neither.
func TestGoLine(t *testing.T) {
	t.Run("auto", func(t *testing.T) {
		analysistest.RunWithSuggestedFixes(t, filepath.Join(analysistest.TestData(), "go118"), secretcmp.Analyzer, "./auto")
	})
	t.Run("ctequal", func(t *testing.T) {
		setFlag(t, "fixwith", "ctequal")
		analysistest.RunWithSuggestedFixes(t, filepath.Join(analysistest.TestData(), "go118"), secretcmp.Analyzer, "./forced")
		analysistest.RunWithSuggestedFixes(t, filepath.Join(analysistest.TestData(), "go125"), secretcmp.Analyzer, "./forced")
	})
}
