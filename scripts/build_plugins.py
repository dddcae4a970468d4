"""Write the paste-in plugin files from the packages under ``src/``.

    python scripts/build_plugins.py           # rebuild tools/subquery.py and filters/tool_context_filter.py
    python scripts/build_plugins.py --check   # exit 1 when a committed file differs from a fresh build

A plugin is one package (``src/<package>/``) plus the modules of other packages it imports.  The
package's ``__init__.py`` holds only its docstring: the frontmatter Open WebUI reads on line 1.
Each output file is, in order: that frontmatter; a notice that the file is generated, with a table
of contents (the line of the class Open WebUI loads, then each module's line); one import block
(every module's top-level imports of other code, merged); the modules in dependency order, each
under a banner, their text copied verbatim with the imports of this repository's packages and the
module-level imports taken out; last, generated data: the statements of ``*_data.py`` modules that
nothing runs at import time.

The build cuts the text on the positions the parser gives (lines as Python's tokenizer counts them,
never ``str.splitlines()``).  It fails (exit 2, one line per problem) on an import cycle; on a name
bound at the top of two modules, or bound by a module and by the merged imports; on a name a module
uses but neither binds nor imports (the flat namespace would hand it another module's); on an
import of this repository's packages inside a function or under an alias; on a name imported from
a module that does not define it; on a top-level import that shares its line with another
statement; and on ``__all__`` (one flat namespace has none).  An ``if TYPE_CHECKING:`` block may
import this repository's modules for annotations only: it is left out of the output and adds no
dependency.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(ROOT))

from scripts.bundle_names import bound_names, name_lines, needed_at_import, not_needed, unbound_names  # noqa: E402

#: output file -> the package it is built from
PLUGINS = {
    "tools/subquery.py": "subquery",
    "filters/tool_context_filter.py": "context_filter",
    "filters/text_tool_calls.py": "text_tool_calls",
}
#: the classes Open WebUI instantiates from a plugin file; a package defines exactly one of them
OPEN_WEBUI_CLASSES = ("Tools", "Filter", "Pipe", "Action")

RULE = "# " + "-" * 94
NOTICE = f"""\
{RULE}
# GENERATED FILE: do not edit.  Built from src/{{package}}/ (and the modules of src/ it imports) by
# scripts/build_plugins.py.  Edit src/, then run `python scripts/build_plugins.py` and commit both.
{RULE}
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

    @cached_property
    def lines(self) -> list[str]:
        """The text's lines as the parser numbers them (``lines[n - 1]`` is line n)."""
        return source_lines(self.text)


def source_lines(text: str) -> list[str]:
    """``text`` cut where Python's tokenizer ends a line: at ``\\n`` only (files are read with universal
    newlines).  ``str.splitlines()`` also cuts at U+2028, U+0085, form feeds and more, which shifts every
    line number after one of them inside a string or a comment."""
    return text.split("\n")


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


def first_line(node: ast.stmt) -> int:
    """The line a top-level statement starts on, its decorators included."""
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno] + [d.lineno for d in decorators])


def _alone_on_its_lines(module: Module, node: ast.stmt) -> bool:
    """Nothing but a comment shares the lines of ``node`` (offsets are UTF-8 bytes, as the parser counts)."""
    assert node.end_lineno is not None and node.end_col_offset is not None
    rest = module.lines[node.end_lineno - 1].encode()[node.end_col_offset :].decode().strip()
    return node.col_offset == 0 and (not rest or rest.startswith("#"))


