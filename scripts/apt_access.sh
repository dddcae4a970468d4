# Sourced by the ensure_*.sh installers: how this machine may run apt-get.
# apt_access sets APT_SUDO ("" as root, "sudo -n" with password-less sudo) and returns 0, or returns
# 1 (no apt-get) or 2 (apt-get, but neither root nor password-less sudo).
apt_access() {
  command -v apt-get >/dev/null 2>&1 || return 1
  if [ "$(id -u)" = 0 ]; then
    APT_SUDO=""
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    APT_SUDO="sudo -n"
  else
    return 2
  fi
}
