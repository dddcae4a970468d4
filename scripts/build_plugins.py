"""Write the paste-in plugin files from the packages under ``src/``.

    python scripts/build_plugins.py           # rebuild tools/subquery.py and filters/tool_context_filter.py
    python scripts/build_plugins.py --check   # exit 1 when a committed file differs from a fresh build

A plugin is one package (``src/<package>/``) plus the modules of other packages it imports.  The
package's ``__init__.py`` holds only its docstring: the frontmatter Open WebUI reads on line 1.
Each output file is, in order: that frontmatter; a notice that the file is generated; one import
block (every module's top-level imports of other code, merged); the modules in dependency order,
each under a banner, their text copied verbatim with the imports of this repository's packages
and the module-level imports taken out.

The build fails (exit 2, one line per problem) on an import cycle, on a name defined at the top of
two modules, on an import of this repository's packages inside a function or under an alias, on a
name imported from a module that does not define it, and on ``__all__`` (one flat namespace has
none).  An ``if TYPE_CHECKING:`` block may import this repository's modules for annotations only:
it is left out of the output and adds no dependency.
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

#: output file -> the package it is built from
PLUGINS = {
    "tools/subquery.py": "subquery",
    "filters/tool_context_filter.py": "context_filter",
}

NOTICE = """\
# ----------------------------------------------------------------------------------------------
# GENERATED FILE: do not edit.  Built from src/{package}/ (and the modules of src/ it imports) by
# scripts/build_plugins.py.  Edit src/, then run `python scripts/build_plugins.py` and commit both.
# ----------------------------------------------------------------------------------------------
"""


class BuildError(Exception):
    """One or more reasons the packages cannot be bundled."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass
class Module:
    """One source module: its dotted name, text, tree and what it imports."""

    name: str  # dotted, e.g. "subquery.loop"
    path: Path
    rel: str  # the path as the banner and the problems name it, e.g. "src/subquery/loop.py"
    text: str
    tree: ast.Module
    deps: set[str] = field(default_factory=set)  # modules of src/ it imports at run time
    imported: dict[str, str] = field(default_factory=dict)  # name -> module it comes from
    external: list[ast.stmt] = field(default_factory=list)  # top-level imports of other code
    dropped: list[ast.stmt] = field(default_factory=list)  # statements left out of the bundle


def packages(src: Path = SRC) -> set[str]:
    return {p.name for p in src.iterdir() if (p / "__init__.py").is_file()}


