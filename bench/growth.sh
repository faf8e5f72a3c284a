#!/usr/bin/env bash
# Time and peak memory of sqrtdk's brute force as d_k grows, end to end
# (process start, enumeration, CSV output), with GNU time. Not part of CI.
# Usage: bench/growth.sh [workers]   (default: all cores)
set -euo pipefail
cd "$(dirname "$0")/.."
workers=${1:-0}
exe=$(mktemp -d)/sqrtdk
go build -o "$exe" ./cmd/sqrtdk
printf '%-8s %-6s %3s %-7s %10s %8s\n' values method d workers seconds RSS_MB
run() { # values method d
	/usr/bin/time -f '%e %M' -o /tmp/sqrtdk-growth.$$ \
		"$exe" dist --values="$1" --method "$2" --d "$3" --workers "$workers" --format csv >/dev/null
	read -r secs kb </tmp/sqrtdk-growth.$$
	printf '%-8s %-6s %3s %-7s %10s %8.1f\n' "$1" "$2" "$3" "$workers" "$secs" "$(echo "$kb/1024" | bc -l)"
}
for d in 12 13 14 15 16 17 18; do run -1,1 brute $d; done
for d in 12 14 16; do run 1,2 brute $d; done
for d in 6 7 8 9 10; do run -1,0,1 brute $d; done
for d in 5 6 7 8; do run -3,-1,1,3 brute $d; done
for d in 1000 10000; do run -1,1 closed $d; run -1,0,1 closed $d; done
rm -f /tmp/sqrtdk-growth.$$
echo "(load average: $(cut -d' ' -f1-3 /proc/loadavg))"
