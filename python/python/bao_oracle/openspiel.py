"""The four games in OpenSpiel (``pip install ./python[openspiel]``): importing this module
registers them with ``pyspiel`` through OpenSpiel's Python game API, each move played by the
rules oracle.

========================  ==========================  ===========
game                      short name                  action ids
========================  ==========================  ===========
Bao Kingulu               ``python_bao_kingulu``      12
Bao la Kete               ``python_bao_la_kete``      128
Bao la Kimasai            ``python_bao_la_kimasai``   48
Bao la Kiswahili          ``python_bao_la_kiswahili`` 128
any of them (``ruleset``) ``python_bao``              by ruleset
========================  ==========================  ===========

Game parameters: ``preset`` (a preset of the game, ``""`` for none), ``rulings``
(``name:value`` pairs joined by ``;``, over the preset), ``max_game_length`` (plies after which
the game stops as a draw: a cap of the framework's, not a rule of the game; OpenSpiel needs one),
and for ``python_bao`` the ``ruleset``. Player 0 is South, player 1 North. The action ids and
the observation tensor are ``bao_oracle.actions``' (docs/python.md lists them).

>>> import pyspiel
>>> from bao_oracle import openspiel
>>> game = openspiel.load_game("bao-kingulu")
>>> state = game.new_initial_state()
>>> state.legal_actions(), [state.action_to_string(a) for a in state.legal_actions()]
([2, 3, 4, 5], ['A3', 'A4', 'A5', 'A6'])
>>> state.apply_action(2)
>>> state.current_player(), state.position.compact()
(1, '1,0,6,6,0,1/6,6,2,7,0,6 7-0 N')
"""

import functools
import importlib
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from ._native import RULESETS, Board, Game, Move, Position
from .actions import SIDES, ActionSpace, ObservationLayout, returns

# OpenSpiel ships no type information: its objects are Any here and nowhere else.
pyspiel: Any = importlib.import_module("pyspiel")
_observation: Any = importlib.import_module("open_spiel.python.observation")

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "GENERIC_NAME",
    "SHORT_NAMES",
    "BaoGame",
    "BaoObserver",
    "BaoState",
    "GAMES",
    "load_game",
    "rulings_text",
]

DEFAULT_MAX_GAME_LENGTH = 1000
"""Plies after which a game stops as a draw, unless ``max_game_length`` says otherwise: far
beyond a game's usual length (random games of every game end within a few hundred)."""

SHORT_NAMES: Dict[str, str] = {ruleset: "python_" + ruleset.replace("-", "_")
                               for ruleset in RULESETS}
"""The OpenSpiel short name of each ruleset's game."""

GENERIC_NAME = "python_bao"
"""The short name of the game whose ``ruleset`` is a parameter."""


def rulings_text(rulings: Mapping[str, str]) -> str:
    """Rulings as the ``rulings`` parameter writes them: ``name:value`` joined by ``;`` (an
    OpenSpiel game string splits parameters at ``,`` and ``=``)."""
    return ";".join(f"{name}:{value}" for name, value in sorted(rulings.items()))


def _parse_rulings(text: str) -> Tuple[Tuple[str, str], ...]:
    pairs = []
    for item in text.split(";"):
        if not item.strip():
            continue
        name, sep, value = item.partition(":")
        if not sep:
            raise ValueError(f"rulings: `{item}` is not `name:value`")
        pairs.append((name.strip(), value.strip()))
    return tuple(sorted(pairs))


class _Spec:
    """A game under its parameters and what follows from them, shared by every state of the
    game: copied and pickled as its parameters."""

    def __init__(self, ruleset: str, preset: str, rulings: Tuple[Tuple[str, str], ...],
                 max_game_length: int) -> None:
        if max_game_length < 1:
            raise ValueError(f"max_game_length must be at least 1, not {max_game_length}")
        self.key = (ruleset, preset, rulings, max_game_length)
        self.game = Game(ruleset, preset or None, dict(rulings))
        self.actions = ActionSpace(self.game)
        self.observation = ObservationLayout(self.game)
        self.max_game_length = max_game_length

    def __deepcopy__(self, memo: Dict[int, Any]) -> "_Spec":
        return self

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (_spec, self.key)


@functools.lru_cache(maxsize=None)
def _spec(ruleset: str, preset: str, rulings: Tuple[Tuple[str, str], ...],
          max_game_length: int) -> _Spec:
    return _Spec(ruleset, preset, rulings, max_game_length)


