"""The house's plan, read from the code: its floors import only downward and in no
circle, each game is named only in its own home and on its one line of the registry, and
no code cites a path outside the repository.

The import graph is read with `ast` from every Python file of the repository but the
tests, every import counted wherever it stands (inside a function too). Importing
`a.b.c` runs `a` and `a.b` first, so a module also stands on its packages: a package's
`__init__.py` lies on the floor of what it holds, or lower.
"""
import ast
import io
import os
import re
import subprocess
import tokenize

import pytest

from game import registry

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The floors, from the ground up: a module imports only from its own floor or lower.
KERNEL = ("game", "game.cards", "game.core", "game.resources", "game.home", "game.presenter",
          "game.measures", "game.knowledge")
SERVICES = ("game.tutorial", "game.undo", "game.simulate", "game.arguments", "game.bots",
            "game.saves", "game.report", "game.tournament", "game.net")
FLOORS = ("kernel", "homes", "registry", "services", "sprites", "scenes", "commands")


def floor(module):
    """The floor of a module of the repository, by its dotted name."""
    top = module.split(".")[0]
    if module in KERNEL:
        return "kernel"
    if module == "game.registry":
        return "registry"
    if any(module == name or module.startswith(name + ".") for name in SERVICES):
        return "services"
    if top == "game":
        return "homes"      # game/<folder>/: a game's home, or one its games share
    if top in ("sprites", "scenes"):
        return top
    if top in ("main", "build", "tools"):
        return "commands"
    raise AssertionError(f"{module} stands on no floor of the plan")


def sources():
    """{module name: path relative to the root} of every Python file but the tests'."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                             "*.py", "*.spec"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    found = {}
    for path in listed:
        if path.startswith("tests/") or not os.path.exists(os.path.join(ROOT, path)):
            continue
        name = os.path.splitext(path)[0].replace("/", ".")
        found[name[:-len(".__init__")] if name.endswith(".__init__") else name] = path
    return found


def parse(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return ast.parse(handle.read(), path)


def ancestors(module):
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def imports(module, path, modules):
    """{imported module: line} for every import of `module` that names a module of the
    repository: the module imported, or the package a name is taken from, and the
    packages above it that run first (but those `module` itself lies in)."""
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    found = {}

    def add(name, line, explicit=True):
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if not name or name == module:
            return
        if explicit or name not in ancestors(module):
            found.setdefault(name, line)
        for parent in ancestors(name):
            if parent not in ancestors(module) and parent != module and parent in modules:
                found.setdefault(parent, line)

    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    add(f"{base}.{alias.name}", node.lineno)
                else:
                    add(base, node.lineno)
    return found


def graph():
    modules = sources()
    return modules, {module: imports(module, path, modules) for module, path in modules.items()}


def circles(edges):
    """Every group of modules that import each other in a loop (Tarjan's strongly
    connected components of more than one module, or one importing itself)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def upward(modules, edges):
    """'a (floor) -> b (floor), path:line' for every import that runs up a floor, and
    every module whose package lies on a higher floor than itself."""
    rank = {module: FLOORS.index(floor(module)) for module in modules}
    found = [f"{a} ({floor(a)}) -> {b} ({floor(b)}), {modules[a]}:{line}"
             for a, targets in edges.items() for b, line in targets.items() if rank[b] > rank[a]]
    found += [f"{module} ({floor(module)}) lies in {parent} ({floor(parent)})"
              for module in modules for parent in ancestors(module)
              if parent in rank and rank[parent] > rank[module]]
    return sorted(found)


def test_every_module_stands_on_a_floor_and_imports_only_downward():
    modules, edges = graph()
    assert not upward(modules, edges)


def test_no_modules_import_each_other_in_a_circle():
    _, edges = graph()
    assert not circles(edges)


def test_the_architecture_test_sees_circles_upward_imports_and_imports_in_functions(tmp_path):
    """The checks themselves, on a made-up house: a circle, the kernel importing the
    registry, and an import hidden in a function, which counts with the package that
    runs before it."""
    assert circles({"game.cards": {"game.play_design.rules": 191},
                    "game.play_design.rules": {"game.cards": 10}, "game.core": {}}) == [
        ["game.cards", "game.play_design.rules"]]
    modules = {"game": "game/__init__.py", "game.core": "game/core.py",
               "game.registry": "game/registry.py"}
    assert upward(modules, {"game.core": {"game.registry": 3}, "game.registry": {"game.core": 9}}) == [
        "game.core (kernel) -> game.registry (registry), game/core.py:3"]
    hidden = tmp_path / "cards.py"
    hidden.write_text("import os\n\n\ndef faces():\n    from game.ktu import rules\n")
    modules = {"game": "game/__init__.py", "game.ktu": "game/ktu/__init__.py",
               "game.ktu.rules": "game/ktu/rules.py", "game.cards": str(hidden)}
    assert imports("game.cards", str(hidden), modules) == {"game.ktu.rules": 5, "game.ktu": 5}
    assert upward(modules, {"game.cards": {"game.ktu.rules": 5}}) == [
        f"game.cards (kernel) -> game.ktu.rules (homes), {hidden}:5"]


def strings_and_imports(path):
    """(line, text) of every string constant (docstrings and f-strings' parts too) and
    of every imported module's name in a Python file."""
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value
        elif isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield node.lineno, ".".join(filter(None, [node.module] + [a.name for a in node.names]))


