"""The rules of four East African mancala games from Python.

Bao la Kiswahili (Zanzibar Bao), Bao la Kete, Bao Kingulu and Bao la Kimasai, as the
``bao-oracle`` rules oracle plays them: games and positions as objects, legal moves in either
notation, moves played with their events and rule ids, perft, moves explained step by step,
game records read as objects (``read_game``, as python-chess's ``chess.pgn``) and checked (a
report with the JSON report's data and the HTML page), transcripts imported, and Python engines run
through the oracle's conformance run in this process.

>>> import bao_oracle
>>> game = bao_oracle.Game("bao-kingulu")
>>> played = game.start().play("A3")
>>> played.position.compact()
'1,0,6,6,0,1/6,6,2,7,0,6 7-0 N'

The shapes of its data (events, outcomes, the ``Engine`` protocol) are in ``bao_oracle.types``.
See docs/python.md in the repository for a walk-through.
"""

from typing import Any

from ._native import (
    RULESETS,
    BaoError,
    Board,
    CheckReport,
    Children,
    ConformReport,
    Explanation,
    Game,
    GameRecord,
    Move,
    MoveError,
    Played,
    Position,
    ReadError,
    SetupError,
    __version__,
    check,
    check_text,
    conform,
    import_transcript,
    read_game,
    read_games,
)

__all__ = [
    "RULESETS",
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
    "ReadError",
    "SetupError",
    "__version__",
    "assert_conforms",
    "check",
    "check_text",
    "conform",
    "import_transcript",
    "read_game",
    "read_games",
]
from .types import Engine


def assert_conforms(engine: Engine, **options: Any) -> ConformReport:
    """Runs ``conform(engine, **options)`` and fails unless the engine conforms.

    For pytest: the AssertionError's message is the finding with the shortest reproduction (its
    start, its moves, the request, both answers and the rule ids), then the counts. Returns the
    ConformReport when the engine conforms.
    """
    report = conform(engine, **options)
    failure = report.failure()
    if failure is not None:
        raise AssertionError(failure)
    return report
