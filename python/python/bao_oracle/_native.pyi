"""Type stubs of the native module: every class and function of ``bao_oracle``."""

from typing import IO, Any, Dict, Iterable, Iterator, List, Literal, Mapping, Optional, Sequence, Union, final

from .types import (
    CheckError,
    CheckReportData,
    ConformReportData,
    Engine,
    Event,
    FileResult,
    GameResult,
    IoError,
    Layout,
    Notation,
    Outcome,
    PathLike,
    RecordHeaders,
    RulingsPart,
    Side,
    Summary,
)

__all__ = [
    "BaoError",
    "Board",
    "CheckReport",
    "Children",
    "ConformReport",
    "Explanation",
    "Game",
    "GameRecord",
    "Move",
    "MoveError",
    "Played",
    "Position",
    "RULESETS",
    "ReadError",
    "SetupError",
    "__version__",
    "check",
    "check_text",
    "conform",
    "import_transcript",
    "read_game",
    "read_games",
]


__version__: str
RULESETS: List[str]
"""Every ruleset id the oracle knows, in a stable order."""

class BaoError(Exception):
    """A refusal of the oracle; ``str()`` is the line the command line prints
    (``error[code]: ...``)."""

    code: str
    """The stable error code (``illegal-move``, ``bad-position``, ``unknown-ruling``, ...)."""
    rule: Optional[str]
    """The rule id behind the refusal (``KIN-7``), or None."""
    message: str
    """Why, in words, without the code and the rule."""
    help: Optional[str]
    """What to write instead, or None."""
    findings: List[Dict[str, Any]]
    """For ``import_transcript``: every finding (code, rule, message, ply, move, help)."""

class MoveError(BaoError, ValueError):
    """A move not played: ``not-notation``, ``ambiguous-move``, ``illegal-move``,
    ``undecided-move``, ``move-after-end`` or ``false-claim``."""

    candidates: List[str]
    """For ``ambiguous-move``: the legal moves the spelling fits."""

class SetupError(BaoError, ValueError):
    """A game or position that cannot be set up: ``unknown-ruleset``, ``unknown-ruling``,
    ``bad-value``, ``bad-position`` (with the rule the position breaks)."""

class ReadError(BaoError, OSError):
    """A check (or ``read_game``) that could not read some of its paths (``io-error``): nothing
    unread passes, as ``bao-oracle check`` exits 2."""

    problems: List[Dict[str, str]]
    """Each path that could not be read, with why (``path``, ``message``)."""
    report: Optional["CheckReport"]
    """The report of the rest of the check, as ``check`` would have returned it (None from
    ``read_game``, which checks nothing)."""

