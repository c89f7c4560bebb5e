"""Continue offers the unfinished games the player played; the others stay under Saved games.

QA found six games under Continue after one evening, among them a watched PC vs PC game and a
Hex game where only the computer had moved.  Those keep their files (nothing is lost) and are
rows of Saved games; and Enter on the Continue list, before any row is chosen, opens the newest
(two Enters from the main menu, not three).
"""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pygame
import pytest

import games
from tests.ui_helpers import in_language, key, wait
from ui.autosave import NOT_OFFERED_KEPT, SHELF, WATCHED_KEPT, WATCHED_PREFIX
from ui.autosave_reading import updated_at, worth_continuing
from ui.autosave_setup import record_for_setup
from ui.data_folders import games_dir
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.record_files import save
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene
from ui.scenes.unfinished import UnfinishedScene


def unfinished(game_id: str, mode: str, players: tuple, moves: list[str], hour: int, minute: int = 0,
               clock: str | None = None):
    """An unfinished game's autosave file as the window writes it (``SHELF.new_slot``), last
    played at ``hour``:``minute`` (the later, the newer: the file's time too), on the game clock
    ``clock`` ("5m+3s"; None: none); its path and record."""
    setup = MatchSetup(game_id, {}, mode, players, 0.1, clock=clock)
    game = setup.make_game()
    record = record_for_setup(setup).with_moves(moves, game.play_line(moves))
    when = f"2026-12-03T{hour:02d}:{minute:02d}:00"
    record = replace(record, started=when, updated=when)  # each a game of its own (``records._same_game``)
    slot = SHELF.new_slot(record)
    assert slot.save(record) is None
    when = updated_at(record)
    os.utime(slot.path, (when, when))
    return slot.path, record


def evening() -> dict[str, tuple]:
    """QA's evening: two games played, one watched, one where only the computer moved."""
    return {
        "hotseat": unfinished("tictactoe", HOTSEAT, (None, None), ["b2"], 18),
        "played": unfinished("tictactoe", HUMAN_VS_PC, (None, "level-1"), ["b2", "a1"], 21),
        "watched": unfinished("reversi", PC_VS_PC, ("level-1", "level-1"), ["d3", "c3", "c4"], 22),
        "pc_only": unfinished("hex", HUMAN_VS_PC, ("level-3", None), ["c3"], 23),
    }


def test_only_games_with_a_move_of_a_person_are_worth_continuing():
    games_left = evening()
    assert {name for name, (_path, record) in games_left.items() if worth_continuing(record)} == {"hotseat", "played"}
    hex_game = games.load("hex")
    _path, pc_first = games_left["pc_only"]
    answered = pc_first.with_moves(["c3", "d4"], hex_game.play_line(["c3", "d4"]))
    assert worth_continuing(answered)  # the person's reply makes it theirs


def test_continue_offers_the_played_games_newest_first(app):
    games_left = evening()
    menu = MenuScene(app)
    app.switch(menu)
    assert [path for path, _record in menu.unfinished] == [games_left["played"][0], games_left["hotseat"][0]]
    assert menu.continue_label().startswith("Continue (2")
    menu.continue_game()
    assert isinstance(app.scene, UnfinishedScene)
    assert [entry.path for entry in app.scene.entries] == [games_left["played"][0], games_left["hotseat"][0]]


# why Saved games' row of a game Continue leaves out says it is there, for the case at hand: the
# row said "unfinished, not offered by Continue (watched, or no move of yours)" for both
NOT_OFFERED_ROWS = {"en": {"watched": "watched, not offered by Continue",
                           "pc_only": "no move of yours yet, not offered by Continue"},
                    "pt": {"watched": "visto, fora de Continuar", "pc_only": "ainda sem jogadas suas, fora de Continuar"}}
