package golangci_test

import (
	"testing"

	_ "github.com/ctequal/ctequal/secretcmp/golangci"
	"github.com/golangci/plugin-module-register/register"
)

func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin("secretcmp")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"std": true, "names": false})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 || as[0].Name != "secretcmp" {
		t.Fatalf("BuildAnalyzers() = %v, %v", as, err)
	}
	if got := as[0].Flags.Lookup("std").Value.String(); got != "true" {
		t.Errorf("std = %s after settings std: true", got)
	}
	if got := as[0].Flags.Lookup("names").Value.String(); got != "false" {
		t.Errorf("names = %s after settings names: false", got)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q", p.GetLoadMode())
	}
	if _, err := newPlugin(map[string]any{"nosuch": 1}); err == nil {
		t.Error("an unknown setting was accepted")
	}
	if _, err := newPlugin(map[string]any{"fixwith": "ctequal"}); err != nil {
		t.Fatal(err)
	}
	if got := as[0].Flags.Lookup("fixwith").Value.String(); got != "ctequal" {
		t.Errorf("fixwith = %s after settings fixwith: ctequal", got)
	}
	if _, err := newPlugin(map[string]any{"fixwith": "stdlib"}); err == nil {
		t.Error("fixwith: stdlib was accepted")
	}
}
