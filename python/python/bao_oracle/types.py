"""The shapes of the package's data, for type checkers and readers: sides, notations, outcomes,
one TypedDict per event type, and what ``conform`` runs (``Engine``). Plain typing, importable
at run time (``from bao_oracle.types import Event``); every event has ``type``, ``rule`` (the
rule id) and ``text`` (in words)."""

import os
from typing import Any, Dict, List, Literal, Optional, Protocol, TypedDict, Union

Side = Literal["south", "north"]
Notation = Literal["canonical", "donkers"]
Result = Literal["south", "north", "draw"]
Direction = Literal["clockwise", "anticlockwise"]
PathLike = Union[str, "os.PathLike[str]"]


class Score(TypedDict):
    """Seeds counted for each side, where a game is decided on them (Bao Kingulu)."""

    south: int
    north: int


class Outcome(TypedDict):
    """How a game ended: the winner (or ``draw``), the rule that ended it, and for Bao Kingulu
    the count that decided it."""

    result: Result
    rule: str
    score: Optional[Score]


# ``from`` is a keyword: those events take TypedDict's functional form.
LapEvent = TypedDict(
    "LapEvent",
    {"type": Literal["lap"], "rule": str, "text": str, "from": str, "seeds": int,
     "direction": Direction, "to": str},
)
"""A lap of sowing: ``seeds`` from ``from``, the last seed falling into ``to``."""


class RelayEvent(TypedDict):
    """A lap ended in an occupied hole: its ``seeds`` lifted at ``at`` for the next lap."""

    type: Literal["relay"]
    rule: str
    text: str
    at: str
    seeds: int


StepEvent = TypedDict(
    "StepEvent", {"type": Literal["step"], "rule": str, "text": str, "from": str, "to": str}
)
"""One stone moved one hole (Bao la Kimasai)."""


class EnterEvent(TypedDict):
    """``seeds`` from the mover's reserve put into ``hole``."""

    type: Literal["enter"]
    rule: str
    text: str
    hole: str
    seeds: int


class CaptureEvent(TypedDict):
    """``seeds`` taken off the board from ``hole``."""

    type: Literal["capture"]
    rule: str
    text: str
    hole: str
    seeds: int


class _Reserve(TypedDict):
    type: Literal["reserve"]
    rule: str
    text: str
    hole: str
    by: Side


class ReserveEvent(_Reserve, total=False):
    """``hole`` reserved by ``by``, holding ``seeds`` after it where the game counts them."""

    seeds: int


TransferEvent = TypedDict(
    "TransferEvent",
    {"type": Literal["transfer"], "rule": str, "text": str, "from": str, "to": str},
)
"""One seed moved from ``from`` into the reserved hole ``to`` (Bao Kingulu)."""


class NoteEvent(TypedDict):
    """A decision or rule that changes the course of the move without moving seeds."""

    type: Literal["note"]
    rule: str
    text: str
    note: str


class StopEvent(TypedDict):
    """The move ended in ``at``, for ``reason`` (in words)."""

    type: Literal["stop"]
    rule: str
    text: str
    at: str
    reason: str


class _GameOver(TypedDict):
    type: Literal["game_over"]
    rule: str
    text: str
    result: Result


class GameOverEvent(_GameOver, total=False):
    """The game is over after the move; ``score`` where it is decided on one."""

    score: Score


Event = Union[
    LapEvent, RelayEvent, StepEvent, EnterEvent, CaptureEvent, ReserveEvent, TransferEvent,
    NoteEvent, StopEvent, GameOverEvent,
]
"""What a move did, one step; ``event["type"]`` tells which TypedDict it is."""


Mark = Literal["house", "takasia", "reserved"]


class Hole(TypedDict):
    """A hole of a ``Layout`` row: its index (the order the game numbers its holes in), its
    name, its seeds (Bao la Kimasai: 1 for a stone) and what it is besides (``marks``)."""

    index: int
    name: str
    seeds: int
    marks: List[Mark]


class Row(TypedDict):
    """A row of holes, left to right as the diagram draws it."""

    label: str
    side: Side
    holes: List[Hole]


class Store(TypedDict):
    """Seeds of one side off the board: ``reserve``/``store`` (the 4x8 games), ``captured``
    (Bao Kingulu)."""

    side: Side
    label: str
    seeds: int


class Layout(TypedDict):
    """A position as its picture draws it (``Position.layout()``): rows top (North's back row)
    to bottom, the stores, the side to move, and state beyond holes and stores in words."""

    rows: List[Row]
    stores: List[Store]
    side_to_move: Side
    notes: List[str]


class Engine(Protocol):
    """What ``conform`` runs: the protocol's two calls, each taking the request message and
    returning the response message (dicts, as the JSON messages of docs/protocol.md hold).
    An optional ``hello()`` returns the handshake's answer."""

    def legal_moves(self, request: Dict[str, Any]) -> Dict[str, Any]: ...

    def play(self, request: Dict[str, Any]) -> Dict[str, Any]: ...
