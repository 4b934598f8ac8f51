"""One round of a game as a PettingZoo AEC environment, on the real engine.

A game's *codec* (``baohuang.py``, ``doudizhu.py``) says what a seat observes and how an
index of the fixed action space becomes one of the engine's own actions; this module runs the
round: whose turn it is, the engine's bots in the seats given to ``opponents``, declarations
out of turn offered once per moment as the sim and the host offer them, the rules' scores as
rewards when the round ends. Everything goes through the match's public surface (``to_act``,
``legal_actions``, ``apply``, ``view`` / ``reading``) and the game contract (its bots,
declarations and moments), never around it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bhtui.env.layout import Layout
from bhtui.games import Action, Game, GameMatch
from bhtui.games.moments import Moments


class Codec(Protocol):
    """What one game's environment needs of its encoder (one per environment)."""

    game: Game
    rules: Any
    """The game's own rules object (a ``RuleSet``, Dou Dizhu's ``Rules``)."""
    layout: Layout
    size: int
    """Entries of the action space."""

    def reset(self, match: GameMatch) -> None:
        """A new round: forget the last one and follow this match's first events."""

    def follow(self, events: list[Any]) -> None:
        """Public events just applied (the sets played are kept from these)."""

    def observe(self, match: GameMatch, seat: int, polled: bool) -> np.ndarray:
        """The seat's observation (``polled``: asked for a declaration out of turn)."""

    def mask(self, match: GameMatch, seat: int, polled: bool) -> np.ndarray:
        """1 for every index the engine allows the seat now, 0 elsewhere."""

    def action(self, index: int) -> Action | None:
        """The engine's action for an index of the last mask (None: no declaration);
        ValueError when the index is not in that mask."""

    def words(self, index: int) -> str:
        """What an index means, for people (errors, the render)."""

    def table_text(self, match: GameMatch, names: list[str]) -> str:
        """The table as text: every seat, its cards, the set to beat."""


def seat_levels(game: Game, seats: int, opponents: str | Mapping[int, str] | None
                ) -> dict[int, str]:
    """The seats the engine's bots play: a level for seats 1.. (the learner sits at 0), or
    a map seat → bot name; ValueError names a bad seat or bot."""
    if opponents is None:
        return {}
    chosen = dict.fromkeys(range(1, seats), opponents) if isinstance(opponents, str) \
        else dict(opponents)
    for seat, name in chosen.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise ValueError(f"opponents: no seat {seat!r} (seats 0..{seats - 1})")
        if name not in game.bot_names:
            raise ValueError(f"opponents: unknown bot {name!r} for {game.name}; known: "
                             f"{', '.join(game.bot_names)}")
    if len(chosen) == seats:
        raise ValueError("opponents: leave at least one seat to a learner")
    return chosen


class CardTableEnv(AECEnv):
    """One round (deal) per episode; agents ``player_<seat>``, the seats no bot plays."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, codec: Codec, name: str, opponents: str | Mapping[int, str] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: use one of "
                             f"{', '.join(self.metadata['render_modes'])} or None")
        self.metadata = {**self.metadata, "name": name}
        self.codec = codec
        self.game = codec.game
        self.seats = self.game.seats(codec.rules)
        self.levels = seat_levels(self.game, self.seats, opponents)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(self.seats) if s not in self.levels]
        self._seat_of = {a: int(a.rsplit("_", 1)[1]) for a in self.possible_agents}
        obs = spaces.Box(0, np.array(codec.layout.highs(), dtype=np.float32),
                         dtype=np.float32)
        mask = spaces.Box(0, 1, (codec.size,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": obs, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(codec.size) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self._declares = self.game.declares(codec.rules)
        self.match: GameMatch | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----- an episode -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new round, dealt from ``seed`` (the same seed deals the same cards and seeds the
        bots alike); without one, from the environment's own generator."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        deal = int(self._rng.integers(2**62))
        self.match = match = self.game.new_match(self.codec.rules, deal, rounds=1)
        self.bots = {seat: self.game.make_bot(name, int(self._rng.integers(2**31)))
                     for seat, name in self.levels.items()}
        self.codec.reset(match)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._asked = Moments()
        self._polled = False
        self._seen: tuple[int, str, Any] | None = None
        self._step = 0
        self._advance()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation; its mask holds the engine's legal actions while it is
        the agent to act, and nothing otherwise (it cannot act then)."""
        assert self.match is not None, "reset() first"
        key = (self._step, agent)
        if self._seen is not None and self._seen[:2] == key:
            return self._seen[2]  # type: ignore[no-any-return]
        seat = self._seat_of[agent]
        acting = agent == self.agent_selection and not self.match.over
        polled = acting and self._polled
        mask = self.codec.mask(self.match, seat, polled) if acting \
            else np.zeros(self.codec.size, np.int8)
        seen = {"observation": self.codec.observe(self.match, seat, polled), "action_mask": mask}
        if acting:
            self._seen = (*key, seen)
        return seen

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action is an index 0..{self.codec.size - 1}, not {action!r}")
        self.observe(agent)  # (the mask the action is read against)
        chosen = self.codec.action(int(action))  # ValueError when it is not allowed
        self._cumulative_rewards[agent] = 0.0
        seat = self._seat_of[agent]
        if chosen is not None:
            self.codec.follow(self.match.apply(seat, chosen))
        self._step += 1
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _advance(self) -> None:
        """Let the bots play until an agent is to decide, or the round is scored."""
        match, game = self.match, self.game
        assert match is not None
        while not match.over:
            seat, polled = self._next()
            bot = self.bots.get(seat)
            if bot is None:
                self.agent_selection, self._polled = f"player_{seat}", polled
                return
            chosen = game.interject(bot, match, seat) if polled else game.decide(bot, match, seat)
            if chosen is not None:
                self.codec.follow(match.apply(seat, chosen))
        scores = match.history[-1]["scores"]
        for agent in self.agents:
            self.rewards[agent] = float(scores[self._seat_of[agent]])
            self.terminations[agent] = True
        self._polled = False
        if self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _next(self) -> tuple[int, bool]:
        """Who decides next: a seat that may declare out of turn at this moment, asked once
        (as the sim asks its bots), else the seat to act."""
        match, game = self.match, self.game
        assert match is not None
        turn = match.to_act
        assert turn is not None
        if self._declares and game.interjecting(match):
            moment = game.moment(match)
            for seat in range(self.seats):
                if seat != turn and self._asked.due(moment, seat) \
                        and game.declarations(match, seat):
                    return seat, True
        return turn, False

    # ----- for people -----------------------------------------------------------------------
    def describe(self, index: int) -> str:
        """What an action index means (docs/env.md): ``play 3 3 3 4``, ``pass``, ``call 9H``."""
        return self.codec.words(index)

    def render(self) -> str | None:
        """The table as text: printed (``human``) or returned (``ansi``)."""
        if self.match is None:
            raise ValueError("render() needs a round: reset() first")
        names = [f"player_{s}" if s not in self.levels else f"{self.levels[s]} bot (seat {s})"
                 for s in range(self.seats)]
        text = self.codec.table_text(self.match, names)
        if not self.match.over:
            text += f"\nto decide: {names[self._next_seat()]}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def _next_seat(self) -> int:
        return self._seat_of.get(self.agent_selection, self.match.to_act or 0)  # type: ignore[union-attr]

    def close(self) -> None:
        self.match = None
