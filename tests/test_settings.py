"""Settings: every field round trips; a corrupt or unreadable file is moved aside, never deleted,
and the app goes on with defaults and a message for the window; a value out of range gets its
default, the rest of the file is read, and the file is left as it is until the next save."""

from __future__ import annotations

import json
import threading

import pytest

from ai.file_lock import held
from tests.ui_helpers import words_in
from ui import settings as st


@pytest.fixture
def path(tmp_path, monkeypatch):
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(tmp_path))
    return tmp_path / "settings.json"


def asides(path):
    return sorted(p for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.corrupt-"))


def test_no_file_gives_defaults(path):
    settings, problem = st.load()
    assert problem is None and settings == st.Settings()
    assert settings.theme in ("dark", "light") and settings.sound is True and 0 <= settings.volume <= 1
    assert settings.language == "en" and settings.outside_players == []


def test_every_field_round_trips(path):
    wanted = st.Settings(theme="light", show_legal=False, animation_speed=2.0, move_time=3.0,
                         sound=False, volume=0.35, language="pt", player_name="Conceição",
                         outside_players=["bots/mine.py:Greedy", "gtp:gnugo --mode gtp"], trax_notation="tabuleiro")
    assert st.save(wanted) is None
    again, problem = st.load()
    assert problem is None and again == wanted
    # no temporary file left; the windows' lock file stays (a save locks it, and never removes it
    # under another window that may be waiting on it)
    # and the last good copy (``ui.last_good``), the same text
    assert sorted(p.name for p in path.parent.iterdir()) == [".settings.json.lock", "settings.json",
                                                               "settings.json.last-good"]
    assert (path.parent / "settings.json.last-good").read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("content, words", [
    ("{not json", "the file is cut short or damaged"),  # the JSON reader's "Expecting ..." goes to the log
    ("", "(the file is empty)"),  # was "cut short or damaged", of a file with nothing in it
    ("\n  \n", "(the file is empty)"),
    ("[1, 2]", "(the file holds no settings)"),  # was "does not hold a JSON object", left in English in Portuguese
    ("[" * 100_000 + "]" * 100_000, "nested far too deep"),  # stopped the window from opening
])
def test_a_bad_file_is_moved_aside_and_defaults_used(path, content, words):
    path.write_text(content, encoding="utf-8")
    settings, problem = st.load()
    assert settings == st.Settings()
    assert problem and words in problem and "moved to settings.json.corrupt-" in problem
    assert not path.exists()
    [aside] = asides(path)
    assert aside.read_text(encoding="utf-8") == content  # kept, never deleted
    from ui.words import settings_problem

    with words_in("pt"):  # a list's "the file does not hold a JSON object" stayed English in Portuguese
        said = settings_problem(problem)
    assert said.startswith("Não foi possível ler o ficheiro de definições") and words in problem and \
        words.strip("()") not in said, said


KEPT = {"theme": "light", "volume": 0.3, "player_name": "Ana", "window_size": [1000, 700]}  # read whatever else is wrong


@pytest.mark.parametrize("name, value", [
    ("theme", "purple"),
    ("volume", 3),
    ("volume", True),
    ("animation_speed", True),  # read as 1 (Normal) before
    ("move_time", True),  # read as one second before
    ("move_time", False),
    ("sound", "loud"),
    ("language", "tlh"),
    ("outside_players", "bot.py"),
    ("outside_players", [1]),
    ("player_name", 7),
    ("player_name", "a name far too long for any player card"),  # the name field takes 24 characters
    ("player_name", "Eve\u001b[31m"),
    ("window_size", [10, 10]),
    ("window_size", "big"),
    ("records_filter", []),
    ("trax_notation", "klingon"),
    ("trax_notation", ["official"]),
])
def test_a_value_that_cannot_be_used_gets_its_default_and_the_rest_of_the_file_is_read(path, name, value):
    """A player name longer than the name field allows (a hand-edited file, another version's)
    made the whole file "unreadable": it was moved aside and every other setting was lost.  Now
    that setting gets its default, the message names it, and the file stays as it was until the
    settings are saved again, which writes the default in its place and keeps the rest."""
    content = json.dumps({**KEPT, name: value, "version": 1})
    path.write_text(content, encoding="utf-8")
    settings, problem = st.load()
    assert getattr(settings, name) == getattr(st.Settings(), name)
    assert all(getattr(settings, key) == (tuple(kept) if key == "window_size" else kept)
               for key, kept in KEPT.items() if key != name)
    assert problem == st.DEFAULTS_USED.format(names=name)
    assert path.read_text(encoding="utf-8") == content and asides(path) == []
    settings.sound = not settings.sound  # a change of another setting
    assert st.save(settings) is None
    again, problem = st.load()
    assert problem is None and again == settings


def test_a_value_that_cannot_be_used_takes_the_last_good_copys_and_the_files_are_left(path):
    """QA (qa108): a settings file one of whose values a tool garbled ("text_size": "huge") put
    the player's Larger text back to Normal, though the last good copy beside it held Larger.
    That copy's value is used now, and the message says from when; the file and the copy stay
    as they were until the settings are saved again."""
    st.save(st.Settings(text_size=1.5, theme="light", player_name="Ana"))
    copy = path.with_name(path.name + ".last-good")
    kept = copy.read_text(encoding="utf-8")
    garbled = json.dumps({**json.loads(kept), "text_size": "huge", "theme": 7})
    path.write_text(garbled, encoding="utf-8")
    settings, problem = st.load()
    assert (settings.text_size, settings.theme, settings.player_name) == (1.5, "light", "Ana")
    assert problem is not None and problem.startswith("Some settings in the file could not be used and are "
                                                      "back to their values of ")
    assert problem.endswith(": theme, text_size. The file is left as it is until the settings are saved again.")
    assert path.read_text(encoding="utf-8") == garbled and copy.read_text(encoding="utf-8") == kept
    assert asides(path) == []
    with words_in("pt"):  # said in the window's language, the settings named as its screen names them
        from ui import words

        said = words.settings_problem(problem)
    assert said != problem and "Tamanho do texto" in said and "text_size" not in said


def test_the_log_says_which_value_was_used_for_a_value_that_cannot_be(path, caplog):
    """QA (keep13): a value taken from the last good copy was logged "its default is used" just
    before the message saying the copy's value was used.  The log says what happened: the copy's
    value when it had one, the default when there was no copy."""
    st.save(st.Settings(text_size=1.5, theme="light"))
    kept = json.loads(path.with_name(path.name + ".last-good").read_text(encoding="utf-8"))
    path.write_text(json.dumps({**kept, "text_size": "huge"}), encoding="utf-8")
    with caplog.at_level("WARNING", logger="ui.settings"):
        settings, _problem = st.load()
    assert settings.text_size == 1.5
    said = [r.getMessage() for r in caplog.records if "'text_size'" in r.getMessage()]
    assert len(said) == 1 and "is used" in said[0], said
    assert "default" not in said[0] and "last good copy" in said[0], said
    caplog.clear()
    path.with_name(path.name + ".last-good").unlink()  # no copy: the default it is
    with caplog.at_level("WARNING", logger="ui.settings"):
        settings, _problem = st.load()
    assert settings.text_size == st.Settings().text_size
    said = [r.getMessage() for r in caplog.records if "'text_size'" in r.getMessage()]
    assert len(said) == 1 and said[0].endswith("its default is used"), said


def test_the_window_keeps_the_rest_of_a_file_with_a_name_too_long_and_says_which_setting(tmp_path, monkeypatch):
    """The window opened on a file whose player name is longer than the name field allows: it
    said the file was unreadable and moved it aside, the user's theme and volume lost with it.
    Now it uses them, names the setting, and leaves the file until a setting is changed."""
    from tests.ui_helpers import autosaves_written, make_app

    config = tmp_path / "config"
    config.mkdir()
    text = json.dumps({"theme": "light", "volume": 0.3, "player_name": "A name longer than the field"})
    (config / "settings.json").write_text(text, encoding="utf-8")
    app = make_app(tmp_path, monkeypatch)
    try:
        app.run_frames(2)
        assert [m.text for m in app.messages.current()] == [st.DEFAULTS_USED.format(names="Your name")]
        assert (app.settings.theme, app.settings.volume, app.settings.player_name) == ("light", 0.3, "")
        assert (config / "settings.json").read_text(encoding="utf-8") == text
        app.settings.sound = False  # as the settings screen's switch does
        app.apply_settings()
        autosaves_written()
    finally:
        app.quit()
    saved = json.loads((config / "settings.json").read_text(encoding="utf-8"))
    assert (saved["theme"], saved["volume"], saved["player_name"], saved["sound"]) == ("light", 0.3, "", False)
    assert [p.name for p in config.iterdir() if "corrupt" in p.name] == []


def test_every_value_that_cannot_be_used_is_named(path):
    path.write_text(json.dumps({"theme": "purple", "sound": "loud", "player_name": "Ana"}), encoding="utf-8")
    settings, problem = st.load()
    assert problem == st.DEFAULTS_USED.format(names="theme, sound")
    assert (settings.theme, settings.sound, settings.player_name) == ("dark", True, "Ana")


def test_the_values_that_cannot_be_used_are_said_in_the_windows_language(path):
    from ui import words

    path.write_text(json.dumps({"player_name": "x" * 40}), encoding="utf-8")
    _settings, problem = st.load()
    with words_in("pt"):
        said = words.settings_problem(problem)
    assert said != problem and "O seu nome" in said and "player_name" not in said


def test_a_portuguese_window_names_the_unusable_settings_as_its_settings_screen_does(tmp_path, monkeypatch, caplog):
    """A Portuguese player whose settings file held an unknown theme and a name too long read
    "...: theme, player_name": the file's keys, in English, where the settings screen says "Tema"
    and "O seu nome".  The message now names them by the labels of that screen; the log keeps the
    keys, the same in every language."""
    from tests.ui_helpers import make_app
    from ui import i18n
    from ui.scenes.settings_screen import SettingsScene

    config = tmp_path / "config"
    config.mkdir()
    bad = {"language": "pt", "theme": "purple", "player_name": "x" * 40}
    (config / "settings.json").write_text(json.dumps(bad), encoding="utf-8")
    with caplog.at_level("WARNING"):
        app = make_app(tmp_path, monkeypatch)
    try:
        app.run_frames(2)
        (said,) = [m.text for m in app.messages.current()]
        screen = SettingsScene(app)
        app.switch(screen)
        app.run_frames(2)
        labels = [screen.menu.get_widget(name).get_title().rstrip(": ") for name in ("theme", "player_name")]
        assert labels == ["Tema", "O seu nome"]
        assert f": {', '.join(labels)}." in said and "theme" not in said and "player_name" not in said
        assert st.DEFAULTS_USED.format(names="theme, player_name") in caplog.text
    finally:
        app.quit()
        i18n.set_language("en")


def test_an_unreadable_file_is_reported(path):
    path.write_bytes(b"\xff\xfe\x00\x00garbage")
    settings, problem = st.load()
    assert settings == st.Settings() and problem
    assert len(asides(path)) == 1


def test_unknown_keys_from_a_newer_version_are_kept(path):
    """They were accepted, then dropped at the next save: going back to the newer version lost them."""
    path.write_text(json.dumps({"theme": "light", "hologram": {"on": True}}), encoding="utf-8")
    settings, problem = st.load()
    assert problem is None and settings.theme == "light" and settings == st.Settings(theme="light")
    settings.sound = False
    assert st.save(settings) is None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["hologram"] == {"on": True} and data["sound"] is False and "newer_keys" not in data


NEWER = {"version": st.VERSION + 1, "theme": "sepia", "sound": False, "volume": 0.3, "hologram": {"on": True}}


def test_a_newer_versions_file_is_read_as_far_as_known_and_never_written(path):
    """An older Tabuleiro opened after a newer one moved the newer one's file aside as damaged (a
    theme added since): the newer one then found no settings either."""
    text = json.dumps(NEWER)
    path.write_text(text, encoding="utf-8")
    settings, problem = st.load()
    assert problem == st.NEWER_FILE  # said once, as it is read
    assert (settings.sound, settings.volume, settings.theme) == (False, 0.3, st.Settings().theme)
    settings.move_time = 5.0
    assert st.save(settings) is None  # not a failure to say at every change
    assert path.read_text(encoding="utf-8") == text and not asides(path)
    assert "newer version" in st.save_problem()  # the settings screen: for this session only


def test_a_file_a_newer_version_wrote_meanwhile_is_not_written_over(path):
    """This window read its own version's file; a newer Tabuleiro wrote it since."""
    assert st.save(st.Settings(sound=True)) is None
    mine, _problem = st.load()
    text = json.dumps(NEWER)
    path.write_text(text, encoding="utf-8")
    mine.theme = "light"
    assert st.save(mine) is None
    assert path.read_text(encoding="utf-8") == text


def test_the_window_says_a_newer_versions_file_once_and_leaves_it(tmp_path, monkeypatch):
    from tests.ui_helpers import autosaves_written, make_app

    config = tmp_path / "config"
    config.mkdir()
    text = json.dumps(NEWER)
    (config / "settings.json").write_text(text, encoding="utf-8")
    app = make_app(tmp_path, monkeypatch)
    try:
        app.remember_size = True  # Quit saves the window's size too
        said = [m.text for m in app.messages.current()]
        assert len(said) == 1 and "newer version of Tabuleiro" in said[0] and "until Tabuleiro is closed" in said[0]
        app.settings.volume = 0.9
        app.apply_settings()
        autosaves_written()
        app.run_frames(2)
        assert [m.text for m in app.messages.current()] == said  # no error at each change
    finally:
        app.quit()
    assert (config / "settings.json").read_text(encoding="utf-8") == text
    assert [p.name for p in config.iterdir() if "corrupt" in p.name] == []


def test_a_second_window_writes_only_what_it_changed(path):
    """Two windows: the first chose the light theme; the second, opened before, wrote all of its
    settings back at Quit, dark theme included."""
    assert st.save(st.Settings(theme="dark", sound=True)) is None
    mine, _problem = st.load()  # this window
    other = json.loads(path.read_text(encoding="utf-8"))
    other["theme"] = "light"  # the other window's choice, saved since
    path.write_text(json.dumps(other), encoding="utf-8")
    mine.sound = False
    assert st.save(mine) is None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["theme"] == "light" and data["sound"] is False
    mine.theme = "dark"  # a setting this window changes is its own again
    assert st.save(mine) is None
    assert json.loads(path.read_text(encoding="utf-8"))["theme"] == "dark"


def test_two_windows_saving_at_once_keep_both_changes(path):
    """The other window has read the file and is about to write its new theme; this window's save
    of the sound, meanwhile, waits for it and is written on top (it used to be undone by it)."""
    assert st.save(st.Settings(theme="dark", sound=True)) is None
    mine, _problem = st.load()
    other_read, other_may_write = threading.Event(), threading.Event()

    def other_window() -> None:
        with held(path.with_name(".settings.json.lock")):
            theirs = json.loads(path.read_text(encoding="utf-8"))
            other_read.set()
            other_may_write.wait(10)
            path.write_text(json.dumps({**theirs, "theme": "light"}), encoding="utf-8")

    other = threading.Thread(target=other_window)
    other.start()
    assert other_read.wait(10)
    mine.sound = False
    this = threading.Thread(target=st.save, args=(mine,))
    this.start()
    this.join(1.0)  # without the lock this window's save is written now, before the other's
    other_may_write.set()
    other.join(10)
    this.join(10)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["theme"] == "light" and data["sound"] is False


def test_a_huge_file_is_not_read_whole(path):
    """A 400 MB settings.json was read whole (864 MB of memory) before it was found wrong."""
    with path.open("wb") as f:
        f.write(b'{"theme": "light", "x": "')
        f.seek(st.MAX_BYTES)
        f.write(b'"}')
    settings, problem = st.load()
    assert settings == st.Settings() and "larger than 1 MB" in problem and "moved to settings.json.corrupt-" in problem


def test_problems_are_said_in_words_naming_the_real_file(path, monkeypatch):
    """"[Errno 30] Read-only file system: '/.../.settings.json.jt8jnazw.tmp'" and "'utf-8' codec
    can't decode byte 0xb6 ..." were shown as Python said them."""
    import errno

    from ui import words

    def read_only(name, *args):
        raise OSError(errno.EROFS, "Read-only file system", str(name))

    with monkeypatch.context() as patched:
        patched.setattr("ui.record_files.os.open", read_only)
        refused = st.save(st.Settings())
    assert refused == f"Could not save settings: the folder {path.parent} is read-only"
    path.write_bytes(b'{"theme": "\xb6"}')
    _settings, unreadable = st.load()
    assert unreadable.startswith("Settings file was unreadable (it is not a text file); moved to ")
    with words_in("pt"):
        assert words.settings_problem(refused) == (
            f"Não foi possível guardar as definições: a pasta {path.parent} só permite leitura")
        assert "(não é um ficheiro de texto)" in words.settings_problem(unreadable)


CHOSEN = st.Settings(player_name="Ana", outside_players=["bots/mine.py:Greedy"], window_size=(1000, 700),
                     tournament_choices={"games": 2, "time": 0.5}, theme="light")


def test_a_damaged_file_costs_nothing_the_last_good_copy_is_used_and_put_back(path):
    """QA cut settings.json short (``head -c 200``): the file was moved aside, and the player's
    name, outside players, window size and tournament choices were gone.  Every save keeps a
    last good copy, which is used then and said with its time."""
    from ui.last_good import copy_path, saved_at

    assert st.save(CHOSEN) is None
    good = path.read_text(encoding="utf-8")
    path.write_text(good[:200], encoding="utf-8")
    settings, problem = st.load()
    assert settings == CHOSEN
    when = saved_at(copy_path(path).stat().st_mtime)
    assert problem.startswith("Settings file was unreadable (") and "moved to settings.json.corrupt-" in problem
    assert problem.endswith(f"; restored the settings of {when}.")
    [aside] = asides(path)
    assert aside.read_text(encoding="utf-8") == good[:200]  # kept as it was, never deleted
    assert path.read_text(encoding="utf-8") == good  # back in place: the next start finds it
    assert st.load() == (CHOSEN, None)
    with words_in("pt"):
        from ui import words

        assert words.settings_problem(problem).endswith(f"; foram repostas as definições de {when}.")


def test_a_damaged_file_with_a_damaged_copy_gives_the_defaults(path):
    from ui.last_good import copy_path

    assert st.save(CHOSEN) is None
    for damaged in (path, copy_path(path)):
        damaged.write_text("{cut", encoding="utf-8")
    settings, problem = st.load()
    assert settings == st.Settings() and problem.endswith("; using defaults.")
    assert copy_path(path).read_text(encoding="utf-8") == "{cut"  # not written over: a save rewrites it


def test_the_window_opened_on_a_damaged_file_keeps_the_players_settings(tmp_path, monkeypatch):
    """The window itself: started on a settings file cut short, it has the name, the outside
    players and the size of the last save, and says the file was restored."""
    from tests.ui_helpers import make_app

    config = tmp_path / "config"
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(config))
    assert st.save(CHOSEN) is None
    saved = config / "settings.json"
    saved.write_bytes(saved.read_bytes()[:200])
    app = make_app(tmp_path, monkeypatch)
    try:
        app.run_frames(2)
        assert (app.settings.player_name, app.settings.outside_players) == ("Ana", ["bots/mine.py:Greedy"])
        assert app.settings.window_size == (1000, 700) and app.settings.tournament_choices == CHOSEN.tournament_choices
        [said] = [m.text for m in app.messages.current()]
        assert "restored the settings of" in said
    finally:
        app.quit()


