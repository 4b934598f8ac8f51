"""bhtui: 保皇 (Baohuang) in the terminal."""

__version__ = "0.1.0"
