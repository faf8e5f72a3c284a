#!/bin/sh
# Regenerates the README's figures and the exact numbers behind them.
# Run from anywhere: sh docs/figures/make.sh
# The output is deterministic: running it again changes no byte.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/docs/figures"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$root" && go build -o "$bin/sqrtdk" ./cmd/sqrtdk)
sqrtdk() { "$bin/sqrtdk" "$@"; }

# Raw scores spread like √d_k; scaled by √d_k they keep the same spread.
sqrtdk plot dist --d 2,8,32 --scale raw  -o "$out/dist-raw.svg"  --data "$out/dist-raw.csv"
sqrtdk plot dist --d 2,8,32 --scale sqrt -o "$out/dist-sqrt.svg" --data "$out/dist-sqrt.csv"
# Exact variance against d_k under four scales, on log–log axes.
sqrtdk plot variance -o "$out/variance.svg" --data "$out/variance.csv"
# The lesson's scores [1, 2, 3] under ×1, ×8 and ÷100.
sqrtdk plot softmax -o "$out/softmax.svg" --data "$out/softmax.csv"
# Mean softmax slope E[p(1−p)] for two ±1 keys, raw against scaled.
sqrtdk plot saturation -o "$out/saturation.svg" --data "$out/saturation.csv"
