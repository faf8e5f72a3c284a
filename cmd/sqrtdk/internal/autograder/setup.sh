#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image, from the
# zip "sqrtdk grade --gradescope-zip" writes: this file, run_autograder,
# the key, seed.txt for a key that draws values, and a sqrtdk binary built
# for Linux amd64, so nothing needs installing. AUTOGRADER_ROOT (default
# /autograder) lets it run in a stand-in layout, as the project's tests do.
set -euo pipefail
root=${AUTOGRADER_ROOT:-/autograder}
chmod +x "$root/source/sqrtdk" "$root/source/run_autograder"
"$root/source/sqrtdk" --version >/dev/null
