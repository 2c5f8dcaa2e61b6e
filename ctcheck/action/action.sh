#!/usr/bin/env bash
# The steps of ctcheck's action (action.yml), one per argument: build,
# check, gate. GitHub sets GITHUB_ACTION_PATH, RUNNER_TEMP and
# GITHUB_OUTPUT, and the INPUT_ variables from the action's inputs; CI
# sets them itself to run the steps without GitHub (.ci/run).
set -euo pipefail

bin="$RUNNER_TEMP/ctcheck-action/ctcheck"

case "${1:-}" in
build)
	# ctcheck from the source beside this script, which is the ref the
	# workflow names: the action and the checker cannot drift apart. It
	# needs no module but its own (GOWORK=off: the repository's go.work
	# is ctequal's, not the user's).
	mkdir -p "$(dirname "$bin")"
	GOWORK=off GOFLAGS= go build -C "$GITHUB_ACTION_PATH/.." -o "$bin" ./cmd/ctcheck
	"$bin" -version
	;;
check)
	set -f # the inputs' words are not patterns
	# The format is the action's to set: a -json, -format or
	# -write-baseline among the flags would make ctcheck exit 0 on
	# findings, and the gate pass them.
	for f in ${INPUT_FLAGS:-}; do
		case "$f" in
		-json | --json | -json=* | --json=* | -format* | --format* | -write-baseline* | --write-baseline*)
			echo "ctcheck action: flags may not hold $f: the format input sets the output" >&2
			exit 2
			;;
		esac
	done
	args=(-goarch "$INPUT_GOARCHES")
	[ -z "${INPUT_POLICY:-}" ] || args+=(-policy "$INPUT_POLICY")
	[ -z "${INPUT_BASELINE:-}" ] || args+=(-baseline "$INPUT_BASELINE")
	# Flags and packages are lists of words, split at spaces (no quoting:
	# declarations go in the policy file).
	# shellcheck disable=SC2206
	args+=(${INPUT_FLAGS:-} ${INPUT_PACKAGES:-./...})
	case "${INPUT_FORMAT:-sarif}" in
	sarif)
		sarif="$RUNNER_TEMP/ctcheck-action/ctcheck.sarif"
		# -format sarif exits 0 with findings (1 on an error): the gate
		# step fails the job, after the upload.
		"$bin" -format sarif "${args[@]}" >"$sarif"
		# The findings a baseline did not accept: the results without a
		# suppression.
		n=$(jq '[.runs[].results[] | select(.suppressions == null)] | length' "$sarif")
		echo "sarif-file=$sarif" >>"$GITHUB_OUTPUT"
		echo "findings=$n" >>"$GITHUB_OUTPUT"
		echo "ctcheck: $n findings not in the baseline; the log is $sarif"
		;;
	text)
		rc=0
		"$bin" "${args[@]}" || rc=$?
		case $rc in
		0) echo "findings=0" >>"$GITHUB_OUTPUT" ;;
		3) echo "findings=some" >>"$GITHUB_OUTPUT" ;; # text does not count them
		*) exit "$rc" ;;
		esac
		;;
	*)
		echo "ctcheck action: format must be sarif or text, not '$INPUT_FORMAT'" >&2
		exit 2
		;;
	esac
	;;
gate)
	if [ "${FINDINGS:-}" != 0 ]; then
		echo "ctcheck: findings that the baseline does not accept: ${FINDINGS:-unknown} (see the check step's log or code scanning)" >&2
		exit 3
	fi
	;;
*)
	echo "usage: action.sh build | check | gate" >&2
	exit 2
	;;
esac
