#!/usr/bin/env bash
# Mutation testing: gremlins mutates the code of a package (a comparison
# flipped, a + made a −, a boundary moved) and runs its tests once per
# mutant; a mutant the tests do not notice "lives". Efficacy is
# killed / (killed + lived). Runs on proofs and rational, or on the
# packages given, and fails below the threshold (95 % by default) or when
# one of proofs' named mutants lives.
#
#   scripts/mutation.sh                 # proofs and rational, about 45 minutes on 2 cores (claims 75, grade 60)
#   scripts/mutation.sh proofs          # one package
#   THRESHOLD=90 scripts/mutation.sh    # another threshold
#   WORKERS=4 scripts/mutation.sh       # more mutants at once (default: one per core)
#
# The tests run in -short mode (gremlins passes no test flags, so -short
# goes in GOFLAGS, which the go command reads) and with the quick build
# tag, with which proofs takes a tier of cases below -short: without
# them every mutant ran the full calibration grids (claims' alone is
# 150 s). gremlins is installed with go install when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# gremlins reads a source file when it reaches it, but its workers test in
# copies of the tree taken at the start: an edit made during a run mixes
# the two. So the run works on a snapshot of the tree as it is now (tracked
# and untracked files, uncommitted edits included), and the tree stays free
# to edit.
snapshot=$(mktemp -d)
trap 'rm -rf "$snapshot"' EXIT
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
  if [ -e "$f" ]; then cp --parents -- "$f" "$snapshot/"; fi
done
cd "$snapshot"

version=v0.6.0
bin="$(go env GOPATH)/bin/gremlins"
if ! [ -x "$bin" ] || ! go version -m "$bin" | grep -q "gremlins[[:space:]]*$version"; then
  go install "github.com/go-gremlins/gremlins/cmd/gremlins@$version"
fi

export GOFLAGS="${GOFLAGS:+$GOFLAGS }-short"
threshold=${THRESHOLD:-95}
workers=${WORKERS:-$(nproc)}
status=0
# The named mutants (bugs an issue found the suite blind to, in
# proofs/mutants_test.go) must each be killed by the test named.
for p in ${@:-proofs rational}; do
  if [ "$p" = proofs ]; then
    echo "== named mutants in proofs"
    go test -count=1 -run TestNamedMutantsAreKilled ./proofs || status=1
  fi
done
for pkg in "${@:-proofs rational}"; do
  for p in $pkg; do
    echo "== gremlins on $p"
    log=$(mktemp)
    "$bin" unleash --tags quick --workers "$workers" --timeout-coefficient 3 "./$p" | tee "$log"
    # gremlins prints "Test efficacy: 97.12%"; judge it here, as its own
    # threshold flag did not change its exit status in v0.6.0.
    efficacy=$(sed -n 's/^Test efficacy: \([0-9.]*\)%.*/\1/p' "$log")
    rm -f "$log"
    if [ -z "$efficacy" ] || ! awk -v e="$efficacy" -v t="$threshold" 'BEGIN { exit !(e >= t) }'; then
      echo "== $p: efficacy ${efficacy:-unknown} %, below $threshold %"
      status=1
    fi
  done
done
exit $status
