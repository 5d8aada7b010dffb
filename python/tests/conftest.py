"""Shared helpers: the repository's root, and protocol engines loaded as in-process engines."""

import importlib
import importlib.util
import json
import os
import pathlib
import types
from typing import Any, Dict

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE_ENGINE = ROOT / "examples" / "python-engine" / "engine.py"


def load_module(path: pathlib.Path, name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class LineEngine:
    """An engine written for the protocol's stdin/stdout (a module with `respond(line)`, as the
    example engine has), called in-process: each request goes through its own reading of a line."""

    def __init__(self, module: types.ModuleType) -> None:
        self.module = module

    def hello(self) -> Dict[str, Any]:
        return self.answer({"id": 0, "type": "hello", "protocol": 1})

    def legal_moves(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return self.answer(request)

    def play(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return self.answer(request)

    def answer(self, request: Dict[str, Any]) -> Dict[str, Any]:
        answer: Dict[str, Any] = self.module.respond(json.dumps(request))
        return answer


def framework(module: str, extra: str) -> Any:
    """A game-AI framework's module, or the test skipped without it (an error where
    ``BAO_REQUIRE_FRAMEWORKS`` is set, as ``.ci/run`` sets it)."""
    if os.environ.get("BAO_REQUIRE_FRAMEWORKS"):
        return importlib.import_module(module)
    return pytest.importorskip(
        module, reason=f"{module} is missing: pip install './python[{extra}]'")


@pytest.fixture
def example_engine() -> LineEngine:
    return LineEngine(load_module(EXAMPLE_ENGINE, "example_engine"))


# The planted bug of tests/it/conform.rs: MAS-6 forgets that a stone entering the front row from
# the back row (at the corner) captures too (MAS-A2).
RULE_LINE = "        if arrival[0] == front:\n"
BROKEN_LINE = "        if arrival[0] == front and start[0] == front:\n"


@pytest.fixture
def broken_engine(tmp_path: pathlib.Path) -> LineEngine:
    source = EXAMPLE_ENGINE.read_text()
    assert source.count(RULE_LINE) == 1, "the line to break is there once"
    path = tmp_path / "broken_engine.py"
    path.write_text(source.replace(RULE_LINE, BROKEN_LINE))
    return LineEngine(load_module(path, "broken_engine"))
