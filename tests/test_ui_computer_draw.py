"""A draw offered to the computer: a level answers it from its own search of the position, in its
worker as it searches its moves; accepts a draw or worse within its game's margin, declines with
why, hears no other offer for three of the person's moves, and the offer is withdrawn cleanly by
Undo or Menu while it thinks.  A person who saw a dead draw against a level had to play it out."""

from __future__ import annotations

import pygame
import pytest

import games
from ai import draw_offers
from ai.draw_offers import Judged, answer_offer, judged_position
from games.move_list import DRAW_AGREED
from games.record_parts import Result
from tests.ui_helpers import click, key, wait, words_in
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.game_questions import DRAW_ANSWERS
from ui.scenes.menu import MenuScene

CTRL_D = (pygame.K_d, pygame.KMOD_CTRL)
O_WINS = ["b1", "b2", "b3", "a2"]  # tic-tac-toe: X (you) to move, O threatens c2 and wins after it
EVEN = ["b2", "a1"]  # tic-tac-toe: a draw with best play, X (you) to move
TRAX_DRAWN = ["g6+", "f7/", "f8\\", "f5/", "e7+", "e4+", "d6/", "d8\\", "d9\\", "c8+", "d3/", "c3+", "b3/", "h6\\",
              "a3/", "a2+", "i6\\", "i8+", "g9+", "e10+"]  # level 4 against itself on 10 x 10, to a full board
TRAX_HALF_FILLED = 20  # TRAX_DRAWN's plies to 50 tiles of 100, Light (you) to move; 18 plies: 46 tiles


def against(app, player: str, moves, game_id: str = "tictactoe", move_time: float = 0.5,
            options: dict | None = None, start: str | None = None) -> GameScene:
    """A game of ``game_id`` (under ``options``, from the position ``start`` in the game's text)
    against ``player`` (you play the first side), ``moves`` played."""
    setup = MatchSetup(game_id, options or {}, HUMAN_VS_PC, (None, player), move_time, start=start)
    scene = GameScene(app, setup, list(moves))
    app.switch(scene)
    app.run_frames(2)
    return scene


def press_together(app, *keys: tuple[int, int]) -> None:
    """``keys`` (key, modifiers) pressed one after the other within one frame's events."""
    for k, mod in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.run_frames(2)


def said(scene: GameScene) -> list[str]:
    return [m.text for m in scene.messages.items]


@pytest.mark.parametrize("language, accepted", [
    ("en", "Level 5 accepts the draw: it sees a draw with best play"),
    ("pt", "Nível 5 aceita o empate: vê um empate com o melhor jogo"),
])
def test_level_5_accepts_a_drawn_position(app, language, accepted):
    with words_in(language):
        scene = against(app, "level-5", EVEN)
        assert scene.btn_draw.visible and scene.btn_draw.enabled
        click(app, scene.btn_draw.rect.center, frames=1)  # one frame: its answer cannot be back yet
        assert scene.computer.job_kind == "draw" and not scene.offer_card.visible()  # no friend's card: its search
        assert scene.why_no_move() == {"en": "Wait: Level 5 is thinking over your draw offer",
                                       "pt": "Espere: Nível 5 está a pensar na sua proposta de empate"}[language]
        assert wait(app, scene.is_over)
        assert accepted in said(scene), said(scene)
        assert scene.winner() is None and scene.end_reason() == {"en": "Draw by agreement",
                                                                 "pt": "Empate por acordo"}[language]
    assert scene.recorder.record.result == Result(None, DRAW_AGREED) and len(scene.history) == 2


def test_level_5_declines_where_it_sees_a_win_and_hears_no_offer_for_three_moves(app):
    scene = against(app, "level-5", O_WINS)
    key(app, *CTRL_D)
    assert wait(app, lambda: scene.draw_offer is None)
    assert not scene.is_over() and len(scene.history) == 4
    assert "Level 5 declines: it sees a win. Another offer after 3 more moves of yours" in said(scene), said(scene)
    assert not scene.btn_draw.enabled
    key(app, *CTRL_D)  # at once again: refused, and the rule said
    assert scene.draw_offer is None and scene.computer.job is None
    assert "You may offer a draw again after 3 more moves of yours" in said(scene)  # its 6 turns, not 3