UNFINISHED_SAID = {"en": "finished", "pt": "por acabar"}  # the words the row's title says it is unfinished in


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_games_not_offered_stay_on_disk_and_under_saved_games(app, language):
    games_left = evening()
    app.switch(MenuScene(app))
    assert app.scene.menu.get_widget("saved") is not None
    saved = RecordsScene(app)
    app.switch(saved)
    app.run_frames(2)
    rows = {entry.path: entry for entry in saved.entries}
    for name, why in NOT_OFFERED_ROWS[language].items():
        path, record = games_left[name]
        assert path.exists() and path in rows and rows[path].record.moves == record.moves
        with in_language(app, language):
            detail = saved.row_text(rows[path])[1]
        assert detail.endswith(f" · {why}"), detail
        assert not any(other in detail for other in NOT_OFFERED_ROWS[language].values() if other != why), detail
    assert games_left["played"][0] not in rows  # the played ones are under Continue, not here
    saved.pick_entry(rows[games_left["watched"][0]])
    assert isinstance(app.scene, ReplayScene) and app.scene.record.moves == games_left["watched"][1].moves


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_watched_games_row_says_once_that_it_is_unfinished(app, monkeypatch, language):
    """Saved games' row of a watched game left before its end read "Reversi: Level 1 vs Level 1
    · Unfinished game" over "3 plies · ... · watched, not finished" ("Jogo por acabar" over
    "visto, por acabar"): the end said twice, and why Continue leaves the game out not at all."""
    from tests.ui_helpers import recorded_text

    _path, record = evening()["watched"]
    with in_language(app, language):
        app.switch(RecordsScene(app))
        app.run_frames(2)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(1)
    at = next(i for i, text in enumerate(drawn) if text.startswith(f"{record.game_id.capitalize()}: "))
    title, detail = drawn[at:at + 2]  # the watched game's row: the only Reversi game of the evening's
    assert f"{title} {detail}".lower().count(UNFINISHED_SAID[language]) == 1, (title, detail)
    assert f" · {NOT_OFFERED_ROWS[language]['watched']}" in detail, detail


LEFT_OUT = {"en": "one you only watched or never moved in is under Saved games",
            "pt": "um que só viu ou em que nunca jogou está em Jogos guardados"}
KEPT_THERE = {"en": "unfinished games you only watched or never moved in",
              "pt": "jogos por acabar que só viu ou em que nunca jogou"}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_lists_say_where_the_games_continue_leaves_out_are(app, monkeypatch, language):
    """Continue leaves out a game where only the computer moved (a menu slip: nobody wants it back
    above the games they played) as well as a watched one, as intended; but the Continue list said
    "Every game you leave before it ends is kept here (a watched one under Saved games)", and Saved
    games spoke of watched games alone: a player who left a game before their first move looked
    for it in the one list and was not told it was in the other.  Both lists say it now."""
    from tests.ui_helpers import click_widget, recorded_text
    from ui import i18n

    app.settings.language = language
    app.apply_settings()
    try:
        games_left = evening()
        app.switch(MenuScene(app))
        drawn = recorded_text(monkeypatch)
        click_widget(app, app.scene.menu, "continue")
        assert isinstance(app.scene, UnfinishedScene)
        app.invalidate()
        app.run_frames(2)
        continue_list = " ".join(drawn)
        listed = [entry.path for entry in app.scene.entries]
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, MenuScene)
        drawn.clear()
        click_widget(app, app.scene.menu, "saved")
        assert isinstance(app.scene, RecordsScene) and wait(app, lambda: not app.scene.reading.loading, 30)
        app.invalidate()
        app.run_frames(2)
        saved_games = " ".join(drawn)
        saved_rows = {entry.path for entry in app.scene.entries}
    finally:
        i18n.set_language("en")
    assert listed == [games_left["played"][0], games_left["hotseat"][0]]  # Continue: the games played
    assert LEFT_OUT[language] in continue_list, continue_list
    assert games_left["pc_only"][0] in saved_rows and KEPT_THERE[language] in saved_games, saved_games