class _Progress:
    """A state's game in progress, with its legal action ids found once per position: clones
    share them (OpenSpiel clones a state by deep-copying its attributes), so a search that
    meets a long move (one the rules oracle must follow for millions of laps to find it never
    ends) decides it once per position, not once per call. Pickled as its moves."""

    __slots__ = ("spec", "board", "plies", "ended", "legal", "observed")

    def __init__(self, spec: _Spec, board: Board) -> None:
        self.spec = spec
        self.board = board
        self.plies = len(board.move_stack)
        self.ended: Optional[bool] = None
        self.legal: Optional[Tuple[int, ...]] = None
        self.observed: Optional[List[float]] = None

    def __deepcopy__(self, memo: Dict[int, Any]) -> "_Progress":
        other = _Progress.__new__(_Progress)
        other.spec = self.spec
        other.board = self.board.copy()
        other.plies = self.plies
        other.ended = self.ended
        other.legal = self.legal
        other.observed = self.observed
        return other

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (_replay, (self.spec, self.board.root.compact(), tuple(self.board.move_stack)))

    def over(self) -> bool:
        if self.ended is None:
            self.ended = (self.plies >= self.spec.max_game_length
                          or self.board.is_game_over())
        return self.ended

    def legal_actions(self) -> Tuple[int, ...]:
        if self.legal is None:
            self.legal = () if self.over() else tuple(self.spec.actions.legal(self.board))
        return self.legal

    def observation(self) -> List[float]:
        """The position's observation vector (shared with clones: never written to)."""
        if self.observed is None:
            self.observed = self.spec.observation.vector(self.board.position)
        return self.observed

    def push(self, action: int) -> None:
        self.board.push(self.spec.actions.text(action))
        self.plies += 1
        self.ended = None
        self.legal = None
        self.observed = None


def _replay(spec: _Spec, root: str, moves: Sequence[str]) -> _Progress:
    board = Board(spec.game, root)
    for move in moves:
        board.push(move)
    return _Progress(spec, board)


def _game_type(short_name: str, long_name: str,
               parameters: Mapping[str, Any]) -> Any:
    kind = pyspiel.GameType
    return kind(
        short_name=short_name,
        long_name=long_name,
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.DETERMINISTIC,
        information=kind.Information.PERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters),
    )


def _parameters(ruleset: Optional[str]) -> Dict[str, Any]:
    params: Dict[str, Any] = {"preset": "", "rulings": "",
                              "max_game_length": DEFAULT_MAX_GAME_LENGTH}
    if ruleset is not None:
        params["ruleset"] = ruleset
    return params


_TYPES: Dict[str, Any] = {
    SHORT_NAMES[ruleset]: _game_type(SHORT_NAMES[ruleset], "Python " + Game(ruleset).name,
                                     _parameters(None))
    for ruleset in RULESETS
}
_RULESET_OF: Dict[str, str] = {name: ruleset for ruleset, name in SHORT_NAMES.items()}
_TYPES[GENERIC_NAME] = _game_type(GENERIC_NAME, "Python Bao (any ruleset)",
                                  _parameters("bao-la-kiswahili"))


class BaoGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is Any
    """One of the four games under its parameters, as an OpenSpiel game: ``python_bao``'s
    class; each ruleset's game is a subclass (``GAMES``) that knows its ruleset."""

    short_name = GENERIC_NAME
    ruleset: Optional[str] = None

    def __init__(self, params: Optional[Mapping[str, Any]] = None) -> None:
        given: Dict[str, Any] = dict(params or {})
        spec = self._spec_of(given)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(spec.actions),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.max_game_length,
        )
        super().__init__(_TYPES[self.short_name], info, given)
        self._bao_spec = spec

    @classmethod
    def _spec_of(cls, params: Mapping[str, Any]) -> _Spec:
        ruleset = cls.ruleset or params.get("ruleset", "bao-la-kiswahili")
        return _spec(str(ruleset), str(params.get("preset", "")),
                     _parse_rulings(str(params.get("rulings", ""))),
                     int(params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH)))

    @property
    def spec(self) -> _Spec:
        """The game under its parameters (found again from them for a game unpickled, which
        OpenSpiel makes without calling ``__init__``)."""
        spec: Optional[_Spec] = getattr(self, "_bao_spec", None)
        if spec is None:
            spec = self._spec_of(self.get_parameters())
            self._bao_spec = spec
        return spec

    @property
    def actions(self) -> ActionSpace:
        """The game's action ids."""
        return self.spec.actions

    @property
    def bao_game(self) -> Game:
        """The game as ``bao_oracle`` plays it."""
        return self.spec.game

    def new_initial_state(self) -> "BaoState":
        """The start of a game."""
        return BaoState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Optional[Mapping[str, Any]] = None) -> Any:
        """The observer OpenSpiel asks for: the board for the default observation, the
        history of moves for an information state with perfect recall."""
        if iig_obs_type is None or (iig_obs_type.public_info
                                    and not iig_obs_type.perfect_recall):
            return BaoObserver(self.spec.observation, params)
        return _observation.IIGObserverForPublicInfoGame(iig_obs_type, params)


