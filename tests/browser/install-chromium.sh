#!/usr/bin/env bash
# Make Debian's Chromium available for the browser tests, never a downloaded browser build.
set -u
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the browser tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
        || echo "Could not install chromium with apt: the browser tests will be skipped."
else
    echo "Chromium is not installed and cannot be installed here (needs root and apt):"
    echo "the browser tests will be skipped. Install it (e.g. 'apt-get install chromium') to run them."
fi
exit 0
