#!/usr/bin/env bash
# The multi-worker checks use Debian's real Redis and PostgreSQL. Install what is missing when this
# machine allows it (root, or password-less sudo, with apt-get); otherwise say exactly what to do.
#   bash scripts/ensure_services.sh redis            # what `make test` needs
#   bash scripts/ensure_services.sh redis postgres   # what `make load` needs
set -u
want=("$@")
[ ${#want[@]} -eq 0 ] && want=(redis postgres)
missing=()
for name in "${want[@]}"; do
  case "$name" in
    redis) command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing+=(redis-server) ;;
    postgres) ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql) ;;
    *) echo "ensure_services.sh: unknown service '$name' (use redis and/or postgres)" >&2; exit 2 ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0
. "$(dirname "$0")/apt_access.sh"
apt_access
case $? in
  1) echo "error: ${missing[*]} missing and there is no apt-get: install Debian's ${missing[*]} by hand" >&2
     exit 1 ;;
  2) echo "error: ${missing[*]} missing: run 'sudo apt-get install -y ${missing[*]}' first" >&2
     exit 1 ;;
esac
SUDO=$APT_SUDO
echo "installing Debian's ${missing[*]} …"
# The Debian packages start a system-wide service by default; the checks start their own on free ports.
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null || {
  echo "error: 'apt-get install ${missing[*]}' failed" >&2
  exit 1
}
