"""Who owns what at the table, checked on the code itself: the input only reads (it
assigns no attribute of anything, and nothing assigns its attributes), only the model
changes the table's interaction state and only the scene the pointer's, directors are
handed no table and change nothing of what they are shown, the model imports no pygame,
a click enters the scene only from the app, no scene subclasses the table, and the table
reads the session only through its small interface (never `session.state`)."""
import ast
import glob
import importlib
import inspect
import os
import subprocess
import sys

import pygame

import scenes
from scenes.table.model import Seen
from scenes.table.scene import TableScene
from scenes.table.session import Seat, Session, inline
from tests.test_ui_play import app, card_point, click_widget, settle  # noqa: F401

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


MODEL = ("table/model.py", "table/hold.py", "table/veil.py", "table/hinting.py", "table/undoing.py")   # and its parts


def test_nothing_assigns_the_input_s_attributes_only_the_model_the_table_s_state_only_the_scene_the_pointer():
    for name in SCENES:
        for line, written, start in writes(tree(name)):
            assert ".input." not in written and not written.startswith("input."), f"{name}:{line}: {written}"
            if name not in MODEL:
                assert ".ui." not in written and start != "ui", f"{name}:{line}: only the model changes TableState"
            if name != "table/scene.py":
                assert "pointer." not in written, f"{name}:{line}: only the scene changes the Pointer"


DIRECTORS = ("table/director.py", "table/lesson.py", "network/remote.py")


def test_directors_are_handed_no_table_and_change_nothing_they_are_shown():
    """A director's methods take what it reads (`seen`, the model's read-only look) and
    return decisions: none is handed the table or the model, writes into what it is
    shown, or reaches behind `seen`."""
    classes = 0
    for name in DIRECTORS:
        for cls in ast.walk(tree(name)):
            if not (isinstance(cls, ast.ClassDef) and cls.name.endswith("Director")):
                continue
            classes += 1
            for node in ast.walk(cls):
                if isinstance(node, ast.FunctionDef):
                    arguments = {a.arg for a in node.args.args + node.args.kwonlyargs}
                    assert not arguments & {"table", "model", "scene"}, f"{name}:{node.lineno}: {node.name}"
                if isinstance(node, ast.Attribute):
                    assert node.attr != "_model", f"{name}:{node.lineno}: reaches behind seen"
            for line, written, start in writes(cls):
                assert start != "seen", f"{name}:{line}: {written}"
    assert classes == 5         # the game's, the lesson's, the first game's, the joined and the hosted
    assert {n for n in dir(Seen) if not n.startswith("_")} == {
        "session", "presenter", "names", "view", "viewer", "anchor", "over", "rolled", "held", "picked", "keys", "my_turn",
        "settled", "shown", "told", "plain"}
    seen = Seen(object())
    for attribute in ("view", "viewer", "picked"):
        try:
            setattr(seen, attribute, None)
        except AttributeError:
            continue
        raise AssertionError(f"Seen.{attribute} could be written")


def test_the_model_of_the_table_and_its_session_import_no_pygame():
    code = ("import sys\n"
            "import scenes.table.model, scenes.table.session, scenes.table.director\n"
            "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=os.path.dirname(ROOT), timeout=60)
    assert result.returncode == 0, result.stderr


def test_a_click_enters_the_scene_only_from_the_app(app):  # noqa: F811
    """From the press of a card that plays alone to the frame drawn (the computer's answer
    included), nothing calls back into the scene: the model, the input, the buttons and
    the drawing are handed values, not the scene."""
    session = Session("final_card_down", [Seat("Maya"), Seat("Theo", False, "easy")], {}, 1, executor=inline)
    app.scene.persist = {"session": session, "viewer": None, "events_seen": 0, "curtains": []}
    app.switch("table")
    settle(app)
    table = app.scene
    single = next(a for a in table.model.legal if len(a.cards) == 1 and a.kind == "play"
                  and sum(b.cards == a.cards for b in table.model.legal) == 1)
    pos = app.screen.pixel(card_point(table, single.cards[0]))
    scene_file = inspect.getsourcefile(TableScene)
    entered = []

    def calls(frame, event, arg):
        if event == "call" and frame.f_code.co_filename == scene_file and frame.f_back is not None \
                and frame.f_back.f_code.co_filename != scene_file:
            entered.append((os.path.basename(frame.f_back.f_code.co_filename), frame.f_code.co_name))
    before = len(session.submitted)
    sys.setprofile(calls)
    try:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.handle(pygame.event.Event(kind, pos=pos, button=1))
        for _ in range(3):
            app.frame()
    finally:
        sys.setprofile(None)
    assert len(session.submitted) > before
    assert entered and {caller for caller, _ in entered} == {"app.py"}, entered


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
    assert type(app.scene) is TableScene and isinstance(app.scene.model.director, LessonDirector)


def test_the_table_reads_the_session_through_its_interface_only():
    for name in ("table/scene.py", "table/director.py", "table/lesson.py", "table/input.py", "table/draw.py",
                 "network/remote.py"):
        for node in ast.walk(tree(name)):
            if isinstance(node, ast.Attribute) and node.attr in ("state", "timeline"):
                assert not (isinstance(node.value, ast.Attribute) and node.value.attr == "session"), \
                    f"{name}:{node.lineno}: {ast.unparse(node)}"
