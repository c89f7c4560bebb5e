"""Translations: the catalogs cover every marked message, the .mo files are current, gettext reads them."""

from __future__ import annotations

import functools
import gettext
import io
import json
import re
import types
from collections.abc import Mapping
from pathlib import Path

import pytest

from tests.ui_helpers import count_calls, words_in
from tools import i18n as tool
from ui import i18n

ROOT = Path(__file__).resolve().parent.parent
# ``tool`` is the module tests/test_course_words.py reads too: each file's messages parsed once for both


@functools.cache
def tree_messages() -> Mapping:
    """What ``tools/i18n.py extract`` finds in the tree (read only), found once for this module's
    tests: the tree does not change under them, and each extract took 1.5 to 2 s."""
    return types.MappingProxyType(tool.extract())


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_every_marked_message_is_translated_and_every_mo_is_current():
    assert tool.problems() == []


def test_switching_language():
    assert i18n.set_language("pt") == "pt" and i18n.language() == "pt"
    assert i18n._("Settings") == "Definições"
    assert i18n._("Move {n} of {total}").format(n=3, total=9) == "Jogada 3 de 9"
    assert i18n._("a message nobody translated") == "a message nobody translated"
    assert i18n.set_language("en") == "en" and i18n._("Settings") == "Settings"
    assert i18n.set_language("tlh") == "en"  # unknown languages fall back to English


def test_compiled_catalogs_read_by_gettext_with_plurals_and_context():
    po = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#: ui/x.py:1
msgid "Board"
msgstr "Tabuleiro"

msgctxt "piece"
msgid "Stone"
msgstr "Pedra"

msgid "{n} move"
msgid_plural "{n} moves"
msgstr[0] "{n} jogada"
msgstr[1] "{n} jogadas"

#, fuzzy
msgid "Unsure"
msgstr "Incerto"

