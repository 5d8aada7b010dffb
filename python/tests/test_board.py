"""A game in progress, as python-chess's Board: push, pop, the move stack, legal moves, the end
(by the position and by repetition), copies."""

import copy
import re

import pytest

import bao_oracle
from bao_oracle import Board, Game, MoveError, SetupError

REPEATING = "0,0,1,0,0,1/1,0,1,0,2,1 20-21 S"
REPEATING_MOVES = "A3 a4 A5 a3 A6 a3 A4 a5 A3".split()


@pytest.mark.parametrize("ruleset", bao_oracle.RULESETS)
def test_push_and_pop_walk_the_same_positions_as_play(ruleset: str) -> None:
    game = Game(ruleset)
    board = Board(game)
    positions = [game.start()]
    for _ in range(12):
        moves = board.legal_moves()
        if not moves:
            break
        assert moves == positions[-1].legal_moves()
        pushed = board.push(moves[-1])
        assert pushed == moves[-1]
        positions.append(positions[-1].play(moves[-1]).position)
        assert board.position == positions[-1]
    assert len(board.move_stack) == len(positions) - 1 >= 6
    stack = board.move_stack
    while board.move_stack:
        n = len(board.move_stack)
        assert board.peek() == stack[n - 1]
        assert board.pop() == stack[n - 1]
        assert board.position == positions[n - 1]
    assert board.position == board.root == game.start()
    with pytest.raises(IndexError):
        board.pop()


def test_a_refused_push_leaves_the_board_unchanged() -> None:
    board = Board(Game("bao-kingulu"))
    board.push("A3")
    with pytest.raises(MoveError) as e:
        board.push("A3")
    assert e.value.code == "illegal-move" and isinstance(e.value, ValueError)
    with pytest.raises(MoveError) as e:
        board.push("a3x6")
    assert e.value.code == "false-claim"
    assert board.move_stack == ["A3"] and board.side_to_move == "north"
    with pytest.raises(SetupError):
        board.push("a3", notation="donkers")


def test_donkers_notation_in_and_canonical_out() -> None:
    board = Board(Game("bao-la-kiswahili"))
    first = board.legal_moves(notation="donkers")[0]
    pushed = board.push(first, notation="donkers")
    assert pushed == Game("bao-la-kiswahili").start().play(first, notation="donkers").move
    assert board.move_stack == [pushed]


def test_the_board_remembers_the_positions_for_repetition() -> None:
    # The repetition of test_rules' history test, without a history passed by hand.
    game = Game("bao-kingulu")
    board = Board(game, REPEATING)
    for move in REPEATING_MOVES:
        board.push(move)
        assert not board.is_game_over()
    events = board.push_events("a6")
    assert board.is_game_over() and board.is_repetition()
    assert board.outcome() == {"result": "south", "rule": "KIN-A9", "score": {"south": 25, "north": 23}}
    assert events[-1]["type"] == "game_over"
    assert board.legal_moves() == []
    # The position alone does not end it: only the board's memory does.
    assert not board.position.is_over()
    with pytest.raises(MoveError) as e:
        board.push(board.position.legal_moves()[0])
    assert e.value.code == "move-after-end"
    # Popped, the game goes on.
    board.pop()
    assert not board.is_game_over() and not board.is_repetition() and board.outcome() is None


def test_the_end_by_the_position() -> None:
    over = "000000000000/000000000000/000100000000/000000001000 N"
    board = Board(Game("bao-la-kimasai"), Game("bao-la-kimasai").position(over))
    assert board.is_game_over() and not board.is_repetition()
    assert board.outcome() == {"result": "south", "rule": "MAS-9", "score": None}


def test_a_copy_is_independent() -> None:
    board = Board(Game("bao-kingulu"))
    board.push("A3")
    other = board.copy()
    other.push(other.legal_moves()[0])
    assert board.move_stack == ["A3"] and len(other.move_stack) == 2
    # No len(): a board at its start is not falsy.
    assert Board(Game("bao-kingulu"))
    assert copy.copy(board).move_stack == ["A3"]


def test_a_board_of_another_games_position_is_refused() -> None:
    with pytest.raises(TypeError):
        Board(Game("bao-kingulu"), Game("bao-la-kimasai").start())
    with pytest.raises(SetupError):
        Board(Game("bao-kingulu"), "not a position")
    assert repr(Board(Game("bao-kingulu"))) == "Board('bao-kingulu', '4,4,4,4,4,4/4,4,4,4,4,4 0-0 S', moves=0)"


@pytest.mark.parametrize("ruleset", bao_oracle.RULESETS)
def test_a_move_read_once_is_written_in_every_notation(ruleset: str) -> None:
    game = Game(ruleset)
    start = game.start()
    for text in start.legal_moves():
        move = start.move(text)
        assert str(move) == move.text == text and repr(move) == f"Move({text!r})"
        assert move.position == start and move.hole is not None
        assert move.text.startswith(move.hole)
        for notation in game.notations:
            written = move.format(notation)
            assert start.move(written, notation=notation) == move
            assert start.play(written, notation=notation).move == text
        assert move == start.move(text) and hash(move) == hash(start.move(text))
    if "donkers" not in game.notations:
        with pytest.raises(SetupError):
            start.move(start.legal_moves()[0]).format("donkers")


def test_a_moves_hole_and_direction() -> None:
    move = Game("bao-la-kiswahili").start().move("6L*", notation="donkers")
    assert (move.text, move.hole, move.direction) == ("A6<", "A6", "anticlockwise")
    assert move.format("donkers") == "6L*"
    other = Game("bao-la-kiswahili").start().move("A6>")
    assert (other.direction, other.format("donkers")) == ("clockwise", "6R*") and other != move
    # A Bao la Kimasai step has no lap.
    step = Game("bao-la-kimasai").start().legal_moves()[0]
    assert Game("bao-la-kimasai").start().move(step).direction is None
    with pytest.raises(MoveError) as e:
        Game("bao-kingulu").start().move("A1")
    assert e.value.code == "illegal-move"
    assert move.__eq__("A6<*") is NotImplemented


