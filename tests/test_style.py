"""Repository hygiene that reviewers would otherwise check by hand."""

from __future__ import annotations

import ast
import functools
import re
import shutil
import subprocess
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "ai")


@pytest.mark.skipif(shutil.which("ruff") is None and not (ROOT / ".venv/bin/ruff").exists(), reason="ruff not installed")
def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(ROOT / ".venv/bin/ruff")
    proc = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:]


@pytest.mark.parametrize("package", PACKAGES)
def test_rules_and_ai_do_not_import_pygame(package):
    for path in (ROOT / package).rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import|from)\s+pygame", text, re.M), path


def test_nothing_reads_the_shared_folder_or_evaluates_data():
    for path in list(ROOT.glob("*.py")) + [p for d in ("games", "ai", "ui") for p in (ROOT / d).rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "/work/shared" not in text, path
        assert not re.search(r"(^|[^.\w])eval\(", text), path
        assert not re.search(r"pickle\.loads?\(", text), path


def test_readme_test_command_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    test_command = next(line for line in readme if "pytest" in line)
    assert test_command in (ROOT / ".ci/run").read_text(encoding="utf-8")


def runtime_imports(path: Path) -> set[str]:
    """Modules ``path`` imports when it runs (imports under ``if TYPE_CHECKING:`` are for types only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


@pytest.mark.parametrize(("package", "forbidden"), [("games", ("ai", "ui", "pygame")), ("ai", ("ui", "pygame"))])
def test_layers_import_only_the_layers_below(package, forbidden):
    for path in (ROOT / package).rglob("*.py"):
        bad = {m for m in runtime_imports(path) if m.split(".")[0] in forbidden}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


SCREENS = {"game", "menu", "records", "replay", "rules", "settings_screen", "setup", "tournament", "unfinished"}
SCREEN_IMPORTS_ALLOWED = {("unfinished", "records")}  # the unfinished-games list is a records list


def test_screens_do_not_import_each_other():
    """Scenes reach each other through the App's navigation API (show_menu, open_replay, ...), so
    there is no import loop among them: a screen imports only the shared scene helpers and its own parts."""
    for path in (ROOT / "ui" / "scenes").glob("*.py"):
        for module in runtime_imports(path):
            if module.startswith("ui.scenes."):
                target = module.split(".")[2]
                assert target not in SCREENS or (path.stem, target) in SCREEN_IMPORTS_ALLOWED, (
                    f"ui/scenes/{path.name} imports the screen {module}; ask the App to show it")


DOCSTRING_LINES = 40  # at most, a module's: what it is for and why; the how is in its functions' docstrings or docs/


def python_sources() -> list[Path]:
    """The tree's Python files: the program's packages, the tools, the tests (not the broken
    files ``tests/data`` keeps on purpose) and the scripts at the top."""
    found = [p for d in ("games", "ai", "ui", "tools", "tests") for p in (ROOT / d).rglob("*.py")]
    return [*ROOT.glob("*.py"), *(p for p in found if not p.is_relative_to(ROOT / "tests" / "data"))]


def module_docstring(source: str) -> str | None:
    """``ast.get_docstring(ast.parse(source), clean=False)`` from the module's first statement's
    first line alone (a docstring is that whole statement): parsing every file whole took this
    test 5 s."""
    read: list[str] = []
    lines = iter(source.splitlines(keepends=True))

    def readline() -> str:
        read.append(next(lines, ""))
        return read[-1]

    for token in tokenize.generate_tokens(readline):
        if token.type == tokenize.NEWLINE:
            try:
                return ast.get_docstring(ast.parse("".join(read)), clean=False)
            except SyntaxError:  # a compound statement's first line: no docstring
                return None
    return None


def test_module_docstrings_are_at_most_40_lines():
    """A module's docstring is read first, to find one's way: ai/tournament.py's and
    games/trax.py's had grown to 41 lines, past the house's 40, and no test said so."""
    long = []
    for path in python_sources():
        doc = module_docstring(path.read_text(encoding="utf-8"))
        if doc is not None and len(doc.splitlines()) > DOCSTRING_LINES:
            long.append(f"{path.relative_to(ROOT)}: {len(doc.splitlines())} lines")
    assert not long, f"module docstrings over {DOCSTRING_LINES} lines: {long}"

BENCHES = ("main.py", "ui/bench.py", "ui/analysis_bench.py", "ai/commands/bench.py", "ai/bench/*.py", "tools/*bench*.py")


APP_PACKAGES = ("games", "ai", "ui", "tools")


def is_private(name: str) -> bool:
    """A name its module keeps to itself: a leading underscore, not a dunder, and not ``_``, the
    translation call (``ui.i18n._``) that gettext's tools look for under that name everywhere."""
    return name.startswith("_") and not name.startswith("__") and name != "_"


def imported_modules(tree: ast.AST) -> dict[str, str]:
    """The app's modules ``tree`` binds a name to, by that name: ``import ui.app`` binds
    ``ui.app``, ``import ui.app as app`` and ``from ui import app`` bind ``app``."""
    bound = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound.update({alias.asname or alias.name: alias.name for alias in node.names
                          if alias.name.split(".")[0] in APP_PACKAGES})
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in APP_PACKAGES:
            bound.update({alias.asname or alias.name: f"{node.module}.{alias.name}" for alias in node.names
                          if module_file(f"{node.module}.{alias.name}") is not None})
    return bound


def imported_names(tree: ast.AST) -> dict[str, str]:
    """The names other than modules ``tree`` takes from the app's modules, by the name bound:
    ``from ui.worker_client import SpareWorker`` binds ``SpareWorker`` to ``ui.worker_client.SpareWorker``."""
    return {alias.asname or alias.name: f"{node.module}.{alias.name}" for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in APP_PACKAGES
            for alias in node.names if module_file(f"{node.module}.{alias.name}") is None}


def owner_of(node: ast.expr, modules: dict[str, str], names: dict[str, str]) -> str | None:
    """The app's module, or a class (or function) of one, that ``node`` names ("ui.app",
    "ui.worker_client.SpareWorker"), None for anything else (a local, ``self``)."""
    if isinstance(node, ast.Attribute) and ast.unparse(node.value) in modules:
        return f"{modules[ast.unparse(node.value)]}.{node.attr}"
    return modules.get(ast.unparse(node)) or (names.get(node.id) if isinstance(node, ast.Name) else None)


def private_imports(paths: list[Path]) -> list[str]:
    """Each name starting with ``_`` that one of ``paths`` takes from another module of the app
    ("path: module.name"), imported by name or read off the module (``ui.app._wait``) or off one
    of its classes (``worker_client.SpareWorker._spare``, which tools/worker_ends_bench.py read
    for ``SpareWorker.spare()``): a helper or state private to its module, which a rename there
    would break."""
    private = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in APP_PACKAGES:
                private += [f"{where}: {node.module}.{alias.name}" for alias in node.names if is_private(alias.name)]
        modules, names = imported_modules(tree), imported_names(tree)
        private += [f"{where}: {owner}.{node.attr}" for node in ast.walk(tree)
                    if isinstance(node, ast.Attribute) and is_private(node.attr)
                    and (owner := owner_of(node.value, modules, names)) is not None]
    return private


def test_benches_import_no_private_names():
    """A bench measures the program through what its modules offer: ``python -m ui.analysis_bench``
    and tools/tree_draw_bench.py imported ``ui.bench._passing_folders`` and ``_run``, helpers that
    a rename inside ui/bench.py would break without a word from the tests."""
    private = private_imports(sorted(p for pattern in BENCHES for p in ROOT.glob(pattern)))
    assert not private, private


def test_the_rules_import_no_private_names_of_each_other():
    """What two rules modules share is the public API of one of them: games/record_recovery.py
    read a cut record with ``games.record``'s ``_players``, ``_result``, ``_date`` and ``_setup``,
    which a tidy of games/record.py could rename or change unseen (now ``read_players`` ...)."""
    private = private_imports(sorted((ROOT / "games").rglob("*.py")))
    assert not private, private


def test_the_players_import_no_private_names_of_each_other():
    """The same for ai/: ai/outside_gtp.py caught ``ai.outside``'s ``_Dead`` and ``_Late``, which a
    tidy of ai/outside.py could rename or change unseen (now ``ProcessDied`` and ``ProcessLate``)."""
    private = private_imports(sorted((ROOT / "ai").rglob("*.py")))
    assert not private, private


def test_the_window_and_tools_import_no_private_names_of_each_other():
    """The same for ui/, tools/ and main.py: split modules took helpers of each other by their
    private names (``ui.worker_jobs._run_job``, ``ui.worker_lifecycle._start_process``,
    ``ui.autosave_reading._read_once``, ``tools.cold_start._output``), and ui/bench.py swapped
    ``ui.app._wait_for_events`` (now ``run_job``, ``start_worker_process``, ``read_once``,
    ``run_in_fresh_install``, ``wait_for_events``)."""
    paths = [p for package in ("ui", "tools") for p in (ROOT / package).rglob("*.py")]
    private = private_imports(sorted([*paths, ROOT / "main.py"]))
    assert not private, private


ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
MAPPED = ("games", "ai", "ui", "tools")


def architecture_quotes(doc: Path = ARCHITECTURE) -> list[str]:
    """The backticked texts of docs/ARCHITECTURE.md, or another doc (code blocks left out: they are examples)."""
    text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)
    return re.findall(r"`([^`\n]+)`", text)


