"""docs/python.md's examples run as written (doctest), from the repository's root."""

import doctest

from conftest import ROOT


def test_the_walk_through_runs(monkeypatch):
    monkeypatch.chdir(ROOT)
    failures, tried = doctest.testfile(
        str(ROOT / "docs" / "python.md"), module_relative=False, optionflags=doctest.ELLIPSIS,
        raise_on_error=False, verbose=False, report=True)
    assert tried > 30
    assert failures == 0
