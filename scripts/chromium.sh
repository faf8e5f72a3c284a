#!/usr/bin/env bash
# Install Debian's chromium when it is missing, for the browser tests of the
# student pages (cmd/sqrtdk/page_browser_test.go drives it
# headless through chromedp). Run as root on a fresh machine; .ci/run calls it.
# It installs a package and nothing else: the tests start their own browser
# (a fresh profile in a temporary directory) and stop it, by its PID.
set -euo pipefail
if command -v chromium >/dev/null; then
	exit 0
fi
echo "chromium.sh: installing Debian's chromium (missing)" >&2
if ((EUID != 0)); then
	echo "chromium.sh: need root to install it: run as root, or apt-get install chromium" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
