"""Portuguese is complete: a walk through every screen in pt draws no English.

Every string the window renders (pygame's Font.render, which our text helpers, the board views and
pygame-menu all use) is recorded while the screens are walked in Portuguese: the main menu, the
setup screen of every game in both modes, a game of every game in each mode (moving, thinking,
over, with the game-over card), the rules, the settings, the saved and unfinished games, the
tournament screen (setup and running) and a replay.  A rendered string fails the test when it
holds an English word of the interface (a word of an English message in the catalog that no
Portuguese translation uses): an English string whose translation entry is missing, or text that
never went through gettext.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pygame
import pytest

import games
from ui import i18n

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "assets" / "locale" / "pt" / "LC_MESSAGES" / "tabuleiro.po"
# Words that are English but also fine in a Portuguese window: names and notation.
ALLOWED = {"tabuleiro", "hex", "trax", "reversi", "rastros", "alquerque", "swap", "pie", "elo", "png", "json",
           "esc", "ctrl", "pass", "enter", "tab", "shift", "mcts", "vs", "ok", "gtp", "alt"}
EXTRA_ENGLISH = {"the", "and", "to", "move", "moves", "ply", "plies", "ready", "game", "over", "wins", "win",
                 "click", "anywhere", "pass", "thinking", "search", "eval", "best", "depth", "nodes", "playouts",
                 "proven", "draw", "row", "has", "left", "right", "top", "bottom", "board", "full", "tile", "your",
                 "you", "off", "level", "mode", "player", "players", "waiting", "blocked", "reached", "loop",
                 "line", "light", "dark", "black", "white", "red", "blue", "south", "north", "pieces", "plays",
                 "looks", "ahead", "takes", "random", "legal", "start", "back", "time", "games", "round", "each",
                 "watch", "centre", "center", "outside", "rules", "settings", "menu", "replay", "rematch",
                 "resign", "undo", "redo", "hint", "save", "new", "continue", "tournament", "finished", "moved"}


def _po_words() -> tuple[set[str], set[str]]:
    """The English words of the catalog, and the Portuguese ones (catalog and rules pages)."""
    text = PO.read_text(encoding="utf-8")
    english = " ".join(re.findall(r'^msgid(?:_plural)? "(.*)"', text, re.M))
    portuguese = " ".join(re.findall(r'^msgstr(?:\[\d\])? "(.*)"', text, re.M))
    pages = " ".join(p.read_text(encoding="utf-8") for p in (PO.parent.parent / "rules").glob("*.md"))
    return _words(english), _words(portuguese) | _words(pages)


def _words(text: str) -> set[str]:
    text = re.sub(r"\{[^}]*\}", " ", text)
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]{3,}", text)}


def english_words(rendered: str, vocabulary: set[str]) -> list[str]:
    """The English words in ``rendered`` (file paths left out: their folder names are not ours)."""
    rendered = " ".join(word for word in rendered.split() if "/" not in word or len(word) < 4)
    return sorted({w for w in re.findall(r"[A-Za-zÀ-ÿ]{3,}", rendered) if w.lower() in vocabulary})  # "começa" whole


@pytest.fixture
def rendered(monkeypatch, tmp_path):
    """Record every string rendered while the test runs (fonts made after the patch record)."""
    import pygame_menu.font

    from ui import text as tx
    from ui import theme

    seen: list[str] = []
    real = pygame.font.Font

    class RecordingFont(real):
        def render(self, value, *args, **kwargs):
            if isinstance(value, str) and value.strip() and value != "TEST":  # pygame-menu measures with "TEST"
                seen.append(value)
            return super().render(value, *args, **kwargs)

    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    caches = [tx.ui_font, getattr(theme, "font", None)]
    for cached in caches:
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()
    pygame_menu.font._cache.clear()
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    yield seen
    for cached in caches:
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()
    pygame_menu.font._cache.clear()
    i18n.set_language("en")


def show(app, scene=None, frames: int = 3) -> None:
    if scene is not None:
        app.switch(scene)
    app.invalidate()
    app.run_frames(frames)


def play_first_plies(app, scene, plies: int = 3) -> None:
    """The first ``plies`` of a game drawn as they are played: a human's move, a computer thinking,
    then its reply drawn waiting for its moment, and played.  Its moment (the pause after a human's
    move, or the speed's between two of the computer's) is made now once the waiting reply has been
    drawn: the screens are what this walk reads, not the pause, which cost it 16 of its 21 s.  A
    move's animation, drawn moving, is ended as a click on the board ends it: the computer's search
    waits for it, and the pieces' slide draws no words (half of the plies' time was slides)."""
    end = time.monotonic() + 8
    while time.monotonic() < end and len(scene.history) < plies and not scene.is_over():
        if scene.human_to_move():
            scene._play(scene.state.legal_moves()[0], by_computer=False)
        app.run_frames(2)
        scene.view.finish_animation()  # drawn moving: still now
        if scene.computer.held is not None:  # drawn waiting: due now
            scene.last_move_time = time.monotonic() - 60
        time.sleep(0.01)


def walk(app) -> None:
    """Every screen, in the language the App was opened in."""
    from games.record import GameRecord
    from games.record_parts import Side
    from tests.ui_helpers import wait
    from ui.autosave import SHELF
    from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene
    from ui.scenes.records import RecordsScene
    from ui.scenes.replay import ReplayScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.settings_screen import SettingsScene
    from ui.scenes.setup import SetupScene
    from ui.scenes.tournament import TournamentScene
    from ui.scenes.unfinished import UnfinishedScene

    show(app, MenuScene(app))
    ids = games.available_ids()
    for game_id in ids:
        for watch in (False, True):
            scene = SetupScene(app, watch=watch, game_id=game_id)
            show(app, scene)
        show(app, RulesScene(app, game_id))
        for mode, players in ((HUMAN_VS_PC, (None, "level-2")), (HOTSEAT, (None, None)),
                              (PC_VS_PC, ("level-1", "level-2"))):
            scene = GameScene(app, MatchSetup(game_id, {}, mode, players, 0.3))
            show(app, scene)
            play_first_plies(app, scene)
            show(app)
        # a finished game: the game-over card, the end reason, the panel's last words
        scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.3))
        show(app, scene)
        state = scene.state
        while not state.is_terminal() and len(scene.history) < 400:
            scene._play(state.legal_moves()[-1], by_computer=False)
            state = scene.state
        scene.over_since = time.monotonic() - 5
        show(app, frames=4)
        record = scene.recorder.record
        show(app, ReplayScene(app, record, analyse=False))
    show(app, RulesScene(app, "keys"))
    show(app, RulesScene(app, "about"))
    from games.position_text import position_text, record_from_position

    reversi = games.load("reversi")
    pasted = record_from_position(position_text(reversi, reversi.play_line(["d3", "c5"])))
    show(app, SetupScene(app, start=pasted))  # a pasted position to play from
    from ui.scenes.position_editor import PositionEditorScene

    # the position editor (its text is the game's own notation, and a reading error is the rules'
    # words, in English like a typed move's: Reversi's text has no words)
    show(app, PositionEditorScene(app, "reversi", {"size": 8}, pasted.start_position, lambda _record: None))
    show(app, ReplayScene(app, pasted.with_moves(["f6"], pasted.first_state().play(45)), analyse=False))
    show(app, SettingsScene(app))
    game = games.load("tictactoe")
    SHELF.new_slot(GameRecord.start(game, (Side(None, "Player 1"), Side("level-2", "Level 2")), {"mode": "human-pc"})
                   ).save(GameRecord.start(game, (Side(None, "Player 1"), Side("level-2", "Level 2")),
                                           {"mode": "human-pc"}).with_moves(["b2"], game.play_line(["b2"])))
    show(app, MenuScene(app))
    show(app, UnfinishedScene(app))
    show(app, RecordsScene(app))
    tournament = TournamentScene(app, "tictactoe")
    show(app, tournament)
    tournament.selected = {"level-1", "level-2"}
    tournament.games_index, tournament.time_index = 0, 0
    tournament._start()  # running, then finished: progress, tables, chart, results, the last game
    assert wait(app, lambda: not tournament.running, 60)
    show(app, frames=4)


def portuguese_window(rendered: list[str]):
    """A window switched to Portuguese, what it rendered before that forgotten."""
    from ui.app import App

    app = App(size=(1280, 800), fps=0, demo="menu", remember_size=False)
    app.settings.language = "pt"
    app.apply_settings()
    assert i18n.language() == "pt"
    rendered.clear()  # the first screen was built before the language changed
    return app


def offenders(shown: list[str]) -> list[str]:
    """The strings of ``shown`` holding English words of the interface, each with those words."""
    english, portuguese = _po_words()
    vocabulary = (english | EXTRA_ENGLISH) - portuguese - ALLOWED
    return sorted({f"{s!r}: {', '.join(english_words(s, vocabulary))}" for s in shown if english_words(s, vocabulary)})


def test_every_screen_in_portuguese_draws_no_english(rendered):
    app = portuguese_window(rendered)
    try:
        walk(app)
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
    found = offenders(rendered)
    assert found == [], f"{len(found)} English strings on the Portuguese screens:\n" + "\n".join(found)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_screen_in_the_smallest_window_draws_its_words_whole_and_inside_it(monkeypatch, tmp_path, language):
    """The walk above in the smallest window (800x560, ``ui.app.MIN_SIZE``), where Portuguese,
    longer than English, was cut with an ellipsis: the last search's evaluation in the game panel
    ("... melhor d4xb2 · Preto …") and a game's name under the menu's pictures ("Jogo do G…").
    No text the screens shorten to fit (``ui.text.fit_font``) is drawn shortened (a layout may try
    a width that would shorten one, as the watch row weighs its buttons), and none is drawn past
    the window's edge, in either language."""
    from ui import text as tx
    from ui.app import MIN_SIZE, App

    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    cut: dict[str, str] = {}
    outside: dict[str, tuple] = {}
    shortened: dict[str, str] = {}  # a text shortened -> the whole one (a layout's try may shorten and not draw it)
    fit_font, text = tx.fit_font, tx.text

    def fitted(value, font, width):
        shown = fit_font(value, font, width)
        if shown != value:
            shortened[shown] = value
        return shown

    def drawn(surface, value, pos, *args, **kwargs):
        if value in shortened:
            cut[shortened[value]] = f"{value!r} on {type(app.scene).__name__}"
        rect = text(surface, value, pos, *args, **kwargs)
        if surface is app.screen and rect.width and not app.screen.get_rect().contains(rect):
            outside[value] = (tuple(rect), type(app.scene).__name__)
        return rect

    app = App(size=MIN_SIZE, fps=0, demo="menu", remember_size=False)
    try:
        app.settings.language = language
        app.apply_settings()
        monkeypatch.setattr(tx, "fit_font", fitted)
        monkeypatch.setattr(tx, "text", drawn)
        tx.forget_laid_out()  # a line wrapped and shortened before (kept) is shortened again here, and seen
        walk(app)
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
        i18n.set_language("en")
    assert cut == {}, "\n".join(f"{value!r} -> {where}" for value, where in cut.items())
    assert outside == {}, outside


