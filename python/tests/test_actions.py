"""Position.layout() and bao_oracle.actions: the action ids and observation vectors the
framework adapters share (no framework needed)."""

import doctest
import random

import pytest

import bao_oracle.actions
from bao_oracle import RULESETS, Board, Game, MoveError
from bao_oracle.actions import MARKS, ActionSpace, ObservationLayout, returns


def test_the_layout_is_the_board_as_drawn() -> None:
    layout = Game("bao-kingulu").position("4,0,5^S,2,4,4/0,5,6,1,3,0 9-5 N").layout()
    assert [row["label"] for row in layout["rows"]] == ["a", "A"]
    north = layout["rows"][0]["holes"]
    # North's row as the diagram draws it: a6 .. a1.
    assert [(h["name"], h["seeds"], h["marks"]) for h in north][:3] == [
        ("a6", 4, []), ("a5", 0, []), ("a4", 5, ["reserved"])]
    assert {s["side"]: s["seeds"] for s in layout["stores"]} == {"south": 9, "north": 5}
    assert layout["side_to_move"] == "north"


@pytest.mark.parametrize("ruleset,holes,seeds", [
    ("bao-kingulu", 12, 48), ("bao-la-kete", 32, 64), ("bao-la-kimasai", 48, 46),
    ("bao-la-kiswahili", 32, 64)])
def test_every_game_lays_out_its_holes_and_seeds(ruleset: str, holes: int, seeds: int) -> None:
    layout = Game(ruleset).start().layout()
    cells = [hole for row in layout["rows"] for hole in row["holes"]]
    assert sorted(hole["index"] for hole in cells) == list(range(holes))
    assert sum(h["seeds"] for h in cells) + sum(s["seeds"] for s in layout["stores"]) == seeds
    assert all(mark in MARKS for hole in cells for mark in hole["marks"])


def test_the_4x8_games_mark_their_houses() -> None:
    layout = Game("bao-la-kiswahili").start().layout()
    houses = [h["name"] for row in layout["rows"] for h in row["holes"] if "house" in h["marks"]]
    assert sorted(houses) == ["A5", "a5"]


def test_the_module_examples_run() -> None:
    assert doctest.testmod(bao_oracle.actions).failed == 0


@pytest.mark.parametrize("ruleset,count", [
    ("bao-kingulu", 12), ("bao-la-kete", 128), ("bao-la-kimasai", 48),
    ("bao-la-kiswahili", 128)])
def test_every_move_of_random_games_has_its_own_id(ruleset: str, count: int) -> None:
    game = Game(ruleset)
    space = ActionSpace(game)
    assert len(space) == count
    assert [space.action(space.text(i)) for i in range(count)] == list(range(count))
    rng = random.Random(11)
    for _ in range(5):
        board = Board(game)
        while not board.is_game_over():
            ids = space.legal(board)
            assert [space.text(i) for i in ids] == sorted(board.legal_moves(), key=space.action)
            assert space.move(ids[0], board.position).text == space.text(ids[0])
            board.push(space.text(rng.choice(ids)))


def test_text_that_is_no_canonical_move_is_refused() -> None:
    space = ActionSpace(Game("bao-la-kiswahili"))
    for text in ["A6", "6L*", "A9<", "A6<x"]:
        with pytest.raises(ValueError, match="not a canonical move"):
            space.action(text)
    with pytest.raises(ValueError):
        space.text(128)
    with pytest.raises(MoveError):
        space.move(0, Game("bao-la-kiswahili").start())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_observation_vector_has_its_parts(ruleset: str) -> None:
    game = Game(ruleset)
    layout = ObservationLayout(game)
    position = game.start().play(game.start().legal_moves()[0]).position
    vector = layout.vector(position)
    assert len(vector) == layout.size
    sizes = [1] * len(layout.shapes)
    for i, shape in enumerate(layout.shapes.values()):
        for n in shape:
            sizes[i] *= n
    assert sum(sizes) == layout.size
    cells = layout.rows * layout.columns
    board = position.layout()
    assert vector[:cells] == [float(h["seeds"]) for r in board["rows"] for h in r["holes"]]
    # North moves after South's first move.
    assert vector[-2:] == [0.0, 1.0]


def test_returns_are_the_outcome() -> None:
    board = Board(Game("bao-kingulu"), "0,0,1,0,0,1/1,0,1,0,2,1 20-21 S")
    assert returns(board) == (0.0, 0.0)
    for move in "A3 a4 A5 a3 A6 a3 A4 a5 A3 a6".split():
        board.push(move)
    assert board.outcome() is not None
    assert returns(board) == (1.0, -1.0)
