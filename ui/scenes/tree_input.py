"""The search tree explorer's input: a click or a tap on a node opens or closes it, a drag, the
wheel or Shift with the arrows pan the tree, the arrows move the selected node (ui/tree_keys.py)
and Enter or Space open or close it, Home goes back to the opening view; the number keys choose
the algorithm, + and - the depth, P saves a picture, ? opens the keys page, Esc goes back.  A mixin of
``TreeExplorerScene`` (ui.scenes.tree_explorer), which owns the state and the commands these
call; kept apart from its building, its drawing and its words.
"""

from __future__ import annotations

import pygame

from ai.game_tree import ALPHABETA, MINIMAX, ORDERED, Node
from ui.tree_keys import neighbour


class TreeInput:
    """Mouse, finger and keys on the tree (mixed into TreeExplorerScene)."""

    def toggle(self, node: Node) -> None:
        """Select ``node`` and open or close it; it stays where it is on screen while the tree
        grows or shrinks round it (as far as the tree's ends allow)."""
        self.selected = node
        if node.children:
            self.open.symmetric_difference_update({id(node)})
            shown = next((rect for rect, n in self.node_rects if n is node), None)
            self.keep = (id(node), shown.centerx) if shown is not None else None
            if id(node) in self.open:
                self.reveal = (node.ply, node.ply + 1)

    # -- the Scene interface -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN and self.button_focus.ring_key(self.buttons, event.key, event.mod):
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_QUESTION or getattr(event, "unicode", "") == "?"):
            self.show_help()  # the keys page at the tree's keys, as ? opens it in a game and a replay (F1 too)
            return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: self.back, pygame.K_p: self.export_png,
                    pygame.K_1: lambda: self.choose(MINIMAX), pygame.K_2: lambda: self.choose(ALPHABETA),
                    pygame.K_3: lambda: self.choose(ORDERED),
                    pygame.K_PLUS: self.deeper,
                    pygame.K_EQUALS: self.deeper,
                    pygame.K_KP_PLUS: self.deeper,
                    pygame.K_MINUS: self.shallower,
                    pygame.K_KP_MINUS: self.shallower,
                    pygame.K_RETURN: self.toggle_selected, pygame.K_KP_ENTER: self.toggle_selected,
                    pygame.K_SPACE: self.toggle_selected, pygame.K_HOME: self.home}
            pans = {pygame.K_LEFT: lambda: self._scroll(-200), pygame.K_RIGHT: lambda: self._scroll(200),
                    pygame.K_UP: lambda: self._scroll_plies(-1), pygame.K_DOWN: lambda: self._scroll_plies(1)}
            if event.key in pans and event.mod & pygame.KMOD_SHIFT:  # Shift+arrows pan, the arrows select
                pans[event.key]()
            elif event.key in pans:
                self.select_towards(event.key)
            elif event.key in keys:
                keys[event.key]()
        elif event.type == pygame.MOUSEWHEEL:
            if self.tall and event.y and not pygame.key.get_mods() & pygame.KMOD_SHIFT:
                self._scroll_plies(-event.y)  # a deep tree: the wheel goes down the plies, Shift+wheel across
            else:
                self._scroll(-event.y * 80 + event.x * 80)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.drag.press(event.pos, self.canvas)
        elif event.type == pygame.MOUSEMOTION and self.drag.pressed_at is not None:
            self._dragged_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.pressed_at is not None:
            pressed = self.drag.pressed_at
            if self.drag.release():
                self.snap = True  # the pan rests on whole columns, as the keys' and the wheel's do
            else:
                self._toggle_at(pressed)

    def _dragged_to(self, pos: tuple[int, int]) -> None:
        """A press on the canvas dragged to ``pos`` pans the tree with it (``DragScroll.pan``):
        across by the pixel, down or up by whole plies.  A finger has no wheel nor Shift, and on a
        touch screen the tree's other moves and deeper plies were out of reach."""
        across, plies = self.drag.pan(pos, self.scale, 1, self.metrics()[3])
        if across or plies:
            self.scroll += across
            self._scroll_plies(plies)
            self.invalidate()

    def _toggle_at(self, pos: tuple[int, int]) -> None:
        """A tap or click on a node, let go where it was pressed, opens or closes it."""
        node = next((node for rect, node in self.node_rects if rect.collidepoint(pos)), None)
        if node is not None:
            self.toggle(node)

    def toggle_selected(self) -> None:
        """Enter or Space: open or close the selected node, as a click on it does, and keep it in
        sight; a node with nothing below it says why (``why_nothing_below``): they did nothing there."""
        if self.tree is not None and self.selected is not None:
            if self.messages.refuse(self.why_nothing_below(self.selected)):
                return
            self.toggle(self.selected)
            self.show = id(self.selected)

    def select_towards(self, arrow: int) -> None:
        """An arrow: select the parent (Up), the best child (Down: a closed node is opened first, as
        Enter would), or a sibling (Left, Right); the view follows, one ply or as few columns as it
        takes, so the selected node stays in sight.  Nothing that way: the selection stays."""
        node = self.selected
        if self.tree is None or node is None:
            return
        target = neighbour(self.tree.root, self.open, node, arrow)
        if target is None:
            return
        if arrow == pygame.K_DOWN and id(node) not in self.open:
            self.toggle(node)  # opens it where it is, its children's ply brought in
        self.selected, self.show, self.snap = target, id(target), True
        if self.reveal is None:
            self.reveal = (target.ply, target.ply)

    def home(self) -> None:
        """Back to the view the tree opened with: its top ply, the root, the best line and the root's
        best moves in sight (the nodes opened since stay open), the root selected as it was then."""
        self.scroll, self.first_ply, self.snap = 0, 0, True
        if self.tree is not None:
            self.selected = self.tree.root

    def _scroll(self, dx: int) -> None:
        self.scroll += dx
        self.snap = True

    def _scroll_plies(self, dy: int) -> None:
        self.first_ply = max(0, self.first_ply + dy)  # draw_tree keeps it within the tree
