"""Each widget of a form rendered once as pygame-menu sets it up, not once per setting.

pygame-menu's ``WidgetManager._configure_widget`` gives a new widget the theme's settings one
setter at a time (alignment, background, font, font shadow, margin, padding, selection effect),
and each setter renders the widget again at once (``Widget._force_render``): its text drawn
seven times over, of which only the last drawing is ever seen.  Building New game's form was a
third of its time in those renders, and the forms are built again at each window resize, text
size or language change and each game chosen on New game.

``RenderedOnceManager`` (the forms' widget manager, ``ui.scenes.common._Form``) lets those
setters only mark the widget as wanting a render while it is set up, then renders it once with
every setting in place: the same surface as pygame-menu's last render, since nothing in between
reads what was drawn.  Renders after the setup (adding it to the form, a choice changed) are
pygame-menu's own."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pygame_menu._widgetmanager import WidgetManager
from pygame_menu.widgets.core.widget import Widget


@contextmanager
def renders_held(widget: Widget) -> Iterator[Widget]:
    """``widget`` rendered once as the block ends, however many of its setters asked for a render
    in the block; a block that raises leaves it marked, rendered at its next drawing."""
    widget._force_render = lambda: _marked_for_render(widget)  # noqa: SLF001 - an instance's own, over the class's
    try:
        yield widget
    finally:
        del widget._force_render  # noqa: SLF001 - pygame-menu's own again
    widget._force_render()  # noqa: SLF001 - the one render, as pygame-menu's last would have been


def _marked_for_render(widget: Widget) -> None:
    """What a render asked for in ``renders_held`` does: mark ``widget`` so that it renders when
    next drawn or measured (pygame-menu's own mark of a widget not yet rendered)."""
    widget._last_render_hash = 0  # noqa: SLF001 - no setter


class RenderedOnceManager(WidgetManager):
    """pygame-menu's widget manager, whose setup of a new widget renders it once (``renders_held``)."""

    def _configure_widget(self, widget: Widget, **kwargs: Any) -> None:
        with renders_held(widget):
            super()._configure_widget(widget, **kwargs)
