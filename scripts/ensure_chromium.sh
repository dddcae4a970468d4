#!/usr/bin/env bash
# The browser test drives Debian's Chromium (no browser download). Install it when it is missing
# and this machine allows it (root, or password-less sudo, with apt-get); otherwise say what to do.
set -u
[ -x /usr/bin/chromium ] && exit 0
. "$(dirname "$0")/apt_access.sh"
apt_access
case $? in
  1) echo "note: /usr/bin/chromium is missing and there is no apt-get: the browser test will fail until Chromium is installed" >&2
     exit 0 ;;
  2) echo "note: /usr/bin/chromium is missing: run 'sudo apt-get install chromium' for the browser test" >&2
     exit 0 ;;
esac
SUDO=$APT_SUDO
echo "installing Debian's chromium for the browser test …"
$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
