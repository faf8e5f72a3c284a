#!/usr/bin/env bash
# Run one sqrtdk enumeration as a Slurm job array of shards, then merge.
#
#   SQRTDK=$HOME/bin/sqrtdk SHARDS=16 RUN="dist --d 21" OUT=/shared/run21 docs/slurm/sqrtdk-shards.sh submit
#
# "submit" (on a login node) submits this script twice: as an array of
# tasks, one per slice whose shard file does not exist yet, and as a merge
# job that starts once every task has ended, however it ended (afterany).
# The merge checks that every slice's file is there, naming the missing
# slices and their logs if not, and writes $OUT/result.txt. A shard file
# appears only when complete (sqrtdk writes it under a temporary name and
# renames it; SIGTERM from scancel or a time limit removes the temporary),
# so after a failure, "submit" again with the same variables runs only the
# missing slices and a new merge.
#
# Variables (exported to the jobs):
#   SQRTDK  the sqrtdk binary, on a filesystem the nodes share (default: sqrtdk in PATH)
#   RUN     the sqrtdk command and its spec, without output flags (default: dist --d 21)
#   SHARDS  the number of slices (default: 16)
#   OUT     a shared directory for the shard files, logs and result (default: ./sqrtdk-run);
#           it belongs to one run: submitting another RUN into it is refused
#   MERGE   output flags for the merge, e.g. "--format json" (default: none)
#
#SBATCH --job-name=sqrtdk
#SBATCH --cpus-per-task=2
#SBATCH --time=02:00:00
set -euo pipefail

SQRTDK=${SQRTDK:-sqrtdk}
RUN=${RUN:-dist --d 21}
SHARDS=${SHARDS:-16}
OUT=${OUT:-$PWD/sqrtdk-run}
MERGE=${MERGE:-}
export SQRTDK RUN SHARDS OUT MERGE

shard_file() { echo "$OUT/shard-$1-of-$SHARDS.json"; }

# ranges turns a sorted list of numbers into Slurm's array syntax: 0-3,7,9-10.
ranges() {
	local out="" start="" prev="" i
	for i in "$@" ""; do
		if [[ -n $start && $i == $((prev + 1)) ]]; then
			prev=$i
			continue
		fi
		if [[ -n $start ]]; then
			out+=${out:+,}$start
			((prev > start)) && out+=-$prev
		fi
		start=$i prev=$i
	done
	echo "$out"
}

# missing_slices prints the slices whose shard file does not exist.
missing_slices() {
	local i
	for ((i = 0; i < SHARDS; i++)); do
		[[ -f $(shard_file "$i") && -s $(shard_file "$i") ]] || echo "$i"
	done
}

case "${1:-}" in
submit)
	mkdir -p "$OUT/logs"
	# One directory, one run: shard files of another RUN would be taken
	# for done slices of this one.
	spec="RUN=$RUN SHARDS=$SHARDS"
	if [[ -f $OUT/run.txt && $(<"$OUT/run.txt") != "$spec" ]]; then
		echo "$0: $OUT holds the shards of another run ($(<"$OUT/run.txt")), not $spec: use another OUT" >&2
		exit 2
	fi
	echo "$spec" >"$OUT/run.txt"
	script=$(realpath "$0")
	mapfile -t todo < <(missing_slices)
	dependency=()
	if ((${#todo[@]} > 0)); then
		array=$(sbatch --parsable --export=ALL --array="$(ranges "${todo[@]}")" \
			--output="$OUT/logs/sqrtdk-%A_%a.log" "$script" shard)
		array=${array%%;*}
		dependency=(--dependency="afterany:$array" --kill-on-invalid-dep=yes)
		echo "shards: job array $array for slices $(ranges "${todo[@]}") of $SHARDS"
	else
		echo "shards: all $SHARDS slices are done already"
	fi
	# The array's id reaches the merge as an argument: an export list
	# (--export=ALL,VAR=value) would make slurmd build the job's
	# environment from a login shell (su -), seconds per job.
	merge=$(sbatch --parsable --export=ALL --job-name=sqrtdk-merge --cpus-per-task=1 \
		--output="$OUT/logs/sqrtdk-merge-%j.log" "${dependency[@]}" "$script" merge "${array:-}")
	echo "merge: job ${merge%%;*}; result: $OUT/result.txt"
	;;
shard)
	i=${SLURM_ARRAY_TASK_ID:?shard mode runs inside a Slurm job array}
	file=$(shard_file "$i")
	if [[ -f $file && -s $file ]]; then
		echo "slice $i/$SHARDS is already done: $file"
		exit 0
	fi
	# exec: the signals Slurm sends reach sqrtdk, and the task ends only
	# once sqrtdk has removed its temporary file.
	# shellcheck disable=SC2086 # RUN is a list of arguments
	exec "$SQRTDK" $RUN --shard "$i/$SHARDS" --workers "${SLURM_CPUS_PER_TASK:-0}" -o "$file"
	;;
merge)
	mapfile -t missing < <(missing_slices)
	if ((${#missing[@]} > 0)); then
		if ((${#missing[@]} == 1)); then what="slice ${missing[0]} of $SHARDS is"; else what="slices $(ranges "${missing[@]}") of $SHARDS are"; fi
		logs=""
		array=${2:-} # the job array this merge waited for
		[[ -n $array ]] && logs=" (task logs: $OUT/logs/sqrtdk-${array}_<slice>.log)"
		echo "sqrtdk-shards: $what missing, no result$logs; submit again with the same variables to run only the missing slices" >&2
		exit 1
	fi
	files=()
	for ((i = 0; i < SHARDS; i++)); do files+=("$(shard_file "$i")"); done
	# sqrtdk refuses duplicated, corrupted or mismatched shards.
	# shellcheck disable=SC2086 # MERGE is a list of arguments
	"$SQRTDK" merge $MERGE -o "$OUT/result.txt" "${files[@]}"
	cat "$OUT/result.txt"
	;;
*)
	echo "usage: $0 submit|shard|merge (see the comment at the top)" >&2
	exit 2
	;;
esac
