"""`bhtui demo`: a guided tour of the rules that runs the real engine and widgets.

Chapters 3 and 4 play a small scripted deal through :class:`Match` and show its log in words;
chapter 2's try-it answers are judged by ``parse_set``/``beats``; chapters 5 and 6 compute
their examples with the engine's scoring and tribute; chapter 7 is a bot round on the replay
screen with every hand shown; chapters 8 and 9 are the Weihai and Weifang rule sets, their
examples judged and computed by the engine under those presets. The chapters after Baohuang's
are Dou Dizhu's (``tui/doudizhu/demo.py``): its rules with the engine's examples, and a deal of
each preset on the same replay screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList
from textual.widgets.option_list import Option

from bhtui.bots import make_bot
from bhtui.cards import RANK_NAMES, parse_cards
from bhtui.net.host import BOT_NAMES
from bhtui.rules import PRESETS, Deal, Match, beats, format_set, parse_set
from bhtui.rules.scoring import RoundResult, score_round
from bhtui.rules.state import transfers_record
from bhtui.rules.tribute import tribute_transfers
from bhtui.sim import play_match
from bhtui.store.replay import Replay
from bhtui.tui import STYLES
from bhtui.tui.baohuang.describe import composition_words, describe, transfers
from bhtui.tui.baohuang.selection import beat_problem
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.demo_text import CHAPTERS, TASKS, WORDS
from bhtui.tui.doudizhu.demo import CHAPTERS as DOUDIZHU_CHAPTERS
from bhtui.tui.i18n import Translator
from bhtui.tui.localized import Localized
from bhtui.tui.modal import Dialog
from bhtui.tui.prose import NO_BREAK, reflow
from bhtui.tui.replay import ReplayScreen
from bhtui.tui.sessions import TableLess
from bhtui.tui.widgets import RANK_KEYS, Plain, Prose
from bhtui.wire import Action, Event, Transfer

if TYPE_CHECKING:
    from bhtui.tui.app import BhtuiApp

NAMES = list(BOT_NAMES)
# A small deal: Zhang (seat 2) is offered the throne first and cannot call; it goes to his
# 上家 Wang, who cannot call either and adds his 2; then to Wang's 上家 Li, who accepts.
SCRIPT_DEAL = ("7H 7H 7H 3S", "7H 9S 2C", "8C 8C 4D", "5D 6D", "KC")
SCRIPT_CALL: list[tuple[int, Action]] = [(0, {"type": "accept"}),
                                         (0, {"type": "call", "card": "7H"})]
SCRIPT_PLAY = [
    (0, "3S"), (1, None), (2, "4D"), (3, "5D"), (4, "KC"), (0, None), (1, None), (2, None),
    (3, None), (0, "2C"), (1, None), (2, None), (3, None), (0, "7H 7H 7H BJ"), (1, None),
    (2, None), (3, None), (1, "7H"), (2, "8C"), (3, None), (1, "9S"), (2, None), (3, None),
    (2, "8C"),
]


def scripted_logs(t: Translator, style: CardStyle) -> tuple[list[str], list[str]]:
    """The scripted deal's story in words: (until the call, the tricks)."""
    deal = Deal(tuple(tuple(parse_cards(h)) for h in SCRIPT_DEAL), first_candidate=2)
    match = Match(PRESETS["qingdao"], 0, rounds=1, first_deal=deal)

    def words(events: list[Event]) -> list[str]:
        lines = [describe(e, NAMES, t, match.round.emperor, style.name) for e in events
                 if e.get("type") != "role"]
        return [line for line in lines if line]

    before = words(match.initial_events())
    for seat, call in SCRIPT_CALL:
        before += words(match.apply(seat, call))
    after: list[str] = []
    for seat, cards in SCRIPT_PLAY:
        play: Action = (
            {"type": "pass"} if cards is None else {"type": "play", "cards": cards.split()})
        after += words(match.apply(seat, play))
    return before, after


def typed(text: str) -> str:
    """A set as the table's rank keys type it (``kkkk``, ``999s``, ``jjjb``: one card a key,
    ``0`` a 10, ``s``/``b`` the jokers) or in card words (``K K K K``, ``9 9 9 SJ``), in
    card words; a word that is neither stays for ``parse_set`` to explain."""
    words: list[str] = []
    for token in text.split():
        if token.upper() in CARD_WORDS:
            words.append(token)
        elif all(key in RANK_KEYS for key in token.lower()):
            words += [RANK_KEYS[key] for key in token.lower()]
        else:
            words.append(token)
    return " ".join(words)


