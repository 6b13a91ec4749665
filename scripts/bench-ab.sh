#!/usr/bin/env bash
# Compares the audit's CPU time at two revisions: BenchmarkAuditGoroot's
# cpu-s/op, each revision's test binary run in turn, N times each, on the
# tree DIR (default: GOROOT/src), then the means and their ratio. CPU time,
# in turns, says what a change costs on a machine other work shares.
#
#   scripts/bench-ab.sh REV_A REV_B [DIR] [N]
#   MODE=tokens scripts/bench-ab.sh ...   (default no-tokens)
#   METRIC=wall scripts/bench-ab.sh ...   (wall seconds, for changes to how
#                                         the work is spread over the cores)
set -euo pipefail
cd "$(dirname "$0")/.."
a=$1 b=$2
dir=${3:-$(go env GOROOT)/src}
n=${4:-3}
mode=${MODE:-no-tokens}
unit=cpu-s/op scale=1
if [ "${METRIC:-cpu}" = wall ]; then
	unit=ns/op scale=1e-9
fi
work=$(mktemp -d)
trap 'for r in a b; do git worktree remove --force "$work/$r" 2>/dev/null || true; done; rm -rf "$work"' EXIT
for r in a b; do
	git worktree add -q --detach "$work/$r" "${!r}"
	(cd "$work/$r" && go test -c -o "$work/$r.test" ./reader/audit)
done
runs=()
for _ in $(seq "$n"); do
	for r in a b; do
		s=$(GOGC=1600 GOMEMLIMIT=96MiB AUDIT_BENCH_DIR="$dir" "$work/$r.test" -test.run '^$' \
			-test.bench "AuditGoroot/^$mode\$" -test.benchtime 3x | awk -v u="$unit" -v k="$scale" '$0 ~ u {for (i = 1; i < NF; i++) if ($(i+1) == u) print $i * k}')
		printf '%-12s %s s\n' "${!r}" "$s"
		runs+=("$r $s")
	done
done
printf '%s\n' "${runs[@]}" | awk -v a="$a" -v b="$b" '
	{ sum[$1] += $2; n[$1]++ }
	END {
		ma = sum["a"] / n["a"]; mb = sum["b"] / n["b"]
		printf "mean %-7s %.3f s\nmean %-7s %.3f s\nratio        %.2fx\n", a, ma, b, mb, ma / mb
	}' 
