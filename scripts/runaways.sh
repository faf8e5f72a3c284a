#!/usr/bin/env bash
# Runs the runaway cases of issue 22 (each once, under an address-space
# limit and a timeout) and prints, per case, the exit status, the peak RSS,
# the wall and CPU time, the output's size, the load, and the first line of
# standard error. Before the cost model these crashed or ran for minutes;
# now each is planned before work and refused at once, or runs within its
# limits. The four 218 MB shards of the merge case take a minute to write
# and the merge several minutes of JSON decoding, so that case runs only
# with --merge.
#
# Usage: scripts/runaways.sh [--merge] [BINARY]
# (BINARY defaults to a build of ./cmd/sqrtdk; needs /usr/bin/time and prlimit.)
set -euo pipefail
cd "$(dirname "$0")/.."
merge=false
if [ "${1:-}" = "--merge" ]; then merge=true; shift; fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bin=${1:-}
if [ -z "$bin" ]; then
  bin=$dir/sqrtdk
  go build -o "$bin" ./cmd/sqrtdk
fi
cap=$((4 << 30)) # bytes of address space: a runaway dies here, not the machine
cd "$dir"
for _ in $(seq 20); do echo "distribution d=10000 is [(0, 1)]"; done > twenty.claims
{ echo "title big"; echo "with show=yes"; for i in $(seq 20); do echo "question $i d"; echo "answer $i distribution d=10000"; done; } > show.key
{ echo "student x"; for i in $(seq 20); do echo "$i [(0,1)]"; done; } > show.answers
# 10^6 distinct outcomes at d_k = 20: q = k = the bits of the line number as ±1.
awk 'BEGIN { for (i = 0; i < 1000000; i++) { s = ""; for (b = 0; b < 20; b++) s = s (b ? "," : "") (int(i / 2^b) % 2 ? "1" : "-1"); print "1 " s " " s } }' > joint.txt

run() {
  local label=$1; shift
  local tv=$dir/time.txt
  set +e
  /usr/bin/time -v -o "$tv" prlimit --as=$cap timeout -s KILL 600 "$bin" "$@" > out.txt 2> err.txt
  local rc=$?
  set -e
  local rss wall user sys
  rss=$(awk -F': ' '/Maximum resident/{print $2}' "$tv")
  wall=$(awk -F': ' '/Elapsed/{print $2}' "$tv")
  user=$(awk -F': ' '/User time/{print $2}' "$tv")
  sys=$(awk -F': ' '/System time/{print $2}' "$tv")
  printf '%-36s exit %-3s %7d MB %9s wall %7.1f CPU-s %9d B out  load %s | %s\n' "$label" "$rc" $((rss / 1024)) "$wall" \
    "$(echo "$user + $sys" | bc)" "$(stat -c %s out.txt)" "$(cut -d' ' -f1 /proc/loadavg)" "$(grep -v '^goroutine\|^$' err.txt | head -1 | cut -c1-160)"
}

run "dist --d 50 --shard 5/1048576" dist --d 50 --shard 5/1048576
run "table --d 2,40 --shard 1/4" table --d 2,40 --shard 1/4
run "dist ±0,1 --d 25 --shard 0/1048576" dist --values -1,0,1 --d 25 --shard 0/1048576
run "dist --d 37 --shard 0/4" dist --d 37 --shard 0/4
run "dist --d 38 --shard 0/4" dist --d 38 --shard 0/4
run "prove --d 10000" prove --d 10000
run "prove --d 1..800" prove --d "$(seq -s, 1 800)"
run "prove --values 0 --d 1000000" prove --values 0 --d 1000000
run "prove --values 1 --d 100000" prove --values 1 --d 100000
run "prove --joint (10^6 outcomes)" prove --joint joint.txt
run "check 20× distribution d=10000" check twenty.claims
run "grade, show=yes distributions" grade --key show.key show.answers
run "exercise --answer-key, show=yes" exercise --answer-key --key show.key --student x
run "plot dist --d 2 --scale d^1/1000" plot dist --d 2 --scale d^1/1000 -o p.svg
run "dist 0:10^6 vs 5, d 10^5, csv" dist --values 0:1000000 --k-values 5 --d 100000 --format csv
if $merge; then
  for i in 0 1 2 3; do "$bin" dist --values 0,1 --k-values 0,1,16700000 --d 1 --shard $i/4 -o s$i.json; done
  run "merge 4 × 218 MB shards" merge s0.json s1.json s2.json s3.json
fi
