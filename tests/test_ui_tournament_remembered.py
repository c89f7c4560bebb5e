"""The outside players the tournament screen remembers (``settings.outside_players``) are listed
again when it opens, each loaded in the background (``_offer_remembered``): one that cannot be
used now is listed, saying why, never dropped unsaid."""

from __future__ import annotations

import json
from contextlib import contextmanager

from tests.test_ui_tournament import open_tournament_from_the_menu, shown_chosen, student_typed_in
from tests.ui_helpers import click, window_for_a_test


def test_a_remembered_students_file_that_cannot_be_loaded_is_listed_after_a_restart(tmp_path, monkeypatch):
    """A student's file added on the screen that fails to import (or took 25 s to, past the load
    limit), then left out of the players, is remembered; after a restart the screen opened without
    it, nothing saying why, as only a player chosen last was listed.  It is listed unable to play,
    not chosen, and a message says why; so is a remembered file deleted since."""
    ana = tmp_path / "turma" / "ana" / "jogador.py"
    ana.parent.mkdir(parents=True)
    ana.write_text("import a_module_not_installed\n\n\ndef choose(game, state):\n    return state.legal_moves()[0]\n")
    with window_for_a_test(tmp_path, monkeypatch) as app:
        scene = student_typed_in(app, ana)
        assert str(ana) in scene.unloadable["tictactoe"] and str(ana) in scene.selected
        click(app, next(b for b in scene.player_buttons if b.label == "ana (cannot play)").rect.center)
        assert str(ana) not in scene.selected  # left out of the class's next tournament
    settings = tmp_path / "config" / "settings.json"
    kept = json.loads(settings.read_text())
    assert kept["outside_players"] == [str(ana)] and kept["tournament_players"]["tictactoe"] == ["level-1"]
    gone = tmp_path / "turma" / "rui" / "jogador.py"  # remembered, then deleted
    settings.write_text(json.dumps({**kept, "outside_players": [str(ana), str(gone)]}))

    with window_for_a_test(tmp_path, monkeypatch) as app:  # the next day
        scene = open_tournament_from_the_menu(app)
        assert app.run_frames(900, until=lambda: len(scene.unloadable.get("tictactoe", {})) == 2, timeout=60)
        app.run_frames(2)
        labels = {b.label: b.active for b in scene.player_buttons}
        assert labels["ana (cannot play)"] is False and labels["rui (cannot play)"] is False
        assert not {"ana", "rui"} & {name.split(" ")[0] for name in shown_chosen(scene)}
        said = [m.text for m in scene.messages.items]
        assert any(text.startswith("ana, remembered, cannot be used now, so it is not chosen:")
                   and "a_module_not_installed" in text for text in said), said
        assert any(text.startswith("rui, remembered, cannot be used now") for text in said), said


@contextmanager
def engine_being_checked_on_hex(tmp_path, monkeypatch, hex_players: list[str]):
    """The tournament screen changed from tic-tac-toe to Hex, whose last tournament chose
    ``hex_players`` and the test GTP engine, which is being checked on Hex: its answer held back
    until the test sets the event.  Yields (app, scene, engine, the event)."""
    import threading

    from tests.test_ui_tournament import engines_remembered, gtp_test_engine, other_game
    from tests.ui_helpers import make_app
    from ui.scenes import tournament_setup

    engine = gtp_test_engine()
    engines_remembered(tmp_path, {engine: ["tictactoe", "hex"]}, "tictactoe", ["level-1", engine])
    settings = tmp_path / "config" / "settings.json"
    kept = json.loads(settings.read_text())
    settings.write_text(json.dumps({**kept, "tournament_players": {**kept["tournament_players"],
                                                                   "hex": [*hex_players, engine]}}))
    asked = threading.Event()  # the engine's answer for Hex held back until the test has looked
    real = tournament_setup._discover

    def discover(game_id: str, entry: str, options: dict):
        if game_id == "hex":
            asked.wait(60)
        return real(game_id, entry, options)

    monkeypatch.setattr(tournament_setup, "_discover", discover)
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        assert app.run_frames(900, until=lambda: engine in dict(scene.players()), timeout=90)
        while scene.game_id != "hex":
            other_game(app, scene)
        yield app, scene, engine, asked
        assert app.errors == [], app.errors[0]
    finally:
        asked.set()
        app.quit()


