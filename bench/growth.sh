#!/usr/bin/env bash
# Time (wall and CPU) and peak memory of sqrtdk as d_k grows, end to end
# (process start, computation, CSV output), with GNU time. Not part of CI.
# Usage: bench/growth.sh [workers]   (default: all cores)
set -euo pipefail
cd "$(dirname "$0")/.."
workers=${1:-0}
exe=$(mktemp -d)/sqrtdk
go build -o "$exe" ./cmd/sqrtdk
printf '%-6s %-10s %-6s %6s %-7s %8s %8s %8s\n' cmd values method d workers seconds CPU_s RSS_MB
run() { # command values method d
	/usr/bin/time -f '%e %U %S %M' -o /tmp/sqrtdk-growth.$$ \
		"$exe" "$1" --values="$2" --method "$3" --d "$4" --workers "$workers" --format csv >/dev/null
	read -r secs user sys kb </tmp/sqrtdk-growth.$$
	printf '%-6s %-10s %-6s %6s %-7s %8s %8.2f %8.1f\n' "$1" "$2" "$3" "$4" "$workers" "$secs" \
		"$(echo "$user+$sys" | bc -l)" "$(echo "$kb/1024" | bc -l)"
}
for d in 12 14 15 16 17 18 19 20; do run dist -1,1 brute $d; done
for d in 12 14 16; do run dist 1,2 brute $d; done
for d in 6 7 8 9 10 11; do run dist -1,0,1 brute $d; done
for d in 5 6 7 8; do run dist -3,-1,1,3 brute $d; done
for d in 6 7 8 9; do run dist -1,0:2,1 brute $d; done
for d in 8 12 16; do run dist -2,1/2:4 brute $d; done
for d in 1000 10000; do run dist -1,1 closed $d; run dist -1,0,1 closed $d; done
for d in 10000 100000; do run table -1,1 closed $d; done
for d in 2000 20000; do run table -1,0,1 closed $d; done
rm -f /tmp/sqrtdk-growth.$$
echo "(load average: $(cut -d' ' -f1-3 /proc/loadavg))"
