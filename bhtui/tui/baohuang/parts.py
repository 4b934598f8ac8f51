"""Baohuang's parts of the shared screens: the seat boxes' badges, the round and the called
card, the hand's marks, the decisions' dialogs (``dialogs.py``), the log's words
(``describe.py``) and the selection's checks (``selection.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain
from typing import Any, cast

from rich.text import Text

from bhtui.bots.legal import legal_from_view
from bhtui.cards import RANK_NAMES, card_text, counts, parse_card
from bhtui.rules import offers, parse_set
from bhtui.rules.auto import AUTO_LIMIT
from bhtui.rules.mechanisms import Ascent, FirstLead, OpenSolo, TributeFlow
from bhtui.rules.presets import PRESETS, RuleSet, rules_of
from bhtui.rules.sets import CardSet, pick_cards
from bhtui.tui.baohuang.describe import describe, lone_kick, set_words
from bhtui.tui.baohuang.dialogs import (
    CallDialog,
    DeclareDialog,
    GrabDialog,
    RoundResultScreen,
    StepDialog,
    ThroneDialog,
    stakes,
)
from bhtui.tui.baohuang.selection import selection_note, selection_problem
from bhtui.tui.baohuang.texts import JOKER_KEYS, JOKER_KEYS_GC
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.dialogs import ResultScreen
from bhtui.tui.i18n import Translator
from bhtui.tui.modal import Dialog
from bhtui.tui.parts import Label, TableParts
from bhtui.tui.widgets import seat_lines
from bhtui.wire import Action, BaohuangRow, BaohuangView, Event, HistoryRow, TableSeat


def _dearness(s: CardSet, leading: bool) -> tuple[int, int]:
    """How much a set spends beyond its rank (jokers, the guard card, killing 2s), then, to
    lead, the more of the rank the better (the whole group), to answer the fewer."""
    spent = s.sj + 2 * s.bj + 3 * s.gc + s.twos
    return spent, -s.n if leading else s.n


def badges(seat: int, view: BaohuangView, me: int | None, t: Translator) -> Text:
    """Roles as this viewer may know them: the emperor, a shown guard (or my own secret),
    marked rebels, seats grabbing."""
    info, out = view["seats"][seat], Text(no_wrap=True, overflow="ellipsis")
    role = info["role"]
    if role == "emperor":
        out.append(f"[{t('role.emperor')}] ", style="bold")
    elif role == "guard" and (seat != me or view.get("guard") == seat):
        out.append(f"[{t('role.guard')}] ")
    elif role == "guard":  # my own secret: shown to me alone, in my own box
        out.append(t("you.guard") + " ", style="italic")
    if seat in view.get("rebels", ()):
        out.append(f"[{t('role.rebel_mark')}] ", style="bold")  # R-TRICK-7: marked win or lose
    if seat in view.get("grabs", ()):
        out.append(f"[{t('role.grabbing')}] ", style="bold")
    return out


RULES_HELP = {
    "baike": ("help.rules.baike",),
    "lianzhong-classic": ("help.rules.lianzhong-classic", "help.rules.lianzhong"),
    "lianzhong-simple": ("help.rules.lianzhong-simple", "help.rules.lianzhong"),
}
"""The help's rules, by preset, for a table the demo tells none of (qingdao's are the help's
own): baike's (R-EMP-B*, R-SCORE-B*); a lianzhong mode's emperor and guard (R-EMP-L*,
R-GUARD-1/4), then the cards and scores both modes share (R-SCORE-L1/L2)."""


def rules_help(t: Translator, preset: str, style: CardStyle) -> str:
    mark = style.glyph("SJ", marked=True)  # the marked SJ as the hand draws it
    return "\n".join(t(key, mark=mark) for key in RULES_HELP.get(preset, ("help.rules",)))


def decline_words(rules: RuleSet) -> str:
    """The log's word for passing the throne on, as the dialog's button says it (the log said
    放弃 at every table): baike's 让庄, 让位 where the card is handed on (seeds 000/002),
    拒绝 an abdication, qingdao's 放弃."""
    if rules.throne.ascent is Ascent.BY_CALLING:
        return "log.decline.call"
    return {"throne.yield": "log.decline.yield", "throne.refuse": "log.decline.refuse"}.get(
        rules.throne.decline_words, "log.decline")


