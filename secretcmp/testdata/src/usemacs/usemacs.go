// Package usemacs compares secrets made in package macs.
package usemacs

import (
	"bytes"
	"crypto/hmac"
	"net"

	"macs"
)

func check(key, msg, got []byte, c macs.Cookie, gotHex, sess string) bool {
	if !bytes.Equal(macs.Sign(key, msg), got) { // want `tag from hmac.New\(\.\.\.\)\.Sum at macs.go:17 compared with bytes.Equal in variable time against .*: use ctequal.Equal`
		return false
	}
	h, err := macs.SignHex(key, msg)
	if err != nil || h != gotHex { // want `hex of tag from hmac.New\(\.\.\.\)\.Sum at macs.go:17 compared with != in variable time against .*: use ctequal.EqualString`
		return false
	}
	if bytes.Equal(c.MAC, got) { // want `tag from hmac.New\(\.\.\.\)\.Sum at macs.go:17 compared with bytes.Equal`
		return true
	}
	m := macs.NewMAC(key)
	m.Write(msg)
	if string(m.Sum(nil)) == string(got) { // want `tag from hmac.New\(\.\.\.\)\.Sum at usemacs.go:25 compared with ==`
		return true
	}
	return c.Value == "x" || sess == macs.SessionKey || hmac.Equal(c.MAC, got) // want `token from crypto/rand.Text at macs.go:41 compared with ==`
}

// The facts carry field paths by type: a Name's Buffer is not a Digest's.
func buffers(d macs.Digest, n macs.Name, got []byte) bool {
	if bytes.Equal(n.Buffer, got) {
		return true
	}
	return bytes.Equal(d.Buffer, got) // want `tag from hmac.New\(\.\.\.\)\.Sum at macs.go:17 compared with bytes.Equal in variable time against got, parameter got of buffers, not called in its package \(usemacs.go:\d+\): use ctequal.Equal`
}

// A message parsed from a connection's bytes by another package's
// function: what it fills is the peer's.
func fromConn(conn net.Conn, key, msg []byte) bool {
	buf := make([]byte, 64)
	n, _ := conn.Read(buf)
	var w macs.Wire
	macs.ParseWire(buf[:n], &w)
	return bytes.Equal(macs.Sign(key, msg), w.Tag) // want `tag from hmac.New\(\.\.\.\)\.Sum at macs.go:17 compared with bytes.Equal in variable time against w.Tag, data filled by macs.ParseWire from`
}
