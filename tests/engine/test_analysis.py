"""A game's analysis (issue 31): what hard makes of one seat's decisions, from that seat's view
alone (R-HIDE-2), marked where they cost, kept beside the log."""

from __future__ import annotations

import json
import random
import re
import stat
import unicodedata
from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from analysis_helpers import played_log, strict_log
from bhtui.analysis import Cancelled, analyse, cache_path, cached, report_json, review_of, save
from bhtui.cards import parse_card, rank_of
from bhtui.doudizhu.deal import Deal as DoudizhuDeal
from bhtui.doudizhu.deal import shuffled_deal as doudizhu_deal
from bhtui.doudizhu.hands import counts_of_text
from bhtui.games import Game, rules_named
from bhtui.rules.deal import Deal, dealer_after, shuffled_deal
from bhtui.store.gamelog import GameLog
from bhtui.store.replay import Replay
from bhtui.tui.analysis_words import report
from bhtui.tui.i18n import Translator
from file_modes import as_a_user

from strategies import examples

FEW = 4
EN = Translator("en")
"""`bhtui analyse`'s words for a player who reads English."""
SHUFFLED = [("baohuang", "qingdao"), ("baohuang", "baike"), ("baohuang", "lianzhong-classic"),
            ("doudizhu", "classic"), ("doudizhu", "shanghai")]
"""Playouts per decision where only sameness is checked: noisy, but as noisy both times."""


def bot_replay(preset: str, game: str, seed: int, limit: int, level: str = "normal") -> Replay:
    """The first ``limit`` actions of a match of ``level`` bots (fewer if it ends)."""
    played, rules = rules_named(preset, game)
    match = played.new_match(rules, seed, 1)
    bots = [played.make_bot(level, s) for s in range(played.seats(rules))]
    actions = []
    while len(actions) < limit and not match.over and match.to_act is not None:
        seat = match.to_act
        action = played.decide(bots[seat], match, seat)
        match.apply(seat, action)
        actions.append((seat, action))
    return Replay(preset, {}, seed, 1, actions, game=game, persons=[0])


def as_played(replay: Replay) -> Replay:
    """``replay`` with each play naming the very cards it laid (the engine picks a set's
    suits from the hand, which another deal would make other suits); Dou Dizhu's name
    ranks already."""
    if replay.game == "doudizhu":
        return replay
    actions = []
    for (seat, action), events in zip(replay.actions, replay.events[1:], strict=True):
        if action["type"] == "play":
            action = {"type": "play", "cards": next(e["cards"] for e in events
                                                    if e["type"] == "play")}
        actions.append((seat, action))
    return Replay(replay.preset, {}, replay.seed, 1, actions, game=replay.game, persons=[0])


