"""Who owns what at the table, checked on the code itself: the input only reads (it
assigns no attribute of anything, and nothing assigns its attributes), only the
controller changes the table's interaction state, directors change nothing of the
table, no scene subclasses the table, and the table reads the session only through
its small interface (never `session.state`)."""
import ast
import glob
import importlib
import inspect
import os

import scenes
from scenes.table.scene import TableScene
from tests.test_ui_play import app, click_widget  # noqa: F401

MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "update", "add", "discard",
            "setdefault", "sort", "reverse", "__setitem__"}
ROOT = os.path.dirname(scenes.__file__)
SCENES = sorted(os.path.relpath(path, ROOT) for path in glob.glob(os.path.join(ROOT, "**", "*.py"), recursive=True))


def tree(name):
    path = os.path.join(ROOT, name)
    return ast.parse(open(path, encoding="utf-8").read(), path)


def targets(node):
    """The expressions an assignment or a deletion writes to."""
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        found = [node.target]
    elif isinstance(node, ast.Delete):
        found = list(node.targets)
    else:
        return []
    flat = []
    while found:
        target = found.pop()
        if isinstance(target, (ast.Tuple, ast.List)):
            found += target.elts
        else:
            flat.append(target)
    return flat


def root(node):
    """The name an attribute or subscript chain starts from ('' if none)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def writes(node):
    """Every attribute or item `node` writes, by assignment, deletion, setattr or a
    mutating method called on an attribute or item: [(line, source, the name it starts from)]."""
    found = []
    for sub in ast.walk(node):
        for target in targets(sub):
            if isinstance(target, (ast.Attribute, ast.Subscript)):
                found.append((sub.lineno, ast.unparse(target), root(target)))
        if isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Name) and func.id in ("setattr", "delattr"):
                found.append((sub.lineno, ast.unparse(sub), root(sub.args[0]) if sub.args else ""))
            if (isinstance(func, ast.Attribute) and func.attr in MUTATORS
                    and isinstance(func.value, (ast.Attribute, ast.Subscript))):
                found.append((sub.lineno, ast.unparse(sub), root(func.value)))
    return found


def test_table_input_assigns_no_attribute_of_anything():
    [cls] = [n for n in tree("table/input.py").body if isinstance(n, ast.ClassDef) and n.name == "TableInput"]
    assert writes(cls) == []


def test_nothing_assigns_the_input_s_attributes_and_only_the_controller_the_table_s_state():
    for name in SCENES:
        for line, written, _ in writes(tree(name)):
            assert ".input." not in written and not written.startswith("input."), f"{name}:{line}: {written}"
            if name != "table/scene.py":
                assert "ui_state" not in written, f"{name}:{line}: only the controller changes TableState"


def test_directors_change_nothing_of_the_table():
    for name in ("table/director.py", "table/lesson.py", "network/remote.py"):
        for line, written, start in writes(tree(name)):
            assert start != "table", f"{name}:{line}: {written}"


def test_no_scene_subclasses_the_table_and_a_lesson_is_the_table_with_a_director(app):  # noqa: F811
    for path in SCENES:
        module = importlib.import_module("scenes." + path[:-3].replace(os.sep, ".").removesuffix(".__init__"))
        for _, cls in inspect.getmembers(module, inspect.isclass):
            assert cls is TableScene or not issubclass(cls, TableScene), f"{cls.__name__} subclasses the table"
    from scenes.screens.replay import ReplayScene
    from scenes.table.lesson import LessonDirector
    assert not issubclass(ReplayScene, TableScene)
    click_widget(app, lambda w: w.label == "Learn to play")
    click_widget(app, lambda w: w.label.startswith("Learn "))
    assert type(app.scene) is TableScene and isinstance(app.scene.director, LessonDirector)


def test_the_table_reads_the_session_through_its_interface_only():
    for name in ("table/scene.py", "table/director.py", "table/lesson.py", "table/input.py", "table/draw.py",
                 "network/remote.py"):
        for node in ast.walk(tree(name)):
            if isinstance(node, ast.Attribute) and node.attr in ("state", "timeline"):
                assert not (isinstance(node.value, ast.Attribute) and node.value.attr == "session"), \
                    f"{name}:{node.lineno}: {ast.unparse(node)}"
