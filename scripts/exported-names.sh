#!/usr/bin/env bash
# Counts the exported names of the public packages (what a teacher's or
# author's program can import): top-level names, methods of exported types,
# exported struct fields and interface methods, per package and in total.
# Usage: scripts/exported-names.sh [-undocumented] [package folders...]
set -euo pipefail
cd "$(dirname "$0")/.."
flags=()
if [ "${1:-}" = "-undocumented" ]; then flags=(-undocumented); shift; fi
if [ $# -eq 0 ]; then set -- rational enumerate proofs claims grade scalecheck; fi
go run scripts/exportednames.go "${flags[@]}" "$@"