def dealt_again(hands: tuple[tuple[int, ...], ...], shown: dict[int, Counter[int]], seat: int,
                rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """``hands`` with every card the other seats hold and never show (``shown``) dealt among
    them again at random, each keeping his count: all ``seat`` could not see."""
    others = [s for s in range(len(hands)) if s != seat]
    kept = {s: Counter(hands[s]) & shown[s] for s in others}
    free = [c for s in others for c in (Counter(hands[s]) - kept[s]).elements()]
    rng.shuffle(free)
    out = list(hands)
    for s in others:
        n = len(hands[s]) - sum(kept[s].values())
        out[s] = tuple(sorted([*kept[s].elements(), *free[:n]]))
        free = free[n:]
    return tuple(out)


def reshuffled(replay: Replay, seat: int, rng: random.Random) -> Any:
    """Round 1's deal, the cards the other seats never show in ``replay`` (play, or in
    Baohuang call the rank of) dealt among them again; Dou Dizhu's kitty stays (everyone
    sees it, or nobody until it is the landlord's)."""
    rules, shown = replay.rules, {s: Counter() for s in range(replay.seats)}
    if replay.game == "doudizhu":
        deal = doudizhu_deal(rules, replay.seed, 1, 0)
        for events in replay.events[1:]:
            for event in events:
                if event["type"] == "play":
                    counts = counts_of_text(event["hand"])
                    shown[event["seat"]].update({r: n for r, n in enumerate(counts) if n})
        first = deal.first if rules.random_first_bidder else 0  # as the match draws it
        return DoudizhuDeal(dealt_again(deal.hands, shown, seat, rng), deal.kitty, first,
                            deal.mark)
    deal = shuffled_deal(rules, replay.seed, 1, 0, dealer_after(rules, None))
    for (acted, action), events in zip(replay.actions, replay.events[1:], strict=True):
        if action["type"] == "call":
            rank = rank_of(parse_card(action["card"]))
            shown[acted].update({c: 4 for c in deal.hands[acted] if rank_of(c) == rank})
        for event in events:
            if event["type"] == "play":
                shown[event["seat"]].update(parse_card(c) for c in event["cards"])
    return Deal(dealt_again(deal.hands, shown, seat, rng), deal.first_candidate,
                deal.guard_card, deal.dealer)


def dealt(deal: Any, replay: Replay) -> Replay | None:
    """``replay``'s actions on ``deal`` (the engine's own scripted first deal); None when
    they are not all legal there."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Game, "new_match", lambda self, rules, seed, rounds=None:
                      self.match_type(rules, seed, rounds=rounds, first_deal=deal))
        try:
            again = Replay(replay.preset, {}, replay.seed, 1, replay.actions,
                           game=replay.game, persons=[0])
        except replay.played.illegal:
            return None
    return again


@examples(6)
@given(seed=st.integers(0, 10**6), shuffle=st.integers(0, 10**6))
@pytest.mark.slow
@pytest.mark.parametrize("game, preset", SHUFFLED)
def test_R_HIDE_2_cards_the_seat_could_not_see_change_nothing_in_its_analysis(
        game, preset, seed, shuffle):
    """The other seats' unseen cards dealt otherwise — every view of the analysed seat the
    same, so the seat could not tell the two games apart — give the very same analysis:
    the same moves weighed, the same choices, means and marks."""
    replay = as_played(bot_replay(preset, game, seed, 60))
    assume(replay.events[0][0].get("redeal") == 0)  # round 1 dealt once: its deal is known
    other = dealt(reshuffled(replay, 0, random.Random(shuffle)), replay)
    assume(other is not None)
    assert other is not None
    for k, (s, _) in enumerate(replay.actions):
        if s == 0:
            assume(replay.match_at(k).view(0) == other.match_at(k).view(0))
    hidden = [replay.match_at(0).view("all")["hands"][s] for s in range(1, replay.seats)]
    assume(hidden != [other.match_at(0).view("all")["hands"][s] for s in range(1, replay.seats)])
    mine, theirs = analyse(replay, 0, FEW), analyse(other, 0, FEW)
    assert mine.decisions == theirs.decisions and mine.decisions


BAD_SEED, BAD_AT, NEUTRAL_AT = 1, 47, 32
"""Seed 1 of qingdao with normal bots: at action 47 seat 0 may pass on a trick of others'
that it cannot hold for long, or break its 2 2 and BJ BJ to beat it; at action 32 it leads,
with several leads about as good."""


def test_breaking_the_best_cards_when_passing_wins_is_marked_and_a_neutral_move_is_not(
        tmp_path):
    """Seat 0 plays as normal does but once: at action 47 it spends two 2s and two BJs on
    a trick where passing is what wins (hard's choice). That move is marked, with what it
    cost; a lead hard finds nearly as good as its own is not. The round's summary adds up
    the marked moves."""
    def spend(match, seat):
        if len(match.actions) != BAD_AT:
            return None
        return next(a for a in match.legal_actions(0) if a.get("set") == "2 2 BJ BJ")

    path = played_log(tmp_path, "qingdao", "baohuang", BAD_SEED, mine=spend)
    whole = Replay.from_log(GameLog.load(path))
    replay = Replay(whole.preset, whole.options, whole.seed, whole.rounds,
                    whole.actions[:BAD_AT + 1], game=whole.game, persons=[0])
    review = analyse(replay, 0)
    bad = review.at(BAD_AT + 1)
    assert bad is not None and bad.played["set"] == "2 2 BJ BJ" and bad.best["type"] == "pass"
    assert bad.marked(2) and bad.cost is not None and bad.cost > 1.0
    neutral = review.at(NEUTRAL_AT + 1)  # 4 4 where hard leads 9 9 9: nearly as good
    assert neutral is not None and neutral.played["set"] == "4 4" and not neutral.marked(2)
    (summary,) = review.summary(2)
    marks = review.marks(2)
    assert bad in marks and neutral not in marks
    assert (summary.round, summary.marked) == (1, len(marks))
    assert summary.cost == round(sum(d.figures(2)[2] or 0 for d in marks), 2)


def test_a_round_lost_by_moves_just_under_the_mark_does_not_read_as_faultless(tmp_path):
    """Five moves costing 0.6 to 0.97 each (about 4 points, a round lost) summed up as
    "0 decisions cost 0.0 points": the summary now says nothing was marked and counts
    those apart; a round with a mark says both. A second look says its analysis was kept,
    not made again in the seconds it gives."""
    from bhtui.analysis.review import Decision, Review, digest_of

    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=40)
    replay = Replay.from_log(GameLog.load(path))
    move = {"type": "pass"}

    def decision(position: int, round_: int, cost: float) -> Decision:
        return Decision(position, round_, move, move, 1.0 - cost, 1.0, 3)

    costs = {1: [0.97, 0.91, 0.97, 0.81, 0.62, 0.2], 2: [1.4, 0.7, 0.1]}
    decisions = [decision(10 * r + i, r, c) for r, cs in costs.items()
                 for i, c in enumerate(cs)]
    save(path, Review(0, FEW, digest_of(replay), decisions, seconds=67.7, rounds=2))
    lines = report(replay, 0, FEW, EN).splitlines()
    assert "round 1: nothing marked; 5 cost 0.5 to 1 point each (4.3 together) " \
           "(of 6 weighed)" in lines
    assert "round 2: 1 decision cost 1.4 points; 1 more cost 0.5 to 1 point (0.7) " \
           "(of 3 weighed)" in lines
    assert lines[-1].startswith("kept beside the log from the first analysis: analysed 2 "
                                "rounds in 67.7 s")


def test_a_report_of_one_decision_one_deal_and_one_round_counts_them_in_the_singular(tmp_path):
    """`bhtui analyse --playouts 1` of a one-round game read "1 decisions weighed by hard, 1
    deals each; 1 taken by 托管 are not counted" and "analysed 1 rounds in 3.0 s"."""
    from bhtui.analysis.review import Decision, Review, digest_of

    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=10)
    replay = Replay.from_log(GameLog.load(path))
    move = {"type": "pass"}
    one = Decision(3, 1, move, move, 0.0, 0.0, 1, auto=True)
    save(path, Review(0, 1, digest_of(replay), [one], seconds=3.0, rounds=1))
    lines = report(replay, 0, 1, EN).splitlines()
    assert "1 decision weighed by hard, 1 deal each;" in lines[0]
    assert lines[0].endswith("; 1 taken by 托管 is not counted"), lines[0]
    assert lines[-1].endswith("analysed 1 round in 3.0 s (one core)"), lines[-1]


def test_analyse_prints_each_cost_as_the_difference_of_the_means_it_prints(tmp_path):
    """"played … +1.24   hard … +2.26  cost 1.01": the cost was the unrounded means'
    difference rounded, not that of the means printed beside it. It is now theirs (1.02),
    and a round's summary adds the costs as printed; the replay does the same to a tenth
    (three marked moves of 1.04 each read "cost 1.1" and added up to 3.3, not 3.1)."""
    from bhtui.analysis.review import Decision, Review, digest_of

    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=40)
    replay = Replay.from_log(GameLog.load(path))
    move = {"type": "pass"}
    save(path, Review(0, FEW, digest_of(replay),
                      [Decision(k, 1, move, move, 1.244, 2.256, 3) for k in (3, 7, 9)]))
    lines = report(replay, 0, FEW, EN).splitlines()
    assert sum("+1.24   hard pass +2.26  cost 1.02" in line for line in lines) == 3
    assert "round 1: 3 decisions cost 3.1 points (of 3 weighed)" in lines
    (tenths,) = Review(0, FEW, "", [Decision(k, 1, move, move, 1.24, 2.28, 3)
                                    for k in (3, 7, 9)]).summary(digits=1)
    assert tenths.cost == 3.3


