"""The rules' refusals in the window's language (ui.words.rule_reason): every message below is
written by the games themselves, from a bad typed move or a bad position text, and each reads
in Portuguese with none of its English words left; in English it stays as the rules wrote it."""

from __future__ import annotations

import json
import re

import pytest

import games
from games.base import Game, IllegalMove
from games.grid import parse_cell
from games.hex_sgf import record_from_sgf
from games.move_list import record_from_move_list
from games.othello_ggf import record_from_ggf
from games.position_text import record_from_position
from games.record_parts import RecordError
from games.trax_tiles import move_of, tile_of_name
from tests.test_position_text import trax_record_of_another_size
from tests.test_trax import (
    CHAIN,  # c3/ forces c2 and c4
    hole_19x19,  # c16 takes no tile: three edges of one colour would meet
)
from tests.test_trax import ILLEGAL as TRAX_CLASH  # e2\\ would make three dark edges meet at d3
from tests.ui_helpers import words_in
from ui.record_files import load
from ui.words import cannot_open, file_problem, rule_reason


def refusal(call) -> str:
    with pytest.raises((IllegalMove, RecordError, ValueError)) as caught:
        call()
    return str(caught.value)


def moves(game_id: str, *played: str, **options):
    game = games.load(game_id, **options)
    return game, game.play_line(list(played))


