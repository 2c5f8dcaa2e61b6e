package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// The disassembly front end of the architectures whose every instruction
// Go's own disassembler decodes (arm64, riscv64, ppc64le, s390x, arm,
// loong64): go tool objdump on the linked binary. This file reads its
// lines; each architecture's objdump hook (Arch.objdump) reads its
// operands, with a parser of its own that shares nothing with the
// listing's.

// disassembleGo runs go tool objdump on bin for the functions whose
// symbols match the regular expression symbols ("" for all), and reads
// them.
func disassembleGo(ctx context.Context, goTool string, a *Arch, bin, symbols string) (*Program, error) {
	args := []string{"tool", "objdump"}
	if symbols != "" {
		args = append(args, "-s", symbols)
	}
	cmd := exec.CommandContext(ctx, goTool, append(args, bin)...)
	cmd.Env = append(os.Environ(), "GOOS=", "GOARCH=") // the tool of this machine
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go tool objdump %s: %v\n%s", filepath.Base(bin), err, stderr.Bytes())
	}
	return ParseGoObjdump(a, string(out))
}

// ParseGoObjdump reads what go tool objdump printed.
func ParseGoObjdump(a *Arch, out string) (*Program, error) {
	if a.Objdump == nil {
		return nil, fmt.Errorf("no disassembly front end for %s", a.GOARCH)
	}
	p := NewProgram(a)
	var cur *Func
	for i, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "TEXT ") {
			if cur != nil {
				p.Add(cur)
			}
			// TEXT sym(SB) file: a generic instantiation's name holds
			// spaces (F[go.shape.struct { X uint64 }]).
			name, source, _ := strings.Cut(strings.TrimPrefix(line, "TEXT "), "(SB)")
			cur = &Func{Name: name, Source: strings.TrimSpace(source), Frame: -1}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		var fields []string
		for _, f := range strings.Split(line, "\t") {
			if f = strings.TrimSpace(f); f != "" {
				fields = append(fields, f)
			}
		}
		if cur == nil || len(fields) != 4 {
			return nil, fmt.Errorf("objdump line %d: want position, address, encoding and instruction: %q", i+1, line)
		}
		addr, err := strconv.ParseUint(strings.TrimPrefix(fields[1], "0x"), 16, 64)
		if err != nil {
			return nil, fmt.Errorf("objdump line %d: address: %v", i+1, err)
		}
		in := Inst{Pos: fields[0], Addr: addr, Hex: fields[2], Size: len(fields[2]) / 2, Text: fields[3]}
		op, rest, _ := strings.Cut(in.Text, " ")
		in.Op = op
		var args []string
		if rest = strings.TrimSpace(rest); rest != "" {
			args = objSplit(rest)
		}
		if err := a.Objdump(cur, &in, args); err != nil {
			in.Op, in.Args = "?"+in.Op, nil
		}
		cur.Insts = append(cur.Insts, in)
	}
	if cur != nil {
		p.Add(cur)
	}
	if len(p.Funcs) == 0 {
		return nil, fmt.Errorf("objdump printed no functions")
	}
	return p, nil
}

// objSplit splits what go tool objdump prints after an opcode into its
// operands: at ", " outside parentheses and brackets (a register list
// [V1.B16, V2.B16], a pair (F8, F9)).
func objSplit(s string) []string {
	var out []string
	level, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			level++
		case ')', ']':
			level--
		case ',':
			if level == 0 {
				out = append(out, strings.TrimSpace(s[from:i]))
				from = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[from:]))
}