def test_analyse_marks_a_decision_as_its_printed_cost_reads(tmp_path):
    """"! #4 played pass +1.01   hard pass +2.01  cost 1.00": marked as costing more than a
    point on its unrounded cost (1.004) beside a cost printed as 1.00. Marks, the round's
    summary and the JSON's marked positions follow the cost printed."""
    from bhtui.analysis.review import Decision, Review, digest_of

    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=40)
    replay = Replay.from_log(GameLog.load(path))
    move = {"type": "pass"}
    save(path, Review(0, FEW, digest_of(replay), [Decision(3, 1, move, move, 1.006, 2.01, 3),
                                                  Decision(7, 1, move, move, 1.0, 2.02, 3)]))
    lines = report(replay, 0, FEW, EN).splitlines()
    assert "   #4     played pass  +1.01   hard pass +2.01  cost 1.00" in lines
    assert " ! #8     played pass  +1.00   hard pass +2.02  cost 1.02" in lines
    assert "round 1: 1 decision cost 1.0 points; 1 more cost 0.5 to 1 point (1.0) " \
           "(of 2 weighed)" in lines
    assert json.loads(report_json(replay, 0, FEW))["marked"] == [7]


def test_the_analysis_is_kept_beside_the_log_private_and_only_for_that_game(tmp_path):
    """A second look reads the analysis kept beside the log (0600: it says what the seat
    held); a log with other actions, another seat or playout count, or an analysis kept by
    a version that analysed otherwise, is analysed anew."""
    path = played_log(tmp_path, "qingdao", "baohuang", 4)
    replay = Replay.from_log(GameLog.load(path))
    first = review_of(replay, 0, FEW)
    kept = cache_path(path)
    assert kept.exists() and stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert cached(path, replay, 0, FEW) == first
    assert cached(path, replay, 1, FEW) is None and cached(path, replay, 0, FEW + 1) is None
    shorter = Replay(replay.preset, replay.options, replay.seed, replay.rounds,
                     replay.actions[:-1], game=replay.game, persons=[0])
    assert cached(path, shorter, 0, FEW) is None
    other = analyse(shorter, 1, FEW)
    save(path, other)
    assert cached(path, replay, 0, FEW) == first  # beside the first, not over it
    older = json.loads(kept.read_text(encoding="utf-8"))
    for entry in older.values():
        entry["version"] -= 1  # kept by a bhtui that analysed otherwise
    kept.write_text(json.dumps(older), encoding="utf-8")
    assert cached(path, replay, 0, FEW) is None
    kept.write_text("{not json")
    assert cached(path, replay, 0, FEW) is None