def samples() -> list[str]:
    reversi, start = moves("reversi")
    ttt, b2 = moves("tictactoe", "b2")
    alq, alq0 = moves("alquerque")
    compulsory = games.load("alquerque", compulsory_capture=True)
    ras, ras0 = moves("rastros")
    trax, trax0 = moves("trax")
    trax7 = games.load("trax", size=7)
    hex_, hex0 = moves("hex", size=5)
    over_game, over = moves("tictactoe", "a1", "b1", "a2", "b2", "a3")
    return [
        refusal(lambda: reversi.parse_move(start, "z9")),  # off the board; or pass
        refusal(lambda: reversi.parse_move(start, "a1")),  # not a legal move here
        refusal(lambda: reversi.parse_move(start, "pass")),
        refusal(lambda: ttt.parse_move(b2, "b2")),
        refusal(lambda: ttt.parse_move(b2, "q")),
        refusal(lambda: ttt.parse_move(b2, "(5, 0)")),  # the class notebook's square, off the board
        refusal(lambda: over_game.parse_move(over, "c3")),
        refusal(lambda: alq.parse_move(alq0, "zz")),
        refusal(lambda: alq.parse_move(alq0, "c2-d3")),  # c2 has no diagonal
        refusal(lambda: alq.parse_move(alq0, "b3-b2")),  # a Black piece, White to move
        refusal(lambda: compulsory.parse_move(compulsory.play_line(["d3-c3"]), "c4-c3")),
        *alquerque_move_refusals(),
        refusal(lambda: ras.parse_move(ras0, "x")),
        refusal(lambda: ras.parse_move(ras0, "9-9")),
        refusal(lambda: ras.parse_move(ras.play_line(["4-4"]), "4-5")),  # already visited
        refusal(lambda: ras.parse_move(ras.play_line(["4-4"]), "4-4")),  # where the piece stands
        refusal(lambda: ras.parse_move(ras.play_line(["4-4"]), "8-8")),  # not next to the piece
        refusal(lambda: reversi.parse_move(reversi.from_text("XO" + "-" * 62 + " O"), "c1")),  # must pass
        refusal(lambda: trax.parse_move(trax0, "zz")),
        refusal(lambda: trax.parse_move(trax0, "a1/")),
        *(refusal(lambda text=text: trax.parse_move(trax0, text)) for text in (  # turns as the course writes them
            "[[4, 2]]", "[[5, 6, 'lxdl']]", "[[10, 4, 'ldld']]", "[[0, 0, 'ldld']]")),
        refusal(lambda: trax7.parse_move(trax7.from_text(CHAIN), "[[2, 2, 'ddll'], [1, 2, 'lldd']]")),
        refusal(lambda: hole_19x19().game.parse_move(hole_19x19(), "c16/")),
        refusal(lambda: hex_.parse_move(hex0, "swap")),
        refusal(lambda: reversi.from_text("X" * 10)),
        refusal(lambda: reversi.from_text("X")),
        refusal(lambda: reversi.from_text("Q" + "-" * 63 + " X")),
        refusal(lambda: reversi.from_text("-" * 64 + " Z")),
        refusal(lambda: ttt.from_text("X..\n...\n..")),
        refusal(lambda: ttt.from_text("XQ.\n...\n...")),
        refusal(lambda: ttt.from_text("to-move: O\n...\n...\n...")),
        refusal(lambda: hex_.from_text("to-move: Blue\n" + "\n".join(["R R . . ."] + [". . . . ."] * 4))),
        refusal(lambda: alq.from_text("B.BBB")),
        refusal(lambda: ras.from_text("to-move: South\n" + "\n".join(["........"] * 8))),
        refusal(lambda: trax.from_text("none none\nnone")),
        refusal(lambda: record_from_position("Chess\nrnbqkbnr")),
        refusal(lambda: record_from_position("Reversi\nPosition:")),
        refusal(lambda: record_from_position("Tic-tac-toe\nto-move: O\nXXX\nOO.\n...")),
        refusal(lambda: record_from_position("Hex (size=99)\n. .")),
        refusal(lambda: games.load("tictactoe", k=4)),
        *position_refusals(),
        *(refusal(lambda text=text: record_from_sgf(text)) for text in (  # HexGui's files, games.hex_sgf
            "(;FF[4]GM[1]SZ[19];B[pd])", "(;GM[11]SZ[11:9])", "(;GM[11]SZ[x])", "(;GM[11]SZ[25])",
            "(;GM[11]SZ[5];B[a1", "()", "(;GM[11]SZ[5]AB[z9])", "(;GM[11]SZ[5]AW[a1][b1])",
            "(;GM[11]SZ[5];B[a1];W[a1])")),
        *(refusal(lambda text=text: record_from_ggf(text)) for text in (  # GGS's Othello games, games.othello_ggf
            "(;GM[Othello]TY[8]B[F5]", "(;GM[Othello]TY[8k];)", "(;GM[Othello]TY[12];)", "(;GM[Othello]TY[8]x;)",
            "(;GM[Othello]TY[8]BO[10 *];)", "(;GM[Othello]TY[8]BO[8 Q*];)", "(;GM[Othello]TY[8]BO[8 **];)",
            "(;GM[Othello]TY[8]B[A1];)", "x")),
    ]


ALQUERQUE = "BBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWWW"


def alquerque_move_refusals() -> list[str]:
    """Each way a typed Alquerque move can be wrong (games.alquerque.Alquerque.why_illegal)."""
    alq, compulsory = games.load("alquerque"), games.load("alquerque", compulsory_capture=True)

    def at(game, rows: str):
        return game.from_text("to-move: White\n" + rows)

    start = alq.initial_state()
    far, back = at(alq, "..W..\n..B..\n.....\n.....\n.B..."), at(alq, ".....\n..W..\n..B..\n.....\n.....")
    chain = at(compulsory, ".....\n..B..\n.....\n..B..\n..W..")
    return [refusal(lambda game=game, state=state, text=text: game.parse_move(state, text)) for game, state, text in (
        (alq, start, "c2-c1"), (alq, start, "d3-c4"), (alq, start, "a2-a3"), (alq, start, "c2xc4"),
        (alq, start, "d1xa3"), (alq, far, "c5-c4"), (alq, far, "c5xc3"), (alq, back, "c4xc2"),
        (compulsory, chain, "c1xc3"),
    )]
RASTROS = ".......N\n........\n........\n....W...\n........\n........\n........\nS......."


