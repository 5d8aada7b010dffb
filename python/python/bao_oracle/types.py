"""The shapes of the package's data, for type checkers and readers: sides, notations, outcomes,
one TypedDict per event type, a game record's headers, the check and conformance reports (as
docs/schema/check-report.json and conform-report.json describe them), and what ``conform`` runs
(``Engine``). Plain typing, importable
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


class _RecordHeaders(TypedDict):
    ruleset: str
    source: str


class RecordHeaders(_RecordHeaders, total=False):
    """A game record's fields as written (docs/historians.md, ``## The game record``); those it
    leaves out are absent. A transcript's as ``check`` reads them: ``place`` as ``title``,
    ``opening`` as ``start``, ``game-preset`` as ``preset``, ``takasia`` and ``game-rulings`` as
    ``rulings``, ``notation`` ``donkers``."""

    title: str
    date: str
    south: str
    north: str
    first: Side
    start: str
    preset: str
    rulings: Dict[str, str]
    notation: Notation
    result: Literal["south", "north", "draw", "unfinished"]


# The check report (docs/schema/check-report.json, version 1).

Code = Literal[
    "io-error", "file-too-large", "not-text", "empty-file", "malformed-yaml", "yaml-limit",
    "unknown-field", "missing-field", "bad-value", "unknown-ruleset", "unknown-ruling",
    "ruling-conflict", "bad-position", "first-conflict", "not-notation", "illegal-move",
    "ambiguous-move", "undecided-move", "move-too-long", "move-after-end", "false-claim",
    "transcript-slip", "duplicate-game",
]
"""The stable error codes of a check's errors and warnings."""


class Suggestion(TypedDict):
    """A repair of the record: an edit at ``ply`` that makes it play on (``complete``: to the
    end)."""

    edit: Literal["replace", "insert", "delete", "swap"]
    ply: int
    move_number: Optional[int]
    side: Optional[Side]
    moves: List[str]
    spelled: List[str]
    was: List[str]
    replays: int
    complete: bool
    cost: int
    ambiguous: bool


class CheckError(TypedDict):
    """An error (or a warning) of a game: its code, rule, words, where it stands in the record
    and how to repair it."""

    code: Code
    rule: Optional[str]
    message: str
    ply: Optional[int]
    move_number: Optional[int]
    side: Optional[Side]
    move: Optional[str]
    line: Optional[int]
    column: Optional[int]
    offset: Optional[int]
    length: Optional[int]
    help: Optional[str]
    suggestions: List[Suggestion]


class Repair(TypedDict):
    """The repair search of a game that stopped at a move: its window and what it spent."""

    window: int
    nodes: int
    exhausted: bool
    verdict: Literal["borne-out", "ambiguous", "unrepaired"]


class Compare(TypedDict):
    """With ``compare_ruling``: the first ply whose legality or outcome depends on the ruling."""

    ruling: str
    values: List[str]
    ply: int
    move_number: Optional[int]
    side: Optional[Side]
    move: str
    line: int
    column: int
    outcomes: List[str]


class Combination(TypedDict):
    """A full assignment of the game's rulings, and the presets that are exactly it."""

    rulings: Dict[str, str]
    presets: List[str]


class Furthest(Combination):
    """The combination that plays the most moves of a game valid under none."""

    plies: int


class RulingInference(TypedDict):
    """What the inference of the rulings a game is valid under tried and found."""

    combinations: int
    consistent: int
    undecided: int
    moves_played: int
    budget: int
    exhausted: bool


class _GameResult(TypedDict):
    index: int
    valid: bool
    plies: int
    result: Optional[Literal["south", "north", "draw", "unfinished"]]
    errors: List[CheckError]
    warnings: List[CheckError]
    ruleset: Optional[str]
    recorded_plies: int
    end_rule: Optional[str]
    repair: Optional[Repair]
    consistent_rulings: Optional[List[Combination]]
    furthest_rulings: Optional[Furthest]
    ruling_inference: Optional[RulingInference]


class GameResult(_GameResult, total=False):
    """One game's check: ``valid``, the ``plies`` that played of ``recorded_plies``, where it
    stands (``result``, ``end_rule``), its ``errors`` and ``warnings``; ``compare`` only with a
    compared ruling."""

    compare: Optional[Compare]


class FileResult(TypedDict):
    """A file checked: its path and its games (a file that is no record file counts as one)."""

    path: str
    games: List[GameResult]


class Summary(TypedDict):
    """A check's counts."""

    files: int
    games: int
    valid: int
    invalid: int
    warnings: int
    io_errors: int


class IoError(TypedDict):
    """A path that could not be read."""

    path: str
    code: Literal["io-error"]
    message: str


class RulingsPart(TypedDict):
    """With ``infer_rulings``: which games decide each ruling of one ruleset."""

    ruleset: str
    games: int
    rulings: List[Dict[str, Any]]
    not_counted: List[Dict[str, Any]]


class _CheckReportData(TypedDict):
    version: Literal[1]
    files: List[FileResult]
    summary: Summary
    io_errors: List[IoError]


class CheckReportData(_CheckReportData, total=False):
    """``bao-oracle check --format json``'s document (``CheckReport.to_dict()``)."""

    rulings_table: List[RulingsPart]


# The conformance report (docs/schema/conform-report.json, version 1): its top level typed, the
# findings' many fields as data.


class ConformSummary(TypedDict, total=False):
    """A conformance run's counts."""

    passed: int
    failed: int
    skipped: int
    known_failures: int
    not_run: int
    apart: int
    requests: int
    restarts: int
    elapsed_ms: int
    requests_per_second: int
    skip_reasons: List[Dict[str, Any]]


class _ConformReportData(TypedDict):
    version: Literal[1]
    engine: Dict[str, Any]
    seed: int
    games: int
    rulesets: List[Dict[str, Any]]
    cases: List[Dict[str, Any]]
    divergences: List[Dict[str, Any]]
    fixed_known_failures: List[str]
    unmatched_known_failures: List[str]
    summary: ConformSummary
    bugs: List[Dict[str, Any]]
    unreachable: List[Dict[str, Any]]


class ConformReportData(_ConformReportData, total=False):
    """``bao-oracle conform --format json``'s document (``ConformReport.to_dict()``)."""

    problems: List[str]


class Engine(Protocol):
    """What ``conform`` runs: the protocol's two calls, each taking the request message and
    returning the response message (dicts, as the JSON messages of docs/protocol.md hold).
    An optional ``hello()`` returns the handshake's answer."""

    def legal_moves(self, request: Dict[str, Any]) -> Dict[str, Any]: ...

    def play(self, request: Dict[str, Any]) -> Dict[str, Any]: ...
