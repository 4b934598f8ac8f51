"""Baohuang's words as a Chinese (or English) reader at each preset's table needs them: the
help's rules per preset, the questions asked before a weighty key counts, the throne's and the
steps' dialogs, and the log's lines — each said in the words of the rules it follows."""

from __future__ import annotations

import pytest

from bhtui.rules import PRESETS
from bhtui.rules.scoring import score_round
from bhtui.tui.baohuang.parts import BAOHUANG_PARTS
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.i18n import Translator


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("preset", ["baike", "lianzhong-classic", "lianzhong-simple"])
def test_R_SCORE_B1_B4_L1_L2_the_help_tells_baike_and_lianzhong_their_own_rules(preset,
                                                                                 language):
    """F1 at a baike or lianzhong table told qingdao's rules (a called group, tribute,
    4/2/0/-2/-4). Each tells its own now: the emperor (登基/让位, 叫庄/让庄), the guard, and
    the scores of R-SCORE-B1..B4 or R-SCORE-L1/L2, its examples as the engine scores them."""
    t, style = Translator(language), CardStyle(language=language)
    rules = PRESETS[preset]
    keys, told = BAOHUANG_PARTS.help_texts(t, preset, style)
    assert keys == t("help.body")
    assert told != t("help.rules") and t.join(["4", "2", "0", "-2", "-4"]) not in told
    if preset == "baike":
        side, _ = score_round(rules, 0, 1, False, [1, 4, 2, 3, 5])  # the text's example
        numbers = [t.join(str(p) for p in rules.scoring.points), f"{side[0]:+d}",
                   f"{side[1]:+d}", f"{side[2]:+d}", f"{rules.scoring.grab[0][0]:+d}",
                   f"{rules.scoring.grab[0][1]:+d}", "16"]
        words = ["叫庄", "让庄", "抢庄", "让牌", "明保"]
    else:
        side, _ = score_round(rules, 0, 1, False, [1, 3, 2, 4, 5])
        (open_won, open_other), (hidden_won, hidden_other) = (rules.scoring.open_solo[0],
                                                              rules.scoring.hidden_solo[0])
        numbers = [f"{side[0]:+d}", f"{side[1]:+d}", f"{side[2]:+d}", f"{open_won:+d}",
                   f"{open_other:+d}", f"{hidden_won:+d}", f"{hidden_other:+d}", "168"]
        words = ["让位", "明保"] + (["登基"] if language == "zh" else [])
        if preset == "lianzhong-simple":
            words += ["造反", style.glyph("SJ", marked=True)]
    assert [n for n in numbers + words if n not in told] == []