def hex_board(*rows: str) -> str:
    return "\n".join(rows + (". . . . .",) * (5 - len(rows)))


def trax_board(changes: dict[tuple[int, int], str]) -> str:
    """A 10x10 Trax position: the usual start (lldd at f6) with ``changes`` at (row, column)."""
    rows = [["none"] * 10 for _ in range(10)]
    rows[5][5] = "lldd"
    for (r, c), name in changes.items():
        rows[r][c] = name
    return "to-move: light\n" + "\n".join(" ".join(row) for row in rows)


def position_refusals() -> list[str]:
    """Refusals of hand-typed positions, one per way each game's text can be wrong."""
    alq, ras, trax = (games.load(g) for g in ("alquerque", "rastros", "trax"))
    hex_ = games.load("hex", size=5)
    trax0 = trax.initial_state()
    trax7 = games.load("trax", size=7)

    def swapped(text: str) -> str:  # the other side to move, every tile's colours swapped
        names = {"ldld": "dldl", "dldl": "ldld", "lddl": "dlld", "dlld": "lddl", "lldd": "ddll", "ddll": "lldd"}
        return "\n".join(" ".join(names.get(word, word) for word in line.split()) for line in text.splitlines()) \
            .replace("light", "dark")

    return [
        refusal(lambda: alq.from_text("no-capture: x\n" + ALQUERQUE)),
        refusal(lambda: alq.from_text("no-capture: \u00b2\n" + ALQUERQUE)),  # a digit to isdigit, not to int
        refusal(lambda: alq.from_text("no-capture: " + "9" * 5000 + "\n" + ALQUERQUE)),  # beyond int's digits
        refusal(lambda: alq.from_text("to-move: Red\n" + ALQUERQUE)),
        refusal(lambda: alq.from_text(ALQUERQUE.replace("B", "W"))),
        refusal(lambda: hex_.from_text("to-move: Blue\n" + hex_board("B . . . ."))),
        refusal(lambda: hex_.from_text("to-move: Blue\n" + hex_board("B B B B B", "R R R R R"))),
        refusal(lambda: ras.from_text(RASTROS.replace(".......N", ".......W").replace("....W...", "........"))),
        refusal(lambda: ras.from_text(RASTROS.replace(".......N", ".......#"))),
        refusal(lambda: ras.from_text(RASTROS + "\ntrail: 1-1")),
        refusal(lambda: ras.from_text(RASTROS.replace("....W...", "...#W...") + "\ntrail: 4-5")),
        refusal(lambda: ras.from_text(RASTROS.replace("....W...", ".#..W...") + "\ntrail: 4-2 4-5")),
        refusal(lambda: trax.from_text(trax_board({(5, 6): "lldd"}))),
        refusal(lambda: trax.from_text(trax_board({(5, 6): "dldl", (6, 6): "dldl"}))),
        refusal(lambda: trax.parse_move(trax0, "f6:lldd")),
        *trax_refusals(),
        *(refusal(lambda text=text: trax7.parse_move(trax7.from_text(text), "e2\\")) for text in (TRAX_CLASH, swapped(TRAX_CLASH))),
        refusal(lambda: record_from_position("")),
        refusal(lambda: record_from_move_list("Reversi\n1. d3 c5 2. z9")),
    ]