def load(path: Path, ours: set[str], problems: list[str], src: Path = SRC) -> Module:
    text = path.read_text()
    rel = path.relative_to(src.parent).as_posix()
    module = Module(_module_name(path, src), path, rel, text, ast.parse(text, str(path)))
    for node in module.tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)) and not _alone_on_its_lines(module, node):
            problems.append(f"{rel}:{node.lineno}: put this top-level import on a line of its own")
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in ours:
                    problems.append(f"{rel}:{node.lineno}: use `from {alias.name} import ...`, not `import`")
            module.external.append(node)
        elif isinstance(node, ast.ImportFrom):
            _load_from(module, node, ours, problems)
        elif _is_type_checking(node):
            for sub in ast.walk(node):
                if isinstance(sub, ast.ImportFrom) and _resolve(module, sub).split(".")[0] in ours:
                    continue
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    problems.append(f"{rel}:{sub.lineno}: only this repository's imports under TYPE_CHECKING")
            module.dropped.append(node)
    top = set(map(id, module.tree.body))
    for node in ast.walk(module.tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top:
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [_resolve(module, node)]
            if any(n.split(".")[0] in ours for n in names) and not _inside_type_checking(module, node):
                problems.append(f"{rel}:{node.lineno}: an import of this repository inside a block")
    return module


def _load_from(module: Module, node: ast.ImportFrom, ours: set[str], problems: list[str]) -> None:
    target = _resolve(module, node)
    if target.split(".")[0] not in ours:
        module.external.append(node)
        return
    module.dropped.append(node)
    module.deps.add(target)
    for alias in node.names:
        if alias.asname and alias.asname != alias.name:
            problems.append(f"{module.rel}:{node.lineno}: `{alias.name} as {alias.asname}`: no aliases of our names")
        module.imported[alias.name] = target


def _inside_type_checking(module: Module, node: ast.AST) -> bool:
    return any(_is_type_checking(top) and node in ast.walk(top) for top in module.tree.body)


# --- names ---------------------------------------------------------------------------------------


def defined_names(module: Module) -> dict[str, int]:
    """Names a module binds at its top level, with their lines, but for those its top-level imports
    bind (which the build merges or takes out)."""
    tops = [n for top in module.external + module.dropped for n in ast.walk(top) if isinstance(n, ast.Import | ast.ImportFrom)]
    imported = {a.asname or a.name.split(".")[0] for node in tops for a in node.names}
    lines = name_lines(module.tree)
    return {n: lines.get(n, 1) for n in sorted(bound_names(module.text, str(module.path), imported))}


def check_names(
    mods: list[Module], defined: dict[str, dict[str, int]], merged: dict[str, tuple[str, str]], problems: list[str]
) -> None:
    """Each name bound once in the whole bundle (by one module, or by the merged imports), and each
    name a module reads bound or imported by that module."""
    owners: dict[str, str] = {}
    for m in mods:
        for n in unbound_names(m.text, str(m.path)):
            line = name_lines(m.tree).get(n, 1)
            problems.append(f"{m.rel}:{line}: `{n}` is used but neither defined nor imported here")
        for n, line in defined[m.name].items():
            where = f"{m.rel}:{line}"
            if n == "__all__":
                problems.append(f"{where}: no __all__ (one flat namespace)")
            elif n in merged:
                problems.append(f"{where}: `{n}` shadows the merged import of `{merged[n][0]}` ({merged[n][1]})")
            elif n in owners:
                problems.append(f"`{n}` is defined in {owners[n]} and in {where}")
            owners.setdefault(n, where)


# --- order ----------------------------------------------------------------------------------------


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


# --- the import block -----------------------------------------------------------------------------


def import_block(mods: list[Module], problems: list[str]) -> tuple[str, dict[str, tuple[str, str]]]:
    """The top-level imports of other code, merged: ``from __future__`` first, then the standard
    library, then the rest, ``import`` before ``from`` in each (as ruff's isort sorts them); a name
    bound to two things is a problem.  Also returns each name the block binds -> (what, where)."""
    plain: dict[str, set[str | None]] = {}
    froms: dict[str, dict[str, str | None]] = {}
    bound: dict[str, tuple[str, str]] = {}

    def bind(m: Module, node: ast.stmt, key: str, what: str) -> None:
        was = bound.setdefault(key, (what, f"{m.rel}:{node.lineno}"))[0]
        if was != what:
            problems.append(f"{m.rel}:{node.lineno}: `{key}` is bound to {was} elsewhere")

    for m in mods:
        for node in m.external:
            if isinstance(node, ast.Import):
                for a in node.names:
                    plain.setdefault(a.name, set()).add(a.asname)
                    bind(m, node, a.asname or a.name.split(".")[0], a.name if a.asname else a.name.split(".")[0])
            else:
                assert isinstance(node, ast.ImportFrom) and node.module
                for a in node.names:
                    if a.name == "TYPE_CHECKING":  # its blocks are left out of the output
                        continue
                    froms.setdefault(node.module, {})[a.name] = a.asname
                    bind(m, node, a.asname or a.name, f"{node.module}.{a.name}")
    return _sorted_imports(plain, froms), bound


def _sorted_imports(plain: dict[str, set[str | None]], froms: dict[str, dict[str, str | None]]) -> str:
    def section(mod: str) -> int:
        top = mod.split(".")[0]
        return 0 if top == "__future__" else 1 if top in sys.stdlib_module_names else 2

    lines: dict[int, list[tuple[int, str, str]]] = {0: [], 1: [], 2: []}
    for mod, asnames in plain.items():
        for asname in sorted(asnames, key=str):
            lines[section(mod)].append((0, mod.lower(), f"import {mod}" + (f" as {asname}" if asname else "")))
    for mod, names in froms.items():
        if names:
            lines[section(mod)].append((1, mod.lower(), f"from {mod} import {', '.join(_isort_names(names))}"))
    blocks = ["\n".join(text for _, _, text in sorted(lines[sec])) for sec in (0, 1, 2) if lines[sec]]
    return "\n\n".join(blocks) + "\n"


def _isort_names(names: dict[str, str | None]) -> list[str]:
    """isort's default order of imported names: CONSTANTS, then Classes, then functions."""

    def key(n: str) -> tuple[int, str]:
        kind = 0 if n.isupper() and len(n) > 1 else 1 if n[:1].isupper() else 2
        return kind, n.lower()

    return [f"{n} as {names[n]}" if names[n] else n for n in sorted(names, key=key)]


# --- the text -------------------------------------------------------------------------------------


@dataclass
class Part:
    """A run of lines of the output: a module's banner and text (or the import block)."""

    title: str  # what the table of contents calls it ("" for none)
    lines: list[str]
    marks: dict[str, int] = field(default_factory=dict)  # what -> index in lines


def module_part(m: Module, omit: Iterable[ast.stmt], title: str, open_webui: tuple[str, str]) -> Part:
    """The module's text without the statements in ``omit`` (and the comments right above them), under
    a banner.  The text is cut on the parser's line numbers; blank lines between statements are squeezed to two and trimmed at both
    ends, lines inside a statement (a string's blank lines) are kept as they are."""
    code: set[int] = set()
    for node in m.tree.body:
        code.update(range(first_line(node), (node.end_lineno or node.lineno) + 1))
    gone: set[int] = set()
    for node in omit:  # with the comment lines right above it, which speak of it
        start = first_line(node)
        while start > 1 and start - 1 not in code and m.lines[start - 2].lstrip().startswith("#"):
            start -= 1
        gone.update(range(start, (node.end_lineno or node.lineno) + 1))
    kept: list[tuple[int, str]] = []  # (line number in the module, negative for a blank line between statements)
    run = 0
    for number, line in enumerate(m.lines, 1):
        if number in gone:
            continue
        blank = number not in code and not line.strip(" \t\f")
        run = run + 1 if blank else 0
        if not blank or (kept and run <= 2):
            kept.append((-number if blank else number, line))
    while kept and kept[-1][0] < 0:
        kept.pop()
    part = Part(title, [banner(title)] + ([""] if kept else []) + [line for _, line in kept])
    if m.rel == open_webui[1]:
        (node,) = [n for n in m.tree.body if isinstance(n, ast.ClassDef) and n.name == open_webui[0]]
        part.marks[f"class {node.name}"] = 2 + [n for n, _ in kept].index(node.lineno)
    return part


def banner(title: str) -> str:
    """The one line that starts a part: its title, then a rule to the width of ``RULE``."""
    return f"# {title} ".ljust(len(RULE), "-")


def table_of_contents(parts: list[Part], start: int, open_webui: tuple[str, str]) -> list[str]:
    """Comment lines: where the class Open WebUI loads begins, then where each part begins (the line of
    its banner that names it), numbered as in the output, whose first part begins on line ``start``."""
    entries: list[tuple[int, str]] = []
    line = start
    for part in parts:
        for what, index in part.marks.items():
            entries.insert(0, (line + index, f"{what}: what Open WebUI loads (in {open_webui[1]})"))
        if part.title:
            entries.append((line, part.title))
        line += len(part.lines) + (1 if part is parts[0] else 2)
    width = len(str(max(n for n, _ in entries)))
    return ["# Contents (line: part):"] + [f"#   {n:>{width}}: {what}" for n, what in entries] + [RULE]


def render(frontmatter: str, notice: str, parts: list[Part], open_webui: tuple[str, str]) -> str:
    """The file: frontmatter, notice and table of contents, then the parts (the import block first); one
    blank line after the import block, two between modules (as ruff formats and sorts)."""
    head = source_lines('"""' + frontmatter + '"""') + [""] + source_lines(notice.rstrip("\n"))
    toc_lines = len(table_of_contents(parts, 0, open_webui))
    toc = table_of_contents(parts, len(head) + toc_lines + 2, open_webui)
    lines = head + toc + [""]
    for i, part in enumerate(parts):
        lines += part.lines + ([""] if i == 0 else ["", ""] if i < len(parts) - 1 else [])
    return "\n".join(lines) + "\n"


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
    defined = {name: defined_names(modules[name]) for name in names}
    for name in names:
        for n, source in modules[name].imported.items():
            if source in defined and n not in defined[source]:
                problems.append(f"{name} imports `{n}` from {source}, which does not define it")
    init = modules[package]
    docstring = ast.get_docstring(init.tree, clean=False)
    if docstring is None:
        problems.append(f"{init.rel} has no docstring (the frontmatter)")
    mods = [modules[n] for n in names if n != package and modules[n].text.strip()]
    block, merged = import_block(mods, problems)
    check_names(mods, defined, merged, problems)
    loads = _open_webui_class(package, mods, problems)
    if problems:
        raise BuildError(problems)
    return render(docstring or "", NOTICE.format(package=package), _parts(mods, block, loads), loads)


def _open_webui_class(package: str, mods: list[Module], problems: list[str]) -> tuple[str, str]:
    """(the class Open WebUI loads, the file it is in): exactly one in the package's own modules."""
    found = [
        (node.name, m.rel)
        for m in mods
        if m.name.startswith(package + ".")
        for node in m.tree.body
        if isinstance(node, ast.ClassDef) and node.name in OPEN_WEBUI_CLASSES
    ]
    if len(found) != 1:
        problems.append(f"src/{package}/ must define one of {', '.join(OPEN_WEBUI_CLASSES)}; found {found or 'none'}")
        return ("", "")
    return found[0]


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _parts(mods: list[Module], block: str, open_webui: tuple[str, str]) -> list[Part]:
    """The import block, the modules in order, then generated data: the statements of ``*_data.py``
    modules that nothing reads at import time."""
    needed = needed_at_import([m.tree for m in mods])
    parts, data = [Part("", source_lines(block.rstrip("\n")))], []
    for m in mods:
        if m.path.name == "__init__.py" and all(_is_docstring(n) for n in m.tree.body):
            continue  # a package's docstring alone: the frontmatter of another plugin
        omit = m.external + m.dropped
        late = not_needed(m.tree.body, needed) if m.path.stem.endswith("_data") else []
        early = [n for n in m.tree.body if n not in omit + late and not _is_docstring(n)]
        if early or not late:
            parts.append(module_part(m, omit + late, m.rel, open_webui))
        if late:  # with the module's docstring when all of it comes last
            title = f"{m.rel}, the rest of it (generated data)" if early else f"{m.rel} (generated data)"
            rest = [n for n in m.tree.body if n not in late and (early or not _is_docstring(n))]
            data.append(module_part(m, rest, title, open_webui))
    return parts + data


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