def test_undo_and_menu_withdraw_an_offer_the_computer_is_thinking_over(app):
    scene = against(app, "level-5", EVEN)
    press_together(app, CTRL_D, (pygame.K_u, 0))  # Undo before any answer can come
    assert scene.draw_offer is None and scene.computer.job is None and not scene.is_over()
    assert len(scene.history) == 2 and "Draw offer withdrawn" in said(scene)  # the offer alone, no move
    assert scene.btn_draw.enabled  # withdrawn, not declined: it may be made again at once
    key(app, *CTRL_D)
    assert wait(app, scene.is_over) and scene.agreed_draw  # answered, the old search's answer dropped
    key(app, pygame.K_u)  # the agreement taken back, as a resignation is
    assert not scene.is_over() and len(scene.history) == 2
    press_together(app, CTRL_D, (pygame.K_ESCAPE, 0))  # Menu while it thinks
    assert isinstance(app.scene, MenuScene)
    assert scene.draw_offer is None and scene.computer.job is None and not scene.is_over()


def test_no_offer_to_a_player_that_cannot_answer_one_nor_on_the_computers_turn(app):
    scene = against(app, "tictactoe:aima", EVEN)  # a course player: it has no way to judge an offer
    key(app, *CTRL_D)
    assert not scene.btn_draw.visible and scene.draw_offer is None
    scene = against(app, "level-1", ["b2"])  # O, the computer, to move
    assert scene.btn_draw.visible and not scene.btn_draw.enabled


@pytest.mark.parametrize("moves, answer", [
    (["a1", "a2", "a3", "b1", "b2", "c1", "b3", "c3"], "Level 5 accepts the draw: it sees a draw with best play"),
    (["a1", "b2", "c3", "a3", "c1", "b1", "b3", "a2"], "Level 5 accepts the draw: it sees it would lose"),
])
def test_the_last_cell_is_judged_by_the_rules_without_a_search(app, moves, answer):
    """The person's only legal move (X's c2) ends the game: the level answers by its result at once
    (a search of a forced move reports no value)."""
    scene = against(app, "level-5", moves)
    key(app, *CTRL_D)
    assert scene.is_over() and scene.agreed_draw and scene.computer.job is None
    assert answer in said(scene)


@pytest.mark.parametrize("level, value, accepts", [
    ("level-5", 3.0, False), ("level-4", 2.0, True), ("level-3", 3.0, True), ("level-3", 5.0, False),
    ("level-2", 5.0, True), ("level-2", 7.0, False),
])
def test_the_weak_levels_accept_more_easily(level, value, accepts):
    """Reversi's margin is 2 discs; level 3 judges with twice it, level 2 three times.  The
    search's value is the person's, to move: the level's is its opposite."""
    judged = Judged(mover=0, score=-value)  # the person (0) to move: the level, playing 1, is ``value`` up
    assert answer_offer("reversi", level, 1, judged).accepts is accepts


def test_a_player_that_says_it_plays_at_random_accepts_whatever_its_id():
    """The random player's own report (``AT_RANDOM``, as the window gets it from its worker) makes
    the answer "it plays at random and judges nothing", not its level's id: the answer was keyed to
    "level-1", so a random player under another id judged its "rule" report as standing better, and
    a level 1 that searched would have accepted unsearched."""
    from ai.base import AT_RANDOM, Progress
    from ai.levels import random_level
    from ai.roster import ROSTER
    from ui.worker_jobs import progress_report

    game = games.load("reversi")
    state = game.play_line(midgame(16))
    reports: list = []
    random_level(ROSTER["reversi"][0], 3).choose(state, progress=reports.append)
    search = progress_report(1, game, state, reports[-1])
    assert search.reason == AT_RANDOM
    judged = Judged.searched(search, state)
    for player in ("level-1", "level-5", "reversi:coin"):  # any id: the report says it
        assert answer_offer("reversi", player, 1 - state.to_move, judged) == draw_offers.DrawAnswer(
            True, draw_offers.NO_JUDGEMENT)
    ruled = Judged.searched(progress_report(1, game, state, Progress(kind="rule", reason="block")), state)
    assert answer_offer("reversi", "level-1", 1 - state.to_move, ruled).why == draw_offers.BETTER  # a rule, no word of random
    valued = Judged(mover=state.to_move, score=-60.0)  # a level 1 that searched: judged by its value
    assert answer_offer("reversi", "level-1", 1 - state.to_move, valued) == draw_offers.DrawAnswer(False, draw_offers.BETTER)


def test_level_1_accepts_an_offer_saying_it_plays_at_random(app):
    """Through its worker, as a person offers it (Ctrl+D): level 1's search reports its random
    move, and its answer says it judges nothing."""
    scene = against(app, "level-1", ["b2", "a1", "c1", "a3"])  # past the too early point, X (you) to move
    key(app, *CTRL_D)
    assert wait(app, scene.is_over) and scene.agreed_draw
    assert "Level 1 accepts the draw: it plays at random and judges nothing" in said(scene), said(scene)


