"""ai/compat against the course's published modules: every public name, signature and behaviour.

tests/data/course/course_modules.json lists what the course's ``jogos.py`` and ``rastros.py``
define (names, kinds, signatures, the course's players), with the repository and commit they were
read from.  ``describe`` below turns an imported module into that form; the test imports our
compat modules in a child process (as an outside player's process has them) and compares, so a
name or a signature that drifts fails the suite.  The behaviour tests check the course's
semantics that students' files depend on (the two-argument evaluation, shuffled moves, ``(name,
move)`` pairs, a set ``fullboard``, the ``o``/``@`` board).

To compare against a newer course text: put its jogos.py and rastros.py in a folder with our
ai/compat/func_timeout.py and a ``utils.py`` holding ``argmax = max`` (AIMA's), then run
``python tests/test_compat.py FOLDER`` and diff its output with the JSON file's ``modules``.
"""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "tests" / "data" / "course" / "course_modules.json"
COURSE_MODULES = ("jogos", "rastros", "func_timeout", "utils")


def describe_value(value: object) -> object:
    """A public name's kind and signature, in a form that does not depend on who wrote it."""
    if isinstance(value, types.ModuleType):
        return "module"
    if isinstance(value, type):
        if issubclass(value, BaseException):
            return "exception"
        if value.__module__ not in COURSE_MODULES:
            return f"class {value.__module__}.{value.__qualname__}"
        base = tuple if issubclass(value, tuple) else object
        members: dict[str, str] = {}
        for name in dir(value):
            if (name.startswith("_") and name != "__init__") or name in dir(base) and name != "__init__":
                continue
            member = getattr(value, name)
            if name == "__init__" and member in (object.__init__, tuple.__init__):
                continue
            members[name] = f"method{inspect.signature(member)}" if callable(member) else "field"
        return {"class": members, "fields": list(getattr(value, "_fields", []))}
    if isinstance(value, types.FunctionType):
        if value.__module__ not in COURSE_MODULES:
            return f"function {value.__module__}.{value.__qualname__}"
        return f"function{inspect.signature(value)}"
    if isinstance(value, types.BuiltinFunctionType):
        return f"builtin {value.__name__}"
    if isinstance(value, list):
        return [describe_value(v) for v in value]
    if type(value).__name__ == "Jogador":
        return f"Jogador {value.nome!r}"
    if isinstance(value, (int, float, str)):
        return f"{type(value).__name__} {value!r}"
    return f"instance of {type(value).__name__}"


def describe(module: types.ModuleType) -> dict[str, object]:
    return {name: describe_value(getattr(module, name)) for name in sorted(dir(module)) if not name.startswith("_")}


