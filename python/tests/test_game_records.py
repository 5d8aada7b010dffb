"""Game records as objects, as python-chess's `chess.pgn`: `read_game`/`read_games` over record
files, transcripts and texts (the library's one reader and check's replay), headers, moves, a
board at any ply, errors, and the writers."""

import pathlib

import pytest

import bao_oracle
from bao_oracle import Board, GameRecord, Move, read_game, read_games

from conftest import ROOT

KISWAHILI = ROOT / "corpus" / "bao-la-kiswahili"
TRANSCRIPT = KISWAHILI / "ramadhan-kijumbe-1994.txt"


def test_a_published_transcript_reads_as_a_record() -> None:
    record = read_game(TRANSCRIPT)
    assert isinstance(record, GameRecord)
    headers = record.headers
    assert headers["ruleset"] == "bao-la-kiswahili"
    assert (headers["south"], headers["north"]) == ("Ramadhan", "Kijumbe")
    assert headers["date"] == "17-10-94" and headers["title"] == "Zanzibar"
    assert headers["rulings"] == {"zanzibar.takasia": "yes"}
    assert headers["notation"] == "donkers"
    assert record.valid and record.errors == [] and record.path == str(TRANSCRIPT)
    moves = record.mainline_moves()
    assert len(moves) == len(record.moves) == 52
    assert all(isinstance(m, Move) for m in moves)
    # Donkers' `7L*` is the canonical move, each read in the position it is played from.
    assert moves[0].format("donkers") == "7L*"
    assert moves[0].position == record.game.start()
    assert record.game == bao_oracle.Game("bao-la-kiswahili", rulings={"zanzibar.takasia": "yes"})


def test_stepping_through_a_record_on_a_board() -> None:
    record = read_game(TRANSCRIPT)
    board = record.board()
    assert isinstance(board, Board) and board.move_stack == []
    positions = record.positions
    assert len(positions) == len(record.moves) + 1
    for ply, move in enumerate(record.mainline_moves(), start=1):
        board.push(move)
        assert board.position == positions[ply]
    assert board.position == record.board(len(record.moves)).position
    # A board at a ply has the moves before it pushed: pop takes them back.
    middle = record.board(10)
    assert len(middle.move_stack) == 10 and middle.position == positions[10]
    middle.pop()
    assert middle.position == positions[9]
    with pytest.raises(IndexError):
        record.board(53)


def test_a_record_file_of_several_games_and_an_illegal_move() -> None:
    text = (
        "ruleset: bao-kingulu\nsource: one\nsouth: Asha\nmoves: [A3, a3]\nresult: unfinished\n"
        "---\n"
        "ruleset: bao-kingulu\nsource: two\nfirst: north\nmoves: [a3, A3, a9, A4]\n"
    )
    first, second = read_games(text, name="games.yaml")
    assert first.headers == {
        "ruleset": "bao-kingulu", "source": "one", "south": "Asha", "result": "unfinished"}
    assert [str(m) for m in first.moves] == ["A3", "a3"] and first.valid
    assert (first.index, second.index, second.path) == (1, 2, "games.yaml")
    # The game stops at its illegal move, as `check` stops it, and says why.
    assert second.headers["first"] == "north"
    assert [str(m) for m in second.moves] == ["a3", "A3"]
    assert not second.valid
    [error] = second.errors
    checked = bao_oracle.check_text(text, name="games.yaml", repair_window=0)
    assert error == checked.games[1]["errors"][0]
    assert (error["ply"], error["move"], error["line"]) == (3, "a9", 10)
    assert second.check_result()["plies"] == 2
    assert second.board(2).side_to_move == "north"
    # A record file's game is written as it is written.
    assert first.to_record() == text.split("---\n")[0]
    assert second.to_record() == "---\n" + text.split("---\n")[1]


def test_what_cannot_be_read() -> None:
    with pytest.raises(bao_oracle.ReadError) as missing:
        read_game(ROOT / "no-such-record.yaml")
    assert missing.value.code == "io-error" and missing.value.report is None
    with pytest.raises(bao_oracle.SetupError) as unknown:
        read_game("ruleset: chess\nsource: t\nmoves: [e4]\n")
    assert unknown.value.code == "unknown-ruleset" and isinstance(unknown.value, ValueError)
    with pytest.raises(bao_oracle.SetupError) as broken:
        read_games("ruleset: \"unclosed\nsource: t\n")
    assert broken.value.code == "malformed-yaml"
    # A game with no transcript (Bao Kingulu has no Donkers' notation) says so.
    record = read_game("ruleset: bao-kingulu\nsource: t\nmoves: [A3]\n")
    with pytest.raises(bao_oracle.SetupError) as none:
        record.to_transcript()
    assert none.value.code == "bad-value"