def test_a_proof_decides_and_every_drawable_game_has_a_margin():
    assert answer_offer("alquerque", "level-2", 1, Judged(0, proven=-1)).why == draw_offers.SEES_WIN
    assert answer_offer("alquerque", "level-5", 1, Judged(1, score=-990_500.0)).why == draw_offers.SEES_LOSS
    assert answer_offer("alquerque", "level-5", 1, Judged(1, score=25.0)).why == draw_offers.EVEN
    assert answer_offer("alquerque", "level-5", 1, Judged(1, score=-120.0)).why == draw_offers.WORSE
    assert answer_offer("alquerque", "level-5", 1, Judged(1, score=40.0)).why == draw_offers.BETTER
    assert {info.id for info in games.catalog() if info.can_draw} <= set(draw_offers.DRAW_MARGINS)
    game = games.load("tictactoe")
    state = game.play_line(["a1", "b2", "c3", "a3", "c1", "b1", "b3", "a2"])
    assert judged_position(state) == ([game.parse_move(state, "c2")], game.play_line(["c2"], state))
    assert judged_position(game.play_line(["b2"])) == ([], game.play_line(["b2"]))


def midgame(plies: int = 20, seed: int = 3) -> list[str]:
    """A Reversi game of random moves, ``plies`` long or a little longer, out of the opening book,
    Black (you) to move with a choice."""
    import random

    game, rng = games.load("reversi"), random.Random(seed)
    state, texts = game.initial_state(), []
    while len(texts) < plies or state.to_move != 0 or len(state.legal_moves()) < 2:
        move = rng.choice(state.legal_moves())
        texts.append(game.format_move(state, move))
        state = state.play(move)
    return texts


def test_the_panel_says_the_level_weighs_the_offer_and_nothing_of_its_search(app, monkeypatch):
    """Its search is of the person's position: its best move and line would be a hint."""
    from tests.ui_helpers import recorded_text_rects

    scene = against(app, "level-5", midgame(), game_id="reversi", move_time=5.0)
    key(app, *CTRL_D)
    assert wait(app, lambda: scene.computer.progress is not None or scene.computer.job is None)
    assert scene.computer.job_kind == "draw"  # its search under way, and reporting
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    panel = [text for text, rect in drawn if rect.left >= scene.panel.rect.left]
    assert any(text.startswith("Level 5 weighs your draw offer…") for text in panel), panel
    assert "Undo withdraws the offer" in panel
    assert not any(text.startswith("best ") or scene.computer.progress.best_text in text.split() for text in panel), panel


def test_a_pass_is_played_before_the_level_judges(app):
    """You (Black) must pass: a search of a forced move values nothing (it declined as "standing
    better"), so the level searches the position after your pass, here to the end of the game."""
    from tests.test_ui_player_names import REVERSI6_BLACK_PASSES

    scene = GameScene(app, MatchSetup("reversi", {"size": 6}, HUMAN_VS_PC, (None, "level-5"), 0.5),
                      REVERSI6_BLACK_PASSES)
    app.switch(scene)
    app.run_frames(2)
    assert scene.state.must_pass()
    key(app, *CTRL_D, frames=1)
    assert scene.computer.job_moves == (*REVERSI6_BLACK_PASSES, "pass")
    assert wait(app, lambda: scene.draw_offer is None)
    proofs = [draw_offers.SEES_WIN, draw_offers.SEES_DRAW, draw_offers.SEES_LOSS]
    assert any(said_text.startswith(DRAW_ANSWERS[why].format(player="Level 5")) for why in proofs
               for said_text in said(scene)), said(scene)


@pytest.mark.parametrize("language, declined", [
    ("en", "Level 5 declines: too early to agree a draw: play on. Another offer after 3 more moves of yours"),
    ("pt", "Nível 5 recusa: cedo demais para acordar um empate: continue a jogar. "
           "Outra proposta depois de mais 3 jogadas suas"),
])
def test_a_level_declines_an_even_reversi_opening_as_too_early(app, language, declined):
    """Four plies into Reversi the position is even to the level's search: it declined no offer
    there (and level 5 accepted it), though no one agrees a draw before the game has taken shape."""
    with words_in(language):
        scene = against(app, "level-5", ["f5", "d6", "c3", "d3"], game_id="reversi")
        key(app, *CTRL_D)
        assert wait(app, lambda: scene.draw_offer is None)
        assert not scene.is_over() and declined in said(scene), said(scene)


