"""The four games as PettingZoo AEC environments (``pip install ./python[pettingzoo]``), each
move played by the rules oracle, as PettingZoo's classic board games are built.

``env(ruleset)`` is the environment wrapped as PettingZoo's classic games are (an illegal action
ends the game, lost by the agent that played it; actions checked to be in the space; the API's
order of calls enforced); ``raw_env(ruleset)`` is the bare one. Options: ``preset``,
``rulings`` (a dict), ``max_game_length`` (plies after which the game is truncated: a cap of
the framework's, not a rule of the game) and ``render_mode`` (``"ansi"``: the diagram).

The agents are ``"south"`` and ``"north"``; South moves first. An observation is a dict:
``observation``, the position as ``bao_oracle.actions.ObservationLayout`` writes it (float32),
and ``action_mask``, 1 for each legal action id of the agent to move (int8; all 0 for the other
agent). The action ids are ``bao_oracle.actions.ActionSpace``'s. The rewards are +1 to the
winner and -1 to the loser when the game ends, 0 each for a draw.

>>> from bao_oracle import pettingzoo
>>> env = pettingzoo.env("bao-kingulu")
>>> env.reset(seed=0)
>>> env.agent_selection, env.observe("south")["action_mask"].nonzero()[0].tolist()
('south', [2, 3, 4, 5])
>>> env.step(2)
>>> env.agent_selection
'north'
"""

import importlib
from typing import Any, Dict, List, Mapping, Optional

import numpy as np
from gymnasium import spaces

from ._native import RULESETS, Board, Game
from .actions import SIDES, ActionSpace, ObservationLayout, returns
from .types import Side

# PettingZoo ships no type information: its objects are Any here and nowhere else.
_pettingzoo: Any = importlib.import_module("pettingzoo")
_wrappers: Any = importlib.import_module("pettingzoo.utils.wrappers")

__all__ = ["DEFAULT_MAX_GAME_LENGTH", "ENV_NAMES", "env", "raw_env"]

DEFAULT_MAX_GAME_LENGTH = 1000
"""Plies after which a game is truncated, unless ``max_game_length`` says otherwise."""

ENV_NAMES: Dict[str, str] = {ruleset: ruleset.replace("-", "_") + "_v0" for ruleset in RULESETS}
"""Each ruleset's environment name (``metadata["name"]``)."""


class raw_env(_pettingzoo.AECEnv):  # type: ignore[misc]  # PettingZoo is Any
    """One of the four games as an AEC environment (see the module)."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi"], "name": "bao_v0",
                                "is_parallelizable": False}

    def __init__(self, ruleset: str = "bao-la-kiswahili", preset: Optional[str] = None,
                 rulings: Optional[Mapping[str, str]] = None,
                 max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
                 render_mode: Optional[str] = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: the environment renders \"ansi\"")
        if max_game_length < 1:
            raise ValueError(f"max_game_length must be at least 1, not {max_game_length}")
        self.game = Game(ruleset, preset, dict(rulings or {}))
        self.metadata = dict(self.metadata, name=ENV_NAMES[self.game.ruleset])
        self.render_mode = render_mode
        self.max_game_length = max_game_length
        self.actions = ActionSpace(self.game)
        self.layout = ObservationLayout(self.game)
        start = self.game.start().layout()
        seeds = sum(h["seeds"] for row in start["rows"] for h in row["holes"])
        seeds += sum(store["seeds"] for store in start["stores"])
        self.possible_agents: List[Side] = list(SIDES)
        self.agents: List[Side] = list(SIDES)
        self.action_spaces = {agent: spaces.Discrete(len(self.actions)) for agent in SIDES}
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=float(seeds), shape=(self.layout.size,),
                                          dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(len(self.actions),),
                                          dtype=np.int8),
            })
            for agent in SIDES
        }
        self.board = Board(self.game)
        self._legal: List[int] = []
        self._reset_round()

    def _reset_round(self) -> None:
        self.agents = list(SIDES)
        self.rewards: Dict[Side, float] = {agent: 0.0 for agent in SIDES}
        self._cumulative_rewards: Dict[Side, float] = {agent: 0.0 for agent in SIDES}
        self.terminations: Dict[Side, bool] = {agent: False for agent in SIDES}
        self.truncations: Dict[Side, bool] = {agent: False for agent in SIDES}
        self.infos: Dict[Side, Dict[str, Any]] = {agent: {} for agent in SIDES}
        self.agent_selection: Side = self.board.side_to_move
        self._plies = 0
        # Listed once per position: a long move is decided once, however often it is observed.
        self._legal = self.actions.legal(self.board)
        self._observed: Optional[np.ndarray[Any, np.dtype[np.float32]]] = None

    def observation_space(self, agent: Side) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: Side) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: Side) -> Dict[str, Any]:
        """The position and, for the agent to move, its legal actions."""
        if self._observed is None:
            self._observed = np.asarray(self.layout.vector(self.board.position),
                                        dtype=np.float32)
        observation = self._observed.copy()
        mask = np.zeros(len(self.actions), dtype=np.int8)
        if agent == self.agent_selection and not (self.terminations[agent]
                                                  or self.truncations[agent]):
            mask[self._legal] = 1
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> None:
        """A new game from the start (the game has no chance: ``seed`` changes nothing)."""
        self.board = Board(self.game)
        self._reset_round()

    def step(self, action: Optional[int]) -> None:
        """Plays action id ``action`` for the agent to move (None for an agent whose game is
        over, as PettingZoo steps them out). Raises MoveError for an action that is not legal
        (``env`` turns it into a lost game)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is no action")
        self._cumulative_rewards[agent] = 0.0
        self.board.push(self.actions.text(int(action)))
        self._plies += 1
        self._observed = None
        self.agent_selection = self.board.side_to_move
        if self.board.is_game_over():
            south, north = returns(self.board)
            self.rewards = {"south": south, "north": north}
            self.terminations = {agent: True for agent in SIDES}
            self._legal = []
        elif self._plies >= self.max_game_length:
            self.rewards = {agent: 0.0 for agent in SIDES}
            self.truncations = {agent: True for agent in SIDES}
            self._legal = []
        else:
            self.rewards = {agent: 0.0 for agent in SIDES}
            self._legal = self.actions.legal(self.board)
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The position's diagram (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.board.position.diagram()

    def close(self) -> None:
        pass


def env(ruleset: str = "bao-la-kiswahili", **options: Any) -> Any:
    """``raw_env(ruleset, **options)`` in PettingZoo's classic wrappers: an illegal action ends
    the game with -1 to the agent that played it, actions outside the space are refused, and
    the order of calls is enforced."""
    wrapped = _wrappers.TerminateIllegalWrapper(raw_env(ruleset, **options), illegal_reward=-1)
    wrapped = _wrappers.AssertOutOfBoundsWrapper(wrapped)
    return _wrappers.OrderEnforcingWrapper(wrapped)