CARD_WORDS = frozenset(RANK_NAMES) | {"T"}  # ranks as parse_set reads them (T: a 10)
ANSWER_LENGTH = 80
"""Chapter 2's answer box holds the largest set in card words (Qingdao's sixteen 10s and
eight jokers, spaced: 71 characters) and little more: the line judging an answer repeats
it, and 3,000 characters pasted pushed the chapter off the screen."""


def judge(text: str, top: str, t: Translator) -> tuple[bool, str]:
    """Whether ``text`` (typed as at the table, or in card words) beats ``top``, and why or
    why not, in the learner's language."""
    lang = t.language
    old = parse_set(top)
    try:
        new = parse_set(typed(text))
    except ValueError as exc:  # the engine explains in English; Chinese gets the short rule
        why = str(exc) if lang == "en" else t("status.not_set")
        return False, WORDS["not_set"][lang].format(why=why)
    shown_old, shown_new = composition_words(old), composition_words(new)
    problem = beat_problem(new, old, PRESETS["qingdao"])
    if problem is None:
        return True, WORDS["right"][lang].format(new=shown_new, old=shown_old)
    if problem == "size":
        return False, WORDS["size"][lang].format(old=shown_old, n=old.size)
    if problem == "big":
        return False, WORDS["big"][lang]
    if problem == "jokers":
        small = "small_one" if old.sj == 1 else "small"
        return False, WORDS[small][lang].format(old=shown_old, n=old.sj)
    return False, WORDS["rank"][lang].format(
        mine=format_set(new).split()[0], theirs=format_set(old).split()[0], old=shown_old)


def scoring_examples(t: Translator) -> str:
    rules, lang = PRESETS["qingdao"], t.language
    won, _ = score_round(rules, 0, 1, False, [1, 4, 2, 3, 5])
    draw, _ = score_round(rules, 0, 1, False, [2, 4, 1, 3, 5])
    solo, _ = score_round(rules, 0, 0, True, [1, 2, 3, 4, 5])
    return "\n".join([
        WORDS["example.side"][lang].format(e=f"{won[0]:+d}", r=f"{won[2]:+d}"),
        WORDS["example.draw"][lang].format(e=f"{draw[0]:+d}", r=f"{draw[2]:+d}"),
        WORDS["example.solo"][lang].format(e=f"{solo[0]:+d}", r=f"{solo[1]:+d}"),
    ])


def unbroken_tribute(t: Translator, moves: Sequence[Transfer], names: list[str]) -> str:
    """A tribute's cards, each "G → R3 2♥" kept on one line: at 80 columns one broke
    after "R3", its card alone on the next line."""
    return t.join((clause.replace(" ", NO_BREAK)
                   for clause in transfers(moves, names, arrow=t.plain("→"))), clauses=True)


def tribute_examples(t: Translator, style: CardStyle) -> str:
    """A win's and a loss's tribute (R-TRIB-2), from hands whose highest cards a hand of
    some 43 cards holds: the emperor gave "BJ" and "9♠", as if he held no 2 at all."""
    names = ["E", "G", "R1", "R2", "R3"]
    hands = [parse_cards(h) for h in ("BJ 2S 4C", "SJ AS 3C", "BJ KD 4C", "SJ QD 5C", "2D 10S 6C")]
    from bhtui.cards import counts

    vectors = [counts(h) for h in hands]

    def items(result: RoundResult) -> str:
        moves = transfers_record(tribute_transfers(result, vectors),
                                 lambda c: style.name(_text(c)))
        return unbroken_tribute(t, moves, names)

    won = RoundResult(0, 1, False, False, (1, 4, 2, 3, 5), (0,) * 5, "emperor")
    lost_places = (4, 5, 3, 1, 2)
    lost = RoundResult(0, 1, False, False, lost_places, (0,) * 5, "rebels")
    lang = t.language
    return "\n".join([WORDS["example.won"][lang].format(items=items(won)),
                      WORDS["example.lost"][lang].format(places=finishing_order(lost_places, names, lang),
                                                         items=items(lost))])