def test_a_bot_of_the_games_last_tournament_is_listed_as_being_checked_after_a_change_of_game(tmp_path, monkeypatch):
    """After a change of game, an outside bot chosen in that game's last tournament was missing
    from the participants for the second or two its program was asked about the new game, nothing
    said: the teacher took it as dropped.  It is listed meanwhile, drawn chosen, "(checking…)",
    and then as itself, chosen."""
    from tests.test_ui_tournament import label_of

    with engine_being_checked_on_hex(tmp_path, monkeypatch, ["level-1"]) as (app, scene, engine, asked):
        waiting = [b for b in scene.player_buttons if b.label == "Test Engine (checking…)"]
        assert len(waiting) == 1 and waiting[0].active and waiting[0].enabled and waiting[0].visible
        click(app, waiting[0].rect.center)  # it stays chosen, and says so
        assert scene.messages.items[-1].text == ("Test Engine is being checked on Hex: it will play, and Start "
                                                 "tournament waits for it")
        asked.set()
        assert app.run_frames(900, until=lambda: engine in dict(scene.players()), timeout=90)
        app.run_frames(2)
        assert label_of(scene, engine) == "Test Engine" and engine in scene.selected
        assert not any("checking" in b.label for b in scene.player_buttons)


def test_start_waits_for_a_bot_being_checked_and_the_tournament_then_has_it(tmp_path, monkeypatch):
    """With two other players chosen, Start began the tournament while the bot of the game's last
    tournament was still being checked ("Test Engine (checking…)", greyed): without it.  Start
    waits, greyed, a click or Enter saying why; once the bot is checked, Start gives a tournament
    with it."""
    import pygame

    from tests.ui_helpers import key

    with engine_being_checked_on_hex(tmp_path, monkeypatch, ["level-1", "level-2"]) as (app, scene, engine, asked):
        start = next(b for b in scene.buttons if b.action == scene._start)
        assert {"level-1", "level-2"} <= scene.selected and not start.enabled
        click(app, start.rect.center)
        assert scene.messages.items[-1].text == ("Start tournament waits for Test Engine, being checked on this "
                                                 "game: a second or two")
        key(app, pygame.K_RETURN)
        assert scene.tournament is None and scene.checking is None
        asked.set()
        assert app.run_frames(900, until=lambda: engine in dict(scene.players()), timeout=90)
        app.run_frames(2)
        start = next(b for b in scene.buttons if b.action == scene._start)  # the list built again
        assert start.enabled
        click(app, start.rect.center)
        assert app.run_frames(900, until=lambda: scene.tournament is not None, timeout=90)
        assert engine in scene.tournament.player_ids
        click(app, scene.buttons[1].rect.center)  # Stop: Hex's games take a while
        assert app.run_frames(900, until=lambda: not scene.tournament.is_running(), timeout=90)


def test_the_participants_heading_and_the_games_count_a_bot_being_checked(tmp_path, monkeypatch):
    """The heading said "Participants (1 chosen)" over two rows drawn chosen, the second a bot of
    the game's last tournament still being checked, which Start waits for and then plays; the
    games counted under the settings left it out too.  Both count it, and once it is checked the
    count stays the same."""
    from ai.tournament_schedule import games_in
    from tests.ui_helpers import recorded_text
    from ui.scenes.tournament_setup import GAMES

    with engine_being_checked_on_hex(tmp_path, monkeypatch, ["level-1"]) as (app, scene, engine, asked):
        assert scene.selected == {"level-1"} and [pid for pid, _title in scene._being_checked()] == [engine]

        def heading_and_games() -> tuple[list[str], list[str]]:
            drawn = recorded_text(monkeypatch)
            scene.invalidate()
            app.run_frames(2)
            return ([text for text in drawn if text.startswith("Participants (")],
                    [text for text in drawn if text.endswith(" games")])

        games = f"{games_in(2, GAMES[scene.games_index])} games"
        heading, counted = heading_and_games()
        assert heading and all(text.startswith("Participants (2 chosen)") for text in heading), heading
        assert counted and set(counted) == {games}, counted
        asked.set()
        assert app.run_frames(900, until=lambda: engine in scene.selected, timeout=90)
        heading, counted = heading_and_games()
        assert heading and all(text.startswith("Participants (2 chosen)") for text in heading), heading
        assert set(counted) == {games}, counted
