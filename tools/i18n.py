"""Translation catalogs without GNU gettext tools: extract messages, compile .po files to .mo.

    python tools/i18n.py extract   # add every _("...") / N_("...") in the code to each .po;
                                   # entries no longer used become obsolete (#~), kept for their return
    python tools/i18n.py compile   # write tabuleiro.mo beside each tabuleiro.po
    python tools/i18n.py check     # exit 1 if a message is untranslated or a .mo is stale

The .mo writer follows the GNU format (magic 0x950412de, sorted originals, no hash table) like
CPython's Tools/i18n/msgfmt.py, which is not installed everywhere; output is deterministic, so the
committed .mo can be compared with a fresh compile.  Also recognised: msgctxt (a message said in a
context, ``pgettext("replay", "Back")``, where one English word needs two translations), plural forms,
the ``#, fuzzy`` flag (fuzzy entries are left out of the .mo, as msgfmt does) and obsolete
entries (``#~ msgid ...``, as msgmerge writes them: left out of the .mo, brought back with their
translation when the code uses their message again).

Besides the marked literals, the window translates texts that the rules and players packages hold
as data (``games`` and ``ai`` know nothing of languages): ``data_messages`` reads them from those
packages' catalogs, so they count as used like any marked text.
"""

from __future__ import annotations

import argparse
import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "tabuleiro"
SOURCES = ("main.py", "ui")
KEYWORDS = {"_": 1, "N_": 1, "ngettext": 2, "N_plural": 2, "pgettext": 2}  # function name -> how many string arguments it takes
CONTEXT = "\x04"  # between a message's context and its text, as gettext keys them: "replay\x04Back"


@dataclass
class Entry:
    msgid: str
    msgstr: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    plurals: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False
    comments: list[str] = field(default_factory=list)
    obsolete: bool = False  # no longer in the code: written as "#~" lines, left out of the .mo

    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)

    def message(self) -> str:
        """The message as ``extract`` names it: the msgid, after its context if it has one."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}{CONTEXT}{self.msgid}"

    def translated(self) -> bool:
        if self.msgid_plural is not None:
            return bool(self.plurals) and all(self.plurals.values())
        return bool(self.msgstr)


# -- reading and writing .po -------------------------------------------------------------------
def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {text!r}")
    out, i, body = [], 0, text[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def parse_po(text: str, name: str = "po") -> list[Entry]:
    """The entries of a .po file, in file order (comments before an entry belong to it)."""
    entries: list[Entry] = []
    cur: Entry | None = None
    section: tuple[str, int | None] = ("", None)
    comments: list[str] = []
    fuzzy = False

    def close() -> None:
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{lineno}"
        obsolete = line.startswith("#~") and not line.startswith("#~|")
        if obsolete:
            line = line[2:].strip()
        if not line:
            close()
            continue
        if line.startswith("#"):
            if cur is not None and section[0] == "msgstr":
                close()
            if line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in line
            else:
                comments.append(raw)
            continue
        if line.startswith('"'):
            if cur is None:
                raise ValueError(f"{where}: a continuation line outside an entry")
            _append(cur, section, _unquote(line, where))
            continue
        keyword, _, rest = line.partition(" ")
        value = _unquote(rest, where)
        if keyword in ("msgctxt", "msgid"):
            if cur is not None and not (keyword == "msgid" and section[0] == "msgctxt"):
                close()
            if cur is None:
                cur = Entry("", fuzzy=fuzzy, comments=comments, obsolete=obsolete)
                comments, fuzzy = [], False
        elif cur is None:
            raise ValueError(f"{where}: {keyword} before msgid")
        if keyword == "msgctxt":
            cur.msgctxt = value
        elif keyword == "msgid":
            cur.msgid = value
        elif keyword == "msgid_plural":
            cur.msgid_plural = value
        elif keyword == "msgstr":
            cur.msgstr = value
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            cur.plurals[int(keyword[7:-1])] = value
        else:
            raise ValueError(f"{where}: unknown keyword {keyword!r}")
        section = ("msgstr", int(keyword[7:-1])) if keyword.startswith("msgstr[") else (keyword, None)
    close()
    return entries


def _append(entry: Entry, target: tuple[str, int | None], value: str) -> None:
    kind, n = target
    if kind == "msgstr" and n is not None:
        entry.plurals[n] += value
    elif kind == "msgstr":
        entry.msgstr += value
    elif kind == "msgctxt":
        entry.msgctxt = (entry.msgctxt or "") + value
    elif kind == "msgid_plural":
        entry.msgid_plural = (entry.msgid_plural or "") + value
    else:
        entry.msgid += value


def format_po(entries: list[Entry]) -> str:
    """The text of a .po file holding ``entries``, in their order."""
    return "\n\n".join(_entry_text(e) for e in entries) + "\n"


def _entry_text(e: Entry) -> str:
    """One entry's lines: comments, flags, then its msg lines ("#~ " before each if obsolete)."""
    lines = list(e.comments)
    if e.fuzzy:
        lines.append("#, fuzzy")
    prefix = "#~ " if e.obsolete else ""
    return "\n".join(lines + [prefix + line for line in _message_lines(e)])


