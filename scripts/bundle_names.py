"""Names in modules that ``scripts/build_plugins.py`` pastes into one flat namespace: what a module
binds at its top level, what it reads from its globals without binding, and what the bundle reads
while it is imported (so generated data nobody reads then can go last).

Binding and reading follow Python's own scoping rules (``symtable``), so blocks, ``global`` in a
function, walruses and class bodies count as the interpreter counts them.
"""

from __future__ import annotations

import ast
import builtins
import symtable
from collections.abc import Iterator

#: names every module has without binding them
MODULE_NAMES = frozenset(dir(builtins)) | {"__name__", "__file__", "__doc__", "__spec__", "__loader__", "__package__"}
#: the methods Python runs when a class is made or instantiated
CONSTRUCTION = ("__new__", "__init__", "__post_init__", "__init_subclass__", "__set_name__", "__class_getitem__")


def name_lines(tree: ast.Module) -> dict[str, int]:
    """Each name's first line, breadth first: the module's own statements before nested ones."""
    out: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.ExceptHandler):
            names = [node.name] if node.name else []
        elif isinstance(node, ast.alias):
            names = [node.asname or node.name.split(".")[0]]
        elif isinstance(node, ast.Name):
            names = [node.id]
        else:
            names = node.names if isinstance(node, ast.Global) else []
        for name in names:
            out.setdefault(name, getattr(node, "lineno", 1))
    return out


def _top(text: str, path: str) -> symtable.SymbolTable:
    return symtable.symtable(text, path, "exec")


def bound_names(text: str, path: str, imported_at_top: set[str]) -> set[str]:
    """The names a module binds at its top level, but for those only its top-level imports bind
    (``imported_at_top``: the build merges or takes those out)."""
    return {
        s.get_name()
        for s in _top(text, path).get_symbols()
        if s.is_assigned() or s.is_declared_global() or (s.is_imported() and s.get_name() not in imported_at_top)
    }


def _global_reads(table: symtable.SymbolTable) -> Iterator[str]:
    for sym in table.get_symbols():
        if sym.is_referenced() and (sym.is_global() or table.get_type() == "module"):
            yield sym.get_name()
    for child in table.get_children():
        yield from _global_reads(child)


def unbound_names(text: str, path: str) -> list[str]:
    """Names a module reads from its globals but never binds or imports: in a flat namespace these
    would silently resolve to what another module defines (and fail in the module itself)."""
    top = _top(text, path)
    bound = {s.get_name() for s in top.get_symbols() if s.is_assigned() or s.is_imported() or s.is_declared_global()}
    return sorted(set(_global_reads(top)) - bound - MODULE_NAMES)


def loaded(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def stored(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}


def read_at_import(node: ast.AST) -> Iterator[str]:
    """The names a top-level statement reads when the module is imported: not in the bodies of
    functions and lambdas (their decorators and defaults, yes; class bodies, yes)."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        run = [*node.args.defaults, *(d for d in node.args.kw_defaults if d), *getattr(node, "decorator_list", [])]
        for part in run:
            yield from read_at_import(part)
        return
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
        yield node.id
    for child in ast.iter_child_nodes(node):
        yield from read_at_import(child)


def needed_at_import(trees: list[ast.Module]) -> set[str]:
    """The names a bundle of these modules reads while it is imported: what its top-level code reads
    and, as that code may call a function or make an instance, what such a function or the
    construction of such a class reads, transitively.  A method other than those of ``CONSTRUCTION``
    called at import time is not followed: importing the built file (as the tests do) fails then."""
    bodies: dict[str, list[ast.AST]] = {}
    needed: set[str] = set()
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                bodies[node.name] = [node]
            elif isinstance(node, ast.ClassDef):
                bodies[node.name] = [n for n in node.body if getattr(n, "name", None) in CONSTRUCTION]
            needed.update(read_at_import(node))
    todo = list(needed & bodies.keys())
    while todo:
        for name in set().union(*map(loaded, bodies[todo.pop()])) - needed:
            needed.add(name)
            if name in bodies:
                todo.append(name)
    return needed


def not_needed(body: list[ast.stmt], needed: set[str]) -> list[ast.stmt]:
    """The statements of ``body`` that bind only names nobody reads at import time (nor any statement
    that is read then): those can come after everything else."""
    needed = set(needed)
    late: list[ast.stmt] = []
    for node in reversed(body):  # a statement read early reads earlier ones early
        names = stored(node)
        if names and not names & needed:
            late.append(node)
        else:
            needed |= loaded(node)
    return [n for n in body if n in late]
