#!/usr/bin/env bash
# The real tool servers of the demo and the e2e tests, each in an environment of its own:
#   .venv-tools  mcp-server-time, mcp-server-git (they need mcp 2.x)
#   .venv-proxy  mcpo, mcp-proxy                 (they need mcp 1.x)
# Pinned in scripts/toolservers-*.txt. A stamp (a copy of the pin file) skips the work when nothing
# changed. A failed install prints one line and exits 1, leaving no half-built environment behind.
set -u
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"

ensure() {  # ensure VENV PINS CHECK-COMMAND
  local venv="$1" pins="$2" check="$3" log
  if cmp -s "$pins" "$venv/.pins-stamp" && [ -x "$venv/bin/$check" ]; then
    return 0
  fi
  echo "installing the tool servers into $venv (pins: $pins) …"
  rm -rf "$venv"
  log="$(mktemp)"
  if ! { "$PYTHON" -m venv "$venv" && "$venv/bin/python" -m pip install -q -r "$pins"; } >"$log" 2>&1 \
     || [ ! -x "$venv/bin/$check" ]; then
    local why
    why="$(grep -v 'is ignored' "$log" | grep -E 'ERROR|error' | tail -n 1)"
    echo "error: could not install $pins into $venv: ${why:-pip failed}" >&2
    rm -rf "$venv" "$log"
    exit 1
  fi
  rm -f "$log"
  cp "$pins" "$venv/.pins-stamp"
}

ensure .venv-tools scripts/toolservers-servers.txt mcp-server-git
ensure .venv-tools scripts/toolservers-servers.txt mcp-server-time
ensure .venv-proxy scripts/toolservers-proxies.txt mcpo
ensure .venv-proxy scripts/toolservers-proxies.txt mcp-proxy
