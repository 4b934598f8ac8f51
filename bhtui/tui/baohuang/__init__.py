"""Baohuang's parts of the shared screens: its table parts (`parts.py`), its decisions and
result (`dialogs.py`), its log words (`describe.py`), its selection checks (`selection.py`)
and its texts (`texts.py`)."""
