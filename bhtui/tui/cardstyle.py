"""How a card looks: unicode suits, letters or ASCII; two or four colours from the theme.

Nothing is carried by colour alone: suits are always a glyph or a letter, the called card has
its own (hollow or lower-case) glyph, and the turn and trick markers are symbols too, each
meaning one thing only (the trick's ● is no joker's ★). The jokers differ in colour as well
(the small one is not the big one's yellow) and in glyph: ☆ SJ, ★ BJ, ✪ Weifang's GC, and
w, W, G in the letter and ASCII styles (both jokers were *, told apart by colour alone; then j
and J, and a J under a BJ read as a jack).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from bhtui.cards import RANK_NAMES

SUIT_GLYPHS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
HOLLOW_GLYPHS = {"S": "♤", "H": "♡", "C": "♧", "D": "♢"}
JOKER_GLYPHS = {"SJ": "☆", "BJ": "★", "GC": "✪"}
JOKER_LETTERS = {"SJ": "w", "BJ": "W", "GC": "G"}
"""王 (wang), small and big: no rank (J was a jack) nor suit (S or s: a spade, a called one)."""
CARD_VARIABLES = {
    "card-black": "#e8e8e8",
    "card-red": "#ff6b6b",
    "card-green": "#5fd068",
    "card-blue": "#6cb6ff",
    "card-joker": "#ffd75f",
    "card-small-joker": "#d787ff",
}
SUIT_WORDS = {"S": "黑桃", "H": "红桃", "C": "梅花", "D": "方块"}
JOKER_WORDS = {"SJ": "小王", "BJ": "大王", "GC": "特画"}
"""The jokers as a Chinese sentence names them. Weifang's GC (R-WF-RANK-1) is 特画, the word
of a Weifang source for the called card's promoted fourth copy (docs/baohuang-towns.md, F7):
侍卫牌 names lianzhong's and Weihai's marked SJ."""
JOKERS = ("SJ", "BJ", "GC")  # GC: Weifang's guard card, promoted above BJ (R-WF-RANK-1)
PLUS = "+"
"""Between the cards a Dou Dizhu hand carries and its trios or four: ``9 9 9 + 3``."""
RANKS = frozenset(RANK_NAMES) | frozenset(JOKERS)

ASCII_SYMBOLS = {
    "×": "x", "·": "-", "•": "*", "✓": "OK", "✗": "X",
    "▶": ">", "●": "@", **{JOKER_GLYPHS[j]: JOKER_LETTERS[j] for j in JOKER_GLYPHS}, "†": "+",
    "▮": "#",
    **{glyph: suit for suit, glyph in SUIT_GLYPHS.items()},
    **{glyph: suit.lower() for suit, glyph in HOLLOW_GLYPHS.items()},
    "→": "->", "←": "<-", "←→": "<->", "↑": "^", "↓": "v", "⏎": "enter", "⌫": "backspace", "Σ": "=",
    "±": "+/-", "—": "-", "–": "-", "…": "...", "»": ">>",
    "↺ ": "", " ↺": "", "↻ ": "", " ↻": "",  # (the arrow beside them says where)
}
"""The ascii style's stand-ins for the symbols the screens draw, in either language."""
ASCII_TERMS = {
    "上家": "prev", "下家": "next", "下下家": "next+1", "your 上家": "the previous seat",
    "the 上家": "the previous seat", "Baohuang 保皇": "Baohuang", "Dou Dizhu 斗地主": "Dou Dizhu",
    "保皇": "Baohuang", "斗地主": "Dou Dizhu", "托管": "auto", "托管 (auto-play)": "auto",
    "联众托管": "Lianzhong auto", "明保": "mingbao", "明独": "mingdu",
    "明独保": "mingdubao", "独保": "dubao", "明渡": "mingdu (marked)", "报到": "baodao",
    "造反": "zaofan", "造反成功": "zaofan chenggong", "踢": "ti", "反踢": "fanti",
    "让牌": "rangpai", "让位": "rangwei", "让庄": "rangzhuang", "逼位": "biwei",
    "逼庄": "bizhuang", "逼死": "bisi", "叫庄": "jiaozhuang", "抢": "qiang", "抢庄": "qiangzhuang",
    "抢独": "qiangdu", "摊打": "tanda", "头撂": "touliao", "打": "da", "不打": "buda",
    "再来一局": "zailai yiju", "荒番": "huangfan", "记牌器": "jipaiqi", "憋": "bie", "闷": "men",
    "侍卫牌": "shiweipai", "接风": "jiefeng", "烤牌": "kaopai", "买": "mai", "逃跑": "taopao",
    "进贡": "jingong", "灭王": "miewang", "扣牌": "koupai", "底分": "difen", "叫分": "jiaofen",
    "底牌": "dipai", "标记牌": "biaojipai",
    "头科": "touke", "二科": "erke", "三科": "sanke", "二落": "erluo", "大落": "daluo",
    "小王": "xiaowang", "大王": "dawang", "地主": "dizhu", "农民": "nongmin",
    "闷供": "mengong", "落供": "luogong",
    " (威海)": "", " (潍坊)": "", " (斗地主)": "", " (上海斗地主)": "",
}
"""The Chinese game terms the English texts keep, as the ascii style writes them there (a
terminal that cannot draw a suit cannot draw 托管 either): their pinyin; a seat's 上家 and 下家
in English words that fit its box; 托管 as "auto", as wide as 托管 (and "away" beside it), so
a seat box that holds "[emperor] 托管" holds it too — its pinyin "tuoguan", three cells more,
cut my own role at 80 columns; the game and town names without their echo."""