def trax_refusals() -> list[str]:
    """Why a Trax tile is refused, typed (after the text) and clicked (alone: ``why_no_tile``,
    ``why_illegal``), and the default reason's short list of legal moves (``Game.rules_reason``)."""
    trax, trax7 = games.load("trax"), games.load("trax", size=7)
    trax0, clash = trax.initial_state(), trax7.from_text(TRAX_CLASH)
    e2 = move_of(parse_cell("e2", 7, 7), tile_of_name("lddl"))  # its forced tiles make three dark edges meet
    hole = hole_19x19()
    shapes = trax.play_line(["g6+", "f7/", "f5/", "e5/"])
    ttt15 = games.load("tictactoe", width=15, height=15, k=5)
    return [
        refusal(lambda: trax7.parse_move(clash, "e2:dlld")),  # its colours do not match its neighbours'
        refusal(lambda: trax.parse_move(shapes, "e6\\")),  # no tile of that shape matches them
        trax.why_no_tile(trax0, parse_cell("a1", 10, 10)),
        trax.why_no_tile(trax0, parse_cell("f6", 10, 10)),
        hole.game.why_no_tile(hole, parse_cell("c16", 19, 19)),
        trax7.why_illegal(clash, e2),
        trax7.why_illegal(clash, move_of(parse_cell("e2", 7, 7), tile_of_name("dlld"))),
        Game.rules_reason(ttt15, ttt15.play_line(["a1"]), 0),
    ]


ENGLISH = re.compile(r"\b(is|not|board|expected|rows|characters|position|cannot|read|already|taken|over|"
                     r"move|like|game|line|first|name|square|side|valid|choose|pass|or|row|stones|piece|tile|"
                     r"tiles|flips|swap|allowed|empty|touch|there|its|should|file|record|text|large|such|field|"
                     r"missing|hold)\b")


def test_every_refusal_of_the_rules_reads_in_portuguese():
    messages = samples()
    assert len(set(messages)) == len(messages)
    with words_in("pt"):
        for message in messages:
            shown = rule_reason(message)
            without_quoted = re.sub(r"'[^']*'|\([^)]*\)", "", shown)  # the player's text and examples stay
            assert shown != message and not ENGLISH.findall(without_quoted), (message, shown)
    shown = {m: rule_reason(m) for m in messages}  # in English, as the rules wrote them, but for
    changed = {m: s for m, s in shown.items() if s != m}  # an option of a game the refusal names: its label;
    assert changed == {"game 'hex': option size: 99 is not valid; choose 3..19":  # a range in words
                       "Hex: Board size: 99 is not valid; choose 3 to 19",
                       "option k: 4 in a row cannot fit on 3x3; choose 3..3":
                       "option k: 4 in a row cannot fit on 3x3; choose 3",
                       "SZ[25]: option size: 25 is not valid; choose 3..19":
                       "SZ[25]: option size: 25 is not valid; choose 3 to 19",
                       # the no-capture count in the screens' unit (a move is one player's turn)
                       **{m: m.replace("a number of plies", "a number of moves") for m in messages
                          if m.startswith("no-capture: ")}}, changed


def test_the_values_a_refused_option_may_take_read_as_words():
    """New game and the tournament's setup said "4 in a row cannot fit on 3x3; choose 3..3": the
    range the rules write ("3..19") is said "3 to 19", and one of a single value as that value."""
    k = refusal(lambda: games.load("tictactoe", k=4))
    size = refusal(lambda: games.load("hex", size=99))
    assert k.endswith("choose 3..3") and size.endswith("choose 3..19"), (k, size)
    assert rule_reason(k, "tictactoe") == "In a row to win: 4 in a row cannot fit on 3x3; choose 3"
    assert rule_reason(size, "hex") == "Board size: 99 is not valid; choose 3 to 19"
    with words_in("pt"):
        assert rule_reason(k, "tictactoe").endswith("; escolha 3")
        assert rule_reason(size, "hex").endswith("; escolha de 3 a 19")


def test_one_character_of_a_reversi_position_is_said_in_the_singular():
    """A one-character Reversi position was refused with "got 1 characters"."""
    reversi = games.load("reversi")
    one, two = refusal(lambda: reversi.from_text("X")), refusal(lambda: reversi.from_text("XO"))
    assert one.endswith(", got 1 character") and two.endswith(", got 2 characters")
    with words_in("pt"):
        assert rule_reason(one).endswith("; veio 1 carácter") and rule_reason(two).endswith("; vieram 2 caracteres")


