"""Facts are read by the names their game declares.

Each game declares its facts next to its fields (`FACTS`). A view's facts refuse a name
that is not declared, and this test reads the source of every game's presenter, bot and
rules modules (its measures live there) for the facts they name: each must be one its
game declares. A module every game shares (the default presenter, the generic bots, the
scenes) names no fact at all: it may only go through them all.
"""
import ast
import inspect
import os
import sys

import pytest

from game import registry
from game.bots.base import knowledge
from game.presenter import Presenter
from scenes.table.presenters import presenter_for

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = ["game/presenter.py", "game/bots/base.py", "game/bots/easy.py",
          "game/bots/medium.py", "game/bots/hard.py", "game/bots/sampling.py", "game/core.py",
          "game/measures.py", "game/tutorial.py", "game/undo.py"]
SHARED += [os.path.join("scenes", name) for name in sorted(os.listdir(os.path.join(ROOT, "scenes")))
           if name.endswith(".py")]


def _is_facts(node):
    """Is `node` a view's facts: a name `facts` or an attribute `.facts`?"""
    return (isinstance(node, ast.Name) and node.id == "facts") or (
        isinstance(node, ast.Attribute) and node.attr == "facts")


def _text(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def facts_named(source):
    """{fact name: line} of every fact `source` reads by name: facts["x"],
    facts.get("x"), "x" in facts (also through an attribute: view.facts["x"])."""
    named = {}
    for node in ast.walk(ast.parse(source)):
        name = None
        if isinstance(node, ast.Subscript) and _is_facts(node.value) and isinstance(node.ctx, ast.Load):
            name = _text(node.slice)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "get" and _is_facts(node.func.value) and node.args):
            name = _text(node.args[0])
        elif (isinstance(node, ast.Compare) and len(node.ops) == 1
              and isinstance(node.ops[0], (ast.In, ast.NotIn)) and _is_facts(node.comparators[0])):
            name = _text(node.left)
        if name is not None:
            named.setdefault(name, node.lineno)
    return named


def game_sources(game_id):
    """The files of `game_id`'s rules, bot and presenter (its presenter's own classes)."""
    state_class = registry.GAMES[game_id].state_class()
    modules = {sys.modules[state_class.__module__]}
    package = sys.modules[state_class.__module__].__package__
    if package and package != "game":
        modules |= {m for name, m in sys.modules.items() if name.startswith(package + ".")}
    know = knowledge(game_id)
    if inspect.ismodule(know):
        modules.add(know)
    for cls in type(presenter_for(registry.GAMES[game_id])).__mro__:
        if issubclass(cls, Presenter) and cls is not Presenter:
            modules.add(sys.modules[cls.__module__])
    return sorted(inspect.getsourcefile(m) for m in modules)


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_presenters_bots_and_rules_read_only_declared_facts(game_id):
    declared = {**registry.GAMES[game_id].state_class().FACTS,
                **type(presenter_for(registry.GAMES[game_id])).TABLE_FACTS}     # the table's own facts
    unknown = [f"{os.path.relpath(path, ROOT)}:{line} reads {name!r}"
               for path in game_sources(game_id)
               for name, line in facts_named(open(path).read()).items() if name not in declared]
    assert not unknown, f"{game_id} declares no such fact:\n" + "\n".join(unknown)


def test_shared_modules_read_no_fact_by_name():
    named = [f"{path}:{line} reads {name!r}" for path in SHARED
             for name, line in facts_named(open(os.path.join(ROOT, path)).read()).items()]
    assert not named, "\n".join(named)


def test_facts_named_finds_every_way_of_reading_one():
    source = ('a = view.facts["one"]\nb = facts.get("two", 0)\nc = "three" in facts\n'
              'd = "four" not in view.facts\ne = other["five"]\n')
    assert facts_named(source) == {"one": 1, "two": 2, "three": 3, "four": 4}


def test_a_fact_the_game_does_not_declare_cannot_be_read():
    facts = registry.new_game("ktu", seed=1).view(0).facts
    assert facts["step"] == "choose" and facts.get("turn_no") == 0
    for read in (lambda: facts["stage"], lambda: facts.get("stage"), lambda: facts.get("stage", 1)):
        with pytest.raises(KeyError, match="ktu declares no fact 'stage'"):
            read()