msgid "Multi"
"line"
msgstr "Várias "
"linhas \\"aspas\\""
'''
    entries = tool.parse_po(po)
    assert tool.parse_po(tool.format_po(entries)) == entries  # the writer reads back the same
    catalog = gettext.GNUTranslations(io.BytesIO(tool.compile_mo(entries)))
    assert catalog.gettext("Board") == "Tabuleiro"
    assert catalog.pgettext("piece", "Stone") == "Pedra"
    assert catalog.ngettext("{n} move", "{n} moves", 1) == "{n} jogada"
    assert catalog.ngettext("{n} move", "{n} moves", 5) == "{n} jogadas"
    assert catalog.gettext("Unsure") == "Unsure"  # fuzzy entries are left out, like msgfmt does
    assert catalog.gettext("Multiline") == 'Várias linhas "aspas"'


def test_a_count_reads_in_the_singular_for_one_in_both_languages(tmp_path):
    """ngettext's two texts are one message with a plural in the catalog (the extractor once
    made them two unrelated messages, so Portuguese fell back to English), and a count of one
    reads "1 move", "Black +1 disc", not "1 moves"."""
    from games.record import GameRecord
    from games.record_parts import Side
    from ui.ai_worker import AIProgress
    from ui.autosave_words import describe
    from ui.scenes.thinking import eval_text

    found = tree_messages()
    assert ("{n} move", "{n} moves") in found and "{n} move" not in found
    assert ("{side} +{n} disc", "{side} +{n} discs") in found
    import games

    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "You"), Side("level-3", "Level 3"))).with_moves(["b2"], game.play_line(["b2"]))
    try:
        for language, one, two in (("en", "1 move", "Black +1 disc"), ("pt", "1 jogada", "Preto +1 peça")):
            i18n.set_language(language)
            assert describe(record)[1].startswith(one + " · ")
            assert eval_text(AIProgress(job_id=1, depth=3, score=1.0, mover=0), ("Black", "White"), "reversi") == two
    finally:
        i18n.set_language("en")


# -- the game-over and forfeit texts in Portuguese -------------------------------------------------
from tests.test_ui_portuguese import ALLOWED, EXTRA_ENGLISH, _po_words, english_words, rendered  # noqa: E402, F401

RULES_WORDS = "a1 is taken"  # an IllegalMove message of games/, quoted in the reason as it is


def test_forfeits_and_lost_on_time_draw_no_english_in_portuguese(rendered):  # noqa: F811 - the fixture
    """A flag fall (a human on a tiny clock), an outside player's forfeits (as its process reports
    them) and a computer's crash: the game-over card, the panel and the status line in pt."""
    import time

    from ui.app import App
    from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.game_over import result_lines

    english, portuguese = _po_words()
    vocabulary = (english | EXTRA_ENGLISH) - portuguese - ALLOWED
    app = App(size=(1280, 800), fps=0, demo="menu", remember_size=False)
    shown: list[str] = []
    try:
        app.settings.language = "pt"
        app.apply_settings()
        rendered.clear()
        flagged = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 1.0, clock="0.5s+0s"))
        app.switch(flagged)
        assert app.run_frames(500, until=flagged.is_over, timeout=10)
        flagged.over_since = time.monotonic() - 5
        app.invalidate()
        app.run_frames(3)
        shown += result_lines(flagged)
        assert flagged.end_reason() == "X perdeu por tempo na jogada 1"
        for why in ("exceeded the time limit (1.52 s > 1 s); process stopped; log: /tmp/bot.log",
                    f"played an illegal move 'a1': {RULES_WORDS}",
                    "crashed (process ended, exit status 3)",
                    "crashed: ZeroDivisionError: division by zero",
                    "could not be loaded: no such file bots/mine.py"):
            scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0))
            app.switch(scene)
            scene._lose_by_forfeit(1, why)
            scene.over_since = time.monotonic() - 5
            app.invalidate()
            app.run_frames(3)
            shown += result_lines(scene)
            assert scene.end_reason().startswith("O perde por falta: Jogador 2 ")
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
        i18n.set_language("en")
    # the rules' own explanation of an illegal move is kept as the rules package wrote it (English)
    texts = [s.replace(RULES_WORDS, "") for s in rendered + shown]
    offenders = sorted({f"{s!r}: {', '.join(english_words(s, vocabulary))}" for s in texts
                        if english_words(s, vocabulary)})
    assert offenders == [], "English on the Portuguese game-over screens:\n" + "\n".join(offenders)


def test_every_players_description_has_its_portuguese_entry():
    """The setup screen shows each player's description through gettext: a level whose words
    changed needs its new entry, or Portuguese users read it in English.  (Titles go through the
    "Level {n}" pattern of ui/words.py; the course bots' names are names.)"""
    import ai
    import games

    entries = {e.msgid: e for e in tool.parse_po((ROOT / "assets" / "locale" / "pt" / "LC_MESSAGES" / "tabuleiro.po").read_text(
        encoding="utf-8"))}
    missing = [text for info in games.catalog() for player in ai.catalog(info.id) if not ai.is_outside_player(player.id)
               for text in (player.description,)
               if text and not (text in entries and entries[text].translated())]
    assert missing == []


LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.mark.parametrize("environment, expected", [
    ({"LANG": "pt_PT.UTF-8"}, "pt"),
    ({"LANG": "pt_BR.UTF-8"}, "pt"),
    ({"LANG": "de_DE.UTF-8"}, "en"),  # no German catalog: English, not the next variable
    ({"LANGUAGE": "de:pt_BR:en", "LANG": "de_DE.UTF-8"}, "pt"),  # the first language of the list we have
    ({"LANGUAGE": "en_GB:pt", "LANG": "pt_PT.UTF-8"}, "en"),
    ({"LC_ALL": "C", "LANG": "pt_PT.UTF-8"}, "en"),  # LC_ALL wins over LANG, and C is English
    ({"LC_MESSAGES": "pt_PT@euro", "LANG": "en_US.UTF-8"}, "pt"),
    ({"LANG": "C.UTF-8"}, "en"),
])
def test_the_system_language_is_read_as_gettext_reads_it(monkeypatch, environment, expected):
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    monkeypatch.setattr(i18n, "_platform_language", lambda: "")
    assert i18n.system_language() == expected


def test_the_platform_language_counts_only_without_locale_variables(monkeypatch):
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(i18n, "_platform_language", lambda: "pt")
    assert i18n.system_language() == "pt"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert i18n.system_language() == "en"


def test_a_first_start_speaks_the_desktops_language_and_later_ones_the_players(tmp_path, monkeypatch):
    """No settings file: Portuguese on a Portuguese desktop.  A file from before this setting
    existed (no "language") keeps English, the language that player had; a chosen one is kept."""
    import json

    from ui import settings as st

    monkeypatch.setenv("LANGUAGE", "pt_PT")
    path = tmp_path / "settings.json"
    assert st.load(path) == (st.Settings(language="pt"), None)
    path.write_text(json.dumps({"theme": "light"}))
    assert st.load(path)[0].language == "en"
    path.write_text(json.dumps({"language": "en"}))
    assert st.load(path)[0].language == "en"


def test_the_window_opens_in_portuguese_on_a_portuguese_desktop(tmp_path, monkeypatch):
    from tests.ui_helpers import make_app

    monkeypatch.setenv("LANGUAGE", "pt_PT")
    app = make_app(tmp_path, monkeypatch)
    try:
        assert i18n.language() == "pt"
        labels = [widget.get_title() for widget in app.scene.menu.get_widgets()]
        assert "Definições" in labels, labels
    finally:
        app.quit()
        i18n.set_language("en")


def test_the_windows_last_resort_message_is_translated(app):
    """A bug caught by the window loop is reported in the window's language too."""
    try:
        with words_in("pt"):
            app.report(ValueError("x"))
            assert app.messages.items[-1].text == "Algo correu mal: ValueError: x"
    finally:
        app.errors.clear()


def engine_json_refusal(tmp_path: Path, content: bytes) -> str:
    """Why ``ai.outside_gtp.read_engine_config`` refuses an engine.json holding ``content``."""
    from ai.outside import OutsideLoadError
    from ai.outside_gtp import read_engine_config

    path = tmp_path / "engine.json"
    path.write_bytes(content)
    with pytest.raises(OutsideLoadError) as refused:
        read_engine_config("engine.json", str(path))
    return str(refused.value)


def test_an_engine_json_refused_is_said_in_the_windows_language(tmp_path):
    """A GTP engine's settings file with a field of the wrong kind, misspelt, or no JSON object
    was refused in English in a Portuguese window ('"setup" should be a list of GTP commands'),
    while every other reason an outside player is not added is said in Portuguese."""
    from ai.outside_gtp import CONFIG_FIELDS
    from ui.i18n import _
    from ui.words import ENGINE_FIELD_KINDS, load_problem

    wrong = {field: "yes" if field in ("transpose", "startup_time") else 5 for field in CONFIG_FIELDS}
    refusals = [engine_json_refusal(tmp_path, json.dumps({"command": "mohex", field: value}).encode())
                for field, value in wrong.items() if field != "command"]
    refusals += [engine_json_refusal(tmp_path, content) for content in (
        b'{"command": 5}', b"[1]", b'{"name": "x"}', b'{"command": "mohex", "startup-time": 120}', b"{", b"\xff{}",
        b"[" * 100_000)]
    assert {expected for _valid, expected in CONFIG_FIELDS.values()} == set(ENGINE_FIELD_KINDS)
    with words_in("pt"):
        said = {english: load_problem(english) for english in refusals}
        for english, portuguese in said.items():
            assert portuguese.startswith("engine.json: ") and portuguese != english, english
        kinds = [f"{_(expected)}, e não" for _valid, expected in CONFIG_FIELDS.values()]
        assert all(any(kind in text for text in said.values()) for kind in kinds), said
    assert '"startup-time" não é um campo da configuração de um motor: quis dizer "startup_time"?' in \
        [text.removeprefix("engine.json: ") for text in said.values()]


def test_an_outside_player_that_cannot_be_added_is_said_in_the_windows_language():
    """The reasons ai/outside*.py give, after the player's id (and, on the New game screen, the
    text typed), in Portuguese; a reason not known stays as written."""
    from ai.outside import OutsideLoadError
    from ui import words
    from ui.words import load_problem

    try:
        import ai

        ai.make_player("tictactoe", "gtp:nosuchengine --x")
    except OutsideLoadError as exc:
        missing = str(exc)
    with words_in("pt"):
        assert load_problem(missing) == ("gtp:nosuchengine --x: não foi possível iniciar 'nosuchengine': esse "
                                         "programa não existe (está instalado e no PATH?)")
        typed = load_problem(f"gtp:nosuchengine --x: {missing}")  # as the New game screen says it
        assert typed == "gtp:nosuchengine --x: " + load_problem(missing)
        assert load_problem("bot.py:*: no such file /tmp/bot.py") == "bot.py:*: não existe o ficheiro /tmp/bot.py"
        assert load_problem("bot.py:X: something new") == "bot.py:X: something new"
        # a file's own faults, as ai/outside_child.py words them while loading
        assert load_problem("a.py: SyntaxError: expected ':' (at a.py line 5)") == \
            "a.py: SyntaxError: expected ':' (em a.py, linha 5)"
        assert load_problem("a.py: No module named 'util': put util.py (or the util folder) beside a.py, in /b, or "
                            "install the package util (at a.py line 1)") == \
            ("a.py: não existe o módulo 'util': ponha util.py (ou a pasta util) ao lado de a.py, em /b, ou instale o "
             "pacote util (em a.py, linha 1)")
        slow_en = ("loading took longer than the load time limit (15 s); it was running a.py line 9. Files often play "
                   "a demo match or a championship when imported: put those calls under `if __name__ == \"__main__\":`"
                   ", or load the file with --definitions-only; log: /t/a.log")
        slow = load_problem("a.py: " + slow_en)
        assert slow.startswith("a.py: o carregamento demorou mais do que o limite de tempo de carregamento (15 s); "
                               "estava a executar a.py, linha 9.") and slow.endswith("; registo: /t/a.log")
        assert load_problem("a.py:f: 'f' in a.py is not a player: expected f(game, state) or f(game, state, seconds)") \
            == "a.py:f: 'f' em a.py não é um jogador: esperava-se f(game, state) ou f(game, state, seconds)"
        for rename in ("rename it to choose", "rename it choose"):  # the second: logs written before "to"
            assert load_problem("a.py: a.py defines no player for rastros: name a function of it in the id "
                                f"(a.py:escolhe, a.py:outra) or {rename}") == \
                ("a.py: a.py não define nenhum jogador para rastros: indique uma das suas funções no identificador "
                 "(a.py:escolhe, a.py:outra) ou mude-lhe o nome para choose")
        assert load_problem("a.py: crashed (process ended, exit status 3)") == \
            "a.py: falhou (o processo terminou, código de saída 3)"
        # the same reasons in a forfeit, when a league's game could not start a slow file
        started = words.forfeit_reason("could not be started: " + slow_en)
        assert started == "não pôde ser iniciado: " + slow.removeprefix("a.py: ")
        assert words.forfeit_reason("could not be started: no such file /tmp/bot.py") == \
            "não pôde ser iniciado: não existe o ficheiro /tmp/bot.py"
        # a GTP engine that refused the game's board (ai.outside_gtp.GTPPlayer.get_ready)
        assert words.forfeit_reason("could not be started: refused to play width=5, height=4, k=3 "
                                    "('boardsize 5 4': unacceptable size)") == \
            "não pôde ser iniciado: recusou jogar width=5, height=4, k=3 ('boardsize 5 4': unacceptable size)"


def test_numbers_are_written_with_the_languages_separators():
    """Portuguese writes 0,5 and 60.000: the window wrote "0.5 s" and "60,000" in Portuguese."""
    from ui import words
    from ui.analysis import count_text, points_text

    with words_in("pt"):
        assert i18n.number_text(0.5, "g") == "0,5" and i18n.number_text(60_000, ",") == "60.000"
        assert points_text(0.42) == "+0,4" and count_text(165_800) == "165,8k"
        assert words.forfeit_reason("exceeded the time limit (1.01 s > 0.5 s); process stopped") == \
            "excedeu o limite de tempo (1,01 s > 0,5 s); processo parado"
        late = ("exceeded the time limit (1.01 s > 0.5 s); process stopped; it was running aluno.py line 12 (in "
                "minimax). It was its first move: set-up work done inside the move (reading files, building tables) "
                "counts on the move's clock, so do it in __init__ or at module level; log: /t/a.log")
        assert words.forfeit_reason(late) == (
            "excedeu o limite de tempo (1,01 s > 0,5 s); processo parado; estava a executar aluno.py, linha 12 (em "
            "minimax). Era a sua primeira jogada: a preparação feita dentro da jogada (ler ficheiros, construir "
            "tabelas) conta no tempo da jogada, por isso faça-a em __init__ ou ao nível do módulo; registo: /t/a.log")
        assert words.stopped_at(late) == (  # the game screen's message: the card cuts the reason before it
            "estava a executar aluno.py, linha 12 (em minimax). Era a sua primeira jogada: a preparação feita dentro "
            "da jogada (ler ficheiros, construir tabelas) conta no tempo da jogada, por isso faça-a em __init__ ou ao "
            "nível do módulo")
    assert i18n.number_text(0.5, "g") == "0.5" and i18n.number_text(60_000, ",") == "60,000"
    assert points_text(0.42) == "+0.4" and count_text(165_800) == "165.8k"


def test_dates_are_written_the_languages_way():
    """The saved and unfinished games' lists wrote a game's date 2026-12-03 14:05 in the
    Portuguese window too; Portugal writes 03/12/2026 14:05."""
    from dataclasses import replace
    from datetime import datetime

    import games
    from games.record import GameRecord
    from games.record_parts import Side
    from ui.autosave_words import describe

    moment = datetime(2026, 12, 3, 14, 5).astimezone()
    record = GameRecord.start(games.load("tictactoe"), (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    record = replace(record, updated=moment.isoformat())
    with words_in("pt"):
        assert i18n.date_text(moment) == "03/12/2026 14:05"
        assert describe(record)[1].endswith("03/12/2026 14:05")
    assert i18n.date_text(moment) == "2026-12-03 14:05" and describe(record)[1].endswith("2026-12-03 14:05")


def test_the_standings_heading_says_from_how_many_games_elo_is_shown():
    """Above a 6-game tournament's standings the Portuguese heading said "após 8 jogos" (after 8
    games), as if the table came after games never played; it means that Elo is given from 8
    games on, as the English says."""
    from ui.scenes.tournament_results import STANDINGS_TITLE

    with words_in("pt"):
        heading = i18n._(STANDINGS_TITLE).format(n=8)
    assert "a partir de 8 jogos" in heading and "após" not in heading


# One Portuguese word for one thing, in the catalog and the Portuguese pages alike: the word in use,
# and the variant that crept in beside it (the Reversi page said "lance" where everything else says
# "jogada"; "Jogo por terminar" sat beside "Jogos por acabar"; "clique os pontos" for "clique nos").
GLOSSARY = (
    ("jogada", r"\blances?\b"),
    ("por acabar", r"\bpor terminar\b"),
    ("clique em / no / na", r"\bclique (os|as|o|a)\b|\bclique \{"),
    # a board's edges, as Trax's tiles and the rules pages name them ("claro cima-baixo"): Hex's
    # end said "Vermelho ligou o topo ao fundo" and its summary "Vermelho topo-fundo"
    ("de cima / de baixo", r"\btopo\b|\bao fundo\b"),
    # European Portuguese, the player addressed in the third person ("Escolha", "Ganhou!"): the
    # human's label said "Você" (now "Jogador"); no Brazilian "tela", "arquivo", "registro", "usuário",
    # nor a gerund after estar ("está pensando": "está a pensar")
    ("Jogador / the third person", r"\bvocês?\b"),
    ("ecrã / ficheiro / registo / utilizador", r"\btelas?\b|\barquivos?\b|\bregistros?\b|\busuári[oa]s?\b"),
    ("está a pensar", r"\b(está|estão|estava|estavam|fica|ficam|continua|continuam)\s+\w+ndo\b"),
    # a move is a "jogada" (a king's step in Rastros is "uma casa vizinha"), a game a "jogo", the
    # other side's pieces "adversárias", a university course a "curso", the computer's search a
    # "pesquisa" and its players "jogadores do computador"
    ("jogada", r"\bmovimentos?\b"),
    ("jogo", r"\bpartidas?\b"),
    ("jogada (a Trax turn too: Trax's course message said \"um turno\")", r"\bturnos?\b"),
    ("adversário", r"\binimig[oa]s?\b"),
    ("curso", r"\bcadeiras?\b"),
    ("pesquisa", r"\b(sua|própria|de) procura\b"),
    ("jogadores do computador", r"\bartificia(l|is)\b"),
    # a board's row is a "fila" (the rules pages' word: "filas 1 a 5"); a line of text or of a table
    # stays a "linha"
    ("fila", r"\blinha-coluna\b|[\[(]linha, coluna\b|\blinha \{row\}|\blinhas? e colunas? (de \d|\d|contad)"),
    # the evaluation graph's "Azul melhor" and the panel's "Vermelho 50% de ganhar"
    ("{side} em vantagem", r"\} melhor\b"),
    ("Hipóteses do {side}", r"% de ganhar\b"),
    # a player from a student's file or a command: the catalog's "jogador externo" (the keys page
    # said "jogador de fora")
    ("jogador externo", r"\bjogador(es)? de fora\b"),
    # the university course is a "curso" everywhere (a course page said "página da disciplina"),
    # Rastros' corners its "objetivos" (the keys page said "metas"), the board's rows "filas"
    # (AIMA's order said "linha a linha", the board cursor "a outra ponta da linha ou coluna")
    ("curso", r"\bdisciplinas?\b"),
    ("objetivo", r"\bmetas?\b"),
    ("fila a fila / fila ou coluna", r"\blinha a linha\b|\blinha ou coluna\b"),
    # a move that wins is "ganhadora", as the Hex and Rastros pages say it (About said "vencedoras")
    ("jogada ganhadora", r"\bjogadas? vencedoras?\b"),
    # the tournament's Elo chart said "Classificações Elo" beside the standings' "Classificação"
    ("Valores Elo (Classificação is the standings)", r"\bclassificaç(ão|ões) elo\b"),
    # Portuguese writes a decimal comma, as the window does ("+1,1 peças"): a page said "(+1.5)"
    # (an SGF property as the file writes it, RE[+64.000], is kept)
    ("+1,5", r"[+−]\d+\.\d+(?![\]\d])"),
    # a computer player "blocks yours": "bloqueia a sua vitória" read as its own win
    ("bloqueia a vitória do adversário", r"\bbloqueia (a sua|as suas)\b"),
    # the word typed to pass stays the notation's, quoted: Reversi's refusal said "nem passe"
    ("nem 'pass'", r"\bnem passe\b"),
    # an article agrees with its noun: a loading error said "uma jogo de demonstração"
    ("um jogo / uma jogada", r"\b(uma|numa|esta|essa|nenhuma|outra) (jogos?|tabuleiros?|ficheiros?|jogador|registos?"
                             r"|torneios?|relógios?|circuitos?|nó|objetivo|rasto)\b|\b(um|num|este|esse|nenhum|outro) "
                             r"(jogadas?|peças?|casas?|pedras?|posição|cadeias?|filas?|colunas?|vitória|pasta|lista)\b"),
)


def test_portuguese_says_one_thing_one_way():
    po = ROOT / "assets" / "locale" / "pt" / "LC_MESSAGES" / "tabuleiro.po"
    texts = {"tabuleiro.po": "\n".join(e.msgstr or "\n".join(e.plurals.values())
                                       for e in tool.parse_po(po.read_text(encoding="utf-8")))}
    texts |= {page.name: page.read_text(encoding="utf-8") for page in sorted((po.parent.parent / "rules").glob("*.md"))}
    found = [f"{name}: {m.group(0)!r} (say {word!r})" for name, text in texts.items() for word, variant in GLOSSARY
             for m in re.finditer(variant, text, re.I)]
    assert found == [], "\n".join(found)


def test_a_file_run_as_a_script_or_no_notebook_is_said_in_the_windows_language():
    """The reasons a student's file that asks input(), calls sys.exit, or is no notebook gets
    (ai/outside_child.py, ai/outside_source.py) stayed in English in a Portuguese window, and
    pointed to --definitions-only, which the window does not have."""
    from ui.words import load_problem

    hint = 'put the calls a script makes under `if __name__ == "__main__":`, or load the file with --definitions-only'
    with words_in("pt"):
        assert load_problem(f"a.py: EOFError: input() has no one to answer it here: {hint} (at a.py line 3)") == (
            "a.py: EOFError: aqui não há ninguém para responder a input(): ponha as chamadas que um script faz dentro "
            'de `if __name__ == "__main__":` e junte o ficheiro de novo (em a.py, linha 3)')
        assert load_problem(f"a.py: SystemExit: the file ends the program: {hint} (at a.py line 4)") == (
            "a.py: SystemExit: o ficheiro termina o programa: ponha as chamadas que um script faz dentro de "
            '`if __name__ == "__main__":` e junte o ficheiro de novo (em a.py, linha 4)')
        assert load_problem("c.ipynb:j: c.ipynb is not a notebook: Expecting value") == \
            "c.ipynb:j: c.ipynb não é um caderno: Expecting value"


# -- extract: entries the code no longer uses become obsolete, and come back with their translation --
HEADER = 'msgid ""\nmsgstr ""\n"Language: pt\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'


def _source_tree(root: Path, code: str) -> None:
    """A tiny Tabuleiro source tree (``main.py`` and ``ui/``) whose ui module holds ``code``."""
    (root / "ui").mkdir(exist_ok=True)
    (root / "main.py").write_text("", encoding="utf-8")
    (root / "ui" / "screen.py").write_text(code, encoding="utf-8")


def _merged_catalog(root: Path, po: Path) -> gettext.GNUTranslations:
    """Run extract's merge on ``po`` from the tree at ``root``; the result as gettext reads it."""
    tool.merge(po, tool.extract(root, with_data=False))
    return gettext.GNUTranslations(io.BytesIO(tool.compile_mo(tool.parse_po(po.read_text(encoding="utf-8")))))


def test_extract_parses_a_file_once_while_its_text_is_unchanged_and_a_changed_one_again(tmp_path, monkeypatch):
    """The tests read the same tree's messages several times a run (the check, each screen's
    messages, the course's words), each extract 1.2 to 1.4 s of parsing: a file's messages are
    kept by its text (``marked_in``).  A file rewritten is read afresh, even at the same size
    within the same second."""
    _source_tree(tmp_path, 'x = _("Old words")\n')
    parsed = count_calls(monkeypatch, tool.ast, "parse")
    assert list(tool.extract(tmp_path, with_data=False)) == ["Old words"]
    first = parsed[0]
    assert first == 2  # main.py and ui/screen.py
    assert tool.extract(tmp_path, with_data=False) == {"Old words": ["ui/screen.py:1"]}
    assert parsed[0] == first
    _source_tree(tmp_path, 'x = _("New words")\n')
    assert tool.extract(tmp_path, with_data=False) == {"New words": ["ui/screen.py:1"]}
    assert parsed[0] == first + 1


def test_extract_makes_unused_entries_obsolete_and_brings_them_back_with_their_translation(tmp_path):
    """A message the code dropped stays in the .po as "#~" lines (a translator's work is not lost)
    and leaves the .mo; when the code says it again it is back, translated, not a new empty entry.
    Texts marked with N_ (module constants shown later through _) count as used."""
    _source_tree(tmp_path, 'from ui.i18n import N_, _\nLABEL = N_("Board size")\ndef f():\n    return _("Play")\n')
    po = tmp_path / "tabuleiro.po"
    po.write_text(HEADER + '\nmsgid "Play"\nmsgstr "Jogar"\n\nmsgid "Board size"\nmsgstr "Tamanho do tabuleiro"\n'
                  '\nmsgid "only move {move}"\nmsgstr "jogada única {move}"\n', encoding="utf-8")

    catalog = _merged_catalog(tmp_path, po)
    assert (catalog.gettext("Play"), catalog.gettext("Board size")) == ("Jogar", "Tamanho do tabuleiro")
    assert catalog.gettext("only move {move}") == "only move {move}"  # no longer shown translated
    assert '#~ msgid "only move {move}"\n#~ msgstr "jogada única {move}"' in po.read_text(encoding="utf-8")

    _source_tree(tmp_path, 'from ui.i18n import _\ndef f():\n    return _("Play"), _("only move {move}")\n')
    catalog = _merged_catalog(tmp_path, po)
    assert catalog.gettext("only move {move}") == "jogada única {move}"
    assert catalog.gettext("Board size") == "Board size"
    assert '#~ msgid "Board size"' in po.read_text(encoding="utf-8")
    assert "#~" not in po.read_text(encoding="utf-8").split('#~ msgid "Board size"')[0]  # obsolete ones last


def test_a_message_said_in_a_context_is_its_own_entry_beside_the_plain_one(tmp_path):
    """One English word, two Portuguese ones: the replay's "Back" steps one move back, every
    screen's "Back" leaves it ("Voltar"), and both said "Voltar".  ``pgettext("replay", "Back")``
    is extracted as an entry of its own (msgctxt "replay"), kept when the plain one goes, wanted
    translated by the check, and read apart from the plain one."""
    _source_tree(tmp_path, 'from ui.i18n import _, pgettext\ndef f():\n    return _("Back"), pgettext("replay", "Back")\n')
    po = tmp_path / "tabuleiro.po"
    po.write_text(HEADER + '\nmsgid "Back"\nmsgstr "Voltar"\n', encoding="utf-8")
    catalog = _merged_catalog(tmp_path, po)
    added = [e for e in tool.parse_po(po.read_text(encoding="utf-8")) if e.msgctxt == "replay"]
    assert [(e.msgid, e.translated()) for e in added] == [("Back", False)]  # new, for the translator
    assert catalog.pgettext("replay", "Back") == "Back" and catalog.gettext("Back") == "Voltar"

    po.write_text(po.read_text(encoding="utf-8").replace('msgid "Back"\nmsgstr ""', 'msgid "Back"\nmsgstr "Anterior"'),
                  encoding="utf-8")
    catalog = _merged_catalog(tmp_path, po)
    assert (catalog.pgettext("replay", "Back"), catalog.gettext("Back")) == ("Anterior", "Voltar")

    _source_tree(tmp_path, 'from ui.i18n import pgettext\ndef f():\n    return pgettext("replay", "Back")\n')
    catalog = _merged_catalog(tmp_path, po)
    assert (catalog.pgettext("replay", "Back"), catalog.gettext("Back")) == ("Anterior", "Back")  # the plain one obsolete


def test_an_obsolete_plural_entry_is_read_and_written_back_unchanged():
    text = HEADER + '\n#~ msgid "{n} move · {date}"\n#~ msgid_plural "{n} moves · {date}"\n' \
        '#~ msgstr[0] "{n} jogada · {date}"\n#~ msgstr[1] "{n} jogadas · {date}"\n'
    entries = tool.parse_po(text)
    assert entries[1].obsolete and entries[1].plurals == {0: "{n} jogada · {date}", 1: "{n} jogadas · {date}"}
    assert tool.format_po(entries) == text


def test_the_check_wants_the_games_and_players_data_texts_in_the_catalog(monkeypatch):
    """A game's summary or a player's description the window shows is as much in use as a marked
    literal: the check names one the catalog lacks."""
    real = tool.data_messages()
    monkeypatch.setattr(tool, "data_messages", lambda: [*real, ("Connect the corners of a new board.", "games.new")])
    assert any("Connect the corners of a new board." in problem for problem in tool.problems())


def _portuguese_catalog() -> gettext.GNUTranslations:
    with (ROOT / "assets" / "locale" / "pt" / "LC_MESSAGES" / "tabuleiro.mo").open("rb") as mo:
        return gettext.GNUTranslations(mo)


def test_every_text_the_window_takes_from_data_has_its_portuguese_translation(monkeypatch):
    """Every text the window shows from a table or the games' and players' catalogs (game titles,
    sides, summaries, option labels, notes and choices, players' titles and descriptions, rules
    page titles, themes, play modes, speeds, the search tree's algorithms...) asks gettext for a
    message the compiled Portuguese catalog holds: extract keeps only what it finds, so a text it
    could not see would lose its translation and show in English."""
    import ai
    import games
    from ui import words
    from ui.hex_connections import LEGEND_ROWS
    from ui.match import MODES
    from ui.scenes.game_computer import SPEEDS
    from ui.scenes.tree_words import BUTTONS, TITLES
    from ui.settings import ANIMATION_CHOICES
    from ui.theme import THEMES

    portuguese = _portuguese_catalog()
    asked: list[str | tuple[str, int]] = []

    class Recording(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            asked.append(message)
            return portuguese.gettext(message)

        def ngettext(self, singular: str, plural: str, n: int) -> str:
            asked.append((singular, 0))  # a plural's forms are keyed (singular, index) in the catalog
            return portuguese.ngettext(singular, plural, n)

    monkeypatch.setattr(i18n, "_translation", Recording())
    for info in games.catalog():
        words.title(info), words.side(info, 0), words.side(info, 1), i18n._(info.summary), words.score_unit(info.id)
        for option in info.options:
            words.option_label(option, info.id), words.option_note(info.id, option)
            for choice in option.choices or (option.default,):
                words.option_value(choice, info.id, option)
        for player in ai.catalog(info.id):
            words.player_title(player.title), words.description(player), words.description(player, watched=True)
    for reason in words.CHOICE_REASONS:
        words.choice_reason(reason)
    tables = [*(t.title for t in THEMES.values()), *(label for label, speed in ANIMATION_CHOICES),
              *(label for mode, label in MODES), *(label for label, pause in SPEEDS), *TITLES.values(),
              *BUTTONS.values(), *LEGEND_ROWS]
    for text in tables:
        i18n._(text)
    assert len(asked) > 150  # the walk reached the catalogs

    assert [text for text in asked if text not in portuguese._catalog] == []


def _asked_messages(monkeypatch) -> list[str]:
    """Every message the window asks gettext for from now on (it still gets the translation)."""
    asked: list[str] = []
    real = gettext.translation

    def recording(*args, **kwargs) -> gettext.NullTranslations:
        catalog = real(*args, **kwargs)

        class Recording(gettext.NullTranslations):
            def gettext(self, message: str) -> str:
                asked.append(message)
                return catalog.gettext(message)

            def ngettext(self, singular: str, plural: str, n: int) -> str:
                asked.append(singular)
                return catalog.ngettext(singular, plural, n)

            def pgettext(self, context: str, message: str) -> str:
                asked.append(tool.CONTEXT.join((context, message)))  # as extract and the .mo key it
                return catalog.pgettext(context, message)

        return Recording()

    monkeypatch.setattr(gettext, "translation", recording)
    return asked


@pytest.mark.parametrize("screen", ["game:tictactoe", "menu", "play:trax", "rules:hex", "settings", "tournament"])
def test_each_screen_asks_gettext_only_for_messages_extract_keeps(tmp_path, monkeypatch, screen):
    """Every message a screen shown in Portuguese asks gettext for is one extract finds: a text
    passed through a helper (``said("You")`` for the human of a Human vs PC game) that the
    extractor cannot see would be made obsolete, and show in English."""
    from tests.ui_helpers import make_app, recorded_text

    monkeypatch.setenv("LANGUAGE", "pt_PT")
    asked = _asked_messages(monkeypatch)
    drawn = recorded_text(monkeypatch)
    app = make_app(tmp_path, monkeypatch, demo=screen)
    try:
        app.run_frames(3)
        assert i18n.language() == "pt" and asked
        if screen.startswith("game:"):
            assert any("Jogador" in text for text in drawn)  # "You", the human's card
        kept = {m[0] if isinstance(m, tuple) else m for m in tree_messages()}
        assert sorted({text for text in asked if text} - kept) == []
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_eval_bar_names_reversis_unit_with_the_panels_word(language):
    """The bar writes its unit under Reversi's number ("+6 / discs") as the panel says the same
    value beside it ("Black +6 discs"): in Portuguese the bar said "disco" where the panel, the
    players' cards and the rules page all say "peça".  For one and for six, the panel's words end
    with the bar's number and unit."""
    from ui.ai_worker import AIProgress
    from ui.eval_bar import unit_word
    from ui.scenes.thinking import eval_text

    i18n.set_language(language)
    for discs in (1, 6):
        panel = eval_text(AIProgress(job_id=0, score=discs, mover=0), ("Black", "White"), "reversi")
        bar = f"+{discs} {unit_word('reversi', f'+{discs}')}"
        assert panel.endswith(bar), (panel, bar)


# Messages without plural forms whose count can be one: Portuguese put a plural noun after it ("· 1
# empates" under a hot-seat session's score, "1 mais recentes" under a tournament's results, "a
# fila 2 tem 1 casas"), so each says its count where no noun agrees with it.
COUNTS_THAT_CAN_BE_ONE = (
    ("This session: {first} {a} - {b} {second} · {drawn} drawn", {"first": "Ana", "second": "Rui"}),
    ("{newer} newer, {older} older: scroll", {}),
    ("{newer} newer, {older} older: scroll, or use the arrow keys", {}),
    ("{blue} Blue and {red} Red stones cannot happen in a game", {}),
    ("{blue} Blue and {red} Red stones: {side} is to move, not {other}", {"side": "Azul", "other": "Vermelho"}),
    ("row {row} has {got} squares, not {n}", {"n": 5}),
)
PLURAL_AFTER_ONE = re.compile(r"\b1 (\w+ )?(mais \w+s|\w+[^\Ws]s)\b")  # "1 empates", "1 mais recentes", "1 pedras azuis"


@pytest.mark.parametrize("message, names", COUNTS_THAT_CAN_BE_ONE)
def test_a_count_of_one_is_not_followed_by_a_plural_in_portuguese(message, names):
    counts = {name: 1 for name in tool._fields(message) if name not in names}
    said = _portuguese_catalog().gettext(message).format(**counts, **names)
    assert said != message and not PLURAL_AFTER_ONE.search(said), said