def finishing_order(places: Sequence[int], names: list[str], lang: str) -> str:
    """Who went out 1st to last ("R2 1st, R3 2nd, …"): a loss's tribute goes by the rebels'
    places (R-TRIB-2), which the example must say for its order to be followed."""
    words = WORDS["example.places"][lang].split()
    return WORDS["example.places.join"][lang].join(
        WORDS["example.place"][lang].format(name=names[seat], place=words[places[seat] - 1])
        for seat in sorted(range(len(names)), key=places.__getitem__))


def weihai_examples(t: Translator) -> str:
    """R-WH-SCORE-1/2 and R-WH-MULT-1, computed by ``score_round``."""
    rules, lang = PRESETS["weihai"], t.language
    kicked, _ = score_round(rules, 0, 1, False, [1, 3, 2, 4, 5], open_guard=True, kicks=1)
    solo = [score_round(rules, 0, 0, False, [p] + [q for q in range(1, 6) if q != p])[0]
            for p in (1, 2, 3)]
    return "\n".join([
        WORDS["example.weihai.kicked"][lang].format(e=f"{kicked[0]:+d}", g=f"{kicked[1]:+d}",
                                                   r=f"{kicked[2]:+d}"),
        WORDS["example.weihai.solo"][lang].format(
            first=f"{solo[0][0]:+d}", second=f"{solo[1][0]:+d}", lower=f"{solo[2][0]:+d}",
            rebel=f"{solo[2][1]:+d}"),
    ])


def weifang_examples(t: Translator, style: CardStyle) -> str:
    """R-WF-RANK-1 and R-WF-PLAY-2 judged by ``beats``; R-WF-SCORE-1 and R-WF-TRIB-2/3 computed
    by ``score_round`` and ``tribute_transfers``."""
    from bhtui.cards import counts

    rules, lang = PRESETS["weifang"], t.language
    lines = []
    for new, old in (("GC", "BJ"), ("2 2 2", "BJ"), ("A A 2 2 2", "K K BJ"), ("2 2 2", "SJ")):
        yes = beats(parse_set(new, kills=True), parse_set(old), rules)
        lines.append(WORDS["example.weifang.beats"][lang].format(
            new=new, old=old, yes=WORDS["example.yes" if yes else "example.no"][lang]))
    won, _ = score_round(rules, 0, 1, False, [1, 4, 2, 3, 5], open_guard=True)
    lines.append(WORDS["example.weifang.side"][lang].format(e=f"{won[0]:+d}", r=f"{won[2]:+d}"))
    hands = [counts(parse_cards(h)) for h in ("9S", "KD", "2H SJ", "2S 2D", "2C")]
    result = RoundResult(0, 1, False, False, (1, 4, 2, 3, 5), won, "emperor", open_guard=True,
                         stuck=((3, 0),))
    moves = transfers_record(tribute_transfers(result, hands, rules),
                             lambda c: style.name(_text(c)))
    lines.append(WORDS["example.weifang.tribute"][lang].format(
        items=unbroken_tribute(t, moves, ["E", "G", "R1", "R2", "R3"])))
    return "\n".join(lines)


TOWNS = {"weihai": 7, "weifang": 8}
"""The chapters that tell a town's rules, by preset."""


def town_chapter(t: Translator, style: CardStyle, index: int) -> str:
    """A town's chapter (``TOWNS``), with the engine's examples."""
    examples = weihai_examples(t) if index == TOWNS["weihai"] else weifang_examples(t, style)
    return reflow(CHAPTERS[index]["body"][t.language]).format(examples=examples)


def town_rules(t: Translator, style: CardStyle, preset: str) -> str | None:
    """The rules of a town's table for its help, as the demo tells them (None: not a town,
    whose rules the help's own, qingdao's, tell)."""
    index = TOWNS.get(preset)
    if index is None:
        return None
    title = CHAPTERS[index]["title"][t.language].split(" · ", 1)[-1]
    return title.upper() + "\n" + town_chapter(t, style, index)


def _text(card: int) -> str:
    from bhtui.cards import card_text

    return card_text(card)


def commented_round(t: Translator, style: CardStyle) -> tuple[Replay, dict[int, str]]:
    """Five heuristic bots play one round; comments at the moments worth a word."""
    match = Match(PRESETS["qingdao"], 5, rounds=1)
    play_match(match, [make_bot("heuristic", s) for s in range(5)])
    replay = Replay("qingdao", {}, 5, 1, list(match.actions), names=list(NAMES))
    comments: dict[int, str] = {}
    said: set[str] = set()
    for k, events in enumerate(replay.events):
        for e in events:
            kind = "jiefeng" if e["type"] == "lead" and e.get("jiefeng") else e["type"]
            key = f"comment.{kind}"
            if key in WORDS and (kind not in said or kind == "out"):
                said.add(kind)
                card = style.name(e["card"]) if e.get("card") else ""
                comments[k] = WORDS[key][t.language].format(card=card)
    return replay, comments