def test_a_cancelled_analysis_stops_and_keeps_nothing(tmp_path):
    import threading

    path = played_log(tmp_path, "qingdao", "baohuang", 4)
    replay = Replay.from_log(GameLog.load(path))
    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if done == 3:
            stop.set()

    with pytest.raises(Cancelled):
        analyse(replay, 0, FEW, progress, stop)
    assert seen[-1][0] == 3 and seen[-1][1] == sum(1 for s, _ in replay.actions if s == 0)
    assert not cache_path(path).exists()


def test_analyse_prints_each_decision_a_summary_and_its_speed(tmp_path, cli, nothing_starts):
    """`bhtui analyse FILE` and `--json`; another seat of a game not over is refused, and
    so is a seat the game does not have."""
    path = played_log(tmp_path, "qingdao", "baohuang", 4, people=(0, 1), limit=40, keeper=0)
    done = cli("analyse", str(path), "--playouts", str(FEW))
    assert done.returncode == 0
    assert "seat 1 (P0)" in done.stdout and "round 1: " in done.stdout
    assert "analysed 1 round in " in done.stdout and " s (one core)" in done.stdout
    done = cli("analyse", str(path), "--playouts", str(FEW), "--json")
    data = json.loads(done.stdout)
    assert data["seat"] == 0 and data["decisions"] and data["summary"][0]["round"] == 1
    assert {"played", "best", "played_mean", "best_mean"} <= set(data["decisions"][0])
    refused = cli("analyse", str(path), "--seat", "2")  # (P1's, numbered from 1)
    assert refused.returncode == 2 and "hidden from you" in refused.stderr
    assert "your seat is 1" in refused.stderr
    refused = cli("analyse", str(path), "--seat", "7")
    assert refused.returncode == 2 and "seats 1 to 5" in refused.stderr


def test_analyse_of_an_open_game_whose_log_names_no_seat_of_yours_says_so(tmp_path, cli,
                                                                         nothing_starts):
    """Two people sat, the game is not over, and the log (from before the host's seat was
    kept) names none as his: nothing is analysed, and the refusal no longer names a seat
    as his ("your seat is 0") that the log never said was."""
    path = played_log(tmp_path, "qingdao", "baohuang", 4, people=(0, 1), limit=40)
    for seat in ((), ("--seat", "1")):
        refused = cli("analyse", str(path), "--playouts", str(FEW), *seat)
        assert refused.returncode == 2 and "does not say which seat was yours" in refused.stderr
        assert "your seat is" not in refused.stderr


