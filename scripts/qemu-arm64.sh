#!/usr/bin/env bash
# Build for linux/arm64 and run there under Debian's qemu-user: the kernel
# and enumerate tests (-short), then brute-force runs whose output must be
# byte for byte the amd64 build's. arm64 runs the portable kernels (plain
# Go, math/bits), which amd64 only runs when forced; this checks their exact
# results on the architecture of Apple Silicon and most ARM servers, not
# their speed (qemu emulates).
#
#   scripts/qemu-arm64.sh        # CI runs this
#
# It installs qemu-user with apt-get when qemu-aarch64 is missing (as root;
# apt-get update first). Binaries go to a new temporary directory, removed
# on exit.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
log() { echo "qemu-arm64: $*" >&2; }
start=$(date +%s)

if ! command -v qemu-aarch64 >/dev/null; then
	log "installing qemu-user (qemu-aarch64 is missing)"
	if ((EUID != 0)); then
		log "need root to install it: run as root, or apt-get install qemu-user"
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends qemu-user >/dev/null
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Go cross-builds static binaries (no cgo), which qemu-aarch64 runs as
# they are.
export CGO_ENABLED=0
GOARCH=arm64 go vet ./enumerate/...
for pkg in enumerate/internal/kernel enumerate; do
	name=$(basename "$pkg")
	GOARCH=arm64 go test -c -o "$tmp/$name.test" "./$pkg"
	log "go test -short ./$pkg (arm64)"
	# Test binaries run in their package's directory, as go test does.
	(cd "$pkg" && qemu-aarch64 "$tmp/$name.test" -test.short)
done

GOARCH=arm64 go build -o "$tmp/sqrtdk-arm64" ./cmd/sqrtdk
go build -o "$tmp/sqrtdk-amd64" ./cmd/sqrtdk
# One run of every sliced-index shape class and of the Gray walk: ±1,
# three and four letters, two unequal letters, a multiset, and an alphabet
# whose indices reach 256.
runs=(
	"dist --d 14 --method brute"
	"dist --values -1,0,1 --d 8 --method brute"
	"dist --values -3,-1,1,3 --d 6 --method brute"
	"dist --values 1,2 --d 11 --method brute"
	"dist --values -2,1/2:4 --d 7 --method brute"
	"dist --values -9,-4,0,3,11 --d 3 --method brute"
)
for args in "${runs[@]}"; do
	# shellcheck disable=SC2086 # the arguments are words
	"$tmp/sqrtdk-amd64" $args --format csv >"$tmp/amd64.csv"
	# shellcheck disable=SC2086
	qemu-aarch64 "$tmp/sqrtdk-arm64" $args --format csv >"$tmp/arm64.csv"
	if ! cmp -s "$tmp/amd64.csv" "$tmp/arm64.csv"; then
		log "sqrtdk $args: arm64 differs from amd64"
		diff "$tmp/amd64.csv" "$tmp/arm64.csv" | head -20 >&2
		exit 1
	fi
	log "sqrtdk $args: arm64 = amd64 ($(wc -l <"$tmp/amd64.csv") lines)"
done
log "done in $(($(date +%s) - start)) s"
