"""Textual's hello-world, the reference of `python bench/tui.py --hello`: the first frame any
Textual app costs, against which bhtui's first table is measured."""

from textual.app import App, ComposeResult
from textual.widgets import Static


class Hello(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Hello, World!")


if __name__ == "__main__":
    Hello().run()
