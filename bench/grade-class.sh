#!/usr/bin/env bash
# Grading, end to end, with GNU time: a class of 1,000 answer files against
# exercises/lesson.key (the files of grade's BenchmarkGradeClass), three
# runs; then the peak memory of one answer file of 50 MB and of 100 MB of
# blank lines (read from standard input, which no size limit guards, so the
# stream itself must stay bounded). Not part of CI. Usage: bench/grade-class.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/sqrtdk" ./cmd/sqrtdk
mkdir "$work/class"
SQRTDK_WRITE_CLASS="$work/class" go test -count=1 -run TestWriteBenchClass ./grade >/dev/null
printf '%-44s %8s %8s %8s\n' run wall_s CPU_s RSS_MB
measure() { # label command...
	local label=$1
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >/dev/null 2>&1 || true
	read -r secs user sys kb < <(tail -n 1 "$work/time")
	printf '%-44s %8s %8.2f %8.1f\n' "$label" "$secs" "$(echo "$user+$sys" | bc -l)" "$(echo "$kb/1024" | bc -l)"
}
for i in 1 2 3; do
	measure "grade 1,000 files, lesson.key (run $i)" "$work/sqrtdk" grade --key exercises/lesson.key --format csv "$work"/class/*.answers
done
for mb in 50 100; do
	head -c $((mb * 1024 * 1024)) /dev/zero | tr '\0' '\n' >"$work/blank.answers"
	measure "grade $mb MB of blank lines (stdin)" sh -c "\"$work/sqrtdk\" grade --key exercises/lesson.key - <\"$work/blank.answers\""
done
echo "(load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores)"
go test -run XXX -bench GradeClass -benchtime 3x ./grade | grep Benchmark
