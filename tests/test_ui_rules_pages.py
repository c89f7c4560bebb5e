"""The rules pages against the rules code: each page names every rule option by the label the New
game screen gives it, with the range and default the game declares, and Alquerque's page quotes the
panel's draw counts at the limits games/alquerque.py plays, and a game module that states readings
of its own has them in a section of its page, and every named computer player New game offers is
said on its game's page, so that a page cannot drift from the game it describes.  Read in English
and in Portuguese, as the window shows them."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pygame
import pytest

import games
from games.alquerque import DRAW_PLIES, REPETITIONS
from games.base import DrawCounts, Option
from games.hex import SWAP
from tests.ui_helpers import key, make_app, recorded_draws, recorded_text
from ui import i18n, markdown, words
from ui.i18n import _
from ui.scenes.rules import RulesScene, rules_path, rules_source
from ui.theme import THEMES, contrast


@pytest.fixture(params=["en", "pt"])
def language(request):
    """The window's language for the test, set back to English after it."""
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def page_blocks(game_id: str) -> list[str]:
    """The text of each block (paragraph, bullet, heading) of the game's rules page, in the
    window's language: what the rules screen lays out."""
    return [block.text for block in markdown.parse(rules_source(game_id))]


def numbers_of(option: Option) -> list[int]:
    """The numbers a page must give for an int option: its allowed values (the bounds, or every
    choice) and its default."""
    allowed = list(option.choices) if option.choices else [option.minimum, option.maximum]
    return [*allowed, option.default]


def option_problems(game_id: str, option: Option, blocks: list[str]) -> list[str]:
    """What the page lacks about ``option``: its label as New game shows it, and, in a block with
    that label, each of its numbers as a word of its own."""
    label = words.option_label(option, game_id)
    named = [text for text in blocks if label in text]
    if not named:
        return [f"{game_id}: no {label!r}"]
    if option.kind is not int:
        return []
    return [f"{game_id}: {label!r} without {n}" for n in numbers_of(option)
            if not any(re.search(rf"(?<![\d.]){n}(?![\d.])", text) for text in named)]


def test_every_rules_page_names_its_options_as_the_new_game_screen_shows_them(language):
    """The pages said "can be chosen as an option" or "in the options" (Rastros, Reversi), "under
    Rule options" (Alquerque), gave Trax's board limits and its "tournament mode" without the
    option's name ("Game end"), and Hex's default size not at all; in Portuguese none said "Tamanho
    do tabuleiro".  A student could not find where to choose them.  Each page now names the New
    game screen and each option by its label there, with its range and default beside it."""
    problems = []
    for info in games.catalog():
        blocks = page_blocks(info.id)
        if not any(_("New game") in text for text in blocks):
            problems.append(f"{info.id}: no {_('New game')!r}")
        for option in info.options:
            problems += option_problems(info.id, option, blocks)
    assert problems == []


def page_as_read(app, game_id: str, monkeypatch) -> str:
    """Everything the rules screen draws of ``game_id``'s page, read from the top to its end with
    Page Down, as one line of text."""
    app.switch(RulesScene(app, game_id))
    drawn = recorded_text(monkeypatch)
    app.run_frames(2)
    while True:
        offset = app.scene.offset
        key(app, pygame.K_PAGEDOWN)
        if app.scene.offset == offset:
            return " ".join(drawn)


def test_the_alquerque_page_quotes_the_draw_counts_the_game_plays(tmp_path, monkeypatch, language):
    """The page quotes the panel's counts, "No capture for 33 plies (draw at 40)" and "Position
    seen 2 times (draw at 3)"; they are written here from the game's own limits (DRAW_PLIES,
    REPETITIONS) as the panel writes them, so a change of rule that leaves the page behind fails.
    Read at 800x600, scrolled with Page Down to the page's end."""
    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    try:
        shown = page_as_read(app, "alquerque", monkeypatch)
    finally:
        app.quit()
    quoted = [line for line, _near in words.draw_counts_lines(DrawCounts(33, DRAW_PLIES, 2, REPETITIONS))]
    assert len(quoted) == 2
    assert [line for line in quoted if line not in shown] == []


READINGS = {"en": "Readings we chose", "pt": "Leituras que escolhemos"}  # the heading on each page