SUIT_FORMS = {**{glyph: suit for suit, glyph in SUIT_GLYPHS.items()},
              **{glyph: suit for suit, glyph in HOLLOW_GLYPHS.items()},
              **{suit: suit for suit in SUIT_GLYPHS}}
_SUIT_WORD = "|".join(SUIT_WORDS.values())
NAMED_CARD = re.compile(
    rf"(?<![A-Za-z0-9])(?:(?P<word>{_SUIT_WORD})(?P<ranked>10|[2-9JQKA])"
    rf"|(?P<rank>10|[2-9JQKA])(?P<suit>[{''.join(SUIT_FORMS)}])|(?P<joker>SJ|BJ|GC))"
    r"(?![A-Za-z0-9])")
"""A card as prose names it: ``10♥``, ``10H`` (letters, ascii), ``红桃10``, or a joker's
letters; never inside a word of letters or digits (``AS`` in "HAS" is no card), while
Chinese may touch it (给红桃A)."""


def _replacer(forms: dict[str, str]) -> re.Pattern[str]:
    """One pattern for every form, the longest first (明独保 before 明独, 下下家 before 下家)."""
    return re.compile("|".join(re.escape(old) for old in sorted(forms, key=len, reverse=True)))


def rank_text(card: str) -> str:
    """``10`` of ``10H``; a joker, or a Dou Dizhu card (a rank without a suit, C-CARD-1), is
    its own rank."""
    return card if card in RANKS else card[:-1]


def joker_word(card: str, language: str) -> str:
    """A card or rank among the ranks of a sentence (``A A + 小王``, "still out: BJ×2"): a
    joker in words in Chinese, as the dialogs name it; anything else as it is."""
    return JOKER_WORDS.get(card, card) if language == "zh" else card


def rank_counts_words(cards: list[str], plain: Callable[[str], str] = str) -> str:
    """A hand in one short line, rank by rank: ``3×2 4×3 … BJ×1``, in the symbols of the card
    style whose ``plain`` is given (the translator's is)."""
    counts: dict[str, int] = {}
    for card in cards:
        rank = rank_text(card)  # Baohuang's 10H or Dou Dizhu's bare 10
        counts[rank] = counts.get(rank, 0) + 1
    times = plain("×")
    return " ".join(f"{rank}{times}{n}" for rank, n in counts.items()) or plain("—")


