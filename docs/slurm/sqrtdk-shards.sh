#!/usr/bin/env bash
# Run one sqrtdk enumeration as a Slurm job array of shards, then merge.
#
#   SQRTDK=$HOME/bin/sqrtdk SHARDS=16 RUN="dist --d 21" docs/slurm/sqrtdk-shards.sh submit
#
# "submit" (on a login node) submits this script twice: as an array of
# SHARDS tasks that each enumerate one slice, and as a merge job that starts
# only after every task succeeded (afterok). The result lands in
# $OUT/result.txt. Every shard file appears only when complete (sqrtdk
# writes it under a temporary name and renames it), so resubmitting the
# array after a failure redoes only the missing slices.
#
# Variables (exported to the jobs):
#   SQRTDK  the sqrtdk binary, on a filesystem the nodes share (default: sqrtdk in PATH)
#   RUN     the sqrtdk command and its spec, without output flags (default: dist --d 21)
#   SHARDS  the number of slices (default: 16)
#   OUT     a shared directory for the shard files and the result (default: ./sqrtdk-run)
#   MERGE   output flags for the merge, e.g. "--format json" (default: none)
#
#SBATCH --job-name=sqrtdk
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
#SBATCH --output=sqrtdk-%x-%A_%a.log
set -euo pipefail

SQRTDK=${SQRTDK:-sqrtdk}
RUN=${RUN:-dist --d 21}
SHARDS=${SHARDS:-16}
OUT=${OUT:-$PWD/sqrtdk-run}
MERGE=${MERGE:-}
export SQRTDK RUN SHARDS OUT MERGE

shard_file() { echo "$OUT/shard-$1-of-$SHARDS.json"; }

case "${1:-}" in
submit)
	mkdir -p "$OUT"
	script=$(realpath "$0")
	array=$(sbatch --parsable --export=ALL --array="0-$((SHARDS - 1))" "$script" shard)
	merge=$(sbatch --parsable --export=ALL --job-name=sqrtdk-merge --cpus-per-task=1 \
		--dependency="afterok:${array%%;*}" "$script" merge)
	echo "shards: job array $array; merge: job $merge; result: $OUT/result.txt"
	;;
shard)
	i=${SLURM_ARRAY_TASK_ID:?shard mode runs inside a Slurm job array}
	file=$(shard_file "$i")
	if [[ -s $file ]]; then
		echo "slice $i/$SHARDS is already done: $file"
		exit 0
	fi
	# shellcheck disable=SC2086 # RUN is a list of arguments
	"$SQRTDK" $RUN --shard "$i/$SHARDS" --workers "${SLURM_CPUS_PER_TASK:-0}" -o "$file"
	;;
merge)
	files=()
	for ((i = 0; i < SHARDS; i++)); do files+=("$(shard_file "$i")"); done
	# sqrtdk refuses missing, duplicated, corrupted or mismatched shards.
	# shellcheck disable=SC2086 # MERGE is a list of arguments
	"$SQRTDK" merge $MERGE -o "$OUT/result.txt" "${files[@]}"
	cat "$OUT/result.txt"
	;;
*)
	echo "usage: $0 submit|shard|merge (see the comment at the top)" >&2
	exit 2
	;;
esac
