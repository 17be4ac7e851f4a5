#!/usr/bin/env bash
# The tools the test suite drives, from Debian: chromium (browser tests; Playwright's own download
# cannot run here), nginx (the reverse-proxy test plays forged X-Forwarded-For through a real
# nginx) and strace (the durability test watches the fsync calls). Installed with apt when
# missing and running as root; otherwise a clear message and exit 1.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v strace >/dev/null 2>&1 || missing+=(strace)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing for the tests: ${missing[*]}. Install them (apt-get install ${missing[*]}), or run npm test as root to have them installed; CHROMIUM_PATH may point at another chromium." >&2
  exit 1
fi
