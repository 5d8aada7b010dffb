"""bao_oracle.openspiel: the four games pass OpenSpiel's own checks of a game (its random
simulation with serialisation), clone and serialise round trips, and an OpenSpiel MCTS bot
plays a whole game of each."""

import doctest
import importlib
import pickle
import random
from typing import Any, List

import pytest

from conftest import framework

pyspiel: Any = framework("pyspiel", "openspiel")

from bao_oracle import RULESETS, Board, Game, MoveError  # noqa: E402
from bao_oracle import openspiel  # noqa: E402
from bao_oracle.actions import ActionSpace  # noqa: E402

# A modest number: each simulated game is checked state by state, serialised and replayed.
SIMULATIONS = 10


def random_state(ruleset: str, plies: int, seed: int) -> Any:
    """A state ``plies`` random plies into a game (fewer if the game ends first)."""
    rng = random.Random(seed)
    state = openspiel.load_game(ruleset).new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_simulations_pass_openspiels_checks(ruleset: str) -> None:
    game = pyspiel.load_game(openspiel.SHORT_NAMES[ruleset])
    pyspiel.random_sim_test(game, num_sims=SIMULATIONS, serialize=True, verbose=False)


def test_the_generic_game_takes_its_ruleset() -> None:
    game = pyspiel.load_game("python_bao(ruleset=bao-kingulu)")
    assert game.bao_game.ruleset == "bao-kingulu"
    assert game.num_distinct_actions() == 12
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_action_count() -> None:
    counts = {name: pyspiel.load_game(name).num_distinct_actions()
              for name in openspiel.SHORT_NAMES.values()}
    assert counts == {"python_bao_kingulu": 12, "python_bao_la_kete": 128,
                      "python_bao_la_kimasai": 48, "python_bao_la_kiswahili": 128}
    assert set(counts) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_clone_is_the_same_state_and_independent(ruleset: str) -> None:
    state = random_state(ruleset, 20, seed=1)
    clone = state.clone()
    assert clone.history() == state.history()
    assert str(clone) == str(state)
    assert clone.legal_actions() == state.legal_actions()
    assert clone.observation_tensor(0) == state.observation_tensor(0)
    assert clone.position == state.position
    if not clone.is_terminal():
        clone.apply_action(clone.legal_actions()[0])
        assert len(clone.history()) == len(state.history()) + 1
        assert clone.position != state.position
        assert str(clone) != str(state)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_serialisation_round_trips(ruleset: str) -> None:
    state = random_state(ruleset, 25, seed=2)
    game = state.get_game()
    text = pyspiel.serialize_game_and_state(game, state)
    other_game, other = pyspiel.deserialize_game_and_state(text)
    assert str(other_game) == str(game)
    assert other.history() == state.history()
    assert other.position == state.position
    assert other.legal_actions() == state.legal_actions()
    assert other.returns() == state.returns()
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.history() == state.history()
    assert unpickled.position == state.position
    unpickled_game = pickle.loads(pickle.dumps(game))
    assert str(unpickled_game) == str(game)
    assert unpickled_game.bao_game == game.bao_game


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_legal_move_is_one_action_and_back(ruleset: str) -> None:
    game = openspiel.load_game(ruleset)
    space: ActionSpace = game.actions
    assert len(space) == game.num_distinct_actions()
    rng = random.Random(3)
    state = game.new_initial_state()
    board = Board(Game(ruleset))
    while not state.is_terminal():
        moves = board.legal_moves()
        actions = state.legal_actions()
        assert actions == sorted(space.action(move) for move in moves)
        assert len(set(actions)) == len(moves)
        for action, move in zip(actions, sorted(moves, key=space.action)):
            assert state.action_to_string(action) == move
            assert state.move(action).text == move
            assert state.action(state.move(action)) == action
        action = rng.choice(actions)
        state.apply_action(action)
        board.push(space.text(action))
    assert board.is_game_over()


def test_an_action_not_legal_is_refused() -> None:
    state = openspiel.load_game("bao-kingulu").new_initial_state()
    with pytest.raises(MoveError):
        state.move(0)
    with pytest.raises(ValueError):
        state.move(12)


def test_the_rulings_and_preset_are_game_parameters() -> None:
    game = openspiel.load_game("bao-la-kiswahili", preset="nkkmd",
                               rulings={"zanzibar.takasia": "no"})
    assert game.bao_game.preset == "nkkmd"
    assert game.bao_game.rulings["zanzibar.takasia"] == "no"
    same = pyspiel.load_game(str(game))
    assert same.bao_game == game.bao_game
    with pytest.raises(Exception, match="ruling"):
        openspiel.load_game("bao-kingulu", rulings={"no.such-ruling": "yes"})


def test_returns_follow_the_outcome() -> None:
    for seed in range(4):
        state = random_state("bao-kingulu", 500, seed)
        assert state.is_terminal()
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        result = state.board().outcome()["result"]
        expected = {"south": [1.0, -1.0], "north": [-1.0, 1.0], "draw": [0.0, 0.0]}[result]
        assert state.returns() == expected


def test_the_game_stops_drawn_at_its_length_cap() -> None:
    state = openspiel.load_game("bao-la-kimasai", max_game_length=3).new_initial_state()
    for _ in range(3):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert state.returns() == [0.0, 0.0]
    assert not state.board().is_game_over()


def test_the_observation_is_the_layout() -> None:
    state = openspiel.load_game("bao-la-kete").new_initial_state()
    tensor = state.observation_tensor(0)
    game = state.get_game()
    assert game.observation_tensor_shape() == [len(tensor)]
    rows = state.position.layout()["rows"]
    seeds = [float(hole["seeds"]) for row in rows for hole in row["holes"]]
    assert tensor[:len(seeds)] == seeds
    # Stores (South, North), then the side to move (South).
    assert tensor[-4:] == [22.0, 22.0, 1.0, 0.0]
    assert state.observation_string(0) == state.position.compact()


def test_legal_moves_are_found_once_per_position(monkeypatch: pytest.MonkeyPatch) -> None:
    # A long move is decided when the legal moves are listed: a search asks for the legal
    # actions of a state, its clones and their masks many times, the oracle once.
    game = openspiel.load_game("bao-la-kiswahili")
    calls: List[int] = []
    listing = ActionSpace.legal

    def counted(space: ActionSpace, board: Board) -> List[int]:
        calls.append(1)
        return listing(space, board)

    monkeypatch.setattr(ActionSpace, "legal", counted)
    state = game.new_initial_state()
    for _ in range(3):
        state.legal_actions()
    state.legal_actions_mask()
    clone = state.clone()
    clone.legal_actions()
    assert len(calls) == 1
    clone.apply_action(clone.legal_actions()[0])
    clone.legal_actions()
    assert len(calls) == 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_mcts_bot_plays_a_whole_game(ruleset: str) -> None:
    import numpy as np
    mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")

    game = openspiel.load_game(ruleset)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.board().is_game_over()
    assert sum(state.returns()) == 0.0


def test_the_module_examples_run() -> None:
    assert doctest.testmod(openspiel).failed == 0
