#!/usr/bin/env bash
# Reproduces the evaluation in ../README.md from the Go module proxy.
#
#   bash eval/run.sh [-tool PATH] [-only REGEX] [-work DIR]
#
# For each line of eval/modules.txt it downloads the module version
# (go mod download), copies it to a scratch folder (the module cache is
# read-only), gives it a go.mod if it predates modules, and runs
# secretcmp -test=false on the packages named there. Each finding is
# matched with its verdict in eval/verdicts.tsv; the known true compares
# that the tool must find ("missed" rows count against recall when not
# found, and are reported as found when they are). It prints one line per
# module and the totals, and writes eval/out/findings.tsv.
#
# Needs: go (1.26), the module proxy. Nothing downloaded is kept in the
# repository: the copies live under -work (default a temp dir).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tool=""
only="."
work=""
while [ $# -gt 0 ]; do
	case "$1" in
	-tool) tool=$2; shift 2 ;;
	-only) only=$2; shift 2 ;;
	-work) work=$2; shift 2 ;;
	*) echo "usage: $0 [-tool PATH] [-only REGEX] [-work DIR]" >&2; exit 2 ;;
	esac
done
if [ -z "$tool" ]; then
	tool=$(mktemp -d)/secretcmp
	go -C "$here/.." build -o "$tool" ./cmd/secretcmp
fi
[ -n "$work" ] || work=$(mktemp -d)
mkdir -p "$work" "$here/out"
out="$here/out/findings.tsv"
: >"$out"
: >"$here/out/times.tsv.new"
export GOFLAGS=-mod=mod GOTOOLCHAIN=local GOWORK=off

grep -v '^#' "$here/modules.txt" | grep -E "$only" | while read -r modver patterns; do
	[ -n "$modver" ] || continue
	patterns=${patterns%%#*}
	mod=${modver%@*}
	dir=$(go mod download -json "$modver" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
	if [ -z "$dir" ]; then
		echo "$modver: download failed" >&2
		continue
	fi
	dst="$work/$(echo "$modver" | tr '/@' '__')"
	if [ ! -d "$dst" ]; then
		cp -r "$dir" "$dst"
		chmod -R u+w "$dst"
		if [ ! -f "$dst/go.mod" ]; then
			(cd "$dst" && go mod init "$mod" >/dev/null 2>&1 && go mod tidy >/dev/null 2>&1) || true
		fi
		(cd "$dst" && go mod download >/dev/null 2>&1) || true
	fi
	npkg=$(cd "$dst" && go list $patterns 2>/dev/null | wc -l)
	start=$(date +%s.%N)
	(cd "$dst" && "$tool" -test=false $patterns >"$dst/.secretcmp.out" 2>&1) || true
	end=$(date +%s.%N)
	secs=$(echo "$end - $start" | bc)
	# file:line:col: message  ->  modver \t relpath:line \t message
	grep -E '^[^ ]+\.go:[0-9]+:[0-9]+: ' "$dst/.secretcmp.out" |
		awk -v dst="$dst/" -v mv="$modver" '{
			if (index($0, dst) == 1) $0 = substr($0, length(dst) + 1)
			match($0, /^[^:]+:[0-9]+:[0-9]+: /)
			split(substr($0, 1, RLENGTH), p, ":")
			printf "%s\t%s:%s\t%s\n", mv, p[1], p[2], substr($0, RLENGTH + 1)
		}' >>"$out" || true
	if grep -vE '^[^ ]+\.go:[0-9]+:[0-9]+: ' "$dst/.secretcmp.out" | grep -q .; then
		grep -vE '^[^ ]+\.go:[0-9]+:[0-9]+: ' "$dst/.secretcmp.out" | head -3 | sed "s|^|$modver: |" >&2
	fi
	printf '%s\t%s\t%s\n' "$modver" "$npkg" "$secs" >>"$here/out/times.tsv.new"
done
mv "$here/out/times.tsv.new" "$here/out/times.tsv"
awk -f "$here/table.awk" "$here/verdicts.tsv" "$here/out/times.tsv" "$out"
