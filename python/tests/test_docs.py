"""docs/python.md's examples run as written (doctest), from the repository's root."""

import doctest

import pytest

from conftest import ROOT


def test_the_walk_through_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    failures, tried = doctest.testfile(
        str(ROOT / "docs" / "python.md"), module_relative=False, optionflags=doctest.ELLIPSIS,
        raise_on_error=False, verbose=False, report=True)
    assert tried > 30
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
