"""No settings file, however damaged, breaks a screen.

Settings files whose fields hold random JSON (wrong types, nested junk, huge numbers, unknown game
ids, paths that are not there, long and unicode text), one field wrong in a valid file or the whole
file garbage, are written; a window starts on each and opens every screen that reads them.  Either
the file is reported and kept byte for byte (moved aside, never deleted), or the field it could not
use is ignored and the other settings are the file's; and what the window saves the next start reads.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from tests.text_strategies import any_text
from tests.ui_helpers import autosaves_written
from ui import settings as settings_mod
from ui.app import App

GAME_IDS = [info.id for info in games.catalog()]
# the settings the screens read leniently (a value they cannot use is ignored, the file kept)
LENIENT = ("setup_choices", "tournament_players", "tournament_choices", "records_filter")

# a valid file with every field set, as a user's would be after a while
VALID: dict[str, Any] = {
    "version": 1, "theme": "light", "show_legal": False, "face_me": True, "animation_speed": 2.0,
    "move_time": 0.5, "window_size": [1024, 700], "fullscreen": False, "maximized": False, "sound": False,
    "volume": 0.3, "language": "en", "player_name": "Ana", "outside_players": ["gtp:gnugo --mode gtp"],
    "outside_games": {"gtp:gnugo --mode gtp": ["hex"]},
    "setup_choices": {"game_id": "hex", "options": {"hex": {"size": 7}}, "mode": "hotseat", "human_side": 1,
                      "computer": {"hex": "level-2"}, "watch_players": {"hex": ["level-1", "level-2"]},
                      "move_time": 0.5, "clock": None, "names": ["Ana", "Rui"]},
    "tournament_game": "reversi", "tournament_players": {"reversi": ["level-1", "level-2"]},
    "tournament_choices": {"games": 2, "time": 0.5, "openings": 0, "options": {"hex": {"size": 7}}},
    "dismissed_tournaments": [], "records_filter": {"game": "hex", "text": "ana"},
}

ODD_TEXT = st.sampled_from(["", "NaN", "-Infinity", "1e999", "null", "../../etc/passwd", "/no/such/file.py",
                            "gtp:", "x" * 5000, "\u0000\ufffd\U0001F600", "ção", *GAME_IDS])
DEEP: list = []
for _level in range(900):  # deeper than any setting, not too deep for JSON to read
    DEEP = [DEEP]
ATOMS = (st.just(DEEP) | st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.sampled_from([-1, 0, 1, 2, 3, -7, 10**30])
         | st.floats(allow_nan=True, allow_infinity=True) | any_text(max_size=30) | ODD_TEXT)
JUNK = st.recursive(ATOMS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(any_text(max_size=10) | ODD_TEXT, inner, max_size=4), max_leaves=12)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in ``value`` (keys of objects, indices of lists) a junk value can be put."""
    places = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            places += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            places += _paths(inner, (*prefix, index))
    return places


PLACES = _paths(VALID) + [(field, "new-key") for field in LENIENT] + [("setup_choices", "options", g, "size")
                                                                      for g in GAME_IDS]


def _with(data: Any, place: tuple, value: Any) -> Any:
    """``data`` with ``value`` at ``place`` (an object made where the place has none)."""
    if not place:
        return value
    head, rest = place[0], place[1:]
    if isinstance(data, list) and isinstance(head, int) and head < len(data):
        return [*data[:head], _with(data[head], rest, value), *data[head + 1:]]
    base = dict(data) if isinstance(data, dict) else {}
    base[head] = _with(base.get(head), rest, value)
    return base


@contextlib.contextmanager
def _config_folder() -> Iterator[Path]:
    """A fresh settings and data folder for one example (the test's own, as the app fixture's)."""
    old = {name: os.environ.get(name) for name in ("TABULEIRO_CONFIG_DIR", "TABULEIRO_DATA_DIR")}
    with tempfile.TemporaryDirectory(prefix="settingsfuzz-") as folder:
        os.environ["TABULEIRO_CONFIG_DIR"] = str(Path(folder) / "config")
        os.environ["TABULEIRO_DATA_DIR"] = str(Path(folder) / "data")
        (Path(folder) / "config").mkdir()
        try:
            yield Path(folder) / "config"
        finally:
            for name, value in old.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def _visit_every_screen(app: App) -> None:
    """Open every screen that reads the settings, a few frames each, and start a game."""
    app.show_menu()
    app.run_frames(2)
    for game_id in GAME_IDS:
        for watch in (False, True):
            app.show_setup(watch=watch, game_id=game_id)
            app.run_frames(2)
        app.show_tournament(game_id)
        app.run_frames(2)
    app.show_saved_games()
    app.run_frames(2)
    app.show_settings()
    app.run_frames(2)
    app.show_setup(game_id="tictactoe")
    app.run_frames(1)
    app.scene.start()  # the New game screen's remembered choices, as Start game plays them
    app.run_frames(2)
    app.apply_settings()  # what the window saves of them