def jump_keys(action: str) -> list[Binding]:
    """1-9 and 0 for the first ten chapters (0 the tenth, as a 10 is typed at the table),
    ``action(index)`` each; the chapters after it are in the list (``ChapterList``)."""
    return [Binding(key, f"{action}({index})", show=False, id=f"demo.ch{index + 1}")
            for index, key in enumerate("1234567890")]


class ChapterList(Dialog[int]):
    """Every chapter by its title, the one shown highlighted: the tour has more chapters
    than digits, and this is where a player finds the ones after the tenth."""

    BINDINGS = [*jump_keys("pick"), Binding("escape", "close", "Close", id="demo.list.close")]

    def __init__(self, t: Translator, titles: list[str], shown: int) -> None:
        super().__init__(t)
        self.titles, self.shown = titles, shown

    def compose(self) -> ComposeResult:
        lang = self.t.language
        with Vertical():
            yield Plain(WORDS["chapters.title"][lang], classes="title")
            yield OptionList(*[Option(Text(self.t.plain(title)), id=str(index))
                               for index, title in enumerate(self.titles)])
            yield Plain(self.t.plain(WORDS["chapters.keys"][lang]))

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.styles.max_height = len(self.titles) + 2  # every title and the list's border:
        options.highlighted = self.shown                   # a dialog's list shows ten at most
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_pick(self, index: int) -> None:
        self.dismiss(index)

    def action_close(self) -> None:
        self.dismiss(None)


