"""bao_oracle.pettingzoo: an AEC environment per game, passing PettingZoo's own API test and
seed test."""

import doctest
import random
from typing import Any, Dict

import pytest

from conftest import framework

pettingzoo_test: Any = framework("pettingzoo.test", "pettingzoo")

from bao_oracle import RULESETS, Board, Game, MoveError  # noqa: E402
from bao_oracle import pettingzoo  # noqa: E402


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_environment_passes_pettingzoos_api_test(ruleset: str) -> None:
    pettingzoo_test.api_test(pettingzoo.env(ruleset), num_cycles=300)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_environment_passes_pettingzoos_seed_test(ruleset: str) -> None:
    pettingzoo_test.seed_test(lambda: pettingzoo.env(ruleset), num_cycles=100)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_random_game_is_the_oracles_game(ruleset: str) -> None:
    env = pettingzoo.raw_env(ruleset)
    env.reset(seed=1)
    board = Board(Game(ruleset))
    rng = random.Random(5)
    final: Dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        assert agent == board.side_to_move
        legal = observation["action_mask"].nonzero()[0].tolist()
        assert [env.actions.text(a) for a in legal] == sorted(board.legal_moves(),
                                                              key=env.actions.action)
        action = rng.choice(legal)
        env.step(action)
        board.push(env.actions.text(action))
    assert board.is_game_over()
    result = board.outcome()["result"]  # type: ignore[index]
    expected = {"south": 1.0, "north": -1.0, "draw": 0.0}[result]
    assert final == {"south": expected, "north": -expected}
    assert env.agents == []


def test_an_illegal_action_loses_the_game() -> None:
    env = pettingzoo.env("bao-kingulu")
    env.reset()
    env.step(0)  # A1: not legal at the start
    _, reward, terminated, _, _ = env.last()
    assert terminated
    assert reward == -1
    raw = pettingzoo.raw_env("bao-kingulu")
    raw.reset()
    with pytest.raises(MoveError):
        raw.step(0)


def test_the_game_is_truncated_at_its_length_cap() -> None:
    env = pettingzoo.raw_env("bao-la-kimasai", max_game_length=4)
    env.reset()
    for _ in range(4):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(mask.nonzero()[0][0]))
    assert all(env.truncations.values())
    assert not any(env.terminations.values())
    assert env.rewards == {"south": 0.0, "north": 0.0}


def test_options_reach_the_game() -> None:
    env = pettingzoo.raw_env("bao-la-kiswahili", preset="nkkmd",
                             rulings={"zanzibar.takasia": "no"}, render_mode="ansi")
    assert env.game.rulings["zanzibar.takasia"] == "no"
    assert env.metadata["name"] == "bao_la_kiswahili_v0"
    env.reset()
    assert env.render() == Game("bao-la-kiswahili").start().diagram()


def test_the_module_examples_run() -> None:
    assert doctest.testmod(pettingzoo).failed == 0
