//go:build !darwin

package sysfeat

// HasDIT and HasSB are false off macOS, where golang.org/x/sys/cpu and
// the ID registers already tell, or nothing does.
func HasDIT() bool { return false }

func HasSB() bool { return false }