def test_saving_over_a_bad_file_happens_only_after_it_was_moved_aside(path):
    path.write_text("{broken", encoding="utf-8")
    settings, _ = st.load()  # moves it aside
    assert st.save(settings) is None
    assert json.loads(path.read_text(encoding="utf-8"))["theme"] == settings.theme
    assert asides(path)[0].read_text(encoding="utf-8") == "{broken"


def test_an_unwritable_folder_is_reported_not_raised(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("TABULEIRO_CONFIG_DIR", str(blocker / "config"))
    problem = st.save(st.Settings())
    assert problem and problem.startswith("Could not save settings")


def test_a_file_from_a_windows_editor_is_read(path):
    """Notepad's UTF-8 begins with a byte-order mark: the file was moved aside as unreadable."""
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"theme": "light"}).encode("utf-8"))
    settings, problem = st.load()
    assert problem is None and settings.theme == "light" and path.exists()


def test_a_file_that_could_be_neither_read_nor_moved_aside_is_not_saved_over(path, monkeypatch):
    """"left in place" was true only until the next change of a setting, which wrote over it."""
    import os
    from pathlib import Path

    from ui import words

    path.write_text("{a file of the user's, broken", encoding="utf-8")
    real_replace = os.replace

    def locked(source, target):
        if Path(source) == path:
            raise PermissionError("locked by another program")
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", locked)
    settings, problem = st.load()
    assert problem and "left in place" in problem
    monkeypatch.setattr(os, "replace", real_replace)  # the lock is gone: the file could be replaced now
    settings.theme = "light"
    refused = st.save(settings)
    assert refused and refused.startswith("Could not save settings")
    assert path.read_text(encoding="utf-8") == "{a file of the user's, broken" and not asides(path)
    with words_in("pt"):
        assert words.settings_problem(problem).startswith("Não foi possível ler o ficheiro de definições")
        assert words.settings_problem(refused).startswith("Não foi possível guardar as definições")


def test_every_checked_setting_has_a_label_for_the_screens():
    """A setting the file can get wrong (``RULES``) is named on screen by a label, never by its key."""
    from ui import words

    assert set(words.SETTING_LABELS) == set(st.RULES)