def module_file(dotted: str) -> Path | None:
    """The source file of a dotted module name in the tree, or None."""
    base = ROOT.joinpath(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def top_level_names(path: Path) -> set[str]:
    """What a module defines or imports at its top level (its functions, classes, constants)."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def test_architecture_names_only_paths_that_exist():
    """A module or folder the design names (``ai/search/driver.py``, ``ai/kernels/<game>.py``) is there."""
    missing = []
    for quote in architecture_quotes():
        path = quote.split()[0]  # a command's options after the tool's path
        if not re.fullmatch(r"(games|ai|ui|tools|docs)/[\w/<>.-]*", path):
            continue
        if not any(ROOT.glob(re.sub(r"<[^>]+>", "*", path.rstrip("/")))):
            missing.append(path)
    assert not missing, f"docs/ARCHITECTURE.md names paths that are not in the tree: {missing}"


# the docs that say what the code does now (docs/tuning/ logs what was tried, under the names of then)
CURRENT_DOCS = sorted(p.relative_to(ROOT).as_posix() for p in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")])


@pytest.mark.parametrize("doc", CURRENT_DOCS)
def test_architecture_dotted_names_resolve(doc):
    """A dotted name the design gives (``ai.kernels.prepare``, ``ui.recorder``) is a module of the tree
    or a name defined at the top of one; so is one the README and the other docs give
    (docs/packaging.md named ``ai.kernel_cache.kernel_sources``, which lives in ai.kernel_folders)."""
    unresolved = []
    for quote in architecture_quotes(ROOT / doc):
        if not re.fullmatch(r"(games|ai|ui)(\.\w+)+", quote) or quote.endswith(".py"):  # games.py: a file's name
            continue
        parts = quote.split(".")
        for cut in range(len(parts), 0, -1):
            path = module_file(".".join(parts[:cut]))
            if path is not None:
                break
        if cut < len(parts) and (path is None or parts[cut] not in top_level_names(path)):
            unresolved.append(quote)
    assert not unresolved, f"{doc} names what the tree does not define: {unresolved}"


@functools.cache
def class_members() -> dict[str, set[str]]:
    """Each class the tree defines (games/, ai/, ui/, tools/, main.py), by name, with what it
    defines: its methods, nested classes, class attributes and the attributes its methods set."""
    members: dict[str, set[str]] = {}
    paths = [p for package in MAPPED for p in (ROOT / package).rglob("*.py") if "shipped-cache" not in p.parts]
    for path in [*paths, ROOT / "main.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = members.setdefault(node.name, set())
                names.update(n.name for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))
                names.update(n.id for item in node.body if isinstance(item, ast.Assign | ast.AnnAssign)
                             for n in ast.walk(item) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
                names.update(n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)
                             and isinstance(n.value, ast.Name) and n.value.id == "self")
    return members


@pytest.mark.parametrize("doc", CURRENT_DOCS)
def test_docs_class_members_exist(doc):
    """A ``Class.member`` the docs give (``GameScene.next_game_in``, ``PythonSearch.solved``,
    ``App.show_play_from``) is a class of the tree that defines that member, so a renamed class or
    method leaves no name in the docs that a newcomer greps for in vain."""
    members = class_members()
    quoted = [m.groups() for m in (re.fullmatch(r"([A-Z]\w*[a-z]\w*)\.([a-z_]\w*)(?:\(.*\))?", q)
                                   for q in architecture_quotes(ROOT / doc)) if m]
    unknown = [f"{cls}.{member}" for cls, member in quoted if member not in members.get(cls, ())]
    assert not unknown, f"{doc} names classes or members the tree does not define: {unknown}"
    assert doc != "docs/ARCHITECTURE.md" or len(quoted) > 20  # the scan finds them


@functools.cache
def tree_source_words() -> frozenset[str]:
    """Every word (a run of letters, digits and underscores) of the Python sources of the program,
    its tools, packaging and tests (main.py too, this file not: it quotes stale names).  A name is
    in the text, between word boundaries, exactly when it is one of these words; looked up here at
    once, not searched for in the whole text once a name (6 to 7 s for docs/ARCHITECTURE.md's)."""
    paths = [p for package in (*MAPPED, "tests", "packaging") for p in (ROOT / package).rglob("*.py")
             if "shipped-cache" not in p.parts and p != Path(__file__).resolve()]
    return frozenset(word for path in [*paths, ROOT / "main.py"]
                     for word in re.findall(r"\w+", path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("doc", CURRENT_DOCS)
def test_docs_snake_case_names_are_in_the_code(doc):
    """A name with an underscore the docs quote bare (``_set_elo``, ``name_first``) is written somewhere
    in the tree, as a function, a constant, a key or a column: docs/outside-players.md named
    ``_little_golem_escaped`` for Little Golem's unescaped brackets, renamed ``_brackets_escaped``
    when HexGui's files came to be read so too, and a reader grepping for it found nothing.
    Dotted names and paths have their own tests above; other programs' names (``Sg::X``) are theirs."""
    words = tree_source_words()
    quoted = {name for quote in architecture_quotes(ROOT / doc) if "::" not in quote and "/" not in quote
              for name in re.findall(r"(?<![\w.])_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.(])", quote)}
    unknown = sorted(name for name in quoted if name not in words)
    assert not unknown, f"{doc} quotes names the code does not hold: {unknown}"


def test_architecture_maps_every_module():
    """Each package and module of games/, ai/, ui/ and tools/ has its line in the design's map, so a
    newcomer finds where a concern lives without reading the tree."""
    quoted = set(architecture_quotes())
    unmapped = []
    for package in MAPPED:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "shipped-cache" in path.parts:
                continue
            relative = path.relative_to(ROOT)
            name = f"{relative.parent.as_posix()}/" if path.name == "__init__.py" else relative.as_posix()
            if name not in quoted:
                unmapped.append(name)
    assert not unmapped, f"docs/ARCHITECTURE.md's map lacks: {unmapped} (add a line each)"


def contract_members(cls: type) -> set[str]:
    """The public methods, properties and class attributes ``cls`` defines itself: its contract."""
    return {name for name in vars(cls) if not name.startswith("_")} | set(getattr(cls, "__annotations__", {}))


def architecture_section(title: str) -> str:
    """The text of docs/ARCHITECTURE.md's section ``## title``, code blocks included."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else len(text)]


@pytest.mark.parametrize(("section", "classes"), [
    ("The game contract", ("games.base.State", "games.base.Game", "games.base.GameInfo", "games.base.Option",
                           "games.base.DrawCounts")),
    ("The player contract", ("ai.base.Player", "ai.base.Limits", "ai.base.Progress")),
])
def test_architecture_documents_every_contract_member(section, classes):
    """Each method a contract class offers is named where the design sets out that contract:
    ``Player.get_ready``, ``Game.implied_move``, ``Game.transcript``, ``Game.play_line``,
    ``Game.legal_move_texts`` and ``State.end_reason`` were in the code and nowhere in the design."""
    import importlib

    text = architecture_section(section)
    missing = []
    for dotted in classes:
        module, name = dotted.rsplit(".", 1)
        cls = getattr(importlib.import_module(module), name)
        missing += [f"{name}.{member}" for member in sorted(contract_members(cls))
                    if not re.search(rf"\b{member}\b", text)]
    assert not missing, f"docs/ARCHITECTURE.md's '{section}' does not name: {missing}"


@pytest.mark.parametrize(("section", "module"), [("The game contract", "games.base"), ("The player contract", "ai.base")])
def test_architecture_names_every_exception_of_a_contract(section, module):
    """How a contract's calls fail is part of it: each exception its module defines is named where
    the design sets that contract out.  ``ai.base.Forfeit`` and ``ai.base.Resigned``, which an
    outside player's ``choose`` raises to lose a game (``Resigned`` for a bot's ``return "resign"``),
    were in the code and nowhere in the design."""
    import importlib

    defined = vars(importlib.import_module(module))
    exceptions = sorted(name for name, value in defined.items() if isinstance(value, type)
                        and issubclass(value, Exception) and value.__module__ == module and not name.startswith("_"))
    assert exceptions  # the scan finds them
    text = architecture_section(section)
    missing = [name for name in exceptions if not re.search(rf"\b{name}\b", text)]
    assert not missing, f"docs/ARCHITECTURE.md's '{section}' does not name: {missing}"


def test_architecture_sets_out_the_worker_protocol():
    """The window and its AI workers speak through ``ui/ai_worker.py``'s messages: each is named where
    the design describes the window, and so is each kind of job, with what it answers.  The design
    named ``Job`` and ``AIProgress`` in passing; ``AIResult``, ``AIMoveValues``, ``AIKnowledge``,
    ``AIForfeit``, ``AIWarmUp`` and the spare worker's messages were in the code only."""
    import dataclasses
    import inspect

    import ui.ai_worker as worker
    import ui.worker_jobs as jobs

    messages = sorted(name for name, value in vars(worker).items() if isinstance(value, type)
                      and value.__module__ == worker.__name__ and dataclasses.is_dataclass(value))
    kinds = ["move", *re.findall(r'job\.kind == "(\w+)"', inspect.getsource(jobs.run_job))]
    assert len(messages) > 10 and len(kinds) > 3  # the scans find them
    text = architecture_section("The window (ui/)")
    missing = [name for name in messages if not re.search(rf"`{name}`", text)]
    missing += [f'kind "{kind}"' for kind in kinds if f'"{kind}"' not in text]
    assert not missing, f"docs/ARCHITECTURE.md's worker protocol does not name: {missing}"


def test_every_doc_is_named_by_the_readme_or_the_design():
    """A newcomer reads README.md, then docs/ARCHITECTURE.md: every other page of docs/ is named
    in one of them.  docs/rastros-proof.md, docs/reversi-endgame.md and docs/alquerque-tables.md,
    which say what the shipped books, solvers and tables prove and how to make them again, were
    named by no page a newcomer starts from."""
    entry = " ".join((ROOT / doc).read_text(encoding="utf-8") for doc in ("README.md", "docs/ARCHITECTURE.md"))
    unnamed = [doc for doc in CURRENT_DOCS if doc.startswith("docs/") and doc not in entry]
    assert not unnamed, f"no entry page names {unnamed}"