class BaohuangParts(TableParts[BaohuangView]):
    game = "baohuang"
    ranks = frozenset(RANK_NAMES) | {"GC"}  # Weifang's guard card above BJ (R-WF-RANK-1)
    choices = frozenset({"decline", "emperor", "call", "play", "pass", "yield", "grab", "skip",
                         "solo", "open_guard", "rebel", "kick"})  # ("emperor": the throne taken)
    told = frozenset({"decline", "emperor", "call", "grab", "solo", "abdicate", "open_guard",
                      "rebel", "kick"})
    bot_words = {"log.emperor": "log.emperor.bot", "log.open_guard": "log.open_guard.bot",
                 "log.decline_auto": "log.decline_auto.bot"}
    you_words = {key: f"you.{key}" for key in (
        "log.offer", "log.forced", "log.decline", "log.decline.yield", "log.decline.call",
        "log.decline.refuse", "log.decline_auto", "log.emperor", "log.grab", "log.skip.grab",
        "log.grab_declared", "log.solo", "log.call", "log.call_open", "log.lead",
        "log.lead.first_drawer", "log.lead.last_emperor", "log.jiefeng", "log.play", "log.pass",
        "log.trick", "log.kou", "log.yield", "log.open_guard", "log.open_solo",
        "log.skip.open_guard", "log.rebel", "log.skip.rebel", "log.kick", "log.kick_rebel",
        "log.skip.kick", "log.skip.rekick", "log.abdicate", "log.abdication", "log.rebellion",
        "log.rebellion_solo", "log.reveal", "log.reveal_solo", "log.out", "log.left_holding",
        "log.stuck", "log.auto_on", "log.auto_stays", "log.auto_off")}

    def boxes(self, view: BaohuangView, names: list[str], t: Translator,
              style: CardStyle, width: int = 14) -> dict[str, Text]:
        lines = [Text(t(self.round_key, n=view["round"]), style="bold")]
        stake = stakes(view)
        if stake != 1:  # 明保, 造反, 踢, bombs: said in the log once, kept in sight here
            lines[0].append(t("stake.short", n=stake))
        if view["open_solo"]:  # one against four, said once in the log: kept in sight too
            lines[0].append(t("solo.short"))
        if view["called"]:
            lines.append(Text(t("called", card=style.name(view["called"]))))
        elif view["phase"] == "play":
            lines.append(Text(""))
        lines.append(Text(t("direction.play")))
        if view["phase"] in ("grab", "throne"):  # where the card goes while it may still go
            lines.append(Text(t(offers.card_direction(view))))  # (not as the emperor calls)
        elif not view.get("top") and view["phase"] == "play":
            lines.append(Text(t("trick.empty"), style="dim"))
        return {"center": Text("\n").join(lines[:4])}

    def help_texts(self, t: Translator, preset: str | None, style: CardStyle) -> list[str]:
        """The keys, then the rules this table plays: a town's as the demo tells them (the
        help told qingdao's at a Weihai table, where nobody calls and 6 is the lowest rank),
        baike's and lianzhong's their own (it told qingdao's there too: a called group,
        tribute, 4/2/0/-2/-4)."""
        from bhtui.tui.demo import town_rules  # (the demo's screens import these parts)

        keys = t(self.help_key)
        if preset in PRESETS and not PRESETS[preset].tricks.promoted_guard_card:
            keys = keys.replace(t.plain(JOKER_KEYS_GC[t.language]), t.plain(JOKER_KEYS[t.language]))
        preset = preset or ""
        return [keys, town_rules(t, style, preset) or rules_help(t, preset, style)]

    def seat_lines(self, seat: int, view: BaohuangView, table: list[TableSeat],
                   me: int | None, t: Translator, style: CardStyle, **kw: Any) -> list[Text]:
        return seat_lines(seat, view, table, me, t, style, badges=badges(seat, view, me, t), **kw)

    def describe(self, event: Event, names: list[str], t: Translator,
                 view: Mapping[str, Any], label: Label,
                 earlier: Iterable[Event] = ()) -> str | None:
        """The event's line; under the last answer of a 踢 one rebel made alone, a line saying
        it did not count (R-WH-DECL-3). The last seat with cards takes the place left as
        soon as the one before it has one (R-END-1): its ``out`` comes straight after theirs,
        and the log said it went out, its cards still in hand."""
        earlier = iter(earlier)
        before = next(earlier, None)
        if (event.get("type") == "out" and before is not None
                and before.get("type") in ("out", "stuck") and 0 <= event["seat"] < len(names)):
            return t("log.left_holding", name=names[event["seat"]], place=t.place(event["place"]))
        line = self._line(event, names, t, view, label)
        lone = lone_kick(event, chain([before], earlier) if before is not None else earlier,
                         view.get("emperor"))
        if lone is None or not 0 <= lone[1] < len(names):
            return line
        void = t(f"log.{lone[0]}_void", name=names[lone[1]])
        return f"{line}\n{void}" if line else void

    def _line(self, event: Event, names: list[str], t: Translator,
              view: Mapping[str, Any], label: Label) -> str | None:
        guard, seat = view.get("guard"), event.get("seat")
        if event.get("type") == "role" and event.get("private") != view.get("viewer"):
            return None  # words for its seat ("you are the guard"), which only an open
            # table's watcher is sent whole: the seat boxes show him every role
        if (event.get("type") == "role" and event.get("role") == "emperor"
                and view.get("guard_card")
                and rules_of(cast(BaohuangView, view)).guard.open_solo is OpenSolo.DECLARED_HOLDER):
            # R-GUARD-4: the emperor holding the marked SJ is his own guard and plays alone
            # ("you are the emperor" alone left that unsaid). Told as he takes the throne, in
            # the view of that round; Weihai's holder of both is told by the throne's dialog
            # (his role comes with the deal, before the round's first view).
            return t("log.role.emperor_guard_card")
        if (event.get("type") == "lead" and "from" not in event and isinstance(seat, int)
                and rules_of(cast(BaohuangView, view)).first_lead is FirstLead.DEALER
                and 0 <= seat < len(names)):
            # R-WF-LEAD-1: not the emperor, who leads everywhere else ("Chen leads" said not
            # why): the first drawer in round 1, the previous emperor later
            key = "log.lead.first_drawer" if view.get("round") == 1 else "log.lead.last_emperor"
            return t(key, name=names[seat])
        if (event.get("type") == "kick" and guard is not None and isinstance(seat, int)
                and seat not in (guard, view.get("emperor")) and 0 <= seat < len(names)):
            # R-WH-DECL-3: a rebel's kick counts only with a second one; when none follows,
            # nothing else in the log said why the stakes stayed as they were
            return t("log.kick_rebel", name=names[seat])
        rules = rules_of(cast(BaohuangView, view))
        # R-WH-THRONE-6: nobody is asked whether to be emperor ("先问 玩家 是否当皇帝" was
        # followed by a dialog saying he is one): the card's holder is
        deals = "log.deal.held" if rules.throne.ascent is Ascent.BY_HOLDING else "log.deal"
        return describe(event, names, t, view.get("emperor"), label, decline_words(rules),
                        deals)

    def move_words(self, event: Event, view: Mapping[str, Any], t: Translator) -> str | None:
        kind = event.get("type")
        if kind == "play":
            return set_words(event["cards"], t.language)
        return "" if kind in ("pass", "yield") else None

    def roles(self, event: Event) -> dict[str, Any]:
        """The emperor; and the round, whose number says why a Weifang player leads."""
        kind = event.get("type")
        if kind == "emperor":
            return {"emperor": event["seat"]}
        return {"round": event["round"]} if kind == "deal" else {}

    def hand_marks(self, view: BaohuangView, me: int | None) -> tuple[str | None, str | None,
                                                                        bool]:
        """The called card hollow; a secret guard's called card picked last; the marked SJ."""
        role = view["seats"][me]["role"] if me is not None else None
        keep_back = view["called"] if role == "guard" and view.get("guard") is None else None
        return view["called"], keep_back, bool(view.get("guard_card"))

    def top_words(self, view: BaohuangView, t: Translator) -> str:
        top = view["top"]
        return set_words(top["cards"], t.language) if top else ""

    def selection_problem(self, cards: list[str], view: BaohuangView,
                          t: Translator) -> str | None:
        return selection_problem(cards, view, t)

    def selection_note(self, cards: list[str], view: BaohuangView, t: Translator) -> str | None:
        return selection_note(cards, view, t)

    def play_action(self, cards: list[str], view: BaohuangView) -> Action:
        return {"type": "play", "cards": cards}

    def hint_cards(self, action: Action, hand: list[str],
                   view: BaohuangView) -> list[str]:
        """Suits for the hinted composition, a secret guard's called card last; nothing when
        the hand does not hold it (a hint that comes after a play: pick_cards raises)."""
        me = view["viewer"]
        _, keep_back, _ = self.hand_marks(view, me if isinstance(me, int) else None)
        keep = parse_card(keep_back) if keep_back else None
        wanted = parse_set(action["set"], kills=True)  # a kill answer too (R-WF-PLAY-2)
        try:
            cards = pick_cards(counts(parse_card(c) for c in hand), wanted, keep)
        except ValueError:
            return []
        return [card_text(c) for c in cards]

    def hint_plays(self, view: BaohuangView) -> list[Action]:
        """One set a rank, lowest first, those needing no joker, 2 or guard card first: the
        whole group to lead, the fewest such cards to answer; then jokers alone."""
        leading = view.get("top") is None
        cheapest: dict[int, CardSet] = {}
        for s in legal_from_view(view).sets:
            known = cheapest.get(s.rank)
            if known is None or _dearness(s, leading) < _dearness(known, leading):
                cheapest[s.rank] = s
        ordered = sorted(cheapest.values(), key=lambda s: (_dearness(s, leading)[0] > 0, s.rank))
        return [{"type": "play", "set": str(s)} for s in ordered]

    def can_beat(self, view: BaohuangView) -> bool:
        return any(a["type"] == "play" for a in legal_from_view(view))

    def emperor(self, view: BaohuangView) -> int | None:
        return view["emperor"]

    def declare_words(self, view: BaohuangView, kinds: list[str], me: int | None,
                      t: Translator) -> str:
        """The declarations open to me right now, with their keys (the status line)."""
        words = []
        for kind in kinds:
            if kind == "grab" and view.get("phase") == "throne":
                words.append(t("declare.grab"))
            elif kind == "open_guard":
                solo = view.get("emperor") == me
                words.append(t("declare.open_solo" if solo else "declare.open_guard"))
            elif kind == "rebel":
                words.append(t("declare.rebel"))
        return "".join(t.plain(" · ") + w for w in words)

    def auto_stays(self, view: BaohuangView, me: int) -> bool:
        """Put on 托管 more than AUTO_LIMIT times this round (R-AUTO-2): on till it ends."""
        strict = view.get("strict_auto")
        return strict is not None and strict["on"][me] and strict["times"][me] > AUTO_LIMIT

    def auto_words(self, view: BaohuangView, me: int, names: list[str], t: Translator) -> str:
        """R-AUTO-2 (``strict_auto``): on 托管, what the round's end will bring (not scored,
        the match's end) and whether it stays on; off it, how many of my switches are left
        and who else is on it."""
        strict = view.get("strict_auto")
        if strict is None:
            return ""
        on, times = strict["on"], strict["times"]
        if all(on):
            return t("auto.strict.all")
        if on[me]:
            return t("auto.strict.stays" if self.auto_stays(view, me) else "auto.strict.on")
        words = []
        if times[me] >= AUTO_LIMIT:
            words.append(t("auto.strict.last", n=AUTO_LIMIT))
        elif times[me]:
            words.append(t("auto.strict.count", n=times[me], limit=AUTO_LIMIT))
        others = [names[s] for s, seat_on in enumerate(on) if seat_on and s < len(names)]
        if others:
            words.append(t("auto.strict.others", names=t.join(others)))
        return t.plain(" · ").join(words)

    def leaving_note(self, view: BaohuangView, t: Translator) -> str | None:
        """R-AUTO-3: with a quit penalty, leaving the running match costs it at once."""
        points = view["options"].get("quit_penalty")
        if points and view["phase"] != "over":
            return t("quit.penalty_one" if points == 1 else "quit.penalty", points=points)
        return None

    def left_before(self, view: BaohuangView, seat: int, rows: Sequence[HistoryRow],
                    since: Sequence[int]) -> bool:
        """R-AUTO-3: the host takes the quit penalty once a match, at once: it is in a
        finished round's row, or in the totals since (nothing else moves them mid-round)."""
        return since[seat] < 0 or any(penalty["seat"] == seat for row in rows
                                      for penalty in cast(BaohuangRow, row)["penalties"])

    def decision(self, view: BaohuangView, kinds: list[str], names: list[str], t: Translator,
                 style: CardStyle) -> Dialog[Any] | None:
        kind = offers.dialog_of(view)  # the rules say which decision this is
        if kind == "call" and view["phase"] == "throne":  # baike: calling takes the throne
            others = tuple(k for k in ("decline", "grab") if k in kinds)
            return CallDialog(t, view, style.name, others, names)
        if kind == "throne":
            return ThroneDialog(t, view, kinds, names, style.name, style.glyph("SJ", marked=True))
        if kind == "call":
            return CallDialog(t, view, style.name)
        if kind == "grab":
            return GrabDialog(t, view)
        if kind == "declare":
            return StepDialog(t, view, kinds, names)
        return None

    def declaration(self, view: BaohuangView, kinds: list[str], names: list[str], t: Translator,
                    left: Callable[[], float | None]) -> Dialog[Any] | None:
        """The bots wait while I may declare: say what I may do, and that I may do nothing."""
        kinds = [k for k in kinds if k in ("grab", "open_guard")]
        to_act = view["to_act"]
        if view["phase"] == "throne" and to_act is not None:  # the candidate is offered it
            context = t("ask.throne", name=names[to_act])
        else:
            context = t("ask.first_lead")
        return DeclareDialog(t, view, kinds, context, left)

    def decision_key(self, view: BaohuangView) -> tuple[Any, ...]:
        return (view.get("round"), view.get("redeal"), view.get("phase"), view.get("candidate"),
                tuple(view.get("grabs", ())), view.get("forced"), view.get("moment"))

    def result_screen(self, t: Translator, end: Event, names: list[str],
                      totals: list[int], view: BaohuangView, following: HistoryRow | None,
                      style: CardStyle, auto_close: float | None) -> ResultScreen:
        number = end["round"]
        if following is not None:  # a Baohuang table's rows are Baohuang's
            tribute = cast(BaohuangRow, following)["tribute"]
        else:
            tribute = view["tribute"] if view["round"] == number + 1 else []
        last = view["phase"] == "over" and number == view["round"]
        strict = view.get("strict_auto")
        ended_on_auto = last and strict is not None and any(strict["on"])  # R-AUTO-2
        return RoundResultScreen(t, end, names, totals, tribute, last, style.name,
                            rules_of(view).tribute_flow is not TributeFlow.NONE, auto_close,
                            "result.last_auto" if ended_on_auto else "result.last")


BAOHUANG_PARTS = BaohuangParts()
