#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image. The zip
# holds this file, run_autograder, the key (lesson.key) and a sqrtdk binary
# built for Linux amd64 (GOOS=linux GOARCH=amd64 go build -o sqrtdk ./cmd/sqrtdk),
# so nothing needs installing.
set -euo pipefail
chmod +x /autograder/source/sqrtdk /autograder/source/run_autograder
