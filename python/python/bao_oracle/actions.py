"""The games as game-AI frameworks see them: a fixed set of action ids per game, every move one
id, and a position as a vector of numbers. ``bao_oracle.openspiel`` and ``bao_oracle.pettingzoo``
are built on it; it needs neither.

An action id stands for a move's canonical text (``A6<``, ``A3>+``, ``a4``): its hole (in the
game's own order of holes: ``A1`` .. ``A8``, ``B1`` .. ``B8``, ``a1`` .. ``a8``, ``b1`` .. ``b8``
for the 4x8 games), then, in the 4x8 games, the direction (``<`` before ``>``) and whether a
safari is taken (without before with ``+``). The id of a move is therefore::

    hole * per_hole + direction * safaris + safari

with ``per_hole = 4`` and ``safaris = 2`` in Bao la Kiswahili and Bao la Kete (128 ids), and one
id per hole in Bao Kingulu (12) and Bao la Kimasai (48, the hole a stone leaves). In namua the
hole is the front hole the reserve seed enters, in mtaji the hole sown from: the phase is the
position's, so one id serves both. Most ids are illegal in a given position; ``legal`` lists
the legal ones.

>>> from bao_oracle import Board, Game
>>> space = ActionSpace(Game("bao-la-kiswahili"))
>>> len(space), space.action("A6<"), space.text(22), space.text(23)
(128, 20, 'A6>', 'A6>+')
>>> space.legal(Board(Game("bao-la-kiswahili")))
[20, 22, 24, 26]
"""

from typing import Dict, List, Optional, Tuple, Union

from ._native import Board, Game, Move, Position
from .types import Layout, Side

__all__ = ["MARKS", "SIDES", "ActionSpace", "ObservationLayout", "returns"]

SIDES: Tuple[Side, Side] = ("south", "north")
"""The players in framework order: player 0 is South, who moves first from the start."""

MARKS: Tuple[str, str, str] = ("house", "takasia", "reserved")
"""The marks of a hole, in the order of the observation's mark planes."""

# What follows the hole in a canonical move (the rules crate's notations): the 4x8 games write
# the direction and `+` for a safari taken; Bao Kingulu's and Bao la Kimasai's moves are a hole.
_DIRECTIONS = ("<", ">")
_SAFARIS = ("", "+")
_AFTER_HOLE: Dict[str, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {
    "bao-kingulu": (("",), ("",)),
    "bao-la-kimasai": (("",), ("",)),
    "bao-la-kete": (_DIRECTIONS, _SAFARIS),
    "bao-la-kiswahili": (_DIRECTIONS, _SAFARIS),
}


def _holes(layout: Layout) -> List[str]:
    """The hole names in the game's order (their index)."""
    holes = sorted((hole for row in layout["rows"] for hole in row["holes"]),
                   key=lambda hole: hole["index"])
    names = [hole["name"] for hole in holes]
    if [hole["index"] for hole in holes] != list(range(len(holes))):
        raise ValueError("the holes of the layout are not numbered 0, 1, ... in order")
    return names


class ActionSpace:
    """The action ids of one game: every move that can arise, each one id (see the module)."""

    def __init__(self, game: Game) -> None:
        if game.ruleset not in _AFTER_HOLE:
            raise ValueError(f"no action space for {game.ruleset}")
        self.game = game
        directions, safaris = _AFTER_HOLE[game.ruleset]
        self.holes: List[str] = _holes(game.start().layout())
        """The hole names, by index."""
        self.per_hole: int = len(directions) * len(safaris)
        """Action ids per hole."""
        self.texts: List[str] = [
            hole + direction + safari
            for hole in self.holes for direction in directions for safari in safaris
        ]
        """The canonical text of each id."""
        self._ids: Dict[str, int] = {text: i for i, text in enumerate(self.texts)}

    def __len__(self) -> int:
        return len(self.texts)

    def action(self, move: Union[Move, str]) -> int:
        """The id of a Move or of a move's canonical text. Raises ValueError for text that is
        no canonical move of the game."""
        text = move.text if isinstance(move, Move) else move
        try:
            return self._ids[text]
        except KeyError:
            raise ValueError(f"`{text}` is not a canonical move of {self.game.name}") from None

    def text(self, action: int) -> str:
        """The canonical text of an id. Raises ValueError outside ``range(len(self))``."""
        if not 0 <= action < len(self.texts):
            raise ValueError(f"{action} is not an action id of {self.game.name} "
                             f"(0 to {len(self.texts) - 1})")
        return self.texts[action]

    def move(self, action: int, position: Position) -> Move:
        """The legal Move an id stands for in ``position``. Raises MoveError if it is not legal
        there."""
        return position.move(self.text(action))

    def legal(self, board: Board) -> List[int]:
        """The ids of the board's legal moves, ascending; none once the game is over."""
        ids = self._ids
        return sorted(ids[text] for text in board.legal_moves())


class ObservationLayout:
    """How a position becomes a vector of floats, the same for every position of a game and
    for both players (the game has no hidden information). In order, each part flattened row by
    row:

    - ``seeds`` (rows x columns): the seeds in each hole (Bao la Kimasai: 1 for a stone), the
      rows as the diagram draws them, North's back row on top, each left to right;
    - ``marks`` (3 x rows x columns): 1 where a hole is a standing house (nyumba, kuu), the
      takasia-ed hole, or a reserved hole (Bao Kingulu's reservations, Bao la Kete's hizi zetu),
      in the order of ``MARKS``;
    - ``stores`` (2): the seeds off the board, South's then North's (the 4x8 games' reserves,
      the seeds each side captured in Bao Kingulu; 0 in Bao la Kimasai);
    - ``side_to_move`` (2): 1 for the side to move, South then North.
    """

    def __init__(self, game: Game) -> None:
        layout = game.start().layout()
        self.rows: int = len(layout["rows"])
        self.columns: int = len(layout["rows"][0]["holes"])
        self.shapes: Dict[str, Tuple[int, ...]] = {
            "seeds": (self.rows, self.columns),
            "marks": (len(MARKS), self.rows, self.columns),
            "stores": (len(SIDES),),
            "side_to_move": (len(SIDES),),
        }
        """Each part's shape, in the order of the vector."""
        self.size: int = (1 + len(MARKS)) * self.rows * self.columns + 2 * len(SIDES)
        """The vector's length."""

    def vector(self, position: Position, out: Optional[List[float]] = None) -> List[float]:
        """The position as a vector of ``size`` floats (written into ``out`` if given)."""
        layout = position.layout()
        values = [0.0] * self.size if out is None else out
        cells = self.rows * self.columns
        holes = [hole for row in layout["rows"] for hole in row["holes"]]
        values[:cells] = [float(hole["seeds"]) for hole in holes]
        values[cells:] = [0.0] * (self.size - cells)
        for cell, hole in enumerate(holes):
            for mark in hole["marks"]:
                values[cells * (1 + MARKS.index(mark)) + cell] = 1.0
        at = cells * (1 + len(MARKS))
        for store in layout["stores"]:
            values[at + SIDES.index(store["side"])] += float(store["seeds"])
        values[at + len(SIDES) + SIDES.index(layout["side_to_move"])] = 1.0
        return values


def returns(board: Board) -> Tuple[float, float]:
    """South's and North's returns: +1 for the winner, -1 for the loser, 0 each for a draw or a
    game not over."""
    outcome = board.outcome()
    if outcome is None or outcome["result"] == "draw":
        return (0.0, 0.0)
    return (1.0, -1.0) if outcome["result"] == "south" else (-1.0, 1.0)

