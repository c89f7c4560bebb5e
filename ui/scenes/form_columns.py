"""A form's titled rows (selectors, switches, a text field) in two columns: the titles ending at
one line, the controls starting at the next.

pygame-menu centres each widget on its own, title and control together, so on Settings the
titles and the controls zig-zagged down the card (a magazine's review called it unfinished).
Each row is moved by its margin, which pygame-menu lays out, so the keyboard's order, the
highlight round a row and the pointer's hits stay pygame-menu's own."""

from __future__ import annotations

import pygame_menu

from ui.scenes.common import FormField, column_width

ROWS = (pygame_menu.widgets.Selector, pygame_menu.widgets.ToggleSwitch, pygame_menu.widgets.TextInput)
USUAL_GAP = 25  # pixels between a title and its control, pygame-menu's own for selectors and switches


def titled_rows(menu: pygame_menu.Menu) -> list[pygame_menu.widgets.core.Widget]:
    """The form's rows that hold a title and a control side by side, in the form's order."""
    return [widget for widget in menu.get_widgets() if isinstance(widget, ROWS) and widget.get_title()]


def title_width(widget: pygame_menu.widgets.core.Widget, title: str | None = None) -> int:
    """The width in pixels of ``widget``'s title (or ``title``) in the widget's own font."""
    font = widget.get_font_info()
    return pygame_menu.font.get_font(font["name"], font["size"]).size(widget.get_title() if title is None else title)[0]


def control_start(widget: pygame_menu.widgets.core.Widget) -> int:
    """Where ``widget``'s control begins, in pixels from the widget's left edge: after its padding,
    its title and the gap pygame-menu leaves after it (a text field's text follows its title)."""
    gap = 0
    if isinstance(widget, pygame_menu.widgets.Selector):
        gap = widget._style_fancy_box_margin[0]  # noqa: SLF001 - pygame-menu offers no getter
    elif isinstance(widget, pygame_menu.widgets.ToggleSwitch):
        gap = widget._switch_margin[0]  # noqa: SLF001 - likewise
    return widget.get_padding()[3] + title_width(widget) + gap


def title_end(widget: pygame_menu.widgets.core.Widget) -> int:
    """Where ``widget``'s title's last letter ends, in pixels from the widget's left edge."""
    return widget.get_padding()[3] + title_width(widget, widget.get_title().rstrip())


def _field_gap(field: pygame_menu.widgets.TextInput) -> None:
    """The text field's title followed by spaces as wide as the gap after the other rows'
    titles (to within half a space), so that its text starts in the controls' column while its
    title ends with theirs."""
    space = max(1, title_width(field, " "))
    field.set_title(field.get_title() + " " * round(USUAL_GAP / space))


def widest(widget: pygame_menu.widgets.core.Widget) -> int:
    """``widget``'s width with its highlight and, for a selector, with its widest item shown."""
    width = widget.get_width(apply_selection=True)
    if isinstance(widget, pygame_menu.widgets.Selector):
        longest = max(title_width(widget, text) for text, *_value in widget.get_items())
        width += longest - title_width(widget, widget.get_value()[0][0])
    return width


def align_in_columns(menu: pygame_menu.Menu, scale: float) -> bool:
    """``menu``'s titled rows (``titled_rows``) in two columns, the block of them centred in the
    form's column as it shows: False, and the rows left centred each on its own as they came
    (a text field's title too), where the block would not fit the column with every selector at
    its widest item (a long title beside a long item, at Larger text in a small window).

    A step of Animations or Volume does not lay the form out again, so the block stands left of
    the centre where its longest item would otherwise run past the column's edge (the form
    scrolled sideways).  A text field is as wide as the room it is given, so it counts for its
    title alone and is given the room to the block's right edge as it shows."""
    rows = titled_rows(menu)
    if len(rows) < 2:
        return False
    fields = {row: row.get_title() for row in rows if isinstance(row, pygame_menu.widgets.TextInput)}
    for field in fields:
        _field_gap(field)
    starts = {widget: control_start(widget) for widget in rows}
    lead = max(starts.values())
    sized = [widget for widget in rows if widget not in fields]
    shown = max([lead] + [lead - starts[widget] + widget.get_width(apply_selection=True) for widget in sized])
    widest_block = max([lead] + [lead - starts[widget] + widest(widget) for widget in sized])
    column = column_width(menu.get_width(), menu.get_theme(), scale)
    if widest_block > column:
        for field, title in fields.items():
            field.set_title(title)
        _fit_fields(fields)
        return False
    offset = min((column - shown) // 2, column - widest_block)
    for widget in rows:
        widget.set_alignment(pygame_menu.locals.ALIGN_LEFT)
        widget.set_margin(offset + lead - starts[widget], widget.get_margin()[1])
        if isinstance(widget, FormField):
            widget.room_left = column - offset - shown  # the column to the right of the block
    _fit_fields(fields)
    return True


def _fit_fields(fields: dict) -> None:
    """Each of the form's text fields keeps its text within its room (``FormField.fit_text_to_room``)."""
    for field in fields:
        if isinstance(field, FormField):
            field.fit_text_to_room()
