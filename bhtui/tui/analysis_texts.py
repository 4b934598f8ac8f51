"""The words of a replay's analysis and of playing on from it (issue 31), both languages."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "analysis.running": {"en": "analysing {done}/{total}…", "zh": "分析中 {done}/{total}…"},
    "analysis.done": {"en": "analysed: mistakes {marked}", "zh": "已分析：{marked}处失误"},
    "analysis.cancelled": {"en": "analysis stopped (a: again)", "zh": "分析已停止（a 重新开始）"},
    "analysis.seat": {"en": "{name}'s seat: a weighs its decisions", "zh": "{name}的座位：按 a 分析他的决策"},
    "analysis.none": {"en": "no mistake marked after this", "zh": "此后没有标出的失误"},
    "analysis.verdict": {"en": "{name}: {played} {played_mean} · hard: {best} {best_mean}",
                         "zh": "{name}：{played} {played_mean} · hard：{best} {best_mean}"},
    "analysis.cost": {"en": " · cost {cost}", "zh": " · 损失 {cost}"},
    "analysis.unweighed": {"en": "?", "zh": "?"},
    "analysis.auto": {"en": " (托管, not counted)", "zh": "（托管，不计）"},
    "analysis.mistake": {"en": "mistake", "zh": "失误"},
    "analysis.round": {"en": "round {round}: {marked} decisions cost {cost} points",
                       "zh": "第{round}局：{marked}个决定损失 {cost} 分"},
    "analysis.round_one": {"en": "round {round}: 1 decision cost {cost} points",
                           "zh": "第{round}局：1个决定损失 {cost} 分"},
    "playon.over": {"en": "the game is over here: nothing to play on", "zh": "牌局已结束，无法续打"},
    "key.replay.analyse": {"en": "Analyse", "zh": "分析"},
    "key.replay.mistake": {"en": "Mistake", "zh": "失误"},
    "key.replay.play_on": {"en": "Play on", "zh": "续打"},
    "key.replay.again": {"en": "Deal again", "zh": "重打此局"},
}