def test_the_help_and_the_readme_name_as_many_deals_as_the_analysis_plays(cli):
    """They said 32 after the analysis went to 64 deals a candidate."""
    from pathlib import Path

    from bhtui.analysis.review import PLAYOUTS

    readme = Path(__file__).resolve().parents[2] / "README.md"
    assert f"candidate out on ({PLAYOUTS})" in " ".join(cli("analyse", "--help").stdout.split())
    assert f"on the same {PLAYOUTS} deals" in " ".join(readme.read_text().split())


DEEP = "[" * 100000 + "]" * 100000
"""A cache nested past the JSON parser's depth: json.loads raised RecursionError."""


def test_a_cache_that_cannot_be_read_is_no_cache_and_is_replaced_whole_and_private(
        tmp_path, cli):
    """A cache nested deeper than the parser goes printed a RecursionError traceback; it is
    no cache now, and the analysis is kept in its place, 0600. A link standing there is
    replaced, never written through (the file it pointed at was rewritten)."""
    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=40)
    kept = cache_path(path)
    kept.write_text(DEEP)
    done = cli("analyse", "--playouts", "1", "--seat", "1", str(path))
    assert done.returncode == 0 and "seat 1 (P0)" in done.stdout
    replay = Replay.from_log(GameLog.load(path))
    assert cached(path, replay, 0, 1) is not None
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    other = tmp_path / "notes.txt"
    other.write_text("mine")
    kept.unlink()
    kept.symlink_to(other)
    assert cli("analyse", "--playouts", "2", str(path)).returncode == 0
    assert other.read_text() == "mine" and not kept.is_symlink()
    assert cached(path, replay, 0, 2) is not None
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600


def test_an_analysis_is_shown_and_not_kept_where_its_log_s_folder_takes_no_file(tmp_path):
    """A friend's log in a folder that is not ours to write: keeping the analysis beside it
    was a PermissionError traceback, and the analysis was lost."""
    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=40)
    tmp_path.chmod(0o555)
    try:
        done = as_a_user("import sys\nfrom bhtui.cli import main\n"
                         f"sys.exit(main(['analyse', '--playouts', '1', {str(path)!r}]))")
    finally:
        tmp_path.chmod(0o700)
    assert done.returncode == 0, done.stderr
    assert "seat 1 (P0)" in done.stdout and "round 1: " in done.stdout
    assert not cache_path(path).exists()


def test_a_log_larger_than_any_game_is_refused_unread_naming_the_bound(tmp_path, cli,
                                                                       nothing_starts):
    """A 300 MB log was read whole (641 MB at its peak) before a refusal; one past MAX_LOG
    is refused by its size, the bound named, by `analyse` and `replay` alike, none of it
    read into memory."""
    import tracemalloc

    from bhtui.store.gamelog import MAX_LOG

    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=40)
    with path.open("r+b") as file:
        file.truncate(MAX_LOG + 1)  # the game, then zeros (sparse: nothing written)
    tracemalloc.start()
    try:
        for command in ("analyse", "replay"):
            done = cli(command, str(path))
            assert done.returncode == 2
            assert f"is larger than {MAX_LOG >> 20} MiB" in done.stderr
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MAX_LOG // 8


EVIL = "\x1b[2J\x1b]52;c;aGk=\x07\u202eevil\r\n\x00\x9bx"
"""A seat's name that clears the screen, writes the clipboard (OSC 52), reverses the text,
breaks the line, and holds a NUL and an 8-bit CSI."""


def test_analyse_prints_the_names_in_a_log_cleaned_text_and_json(tmp_path, cli):
    """The text output printed a log's seat names as they were, escape sequences and all;
    they are cleaned as the network cleans names, and --json is ASCII."""
    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=40, names={0: EVIL})
    done = cli("analyse", "--playouts", "1", str(path))
    assert done.returncode == 0
    assert "seat 1 (evil): " in done.stdout
    assert not [c for c in done.stdout.replace("\n", "")
                if unicodedata.category(c) in ("Cc", "Cf")]
    done = cli("analyse", "--playouts", "1", "--json", str(path))
    assert done.stdout.isascii() and json.loads(done.stdout)["name"] == "evil"