def describe_in_child(folder: Path) -> dict[str, object]:
    """``describe`` of jogos and rastros imported from ``folder`` (first on the path) in a new process."""
    code = (f"import sys, json; sys.path[:0] = [{str(folder)!r}, {str(Path(__file__).parent)!r}]\n"
            "from test_compat import describe\n"
            "import jogos, rastros\n"
            "print(json.dumps({m.__name__: describe(m) for m in (jogos, rastros)}))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=folder)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


def run_in_compat(code: str) -> str:
    """Run ``code`` with ai/compat first on the path, as an outside player's process has it (the
    outside players' tests run theirs here too).  Kept in this file, not in a helper module: a
    child process imports this file alone (``describe_in_child``), with no ``tests`` package."""
    prelude = f"import sys; sys.path[:0] = [{str(ROOT / 'ai' / 'compat')!r}]\n"
    proc = subprocess.run([sys.executable, "-c", prelude + code], capture_output=True, text=True, timeout=120,
                          cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


# -- names and signatures ------------------------------------------------------------------------
def test_compat_modules_have_the_course_names_and_signatures():
    course = json.loads(MANIFEST.read_text(encoding="utf-8"))["modules"]
    ours = describe_in_child(ROOT / "ai" / "compat")
    for module in ("jogos", "rastros"):
        missing = sorted(set(course[module]) - set(ours[module]))
        extra = sorted(set(ours[module]) - set(course[module]))
        assert not missing, f"{module}: the course has {missing}, ours not"
        assert not extra, f"{module}: ours has {extra}, the course not"
        for name, kind in course[module].items():
            assert ours[module][name] == kind, f"{module}.{name}: course {kind}, ours {ours[module][name]}"


def test_the_manifest_names_its_source():
    source = json.loads(MANIFEST.read_text(encoding="utf-8"))["source"]
    assert source["repository"] and len(source["commit"]) == 40 and set(source["files"]) == {"jogos.py", "rastros.py"}


# -- the course's semantics ----------------------------------------------------------------------------
def test_cutoff_searches_pass_the_player_to_a_two_argument_evaluation():
    out = run_in_compat(
        "from rastros import *\n"
        "seen = set()\n"
        "def fun_aval_42(estado, player):\n"
        "    seen.add(player)\n"
        "    return f_aval_basico(estado, player)\n"
        "def one_arg(estado):\n"
        "    return len(estado.moves())\n"
        "g = Rastros()\n"
        "s = g.result(g.initial, (5, 4))\n"
        "a = alphabeta_cutoff_search(s, g, 2, eval_fn=fun_aval_42)\n"
        "b = alphabeta_cutoff_search_new(s, g, 2, eval_fn=fun_aval_42)\n"
        "c = alphabeta_cutoff_search(s, g, 2, eval_fn=one_arg)\n"
        "print(sorted(seen), a in s.moves(), b in s.moves(), c in s.moves())\n")
    assert out.split("\n")[0] == "['N'] True True True"  # North is to move: always North's view


def test_searches_shuffle_moves_and_repeat_with_a_seed():
    out = run_in_compat(
        "from rastros import *\n"
        "def game(seed):\n"
        "    random.seed(seed)\n"
        "    return tuple(m for _, m in jogaRastros11(arlivre, basilio)[0])\n"
        "print(len({game(s) for s in range(6)}) > 1, game(3) == game(3))\n")
    assert out.split() == ["True", "True"]


def test_textbook_cutoff_search_finds_a_move_of_best_value():
    """``alphabeta_cutoff_search`` is the textbook search: its move's value is the plain minimax best."""
    out = run_in_compat(
        "from rastros import *\n"
        "g = Rastros()\n"
        "s = g.initial\n"
        "for m in [(5, 4), (4, 3), (5, 3), (6, 2)]:\n"
        "    s = g.result(s, m)\n"
        "me = s.to_move\n"
        "def value(t, depth, mine):\n"
        "    if depth > 3 or g.terminal_test(t):\n"
        "        return f_aval_basico(t, me)\n"
        "    vals = [value(g.result(t, a), depth + 1, not mine) for a in g.actions(t)]\n"
        "    return max(vals) if mine else min(vals)\n"
        "values = {a: value(g.result(s, a), 1, False) for a in g.actions(s)}\n"
        "best = max(values.values())\n"
        "ok = all(values[alphabeta_cutoff_search(s, g, 3, eval_fn=f_aval_basico)] == best for _ in range(8))\n"
        "print(ok, len(values))\n")
    assert out.split()[0] == "True"


def test_match_helpers_have_the_course_shapes():
    out = run_in_compat(
        "from rastros import *\n"
        "moves, result = jogaRastros11(obtusoSW, bacoco)\n"
        "print(all(isinstance(n, str) and len(m) == 2 for n, m in moves), result in (1, -1), moves[0][0])\n"
        "mostraJogo(moves)\n"
        "games = jogaRastrosNN([obtusoSW, obtusoNE], [obtusoSW, obtusoNE], 1)\n"
        "print([(a, b) for a, b, _ in games])\n"
        "faz_campeonato([obtusoSW, obtusoNE], 1)\n"
        "print(type(Rastros().fullboard).__name__, type(estado_inicial.fullboard).__name__,\n"
        "      [j.nome for j in todosJog])\n"
        "EstadoRastros('N', (4, 4), {(4, 5)}).display()\n")
    lines = out.splitlines()
    assert lines[0] == "True True ObtusoSW"
    assert lines[1].startswith("ObtusoSW-->")
    assert any(line.startswith("Ganhou") for line in lines)
    assert "[('ObtusoSW', 'ObtusoNE'), ('ObtusoNE', 'ObtusoSW')]" in lines
    assert "JOGADOR VITÓRIAS" in lines
    assert "set set ['Bacoco', 'ObtusoSW', 'ObtusoNE', 'Ar Livre', 'Basilio']" in lines
    assert "4...o@...4" in lines


def test_match_helpers_return_at_once_while_a_file_loads():
    out = run_in_compat(
        "import jogos\n"
        "jogos._loading = True\n"
        "from rastros import *\n"
        "print(jogaRastros11(basilio, arlivre), jogaRastrosNN(todosJog, todosJog), faz_campeonato(todosJog),\n"
        "      Rastros().jogar(random_player, random_player))\n"
        "print(len(jogos._skipped_calls))\n")
    assert out.splitlines() == ["([], 0) [] None 0", "4"]


if __name__ == "__main__":  # describe a folder holding the course's own jogos.py and rastros.py
    print(json.dumps(describe_in_child(Path(sys.argv[1]).resolve()), indent=1, ensure_ascii=False))
