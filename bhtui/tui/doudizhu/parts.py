"""Dou Dizhu's parts of the shared table screen: the places beside the seats (the deal, the
bids, the bombs and the multiplier, the kitty and the mark card), the seat badges, the open
hand and reported cards above the hand, selections judged by the engine's ``parse_hand`` and
``beats``, the run key's order, and its dialogs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cmp_to_key
from typing import Any, cast

from rich.cells import cell_len
from rich.text import Text

from bhtui.cards import RANK_NAMES
from bhtui.doudizhu import beats, get_preset, parse_hand
from bhtui.doudizhu.hands import ACE, AIRPLANE, AIRPLANE_PAIRS, AIRPLANE_SINGLES, PAIR_RUN, STRAIGHT, Hand
from bhtui.doudizhu.offer import legal_from_view
from bhtui.tui.cardstyle import CardStyle
from bhtui.tui.dialogs import ResultScreen
from bhtui.tui.doudizhu.describe import (
    cards_words,
    describe,
    factor_units,
    hand_words,
    multiplier,
    shown_cards,
    split_factors,
    valued,
)
from bhtui.tui.doudizhu.dialogs import BidDialog, DealResultScreen, OpenDialog, ReportDialog
from bhtui.tui.i18n import Translator
from bhtui.tui.modal import Dialog
from bhtui.tui.parts import Label, TableParts
from bhtui.tui.prose import pack
from bhtui.tui.widgets import SEAT_ROWS, clip, rows, seat_lines
from bhtui.wire import Action, DoudizhuDealEnd, DoudizhuRow, DoudizhuView, Event, HistoryRow, TableSeat

TWO = RANK_NAMES.index("2")
# Where a run may go (C-HAND-6 / S-HAND-2): 3..A in classic; A 2 3 … K A in Shanghai.
RUNS = {False: list(range(ACE + 1)), True: [ACE, TWO, *range(ACE + 1)]}
RUNS_OF_ANY_LENGTH = frozenset({STRAIGHT, PAIR_RUN, AIRPLANE, AIRPLANE_SINGLES, AIRPLANE_PAIRS})
"""Hands whose kind does not say their size: only as many cards answer them."""
# The places beside the seats: the deal's facts, and the kitty with the factors.
INFO = {3: ("center", "right-bottom"), 4: ("left-top", "right-top")}
NAME_READ = 8
"""The landlord's name is read from this many cells of it and its ellipsis ("Landlord
Play…" left 4): shorter, the deal box says the role with the bid and the name alone."""


def landlord_name(view: DoudizhuView, names: list[str], t: Translator) -> str:
    seat = view["landlord"]
    return names[seat] if seat is not None and seat < len(names) else t("ddz.role.landlord")