def test_the_words_in_a_refusals_parentheses_read_in_portuguese_too():
    """The checks above leave examples in parentheses alone; Rastros's rows refusal has words there."""
    rastros = games.load("rastros")
    message = refusal(lambda: rastros.from_text("to-move: South\n" + "\n".join(["........"] * 7)))
    with words_in("pt"):
        assert rule_reason(message) == "esperavam-se 8 linhas de 8 caracteres (W, #, . ; S e N nos objetivos)"


BAD_FILES = {
    "words.txt": b"hello world\n",
    "other.json": b'{"format": "x"}',
    "broken.json": b"{bad",
    "list.json": b"[1, 2]",
    "noise.bin": bytes(range(128, 256)),
    "game.txt": b"Reversi\n1. d3 c5 2. z9\n",
    "board.txt": b"Hex\nPosition:\nQQ\n",
    "edited.json": trax_record_of_another_size(),
}


def test_why_a_file_cannot_be_opened_reads_in_portuguese(tmp_path):
    for name, data in BAD_FILES.items():
        (tmp_path / name).write_bytes(data)
    problems = [refusal(lambda name=name: load(tmp_path / name)) for name in [*BAD_FILES, "missing.json"]]
    with words_in("pt"):
        for problem in problems:
            shown = file_problem(problem)
            name = problem.split(": ")[0]
            without_quoted = re.sub(r"'[^']*'|\([^)]*\)", "", shown[len(name):])
            assert shown.startswith(f"{name}: ") and shown != problem, (problem, shown)
            assert not ENGLISH.findall(without_quoted), (problem, shown)
    shown = [file_problem(p) for p in problems]  # in English the reasons as they are, but JSON's plainer
    assert shown == [f"{p.split(': ')[0]}: the file is cut short or damaged" if "not valid JSON" in p
                     else f"{p.split(': ')[0]}: not a game file Tabuleiro saved" if "JSON object" in p else p
                     for p in problems], shown


def test_a_file_that_cannot_be_opened_is_said_in_one_sentence_in_either_language(tmp_path):
    """The sentence a dropped file, a list's row and a tournament's game each showed, written out
    at each place: one ``words.cannot_open`` now, the reason read by ``file_problem``."""
    (tmp_path / "list.json").write_bytes(BAD_FILES["list.json"])
    problem = refusal(lambda: load(tmp_path / "list.json"))
    assert cannot_open(problem) == "Cannot open list.json: not a game file Tabuleiro saved"  # no "JSON object"
    with words_in("pt"):
        assert cannot_open(problem) == f"Não foi possível abrir {file_problem(problem)}"
        assert file_problem(problem) != problem


# Texts that make the JSON reader say each of its messages (Python 3.11-3.13).
NOT_JSON = ["", "{", '{"a" 1}', '{"a": 1 "b": 2}', '"abc', '"a\x01"', '"\\q"', '"\\u12"', "1 2", "[1,]", '{"a": 1,}']


