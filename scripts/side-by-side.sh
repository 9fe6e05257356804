#!/usr/bin/env bash
# Times two commands side by side: both start together, one per core, for
# ROUNDS rounds, the first to start alternating; prints each run's
# "| total" line (the `ffo` example's summary row).
#
#     scripts/side-by-side.sh "CMD_A" "CMD_B" [ROUNDS]
#
# e.g. (two builds of the `ffo` example copied aside first):
#
#     scripts/side-by-side.sh \
#         "/tmp/ffo-before --from 20 --to 39 --algo mtdf-enh --cpu" \
#         "/tmp/ffo-after --from 20 --to 39 --algo mtdf-enh --cpu" 3
#
# On a shared or virtual machine one binary's CPU time can move by a third
# from one run to the next, so only the two runs of one round compare
# (docs/OTHELLO.md, "A folded evaluation"); node counts do not depend on
# the load. Each run's whole output is kept in $TMPDIR (default /tmp) as
# side-by-side.A.ROUND and side-by-side.B.ROUND.
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 \"CMD_A\" \"CMD_B\" [ROUNDS]" >&2
    exit 2
fi
a=$1
b=$2
rounds=${3:-3}
case $rounds in
    '' | *[!0-9]* | 0)
        echo "$0: ROUNDS must be a positive whole number, not '$rounds'" >&2
        exit 2
        ;;
esac
out=${TMPDIR:-/tmp}/side-by-side
for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) -eq 1 ]; then
        (eval "$a" >"$out.A.$r" 2>&1) &
        pa=$!
        (eval "$b" >"$out.B.$r" 2>&1) &
        pb=$!
    else
        (eval "$b" >"$out.B.$r" 2>&1) &
        pb=$!
        (eval "$a" >"$out.A.$r" 2>&1) &
        pa=$!
    fi
    sa=0
    sb=0
    wait "$pa" || sa=$?
    wait "$pb" || sb=$?
    for side in A B; do
        line=$(grep '| total' "$out.$side.$r" || true)
        echo "round $r $side: ${line:-(no total line; see $out.$side.$r)}"
    done
    if [ "$sa" -ne 0 ] || [ "$sb" -ne 0 ]; then
        echo "$0: round $r: A exited $sa, B exited $sb" >&2
        exit 1
    fi
done
