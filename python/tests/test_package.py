"""The package itself: its version is the crate's, and the stubs and docstrings cover it."""

import ast
import inspect
import os
import pathlib
import re
from typing import Dict, Set, Tuple

import pytest

import bao_oracle

from conftest import ROOT, load_module

PACKAGE = ROOT / "python" / "python" / "bao_oracle"


def test_the_version_is_the_crates() -> None:
    def version(path: pathlib.Path) -> str:
        found = re.search(r'^version = "([^"]+)"', path.read_text(), re.M)
        assert found is not None
        return found.group(1)

    assert bao_oracle.__version__ == version(ROOT / "Cargo.toml")
    assert version(ROOT / "python" / "Cargo.toml") == version(ROOT / "Cargo.toml")


def stub_names() -> Tuple[Set[str], Dict[str, Set[str]]]:
    tree = ast.parse((PACKAGE / "_native.pyi").read_text())
    names: Set[str] = set()
    members: Dict[str, Set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
            members[node.name] = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AnnAssign)) and hasattr(n, "name")}
            members[node.name] |= {n.target.id for n in node.body
                                   if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names, members


def public(cls: type) -> Set[str]:
    return {n for n in vars(cls) if not n.startswith("__") or n in ("__init__",)} - {"__init__"}


def test_the_stubs_declare_every_name_and_member() -> None:
    names, members = stub_names()
    for name in bao_oracle.__all__:
        if name == "assert_conforms":
            continue
        assert name in names, f"{name} is not in _native.pyi"
    for cls in (bao_oracle.Game, bao_oracle.Position, bao_oracle.Board, bao_oracle.Move, bao_oracle.Played, bao_oracle.Children,
                bao_oracle.Explanation, bao_oracle.ConformReport):
        missing = public(cls) - members[cls.__name__]
        assert not missing, f"{cls.__name__}: {missing} not in _native.pyi"
    assert (PACKAGE / "py.typed").exists()


def test_everything_has_a_docstring() -> None:
    for name in bao_oracle.__all__:
        obj = getattr(bao_oracle, name)
        if isinstance(obj, (str, list)):
            continue
        assert inspect.getdoc(obj), f"{name} has no docstring"
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for member in public(obj):
                assert inspect.getdoc(getattr(obj, member)), f"{name}.{member} has no docstring"
    assert "legal_moves" in (bao_oracle.Position.__doc__ or "") or bao_oracle.Position.legal_moves.__doc__


def test_the_benchmark_script_runs(tmp_path: pathlib.Path) -> None:
    # --quick: small depths and three games; its walks assert perft's counts.
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, str(ROOT / "python" / "bench.py"), "--quick", "--criterion", str(tmp_path)],
        check=True, capture_output=True, text=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("| bao-")]
    assert len(rows) == 4 + 4 * 6
    assert sum("`Children.children()`" in row for row in rows) == 4
    # --calls: the per-call table, every call timed in every game, the native hook's rows, and
    # the plain-Python engine's in its two games.
    out = subprocess.run(
        [sys.executable, str(ROOT / "python" / "bench.py"), "--calls", "--quick"],
        check=True, capture_output=True, text=True).stdout
    calls = {cells[0]: cells[1:] for cells in (
        [cell.strip() for cell in line.strip(" |").split(" | ")]
        for line in out.splitlines() if line.startswith("| "))}
    for call in ("`Board.push(move)`, `pop()`", "`Position.play(move)`",
                 "native: play and take back", "native: legal moves of a game in progress"):
        assert len(calls[call]) == 4 and "-" not in calls[call], call
    assert [cell == "-" for cell in calls["plain Python: `legal_moves`"]] == [False, True, False, True]


def test_the_build_fails_at_once_without_rust(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    # maturin's own backend, finding no cargo, fetches `puccinialin` and downloads a whole Rust
    # toolchain; the package's backend stops at its first hook with a clear message instead.
    pytest.importorskip("maturin")
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("MATURIN_NO_INSTALL_RUST", "")
    backend = load_module(ROOT / "python" / "build_backend" / "bao_backend.py", "bao_backend")
    assert os.environ["MATURIN_NO_INSTALL_RUST"] == "1"
    for hook in (backend.get_requires_for_build_wheel, backend.get_requires_for_build_sdist,
                 backend.get_requires_for_build_editable):
        with pytest.raises(SystemExit) as stopped:
            hook()
        assert "no Rust toolchain was found" in str(stopped.value.code)
    with pytest.raises(SystemExit):
        backend.build_wheel(str(tmp_path))
    with pytest.raises(SystemExit):
        backend.prepare_metadata_for_build_wheel(str(tmp_path))
