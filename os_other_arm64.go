//go:build gc && !purego && !darwin

package ctequal

// osHasDIT and osHasSB are false where golang.org/x/sys/cpu and the ID
// registers already tell, or nothing does.
func osHasDIT() bool { return false }

func osHasSB() bool { return false }