def test_what_the_json_reader_says_of_a_file_reads_in_portuguese(tmp_path):
    """A record or settings file the JSON reader refuses is said to be cut short or damaged (an
    empty one to be empty), in either language, never in the reader's words; a pasted text, no
    file, keeps them after "line L, column C:", which stayed in English on the Portuguese screens."""
    from ui.settings import load as load_settings
    from ui.words import JSON_READER_WORDS, settings_problem

    said = set()
    record_problems, settings_problems = [], []
    for i, text in enumerate(NOT_JSON):
        with pytest.raises(json.JSONDecodeError) as caught:
            json.loads(text)
        said.add(caught.value.msg)
        (tmp_path / f"{i}.json").write_text(text, encoding="utf-8")
        record_problems.append(refusal(lambda i=i: load(tmp_path / f"{i}.json")))
        settings = tmp_path / "config" / "settings.json"
        settings.parent.mkdir(exist_ok=True)
        settings.write_text(text, encoding="utf-8")
        settings_problems.append(load_settings(settings)[1])
    assert said <= JSON_READER_WORDS and len(said) >= 9, said - JSON_READER_WORDS
    with words_in("pt"):
        for text, problem in zip(NOT_JSON, record_problems, strict=True):
            shown = file_problem(problem)
            plain = "incompleto ou danificado" if text else "o ficheiro está vazio"
            assert shown.endswith(plain) and not any(words in shown for words in said), shown
            if text:  # the reason alone, as a pasted text's: the reader's words in Portuguese
                pasted = rule_reason(problem.partition(": ")[2])
                assert "não é JSON válido (linha" in pasted and not any(words in pasted for words in said), pasted
        for text, problem in zip(NOT_JSON, settings_problems, strict=True):  # plain words, the reader's in the log
            shown = settings_problem(problem)
            plain = "incompleto ou danificado" if text else "o ficheiro está vazio"
            assert plain in shown and not any(words in shown for words in said), shown
    assert [rule_reason(p) for p in record_problems[1:]] == record_problems[1:]  # in English, the reader's own words
    assert [settings_problem(p) for p in settings_problems] == settings_problems


VARIANTS = [("reversi", {}), ("tictactoe", {"width": 7, "height": 6, "k": 4}), ("hex", {"size": 5, "swap": True}),
            ("rastros", {}), ("alquerque", {}), ("alquerque", {"compulsory_capture": True}), ("trax", {"size": 7})]


def random_positions(rng, count: int, most_plies: int):
    """``count`` positions of each of ``VARIANTS``, each after up to ``most_plies`` random moves."""
    for game_id, options in VARIANTS:
        game = games.load(game_id, **options)
        for _ in range(count):
            state = game.initial_state()
            for _ in range(rng.randint(0, most_plies)):
                if state.is_terminal():
                    break
                state = state.play(rng.choice(state.legal_moves()))
            yield game, state


def typed_texts(game, state, rng) -> list[str]:
    """What a player might type in a position: moves of the right shape, near misses of the legal
    ones (a character changed), cells off the board, and words."""
    legal = [game.format_move(state, m) for m in state.legal_moves()]
    texts = ["pass", "swap", "??", "a1:lldd", "x"]
    for _ in range(12):
        cell = f"{rng.choice('abcdefghijkt')}{rng.randint(0, 20)}"
        texts += [cell, cell + rng.choice(("/", "+", "\\")), f"{rng.randint(0, 9)}-{rng.randint(0, 9)}",
                  f"{rng.choice('abcde')}{rng.randint(1, 5)}{rng.choice('-x')}{rng.choice('abcde')}{rng.randint(1, 5)}"]
        if legal:
            text = rng.choice(legal)
            i = rng.randrange(len(text))
            texts.append(text[:i] + rng.choice("abx-15/+:") + text[i + 1:])
    return texts


def test_every_refusal_of_a_typed_move_in_random_positions_reads_in_portuguese():
    import random

    rng, messages = random.Random(7), set()
    for game, state in random_positions(rng, 12, 40):
        for text in typed_texts(game, state, rng):
            try:
                game.parse_move(state, text)
            except IllegalMove as exc:
                messages.add(str(exc))
    assert len(messages) > 500
    with words_in("pt"):
        for message in messages:
            shown = rule_reason(message)
            assert shown != message and not ENGLISH.findall(re.sub(r"'[^']*'|\([^)]*\)", "", shown)), (message, shown)


def test_every_refusal_of_a_position_typed_with_slips_reads_in_portuguese():
    """Random positions of every game as copied, with one to three characters changed, dropped or
    added, read as the position editor reads them: each refusal is one the window translates."""
    import random

    from games.position_text import position_text

    rng, messages = random.Random(3), set()
    for game, state in random_positions(rng, 20, 30):
        text = position_text(game, state)
        for _ in range(6):
            chars = list(text)
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(chars))
                slip = rng.choice(("change", "drop", "add"))
                if slip == "drop":
                    del chars[i]
                else:
                    chars[i:i + (slip == "change")] = rng.choice("XOWB.#-RSN qz1\n:")
            for loose in (False, True):
                try:
                    record_from_position("".join(chars), loose=loose)
                except (IllegalMove, RecordError, ValueError) as exc:
                    messages.add(str(exc))
    assert len(messages) > 300
    with words_in("pt"):
        untranslated = [m for m in messages if rule_reason(m) == m]
    assert untranslated == []


