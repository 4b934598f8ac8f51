"""bhtui.env: both games as PettingZoo AEC environments on the real engines (issue 32).

PettingZoo's own ``api_test`` for every preset; properties over played rounds: the mask is
exactly the engine's offer, every index means what docs/env.md says, and an observation does
not change when the cards the seat cannot see are dealt anew.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pettingzoo.test import api_test

from bhtui.doudizhu import PRESETS as DOUDIZHU_PRESETS
from bhtui.env import baohuang_v0, doudizhu_v0
from bhtui.env.baohuang import KINDS as BAOHUANG_KINDS
from bhtui.env.baohuang import LAYOUT, BaohuangCodec
from bhtui.env.doudizhu import KINDS as DOUDIZHU_KINDS
from bhtui.env.doudizhu import DoudizhuCodec, observation_layout
from bhtui.env.table import CardTableEnv
from bhtui.games import get_game
from bhtui.rules import PRESETS as BAOHUANG_PRESETS
from bhtui.rules import format_set

import doudizhu_helpers
import helpers
from strategies import RULES, chooser, examples

ROOT = Path(__file__).resolve().parents[2]
DOUDIZHU_RULES = [r.with_options(base=base) for r in DOUDIZHU_PRESETS.values() for base in (1, 2)]


def table(rules) -> CardTableEnv:
    """A raw environment of these rules (a preset with its options)."""
    if get_game("baohuang").owns(rules):
        return CardTableEnv(BaohuangCodec(rules), "baohuang_v0")
    return CardTableEnv(DoudizhuCodec(rules), "doudizhu_v0")


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice for Box observations
@pytest.mark.parametrize("module,preset", [(baohuang_v0, p) for p in BAOHUANG_PRESETS]
                         + [(doudizhu_v0, p) for p in DOUDIZHU_PRESETS])
def test_pettingzoos_api_test_passes_for_every_preset(module, preset):
    api_test(module.env(preset=preset), num_cycles=30)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test_passes_with_the_engines_bots_in_some_seats():
    api_test(baohuang_v0.env(preset="lianzhong-simple", options={"rebellion": True},
                             opponents={1: "easy", 3: "normal"}), num_cycles=30)
    api_test(doudizhu_v0.env(opponents="heuristic"), num_cycles=30)


def offer(env: CardTableEnv) -> tuple[int, bool, list]:
    """The deciding seat, whether it is asked out of turn, and what the engine offers it."""
    seat = int(env.agent_selection.rsplit("_", 1)[1])
    if env._polled:
        return seat, True, list(env.game.declarations(env.match, seat))
    return seat, False, list(env.match.legal_actions(seat))


def meaning_matches(codec, index: int, action) -> bool:
    """What docs/env.md says the index means is the engine's action."""
    kind = action["type"]
    if isinstance(codec, BaohuangCodec):
        if index < codec.plays:
            return kind == "play" and format_set(codec.set_at(index)) == action["set"]
        if index >= codec.calls:
            card, shown = divmod(index - codec.calls, 2)
            return kind == "call" and codec.words(index).split()[1] == action["card"] \
                and bool(shown) == action["open"] and card < codec.size
        return BAOHUANG_KINDS[index - codec.plays] == kind
    if index < len(codec.hands):
        return kind == "play" and codec.hands[index] == action["hand"]
    if index >= codec.reports:
        return kind == "report"
    name = DOUDIZHU_KINDS[index - len(codec.hands)]
    return name == (f"bid_{action['points']}" if kind == "bid" else kind)


def play(env: CardTableEnv, data, check, limit: int = 250) -> None:
    """Step the environment with masked choices hypothesis draws, calling ``check`` before
    each step (with a generator of its own, for reshuffles)."""
    rng = chooser(data)
    env.reset(seed=data.draw(st.integers(0, 10**6), label="seed"))
    shuffler = random.Random(data.draw(st.integers(0, 2**32), label="shuffles"))
    for _ in range(limit):
        agent = env.agent_selection
        if env.terminations[agent]:
            return
        mask = env.observe(agent)["action_mask"]
        check(env, mask, shuffler)
        env.step(int(rng.choice(np.flatnonzero(mask))))


def assert_mask_is_the_offer(env: CardTableEnv, mask: np.ndarray, rng) -> None:
    seat, polled, legal = offer(env)
    masked = np.flatnonzero(mask).tolist()
    decoded = [env.codec.action(i) for i in masked]
    assert len(masked) == len(legal) + polled  # every legal action in (and waive, when asked)
    for index, action in zip(masked, decoded, strict=True):
        if action is None:
            assert polled and env.codec.words(index) == "waive"
            continue
        assert action in legal  # every masked action is the engine's
        assert meaning_matches(env.codec, index, action), (index, action)


@examples(12)
@given(st.sampled_from(RULES), st.data())
def test_baohuang_mask_holds_exactly_the_engines_legal_actions(rules, data):
    """Every masked index is one of the engine's legal actions (R-PLAY-1's sets, the
    throne, the call, declarations in and out of turn), every legal action is masked in, and
    each index is the composition or decision docs/env.md gives it."""
    play(table(rules), data, assert_mask_is_the_offer)


@examples(12)
@given(st.sampled_from(DOUDIZHU_RULES), st.data())
def test_doudizhu_mask_holds_exactly_the_engines_legal_actions(rules, data):
    """C-HAND-16's hands (Shanghai's too), bids, 摊打 and 报到: the mask is the offer."""
    play(table(rules), data, assert_mask_is_the_offer)


