"""Dou Dizhu's help explains what the table and the results show without a word of their own."""

from __future__ import annotations

import pytest

from tui_helpers import shanghai_help


@pytest.mark.parametrize("language, said", [
    ("en", "Level points (the result's last column) count deals won apart from the "
           "stake: a win is +3 for the landlord and +1 for each farmer, a loss -3 / -1"),
    ("zh", "级分（结算表最后一列）只看输赢、不看分值：地主赢 +3、每个农民赢 +1，输了 -3 / -1")])
async def test_S_LEVEL_1_the_help_says_what_the_results_level_points_are(language, said):
    """Shanghai's results have a 级分 / "Level points" column the help never named."""
    shown = await shanghai_help(language, (80, 24))
    joined = "".join if language == "zh" else " ".join  # (Chinese wraps between any two)
    assert joined(said.split()) in joined(shown.split()), shown[-600:]