def test_R_AUTO_2_decisions_tuoguan_took_are_said_to_be_its_and_never_counted(tmp_path, cli):
    """Under R-AUTO-2 the rule's auto-player passed where hard would have played, and the
    report counted it as the person's mistake. Its decisions are listed as 托管's, with no
    mark, and left out of the marks, the summary's counts and the JSON's `marked`."""
    path = strict_log(tmp_path)
    done = cli("analyse", "--playouts", str(FEW), str(path))
    assert done.returncode == 0
    lines = [line for line in done.stdout.splitlines() if " #" in line]
    auto = [line for line in lines if line.endswith("托管, not counted")]
    own = [line for line in lines if line not in auto]
    assert auto and own and not [line for line in auto if line.startswith(" !")]
    assert any(float(line.split("cost ")[1].split()[0]) > 1.0 for line in auto)
    assert f"; {len(auto)} taken by 托管 are not counted" in done.stdout
    assert f"(of {len(own)} weighed; {len(auto)} by 托管 not counted)" in done.stdout
    data = json.loads(cli("analyse", "--playouts", str(FEW), "--json", str(path)).stdout)
    taken = {d["position"] for d in data["decisions"] if d["auto"]}
    assert len(taken) == len(auto) and not taken & set(data["marked"])
    assert data["summary"][0]["auto"] == len(auto)
    assert data["summary"][0]["analysed"] == len(own)


CARD = re.compile(r"(10|[2-9JQKA])[SHCD]|SJ|BJ|GC")


def test_analyse_writes_every_play_as_the_cli_writes_cards(tmp_path):
    """A person's plays name their cards (``QC QC QH QD``), a bot's and hard's their set by
    rank (``K K``): the report wrote both side by side. Every play is now the cards it laid
    (or hard's would have), as `bhtui sim` writes the called card: ``10H``, ``SJ``."""
    replay = as_played(bot_replay("qingdao", "baohuang", 1, 60))
    moves = re.findall(r"played (.+?) +(?:[-+]\d+\.\d\d|\?) +hard (.+?) +[-+]\d+\.\d\d",
                       report(replay, 0, FEW, EN))
    plays = [move for pair in moves for move in pair
             if move.split()[0] not in ("take", "call", "pass")]  # (the throne, pass)
    assert len(plays) > 4
    for play in plays:
        assert all(CARD.fullmatch(card) for card in play.split()), play


def test_analyse_keeps_its_columns_when_a_play_is_long():
    """A play of five 10s (``10H 10H 10S 10D 10C``) pushed the rest of its line right of
    the others': the columns are as wide as the longest move now, on every line."""
    replay = as_played(bot_replay("qingdao", "baohuang", 1, 120))
    lines = [line for line in report(replay, 0, FEW, EN).splitlines() if " #" in line]
    assert any(len(move) > 14 for line in lines
               for move in re.findall(r"(?:played|hard) (.+?) +(?:[-+]\d|\?)", line))
    assert len({line.index(" hard ") for line in lines}) == 1


def test_analyse_read_by_a_pipe_that_closes_early_ends_quietly(tmp_path):
    """`bhtui analyse FILE | head -3`: head leaves after three lines, and the analysis ended
    with a BrokenPipeError traceback on the terminal (here the reader leaves at once). It
    now ends quietly, as a shell's commands do (the status a broken pipe gives them, 141)."""
    import subprocess
    import sys

    path = played_log(tmp_path, "qingdao", "baohuang", 4, people=(0,))
    analyse = subprocess.Popen(
        [sys.executable, "-m", "bhtui", "analyse", str(path), "--playouts", str(FEW)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert analyse.stdout is not None and analyse.stderr is not None
    analyse.stdout.close()  # the reader goes before the first line (so every line meets it)
    errors = analyse.stderr.read().decode()
    assert analyse.wait(120) == 141 and errors == ""


def test_a_cache_whose_cards_are_no_cards_is_no_cache(tmp_path):
    """A cache is handed over with its log (its digest is only the log's actions'): one whose
    played cards were ``Z`` passed as cards, and the replay's screen, drawing each by its
    suit, raised KeyError. Cards that are neither a card nor a rank make it no cache."""
    path = played_log(tmp_path, "qingdao", "baohuang", 4, limit=40)
    replay = Replay.from_log(GameLog.load(path))
    review = analyse(replay, 0, playouts=1)
    save(path, review)
    assert cached(path, replay, 0, 1) is not None
    entries = json.loads(cache_path(path).read_text())
    for entry in entries.values():
        entry["decisions"][0]["played_cards"] = ["Z"]
    cache_path(path).write_text(json.dumps(entries))
    assert cached(path, replay, 0, 1) is None
