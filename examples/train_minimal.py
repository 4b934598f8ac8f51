"""A tiny learned Dou Dizhu policy, end to end on bhtui.env: numpy only, a few minutes of CPU.

    pip install 'bhtui[rl]'
    python examples/train_minimal.py [--seconds 180] [--rounds 1000] [--seed 0]

The learner sits at seat 0 of classic Dou Dizhu against two of the engine's ``random`` bots
(``opponents="random"``). Its policy is a softmax over the legal actions (the mask) of a
linear score of a few features of each action — cards it plays, how low, whether it is a
bomb, whether it empties the hand, a bid's points, a pass — and it learns by REINFORCE from
the round's score (the rules' own reward) for ``--seconds``. Then it plays ``--rounds`` rounds
greedily against random bots, and a random player sits in its seat for as many rounds of the
same deals: the two win rates are printed.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bhtui.env import doudizhu_v0

FEATURES = ("cards", "low", "bomb", "empties", "bid", "pass")


def features(env, mask: np.ndarray, observation: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The legal indices and one feature row for each (what the action does, not the cards
    of anybody else: the observation gives my hand's size)."""
    legal = np.flatnonzero(mask.view(bool))
    held = observation[env.unwrapped.codec.layout.slices["hand"]].sum()
    rows = np.zeros((len(legal), len(FEATURES)))
    for k, index in enumerate(legal):
        words = env.unwrapped.describe(int(index)).split()
        if words[0] == "play":
            cards = words[1:]
            rows[k, 0] = len(cards) / 20
            rows[k, 1] = 1 - RANKS.index(cards[0]) / 14
            rows[k, 2] = len(cards) == 4 and len(set(cards)) == 1 or set(cards) == {"SJ", "BJ"}
            rows[k, 3] = len(cards) == held
        elif words[0] == "bid":
            rows[k, 4] = int(words[1]) / 3
        else:
            rows[k, 5] = 1
    return legal, rows


RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")


def policy(weights: np.ndarray, rows: np.ndarray) -> np.ndarray:
    logits = rows @ weights
    p = np.exp(logits - logits.max())
    return p / p.sum()


Trace = list[tuple[np.ndarray, np.ndarray, int]]


def episode(env, weights, rng, greedy: bool, seed: int | None = None) -> tuple[float, Trace]:
    """One round: the learner's reward (its score) and each of its decisions (the feature
    rows, the policy's probabilities, the choice). No weights: a random player."""
    env.reset(seed=seed)
    trace = []
    while True:
        observation, reward, done, _, _ = env.last()
        if done:
            env.step(None)
            break
        legal, rows = features(env, observation["action_mask"], observation["observation"])
        if weights is None:
            choice = int(rng.integers(len(legal)))
        else:
            p = policy(weights, rows)
            choice = int(np.argmax(p)) if greedy else int(rng.choice(len(legal), p=p))
            trace.append((rows, p, choice))
        env.step(int(legal[choice]))
    return float(reward), trace


def train(seconds: float, seed: int) -> np.ndarray:
    env = doudizhu_v0.env(opponents="random")
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    weights, baseline, rounds = np.zeros(len(FEATURES)), 0.0, 0
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        reward, trace = episode(env, weights, rng, greedy=False)
        score = np.sign(reward)  # a win or a loss, whatever the stake
        advantage, baseline = score - baseline, 0.99 * baseline + 0.01 * score
        for rows, p, choice in trace:
            weights += 0.05 * advantage * (rows[choice] - p @ rows)  # ∇ log π
        rounds += 1
    print(f"trained {rounds:,} rounds in {seconds:.0f} s; weights: "
          + ", ".join(f"{n} {w:+.2f}" for n, w in zip(FEATURES, weights, strict=True)))
    return weights


def win_rate(weights, rounds: int, seed: int) -> float:
    """Rounds the seat-0 player wins (scores above 0) against random bots, on seeded deals."""
    env = doudizhu_v0.env(opponents="random")
    rng = np.random.default_rng(seed)
    wins = sum(episode(env, weights, rng, greedy=True, seed=seed + k)[0] > 0
               for k in range(rounds))
    return wins / rounds


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    weights = train(args.seconds, args.seed)
    learned = win_rate(weights, args.rounds, 10**6 + args.seed)
    chance = win_rate(None, args.rounds, 10**6 + args.seed)
    print(f"over {args.rounds:,} rounds against random bots: the learned policy wins "
          f"{learned:.1%}, a random player in its seat {chance:.1%}")
    return {"learned": learned, "random": chance}


if __name__ == "__main__":
    main()
