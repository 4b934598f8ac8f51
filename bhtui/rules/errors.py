"""The one error an illegal action raises."""


class IllegalAction(ValueError):
    """An action the rules refuse. ``reason`` is shown to the player; the state is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