def _module_name(path: Path, src: Path) -> str:
    rel = path.relative_to(src).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: Module, node: ast.ImportFrom) -> str:
    """The absolute dotted name a ``from`` import refers to."""
    if not node.level:
        return node.module or ""
    base = module.name.split(".")
    if not module.path.name == "__init__.py":
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_type_checking(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def load(path: Path, ours: set[str], problems: list[str], src: Path = SRC) -> Module:
    text = path.read_text()
    rel = path.relative_to(src.parent).as_posix()
    module = Module(_module_name(path, src), path, rel, text, ast.parse(text, str(path)))
    for node in module.tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in ours:
                    problems.append(f"{rel}:{node.lineno}: use `from {alias.name} import ...`, not `import`")
            module.external.append(node)
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            if target.split(".")[0] not in ours:
                module.external.append(node)
                continue
            module.dropped.append(node)
            module.deps.add(target)
            for alias in node.names:
                if alias.asname and alias.asname != alias.name:
                    problems.append(f"{rel}:{node.lineno}: `{alias.name} as {alias.asname}`: no aliases of our names")
                module.imported[alias.name] = target
        elif _is_type_checking(node):
            for sub in ast.walk(node):
                if isinstance(sub, ast.ImportFrom) and _resolve(module, sub).split(".")[0] in ours:
                    continue
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    problems.append(f"{rel}:{sub.lineno}: only this repository's imports under TYPE_CHECKING")
            module.dropped.append(node)
    for node in ast.walk(module.tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and node.col_offset > 0:
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [_resolve(module, node)]
            if any(n.split(".")[0] in ours for n in names) and not _inside_type_checking(module, node):
                problems.append(f"{rel}:{node.lineno}: an import of this repository inside a block")
    return module


def _inside_type_checking(module: Module, node: ast.AST) -> bool:
    return any(_is_type_checking(top) and node in ast.walk(top) for top in module.tree.body)


def defined_names(module: Module) -> dict[str, int]:
    """Names a module binds at its top level (but for its imports), with their lines."""
    out: dict[str, int] = {}
    for node in module.tree.body:
        targets: list[ast.AST] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.setdefault(node.name, node.lineno)
            continue
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            for sub in ast.walk(target):
                if isinstance(sub, ast.Name):
                    out.setdefault(sub.id, node.lineno)
    return out


def closure(package: str, modules: dict[str, Module]) -> list[str]:
    """Every module of ``package`` and every module of src/ they import, transitively."""
    todo = [name for name in modules if name == package or name.startswith(package + ".")]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(modules[name].deps)
    return sorted(seen)


def order(names: list[str], modules: dict[str, Module], problems: list[str]) -> list[str]:
    """``names`` so that each module comes after the ones it imports (ties by name); a cycle is a problem."""
    done: list[str] = []
    state: dict[str, int] = {}  # 1: on the path, 2: placed

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2:
            return
        if state.get(name) == 1:
            cycle = path[path.index(name) :] + [name]
            problems.append("import cycle: " + " -> ".join(cycle))
            return
        state[name] = 1
        for dep in sorted(modules[name].deps):
            visit(dep, path + [name])
        state[name] = 2
        done.append(name)

    for name in names:
        visit(name, [])
    return done


def import_block(mods: list[Module], problems: list[str]) -> str:
    """The top-level imports of other code, merged: ``from __future__`` first, then the standard
    library, then the rest, ``import`` before ``from`` in each (as ruff's isort sorts them); a name
    bound to two things is a problem."""
    plain: dict[str, set[str | None]] = {}
    froms: dict[str, dict[str, str | None]] = {}
    bound: dict[str, str] = {}
    for m in mods:
        for node in m.external:
            if isinstance(node, ast.Import):
                for a in node.names:
                    plain.setdefault(a.name, set()).add(a.asname)
                    key, what = a.asname or a.name.split(".")[0], a.name
                    if bound.setdefault(key, what) != what and not what.startswith(bound[key] + "."):
                        problems.append(f"{m.name}: `{key}` is bound to {bound[key]} elsewhere")
            else:
                assert isinstance(node, ast.ImportFrom) and node.module
                for a in node.names:
                    if a.name == "TYPE_CHECKING":  # its blocks are left out of the output
                        continue
                    froms.setdefault(node.module, {})[a.name] = a.asname
                    key, what = a.asname or a.name, f"{node.module}.{a.name}"
                    if bound.setdefault(key, what) != what:
                        problems.append(f"{m.name}: `{key}` is bound to {bound[key]} elsewhere")

    def section(mod: str) -> int:
        top = mod.split(".")[0]
        return 0 if top == "__future__" else 1 if top in sys.stdlib_module_names else 2

    lines: dict[int, list[tuple[int, str, str]]] = {0: [], 1: [], 2: []}
    for mod, asnames in plain.items():
        for asname in sorted(asnames, key=str):
            lines[section(mod)].append((0, mod.lower(), f"import {mod}" + (f" as {asname}" if asname else "")))
    froms = {mod: names for mod, names in froms.items() if names}
    for mod, names in froms.items():
        parts = _isort_names(names)
        lines[section(mod)].append((1, mod.lower(), f"from {mod} import {', '.join(parts)}"))
    blocks = []
    for sec in (0, 1, 2):
        if lines[sec]:
            blocks.append("\n".join(text for _, _, text in sorted(lines[sec])))
    return "\n\n".join(blocks) + "\n"


def _isort_names(names: dict[str, str | None]) -> list[str]:
    """isort's default order of imported names: CONSTANTS, then Classes, then functions."""

    def key(n: str) -> tuple[int, str]:
        kind = 0 if n.isupper() and len(n) > 1 else 1 if n[:1].isupper() else 2
        return kind, n.lower()

    return [f"{n} as {names[n]}" if names[n] else n for n in sorted(names, key=key)]


def module_text(m: Module) -> str:
    """The module's text without its module-level imports and TYPE_CHECKING blocks (and without the
    blank lines they leave at the start), under a banner naming its file."""
    lines = m.text.splitlines()
    drop: set[int] = set()
    for node in m.external + m.dropped:
        drop.update(range(node.lineno - 1, (node.end_lineno or node.lineno)))
    kept = [line for i, line in enumerate(lines) if i not in drop]
    text = "\n".join(kept).strip("\n")
    text = _squeeze_blank_runs(text)
    banner = f"# {'-' * 94}\n# {m.rel}\n# {'-' * 94}\n"
    return banner + ("\n" + text + "\n" if text else "")


def _squeeze_blank_runs(text: str) -> str:
    """At most two blank lines in a row (where imports were taken out, blank lines meet)."""
    out: list[str] = []
    blank = 0
    for line in text.split("\n"):
        blank = blank + 1 if not line.strip() else 0
        if blank <= 2:
            out.append(line)
    return "\n".join(out)


def build(package: str, src: Path = SRC) -> str:
    """The paste-in file of ``package`` (a folder of ``src``)."""
    ours = packages(src)
    problems: list[str] = []
    modules: dict[str, Module] = {}
    for path in sorted(src.rglob("*.py")):
        m = load(path, ours, problems, src)
        modules[m.name] = m
    if package not in modules:
        raise BuildError([f"no package {src.name}/{package}/"])
    for m in modules.values():
        missing = [d for d in m.deps if d not in modules]
        problems += [f"{m.name} imports {d}, which is not a module of src/" for d in missing]
        m.deps -= set(missing)
    names = order(closure(package, modules), modules, problems)
    owners: dict[str, str] = {}
    for name in names:
        m = modules[name]
        for n, line in defined_names(m).items():
            if n == "__all__":
                problems.append(f"{m.rel}:{line}: no __all__ (one flat namespace)")
            elif n in owners:
                problems.append(f"`{n}` is defined in {owners[n]} and in {name}")
            owners.setdefault(n, name)
    for name in names:
        m = modules[name]
        for n, source in m.imported.items():
            if source in modules and n not in defined_names(modules[source]):
                problems.append(f"{name} imports `{n}` from {source}, which does not define it")
    init = modules[package]
    docstring = ast.get_docstring(init.tree, clean=False)
    if docstring is None:
        problems.append(f"{init.rel} has no docstring (the frontmatter)")
    mods = [modules[n] for n in names if n != package and modules[n].text.strip()]
    block = import_block(mods, problems)
    if problems:
        raise BuildError(problems)
    body = [m for m in mods if m.path.name != "__init__.py" or module_text(m).count("\n") > 3]
    head = ['"""' + (docstring or "") + '"""', NOTICE.format(package=package), block]
    parts = [p.rstrip("\n") for p in head + [module_text(m) for m in body]]
    # One blank line after the import block, two between modules (as ruff formats and sorts).
    return "\n\n".join(parts[:4]) + "".join("\n\n\n" + p for p in parts[4:]) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="fail when a committed file differs from a fresh build")
    args = ap.parse_args(argv)
    stale, failed = [], False
    for out, package in PLUGINS.items():
        try:
            text = build(package)
        except BuildError as exc:
            print(f"build of {out} failed:", file=sys.stderr)
            for p in exc.problems:
                print(f"  {p}", file=sys.stderr)
            failed = True
            continue
        path = ROOT / out
        if args.check:
            if not path.is_file() or path.read_text() != text:
                stale.append(out)
        elif not path.is_file() or path.read_text() != text:
            path.write_text(text)
            print(f"wrote {out} ({text.count(chr(10))} lines)")
    if stale:
        print("out of date (run `python scripts/build_plugins.py`): " + ", ".join(stale), file=sys.stderr)
    return 2 if failed else 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
