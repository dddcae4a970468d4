#!/usr/bin/env bash
# The browser test drives Debian's Chromium (no browser download). Install it when it is missing
# and this machine allows it (root, or password-less sudo, with apt-get); otherwise say what to do.
set -u
[ -x /usr/bin/chromium ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "note: /usr/bin/chromium is missing and there is no apt-get: the browser test will fail until Chromium is installed" >&2
  exit 0
fi
if [ "$(id -u)" = 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo -n"
else
  echo "note: /usr/bin/chromium is missing: run 'sudo apt-get install chromium' for the browser test" >&2
  exit 0
fi
echo "installing Debian's chromium for the browser test …"
$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
