// Package redteam runs the red team's leaks and false alarms (issues 24
// and 32) against both static checks, with CTEQUAL_REDTEAM=1, and checks
// that the constraint check reports the red team's files that only
// another build compiles (TestConstraintsOfOtherBuilds, always).
package redteam