def says_readings(game_id: str) -> bool:
    """Whether the game's module states readings of its own where the course's text is open."""
    return READINGS["en"] in (importlib.import_module(f"games.{game_id}").__doc__ or "")


def page_sections(game_id: str) -> list[str]:
    """The headings of the page's sections ("##"), in the window's language."""
    return [block.text for block in markdown.parse(rules_source(game_id)) if block.kind == "h2"]


def test_every_reading_the_rules_code_chose_has_its_section_on_the_page(language):
    """games/trax.py lists the readings it chose where the course's text is open (a game with no
    loop or line is a draw, the centre tile is an option, a turn making both colours wins for its
    player), as games/rastros.py and games/reversi.py do; their pages had a "Readings we chose"
    section, Trax's had none and gave its readings as the course's rules.  Now it has one."""
    missing = [info.id for info in games.catalog() if says_readings(info.id)
               and READINGS[language] not in page_sections(info.id)]
    assert missing == []


# sections a page's running text sends the reader to, by language, and how it names one there
NAMED_SECTIONS = (READINGS, {"en": "Rule options", "pt": "Opções de regras"})
SECTION_NAMED = {"en": 'the section "{heading}"', "pt": "a secção «{heading}»"}


def test_a_page_names_the_sections_it_sends_the_reader_to_as_sections(language):
    """The Tic-tac-toe and Reversi pages sent the reader on with "…, Readings we chose says how it
    is played here" ("…, Leituras que escolhemos diz como aqui se joga"): a heading, capitalised
    and bare in mid-sentence, read as a slip (in Portuguese, a plural as the subject of a singular
    verb), and Alquerque's said "(Rule options, below)".  Named in running text, a section is
    'the section "Readings we chose"', "a secção «Leituras que escolhemos»"."""
    bare = [(info.id, block) for info in games.catalog() for block in page_blocks(info.id) for names in NAMED_SECTIONS
            if names[language] in block and block != names[language]
            and SECTION_NAMED[language].format(heading=names[language]) not in block]
    assert bare == []


def test_no_page_shows_the_sources_its_comments_keep(language):
    """A page keeps the source of each fact it states in an HTML comment (``<!-- source: ... -->``),
    for whoever checks the page; the rules screen drew the comment as a paragraph of the page."""
    shown = [(info.id, text) for info in games.catalog() for text in page_blocks(info.id)
             if "<!--" in text or "-->" in text]
    assert shown == []
    assert "<!--" in rules_source("tictactoe")  # the pages keep them


def named_players(game_id: str) -> list[str]:
    """The titles of the game's named players (the course's, the notebook's, the baselines) as
    the Computer choice on New game shows them."""
    engine = importlib.import_module(f"ai.engines.{game_id}")
    return [words.player_title(spec.info.title) for player_id, spec in engine.PLAYERS.items() if ":" in player_id]


def names_player(blocks: list[str], title: str) -> bool:
    """Whether one block of the page holds every word of ``title`` ("Course Medium" in "Course
    Easy, Medium and Hard")."""
    wanted = title.split()
    return any(all(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text) for w in wanted) for text in blocks)


def test_every_named_computer_player_is_on_its_games_page(language):
    """New game offers, beside the levels, named players: the course's (Rastros, Reversi,
    Alquerque), the class notebook's and a plain UCT for Hex, a greedy baseline for Trax.  The
    Hex and Trax pages named none of theirs, and Alquerque's said "Course minimax 1 to 4" where
    the choice shows "Course minimax 2".  Each page now says what each of them is."""
    missing = [(info.id, title) for info in games.catalog() for title in named_players(info.id)
               if not names_player(page_blocks(info.id), title)]
    assert missing == []


def level_words(game_id: str) -> list[str]:
    """Each word that names a level by its number on the game's page ("Nível 5", "níveis 1 a 4"):
    the word alone, as the page spells it, in the window's language."""
    level = _("Level {n}").split()[0]  # "Level", "Nível"
    stem = re.escape(level[:-1])  # "Leve", "Níve": the singular and the plural ("Níveis")
    return re.findall(rf"(?<!\w)({stem}\w*) \d", " ".join(page_blocks(game_id)), flags=re.IGNORECASE)


