"""Each widget of a form rendered once as pygame-menu sets it up and adds it, not once per setting.

pygame-menu's ``WidgetManager._configure_widget`` gives a new widget the theme's settings one
setter at a time (alignment, background, font, font shadow, margin, padding, selection effect),
and each setter renders the widget again at once (``Widget._force_render``): its text drawn
seven times over, of which only the last drawing is ever seen.  ``_append_widget`` then renders
it again as it joins the form (``set_menu``) and again as it is unselected and, the form's first
choice, selected.  Building New game's form was a third of its time in those renders, and the
forms are built again at each window resize, text size or language change and each game chosen
on New game.

``RenderedOnceManager`` (the forms' widget manager, ``ui.scenes.common._Form``) lets those
renders only mark the widget as wanting one, from its setup until it has joined the form, then
renders it once with every setting in place: the same surface as pygame-menu's last render,
since nothing in between reads what was drawn (what measures the widget, as laying the form out
does, renders it then, as pygame-menu renders a widget marked so).  Renders after it has joined
the form (a choice changed) are pygame-menu's own."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pygame_menu._widgetmanager import WidgetManager
from pygame_menu.widgets.core.widget import Widget


@contextmanager
def renders_marked(widget: Widget) -> Iterator[Widget]:
    """Each render of ``widget`` asked for in the block (``_force_render``) only marks it, to be
    rendered when next drawn or measured (pygame-menu's own mark of a widget not yet rendered)."""
    widget._force_render = lambda: _marked_for_render(widget)  # noqa: SLF001 - an instance's own, over the class's
    try:
        yield widget
    finally:
        del widget._force_render  # noqa: SLF001 - pygame-menu's own again


def _marked_for_render(widget: Widget) -> None:
    """What a render asked for in ``renders_marked`` does: mark ``widget`` (no setter)."""
    widget._last_render_hash = 0  # noqa: SLF001 - pygame-menu's mark, read by the widget's _render


class RenderedOnceManager(WidgetManager):
    """pygame-menu's widget manager, which renders a new widget once: not as it is set up, only
    marked (``renders_marked``), and once as it has joined the form, unless its maker renders
    it itself (``left_unrendered``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._render_on_joining = True

    @contextmanager
    def left_unrendered(self) -> Iterator[None]:
        """The widgets added in the block join the form only marked, unless the form's layout
        measures them: their maker changes how they draw and renders them itself
        (``ui.scenes.common.add_wrapped_label``'s wrap), so a render as they join is wasted,
        and a wrapped label's, with the form not yet laid out, wrapped a word a line."""
        self._render_on_joining = False
        try:
            yield
        finally:
            self._render_on_joining = True

    def _configure_widget(self, widget: Widget, **kwargs: Any) -> None:
        with renders_marked(widget):
            super()._configure_widget(widget, **kwargs)

    def _append_widget(self, widget: Widget) -> None:
        """pygame-menu's, with the widget rendered once at the end: not at each of pygame-menu's
        renders (``set_menu``, unselected, selected), only marked; not again when the form's
        layout in between (its rendering not held) measured, and so rendered, it since."""
        with renders_marked(widget):
            super()._append_widget(widget)
        if self._render_on_joining:
            widget._render()  # noqa: SLF001 - renders a widget marked or changed, as pygame-menu's measuring does
