"""Conformance in-process: the oracle's own run (scenarios, random games, probes, shrinking)
against Python engines."""

import json
import pathlib
from typing import Any, Callable, Dict, List, Optional

import pytest

import bao_oracle
from bao_oracle import assert_conforms, conform

from bao_oracle.types import Event

from conftest import LineEngine


def test_the_example_engine_conforms(example_engine: LineEngine) -> None:
    report = assert_conforms(example_engine, games=10, positions=5, seed=1)
    assert report.conforms
    data = report.data
    assert data["engine"]["name"] == "python-example"
    # Its two games, scenarios and random games both checked.
    assert [r["ruleset"] for r in data["rulesets"]] == ["bao-kingulu", "bao-la-kimasai"]
    assert all(r["scenarios"] > 0 and r["games"] == 10 for r in data["rulesets"])
    assert data["summary"]["failed"] == 0 and data["summary"]["passed"] > 20
    assert report.summary.endswith(" failed") and report.findings == []
    # The report as the command writes it: its JSON (a final line break, as it prints it), that
    # document as data, and its page.
    text = report.to_json()
    assert text.endswith("}\n") and json.loads(text) == report.to_dict() == data
    page = report._repr_html_()
    assert page.startswith("<!DOCTYPE html>") and "python-example" in page


def test_a_planted_bug_is_one_finding_naming_its_rule(broken_engine: LineEngine, tmp_path: pathlib.Path) -> None:
    # As tests/it/conform.rs runs it: random games only (an empty specification, no position
    # probes: since the probes cover every game, they find the bug too, with a shorter witness).
    report = conform(broken_engine, rulesets=["bao-la-kimasai"], games=10, positions=0, seed=1, spec=[tmp_path])
    assert not report.conforms
    assert len(report.findings) == 1, str(report)
    finding = report.findings[0]
    # The capture the engine forgets is MAS-6's (the front stone), MAS-7's behind it.
    assert "MAS-6" in finding["rules"] and "MAS-7" in finding["rules"], finding
    assert finding["summary"].startswith("the position and events after"), finding
    # Shrunk as `bao-oracle conform` shrinks it (tests/it/conform.rs's snapshot: the same moves).
    assert finding["moves"] == ["A2", "b11", "A3", "b12"] and finding["shrunk_from"] == 11
    assert len(finding["cases"]) == 10


def test_the_pytest_helper_fails_with_the_shortest_reproduction(broken_engine: LineEngine) -> None:
    with pytest.raises(AssertionError) as failed:
        assert_conforms(broken_engine, rulesets=["bao-la-kimasai"], games=10)
    message = str(failed.value)
    assert message.startswith("FAIL bao-la-kimasai/")
    # The finding with the fewest moves: with the scenarios, a scenario of the corner capture.
    assert "reproduce:" in message and "MAS-6" in message
    assert message.rstrip().endswith("failed")


class Raising:
    """An engine whose `play` raises: each case it fails names the exception."""

    def legal_moves(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return {"type": "moves", "moves": bao_oracle.Game(request["ruleset"])
                .position(request["position"]).legal_moves()}

    def play(self, request: Dict[str, Any]) -> Dict[str, Any]:
        raise RuntimeError("not written yet")


def test_an_engine_that_raises_fails_with_the_exception() -> None:
    report = conform(Raising(), rulesets=["bao-kingulu"], games=2, positions=0)
    assert not report.conforms
    assert any("RuntimeError: not written yet" in str(f["engine"]) for f in report.findings), str(report)


def test_an_engine_built_on_the_bindings_conforms() -> None:
    """The bindings themselves as an engine, without `hello`: every ruleset at its defaults."""

    class Bindings:
        def legal_moves(self, request: Dict[str, Any]) -> Dict[str, Any]:
            game = bao_oracle.Game(request["ruleset"], rulings=request["rulings"])
            try:
                position = game.position(request["position"])
            except bao_oracle.SetupError as e:
                return {"type": "error", "code": e.code, "message": e.message}
            return {"type": "moves", "moves": position.legal_moves()}

        def play(self, request: Dict[str, Any]) -> Dict[str, Any]:
            game = bao_oracle.Game(request["ruleset"], rulings=request["rulings"])
            try:
                history = [game.position(p) for p in request.get("history", [])]
                played = game.position(request["position"]).play(request["move"], history=history)
            except bao_oracle.SetupError as e:
                return {"type": "error", "code": e.code, "message": e.message}
            except bao_oracle.MoveError as e:
                if e.code in ("illegal-move", "move-after-end"):
                    return {"type": "illegal", "reason": e.message}
                if e.code == "undecided-move":
                    return {"type": "undecided", "reason": e.message}
                return {"type": "error", "code": e.code, "message": e.message}
            events = [protocol_event(e) for e in played.events]
            return {"type": "played", "position": played.position.compact(),
                    "events": [e for e in events if e]}

    report = conform(Bindings(), rulesets=["bao-kingulu", "bao-la-kimasai"], games=3,
                     positions=0, allow_skips=True)
    assert report.data["summary"]["passed"] > 0
    assert report.findings == [], report.failure()


def protocol_event(event: Event) -> Optional[Dict[str, Any]]:
    """An event of the bindings as the protocol writes it (captures, reservations, the end)."""
    if event["type"] == "capture":
        return {"type": "capture", "hole": event["hole"], "seeds": event["seeds"]}
    if event["type"] == "reserve":
        return {"type": "reserve", "hole": event["hole"], "by": event["by"]}
    if event["type"] == "game_over":
        end: Dict[str, Any] = {"type": "game_over", "result": event["result"]}
        if "score" in event:
            end["score"] = event["score"]
        return end
    return None


def test_bad_arguments_are_refused(example_engine: LineEngine) -> None:
    with pytest.raises(ValueError, match="not a ruleset"):
        conform(example_engine, rulesets=["chess"])
    with pytest.raises(ValueError, match="does not support bao-la-kete"):
        conform(example_engine, rulesets=["bao-la-kete"])
    with pytest.raises(ValueError, match="not a ruling"):
        conform(example_engine, rulings={"zanzibar.takasia": "no"}, games=0)


class Answering:
    """An engine that answers every request with what `answer()` makes."""

    def __init__(self, answer: Callable[[], Dict[str, Any]]) -> None:
        self.answer = answer

    def legal_moves(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return self.answer()

    def play(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return self.answer()


def test_a_cyclic_or_very_deep_answer_is_a_finding_not_a_crash() -> None:
    # Round four's K11: both once overflowed the stack and killed the interpreter.
    def cyclic() -> Dict[str, Any]:
        moves: List[Any] = ["A3"]
        moves.append(moves)
        return {"type": "moves", "moves": moves}

    nested: List[Any] = []
    for _ in range(200_000):
        nested = [nested]

    def deep() -> Dict[str, Any]:
        return {"type": "moves", "moves": nested}

    for answer in (cyclic, deep):
        report = conform(Answering(answer), rulesets=["bao-kingulu"], games=1, positions=0)
        assert not report.conforms
        assert "nests more than 64 levels" in str(report)


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit])
def test_ctrl_c_and_exit_in_an_engine_end_the_run(stop: type[BaseException]) -> None:
    # Round four's K13: they were swallowed, the run went on and the engine was blamed.
    calls = []

    def answer() -> Dict[str, Any]:
        calls.append(1)
        raise stop()

    with pytest.raises(stop):
        conform(Answering(answer), rulesets=["bao-kingulu"], games=5, positions=0)
    assert len(calls) == 1
