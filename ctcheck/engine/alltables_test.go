package engine

import "testing"

var isaTables = []*isaTable{x86Table, arm64Table, riscv64Table, ppc64Table, s390xTable, loong64Table, armTable}

func TestRows(t *testing.T) {
	for _, tab := range isaTables {
		t.Run(tab.arch.GOARCH, func(t *testing.T) { testRows(t, tab) })
	}
}

func TestObjdumpForms(t *testing.T) {
	for _, tab := range isaTables {
		if tab.objRows != nil {
			t.Run(tab.arch.GOARCH, func(t *testing.T) { testObjdumpForms(t, tab) })
		}
	}
}