@dataclass(frozen=True)
class CardStyle:
    style: str = "unicode"  # unicode | letters | ascii
    four_colour: bool = False
    language: str = "en"  # how a card is named in a sentence (``name``)

    @property
    def ascii(self) -> bool:
        return self.style == "ascii"

    @cached_property
    def _forms(self) -> tuple[re.Pattern[str], dict[str, str]] | None:
        if not self.ascii:
            return None
        forms = ASCII_SYMBOLS if self.language == "zh" else {**ASCII_SYMBOLS, **ASCII_TERMS}
        return _replacer(forms), forms

    def plain(self, text: str) -> str:
        """``text`` as this style may draw it: under ascii its symbols in ASCII, and in the
        English UI its Chinese terms too (the Chinese texts stay Chinese)."""
        if self._forms is None:
            return text
        pattern, forms = self._forms
        return pattern.sub(lambda found: forms[found.group()], text)

    @property
    def times(self) -> str:
        return self.plain("×")

    @property
    def ellipsis(self) -> str:
        """Where a name or a set is cut short."""
        return self.plain("…")

    @property
    def turn_marker(self) -> str:
        return self.plain("▶")

    @property
    def trick_marker(self) -> str:
        """Beside the name of the seat whose set holds the trick: not a joker's glyph."""
        return self.plain("●")

    def cut(self, text: Text, width: int) -> None:
        """``text`` cut to ``width`` cells, ending in this style's ellipsis where it is. Cropped
        before the ellipsis goes on: a text that ends in Rich's own (``overflow="ellipsis"``,
        as a seat box's lines do) was cut to ``托……``, and under ascii that "…" was not ASCII."""
        if cell_len(text.plain) > width:
            text.truncate(width - cell_len(self.ellipsis), overflow="crop")
            text.rstrip()  # (a wide character cut in two leaves a space)
            text.append(self.ellipsis)

    def label(self, card: str, called: bool = False) -> str:
        """``10H`` as this style writes it: ``10♥`` or ``10H`` (a copy of the called card
        ``10♡`` or ``10h``, as in the hand); jokers stay ``SJ``/``BJ``/``GC``, and a card
        without a suit (Dou Dizhu's) is its rank."""
        return card if card in RANKS else card[:-1] + self.glyph(card, called)

    def name(self, card: str) -> str:
        """A card as a sentence names it ("Bundle: BJ", "called 7♥"): in Chinese in words,
        大王, 小王, 红桃A, as the apps say them; else as ``label`` writes it."""
        if self.language != "zh":
            return self.label(card)
        if card in RANKS:  # a joker, or a Dou Dizhu card (no suit)
            return joker_word(card, "zh")
        return SUIT_WORDS[card[-1]] + card[:-1]

    def glyph(self, card: str, called: bool = False, marked: bool = False) -> str:
        """One cell standing for one card under its rank in the hand: the suit (hollow or
        lower-case for the called card), a star for a joker (a circled one for Weifang's GC,
        which outranks the BJ and was drawn as one; w, W and G in letters), a dagger for the
        marked SJ."""
        if card in JOKERS:
            if marked:
                return "†" if self.style == "unicode" else "+"
            return (JOKER_GLYPHS if self.style == "unicode" else JOKER_LETTERS)[card]
        if card in RANKS:  # no suit to show (Dou Dizhu): one block per card
            return "▮" if self.style == "unicode" else "#"
        suit = card[-1]
        if self.style == "unicode":
            return (HOLLOW_GLYPHS if called else SUIT_GLYPHS)[suit]
        return suit.lower() if called else suit

    def colour_variable(self, card: str) -> str:
        """The theme variable of the card's colour: the small joker has its own, apart from
        the big joker's (and the GC's) yellow — both were drawn alike, told apart only by
        ☆ and ★, which the letter styles draw as * both."""
        if card == "SJ":
            return "card-small-joker"
        if card in JOKERS:
            return "card-joker"
        if card in RANKS:
            return "card-black"
        suit = card[-1]
        if self.four_colour:
            return {"S": "card-black", "H": "card-red", "C": "card-green", "D": "card-blue"}[suit]
        return "card-red" if suit in "HD" else "card-black"

    def colour(self, card: str, colours: dict[str, str]) -> Style:
        """The card's colour from the theme's variables (the defaults if the theme has none)."""
        variable = self.colour_variable(card)
        return Style.parse(colours.get(variable) or CARD_VARIABLES[variable])

    def paint(self, text: Text, colours: dict[str, str]) -> None:
        """Every card ``text`` names (``NAMED_CARD``) in the colour the table draws it in:
        the demo's card order was one colour while the table's hearts and diamonds were red.
        Painted after wrapping, so the words break as plain prose does."""
        suits = {word: suit for suit, word in SUIT_WORDS.items()}
        for found in NAMED_CARD.finditer(text.plain):
            if found["joker"]:
                card = found["joker"]
            elif found["word"]:
                card = found["ranked"] + suits[found["word"]]
            else:
                card = found["rank"] + SUIT_FORMS[found["suit"]]
            text.stylize(self.colour(card, colours), *found.span())

    def text(self, cards: list[str], colours: dict[str, str], called: str | None = None) -> Text:
        """Cards in a line, each as ``label`` writes it (copies of the called card hollow)."""
        out = Text()
        for i, card in enumerate(cards):
            if i:
                out.append(" ")
            if card == PLUS:
                out.append(card)
            else:
                out.append(self.label(card, card == called), style=self.colour(card, colours))
        return out

    def set_text(self, cards: list[str], colours: dict[str, str], width: int,
                 called: str | None = None) -> Text:
        """A played set in ``width`` cells: every card (``9♠ 9♥ SJ``) when that fits, else
        by rank with the suits after it (``9×5 ♠♥♥♣♦ +SJ``), coloured either way. Where even
        that is too wide the suits give way first (``10×6 ♠♥… +SJ``): which joker was played
        decides what beats the set, the suits of its naturals seldom. Copies of the called card
        are hollow, as in the hand: one played by another than the emperor shows the guard
        (R-GUARD-6)."""
        full = self.text(cards, colours, called)
        if cell_len(full.plain) <= width:
            return full
        if all(card in RANKS or card == PLUS for card in cards):  # ranks only: 3×3 4×3 5 5
            return self.rank_counts(cards, colours, width)
        tail = [(f"+{joker}" + (f"{self.times}{cards.count(joker)}" if cards.count(joker) > 1
                                else ""), self.colour(joker, colours))
                for joker in JOKERS if joker in cards]
        naturals = [c for c in cards if c not in JOKERS]  # (jokers alone went by rank above)
        out = Text().append(f"{rank_text(naturals[0])}{self.times}{len(naturals)}", style="bold")
        room = width - cell_len(out.plain) - sum(1 + cell_len(part) for part, _ in tail) - 1
        cut = cell_len(self.ellipsis)
        shown = naturals if room >= len(naturals) else naturals[:max(room - cut, 0)]
        if shown:
            out.append(" ")
            for card in shown:
                out.append(self.glyph(card, card == called), style=self.colour(card, colours))
            if len(shown) < len(naturals):
                out.append(self.ellipsis)
        for part, colour in tail:
            out.append(" ")
            out.append(part, style=colour)
        self.cut(out, width)
        return out

    def rank_counts(self, cards: list[str], colours: dict[str, str], width: int) -> Text:
        """Cards of ranks only, in their order, each rank's copies as one count: ``6×3 7×3 +
        8×2 9×2``; where that is too wide, a run as its ends (``6–7×3 + 8–9×2``, a straight
        ``3–J``). Counting each rank once over the whole set made Shanghai's straight
        ``A 2 … K A`` read ``A×2 2 3 …``."""
        groups = [(card, len(list(copies))) for card, copies in itertools.groupby(cards)]
        out = self._groups_text(groups, colours)
        if cell_len(out.plain) > width:
            out = self._groups_text(self._runs(groups), colours, tight=True)
        self.cut(out, width)
        return out

    @staticmethod
    def _runs(groups: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """Before the plus (what a hand carries), neighbouring groups of one count as one
        ``first–last``: there they are a run (a straight, pairs, an airplane's trios)."""
        plus = next((i for i, (card, _) in enumerate(groups) if card == PLUS), len(groups))
        core, out = groups[:plus], []
        for _, same in itertools.groupby(core, key=lambda g: (g[1], g[0] in JOKERS)):
            run = list(same)
            if len(run) > 1 and run[0][0] not in JOKERS:
                out.append((f"{run[0][0]}–{run[-1][0]}", run[0][1]))
            else:
                out += run
        return out + groups[plus:]

    def _groups_text(self, groups: list[tuple[str, int]], colours: dict[str, str],
                     tight: bool = False) -> Text:
        """The groups in a line; ``tight``, what is carried follows its plus unspaced."""
        out = Text()
        for card, n in groups:
            if out and not (tight and out.plain.endswith(PLUS)):
                out.append(" ")
            if card == PLUS:
                out.append(card)
                continue
            out.append(self.plain(card) + (f"{self.times}{n}" if n > 1 else ""),
                       style=self.colour(card.split("–")[-1], colours))
        return out
