"""Dou Dizhu's table: the shared screen with its run key (x: a straight, a pair run or an
airplane from the lowest picked rank)."""

from __future__ import annotations

from textual.binding import Binding

from bhtui.tui.table import TableScreen


class DoudizhuTable(TableScreen):
    BINDINGS = [Binding("x", "run", "Run", id="run")]

    def action_run(self) -> None:
        """A run from the lowest picked rank: as many cards of each next rank as of that one
        (a straight, a pair run, an airplane), as far as the hand goes, or as long as the
        run on the table when it is one to beat."""
        view = self.client.view
        if view is None or not self.hand.select_run(self.parts.run_order(view),
                                                    self.parts.run_to_beat(view)):
            self.say(self.t("status.no_run"))
        else:
            self.update_status()