def test_files_folders_and_open_files(tmp_path: pathlib.Path) -> None:
    games = {pathlib.Path(g.path).name: g for g in read_games(KISWAHILI / "voogt-1994")}
    assert len(games) == 14 and all(g.headers["ruleset"] == "bao-la-kiswahili" for g in games.values())
    # Each published transcript and the record imported from it play the same moves.
    for name in ("game1", "game3", "game69"):
        transcript, record = games[f"{name}.bao"], games[f"{name}.yaml"]
        assert [str(m) for m in transcript.moves] == [str(m) for m in record.moves]
    with open(KISWAHILI / "voogt-1994" / "game3.bao") as file:
        opened = read_game(file)
    assert opened.path.endswith("game3.bao")
    by_path = read_game(str(KISWAHILI / "voogt-1994" / "game3.bao"))
    assert [str(m) for m in opened.moves] == [str(m) for m in by_path.moves]
    # A folder without game files is a path that cannot be read, as `check` counts it.
    with pytest.raises(bao_oracle.ReadError):
        read_game(tmp_path)
    with pytest.raises(bao_oracle.SetupError) as empty:
        read_game("\n\n")
    assert empty.value.code == "empty-file" and read_games([]) == []
    # A transcript that names no game is Bao la Kiswahili's unless told otherwise.
    text = (KISWAHILI / "voogt-1994" / "game3.bao").read_text()
    with pytest.raises(bao_oracle.SetupError):
        read_game(text, ruleset="bao-kingulu")


def test_repr() -> None:
    record = read_game(TRANSCRIPT)
    assert repr(record) == "GameRecord('bao-la-kiswahili', 'Ramadhan' vs 'Kijumbe', plies=52)"


def test_check_reports_are_objects() -> None:
    report = bao_oracle.check_text("ruleset: bao-kingulu\nsource: t\nmoves: [A3, a3, A9]\n")
    assert isinstance(report, bao_oracle.CheckReport)
    assert not report.valid and (report.passed, report.failed) == (0, 1)
    assert report.summary["games"] == 1 and report.io_errors == []
    [game] = report.games
    assert game["errors"][0]["code"] == "not-notation"
    assert report["files"] == report.files and "summary" in report and "nothing" not in report
    assert report.rulings_table is None
    data = report.to_dict()
    data["summary"]["games"] = 99
    assert report.to_dict()["summary"]["games"] == 1
    html = report._repr_html_()
    assert html.startswith("<!DOCTYPE html>") and "A9" in html
    assert repr(report) == "CheckReport(valid=False, '0 passed, 1 failed')"


def test_a_reports_page_is_of_the_files_it_checked(tmp_path: pathlib.Path) -> None:
    # The page is drawn when first shown, by the check again: never of files changed since.
    path = tmp_path / "game.yaml"
    path.write_text("ruleset: bao-kingulu\nsource: t\nmoves: [A3, a3]\n")
    shown, changed = bao_oracle.check(path), bao_oracle.check(path)
    page = shown._repr_html_()
    assert page.startswith("<!DOCTYPE html>")
    path.write_text("ruleset: bao-kingulu\nsource: t\nmoves: [A3, a3, A9]\n")
    assert shown._repr_html_() == page
    assert "have changed since this report" in changed._repr_html_()
    assert changed.valid and changed.to_json() == shown.to_json()


def test_a_game_played_on_a_board_becomes_a_record() -> None:
    game = bao_oracle.Game("bao-kingulu", rulings={"kingulu.penultimate-source": "not-from-reserved"})
    board = Board(game, "0,0,1,0,0,1/1,0,1,0,2,1 20-21 S")
    for move in "A3 a4 A5 a3 A6 a3 A4 a5 A3 a6".split():
        board.push(move)
    assert board.is_repetition()
    record = GameRecord.from_board(board, source="a test", south="Asha", north="Juma")
    assert record.headers["start"] == "0,0,1,0,0,1/1,0,1,0,2,1 20-21 S"
    assert record.headers["result"] == "south" and record.valid
    assert record.game == game and [str(m) for m in record.moves] == board.move_stack
    assert record.board(len(record.moves)).is_repetition()
    # It reads back as itself.
    again = read_game(record.to_record())
    assert again.headers == record.headers and again.valid
    # From the start, nothing pushed: an empty game, no `start:`.
    empty = GameRecord.from_board(Board(bao_oracle.Game("bao-la-kete")), source="t")
    assert empty.moves == [] and "start" not in empty.headers
    assert empty.headers["result"] == "unfinished"
    assert empty.to_transcript().endswith("1: \n")
