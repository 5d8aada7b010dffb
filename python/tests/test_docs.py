"""docs/python.md's examples run as written (doctest), from the repository's root; the sections
on the game-AI frameworks where those are installed."""

import doctest
from typing import Dict, List, Tuple

import pytest

from conftest import ROOT, framework

# The page's sections that need a framework, by heading: the module each imports, its extra.
FRAMEWORKS = {"## OpenSpiel": ("pyspiel", "openspiel"),
              "## PettingZoo": ("pettingzoo", "pettingzoo")}


def page() -> Tuple[str, Dict[str, str]]:
    """The page without the frameworks' sections, and each of those sections."""
    rest: List[str] = []
    sections: Dict[str, List[str]] = {heading: [] for heading in FRAMEWORKS}
    current = rest
    for line in (ROOT / "docs" / "python.md").read_text().splitlines(keepends=True):
        if line.startswith("## "):
            current = sections.get(line.strip(), rest)
        current.append(line)
    return "".join(rest), {heading: "".join(lines) for heading, lines in sections.items()}


def run(text: str, name: str) -> doctest.TestResults:
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(ROOT / "docs" / "python.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_the_walk_through_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    failures, tried = run(page()[0], "python.md")
    assert tried > 30
    assert failures == 0


@pytest.mark.parametrize("heading", FRAMEWORKS)
def test_the_framework_sections_run(heading: str, monkeypatch: pytest.MonkeyPatch) -> None:
    framework(*FRAMEWORKS[heading])
    monkeypatch.chdir(ROOT)
    failures, tried = run(page()[1][heading], heading)
    assert tried >= 3
    assert failures == 0


def test_the_docstring_examples_run() -> None:
    import bao_oracle

    assert doctest.testmod(bao_oracle).failed == 0
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    tried = 0
    for obj in (bao_oracle.Game, bao_oracle.Children, bao_oracle.Board, bao_oracle.Move,
                bao_oracle.GameRecord):
        globs = {"Game": bao_oracle.Game, "Board": bao_oracle.Board,
                 "read_game": bao_oracle.read_game}
        for test in finder.find(obj, obj.__name__, globs=globs):
            result = runner.run(test)
            assert result.failed == 0
            tried += result.attempted
    assert tried >= 9