def test_a_watched_game_alone_gives_no_continue_but_saved_games(app):
    """The only unfinished game a watched one: no Continue button (it would open it), Saved games
    is there to reach it."""
    path, _record = unfinished("reversi", PC_VS_PC, ("level-1", "level-1"), ["d3", "c3"], 20)
    menu = MenuScene(app)
    app.switch(menu)
    ids = {widget.get_id() for widget in menu.menu.get_widgets()}
    assert "continue" not in ids and "saved" in ids
    assert path.exists()


def test_two_enters_from_the_main_menu_open_the_newest_game(app):
    games_left = evening()
    menu = MenuScene(app)
    app.switch(menu)
    assert menu.menu.get_selected_widget().get_id() == "continue"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, UnfinishedScene)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, GameScene)
    assert [ply.text for ply in app.scene.history] == games_left["played"][1].moves


def test_leaving_a_watched_game_does_not_point_to_continue(app):
    """"The unfinished game is kept: the Continue button takes it up again" was said on leaving a
    watched game, which Continue no longer offers."""
    watched = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 0.1))
    app.switch(watched)
    watched.speed = 3  # Max: its first move with no pause before it
    assert app.run_frames(400, until=lambda: len(watched.history) >= 1, timeout=60)
    watched.back_to_menu()
    said = [message.text for message in app.messages.items]
    assert not any("Continue" in text for text in said) and any("Saved games" in text for text in said)