def test_a_trax_level_declines_before_half_the_board_holds_tiles_and_judges_by_its_search_after(app):
    """Trax is drawn only on a full board: with 46 of its 100 cells filled, where a loop can still
    close anywhere and no line reaches across, the level answered from its search ("it thinks it
    stands better") as it does later on; it now declines as too early until half the board holds
    tiles, and from 50 on answers from its search."""
    searched = [draw_offers.SEES_WIN, draw_offers.BETTER, draw_offers.EVEN, draw_offers.WORSE,
                draw_offers.SEES_DRAW, draw_offers.SEES_LOSS]
    for plies, whys in ((TRAX_HALF_FILLED - 2, [draw_offers.TOO_EARLY]), (TRAX_HALF_FILLED, searched)):
        scene = against(app, "level-5", TRAX_DRAWN[:plies], game_id="trax")
        key(app, *CTRL_D)
        assert wait(app, lambda: scene.draw_offer is None or scene.is_over())  # noqa: B023 (this scene's)
        answers = [DRAW_ANSWERS[why].format(player="Level 5") for why in whys]
        assert any(text.startswith(answer) for answer in answers for text in said(scene)), (plies, said(scene))


def test_each_drawable_game_says_when_its_opening_is_too_early_to_agree_a_draw():
    reversi, alquerque, tictactoe = (games.load(name) for name in ("reversi", "alquerque", "tictactoe"))
    assert reversi.too_early_to_agree(reversi.play_line(["f5", "d6", "c3", "d3"]))
    assert not reversi.too_early_to_agree(reversi.play_line(midgame(16)))  # 20 discs or more
    assert alquerque.too_early_to_agree(alquerque.initial_state())
    assert tictactoe.too_early_to_agree(tictactoe.play_line(["b2", "a1", "c3"]))  # O has one mark
    assert not tictactoe.too_early_to_agree(tictactoe.play_line(O_WINS))
    trax = games.load("trax")
    assert trax.too_early_to_agree(trax.play_line(TRAX_DRAWN[:TRAX_HALF_FILLED - 2]))  # 46 tiles of 100
    assert not trax.too_early_to_agree(trax.play_line(TRAX_DRAWN[:TRAX_HALF_FILLED]))  # 50: half the board
    filling = games.load("trax", mode="fill")  # no winner whatever is played: never too early
    assert not filling.too_early_to_agree(filling.play_line(TRAX_DRAWN[:2]))
    assert not games.load("hex").too_early_to_agree(games.load("hex").initial_state())  # the default
    too_early = answer_offer("reversi", "level-1", 1, Judged(0, score=0.0), too_early=True)
    assert too_early == draw_offers.DrawAnswer(False, draw_offers.TOO_EARLY)  # even at random
    assert answer_offer("reversi", "level-5", 1, Judged(0, proven=0), too_early=True).accepts  # a proven draw


@pytest.mark.parametrize("language, wait_said", [
    ("en", "You may offer a draw again after 3 more moves of yours"),  # "3 more moves" read as 3 turns
    ("pt", "Pode voltar a propor empate depois de mais 3 jogadas suas"),
])
def test_undo_past_a_refusal_never_makes_the_wait_for_the_next_offer_longer(app, language, wait_said):
    """The wait counted from the refusal's ply: Undo back before it asked four moves, five, ..."""
    with words_in(language):
        scene = against(app, "level-5", O_WINS)
        key(app, *CTRL_D)
        assert wait(app, lambda: scene.draw_offer is None) and len(scene.history) == 4
        key(app, pygame.K_u)  # back to your previous choice, before the refusal
        assert len(scene.history) == 2
        scene.messages.items.clear()
        key(app, *CTRL_D)
        assert scene.draw_offer is None and [wait_said] == said(scene), said(scene)


@pytest.mark.usefixtures("computer_thinks_until_told")  # the computer's turn lasts until the test ends
@pytest.mark.parametrize("language, first, turn", [
    ("en", "A draw may be offered once the first move is played", "A draw may be offered on your own turn"),
    ("pt", "Pode propor empate depois da primeira jogada", "Pode propor empate na sua vez"),
])
def test_the_greyed_offer_draw_says_why_when_clicked_or_pressed(app, language, first, turn):
    """Before the first move, Offer draw was greyed, and its click and Ctrl+D did nothing at all,
    not a word: a player could not tell it from a broken button.  Both say why, and offer nothing;
    on the computer's turn too."""
    from tests.ui_helpers import in_language

    with in_language(app, language):
        scene = against(app, "level-1", [], game_id="reversi", move_time=5.0)
        assert scene.btn_draw.visible and not scene.btn_draw.enabled
        click(app, scene.btn_draw.rect.center)
        assert first in said(scene) and scene.draw_offer is None
        scene.messages.items.clear()
        key(app, *CTRL_D)
        assert first in said(scene) and scene.draw_offer is None
        scene.messages.items.clear()
        click(app, scene.view.cell_rect(4, 5).center)  # f5 (Black's), the level to move, thinking 5 s
        assert scene.history and scene.computer_thinking()
        key(app, *CTRL_D)
        assert turn in said(scene) and scene.draw_offer is None
