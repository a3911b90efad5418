#!/usr/bin/env bash
# Is CI reliable under load? Clones the given commit (default: HEAD of this checkout) twice and runs
# `.ci/run` in both at once, ROUNDS times (default 3), printing one line per round. The suite must
# pass three rounds in a row like this (docs/decisions/0543-test-timeouts-sized-for-a-paired-run.md).
# A round takes about 29 minutes on a 2-core machine; run it with nothing
# else on the machine, and read a failing round's log before calling it noise.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
commit="$(git -C "$repo" rev-parse "${1:-HEAD}")"
rounds="${ROUNDS:-3}"
work="$(mktemp -d "${TMPDIR:-/tmp}/paired-ci.XXXXXX")"
echo "paired CI of ${commit:0:7}, ${rounds} rounds; logs in $work"
for round in $(seq 1 "$rounds"); do
  started=$(date +%s)
  for side in a b; do
    rm -rf "${work:?}/$side"
    git clone -q "$repo" "$work/$side" && git -C "$work/$side" checkout -q "$commit"
  done
  (cd "$work/a" && bash .ci/run >"$work/round$round-a.log" 2>&1; echo $? >"$work/round$round-a.rc") &
  (cd "$work/b" && bash .ci/run >"$work/round$round-b.log" 2>&1; echo $? >"$work/round$round-b.rc") &
  wait
  echo "round $round: a=$(cat "$work/round$round-a.rc") b=$(cat "$work/round$round-b.rc") $(($(date +%s) - started)) s"
done
