"""The two front ends give one answer: `bao_oracle.check()`'s report is `bao-oracle check --format
json` byte for byte (`to_json()`, both calling the library's one `check`), duplicates, slips,
refusals and the rulings table included, and its `_repr_html_()` is `check --format html`'s page;
a path that cannot be read raises here as it exits 2 there. A record read by `read_game` is
written as `import` and `transcript` write it."""

import json
import os
import pathlib
import shutil
import subprocess
from typing import Any, Tuple

import pytest

import bao_oracle

from conftest import ROOT


def oracle() -> str:
    """The command line the Rust tests built (`cargo test` builds it before this suite runs in
    .ci/run), or the one BAO_ORACLE_BIN names."""
    named = os.environ.get("BAO_ORACLE_BIN")
    path = pathlib.Path(named) if named else ROOT / "target" / "debug" / "bao-oracle"
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"no bao-oracle binary at {path}: run `cargo build` first")
        pytest.skip(f"no bao-oracle binary at {path}: run `cargo build` first")
    return str(path)


def cli(*args: str) -> Tuple[int, str]:
    done = subprocess.run(
        [oracle(), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    return done.returncode, done.stdout


def cli_json(*args: str) -> Tuple[int, str]:
    return cli("check", "--format", "json", *args)


def dumped(report: Any) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


@pytest.fixture
def mixed_folder(tmp_path: pathlib.Path) -> pathlib.Path:
    """Two copies of one game under other headers, a transcript with slips, a broken record and a
    file that is not text."""
    corpus = ROOT / "corpus" / "bao-la-kiswahili"
    shutil.copy(corpus / "ramadhan-kijumbe-1994.yaml", tmp_path / "a.yaml")
    shutil.copy(corpus / "voogt-1994" / "game3.bao", tmp_path / "b.bao")
    shutil.copy(corpus / "voogt-1994" / "game1.bao", tmp_path / "c.bao")
    (tmp_path / "d.yaml").write_text("ruleset: bao-kingulu\nsource: t\nmoves: [A3, a3, A9]\n")
    (tmp_path / "e.yaml").write_bytes(b"\xff\xfe\x00not text")
    return tmp_path


def test_the_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    status, text = cli_json("corpus")
    assert status == 0
    report = bao_oracle.check("corpus")
    assert report.to_json() == text
    # The data is that document: Python's reader keeps its order, so it dumps back to the text.
    assert dumped(report.to_dict()) == text
    status, page = cli("check", "--format", "html", "corpus")
    assert status == 0
    assert report._repr_html_() == page


def test_duplicates_slips_and_refusals(mixed_folder: pathlib.Path) -> None:
    status, text = cli_json(str(mixed_folder))
    assert status == 1
    report = bao_oracle.check(mixed_folder)
    assert report.to_json() == text
    status, page = cli("check", "--format", "html", str(mixed_folder))
    assert report._repr_html_() == page
    warnings = [w["code"] for f in report["files"] for g in f["games"] for w in g["warnings"]]
    assert "duplicate-game" in warnings and "transcript-slip" in warnings
    # Strict, as the command line's --strict.
    status, text = cli_json("--strict", str(mixed_folder))
    assert bao_oracle.check(mixed_folder, strict=True).to_json() == text


def test_the_rulings_table() -> None:
    games = [str(ROOT / "corpus" / "bao-la-kiswahili" / "voogt-1994" / f"game{n}.bao") for n in (1, 7)]
    status, text = cli_json("--infer-rulings", *games)
    assert status == 0
    report = bao_oracle.check(games, infer_rulings=True)
    assert "rulings_table" in report and report.rulings_table is not None
    assert report.to_json() == text


def test_a_missing_path(mixed_folder: pathlib.Path) -> None:
    missing = str(mixed_folder / "nosuch.yaml")
    status, text = cli_json(str(mixed_folder), missing)
    assert status == 2
    with pytest.raises(bao_oracle.ReadError) as raised:
        bao_oracle.check([mixed_folder, missing])
    report = raised.value.report
    assert report is not None and report.to_json() == text


def test_a_transcripts_record_and_transcript_are_imports_and_transcripts(
    tmp_path: pathlib.Path,
) -> None:
    path = ROOT / "corpus" / "bao-la-kiswahili" / "ramadhan-kijumbe-1994.txt"
    record = bao_oracle.read_game(path)
    status, imported = cli("import", str(path))
    assert status == 0
    assert record.to_record() == imported
    (tmp_path / "imported.yaml").write_text(imported)
    status, transcript = cli("transcript", str(tmp_path / "imported.yaml"))
    assert status == 0
    assert record.to_transcript() == transcript
    # A record read from that file writes the same transcript, and is itself.
    again = bao_oracle.read_game(tmp_path / "imported.yaml")
    assert again.to_transcript() == transcript and again.to_record() == imported