def _open_and_check(text: str, lenient_change: bool) -> App:
    """Start a window on a settings file holding ``text``, visit every screen; check the file is
    either reported and kept byte for byte, or read with what could be used of it; and that the
    file saved afterwards is read without a problem.  ``lenient_change``: junk only inside a
    setting the screens read leniently, which must not cost the file."""
    with _config_folder() as folder:
        path = folder / "settings.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        original = path.read_bytes()
        app = App(size=(1280, 800), fps=0, demo="menu", remember_size=False)
        try:
            reported = [m.text for m in app.messages.items if m.kind == "error" and "unreadable" in m.text]
            aside = [p for p in folder.iterdir() if p.name.startswith("settings.json.corrupt")]
            if aside:
                assert [p.read_bytes() for p in aside] == [original], "the damaged file was not kept as it was"
                assert not lenient_change, f"the whole file was set aside for a leniently read setting: {text[:300]}"
            else:
                assert not reported
            _visit_every_screen(app)
        finally:
            app.quit()
        assert not app.errors, app.errors[0]
        autosaves_written()
        if path.exists():
            _again, problem = settings_mod.load(path)
            if problem == settings_mod.NEWER_FILE:  # a newer version's file is never written
                assert path.read_bytes() == original
            else:
                assert problem is None, f"the window saved a file the next start cannot read: {problem}"
    return app


@settings(max_examples=8, deadline=None)
@given(place=st.sampled_from(PLACES), junk=JUNK)
def test_one_setting_wrong_breaks_no_screen(place: tuple, junk: Any) -> None:
    text = json.dumps(_with(VALID, place, junk), allow_nan=True)
    _open_and_check(text, lenient_change=len(place) > 1 and place[0] in LENIENT)


@settings(max_examples=4, deadline=None)
@given(whole=JUNK | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_a_garbage_file_breaks_no_screen(whole: Any) -> None:
    text = whole if isinstance(whole, str) else json.dumps(whole, allow_nan=True)
    _open_and_check(text, lenient_change=False)


@pytest.mark.parametrize("place", [("tournament_choices", "junk"), ("setup_choices", "options", "hex", "size"),
                                   ("a newer version's key",)])
def test_a_setting_nested_far_too_deep_is_left_out_and_saves_go_on(place: tuple) -> None:
    """A setting nested 900 deep (JSON reads it) made every save fail as it copied the settings:
    Start game raised, and no change was ever saved.  Now that setting is left out, the others kept."""
    app = _open_and_check(json.dumps(_with(VALID, place, DEEP)), lenient_change=True)
    assert (app.settings.theme, app.settings.player_name) == ("light", "Ana")


def test_a_control_character_in_the_kept_search_leaves_the_saved_games_filter_empty(app, monkeypatch) -> None:
    """A search text holding a NUL (a hand-edited file) could not be drawn: the Saved games screen
    raised on every frame.  Now the text is left out and the field shows its placeholder."""
    from tests.ui_helpers import recorded_text

    app.settings.records_filter = {"game": "hex", "text": "ana\u0000"}
    drawn = recorded_text(monkeypatch)
    app.show_saved_games()
    app.run_frames(2)
    assert "Search a player or an opening" in drawn
    assert app.scene.filter.game == "hex"  # the part it can use is kept


@pytest.mark.parametrize("field", sorted(LENIENT))
def test_junk_in_a_lenient_setting_keeps_the_others(field: str) -> None:
    """Junk inside a leniently read setting costs none of the other settings."""
    data = _with(VALID, (field, "junk"), {"deep": [1, {"x": None}]})
    with _config_folder() as folder:
        (folder / "settings.json").write_text(json.dumps(data), encoding="utf-8")
        loaded, problem = settings_mod.load()
    assert problem is None
    assert (loaded.theme, loaded.player_name, loaded.volume) == ("light", "Ana", 0.3)