def test_problems_with_files_passes_and_crashes_draw_no_english_in_portuguese(rendered):
    """What the walk above does not reach: damaged game files listed at the start, a Reversi pass
    on the board, and a crashed bot's account (exit status, where in its file, what it printed)."""
    import random

    from ui import theme, words
    from ui.autosave import SHELF
    from ui.data_folders import games_dir
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.menu import MenuScene
    from ui.scenes.records import RecordsScene

    app = portuguese_window(rendered)
    try:
        for folder in (SHELF.folder, games_dir()):
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "broken.json").write_text("{bad", encoding="utf-8")
        (SHELF.folder / "other.json").write_text('{"format": "x"}', encoding="utf-8")  # two: summed up
        show(app, MenuScene(app))
        show(app, RecordsScene(app))
        reversi = games.load("reversi", size=6)
        rng = random.Random(1)
        for _ in range(200):  # a random 6x6 game with a pass in it
            moves, state = [], reversi.initial_state()
            while not state.is_terminal() and "pass" not in moves:
                move = rng.choice(state.legal_moves())
                moves.append(reversi.format_move(state, move))
                state = state.play(move)
            if moves[-1] == "pass" and not state.is_terminal():
                break
        scene = GameScene(app, MatchSetup("reversi", {"size": 6}, HOTSEAT, (None, None), 0.3))
        show(app, scene)
        for text in moves:
            scene._play(reversi.parse_move(scene.state, text), by_computer=False)
        show(app)
        for size in ((800, 560), (1280, 800)):  # "Branco passou a vez" ran out of its box
            scene.resize(size)
            said, font_size, box = scene.view.pass_banner(scene.state)
            assert theme.font(font_size).size(said)[0] < box.width <= scene.view.grid.width
        accounts = [
            words.forfeit_reason("crashed (process ended, exit status 3; stderr: Traceback ...)"),
            words.forfeit_reason("crashed (process ended, killed by SIGXCPU (CPU time limit))"),
            words.load_problem("bot.py: crashed: SyntaxError: expected ':' (at bot.py line 1)"),
            words.load_problem("bot.py: crashed: ModuleNotFoundError: No module named 'numpyy': put numpyy.py "
                               "(or the numpyy folder) beside bot.py, in /tmp, or install the package numpyy"),
            words.load_problem("notes.txt: 'notes.txt' is not an outside player (file.py[:name], "
                               "notebook.ipynb[:name], gtp:COMMAND or engine.json)"),
            words.detail("the AI process stopped unexpectedly (exit code 1)"),
        ]
    finally:
        app.quit()
    assert "Preto passou a vez" in rendered or "Branco passou a vez" in rendered
    assert any("movido para" in s for s in rendered)
    # a file set aside whose JSON breaks off is said in plain words, the JSON reader's go to the log
    assert any("o ficheiro está incompleto ou danificado" in s for s in rendered)
    assert any("2 ficheiros de jogo danificados" in s for s in rendered)
    # Python's own words (a crashed bot's exception) and the files' names stay as written
    python_words = re.compile(r"No module named '\w+'|expected ':'|Traceback \.\.\.|'tabuleiro-record'"
                              r"|\S+\.json(\.corrupt-\S+)?")
    found = offenders([python_words.sub("", s) for s in rendered + accounts])
    assert found == [], "\n".join(found)