def test_only_the_newest_watched_games_are_kept_and_never_a_game_continue_offers(app):
    """Nothing removed the unfinished games Continue does not offer: a teacher demoing PC vs PC
    games filled the folder and Saved games without end.  Now, as with the finished games, the
    newest ``NOT_OFFERED_KEPT`` stay; the games Continue offers stay however old, and so do a
    watched game saved with Save, a damaged file (moved aside) and a newer version's record."""
    offered = [unfinished("tictactoe", HOTSEAT, (None, None), ["b2"], 1),
               unfinished("tictactoe", HUMAN_VS_PC, (None, "level-1"), ["b2", "a1"], 2)]
    watched = [unfinished("tictactoe", PC_VS_PC, ("level-1", "level-2"), ["b2", "a1", "c3"][: 1 + i % 3],
                          10 + i // 60, i % 60) for i in range(NOT_OFFERED_KEPT + 5)]
    saved = save(watched[0][1], games_dir() / "demo.json")  # Save on the oldest watched game
    damaged = SHELF.folder / "damaged.json"
    damaged.write_text("{ not a record", encoding="utf-8")
    newer = SHELF.folder / "newer.json"
    newer.write_text(json.dumps(watched[1][1].to_dict() | {"version": 99}), encoding="utf-8")
    for path in (damaged, newer):
        os.utime(path, (0, 0))  # older than every game
    menu = MenuScene(app)
    app.switch(menu)  # the Continue list is read as a watched game is left (on a thread: many files)
    assert wait(app, lambda: not menu.reading.loading, 30)
    assert [path for path, _record in menu.unfinished] == [offered[1][0], offered[0][0]]
    assert menu.not_offered == NOT_OFFERED_KEPT
    assert [path.exists() for path, _record in watched] == [False] * 5 + [True] * NOT_OFFERED_KEPT
    assert all(path.exists() for path, _record in offered)
    assert saved.exists() and newer.exists() and not damaged.exists()
    assert [p.read_text(encoding="utf-8") for p in SHELF.folder.glob("damaged.json.corrupt-*")] == ["{ not a record"]
    rows = RecordsScene(app)
    app.switch(rows)
    assert wait(app, lambda: not rows.reading.loading, 30)
    listed = {entry.path for entry in rows.entries}
    assert {path for path, _record in watched[5:]} | {saved} <= listed
    assert sum(entry.kept and not entry.record.is_finished() for entry in rows.entries) == NOT_OFFERED_KEPT
    assert f"the last {WATCHED_KEPT} you watched and the last {NOT_OFFERED_KEPT} unfinished games" in rows.hint()


def test_watched_games_written_while_no_list_is_read_are_kept_to_the_newest_too(tmp_path, monkeypatch):
    """The watched games were pruned only when the main menu or a list read the folder: a student
    leaving PC vs PC games running, never opening a list, filled it without end.  The first write
    of a watched game prunes them (once: not at each of its moves); a game Continue offers and a
    damaged file are left alone."""
    from ui import autosave
    from ui.game_autosaver import GameAutosaver

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    offered = unfinished("tictactoe", HOTSEAT, (None, None), ["b2"], 1)
    watched = [unfinished("tictactoe", PC_VS_PC, ("level-1", "level-2"), ["b2", "a1", "c3"][: 1 + i % 3],
                          10 + i // 60, i % 60) for i in range(NOT_OFFERED_KEPT + 2)]
    damaged = SHELF.folder / "damaged.json"
    damaged.write_text("{ not a record", encoding="utf-8")
    os.utime(damaged, (0, 0))
    pruned = []
    real = autosave.keep_newest
    monkeypatch.setattr(autosave, "keep_newest", lambda paths, kept: pruned.append(len(paths)) or real(paths, kept))

    setup = MatchSetup("reversi", {}, PC_VS_PC, ("level-1", "level-2"), 0.1)
    saver = GameAutosaver(setup)
    game, moves = setup.make_game(), []
    state = game.initial_state()
    for _move in range(4):
        moves.append(game.format_move(state, state.legal_moves()[0]))
        state = state.play(state.legal_moves()[0])
        assert saver.update(moves, state) is None
    assert pruned == [NOT_OFFERED_KEPT + 3]  # once, over every watched game: the new one too
    assert [path.exists() for path, _record in watched] == [False] * 3 + [True] * (NOT_OFFERED_KEPT - 1)
    assert saver.autosave.path.exists() and offered[0].exists()
    assert damaged.read_text(encoding="utf-8") == "{ not a record"  # not counted, not touched


def test_watched_games_ended_one_after_another_in_one_screen_are_kept_among_the_finished(tmp_path, monkeypatch):
    """A watched game that ended stayed in the unfinished games' folder until the main menu read
    it: Rematch after Rematch all evening, a file a game there (8 rematches: 8 files).  The next
    watched game's first write moves them among the finished games, kept to the newest
    ``WATCHED_KEPT``; a finished game a person played is left for the lists, which count it."""
    from ui.game_autosaver import GameAutosaver

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    won = ["a1", "b1", "a2", "b2", "a3"]
    ended = [unfinished("tictactoe", PC_VS_PC, ("level-1", "level-2"), won, 10 + i // 60, i % 60)
             for i in range(WATCHED_KEPT + 3)]
    played = unfinished("tictactoe", HUMAN_VS_PC, (None, "level-1"), won, 9)
    assert all(record.is_finished() for _path, record in [*ended, played])

    setup = MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-2"), 0.1)
    game = setup.make_game()
    saver = GameAutosaver(setup)
    assert saver.update(["b2"], game.play_line(["b2"])) is None

    assert sorted(p.name for p in SHELF.folder.glob("*.json")) == sorted([saver.autosave.path.name, played[0].name])
    kept = sorted(p.name for p in SHELF.finished_folder.glob("*.json"))
    assert kept == sorted(WATCHED_PREFIX + path.name for path, _record in ended[3:])  # the newest WATCHED_KEPT


# what the Continue rows say of whose move it is and of the clock, in the game screen's words
WHERE_IT_STANDS = {"en": ("White to move", "clock 5 min + 3 s", "O to move"),
                   "pt": ("Joga: Branco", "relógio 5 min + 3 s", "Joga: O")}


TURNS = {"en": {"Hex": "Red to move", "Reversi": "White to move"},
         "pt": {"Hex": "Joga: Vermelho", "Reversi": "Joga: Branco"}}  # after Hex's c3, Reversi's f5 d6 c3


def continue_rows(app, monkeypatch) -> dict:
    """The Continue list shown afresh: each row's path with the texts drawn in its rectangle, the
    title first, and each with the rectangle it was drawn in."""
    from tests.ui_helpers import recorded_text_rects
    from ui.scenes.row_pictures import replayed_position

    scene = UnfinishedScene(app)
    app.switch(scene)

    def replayed() -> bool:  # the rows in sight replayed for their pictures, off the frames: whose move is known
        in_sight = scene.entries[scene.scroll:scene.scroll + scene.shown]
        return bool(in_sight) and all(replayed_position(entry.path, entry.record) is not None for entry in in_sight)

    assert wait(app, lambda: not scene.reading.loading and scene.entries, 30)
    assert wait(app, replayed, 30)
    with monkeypatch.context() as patched:
        drawn = recorded_text_rects(patched)
        app.invalidate()
        app.run_frames(1)
    return {entry.path: (entry, [(text, rect) for text, rect in drawn if entry.rect.colliderect(rect)])
            for entry in scene.entries[scene.scroll:scene.scroll + scene.shown]}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_continue_rows_say_whose_move_it_is_and_the_games_clock(app, monkeypatch, language):
    """The Continue list named the game, the players, the plies and the date: not whose move it
    was, nor that the game had a clock that would run again.  Each row's second line says both
    after the date, in the game screen's words, and a game without a clock says none."""
    clocked = unfinished("reversi", HOTSEAT, (None, None), ["f5", "d6", "c3"], 18, clock="5m+3s")
    plain = unfinished("tictactoe", HUMAN_VS_PC, (None, "level-1"), ["b2"], 19)
    turn, clock, other_turn = WHERE_IT_STANDS[language]
    with in_language(app, language):
        rows = continue_rows(app, monkeypatch)
    (_entry, clocked_texts), (_other, plain_texts) = rows[clocked[0]], rows[plain[0]]
    clocked_detail, plain_detail = clocked_texts[1][0], plain_texts[1][0]
    assert clocked_detail.endswith(f" · {turn} · {clock}") or f" · {turn} · {clock} · " in clocked_detail, clocked_detail
    assert f" · {other_turn}" in plain_detail and clock.split()[0] not in plain_detail, plain_detail


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_continue_rows_still_fit_at_larger_text_in_a_small_window(tmp_path, monkeypatch, language):
    """At 800x600, Larger text, each row's two lines stay whole inside the row, beside its picture
    and clear of its Delete button, and still say whose move it is; the clock, where the line has
    no room for it whole, is left out rather than cut."""
    from tests.ui_helpers import make_app_of

    app = make_app_of(tmp_path, monkeypatch, (800, 600))  # its data folder, where the games are kept
    try:
        clocked = unfinished("hex", HUMAN_VS_PC, (None, "level-3"), ["c3"], 20, clock="10m+5s")
        unfinished("reversi", HOTSEAT, (None, None), ["f5", "d6", "c3"], 18, clock="5m+3s")
        app.settings.text_size = 1.5
        app.apply_settings()
        with in_language(app, language):
            rows = continue_rows(app, monkeypatch)
            delete = app.scene.delete_button.rect if app.scene.delete_button.visible else None
        assert len(rows) == 2 and clocked[0] in rows
        for entry, texts in rows.values():
            title, detail = texts[0], texts[1]
            assert title[0].startswith(("Hex", "Reversi")) and detail[1].top >= title[1].bottom
            for _text, rect in (title, detail):
                assert entry.rect.contains(rect) and rect.left >= entry.picture.right, (rect, entry.rect)
                assert delete is None or not rect.colliderect(delete), (rect, delete)
            turn = TURNS[language][title[0].split(":")[0]]
            assert f" · {turn}" in detail[0] and "…" not in detail[0], detail[0]
            said = detail[0].split(" · ")
            assert all(not part.startswith(("clock", "relógio")) or part.endswith(" s") for part in said)
        assert app.errors == []
    finally:
        app.quit()
