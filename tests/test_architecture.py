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
from game.core import SharedAct, Vocabulary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The floors, from the ground up: a module imports only from its own floor or lower.
KERNEL = ("game", "game.cards", "game.core", "game.resources", "game.home", "game.presenter",
          "game.measures", "game.knowledge")
SERVICES = ("game.tutorial", "game.undo", "game.simulate", "game.arguments", "game.bots",
            "game.saves", "game.report", "game.tournament", "game.net")
# The scenes stand on floors of their own: what every screen is built of (the widgets, the
# app's settings), the table and its pieces, the network's screens and directors, the other
# screens, then the app's loop and the commands it runs (the smoke check, the benchmark).
SCENE_FLOORS = {"scenes": "widgets", "scenes.config": "widgets", "scenes.widgets": "widgets",
                "scenes.table": "table", "scenes.network": "network", "scenes.screens": "screens"}
FLOORS = ("kernel", "homes", "registry", "services", "sprites", "widgets", "table", "network", "screens",
          "app", "commands")


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
    if top == "sprites":
        return top
    if top == "scenes":
        return SCENE_FLOORS.get(module) or SCENE_FLOORS.get(".".join(module.split(".")[:2]), "app")
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


def test_the_scenes_stand_on_the_floors_of_their_folders():
    """The widgets under the table, the table under the network's screens, those under the
    other screens, and the app's loop on top: an import the other way runs upward."""
    assert [floor(m) for m in ("scenes", "scenes.config", "scenes.widgets.ui", "scenes.table.scene",
                               "scenes.network.remote", "scenes.screens.menu", "scenes.app")] == [
        "widgets", "widgets", "widgets", "table", "network", "screens", "app"]
    modules = {"scenes.table.scene": "scenes/table/scene.py", "scenes.screens.scoring": "scenes/screens/scoring.py",
               "scenes.widgets.ui": "scenes/widgets/ui.py"}
    assert upward(modules, {"scenes.table.scene": {"scenes.screens.scoring": 7},
                            "scenes.widgets.ui": {"scenes.table.scene": 3}}) == [
        "scenes.table.scene (table) -> scenes.screens.scoring (screens), scenes/table/scene.py:7",
        "scenes.widgets.ui (widgets) -> scenes.table.scene (table), scenes/widgets/ui.py:3"]


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
    data = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                           "config", "sprites", "build", ".ci"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout.split()
    for path in data:      # the project's own files: not a bundle built into build/dist
        if path.endswith((".yaml", ".md", ".sh", ".desktop")) or os.path.basename(path) == "run":
            with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
                text = handle.read()
            found += [f"{path} names {game_id}" for game_id in registry.GAMES if named(game_id, text)]
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


def vocabulary():
    """Every action kind: each registered game's `Act` (in its rules) and the kernel's
    shared kinds."""
    words = set(SharedAct.ALL)
    for info in registry.GAMES.values():
        words |= info.module.Act.ALL
    return words


def is_kind(node):
    """Does `node` read a kind: `x.kind`, a name `kind`, or getattr(x, "kind", ...)?"""
    if isinstance(node, ast.Attribute):
        return node.attr == "kind"
    if isinstance(node, ast.Name):
        return node.id == "kind"
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
            and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value == "kind")


def bare_words(node, words):
    """The string constants of `words` in `node`: a constant, or the items of a tuple,
    list or set of them."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [item.value for item in items if isinstance(item, ast.Constant) and item.value in words]


def bare_kinds(path, words):
    """'path:line: code' for every action kind written as a bare string where a kind is
    compared (`a.kind == "play"`, `kind in ("pass", "call")`) or an Action is made
    (`Action("draw")`)."""
    found = []
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Compare):
            sides = [node.left] + node.comparators
            if any(is_kind(side) for side in sides) and any(bare_words(side, words) for side in sides):
                found.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and (getattr(node.func, "id", None) == "Action"
                                             or getattr(node.func, "attr", None) == "Action"):
            if node.args and bare_words(node.args[0], words):
                found.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_action_kind_is_a_bare_string_where_kinds_are_compared_or_actions_made():
    """A kind is read from its game's `Act` (or the kernel's SharedAct), where a typo
    stops the code at once, never written as a bare string that would silently compare
    unequal."""
    words = vocabulary()
    assert {"play", "draw", "end_turn", "deal", "pick_up", "place"} <= words
    found = []
    for module, path in sources().items():
        found += bare_kinds(path, words)
    seventh = os.path.join(ROOT, "tests", "seventh")
    for name in sorted(os.listdir(seventh)):
        if name.endswith(".py"):
            found += bare_kinds(os.path.relpath(os.path.join(seventh, name), ROOT), words)
    assert not found


def test_a_vocabulary_spells_each_kind_as_its_name_and_lists_them_all():
    class Act(Vocabulary):
        PLAY = "play"
        END_TURN = SharedAct.END_TURN
    assert Act.ALL == {"play", "end_turn"} and Act.PLAY == "play" and type(Act.PLAY) is str
    with pytest.raises(TypeError, match="Act.PLAY_BLIND must be 'play_blind', not 'play_blnd'"):
        class Act(Vocabulary):   # noqa: F811
            PLAY_BLIND = "play_blnd"
    with pytest.raises(AttributeError):
        Act.PLAYY


def test_the_scan_for_bare_kinds_sees_comparisons_and_actions_made(tmp_path):
    code = tmp_path / "rules.py"
    code.write_text("def legal(a, kind):\n"
                    "    if a.kind == 'play' or kind in ('pass', 'call') or getattr(a, 'kind') != 'draw':\n"
                    "        return [Action('end_turn'), core.Action(Act.PLAY)]\n"
                    "    return a.step == 'play' or a.kind == 'burn' or a.kind == Act.DRAW\n")
    assert sorted(bare_kinds(str(code), {"play", "pass", "draw", "end_turn"})) == [
        f"{code}:2: a.kind == 'play'", f"{code}:2: getattr(a, 'kind') != 'draw'",
        f"{code}:2: kind in ('pass', 'call')", f"{code}:3: Action('end_turn')"]
