package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// kindOfReason is the kind of every reason the models and the analysis
// give (as the format of their Find calls writes it): a new reason must
// be given its kind here, so that none falls to NotModelled unseen.
var kindOfReason = map[string]Kind{
	"conditional branch on secret %s":                                                             SecretBranch,
	"return to an address that depends on secret data":                                            SecretBranch,
	"return to an address that depends on secret data (%s)":                                       SecretBranch,
	"return to an address that depends on secret data (the return address on the stack)":          SecretBranch,
	"memory address depends on secret %s":                                                         SecretAddress,
	"memory address depends on secret %s (%s's length)":                                           SecretAddress,
	"memory address depends on a secret argument of %s":                                           SecretAddress,
	"load length depends on secret %s":                                                            SecretAddress,
	"vector length depends on secret %s":                                                          SecretAddress,
	"masked memory access under a secret mask":                                                    SecretAddress,
	"memory access under a secret condition":                                                      SecretAddress,
	"stack pointer set from secret data":                                                          SecretAddress,
	"variable-latency instruction on secret data":                                                 VariableTime,
	"variable-latency instruction on secret data (floating-point arithmetic: subnormal operands)": VariableTime,
	"variable-latency instruction on secret data (Intel's MCDT: a vector multiply may retire a cycle later for some data unless MXCSR is 0x1FBF)": VariableTime,
	"secret size passed to %s":                 VariableTime,
	"secret length passed to %s":               VariableTime,
	"system register written from secret data": VariableTime,
	"%s: function code depends on secret R0":   VariableTime,
	"instruction on secret data whose timing no vendor source states as data independent (%s)":              UndocumentedTiming,
	"store outside the stack frame (not modelled)":                                                          UndeclaredStore,
	"%s writes outside the stack frame where nothing allows it":                                             UndeclaredStore,
	"secret stored into %s, declared public":                                                                UndeclaredStore,
	"secret stored at an unknown offset into a region with bytes declared public (%s)":                      UndeclaredStore,
	"call of %s, which the analysis does not follow (fail closed)":                                          CallNotFollowed,
	"call of %s, whose code is not in the program (fail closed)":                                            CallNotFollowed,
	"secret value passed to %s":                                                                             VariableTime,
	"call of %s where the stack pointer is unknown":                                                         CallNotFollowed,
	"indirect call or jump (fail closed)":                                                                   CallNotFollowed,
	"secret %s passed to %s, which this check does not see (fail closed)":                                   CallNotFollowed,
	"secret stack slot passed to %s, which this check does not see (fail closed)":                           CallNotFollowed,
	"pointer to secret memory passed to %s, which this check does not see (fail closed)":                    CallNotFollowed,
	"secret argument %d at a call of %s, which the analysis does not follow":                                CallNotFollowed,
	"instruction needs CPU feature %s, which the code may not assume here":                                  FeatureNotAssumed,
	"instruction needs CPU feature %s, which the model does not name (fail closed)":                         FeatureNotAssumed,
	"flag %s names CPU feature %q, which %s does not have (fail closed)":                                    FeatureNotAssumed,
	"instruction on secret data where %s may be off (the function claims it)":                               ModeNotHeld,
	"%s turned off before an instruction on secret data (the function claims it)":                           ModeNotHeld,
	"return without the speculation barrier that must follow MSR $1, DIT":                                   ModeNotHeld,
	"load of the inputs before the speculation barrier that must follow MSR $1, DIT":                        ModeNotHeld,
	"instruction not modelled (fail closed)":                                                                NotModelled,
	"operand %s not modelled (fail closed)":                                                                 NotModelled,
	"write to operand %s not modelled (fail closed)":                                                        NotModelled,
	"branch target not decoded (fail closed)":                                                               NotModelled,
	"write to %s, which Go's code keeps zero and the model reads as zero (fail closed)":                     NotModelled,
	"vector instruction before any VSETVLI: LMUL and vl unknown":                                            NotModelled,
	"store to a computed stack address (fail closed)":                                                       NotModelled,
	"store over the return address (fail closed)":                                                           NotModelled,
	"stack access where the stack pointer is unknown (fail closed)":                                         NotModelled,
	"returns with the stack pointer moved or unknown":                                                       NotModelled,
	"return through a stack slot that does not hold the address the function was called from (fail closed)": NotModelled,
	"return through %s, which does not hold the address the function was called from (fail closed)":         NotModelled,
	"jump to %s with a frame still on the stack":                                                            NotModelled,
	"jump to %s with %s not the address the function was called from (fail closed)":                         NotModelled,
	"jump into the middle of %s (not modelled)":                                                             NotModelled,
	"data in a TEXT symbol, not an instruction (fail closed)":                                               NotModelled,
	"conditional jump to another function (not modelled)":                                                   NotModelled,
	"call linking X5 of a function other than the stack growth (fail closed)":                               NotModelled,
	"call into the middle of a step of a Duff's device (fail closed)":                                       NotModelled,
	"%s writes the frame at an unknown offset (fail closed)":                                                NotModelled,
	"%s writes the stack above the frames the analysis knows (fail closed)":                                 NotModelled,
	"call assumed constant time that may write a frame whose end the analysis does not know (fail closed)":  NotModelled,
	"%s is not a vector register group at LMUL %d":                                                          NotModelled,
	"%s": NotModelled, // passed on: classified where made
}

// TestKindOfEveryReason checks that every reason the engine's code writes
// (each format of a Find call, under engine/) is in kindOfReason, and
// that KindOf gives each the kind the table says.
func TestKindOfEveryReason(t *testing.T) {
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "testdata") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Find" {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Errorf("%s: a Find whose reason is not a literal", path)
				return true
			}
			s, _ := strconv.Unquote(lit.Value)
			seen[s] = true
			if _, ok := kindOfReason[s]; !ok {
				t.Errorf("%s: reason %q has no kind in kindOfReason", path, s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 40 {
		t.Fatalf("found %d reasons; the walk missed the models", len(seen))
	}
	for format, want := range kindOfReason {
		if format == "%s" {
			continue
		}
		reason := strings.NewReplacer("%s", "X5", "%q", `"avx"`, "%d", "2").Replace(format)
		if got := KindOf(reason); got != want {
			t.Errorf("KindOf(%q) = %s, want %s", reason, got, want)
		}
	}
	// Those made outside a Find: a deferred call, a recursion.
	if got := KindOf(deferFinding("runtime.deferproc")); got != CallNotFollowed {
		t.Errorf("a deferred call: %s, want %s", got, CallNotFollowed)
	}
}