@final
class Game:
    """A game: a ruleset under a preset and rulings."""

    def __new__(
        cls, ruleset: str, preset: Optional[str] = None, rulings: Optional[Mapping[str, str]] = None
    ) -> "Game":
        """``ruleset``: one of RULESETS; ``preset``: a preset of the game; ``rulings``: ruling
        name to value, over the preset. Raises SetupError."""
    @property
    def ruleset(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def preset(self) -> Optional[str]: ...
    @property
    def rulings(self) -> Dict[str, str]:
        """Every ruling of the game with the value in force."""
    @property
    def notations(self) -> List[Notation]: ...
    @property
    def position_forms(self) -> List[Literal["compact", "diagram", "donkers"]]:
        """The forms positions are read and written in."""
    @property
    def presets(self) -> List[str]: ...
    def start(self) -> "Position":
        """The standard start position."""
    def position(self, text: str) -> "Position":
        """A position read from any of the game's forms (compact, diagram, Donkers' bracket
        form), told apart by its shape. Raises SetupError."""
    def __eq__(self, other: object, /) -> bool:
        """Equal when the ruleset and every ruling in force are (the preset does not matter)."""
    def __hash__(self) -> int: ...

@final
class Position:
    """A position of a game, immutable and hashable; the side to move is part of it."""

    @property
    def game(self) -> Game: ...
    @property
    def side_to_move(self) -> Side: ...
    def compact(self) -> str:
        """The compact form, one line."""
    def diagram(self) -> str:
        """The diagram, several lines."""
    def format(self, form: Literal["compact", "diagram", "donkers"] = "compact") -> str:
        """The position in one of the game's forms (``donkers``: the 4x8 games' bracket
        strings). Raises SetupError for a form the game lacks."""
    def layout(self) -> Layout:
        """The position as data, as its picture draws it: rows of holes (name, seeds, marks),
        North's back row on top, the stores, the side to move."""
    def svg(self) -> str:
        """The board as an SVG picture."""
    def _repr_svg_(self) -> str: ...
    def legal_moves(self, notation: Notation = "canonical") -> List[str]:
        """The legal moves, in canonical order; none once the game is over."""
    def play(
        self,
        move_text: Union["Move", str],
        notation: Optional[Notation] = None,
        history: Optional[Iterable["Position"]] = None,
    ) -> "Played":
        """Plays a move as written, or a Move of this position as the value it holds (no text
        read; its events heard when asked for). Raises MoveError. ``notation``: without it the
        move is read in either notation where it names one move (``6L*`` and ``A6<*`` alike).
        ``history``: earlier positions, oldest first, for the repetition rules."""
    def move(self, move_text: str, notation: Notation = "canonical") -> "Move":
        """The legal move the text names, as a Move (read once). Raises MoveError."""
    def generate_legal_moves(self) -> List["Move"]:
        """The legal moves as Move objects, in canonical order; none once the game is over."""
    def children(self, notation: Notation = "canonical") -> "Children":
        """Every legal move with the position it leads to, generated in one call (each move
        sown once, nothing heard): a sequence of Played in canonical order, empty once the game
        is over; moves, positions and events are made only when asked for. Repetition is not
        considered. ``notation``: that of ``Children.moves``. Raises SetupError for a notation
        the game lacks."""
    def outcome(self) -> Optional[Outcome]:
        """The game's end at this position, or None."""
    def is_over(self) -> bool: ...
    def perft(self, depth: int) -> int:
        """Leaves of the move tree ``depth`` plies deep."""
    def divide(self, depth: int) -> Dict[str, int]:
        """perft by first move."""
    def explain(self, move_text: str) -> "Explanation":
        """The move explained step by step, or why it is refused."""
    def __eq__(self, other: object, /) -> bool:
        """Equal when the games (ruleset and every ruling in force) and the positions are."""
    def __hash__(self) -> int: ...

@final
class Played:
    """A move played."""

    @property
    def move(self) -> str:
        """The move in canonical notation."""
    @property
    def position(self) -> Position:
        """The position after the move."""
    @property
    def events(self) -> List[Event]:
        """What the move did, in order, each with its rule id. A child of ``children()`` hears
        them when first asked for, by playing the move again; raises MoveError
        (``move-too-long``) for a move too long to tell."""
    @property
    def outcome(self) -> Optional[Outcome]:
        """The game's end after the move (for a child of ``children()``, by the position
        alone), or None."""
    def _repr_svg_(self) -> str: ...

@final
class Move:
    """A legal move of a position, read once from any notation or listed by
    ``generate_legal_moves()``, then pushed and played as the value it holds: its hole, the way
    its first lap goes, the claims it bears out, and its text in each of the game's notations;
    ``str()`` is its canonical text.

    >>> move = Game("bao-la-kiswahili").start().move("6L*", notation="donkers")
    >>> move.hole, move.direction, move.claims, move.annotated
    ('A6', 'anticlockwise', '*', 'A6<*')
    """

    @property
    def text(self) -> str:
        """The move in canonical notation."""
    @property
    def hole(self) -> Optional[str]:
        """The hole the move starts from."""
    @property
    def direction(self) -> Optional[Literal["clockwise", "anticlockwise"]]:
        """The way the first lap goes; None for a move with no lap."""
    @property
    def claims(self) -> str:
        """The claims the move bears out, as the notation writes them after the move: the 4x8
        games' ``x`` (a capture), ``*`` (a takasa or takata), ``**`` (one played under takasia or
        hizi zetu), ``+`` first where a mtaji lap relayed out of the owned house, ``#`` last
        where the move wins; Bao Kingulu's ``x`` and the seeds captured (``x7``) and ``^`` (a
        reservation); Bao la Kimasai's ``x`` per stone captured. Empty for a move that claims
        nothing."""
    @property
    def annotated(self) -> str:
        """The canonical text with the claims (``A6<*``), as records the oracle writes give it."""
    @property
    def position(self) -> Position:
        """The position the move is played from."""
    def format(self, notation: Notation = "canonical") -> str:
        """The move in ``notation``. Raises SetupError for a notation the game lacks."""
    def __eq__(self, other: object, /) -> bool:
        """Equal when the game, the position and the move are."""
    def __hash__(self) -> int: ...

@final
class Board:
    """A game in progress, as python-chess's ``Board``: moves pushed and popped, the positions
    reached remembered for the repetition rules."""

    def __new__(cls, game: Game, position: Union[Position, str, None] = None) -> "Board":
        """A game in progress from ``position`` (a Position of ``game`` or text in one of its
        forms), by default the start. Raises SetupError."""
    @property
    def game(self) -> Game: ...
    @property
    def position(self) -> Position:
        """The position reached."""
    @property
    def root(self) -> Position:
        """The position the board started from."""
    @property
    def side_to_move(self) -> Side: ...
    @property
    def move_stack(self) -> List[str]:
        """The moves pushed, canonical, oldest first."""
    def push(self, move: Union["Move", str], notation: Notation = "canonical") -> str:
        """Plays a Move (of the position reached: as the value it holds, no text read) or a move
        as written, claims checked; returns it canonical. Raises MoveError (the board
        unchanged)."""
    def push_events(self, move: Union["Move", str], notation: Notation = "canonical") -> List[Event]:
        """As ``push``, returning the move's events."""
    def parse_move(self, move_text: str, notation: Notation = "canonical") -> "Move":
        """The legal move the text names in the position reached, unplayed. Raises MoveError."""
    def pop(self) -> str:
        """Takes the last move back and returns it. Raises IndexError at the start."""
    def peek(self) -> str:
        """The last move pushed. Raises IndexError at the start."""
    def legal_moves(self, notation: Notation = "canonical") -> List[str]:
        """The legal moves as text, in canonical order; none once the game is over."""
    def generate_legal_moves(self) -> List["Move"]:
        """The legal moves as Move objects (python-chess's name), in canonical order; none once
        the game is over. Each is pushed as the value it holds."""
    def is_game_over(self) -> bool:
        """Over by the position or by a repetition."""
    def outcome(self) -> Optional[Outcome]:
        """The outcome if the game is over, else None."""
    def is_repetition(self) -> bool:
        """Over because the position repeats an earlier one."""
    def copy(self) -> "Board":
        """An independent copy."""
    def __copy__(self) -> "Board": ...
    def _repr_svg_(self) -> str: ...

@final
class Children(Sequence[Played]):
    """A ply of the move tree: the children of a position (``Position.children()``) or of every
    position of a ply (``Children.children()``); one Played per legal move, parent by parent in
    canonical order, each made only when taken."""

    def children(self) -> "Children":
        """The next ply: the children of every child, in order, generated in one call (the GIL
        released). ``len()`` of the ply ``depth - 1`` calls below ``Position.children()`` is
        ``perft(depth)``; every position of the ply is held in memory (MemoryError when the
        allocator refuses it)."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> Played: ...  # type: ignore[override]
    def __iter__(self) -> Iterator[Played]: ...
    @property
    def moves(self) -> List[str]:
        """The moves, in the notation the children were asked in."""
    @property
    def positions(self) -> List[Position]:
        """The positions the moves lead to, in the same order."""

@final
class Explanation:
    """A move explained, as ``bao-oracle explain`` gives it; ``str()`` is its text."""

    @property
    def data(self) -> Dict[str, Any]:
        """``ruleset``, ``move``, ``mover``, ``rulings``, ``before``, ``played``; for a played
        move ``canonical``, ``steps`` (rule, text, board), ``false_claims``, ``under``,
        ``after``, ``compact``, ``outcome``; for a refused one ``code``, ``rule``, ``reason``,
        ``candidates``, ``legal``."""
    @property
    def played(self) -> bool: ...
    @property
    def steps(self) -> List[Dict[str, Any]]: ...
    @property
    def text(self) -> str: ...
    def __getitem__(self, key: str, /) -> Any: ...
    def _repr_svg_(self) -> str: ...

@final
class ConformReport:
    """A conformance run's report."""

    @property
    def conforms(self) -> bool: ...
    @property
    def data(self) -> Dict[str, Any]:
        """The report as ``bao-oracle conform --format json`` writes it."""
    @property
    def findings(self) -> List[Dict[str, Any]]:
        """The divergences: summary, rules, start, moves (shortest reproduction), request,
        engine, oracle, cases."""
    @property
    def summary(self) -> str:
        """The closing line, ``N passed, M failed``."""
    def failure(self) -> Optional[str]:
        """The finding with the shortest reproduction and the counts; None if it conforms."""
    def to_dict(self) -> ConformReportData:
        """The report as data: a new dict each call, ``json.loads(report.to_json())``."""
    def to_json(self) -> str:
        """The report as ``bao-oracle conform --format json`` prints it, byte for byte."""
    def _repr_html_(self) -> str:
        """The page of ``bao-oracle conform --format html``."""

@final
class CheckReport:
    """A check's report: ``to_json()`` is ``bao-oracle check --format json``'s text,
    ``to_dict()`` its data, ``_repr_html_()`` the page of ``check --format html``."""

    @property
    def valid(self) -> bool:
        """Whether every game of every path replayed and is valid (the command exits 0)."""
    @property
    def passed(self) -> int:
        """The games that are valid."""
    @property
    def failed(self) -> int:
        """The games that are not."""
    @property
    def summary(self) -> Summary: ...
    @property
    def files(self) -> List[FileResult]: ...
    @property
    def games(self) -> List[GameResult]:
        """Every game's result, file after file."""
    @property
    def io_errors(self) -> List[IoError]: ...
    @property
    def rulings_table(self) -> Optional[List[RulingsPart]]:
        """With ``infer_rulings``: which games decide which ruling; else None."""
    def to_dict(self) -> CheckReportData:
        """The report as data: a new dict each call, ``json.loads(report.to_json())``."""
    def to_json(self) -> str:
        """The report as ``bao-oracle check --format json`` prints it, byte for byte."""
    def _repr_html_(self) -> str:
        """The page of ``bao-oracle check --format html``."""
    def __getitem__(self, key: str, /) -> Any:
        """The data's field ``key``, as the dict ``check()`` once returned."""
    def __contains__(self, key: str, /) -> bool: ...

@final
class GameRecord:
    """A game record, as python-chess's ``chess.pgn.Game``: headers, moves, a board at any ply,
    and writers."""

    @property
    def headers(self) -> RecordHeaders:
        """The record's fields as written; those it leaves out are absent."""
    @property
    def game(self) -> Game:
        """The game it is played under (ruleset, preset, rulings)."""
    @property
    def moves(self) -> List[Move]:
        """The moves that played, in order."""
    def mainline_moves(self) -> List[Move]:
        """``moves``, as python-chess names them."""
    @property
    def positions(self) -> List[Position]:
        """The first position and the one after each move."""
    def board(self, ply: Optional[int] = None) -> Board:
        """A Board at ``ply`` (the moves before it pushed); None is the first position. Raises
        IndexError beyond the moves that played."""
    @property
    def valid(self) -> bool:
        """Whether ``check`` finds the game valid."""
    @property
    def errors(self) -> List[CheckError]:
        """The game's errors as ``check`` reports them, without repair suggestions (``check``
        searches for them)."""
    @property
    def warnings(self) -> List[CheckError]:
        """A transcript's slips, as ``check`` reports them."""
    def check_result(self) -> GameResult:
        """The game's result as ``check`` reports it."""
    @property
    def path(self) -> str:
        """The file the game came from (or the name given with its text)."""
    @property
    def index(self) -> int:
        """The game's place in its file, from 1."""
    def to_record(self) -> str:
        """The game as a YAML record (a transcript's as ``bao-oracle import`` writes it)."""
    def to_transcript(self) -> str:
        """The game as a transcript, as ``bao-oracle transcript`` writes it."""
    @staticmethod
    def from_board(
        board: Board,
        *,
        source: str,
        title: Optional[str] = None,
        date: Optional[str] = None,
        south: Optional[str] = None,
        north: Optional[str] = None,
    ) -> "GameRecord":
        """The record of the game played on ``board`` (its game, first position and moves, the
        fields given, the result its moves reach), as python-chess's ``Game.from_board``."""

def read_game(
    source: Union[PathLike, IO[str]],
    *,
    name: Optional[str] = None,
    ruleset: Optional[str] = None,
    rulings: Optional[Mapping[str, str]] = None,
    preset: Optional[str] = None,
) -> GameRecord:
    """The first game of a record file, transcript or folder (a path, a text with a line break,
    or an open file), as python-chess's ``chess.pgn.read_game``. Raises ReadError for a path that
    cannot be read (or a folder without game files), SetupError for a game that cannot be read or
    set up."""

def read_games(
    source: Union[PathLike, IO[str], Iterable[PathLike]],
    *,
    name: Optional[str] = None,
    ruleset: Optional[str] = None,
    rulings: Optional[Mapping[str, str]] = None,
    preset: Optional[str] = None,
) -> List[GameRecord]:
    """Every game of ``source``, in order, as ``read_game`` reads the first."""

def check(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    rulings: Optional[Mapping[str, str]] = None,
    preset: Optional[str] = None,
    infer_rulings: bool = False,
    repair_window: int = 8,
    strict: bool = False,
) -> CheckReport:
    """Checks record files, transcripts and folders as ``bao-oracle check`` does: its report
    (``to_json()`` the text of ``--format json``, docs/json-report.md; ``_repr_html_()`` the page
    of ``--format html``). Raises ReadError when a path cannot be read."""

def check_text(
    text: str,
    *,
    name: str = "<text>",
    rulings: Optional[Mapping[str, str]] = None,
    preset: Optional[str] = None,
    infer_rulings: bool = False,
    repair_window: int = 8,
    strict: bool = False,
) -> CheckReport:
    """Checks the records (or transcript) in ``text`` as a file named ``name``."""

def import_transcript(
    text: str,
    *,
    ruleset: Optional[str] = None,
    name: str = "transcript",
    source: Optional[str] = None,
    rulings: Optional[Mapping[str, str]] = None,
    strict: bool = False,
) -> Dict[str, Any]:
    """A published transcript as a record: ``{"record": yaml, "warnings": [...]}``.

    ``ruleset``: the game of a transcript that names none (its ``game:`` header), by default
    ``bao-la-kiswahili``; a transcript that names another is refused."""

def conform(
    engine: Engine,
    *,
    rulesets: Optional[Sequence[str]] = None,
    games: int = 20,
    positions: int = 20,
    seed: int = 0,
    preset: Optional[str] = None,
    rulings: Optional[Mapping[str, str]] = None,
    skip: Sequence[str] = ...,
    known_failures: Sequence[str] = ...,
    allow_skips: bool = False,
    max_laps: Optional[int] = None,
    spec: Optional[Sequence[PathLike]] = None,
) -> ConformReport:
    """Runs ``engine`` through ``bao-oracle conform``'s run in this process."""
