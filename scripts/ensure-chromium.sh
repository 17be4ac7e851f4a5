#!/usr/bin/env bash
# Browser tests drive Debian's chromium (Playwright's own download cannot run here).
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing: install it (apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