def test_every_page_spells_a_level_as_the_game_screens_do(language):
    """The game screens name a level as the catalog's "Level {n}" has it, "Nível 5" in Portuguese;
    the pages wrote "Nível 5" on Hex, Reversi and Rastros but "o nível 5" on Alquerque and "os
    níveis 1 a 4" on Hex (and "level 5" on the English Hex and Tic-tac-toe pages), so a student
    could take them for something else than the level chosen on New game.  Now every page writes
    it with the screens' capital."""
    capital = _("Level {n}")[0]
    misspelt = [(info.id, word) for info in games.catalog() for word in level_words(info.id)
                if word[0] != capital]
    assert misspelt == []
    assert level_words("reversi")  # the pages do name levels: the words were found


@pytest.mark.parametrize("theme", list(THEMES))
def test_inline_code_is_drawn_in_the_code_face_on_a_chip(tmp_path, monkeypatch, theme):
    """The pages dropped inline code's backticks and drew it as prose: "An empty cell is written
    none.", "l for light", so a student could not tell which characters to type.  The code is now
    drawn in the monospaced face on a chip that stands 3:1 from the page in every theme, the prose
    around it in the page's face."""
    app = make_app(tmp_path, monkeypatch)
    app.settings.theme = theme
    try:
        drawn = recorded_draws(monkeypatch)
        app.switch(RulesScene(app, "trax"))
        app.run_frames(2)
        faces = {text.value: text.mono for text in drawn}
        assert (faces.get("none"), faces.get("l"), faces.get("An empty cell is written ")) == (True, True, False)
        code = next(text.rect for text in drawn if text.value == "none" and text.mono)
        chip = app.screen.get_at((code.left - 1, code.centery))[:3]
        assert contrast(chip, app.theme.panel) >= 3.0
    finally:
        app.quit()


def test_the_portuguese_trax_page_shows_its_notation_as_code(tmp_path, monkeypatch):
    """The Portuguese page read "+ para uma peça reta, / para curvas..." as prose; each notation
    character is now drawn in the code face, read from the top of the page to its end."""
    i18n.set_language("pt")
    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    app.settings.language = "pt"
    try:
        drawn = recorded_draws(monkeypatch)
        page_as_read(app, "trax", monkeypatch)
        code = {text.value for text in drawn if text.mono}
        assert {"+", "/", "\\", "e5/", "e5:lddl", "none"} <= code
    finally:
        app.quit()
        i18n.set_language("en")


def test_the_trax_tiles_picture_gives_each_tile_the_sign_a_move_writes_it_with(monkeypatch):
    """The page's six tiles had only their names under them (``lddl``), and which curves ``/``
    and ``\\`` stand for was said in words alone: a player typing ``e5/`` could not read it off the
    tiles.  Under each tile now stands the sign with which a move of that tile is typed."""
    from games.grid import cell_name
    from games.trax_tiles import TILE_NAMES, move_cell, move_tile, tile_of_name
    from ui.views.trax import draw_tile_row

    labels = recorded_text(monkeypatch)
    draw_tile_row(pygame.Surface((600, 120)), (0, 0), 60, (255, 255, 255))
    assert [label.split()[0] for label in labels] == list(TILE_NAMES)
    for label in labels:
        name, sign = label.split()
        tile = tile_of_name(name)
        for centre in TILE_NAMES:  # a start from which this tile can be laid
            game = games.load("trax", size=7, centre=centre)
            state = game.initial_state()
            move = next((m for m in state.legal_moves() if move_tile(m) == tile), None)
            if move is not None:
                break
        typed = cell_name(move_cell(move), game.size) + sign  # "c4" and the sign under the tile
        assert game.parse_move(state, typed) == move, (label, typed)