def _message_lines(e: Entry) -> list[str]:
    """The msgctxt/msgid/msgstr lines of an entry."""
    lines = []
    if e.msgctxt is not None:
        lines.append(f"msgctxt {_quote(e.msgctxt)}")
    if e.msgid == "" and e.msgstr:  # the header: one line per field, as tools write it
        lines.append('msgid ""')
        lines.append('msgstr ""')
        lines.extend(_quote(part) for part in e.msgstr.splitlines(keepends=True))
    else:
        lines.append(f"msgid {_quote(e.msgid)}")
        if e.msgid_plural is not None:
            lines.append(f"msgid_plural {_quote(e.msgid_plural)}")
            lines.extend(f"msgstr[{n}] {_quote(s)}" for n, s in sorted(e.plurals.items()))
        else:
            lines.append(f"msgstr {_quote(e.msgstr)}")
    return lines


# -- compiling .mo -----------------------------------------------------------------------------
def compile_mo(entries: list[Entry]) -> bytes:
    """The GNU .mo bytes for ``entries`` (untranslated and fuzzy entries left out, header kept)."""
    messages: dict[bytes, bytes] = {}
    for e in entries:
        if e.obsolete or (e.msgid and (e.fuzzy or not e.translated())):
            continue
        key = e.msgid.encode()
        if e.msgid_plural is not None:
            key += b"\0" + e.msgid_plural.encode()
            value = b"\0".join(e.plurals[n].encode() for n in sorted(e.plurals))
        else:
            value = e.msgstr.encode()
        if e.msgctxt is not None:
            key = e.msgctxt.encode() + b"\x04" + key
        messages[key] = value
    keys = sorted(messages)
    ids, strs, offsets = b"", b"", []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(messages[k])))
        ids += k + b"\0"
        strs += messages[k] + b"\0"
    keystart = 7 * 4 + 16 * len(keys)
    valuestart = keystart + len(ids)
    table_ids, table_strs = [], []
    for o1, l1, o2, l2 in offsets:
        table_ids += [l1, o1 + keystart]
        table_strs += [l2, o2 + valuestart]
    header = struct.pack("<7I", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return header + struct.pack(f"<{len(table_ids)}I", *table_ids) + struct.pack(f"<{len(table_strs)}I", *table_strs) + ids + strs


# -- extracting ---------------------------------------------------------------------------------
Message = str | tuple[str, str]  # a message ("context\x04message" for pgettext's), or an ngettext's (singular, plural)


@lru_cache(maxsize=1024)
def marked_in(source: str, filename: str) -> tuple[tuple[Message, int], ...]:
    """The messages marked for translation in one file's ``source`` (``filename``: its path, for a
    syntax error), each with its line, in the order they appear.  Kept by the file's text: the
    tests read the same unchanged tree several times a run (the check, the screens' messages,
    the course's words), and parsing the tree took 1.2 to 1.4 s each time; a file changed is
    parsed afresh, whatever its size or time."""
    marked: list[tuple[Message, int]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS):
            continue
        texts = [a.value for a in node.args[: KEYWORDS[node.func.id]]
                 if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value]
        if node.func.id in ("ngettext", "N_plural") and len(texts) == 2:
            marked.append(((texts[0], texts[1]), node.lineno))
        elif node.func.id == "pgettext" and len(texts) == 2:
            marked.append((CONTEXT.join(texts), node.lineno))
        else:
            marked += [(text, node.lineno) for text in texts]
    return tuple(marked)


def extract(root: Path = ROOT, with_data: bool = True) -> dict[Message, list[str]]:
    """Every message the code marks for translation -> where it appears ("ui/app.py:12").  An
    ``ngettext("{n} move", "{n} moves", n)`` is one message with a plural, ("{n} move", "{n} moves").
    ``with_data``: also the texts the window shows from the games' and players' catalogs
    (``data_messages``), which are Tabuleiro's own whatever ``root`` is."""
    found: dict[Message, list[str]] = {}
    files: list[Path] = []
    for src in SOURCES:
        path = root / src
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    for path in files:
        name = path.relative_to(root).as_posix()
        for message, line in marked_in(path.read_text(encoding="utf-8"), str(path)):
            found.setdefault(message, []).append(f"{name}:{line}")
    for text, where in data_messages() if with_data else []:
        found.setdefault(text, []).append(where)
    return found


PLAYER_NUMBERED = re.compile(r"(Level|Player) \d+")  # titles ui/words.player_title says through a template


def data_messages() -> list[tuple[str, str]]:
    """The texts the window translates that ``games`` and ``ai`` hold as data, each with where it
    comes from: every game's title, side names, summary and option labels, and every built-in
    player's title and description.  Read from the catalogs rather than marked in the source:
    ``games`` and ``ai`` import nothing of the window's, and some of these texts are made by code
    (the course levels' titles and descriptions, one per depth)."""
    sys.path.insert(0, str(ROOT))
    import ai
    import games

    out: list[tuple[str, str]] = []
    for info in games.catalog():
        where = f"games.{info.id}"
        out.extend((text, where) for text in (info.title, *info.sides, info.summary))
        out.extend((option.label, f"{where} option {option.name}") for option in info.options)
        for player in ai.catalog(info.id):
            if not PLAYER_NUMBERED.fullmatch(player.title):
                out.append((player.title, f"ai {player.id}"))
            out.extend((text, f"ai {player.id}") for text in (player.description, player.watched_description))
    return [(text, where) for text, where in out if text]


def catalogs() -> list[Path]:
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


@dataclass
class Merged:
    """What ``merge`` changed in a catalog."""

    added: list[str] = field(default_factory=list)  # new messages, untranslated
    obsoleted: list[str] = field(default_factory=list)  # entries the code no longer uses, now "#~"
    revived: list[str] = field(default_factory=list)  # obsolete entries used again, translation kept


def merge(po: Path, messages: dict[Message, list[str]]) -> Merged:
    """Bring ``po`` in line with ``messages``: add the missing ones (untranslated), bring back
    obsolete entries whose message is used again, make obsolete (``#~``, at the end of the file,
    as msgmerge does) the entries no message uses, and refresh the references."""
    entries = parse_po(po.read_text(encoding="utf-8"), po.name)
    by_id = {e.message(): e for e in entries}
    merged = Merged()
    for message, refs in messages.items():
        text, plural = message if isinstance(message, tuple) else (message, None)
        entry = by_id.get(text)
        if entry is None or entry.msgid_plural != plural:
            if entry is not None:
                entries.remove(entry)  # a message that became a plural (or stopped being one)
            context, _, msgid = text.rpartition(CONTEXT)
            entry = Entry(msgid, msgctxt=context or None, msgid_plural=plural, plurals={0: "", 1: ""} if plural else {})
            entries.append(entry)
            by_id[text] = entry
            merged.added.append(text)
        elif entry.obsolete:
            entry.obsolete = False
            merged.revived.append(text)
        entry.comments = _without_references(entry) + [f"#: {' '.join(refs[:4])}"]
    merged.obsoleted = _make_obsolete_unused(entries, {m[0] if isinstance(m, tuple) else m for m in messages})
    entries.sort(key=lambda e: e.obsolete)  # stable: the order within each part is kept
    po.write_text(format_po(entries), encoding="utf-8")
    return merged


def _make_obsolete_unused(entries: list[Entry], used: set[str]) -> list[str]:
    """Mark obsolete the entries (not the header) whose msgid is not in ``used``, dropping their
    source references as msgmerge does; returns their msgids."""
    dropped = [e for e in entries if e.msgid and e.message() not in used and not e.obsolete]
    for entry in dropped:
        entry.obsolete = True
        entry.comments = _without_references(entry)
    return [e.message() for e in dropped]


def _without_references(entry: Entry) -> list[str]:
    """An entry's comments less its ``#:`` source references."""
    return [c for c in entry.comments if not c.startswith("#:")]


def problems() -> list[str]:
    """Untranslated messages, placeholders that do not match, and stale .mo files."""
    out = []
    wanted = extract()
    for po in catalogs():
        entries = parse_po(po.read_text(encoding="utf-8"), str(po))
        by_id = {e.message(): e for e in entries if not e.obsolete}
        rel = po.relative_to(ROOT)
        for message in wanted:
            text, plural = message if isinstance(message, tuple) else (message, None)
            e = by_id.get(text)
            if e is None or e.msgid_plural != plural or not e.translated() or e.fuzzy:
                out.append(f"{rel}: {message!r} is not translated")
            elif plural is None and _fields(e.msgid) != _fields(e.msgstr):
                out.append(f"{rel}: {text!r}: the translation's {{placeholders}} differ")
            elif plural is not None and any(not set(_fields(form)) <= set(_fields(plural)) for form in e.plurals.values()):
                out.append(f"{rel}: {text!r}: a plural form has {{placeholders}} the message has not")
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compile_mo(entries):
            out.append(f"{mo.relative_to(ROOT)} is missing or older than the .po: run tools/i18n.py compile")
    return out


def _fields(text: str) -> list[str]:
    import string

    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:2]),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="check", choices=("extract", "compile", "check"))
    command = parser.parse_args(argv).command
    if command == "extract":
        messages = extract()
        for po in catalogs():
            merged = merge(po, messages)
            print(f"{po.relative_to(ROOT)}: {len(merged.added)} new, {len(merged.revived)} back in use, "
                  f"{len(merged.obsoleted)} made obsolete")
            for text in merged.obsoleted:
                print(f"  obsolete: {text!r}")
    elif command == "compile":
        for po in catalogs():
            po.with_suffix(".mo").write_bytes(compile_mo(parse_po(po.read_text(encoding="utf-8"), str(po))))
            print(f"{po.with_suffix('.mo').relative_to(ROOT)} written")
    elif command == "check":
        found = problems()
        print("\n".join(found) or "catalogs complete")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
