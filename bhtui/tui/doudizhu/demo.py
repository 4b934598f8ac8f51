"""The demo's Dou Dizhu chapters: the rules of each preset with examples the engine judges
(``parse_hand``, ``beats``, ``legal_hands``) and scores (``scoring``), and Enter for a deal the
bots play on the replay screen with every hand shown and a word at the moments that matter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bhtui.doudizhu import beats, legal_hands, parse_hand, scoring
from bhtui.games import get_game
from bhtui.sim import play_match
from bhtui.store.replay import Replay
from bhtui.tui.i18n import Translator

NAMES = ["Li", "Wang", "Zhang", "Liu"]

TEXT: dict[str, dict[str, str]] = {
    "classic.title": {"en": "10 · Dou Dizhu (斗地主), classic", "zh": "10 · 斗地主（经典）"},
    "classic.body": {
        "en": "bhtui's other game: bhtui --game doudizhu. Three players, one deck: 17 cards\n"
              "each and a kitty of 3. Each bids once, 1, 2 or 3, higher than the last; the\n"
              "highest bidder is the landlord (地主): he shows and takes the kitty and plays\n"
              "alone against the two farmers (农民). Suits never matter.\n\n"
              "Hands, as the engine reads them:\n{kinds}\n\n"
              "What beats what (the same type and size, higher; bombs beat all else):\n"
              "{beats}\n\n"
              "A landlord's 20 cards {hand} can lead {n} different hands.\n\n"
              "The stake is base × bid × 2 for every bomb or rocket × 2 for a spring; the\n"
              "landlord wins or pays twice the stake, each farmer once:\n{scores}\n\n"
              "Press Enter: three bots play a deal, every hand shown.",
        "zh": "bhtui 的另一个游戏：bhtui --game doudizhu。三人一副牌，每人 17 张，底牌 3 张。\n"
              "每人叫一次 1、2 或 3 分，要比前面高；最高者当地主，亮出并拿走底牌，一人对两个农民。\n"
              "花色不分大小。\n\n引擎认出的牌型：\n{kinds}\n\n"
              "谁压得过谁（同牌型同张数比大小；炸弹压一切）：\n{beats}\n\n"
              "地主的 20 张牌 {hand} 首出可以有 {n} 种出法。\n\n"
              "分值 = 底分 × 叫分 × 每个炸弹或王炸 2 倍 × 春天 2 倍；地主赢或输 2 倍分值，农民各 1 倍：\n"
              "{scores}\n\n按回车：三个机器人打一局，所有手牌公开。",
    },
    "shanghai.title": {"en": "11 · Dou Dizhu, Shanghai (上海斗地主)", "zh": "11 · 上海斗地主"},
    "shanghai.body": {
        "en": "bhtui --game doudizhu --preset shanghai: four players, two decks, 25 cards each\n"
              "and 8 in the kitty, which only the landlord sees; one kitty card is shown to\n"
              "all as the mark card (a joker there doubles the score). The jokers are one rank\n"
              "above 2, A stands at either end of a straight, and a longer bomb beats a\n"
              "shorter one:\n{beats}\n\n"
              "头撂: the first bidder bids 3 at once (×4/3 if he wins) and may then play open\n"
              "(摊打, ×2). 报到: a landlord with 7+ of a kind or all four jokers may show them\n"
              "and stop (不打: he wins) or play on (打: ×2, or 0 if he loses). Nobody bids: the\n"
              "next deal is 荒番 (×2). A farmer who bid 2 plays at most 2 bombs; one who bid 1\n"
              "or passed, at most 1. Scores: the landlord wins or pays 3 × M × base × bid,\n"
              "each farmer once:\n{scores}\n\n"
              "Press Enter: four bots play a deal, every hand shown.",
        "zh": "bhtui --game doudizhu --preset shanghai：四人两副牌，每人 25 张，底牌 8 张只给地主看；\n"
              "其中一张亮出作标记牌（是王则分数翻倍）。大小王同为一级，在 2 之上；顺子里 A 可在两头；\n"
              "张数多的炸弹大：\n{beats}\n\n"
              "头撂：首叫直接叫 3 分（赢了×4/3），之后可以摊打（明牌，×2）。报到：地主有 7 张以上同点\n"
              "或四个王可以亮出，不打（直接赢）或打（×2，输了都是 0）。都不叫：下一局荒番（×2）。\n"
              "叫 2 分的农民最多出 2 个炸弹，叫 1 分或不叫的最多 1 个。计分：地主赢或输 3 × M × 底分 × 叫分，\n"
              "农民各 1 倍：\n{scores}\n\n按回车：四个机器人打一局，所有手牌公开。",
    },
    "kind": {"en": "  {hand:<24} {kind}", "zh": "  {hand:<24} {kind}"},
    "beats": {"en": "  {new:<20} {verdict} {old}", "zh": "  {new:<20} {verdict} {old}"},
    "yes": {"en": "beats", "zh": "压得过"},
    "no": {"en": "does not beat", "zh": "压不过"},
    "score": {"en": "  {case}: landlord {l:+d}, each farmer {f:+d}",
              "zh": "  {case}：地主 {l:+d}，每个农民 {f:+d}"},
    "case.bomb": {"en": "bid 2, one bomb, the landlord wins", "zh": "叫 2 分、一个炸弹、地主赢"},
    "case.spring": {"en": "bid 3, a spring", "zh": "叫 3 分、春天"},
    "case.lost": {"en": "bid 1, the farmers win", "zh": "叫 1 分、农民赢"},
    "case.toulia": {"en": "头撂 (bid 3), won", "zh": "头撂（3 分）、地主赢"},
    "case.toulia_open": {"en": "头撂, 摊打, joker mark, won", "zh": "头撂、摊打、王标记、地主赢"},
    "case.report": {"en": "报到 and 打 at 2, won", "zh": "报到后打、2 分、地主赢"},
    "comment.landlord": {"en": "A landlord: he takes the kitty and plays alone against the rest.",
                         "zh": "地主产生：他拿底牌，一人对其余的人。"},
    "comment.bomb": {"en": "A bomb: it beats any other type, and the stake doubles.",
                     "zh": "炸弹：压得过任何别的牌型，分值翻倍。"},
    "comment.trick": {"en": "Everyone else passed: the last to play leads again.",
                      "zh": "其他人都不要：最后出牌的人接着出。"},
    "comment.result": {"en": "Out! The first to play his last card wins for his side.",
                       "zh": "出完了！先出完的一方获胜。"},
}

CLASSIC_KINDS = ["3 3 3 4", "3 4 5 6 7", "5 5 6 6 7 7", "8 8 8 9 9 9 3 4", "2 2 2 2 5 SJ",
                 "SJ BJ"]
CLASSIC_BEATS = [("4 5 6 7 8", "3 4 5 6 7"), ("4 5 6 7 8 9", "3 4 5 6 7"),
                 ("3 3 3 3", "A A A A K K"), ("SJ BJ", "2 2 2 2")]
SHANGHAI_BEATS = [("A 2 3 4 5", "3 4 5 6 7"), ("10 J Q K A", "9 10 J Q K"),
                  ("3 3 3 3 3", "2 2 2 2"), ("SJ SJ BJ BJ", "A A A A A A A A"),
                  ("SJ BJ", "2 2")]
LANDLORD = "3 3 4 5 6 6 7 7 7 8 9 10 J Q Q K A 2 SJ BJ"


@dataclass(frozen=True)
class Chapter:
    """One demo chapter of Dou Dizhu: its words with the engine's examples, and a deal to
    watch (the preset the bots play)."""

    preset: str

    def title(self, t: Translator) -> str:
        return TEXT[f"{self.preset}.title"][t.language]

    def body(self, t: Translator) -> str:
        lang = t.language
        examples = (self._classic(t) if self.preset == "classic" else self._shanghai(t))
        return TEXT[f"{self.preset}.body"][lang].format(**examples)

    def _judged(self, pairs: list[tuple[str, str]], t: Translator) -> str:
        lang = t.language
        return "\n".join(TEXT["beats"][lang].format(
            new=new, old=old, verdict=TEXT["yes" if beats(new, old, self.preset) else "no"][lang])
            for new, old in pairs)

    def _classic(self, t: Translator) -> dict[str, Any]:
        lang = t.language
        kinds = "\n".join(TEXT["kind"][lang].format(
            hand=h, kind=t(f"ddz.kind.{parse_hand(h).kind}")) for h in CLASSIC_KINDS)
        won = scoring.stake_of(scoring.classic_factors(1, None), 1, 2)
        spring = scoring.stake_of(scoring.classic_factors(0, "spring"), 1, 3)
        rows = [("case.bomb", scoring.side_scores(3, 0, True, won)),
                ("case.spring", scoring.side_scores(3, 0, True, spring)),
                ("case.lost", scoring.side_scores(3, 0, False, 1))]
        return {"kinds": kinds, "beats": self._judged(CLASSIC_BEATS, t), "hand": LANDLORD,
                "n": len(legal_hands(LANDLORD)), "scores": self._scores(rows, t)}

    def _shanghai(self, t: Translator) -> dict[str, Any]:
        def stake(bid: int, **facts: Any) -> int:
            return scoring.shanghai_stake(scoring.Shanghai(**facts), True, 1, bid)[0]

        rows = [("case.toulia", scoring.side_scores(4, 0, True, stake(3, toulia=True))),
                ("case.toulia_open", scoring.side_scores(4, 0, True, stake(
                    3, toulia=True, open_hand=True, mark_joker=True))),
                ("case.report", scoring.side_scores(4, 0, True, stake(
                    2, reports=1, fight=True)))]
        return {"beats": self._judged(SHANGHAI_BEATS, t), "scores": self._scores(rows, t)}

    def _scores(self, rows: list[tuple[str, list[int]]], t: Translator) -> str:
        lang = t.language
        return "\n".join(TEXT["score"][lang].format(case=TEXT[case][lang], l=s[0], f=s[1])
                         for case, s in rows)

    def deal(self, t: Translator, seed: int = 5) -> tuple[Replay, dict[int, str]]:
        """The bots play one deal; a comment at the first landlord, bomb, trick and result."""
        game = get_game("doudizhu")
        rules = game.rules(self.preset)
        seats = game.seats(rules)
        match = game.new_match(rules, seed, 1)
        play_match(match, [game.make_bot("heuristic", s) for s in range(seats)], game)
        replay = Replay(self.preset, {}, seed, 1, list(match.actions), NAMES[:seats],
                        game.name)
        comments: dict[int, str] = {}
        said: set[str] = set()
        for k, events in enumerate(replay.events):
            for e in events:
                kind = "bomb" if e["type"] == "play" and e["kind"] in (
                    "bomb", "rocket", "joker_bomb") else e["type"]
                if f"comment.{kind}" in TEXT and kind not in said:
                    said.add(kind)
                    comments[k] = TEXT[f"comment.{kind}"][t.language]
        return replay, comments


CHAPTERS = [Chapter("classic"), Chapter("shanghai")]