class BaoState(pyspiel.State):  # type: ignore[misc]  # pyspiel is Any
    """A game in progress, as an OpenSpiel state: moves applied as action ids through a
    ``bao_oracle.Board``."""

    def __init__(self, game: BaoGame) -> None:
        super().__init__(game)
        self._progress = _Progress(game.spec, Board(game.spec.game))

    # OpenSpiel's API of a sequential game of perfect information.

    def current_player(self) -> int:
        """0 (South) or 1 (North) to move, or OpenSpiel's terminal player id."""
        if self._progress.over():
            return int(pyspiel.PlayerId.TERMINAL)
        return SIDES.index(self._progress.board.side_to_move)

    def _legal_actions(self, player: int) -> List[int]:
        return list(self._progress.legal_actions())

    def _apply_action(self, action: int) -> None:
        self._progress.push(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._progress.spec.actions.text(action)

    def is_terminal(self) -> bool:
        """Over by the rules or at ``max_game_length`` plies."""
        return self._progress.over()

    def returns(self) -> List[float]:
        """+1 for the winner, -1 for the loser, 0 each for a draw (or a game cut off at
        ``max_game_length``, or not over)."""
        return list(returns(self._progress.board))

    def __str__(self) -> str:
        return self._progress.board.position.diagram()

    # The position behind the ids.

    @property
    def position(self) -> Position:
        """The position reached."""
        return self._progress.board.position

    def board(self) -> Board:
        """A copy of the game in progress (moves pushed on it leave the state as it is)."""
        return self._progress.board.copy()

    def action(self, move: Move) -> int:
        """The action id of a Move (or of a move's canonical text)."""
        return self._progress.spec.actions.action(move)

    def move(self, action: int) -> Move:
        """The legal Move an action id stands for here. Raises MoveError if it is not legal."""
        return self._progress.spec.actions.move(action, self.position)


class BaoObserver:
    """The observation of a state (OpenSpiel's observer interface): the tensor of
    ``bao_oracle.actions.ObservationLayout``, with a view per part in ``dict``, and the compact
    form of the position as the string."""

    def __init__(self, layout: ObservationLayout,
                 params: Optional[Mapping[str, Any]] = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict: Dict[str, Any] = {}
        at = 0
        for name, shape in layout.shapes.items():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + size].reshape(shape)
            at += size

    def set_from(self, state: BaoState, player: int) -> None:
        """Writes the state's observation into ``tensor`` (the same for either player)."""
        self.tensor[:] = state._progress.observation()

    def string_from(self, state: BaoState, player: int) -> str:
        """The position's compact form."""
        return state.position.compact()


def _game_class(ruleset: str) -> type:
    name = "".join(word.title() for word in ruleset.split("-")) + "Game"
    cls = type(name, (BaoGame,), {
        "short_name": SHORT_NAMES[ruleset], "ruleset": ruleset,
        "__doc__": f"{Game(ruleset).name} as an OpenSpiel game.",
        "__module__": __name__, "__qualname__": name})
    # A module attribute, as pickle finds classes (a game pickles as its class and parameters).
    globals()[name] = cls
    return cls


GAMES: Dict[str, type] = {ruleset: _game_class(ruleset) for ruleset in RULESETS}
"""Each ruleset's game class (``BaoGame``'s subclass, ``BaoLaKiswahiliGame`` ...), as
registered."""


def _register() -> None:
    # The classes themselves are registered (as OpenSpiel's own Python games are): OpenSpiel
    # keeps its creators past the interpreter's end, and a class outlives it where a function
    # object made for the purpose would be freed then, without the GIL.
    registered = set(pyspiel.registered_names())
    for short_name, game_type in _TYPES.items():
        if short_name not in registered:
            creator = BaoGame if short_name == GENERIC_NAME else GAMES[_RULESET_OF[short_name]]
            pyspiel.register_game(game_type, creator)


_register()


def load_game(ruleset: str, preset: Optional[str] = None,
              rulings: Optional[Mapping[str, str]] = None,
              max_game_length: int = DEFAULT_MAX_GAME_LENGTH) -> Any:
    """``pyspiel.load_game`` of a ruleset's game under a preset and rulings (a ``BaoGame``)."""
    if ruleset not in SHORT_NAMES:
        raise ValueError(f"unknown ruleset `{ruleset}`: one of {', '.join(RULESETS)}")
    params = {"preset": preset or "", "rulings": rulings_text(rulings or {}),
              "max_game_length": max_game_length}
    return pyspiel.load_game(SHORT_NAMES[ruleset], params)