class DouDizhuParts(TableParts[DoudizhuView]):
    game = "doudizhu"
    help_key = "ddz.help.body"
    round_key = "ddz.round"
    run_key = True
    choices = frozenset({"bid", "open", "skip", "report", "play", "pass"})
    told = frozenset({"bid", "landlord", "open", "report"})  # (头撂 is the landlord's)
    bot_words = {"ddz.log.report_stop": "ddz.log.report_stop.bot"}
    you_words = {key: f"you.{key}" for key in (
        "ddz.log.bid", "ddz.log.no_bid", "ddz.log.landlord", "ddz.log.kitty", "ddz.log.open",
        "ddz.log.skip_open", "ddz.log.skip_report", "ddz.log.report_fight",
        "ddz.log.report_stop", "ddz.log.play", "ddz.log.pass", "ddz.log.trick",
        "ddz.log.escape")}
    words_of = {"status.your_lead": "ddz.status.your_lead",
                "pane.scores.of": "ddz.pane.scores.of", "pane.scores.at": "ddz.pane.scores.at",
                "scores.title": "ddz.scores.title", "scores.none": "ddz.scores.none",
                "replay.keys": "ddz.replay.keys", "farewell.totals": "ddz.farewell.totals",
                "farewell.totals_since": "ddz.farewell.totals_since",
                "farewell.totals_first": "ddz.farewell.totals_first",
                "lobby.state.round": "ddz.lobby.state.round", "saved.lost": "ddz.saved.lost"}

    # ----- the table ---------------------------------------------------------------------
    def boxes(self, view: DoudizhuView, names: list[str], t: Translator,
              style: CardStyle, width: int = 14) -> dict[str, Text]:
        deal, kitty = INFO[len(view["seats"])]
        factors = split_factors(view)
        stake, won_at = "", None  # (the stake if he wins goes with its why where it fits)
        if view["stake"] is not None:
            stake = t("ddz.stake_line", stake=view["stake"] / multiplier(factors[1]))
            if factors[1]:
                said = stake + t("ddz.stake_if_won", stake=view["stake"])
                if cell_len(said) <= width:
                    stake = said
                else:
                    won_at = view["stake"]
        return {deal: self._deal_box(view, names, t, style, width, stake, factors[0]),
                kitty: self._kitty_box(view, t, style, factors, width, won_at)}

    def _deal_box(self, view: DoudizhuView, names: list[str], t: Translator, style: CardStyle,
                  width: int, stake: str, certain: dict[str, str]) -> Text:
        """The deal and the bid, the bidding or the landlord, the bombs played with the
        current multiplier (C-PLAY-5's running multiplier), and the stake: a line each, in
        a seat box's 14 cells. While bidding, a deal dealt again says how often on a line of
        its own (no stake yet: the line is free); "Deal 3 · redeal 1" broke at 80x24. What
        counts only if the landlord wins (头撂's ×4/3, 报到's ×2) is left out of the
        multiplier and the stake and said after it: "Stake 3, win 4". The landlord's name is
        cut to the line (two lines pushed the stake out of the box); where that would leave
        less than NAME_READ cells of it ("Landlord Play…"), the head says "Landlord bid 3"
        and the line the name alone."""
        head = t(self.round_key, n=view["round"])
        if view["bid"] is not None:
            head += t("ddz.bid_short", bid=view["bid"])
        lines = [Text(head, style="bold")]
        if view["bid"] is None and view["redeal"]:
            lines.append(Text(t("ddz.redeal_line", n=view["redeal"])))
        if view["landlord"] is None:
            lines.append(Text(t("ddz.bidding", high=view["high"]) if view["high"]
                              else t("ddz.no_bid_yet")))
        else:
            name = landlord_name(view, names, t)
            room = width - cell_len(t("ddz.landlord_line", name=""))
            if cell_len(name) <= room or room > NAME_READ:
                said = t("ddz.landlord_line", name=clip(name, room, style.ellipsis))
            else:  # the role goes up, the deal's number being in the scores' title
                lines[0] = Text(t("ddz.landlord_bid", bid=view["bid"]), style="bold")
                said = clip(name, width, style.ellipsis)
            lines.append(Text(said, style="bold"))
        lines.append(Text(t("ddz.bombs_line", n=view["bombs"], m=multiplier(certain)),
                          style="bold" if view["bombs"] else ""))
        if stake:  # the stake as it stands, and if the landlord wins
            lines.append(Text(stake))
        return Text("\n").join(lines)

    def _kitty_box(self, view: DoudizhuView, t: Translator, style: CardStyle,
                   factors: tuple[dict[str, str], dict[str, str]], width: int,
                   won_at: float | None) -> Text:
        """The kitty when this viewer may see it (C-BID-4, S-BID-4), the mark card
        (S-DEAL-1) and the factors that multiply the stake now — and, where the deal box
        had no room for it, the stake if the landlord wins. The mark card, which decides a
        ×2, is never left out: it went first, and at 80x24 the landlord lost it. It is a
        word among the factors, each a word no line breaks (``摊打×2``), two to a line where
        they fit ("Mark K open×2"). Where the box's lines are too few: the factors without
        their Chinese terms ("open×2"), then those certain now named without their values
        (the deal box's multiplier has them), then left out; what a win would add keeps its
        value ("摊打 win: 头撂" said nothing of ×4/3) but in the last tries. In a kitty
        shown, the mark card is reversed on its own card too, and only there in the very
        last try (every factor of Shanghai at once, in English)."""
        mark, certain, if_won = view.get("mark"), *factors
        if view["kitty"] is not None:
            kitty = Text(t("ddz.kitty", cards=" ".join(view["kitty"])))
            if mark in view["kitty"]:  # the mark card is a kitty card: shown on it too
                at = len(t("ddz.kitty", cards="")) + len(" ".join(
                    view["kitty"][:view["kitty"].index(mark)] + [""]))
                kitty.stylize("reverse", at, at + len(mark))
        else:
            kitty = Text(t("ddz.kitty_hidden", n=view["kitty_size"]), style="dim")
        marked = []  # the mark card with its factor, "Mark BJ×2" (a joker mark's, S-SCORE-1)
        if mark:
            marked = [t("ddz.mark", card=style.name(mark))]
            if "mark" in certain:
                marked = [valued(marked[0], certain["mark"], t)]
                certain = {k: v for k, v in certain.items() if k != "mark"}

        def units(factors: dict[str, str], values: bool, termed: bool) -> list[str]:
            """The factors' words, each with its Chinese term in English where it fits a
            line (a word cut across lines read "opener (头撂)×" over "4/3")."""
            bare = factor_units(factors, t, values, termed=False)
            return [word if cell_len(word) <= width else alone for word, alone in zip(
                factor_units(factors, t, values, termed), bare, strict=True)]

        def said(now: bool | None, won: bool = True, termed: bool = False,
                 mark_word: bool = True) -> list[Text]:
            """The mark card, the factors certain now with their values (True), named
            (False) or left out (None), and what a win adds, "win:" with its first factor
            where they fit a line; ``termed``: with their Chinese terms in English. The
            lines are broken here, where they are measured: Textual breaks a no-break
            space."""
            words = marked if mark_word else []
            words = words + ([] if now is None else units(certain, now, termed))
            if if_won:
                later = units(if_won, won, termed)
                key, at = ("ddz.if_won", {}) if won_at is None else ("ddz.if_won_at",
                                                                     {"stake": won_at})
                glued = t(key, factors=later[0], **at)
                label = t(key, factors="", **at).rstrip()
                words += [glued] if cell_len(glued) <= width else [label, later[0]]
                words += later[1:]
            lines = [Text(line) for line in pack("", words, " ", width)] if words else []
            if mark in ("SJ", "BJ") and mark_word:  # (a factor: it stands out)
                lines[0].highlight_words(marked, style="bold")
            return [kitty, *lines]

        tries = [said(True, termed=True), said(True), said(False)]
        if view["landlord"] is not None:
            tries += [said(None), said(None, won=False)]
        if view["kitty"] is not None and mark in view["kitty"]:  # (marked on the kitty)
            tries.append(said(None, won=False, mark_word=False))
        box = next((lines for lines in tries if rows(lines, width) <= SEAT_ROWS), tries[-1])
        return Text("\n").join(box)

    def notes(self, view: DoudizhuView, names: list[str], t: Translator,
              style: CardStyle) -> Text | None:
        """摊打's open hand (S-BID-5) or the reported groups still held (S-BID-6)."""
        landlord = view["landlord"]
        if landlord is None or view["phase"] in ("done", "over"):
            return None
        name = landlord_name(view, names, t)
        if view["open_hand"] and view["viewer"] != landlord:  # his own hand is below
            cards = cards_words(view["seats"][landlord]["shown"], style.plain)
            return Text(t("ddz.shown.open", name=name, cards=cards))
        if view.get("locked"):
            groups = ", ".join(cards_words(g, style.plain) for g in view["locked"])
            return Text(t("ddz.shown.report", name=name, cards=groups))
        return None

    def seat_lines(self, seat: int, view: DoudizhuView, table: list[TableSeat],
                   me: int | None, t: Translator, style: CardStyle, **kw: Any) -> list[Text]:
        return seat_lines(seat, view, table, me, t, style, badges=self._badges(seat, view, t),
                          shown=lambda cards: self.shown_cards(cards, view), **kw)

    def _badges(self, seat: int, view: DoudizhuView, t: Translator) -> Text:
        info, out = view["seats"][seat], Text(no_wrap=True, overflow="ellipsis")
        if info["role"] == "landlord":
            # no brackets, as the bids' badges: "landlord 托管" fits a side seat's 14 cells
            out.append(t("ddz.badge.landlord") + " ", style="bold")
        if view["phase"] == "bid" and info["bid"] is not None:
            out.append((t("ddz.bid_badge", n=info["bid"]) if info["bid"] else t("ddz.no_bid"))
                       + " ", style="dim" if not info["bid"] else "")
        if info["bomb_limit"] is not None:  # S-BID-7
            out.append(t("ddz.bomb_badge", n=info["bombs"], limit=info["bomb_limit"]) + " ")
        return out

    def describe(self, event: Event, names: list[str], t: Translator,
                 view: Mapping[str, Any], label: Label,
                 earlier: Iterable[Event] = ()) -> str | None:
        return describe(event, names, t, view, label)

    def move_words(self, event: Event, view: Mapping[str, Any], t: Translator) -> str | None:
        if event.get("type") == "play":
            return hand_words(event["hand"], view.get("preset", "classic"), t.language)
        return "" if event.get("type") == "pass" else None

    def roles(self, event: Event) -> dict[str, Any]:
        return {"landlord": event["seat"]} if event.get("type") == "landlord" else {}

    # ----- my turn ------------------------------------------------------------------------
    def top_words(self, view: DoudizhuView, t: Translator) -> str:
        top = view["top"]
        return hand_words(str(top["hand"]), view["preset"], t.language) if top else ""

    def shown_cards(self, cards: list[str], view: DoudizhuView) -> list[str]:
        return shown_cards(cards, view.get("preset", "classic"))

    def selection_words(self, cards: list[str], view: DoudizhuView, label: Label) -> str:
        """A selection that makes a hand is written as the engine writes the hand (a
        Shanghai run as it runs, S-HAND-2: ``A A 2 2 3 3``) with what it carries last
        (``9 9 9 + 3``), as the log and the table do."""
        try:
            cards = shown_cards(parse_hand(" ".join(cards), view["preset"]).text.split(),
                                view["preset"])
        except ValueError:
            pass  # not a hand: as picked (the status says why)
        return " ".join(cards)

    def selection_problem(self, cards: list[str], view: DoudizhuView,
                          t: Translator) -> str | None:
        """As the engine would refuse it: not a hand, not beating the top, a bomb past the
        seat's limit (S-BID-7), a reported group split (S-BID-6)."""
        if not cards:
            return t("status.nothing")
        preset = view["preset"]
        try:
            hand = parse_hand(" ".join(cards), preset)
        except ValueError:
            return t("ddz.status.not_hand")
        me = view["viewer"]
        assert isinstance(me, int), "only a seat selects cards to play"
        for group in view.get("locked", ()) if me == view["landlord"] else ():
            held = parse_hand(group, preset)
            ranks = {r for r, _ in held.need}
            if held.need != hand.need and any(r in ranks for r, _ in hand.need):
                return t("ddz.status.locked", group=group)
        info = view["seats"][me]
        if hand.is_bomb and info["bomb_limit"] is not None \
                and info["bombs"] >= info["bomb_limit"]:
            return t("ddz.status.bomb_limit")
        top = view.get("top")
        if top and not beats(hand, top["hand"], preset):
            asked = parse_hand(top["hand"], preset)
            if hand.is_bomb or (hand.kind, hand.size) == (asked.kind, asked.size):
                return t("ddz.status.must_beat", hand=self.top_words(view, t))
            # Another shape: Q Q on a 7 said "must beat 7", which it seems to
            size = t("ddz.status.size", n=asked.size) if asked.kind in RUNS_OF_ANY_LENGTH \
                else ""
            return t("ddz.status.must_match", hand=self.top_words(view, t),
                     kind=t(f"ddz.kind.{asked.kind}"), size=size)
        return None

    def play_action(self, cards: list[str], view: DoudizhuView) -> Action:
        return {"type": "play", "hand": " ".join(cards)}

    def hint_cards(self, action: Action, hand: list[str],
                   view: DoudizhuView) -> list[str]:
        return str(action["hand"]).split()

    def hint_plays(self, view: DoudizhuView) -> list[Action]:
        """The engine's order, singles up, then pairs, trios, runs and bombs, as a 提示 key
        leafs through them: one hand of each shape, rank and length, with its lowest kickers
        (each kicker counted as a play of its own made an airplane 137 presses long); the
        bombs weakest first (Shanghai's five 6s beat four 10s, S-HAND-3, and came first)."""
        preset = view["preset"]
        seen: set[tuple[str, int, int]] = set()
        plays: list[tuple[Hand, Action]] = []
        bombs: list[tuple[Hand, Action]] = []
        for action in legal_from_view(view):
            if action["type"] != "play":
                continue
            hand = parse_hand(str(action["hand"]), preset)
            if (hand.kind, hand.main, hand.size) not in seen:
                seen.add((hand.kind, hand.main, hand.size))
                (bombs if hand.is_bomb else plays).append((hand, action))

        def weaker(a: tuple[Hand, Action], b: tuple[Hand, Action]) -> int:
            return -1 if beats(b[0], a[0], preset) else 1 if beats(a[0], b[0], preset) else 0
        return [action for _, action in plays + sorted(bombs, key=cmp_to_key(weaker))]

    def can_beat(self, view: DoudizhuView) -> bool:
        return any(a["type"] == "play" for a in legal_from_view(view))

    def run_order(self, view: DoudizhuView) -> list[int]:
        return RUNS[get_preset(view["preset"]).specials]

    def run_to_beat(self, view: DoudizhuView) -> dict[int, int]:
        """The run on the table, if any, as {cards a rank: ranks}: x picks one as long
        (7 then x on 6 7 8 9 10 took 7 to Q, a run that beats nothing)."""
        top = view["top"]
        if top is None or view["to_act"] == top["seat"]:
            return {}
        size = len(top["hand"].split())
        per = {STRAIGHT: (1, 1), PAIR_RUN: (2, 2), AIRPLANE: (3, 3),
               AIRPLANE_SINGLES: (3, 4), AIRPLANE_PAIRS: (3, 5)}.get(top["kind"])
        return {} if per is None else {per[0]: size // per[1]}

    def leaving_note(self, view: DoudizhuView, t: Translator) -> str | None:
        """S-SCORE-5: with the escape option, leaving a deal that has a landlord is 逃跑."""
        return t("ddz.quit.escape") if self._escapes(view) else None

    def leaving_question(self, view: DoudizhuView) -> str | None:
        """S-SCORE-5: an escape is scored, so the match is saved with this deal over ("It is
        saved: to play on later…" beside the escape read as this deal going on)."""
        return "ddz.quit.question_escape" if self._escapes(view) else None

    def leave_ends_match(self, view: DoudizhuView) -> bool:
        """S-SCORE-5: an escape ends the deal, and in the match's last deal the match."""
        return self._escapes(view) and view["rounds"] is not None \
            and view["round"] >= view["rounds"]

    def left_before(self, view: DoudizhuView, seat: int, rows: Sequence[HistoryRow],
                    since: Sequence[int]) -> bool:
        """S-SCORE-5: the host counts one escape a match for leaving or running out of
        time; a disconnection's counts for that absence only, which ended as I came back.
        An escape ends its deal, so it is in a finished deal's row."""
        return any((escape := cast(DoudizhuRow, row)["escape"]) is not None
                   and escape["seat"] == seat and escape["why"] != "disconnected"
                   for row in rows)

    @staticmethod
    def _escapes(view: DoudizhuView) -> bool:
        """Leaving now is an escape: the option is on and the deal has a landlord."""
        return bool(view["options"].get("escape")) and view["landlord"] is not None \
            and view["phase"] not in ("done", "over")

    # ----- decisions and results ------------------------------------------------------------
    def decision(self, view: DoudizhuView, kinds: list[str], names: list[str], t: Translator,
                 style: CardStyle) -> Dialog[Any] | None:
        actions = view.get("actions", [])
        if view["phase"] == "bid":
            return BidDialog(t, view, names)
        if view["phase"] == "open":
            return OpenDialog(t, actions)
        if view["phase"] == "report":
            return ReportDialog(t, actions)
        return None

    def result_screen(self, t: Translator, end: Event, names: list[str],
                      totals: list[int], view: DoudizhuView, following: HistoryRow | None,
                      style: CardStyle, auto_close: float | None) -> ResultScreen:
        last = view["phase"] == "over" and end["round"] == view["round"]
        deal = cast(DoudizhuDealEnd, end)  # this game's round end is its ``result`` event
        return DealResultScreen(t, deal, names, totals, last, view["options"]["base"],
                                auto_close, style.name)


DOUDIZHU_PARTS = DouDizhuParts()