def assert_blind_to_hidden_cards(env: CardTableEnv, mask: np.ndarray, rng) -> None:
    """R-HIDE: the deciding seat's observation and mask, and every other seat's observation,
    are the same on a twin where the cards it may not see are dealt anew."""
    seat, polled, _ = offer(env)
    baohuang = isinstance(env.codec, BaohuangCodec)
    for viewer in range(env.seats):
        twin = (helpers if baohuang else doudizhu_helpers).reshuffled(env.match, viewer, rng)
        asked = polled and viewer == seat
        mine = env.codec.observe(env.match, viewer, asked)
        assert np.array_equal(mine, env.codec.observe(twin, viewer, asked)), viewer
        if viewer == seat:
            assert np.array_equal(env.codec.mask(twin, seat, polled),
                                  env.codec.mask(env.match, seat, polled))
    env.codec.mask(env.match, seat, polled)  # (the real offer again, for the step)


@examples(8)
@given(st.sampled_from(RULES), st.data())
def test_R_HIDE_a_baohuang_observation_ignores_the_cards_its_seat_cannot_see(rules, data):
    play(table(rules), data, assert_blind_to_hidden_cards, limit=80)


@examples(8)
@given(st.sampled_from(DOUDIZHU_RULES), st.data())
def test_C_PLAY_5_a_doudizhu_observation_ignores_the_cards_its_seat_cannot_see(rules, data):
    """The other hands and the kitty before it is shown (Shanghai's: never to farmers)."""
    play(table(rules), data, assert_blind_to_hidden_cards, limit=80)


def test_the_observation_holds_the_seats_own_hand_as_its_view_shows_it():
    env = baohuang_v0.raw_env()
    env.reset(seed=3)
    seat = int(env.agent_selection[-1])
    hand = env.observe(env.agent_selection)["observation"][LAYOUT.slices["hand"]]
    cards = env.match.view(seat)["hand"]
    assert hand.sum() == len(cards) == env.match.view(seat)["seats"][seat]["count"]
    dd = doudizhu_v0.raw_env()
    dd.reset(seed=3)
    seat = int(dd.agent_selection[-1])
    ranks = dd.observe(dd.agent_selection)["observation"][dd.codec.layout.slices["hand"]]
    assert ranks.sum() == len(dd.match.view(seat)["hand"]) == 17  # C-DEAL-1


def finish(env, rng: random.Random) -> None:
    while not env.terminations[env.agent_selection]:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("module", [baohuang_v0, doudizhu_v0])
def test_rewards_are_the_rules_scores_of_the_round(module):
    """R-SCORE / C-SCORE: at the end every agent's reward is its seat's score in the round."""
    env = module.raw_env()
    env.reset(seed=11)
    totals = dict.fromkeys(env.agents, 0.0)
    rng = random.Random(1)
    while env.agents:
        agent = env.agent_selection
        _, reward, done, _, _ = env.last()
        totals[agent] += reward
        if done:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
    scores = env.match.history[-1]["scores"]
    assert [totals[f"player_{s}"] for s in range(len(scores))] == scores
    assert any(scores)


def test_a_masked_out_action_is_refused_with_its_meaning_and_changes_nothing():
    env = doudizhu_v0.raw_env()
    env.reset(seed=5)
    agent = env.agent_selection
    before = list(env.match.actions)
    refused = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not allowed now"):
        env.step(refused)
    with pytest.raises(ValueError, match="an action is an index"):
        env.step("pass")
    assert list(env.match.actions) == before and env.agent_selection == agent


def test_the_engines_bots_play_the_seats_given_to_them():
    env = baohuang_v0.raw_env(preset="weihai",
                              opponents={1: "easy", 2: "normal", 3: "heuristic", 4: "random"})
    assert env.possible_agents == ["player_0"]
    env.reset(seed=2)
    finish(env, random.Random(2))
    assert env.match.over and len(env.match.actions) > 30  # the bots played their seats
    with pytest.raises(ValueError, match="unknown bot 'strong'.*easy"):
        baohuang_v0.raw_env(opponents={2: "strong"})
    with pytest.raises(ValueError, match="no seat 3"):
        doudizhu_v0.raw_env(opponents={3: "heuristic"})
    with pytest.raises(ValueError, match="unknown preset"):
        doudizhu_v0.raw_env(preset="qingdao")


def test_the_same_seed_deals_the_same_round():
    first, second = baohuang_v0.raw_env(opponents="normal"), baohuang_v0.raw_env(opponents="normal")
    first.reset(seed=9)
    second.reset(seed=9)
    assert np.array_equal(first.observe("player_0")["observation"],
                          second.observe("player_0")["observation"])


def test_render_prints_the_table_as_text(capsys):
    env = doudizhu_v0.raw_env()
    env.reset(seed=4)
    env.render()
    shown = capsys.readouterr().out
    assert "classic · deal 1 · bid" in shown and shown.count("cards") == 3
    assert "to decide: player_" in shown
    text = doudizhu_v0.raw_env(render_mode="ansi")
    text.reset(seed=4)
    assert text.render() == shown.rstrip("\n")


def test_docs_env_lists_every_field_of_both_games():
    page = (ROOT / "docs" / "env.md").read_text()
    for layout in [LAYOUT, *(observation_layout(r) for r in DOUDIZHU_PRESETS.values())]:
        assert layout.table() in page


def test_the_training_example_runs_end_to_end(capsys):
    """examples/train_minimal.py, cut to a second of training and a few rounds."""
    spec = importlib.util.spec_from_file_location("train_minimal",
                                                  ROOT / "examples" / "train_minimal.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    rates = example.main(["--seconds", "1", "--rounds", "5"])
    assert set(rates) == {"learned", "random"} and all(0 <= r <= 1 for r in rates.values())
    assert "the learned policy wins" in capsys.readouterr().out
