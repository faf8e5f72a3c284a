#!/usr/bin/env bash
# Instructions executed (valgrind callgrind's Ir) by sqrtdk's plain-Go kernels and by the portable C
# yardsticks (../shared/bench pm1.c and alpha.c built with gcc -O3 -march=x86-64-v2: POPCNT, no vector
# popcount), on the same histograms: a count that other work on a shared machine does not move, where
# CPU seconds move by ±30 %. One worker and one thread (callgrind runs threads one at a time anyway).
# sqrtdk is built twice: the default GOAMD64=v1, whose every bits.OnesCount64 tests a CPU flag on
# amd64, and GOAMD64=v2, which compiles it to POPCNT alone as arm64 compiles it to CNT alone.
#
#   bench/instructions.sh [YARDSTICKS_DIR]     # about a minute; needs valgrind and gcc
#
# Prints, per case and program, the instructions of the whole run and per pair (start-up, a few
# million instructions, included).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
ys=${1:-${SQRTDK_YARDSTICKS:-$repo/../shared/bench}}
[[ -d $ys ]] || ys=/work/shared/bench
for tool in valgrind gcc go python3; do
	command -v "$tool" >/dev/null || { echo "instructions.sh: $tool is missing" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/sqrtdk-v1" ./cmd/sqrtdk && GOAMD64=v2 go build -o "$tmp/sqrtdk-v2" ./cmd/sqrtdk)
gcc -O3 -march=x86-64-v2 -fopenmp -o "$tmp/pm1" "$ys/pm1.c"
gcc -O3 -march=x86-64-v2 -fopenmp -o "$tmp/alpha" "$ys/alpha.c"

# ir NAME CMD...: callgrind's instruction count of CMD. Go's asynchronous preemption signals upset
# callgrind, hence asyncpreemptoff; the plain-Go path is forced with GODEBUG as bench/paths.py does.
ir() {
	local name=$1
	shift
	GODEBUG=cpu.avx512f=off,cpu.avx2=off,asyncpreemptoff=1 OMP_NUM_THREADS=1 \
		valgrind --tool=callgrind --callgrind-out-file="$tmp/$name.cg" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	grep -o 'Collected : [0-9]*' "$tmp/$name.err" | awk '{print $3}'
}

printf '%-10s %3s %-26s %15s %12s\n' values d program instructions per-pair
for c in "-1,1 14" "-1,0,1 9"; do
	read -r values d <<<"$c"
	m=$(python3 -c "print(len('$values'.split(',')))")
	pairs=$(python3 -c "print($m ** (2 * $d))")
	if [[ $values == -1,1 ]]; then
		ccmd=("$tmp/pm1" vecsub "$d") cname="C pm1 vecsub (x86-64-v2)"
	else
		# shellcheck disable=SC2046
		ccmd=("$tmp/alpha" vec $(python3 "$ys/lattice.py" args "$values" "$d")) cname="C alpha vec (x86-64-v2)"
	fi
	for prog in v1 v2 C; do
		if [[ $prog == C ]]; then
			n=$(ir "c" "${ccmd[@]}") name=$cname
		else
			n=$(ir "$prog" "$tmp/sqrtdk-$prog" dist --values "$values" --d "$d" --method brute --format csv --workers 1)
			name="sqrtdk, Go GOAMD64=$prog"
		fi
		printf '%-10s %3s %-26s %15s %12.3f\n' "$values" "$d" "$name" "$n" "$(python3 -c "print($n / $pairs)")"
	done
done
