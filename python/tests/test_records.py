"""Records: `check` of files, folders and strings (the JSON report's data), repair suggestions,
ruling inference, transcript import."""

import json

import pathlib

import pytest

import bao_oracle
from bao_oracle import check, check_text, import_transcript

from conftest import ROOT


def snapshot(name: str) -> str:
    """The body of one of tests/it/snapshots' insta snapshots."""
    text = (ROOT / "tests" / "it" / "snapshots" / name).read_text()
    return text.split("---\n", 2)[2]


def test_a_folder_gives_the_json_report_of_check(monkeypatch: pytest.MonkeyPatch) -> None:
    # `bao-oracle check --format json tests/records`, as tests/it/check.rs snapshots it.
    monkeypatch.chdir(ROOT)
    report = check("tests/records")
    assert report.to_dict() == json.loads(snapshot("it__check__json_report_of_broken_records.snap"))
    assert report["summary"]["invalid"] > 40
    assert not report.valid and report.failed == report.summary["invalid"] > 40
    assert len(report.games) == report.summary["games"] == report.passed + report.failed
    assert str(report).startswith(f"{report.passed} passed, {report.failed} failed")


def test_a_file_and_its_findings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    report = check(["tests/records/kingulu-first-lap.yaml"])
    [file] = report["files"]
    [game] = file["games"]
    assert not game["valid"] and game["ruleset"] == "bao-kingulu"
    [error] = game["errors"]
    assert (error["code"], error["rule"]) == ("illegal-move", "KIN-7")
    assert error["line"] and error["column"] and error["move"]
    # Repair suggestions and the repair search's account.
    assert game["repair"]["window"] == 8
    assert all("edits" in s or "moves" in s or s for s in error["suggestions"])


def test_the_valid_corpus() -> None:
    report = check(ROOT / "corpus" / "bao-kingulu")
    assert report["summary"]["valid"] == report["summary"]["games"] >= 20
    assert report["io_errors"] == []


def test_a_string_is_checked_as_a_file() -> None:
    record = "ruleset: bao-kingulu\nsource: test\nmoves: [A3, a3, A3]\n"
    report = check_text(record, name="game.yaml")
    [file] = report["files"]
    assert file["path"] == "game.yaml"
    [game] = file["games"]
    assert game["plies"] == 2 and not game["valid"]
    [error] = game["errors"]
    assert (error["code"], error["rule"]) == ("illegal-move", "KIN-7")
    assert (error["ply"], error["move"], error["line"], error["column"]) == (3, "A3", 3, 17)
    assert error["help"] == "legal moves for south here: A1, A4, A5, A6"
    # Repair suggestions: each a complete edit that makes the record play.
    assert {"edit": "replace", "ply": 3, "was": ["A3"], "moves": ["A4"]}.items() <= \
        error["suggestions"][1].items()
    assert all(s["complete"] for s in error["suggestions"])
    ok = check_text("ruleset: bao-kingulu\nsource: test\nmoves: [A3, a3]\n")
    assert ok["files"][0]["games"][0]["valid"] and ok["summary"]["valid"] == 1


def test_repair_suggestions_for_a_slip() -> None:
    # a3 where a4 was meant? The repair search proposes edits that make the game play on.
    record = "ruleset: bao-kingulu\nsource: test\nmoves: [A3, a3, A9, a3]\n"
    report = check_text(record)
    [error] = report["files"][0]["games"][0]["errors"]
    assert error["code"] == "not-notation"
    assert error["suggestions"], error
    assert check_text(record, repair_window=0)["files"][0]["games"][0]["repair"] is None


def test_ruling_inference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    path = "corpus/bao-kingulu/ruling-not-from-reserved-seed-101.yaml"
    report = check(path, infer_rulings=True)
    [game] = report["files"][0]["games"]
    inference = game["ruling_inference"]
    assert inference["consistent"] == len(game["consistent_rulings"]) >= 1
    assert not inference["exhausted"] and inference["moves_played"] > 0
    assert {c["rulings"]["kingulu.penultimate-source"] for c in game["consistent_rulings"]} \
        >= {"not-from-reserved"}
    assert check(path)["files"][0]["games"][0]["ruling_inference"] is None


def test_rulings_and_presets_apply() -> None:
    record = "ruleset: bao-kingulu\nsource: test\nmoves: [A3]\n"
    with pytest.raises(bao_oracle.SetupError) as e:
        check_text(record, rulings={"no-such": "x"})
    assert e.value.code == "unknown-ruling"
    report = check_text(record, rulings={"kingulu.penultimate-source": "not-from-reserved"})
    assert report["files"][0]["games"][0]["valid"]


def test_a_missing_path_raises(tmp_path: pathlib.Path) -> None:
    # As `bao-oracle check` exits 2: a mistyped path never passes as "0 invalid".
    with pytest.raises(bao_oracle.ReadError) as raised:
        check(tmp_path / "nothing-here.yaml")
    error = raised.value
    assert error.code == "io-error" and isinstance(error, bao_oracle.BaoError)
    assert isinstance(error, OSError)
    assert error.problems == [{"path": str(tmp_path / "nothing-here.yaml"), "message": "no such file or folder"}]
    report = error.report
    assert report is not None and not report.valid
    assert report.files == [] and report.io_errors[0]["code"] == "io-error"
    # The rest of the check is in the report.
    with pytest.raises(bao_oracle.ReadError) as raised:
        check([ROOT / "corpus" / "bao-kingulu", tmp_path / "nothing-here.yaml"])
    rest = raised.value.report
    assert rest is not None and rest.passed >= 20


def test_import_a_transcript() -> None:
    text = (ROOT / "corpus" / "bao-la-kiswahili" / "ramadhan-kijumbe-1994.txt").read_text()
    imported = import_transcript(text, name="ramadhan-kijumbe-1994.txt")
    record = imported["record"]
    assert "ruleset: bao-la-kiswahili" in record
    assert isinstance(imported["warnings"], list)
    # The record checks as the transcript does.
    report = check_text(record, name="imported.yaml")
    assert report["files"][0]["games"][0]["valid"], report
    assert report["files"][0]["games"][0]["plies"] == 52


def test_a_transcript_is_checked_as_its_game() -> None:
    text = (ROOT / "corpus" / "bao-la-kiswahili" / "voogt-1994" / "game1.bao").read_text()
    [game] = check_text(text, name="game1.bao")["files"][0]["games"]
    assert game["ruleset"] == "bao-la-kiswahili" and game["plies"] > 0


def test_a_transcript_that_cannot_be_imported() -> None:
    with pytest.raises(bao_oracle.BaoError) as e:
        import_transcript("1: 7L* 5R;\n2: Q9 6R*;\n")
    assert e.value.code and e.value.findings
    assert all("code" in f and "message" in f for f in e.value.findings)
    with pytest.raises(bao_oracle.BaoError) as e:
        import_transcript("1: A3 a3;\n", ruleset="bao-kingulu")
    assert e.value.code == "unknown-ruleset"
