package engine

import "strings"

// A Kind is what sort of finding one is: the rule a finding breaks, by
// which a report groups, a baseline keys and SARIF names its rules.
type Kind string

const (
	// A branch, or a return, whose target depends on a secret.
	SecretBranch Kind = "secret-branch"
	// A memory access whose address, length or mask depends on a secret.
	SecretAddress Kind = "secret-address"
	// An instruction of variable latency, or a call of the runtime whose
	// time depends on a size, on secret data.
	VariableTime Kind = "variable-time"
	// An instruction on secret data whose timing no vendor states.
	UndocumentedTiming Kind = "undocumented-timing"
	// A store that no declaration allows: outside the frame where nothing
	// allows it, or a secret over bytes declared public.
	UndeclaredStore Kind = "undeclared-store"
	// A call the analysis does not follow: indirect, into code it does
	// not see, a deferred call.
	CallNotFollowed Kind = "call-not-followed"
	// An instruction that needs a CPU feature the code may not assume.
	FeatureNotAssumed Kind = "feature-not-assumed"
	// An instruction on secret data where a mode the function claims may
	// be off.
	ModeNotHeld Kind = "mode-not-held"
	// Code the models cannot follow: an instruction or operand not
	// modelled, a computed stack address, a return they cannot place.
	NotModelled Kind = "not-modelled"
)

// Kinds are every kind, in the order a report lists them.
var Kinds = []Kind{SecretBranch, SecretAddress, VariableTime, UndocumentedTiming, UndeclaredStore,
	CallNotFollowed, FeatureNotAssumed, ModeNotHeld, NotModelled}

// kindsByReason maps the start (or, with a leading "*", any part) of a
// finding's reason to its kind; the first that matches wins, and a reason
// none matches is NotModelled: what the models cannot tell fails closed.
var kindsByReason = []struct {
	prefix string
	kind   Kind
}{
	{"conditional branch on secret", SecretBranch},
	{"return to an address that depends on secret", SecretBranch},
	{"memory address depends on", SecretAddress},
	{"load length depends on secret", SecretAddress},
	{"vector length depends on secret", SecretAddress},
	{"masked memory access under a secret", SecretAddress},
	{"memory access under a secret condition", SecretAddress},
	{"stack pointer set from secret", SecretAddress},
	{"variable-latency instruction", VariableTime},
	{"secret size passed to", VariableTime},
	{"secret value passed to", VariableTime},
	{"secret length passed to", VariableTime},
	{"system register written from secret", VariableTime},
	{"*: function code depends on secret", VariableTime},
	{"instruction on secret data whose timing no vendor", UndocumentedTiming},
	{"store outside the stack frame", UndeclaredStore},
	{"*writes outside the stack frame where nothing allows it", UndeclaredStore},
	{"secret stored into", UndeclaredStore},
	{"secret stored at an unknown offset", UndeclaredStore},
	{"call of ", CallNotFollowed},
	{"indirect call or jump", CallNotFollowed},
	{"secret stack slot passed to", CallNotFollowed},
	{"*which this check does not see", CallNotFollowed},
	{"*which the analysis does not follow", CallNotFollowed},
	{"instruction needs CPU feature", FeatureNotAssumed},
	{"flag ", FeatureNotAssumed},
	{"instruction on secret data where", ModeNotHeld},
	{"*turned off before an instruction on secret data", ModeNotHeld},
	{"*speculation barrier that must follow MSR $1, DIT", ModeNotHeld},
}

// KindOf is the kind of a finding with this reason.
func KindOf(reason string) Kind {
	for _, k := range kindsByReason {
		if p, any := strings.CutPrefix(k.prefix, "*"); any && strings.Contains(reason, p) || !any && strings.HasPrefix(reason, p) {
			return k.kind
		}
	}
	return NotModelled
}