def test_the_readme_names_every_game_whose_rules_page_shows_its_start():
    """The README's Rules line listed Alquerque's, Rastros' and Hex's boards at the start among
    the pages' pictures; Reversi's page draws its start too.  The games it names are exactly those
    whose English page holds the ``start`` picture."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    said = re.search(r"rules with pictures \((.*?)\s+board\s+at\s+the\s+start", readme, re.S).group(1)
    named = {game_id for game_id in games.GAME_IDS if re.search(rf"\b{games.info(game_id).title}'", said)}
    drawn = {game_id for game_id in games.GAME_IDS
             if any(block.kind == "picture" and block.text == "start" for block in markdown.parse(rules_path(game_id).read_text(encoding="utf-8")))}
    assert named == drawn


def example(name: str) -> tuple[games.Game, games.State]:
    """The game and the position ``ui.scenes.rules.EXAMPLES`` names."""
    from ui.scenes.rules import EXAMPLES

    game_id, options, text = EXAMPLES[name]
    game = games.load(game_id, **options)
    return game, game.from_text(text)


def cell_names(game, moves) -> list[str]:
    """The cells ``moves`` (Trax's, each a cell and a tile) are laid on, as the page names them."""
    from games.grid import cell_name
    from games.trax_tiles import move_cell

    return [cell_name(move_cell(move), game.size) for move in moves]


def swap_shown(game, state) -> bool:
    """Red to move may swap Blue's one stone, on c1."""
    return state.can_swap() and game.format_move(state, state.swap_cell()) == "c1"


def swap_played(game, state) -> bool:
    """The offer's position after its swap: Red's stone on a3, Blue to move."""
    _game, offer = example("hex-swap-offer")
    return (offer.play(SWAP).key() == state.key() and state.swapped()
            and [game.format_move(state, cell) for cell in range(game.cells) if state.stone_at(cell) is not None] == ["a3"])


def forcing_turn(game, state) -> list[str]:
    """The cells of the turn Dark's ``d3+`` makes in the Trax example: the placed tile, then the
    tiles ``games.trax`` forces."""
    return cell_names(game, state.forced_tiles(game.parse_move(state, "d3+")))


def forced_after(game, state) -> bool:
    """The Trax example after ``d3+`` is that turn played, Light to move, c3 filled with ``lldd``."""
    from games.trax_tiles import tile_of_name

    before_game, before = example("trax-forcing")
    return (before.play(before_game.parse_move(before, "d3+")).key() == state.key()
            and state.tile_at(2, 2) == tile_of_name("lldd"))


def threats_of_the_opponent(game, state) -> set[str]:
    """The squares on which the side not to move would win at once, were it its turn: a square
    it wins on after the side to move marks any other."""
    return {game.format_move(state, square) for reply in state.legal_moves()
            for square in state.play(reply).legal_moves() if state.play(reply).play(square).winner() == 1 - state.to_move}


def double_threat(game, state) -> bool:
    """O to move cannot win at once, X threatens two squares, and whatever O marks X wins next."""
    replies = [state.play(move) for move in state.legal_moves()]
    return (game.sides[state.to_move] == "O" and not any(reply.is_terminal() for reply in replies)
            and threats_of_the_opponent(game, state) == {"a2", "b3"}
            and all(any(reply.play(square).winner() == 0 for square in reply.legal_moves()) for reply in replies))


EXAMPLE_FACTS = {  # what each page's text says of its example: the moves it names legal, or who won
    "reversi-pass": lambda game, state: [game.format_move(state, m) for m in state.legal_moves()] == ["pass"]
    and not state.is_terminal(),
    "alquerque-chain": lambda game, state: {"a1xa3xc3xc5", "a1xa3", "a1xa3xc3"}
    <= {game.format_move(state, m) for m in state.legal_moves()},
    "rastros-blocked": lambda game, state: state.is_terminal() and game.sides[state.to_move] == "South"
    and not state.legal_moves() and state.winner() == 1,
    "hex-swap-offer": swap_shown,
    "hex-swapped": swap_played,
    "trax-forcing": lambda game, state: game.sides[state.to_move] == "Dark" and forcing_turn(game, state) == ["d3", "c3"],
    "trax-forced": forced_after,
    "tictactoe-fork": double_threat,
}
EXAMPLE_WORDS = {  # the moves and cells each example's text names, as typed
    "alquerque-chain": ("a1xa3xc3xc5", "a1xa3xc3"), "hex-swap-offer": ("c1",), "hex-swapped": ("a3",),
    "trax-forcing": ("c4+", "d3+", "c3"), "trax-forced": ("c3", "lldd"), "tictactoe-fork": ("a2", "b3"),
}


def test_every_example_position_is_what_its_page_says_of_it():
    """Reversi's page shows Black with no move but a pass (White still has some), Alquerque's a
    chain of three captures that may stop after one or two, Rastros' South blocked in a corner,
    North the winner; Hex's Blue stone on c1 that Red may swap, and the board after the swap, Red
    on a3; Trax's d3+ that forces c3 (exactly the tiles games/trax.py forces), and the turn laid;
    Tic-tac-toe's X with two threats that O cannot both block: the positions the pictures show,
    held to their words."""
    from ui.scenes.rules import EXAMPLES

    assert set(EXAMPLES) == set(EXAMPLE_FACTS)
    for name in EXAMPLES:
        assert EXAMPLE_FACTS[name](*example(name)), name


def test_every_example_page_names_the_moves_its_picture_shows(language):
    """Each page's text around its example names the cells and moves a learner is to look at, in
    the window's language."""
    from ui.scenes.rules import EXAMPLES

    for name, words_named in EXAMPLE_WORDS.items():
        source = rules_source(EXAMPLES[name][0])
        assert f"]({name})" in source, name
        assert [word for word in words_named if word not in source] == [], name


def test_each_page_shows_the_example_positions_its_text_speaks_of(tmp_path, monkeypatch, language):
    """The pages showed only the start: "you must pass", "a chain ... like a1xa3xc3xc5" and "the
    blocking rule" had no position to look at.  Each now draws its example under the words,
    read with Page Down in the window: the picture's place on the screen, in the frame that shows
    most of it, is the board's, not the page's background."""
    from ui.scenes import rules
    from ui.scenes.rules import EXAMPLES

    app = make_app(tmp_path, monkeypatch, size=(1280, 800))
    shown: dict[str, tuple[pygame.Rect, int]] = {}
    drawn_at = rules.draw_picture

    def draw_picture(surface, name, game_id, topleft, scale, theme):
        drawn_at(surface, name, game_id, topleft, scale, theme)
        if name in EXAMPLES:
            line = next(line for line in app.scene.lines if line.kind == "picture" and line.text == name)
            side = rules.start_picture_size(scale)
            area = pygame.Rect(topleft, (side, line.size)).clip(app.scene.text_rect)
            if not area.height:
                return
            page = surface.get_at((app.scene.text_rect.right - 4, area.y + 2))
            points = [(area.x + area.w * i // 6, area.y + area.h * j // 6) for i in range(1, 6) for j in range(1, 6)]
            if area.height >= shown.get(name, (pygame.Rect(0, 0, 0, 0), 0))[0].height:  # its most seen in a frame
                shown[name] = (area, sum(surface.get_at(p) != page for p in points))

    monkeypatch.setattr(rules, "draw_picture", draw_picture)
    try:
        for name, (game_id, _options, _text) in EXAMPLES.items():
            page_as_read(app, game_id, monkeypatch)
            area, board_points = shown[name]
            # 15 of the 25 points: Hex's rhombus leaves two corners of its square to the page
            assert area.height >= 100 and board_points >= 15, (name, area, board_points)
    finally:
        app.quit()


def prose_of(source: str) -> str:
    """``source``, a Markdown page, without its code (fenced blocks and `spans`, which quote what a
    program writes, quotes and all) and its HTML comments: the words a reader reads as prose."""
    source = re.sub(r"<!--.*?-->", "", source, flags=re.DOTALL)
    source = re.sub(r"```.*?```", "", source, flags=re.DOTALL)
    return re.sub(r"`[^`]*`", "", source)


def test_the_portuguese_pages_quote_with_angle_quotes():
    """European Portuguese quotes «...»; Rastros' page said "Slime Trail" and quoted the panel's
    words in English-style "...", as did every page but Hex's, beside «Leituras que escolhemos»
    elsewhere.  Every Portuguese page quotes one way, each « closed by a » before the next opens."""
    pages = sorted((Path(__file__).resolve().parent.parent / "assets" / "locale" / "pt" / "rules").glob("*.md"))
    assert {page.stem for page in pages} >= {info.id for info in games.catalog()} | {"keys"}
    for page in pages:
        prose = prose_of(page.read_text(encoding="utf-8"))
        assert not re.search("[\"“”]", prose), (page.name, re.findall(".{0,30}[\"“”].{0,30}", prose))
        nesting = re.sub("[^«»]", "", prose)
        assert nesting == "«»" * (len(nesting) // 2), page.name
