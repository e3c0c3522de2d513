#!/bin/bash
# What a fresh install pays on each game's first use: a snapshot of the
# committed tree (git archive HEAD) with its numba cache (NUMBA_CACHE_DIR) and
# its native search libraries (solver/kernels/__pycache__) empty, then for
# each game `atout solve` of the deal `atout deal --game G --seed 1` prints,
# --max-nodes 100000, twice: the first compiles, the second loads.
# usage: bench/first_use.sh [WORKDIR] [GAME ...]   (results: WORKDIR/results.txt)
# The shared cache of the working tree is never touched.
set -u
M=${1:-/tmp/atout-first-use}; shift || true
games=${*:-bridge smear tarot2 belote tarocco tarot}
repo=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$M/src" "$M/pkg"; mkdir -p "$M/src" "$M/pkg/atout"
(cd "$repo" && git archive HEAD) | tar -x -C "$M/src"
for d in engine solver analysis players cli web; do ln -sfn "$M/src/$d" "$M/pkg/atout/$d"; done
export PYTHONPATH=$M/pkg
cd "$M"
echo "head $(cd "$repo" && git rev-parse --short HEAD) $(date -u +%FT%TZ)" > "$M/results.txt"
for g in $games; do
  find "$M/src/solver/kernels" -name __pycache__ -prune -exec rm -rf {} +
  cache=$(mktemp -d "$M/numba.XXXX")
  deal=$(python -c "from atout.engine import get_game; g=get_game('$g'); print(g.format_deal(g.random_deal(1)))")
  for run in first second; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -f "$g $run %e s wall %U s processor load_before $load" -a -o "$M/results.txt" \
      env NUMBA_CACHE_DIR="$cache" python -m atout.cli.main solve --game "$g" "$deal" --max-nodes 100000 \
      > "$M/out-$g-$run.txt" 2>&1
  done
  rm -rf "$cache"
done
cat "$M/results.txt"
