"""The one error an illegal Dou Dizhu action raises (the engine shares nothing with Baohuang's
but ``cards``, so it has its own)."""


class IllegalAction(ValueError):
    """An action the rules refuse. ``reason`` is shown to the player; the state is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
