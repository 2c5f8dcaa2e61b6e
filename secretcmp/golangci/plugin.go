// Package golangci registers secretcmp as a golangci-lint module plugin
// (github.com/golangci/plugin-module-register). Name it in
// .custom-gcl.yml and enable it in .golangci.yml: see secretcmp's README.
//
// Its settings are the command's flags:
//
//	linters:
//	  settings:
//	    custom:
//	      secretcmp:
//	        type: module
//	        settings:
//	          fixwith: auto # ctequal where the build has it, else hmac.Equal / subtle.ConstantTimeCompare; or ctequal, std
//	          names: true   # report values only named like secrets
package golangci

import (
	"fmt"
	"strconv"

	"github.com/ctequal/ctequal/secretcmp"
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
)

func init() {
	register.Plugin("secretcmp", New)
}

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	FixWith   *string `json:"fixwith"`
	Std       *bool   `json:"std"` // the same as fixwith: std
	Names     *bool   `json:"names"`
	TestFiles *bool   `json:"testfiles"`
}

// New returns the plugin for golangci-lint's settings.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, err
	}
	for name, v := range map[string]*bool{"std": s.Std, "names": s.Names, "testfiles": s.TestFiles} {
		if v == nil {
			continue
		}
		if err := secretcmp.Analyzer.Flags.Set(name, strconv.FormatBool(*v)); err != nil {
			return nil, err
		}
	}
	if s.FixWith != nil {
		if err := secretcmp.Analyzer.Flags.Set("fixwith", *s.FixWith); err != nil {
			return nil, fmt.Errorf("secretcmp: fixwith: %v", err)
		}
	}
	return plugin{}, nil
}

type plugin struct{}

func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{secretcmp.Analyzer}, nil
}

func (plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