def test_a_crash_account_is_translated_only_where_our_words_stand():
    """Our pieces of a crash's account are translated where our code puts them; the same words
    inside a bot's own exception text stay as the bot wrote them; an illegal answer's reason is the
    rules' own, translated like a typed move's."""
    from ui.words import forfeit_reason

    reversi = games.load("reversi")
    illegal = refusal(lambda: reversi.parse_move(reversi.initial_state(), "z9"))
    with words_in("pt"):
        assert forfeit_reason("crashed (process ended, exit status 1; stderr: boom, exit status 7 (at x.py line 3))") == \
            "falhou (o processo terminou, código de saída 1; saída de erros: boom, exit status 7 (at x.py line 3))"
        assert forfeit_reason("crashed: RuntimeError: 'move (at a1 line 2)' is wrong, exit status 3") == \
            "falhou: RuntimeError: 'move (at a1 line 2)' is wrong, exit status 3"
        assert forfeit_reason("crashed: ValueError: bad (at jogador.py line 12); log: /tmp/p.log") == \
            "falhou: ValueError: bad (em jogador.py, linha 12); registo: /tmp/p.log"
        assert forfeit_reason(f"played an illegal move 'z9': {illegal}") == f"fez uma jogada ilegal 'z9': {rule_reason(illegal)}"
        assert rule_reason(illegal) != illegal


def test_where_an_engines_python_error_came_from_is_said_in_the_windows_language():
    """A GTP engine in Python crashed: its error stream's summary (``stderr_summary``) ends with our
    words for where the error came from, which a Portuguese window showed in English, "(at gtpbot.py
    line 61)", after a translated reason.  They are translated; the engine's own error is not."""
    from ai.outside_process import stderr_summary
    from ui.words import forfeit_reason, last_words

    traceback = ('Traceback (most recent call last):\n  File "/home/ana/gtpbot.py", line 61, in genmove\n'
                 "    return cells[len(cells)]\nIndexError: list index out of range\n")
    reason = f"crashed at move 2 (engine ended, exit status 1; stderr: {stderr_summary(traceback)}); log: /tmp/b.log"
    with words_in("pt"):
        assert forfeit_reason(reason) == ("falhou na jogada 2 (o motor terminou, código de saída 1; saída de erros: "
                                          "IndexError: list index out of range (em gtpbot.py, linha 61)); "
                                          "registo: /tmp/b.log")
        assert last_words(reason) == "IndexError: list index out of range (em gtpbot.py, linha 61)"
    assert last_words(reason) == "IndexError: list index out of range (at gtpbot.py line 61)"


def test_a_no_capture_count_past_the_draw_says_what_is_wrong_with_it():
    """A pasted Alquerque position with "no-capture: 55" was refused as "already over (Draw: 40
    moves passed ...)", a count the file never gave: the refusal names the count and the limit,
    in the screens' unit (a move is one player's turn); 40 itself is the drawn end, refused so."""
    position = "Alquerque\nno-capture: {}\n" + ALQUERQUE
    past = refusal(lambda: record_from_position(position.format(55)))
    assert rule_reason(past) == ("the position cannot be read: no-capture: 55 cannot be more than 40: "
                                 "the game is drawn after 40 moves without a capture"), past
    with words_in("pt"):
        assert "55 não pode passar de 40" in rule_reason(past)
    assert "already over" in refusal(lambda: record_from_position(position.format(40)))
    assert record_from_position(position.format(39)).first_state().quiet == 39