def test_a_board_pushes_moves_and_parses_them() -> None:
    board = Board(Game("bao-kingulu"))
    move = board.parse_move("A3")
    assert board.push(move) == "A3" and board.move_stack == ["A3"]
    assert board.parse_move("a3").position == board.position
    board = Board(Game("bao-kingulu"), REPEATING)
    for text in REPEATING_MOVES + ["a6"]:
        board.push(board.parse_move(text))
    with pytest.raises(MoveError) as e:
        board.parse_move(board.position.legal_moves()[0])
    assert e.value.code == "move-after-end"


@pytest.mark.parametrize("ruleset", bao_oracle.RULESETS)
def test_moves_listed_as_objects_push_and_pop_as_their_text_does(ruleset: str) -> None:
    game = Game(ruleset)
    by_move, by_text = Board(game), Board(game)
    for ply in range(60):
        moves = by_move.generate_legal_moves()
        assert [m.text for m in moves] == by_move.legal_moves() == by_text.legal_moves()
        if not moves:
            break
        move = moves[ply * 7 % len(moves)]
        assert move.position == by_move.position and move == by_move.parse_move(move.text)
        assert by_move.copy().push_events(move) == by_text.copy().push_events(move.text)
        assert by_move.push(move) == by_text.push(move.text) == move.text
        assert by_move.position == by_text.position and by_move.peek() == move.text
        assert by_move.is_game_over() == by_text.is_game_over()
        assert by_move.outcome() == by_text.outcome()
    assert by_move.move_stack == by_text.move_stack
    while by_move.move_stack:
        assert by_move.pop() == by_text.pop()
        assert by_move.position == by_text.position
    assert by_move.position == game.start() and by_move.generate_legal_moves()


def test_a_move_of_another_position_is_pushed_by_its_text() -> None:
    board = Board(Game("bao-kingulu"))
    a3 = board.generate_legal_moves()[0]
    assert a3.text == "A3"
    board.push(a3)
    # `A3` of the start is no move of the position reached: read again, it is refused there.
    with pytest.raises(MoveError) as e:
        board.push(a3)
    assert e.value.code == "illegal-move" and board.move_stack == ["A3"]
    # A Move of the repeated position of a board over by repetition is refused as text is.
    board = Board(Game("bao-kingulu"), REPEATING)
    for text in REPEATING_MOVES + ["a6"]:
        board.push(text)
    assert board.generate_legal_moves() == []
    with pytest.raises(MoveError) as e:
        board.push(board.position.generate_legal_moves()[0])
    assert e.value.code == "move-after-end"


@pytest.mark.parametrize("ruleset", bao_oracle.RULESETS)
def test_a_position_plays_a_move_as_its_text(ruleset: str) -> None:
    position = Game(ruleset).start()
    for _ in range(30):
        moves = position.generate_legal_moves()
        if not moves:
            break
        for move in moves:
            played, again = position.play(move), position.play(move.text)
            assert (played.move, played.position) == (again.move, again.position)
            assert played.events == again.events and played.outcome == again.outcome
        position = position.play(moves[-1]).position


CLAIMS = {
    "bao-kingulu": r"(x\d+)?\^?",
    "bao-la-kete": r"\+?(x|\*\*?)#?",
    "bao-la-kimasai": r"x{0,2}",
    "bao-la-kiswahili": r"\+?(x|\*\*?)#?",
}


@pytest.mark.parametrize("ruleset", bao_oracle.RULESETS)
def test_a_moves_claims_are_the_ones_it_bears_out(ruleset: str) -> None:
    # Random games to their end: every move's annotated text plays with its claims true, and a
    # 4x8 game won by the position ends with a `#`.
    seen = set()
    for seed in range(6):
        board = Board(Game(ruleset))
        while not board.is_game_over() and len(board.move_stack) < 300:
            moves = board.generate_legal_moves()
            move = moves[(seed * 31 + len(board.move_stack) * 7) % len(moves)]
            assert move.annotated == move.text + move.claims
            assert re.fullmatch(CLAIMS[ruleset], move.claims), move.claims
            assert board.copy().push(move.annotated) == move.text
            seen.add(re.sub(r"\d+", "", move.claims))
            board.push(move)
        outcome = board.outcome()
        if "donkers" in Game(ruleset).notations and outcome and outcome["result"] != "draw":
            assert move.claims.endswith("#")
    assert len(seen) >= 2, seen


def test_the_claims_of_bao_kingulu_and_bao_la_kimasai() -> None:
    # KIN-9: six seeds from a2 and the capturing seed; KIN-10: a reservation.
    assert Game("bao-kingulu").start().move("A3").annotated == "A3x7"
    reserving = Game("bao-kingulu").position("0,0,0,0,3,2/0,0,0,0,3,0 40-0 S").move("A5")
    assert (reserving.claims, reserving.annotated) == ("^", "A5^")
    # MAS-6, MAS-7: an `x` for each stone captured.
    board, found = Board(Game("bao-la-kimasai")), set()
    while not board.is_game_over() and len(board.move_stack) < 200:
        moves = board.generate_legal_moves()
        for move in moves:
            events = board.position.play(move).events
            assert move.claims == "x" * sum(e["type"] == "capture" for e in events)
            found.add(move.claims)
        board.push(moves[len(board.move_stack) * 5 % len(moves)])
    assert "x" in found, found