def named(game_id, text):
    return re.search(rf"(?<![\w]){re.escape(game_id)}(?![\w])", text) is not None


def test_each_game_is_named_only_in_its_home_and_its_registry_line():
    """A game's id is written in its home (its code, its entry, its lesson) and on the
    registry's one line for it, nowhere else in the app, its tools or its build: every
    other place reads the games from the registry. (The tests, their golden files and
    README name games freely.)"""
    modules = sources()
    homes = {game_id: os.path.relpath(registry.HOMES[game_id].folder, ROOT) + os.sep
             for game_id in registry.SHIPPED}
    found = []
    for module, path in modules.items():
        if path == "game/registry.py":
            continue
        for line, text in strings_and_imports(path):
            found += [f"{path}:{line} names {game_id}" for game_id in registry.GAMES
                      if named(game_id, text) and not path.startswith(homes.get(game_id, "-"))]
    for folder in ("config", "sprites", "build", ".ci"):
        for where, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in names:
                if name.endswith((".yaml", ".md", ".sh", ".desktop")) or name == "run":
                    text = open(os.path.join(where, name), encoding="utf-8").read()
                    path = os.path.relpath(os.path.join(where, name), ROOT)
                    found += [f"{path} names {game_id}" for game_id in registry.GAMES
                              if named(game_id, text)]
    assert not found


def test_the_registry_names_each_game_on_one_line():
    """Besides the import of the homes, each shipped game's id stands on exactly one line
    of the registry: its registration."""
    tree = parse("game/registry.py")
    homes_import = [node for node in tree.body if isinstance(node, ast.ImportFrom)
                    and node.module == "game" and {a.name for a in node.names} == set(registry.SHIPPED)]
    assert len(homes_import) == 1
    lines = {}
    for line, text in strings_and_imports("game/registry.py"):
        if line != homes_import[0].lineno:
            for game_id in registry.SHIPPED:
                lines.setdefault(game_id, set()).update([line] if named(game_id, text) else [])
    source = open(os.path.join(ROOT, "game", "registry.py"), encoding="utf-8").read().splitlines()
    for number, text in enumerate(source, 1):
        for game_id in registry.SHIPPED:
            if number != homes_import[0].lineno and named(game_id, text.split("#")[0]):
                lines.setdefault(game_id, set()).add(number)
    assert {game_id: len(found) for game_id, found in lines.items()} == {
        game_id: 1 for game_id in registry.SHIPPED}
    assert [source[min(lines[game_id]) - 1] for game_id in registry.SHIPPED] == [
        f"register({game_id}.HOME)" for game_id in registry.SHIPPED]


def citations(path):
    """(line, text) of every comment and docstring of a Python file, or every line of
    another text file."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        text = handle.read()
    if not path.endswith((".py", ".spec")):
        yield from enumerate(text.splitlines(), 1)
        return
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(text, path)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                yield node.body[0].lineno, docstring


OUTSIDE = re.compile(r"(?<![\w./])((?:\.\./)+[\w./-]*)|/work/")


def outside(path, text):
    """The paths `text`, a citation in `path`, names outside the repository: an absolute
    one of this machine, or a relative one that, from `path`'s folder, leaves the
    repository or finds nothing in it."""
    found = []
    for match in OUTSIDE.finditer(text):
        relative = match.group(1)
        if relative:
            if relative.endswith(".") and not relative.endswith(".."):
                relative = relative[:-1]        # a sentence's full stop
            target = os.path.normpath(os.path.join(ROOT, os.path.dirname(path), relative))
            if target.startswith(ROOT + os.sep) and os.path.exists(target):
                continue
        found.append(match.group(0))
    return found


def test_the_outside_check_sees_paths_that_leave_the_repository():
    assert outside("game/ktu/rules.py", "(../shared/rulings/ktu.md)") == ["../shared/rulings/ktu.md"]
    assert outside("game/ktu/rules.py", "see ../../../etc.") == ["../../../etc."]
    assert outside("game/ktu/rules.py", "up ../../..") == ["../../.."]
    assert outside("tests/x.py", "/work/shared/seeds/ktu.txt") == ["/work/"]
    assert outside("docs/rulings/ktu.md", "Source: `../seeds/ktu.txt`.") == []
    assert outside("docs/rulings/ktu.md", "Source: `../seeds/kto.txt`.") == ["../seeds/kto.txt"]


@pytest.mark.parametrize("folder", ["game", "scenes", "sprites", "config", "build", "tools",
                                    "tests", ".ci", "main.py", "docs", "README.md",
                                    "CHANGELOG.md"])
def test_no_code_cites_a_path_outside_the_repository(folder):
    """A reader of the repository has what the code and its documents cite: a ruling is
    cited by the rulebook or the rulings file (`docs/rulings/`) that holds it, never by a
    path above the repository's root; a relative path resolves inside it."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                             folder], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    found = []
    for path in listed:
        if path.startswith("tests/golden/") or not path.endswith(
                (".py", ".spec", ".yaml", ".md", ".txt", ".desktop", "run")):
            continue
        found += [f"{path}:{line}: {cited}" for line, text in citations(path)
                  for cited in outside(path, text)]
    assert not found