class DemoScreen(Localized, Screen[None]):
    CSS_PATH = STYLES / "demo.tcss"
    BINDINGS = [
        Binding("pagedown", "chapter(1)", "Next", id="demo.next", priority=True),
        Binding("pagedown", "tour_end", show=False, id="demo.end", priority=True),
        Binding("pageup", "chapter(-1)", "Back", id="demo.prev", priority=True),
        Binding("c", "chapters", "Chapters", id="demo.chapters"),
        Binding("enter", "start_round", show=False, id="demo.start"),
        Binding("escape", "leave_answer", show=False, id="demo.leave"),
        *jump_keys("jump"),
    ]

    def __init__(self, t: Translator, style: CardStyle, visitor: bool = False) -> None:
        """``visitor``: a door's (``BhtuiApp.visitor``), who runs no bhtui of his own, so the
        tour's end names no command."""
        super().__init__()
        self.t, self.style, self.visitor = t, style, visitor
        self.chapter = 0
        self.try_index = 0
        self._logs = scripted_logs(t, style)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Plain(id="demo-title")
            with VerticalScroll(id="demo-scroll"):
                yield Prose(cards=self.style, id="demo-body")
            yield Input(max_length=ANSWER_LENGTH, id="demo-answer")
            yield Plain(id="demo-feedback")
            yield Plain(self.t.plain(WORDS["keys"][self.t.language]), id="demo-keys")
        yield Footer()

    def on_mount(self) -> None:
        if self.query("#demo-title"):  # (none in a closing app: it mounts no children, and
            self.show()                # the door's idle goodbye may end it as it opens)

    def help_texts(self) -> list[str]:
        """? here: the demo's own keys (the table's alone were shown, none of them the
        demo's), then the table's keys and rules, as the help has them elsewhere."""
        return [self.t.plain(WORDS["help"][self.t.language]), self.t("help.body"),
                self.t("help.rules")]

    def chapter_title(self, index: int) -> str:
        if index >= len(CHAPTERS):
            return DOUDIZHU_CHAPTERS[index - len(CHAPTERS)].title(self.t)
        return CHAPTERS[index]["title"][self.t.language]

    def body(self, index: int) -> str:
        """Chapter ``index``'s text as the card style may draw it (the ascii style's in ASCII)."""
        return self.t.plain(self._text(index))

    @property
    def last(self) -> int:
        return len(CHAPTERS) + len(DOUDIZHU_CHAPTERS) - 1

    def _text(self, index: int) -> str:
        lang, style = self.t.language, self.style
        if index == self.last:  # (PgDn did nothing there, and nothing said the tour was over)
            end = WORDS["end.visit" if self.visitor else "end"][lang]
            return reflow(DOUDIZHU_CHAPTERS[-1].body(self.t) + "\n\n" + end)
        if index >= len(CHAPTERS):
            return reflow(DOUDIZHU_CHAPTERS[index - len(CHAPTERS)].body(self.t))
        template = reflow(CHAPTERS[index]["body"][lang])
        if index == 0:
            order = parse_cards("3S 4H 5C 6D 7S 8H 9C 10D JS QH KC AD 2S SJ BJ")
            return template.format(ranks=" < ".join(style.label(c) for c in
                                                    [_text(c) for c in order]))
        if index == 1:
            task = TASKS[min(self.try_index, len(TASKS) - 1)]
            return template.format(task=task[lang], keys=task["keys"], example=task["example"])
        if index in (2, 3):
            return template.format(log="\n".join(self._logs[index - 2]))
        if index == 4:
            return template.format(examples=scoring_examples(self.t))
        if index == 5:
            return template.format(examples=tribute_examples(self.t, style))
        if index in TOWNS.values():
            return town_chapter(self.t, style, index)
        return template

    def show(self) -> None:
        self.query_one("#demo-title", Plain).update(self.t.plain(self.chapter_title(self.chapter)))
        self.query_one("#demo-body", Prose).show(self.body(self.chapter))
        answer = self.query_one("#demo-answer", Input)
        answer.display = self.chapter == 1
        self.query_one("#demo-feedback", Plain).update("")
        scroll = self.query_one("#demo-scroll", VerticalScroll)
        scroll.scroll_home(animate=False)
        if self.chapter == 1:
            answer.value = ""
            answer.focus()
        else:
            scroll.focus()  # ↑↓ scroll a long chapter

    def action_leave_answer(self) -> None:
        """Out of chapter 2's answer box, so digits jump again (only Tab left it, unsaid)."""
        self.query_one("#demo-scroll", VerticalScroll).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No "Next chapter" on the last: the footer offered it there, and it did nothing
        where the chapter's end showed already. PgDn there goes to its end (``tour_end``)."""
        if action == "chapter" and parameters == (1,):
            return self.chapter < self.last
        if action == "tour_end":
            return self.chapter == self.last
        return True

    def action_chapter(self, step: int) -> None:
        """The next or the previous chapter."""
        self.action_jump(self.chapter + step)

    def action_tour_end(self) -> None:
        """Down to the last chapter's end, which says the tour is over and how to leave."""
        self.query_one("#demo-scroll", VerticalScroll).scroll_end(animate=False)

    def action_jump(self, index: int | None) -> None:
        if index is not None and 0 <= index <= self.last:
            was, self.chapter = self.chapter, index
            self.show()
            if self.last in (was, index):  # (Next chapter goes on the last, back off it)
                self.refresh_bindings()

    def action_chapters(self) -> None:
        titles = [self.chapter_title(i) for i in range(self.last + 1)]
        self.app.push_screen(ChapterList(self.t, titles, self.chapter), self.action_jump)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        task = TASKS[min(self.try_index, len(TASKS) - 1)]
        ok, message = judge(event.value, task["top"], self.t)
        if ok:
            self.try_index += 1
            if self.try_index < len(TASKS):
                following = TASKS[self.try_index][self.t.language]
                message += WORDS["next_task"][self.t.language].format(task=following)
                self.query_one("#demo-body", Prose).show(self.body(1))
            else:
                message += WORDS["done"][self.t.language]
        else:
            message = f"{event.value.strip()} → {message}"
        event.input.value = ""
        self.query_one("#demo-feedback", Plain).update(Text(self.t.plain(message)))

    def action_start_round(self) -> None:
        if self.chapter == 6:
            replay, comments = commented_round(self.t, self.style)
        elif self.chapter >= len(CHAPTERS):
            replay, comments = DOUDIZHU_CHAPTERS[self.chapter - len(CHAPTERS)].deal(self.t)
        else:
            return
        self.app.push_screen(ReplayScreen(replay, self.t, self.style, show_all=True,
                                          comments=comments, source="demo"))


class DemoSession(TableLess):
    """`bhtui demo`: the guided rules tour. It lives here, beside its screen, because the
    tour walks through both games by their engines: the shared sessions know no game."""

    async def open(self, app: BhtuiApp) -> None:
        app.push_screen(DemoScreen(app.t, app.card_style, bool(app.visitor)))
