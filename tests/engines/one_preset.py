#!/usr/bin/env python3
"""A test engine for the conformance tests, not a real one: it plays Bao la Kiswahili under one
preset only and asks `bao-oracle engine` (its first argument) for the rules, so that each bug
planted in it is the only difference from the oracle.

    one_preset.py BAO_ORACLE PRESET [BUG ...]

It declares `{"bao-la-kiswahili": {"presets": [PRESET]}}` and answers `unsupported` to a request
whose rulings, each ruling not named at its default, are not the preset's. Bugs, as the Bao la
Kiswahili reference's presets table names them:

- `kept-house`: a house emptied by a namua takasa started from it stays owned (nkkmd's bug;
  Donkers' P1, an emptied lone house, is the same);
- `house-below-six` (AbstractPlay's C): in namua an owned house below six is never the takasa hole;
- `double-capture` (Donkers' P3): when the mover has no house, a namua capture of the opponent's
  house is listed twice, with and without the play decision (`+`, Donkers' `>`);
- `takasia-despite-capture` (AbstractPlay's A): after a takasa that leaves both stores empty, the
  hole that all of the mover's captures would take first is takasia-ed although the opponent can
  capture (ZAN-23's other exclusions kept): a reserve event, and the takasia field set;
- `seed-limit` (AbstractPlay's D, "Invalid game economy"): a move that sows more than 192 seeds is
  left out of the move list and refused when played. The seeds sown are the laps' seeds in
  `bao-oracle explain --format json` (a process a move, its answer kept in the folder
  `BAO_TEST_EXPLAIN_CACHE` names, if set, for the next run), asked only where both stores are
  empty: a shortcut of this engine, which thus never cuts a namua move;
- `no-move-for-reserver` (AbstractPlay's F, under `takasia-must-capture = any`): with the
  obligation due (the takasia field a hole of the opponent's) and no legal capture that takes it,
  the move list is empty and every move refused, where the obligation lapses;
- `takasa-stops-below-six` (geziefer's G6, under `mtaji-house = takasa-stops`): a mtaji takasa
  lap ending in the owned house stops there even when the house holds fewer than six (the
  oracle stops only in a functional one);
- `kichwa-not-sown` (geziefer's G3, under `namua-lone-kichwa = either`): a kichwa lifted outward
  (`A1<`, `A8>`, `a1<`, `a8>`) that leaves the mover no seed on the board is not sown: in namua
  all but one of its seeds vanish (the one left in the first hole it would sow), in mtaji all go
  into that hole; he loses as the oracle's answer says;
- `takasia-outlives-capture` (Donkers' P2): a position with a takasia field whose side to move
  can capture, which the oracle refuses (ZAN-23), is read with the field ignored; a capture played
  there keeps the field in the position after. Under `donkers-2002` no valid position has a takasia
  field and a capture, so a run sees it only at such a refused position (a scenario's start).

Modes, given among the bugs:

- `plays=NAME=VALUE`: ruling NAME played as VALUE whatever the request says (a ruling played
  as another value, as an engine that declares the wrong one does);
- `single-values`: the `hello` declares the preset's values one by one (`"rulings":
  {"zanzibar.takasia": ["no"], ...}`, no default among them) instead of naming the preset, as an
  engine does that no preset matches;
- `laps=N` / `cut=N`: in mtaji (both stores empty, where the laps are counted as `seed-limit`
  counts seeds) a move of more than N laps is left out of the move list and answered `undecided`;
  `laps=N` declares the cap in the `hello` (`"limits": {"laps": N}`), `cut=N` does not;
- `no-validation`: a position the oracle refuses only under the preset's rulings is read as the
  defaults read it (the engine checks what a position is, not what the rulings let arise);
- `accepts-all`: no position is refused, as nkkmd's engine validates none: one the oracle refuses
  is read as the defaults read it, and one they refuse too (a store of 44) has no moves and
  every move illegal;
- `unsupported-positions`: a position the oracle refuses is answered `unsupported` (a program
  that cannot hold it, as single-phase programs do).
"""

import json
import os
import sys

RULESET = "bao-la-kiswahili"
DEFAULTS = {
    "zanzibar.capture-stop-house": "functional",
    "zanzibar.namua-singletons": "owned",
    "zanzibar.lone-house": "functional",
    "zanzibar.house-in-mtaji": "first-capture",
    "zanzibar.mtaji-house": "relay",
    "zanzibar.takasia": "yes",
    "zanzibar.takasia-last-namua": "no",
    "zanzibar.takasia-singleton": "allowed",
    "zanzibar.takasia-house-lap": "stop",
    "zanzibar.takasia-must-capture": "no",
    "zanzibar.immobile-check": "to-move",
    "zanzibar.bao-hamna-mid-move": "stop",
    "zanzibar.namua-lone-kichwa": "inward",
}
PRESETS = {
    "nkkmd": {
        "zanzibar.lone-house": "owned",
        "zanzibar.takasia": "no",
        "zanzibar.bao-hamna-mid-move": "no-sow",
    },
    "donkers-2002": {
        "zanzibar.capture-stop-house": "owned",
        "zanzibar.lone-house": "any",
        "zanzibar.house-in-mtaji": "lost",
        "zanzibar.takasia-last-namua": "yes",
        "zanzibar.immobile-check": "both",
    },
    "geziefer": {
        "zanzibar.house-in-mtaji": "kept",
        "zanzibar.mtaji-house": "takasa-stops",
        "zanzibar.takasia-must-capture": "first",
        "zanzibar.immobile-check": "both",
        "zanzibar.namua-lone-kichwa": "either",
    },
    "abstractplay": {
        "zanzibar.namua-singletons": "functional",
        "zanzibar.house-in-mtaji": "kept",
        "zanzibar.takasia-last-namua": "yes",
        "zanzibar.takasia-must-capture": "any",
        "zanzibar.bao-hamna-mid-move": "finish",
        "zanzibar.namua-lone-kichwa": "either",
    },
}

oracle, preset = sys.argv[1], sys.argv[2]
bugs = set(sys.argv[3:])
LAPS = None
DECLARED = False
PLAYS = {}
for bug in list(bugs):
    if bug.startswith(("laps=", "cut=")):
        LAPS, DECLARED = int(bug.split("=")[1]), bug.startswith("laps=")
    if bug.startswith("plays="):
        name, value = bug[len("plays="):].split("=")
        PLAYS[name] = value
plays = dict(DEFAULTS, **PRESETS[preset])


def spawn(args, stdin=None):
    """Starts `args` with its standard output on a pipe, and its input from `stdin` (a file
    descriptor; else its errors are dropped): the process id and the pipe's end.
    `os.posix_spawn`, not `subprocess`: this engine starts some seventy times a test run, and
    importing `subprocess` was half of its start-up."""
    out, theirs = os.pipe()
    actions = [(os.POSIX_SPAWN_DUP2, theirs, 1)]
    if stdin is not None:
        actions.append((os.POSIX_SPAWN_DUP2, stdin, 0))
    else:
        actions.append((os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0))
    pid = os.posix_spawnp(args[0], args, os.environ, file_actions=actions)
    os.close(theirs)
    return pid, out


to_inner, inner_in = os.pipe()
_, from_inner = spawn([oracle, "engine"], stdin=to_inner)
os.close(to_inner)
inner_stdin = os.fdopen(inner_in, "w")
inner_stdout = os.fdopen(from_inner, "r")


def ask(request):
    inner_stdin.write(json.dumps(request) + "\n")
    inner_stdin.flush()
    return json.loads(inner_stdout.readline())


def fields(position):
    """rows, stores, house field, takasia field, side to move."""
    rows, stores, house, takasia, side = position.split()
    return rows, [int(n) for n in stores.split(",")], house, takasia, side


def house_hole(side):
    return "A5" if side == "S" else "a5"


def letter(side):
    return "H" if side == "S" else "h"


def seeds(rows, hole):
    """Seeds of a hole: rows b8..b1/a8..a1/A1..A8/B1..B8."""
    b, a, A, B = [[int(n) for n in r.split(",")] for r in rows.split("/")]
    n = int(hole[1]) - 1
    return {"b": b[7 - n], "a": a[7 - n], "A": A[n], "B": B[n]}[hole[0]]


def played(request, move):
    return ask(dict(request, type="play", move=move, id=0))


def captures(answer):
    return [e["hole"] for e in answer.get("events", []) if e["type"] == "capture"]


def opponent(side):
    return "N" if side == "S" else "S"


TRACED = {}
# A folder the runs of one test binary share (`BAO_TEST_EXPLAIN_CACHE`): `explain`'s answers
# depend only on the request, and the same moves come back in run after run.
CACHE = os.environ.get("BAO_TEST_EXPLAIN_CACHE")


def traced(request, move):
    """Laps and seeds sown of `move`: the lap events of `bao-oracle explain --format json`, their
    seeds added up (half the CPU of its text, the same counts)."""
    rulings = sorted(request.get("rulings", {}).items())
    key = (request["position"], move, tuple(rulings))
    if key in TRACED:
        return TRACED[key]
    path = None
    if CACHE:
        import hashlib  # here: most runs never get this far

        name = hashlib.sha256(repr(key).encode()).hexdigest()
        path = os.path.join(CACHE, name)
        try:
            with open(path) as f:
                TRACED[key] = tuple(int(n) for n in f.read().split())
            return TRACED[key]
        except (OSError, ValueError):
            pass
    args = [oracle, "explain", RULESET, move, "-p", request["position"]]
    for name, value in rulings:
        args += ["--ruling", name + "=" + value]
    pid, pipe = spawn(args + ["--format", "json"])
    with os.fdopen(pipe) as f:
        out = f.read()
    os.waitpid(pid, 0)
    try:
        steps = json.loads(out)["steps"]
    except (ValueError, KeyError):
        steps = []  # a refused move: no laps (never asked: only played and listed moves are)
    lapped = [s["event"] for s in steps if (s.get("event") or {}).get("type") == "lap"]
    laps, sown = len(lapped), sum(event["seeds"] for event in lapped)
    TRACED[key] = (laps, sown)
    if path:
        # Written whole and renamed: a run reading it meanwhile sees all of it or nothing (and
        # a folder emptied meanwhile only loses the answer).
        part = "%s.%d" % (path, os.getpid())
        try:
            with open(part, "w") as f:
                f.write("%d %d" % TRACED[key])
            os.replace(part, path)
        except OSError:
            pass
    return TRACED[key]


def sown(request, move):
    return traced(request, move)[1]


def laps(request, move):
    return traced(request, move)[0]


def cut(request, move):
    return LAPS is not None and " 0,0 " in request["position"] and laps(request, move) > LAPS


ECONOMY = 192


def too_long(request, move):
    return " 0,0 " in request["position"] and sown(request, move) > ECONOMY


def takasia_despite_capture(request, answer):
    """AbstractPlay's A on a `played` answer: the takasia ZAN-23 withholds because the opponent
    can capture, made all the same."""
    after = answer["position"].split()
    if after[1] != "0,0" or after[3] != "-" or captures(answer):
        return
    if any(e["type"] == "game_over" for e in answer.get("events", [])):
        return
    rows, _, house, _, side = after
    mover = opponent(side)
    # The mover's captures, as if he were to move again.
    probe = dict(request, position=" ".join([rows, "0,0", house, "-", mover]))
    listed = ask(dict(probe, type="legal_moves", id=0))
    if listed.get("type") != "moves":
        return
    first = {c[0] for c in (captures(played(probe, m)) for m in listed["moves"]) if c}
    if len(first) != 1:
        return
    hole = first.pop()
    front = [("A" if side == "S" else "a") + str(k) for k in range(1, 9)]
    occupied = [h for h in front if seeds(rows, h) > 0]
    big = [h for h in front if seeds(rows, h) > 1]
    if ((hole == house_hole(side) and letter(side) in house) or occupied == [hole]
            or big == [hole] or hole not in front):
        return
    after[3] = hole
    answer["position"] = " ".join(after)
    by = "south" if mover == "S" else "north"
    answer["events"] = answer.get("events", []) + [
        {"type": "reserve", "hole": hole, "by": by, "rule": "ZAN-23"}]


def with_seeds(rows, hole, n):
    """`rows` with `n` seeds in `hole`."""
    b, a, A, B = [r.split(",") for r in rows.split("/")]
    k = int(hole[1]) - 1
    row, at = {"b": (b, 7 - k), "a": (a, 7 - k), "A": (A, k), "B": (B, k)}[hole[0]]
    row[at] = str(n)
    return "/".join(",".join(r) for r in (b, a, A, B))


def stops_in_house(request, answer):
    """geziefer's G6 on a mtaji takasa: a lap ending in the owned house below six stops there, as
    in a functional one. The oracle is asked with the house made functional by seeds lent from
    the opponent's back row (which a takasa never touches), and they are given back after."""
    rows, stores, house, takasia, side = fields(request["position"])
    hole = house_hole(side)
    if letter(side) not in house or request["move"].startswith(hole) or captures(answer):
        return answer
    lend = 6 - seeds(rows, hole)
    if lend <= 0:
        return answer
    back = [("b" if side == "S" else "B") + str(k) for k in range(1, 9)]
    lent, lent_rows = {}, rows
    for h in back:
        take = min(seeds(lent_rows, h), lend - sum(lent.values()))
        if take > 0:
            lent[h] = take
            lent_rows = with_seeds(lent_rows, h, seeds(lent_rows, h) - take)
    if sum(lent.values()) < lend:
        return answer
    lent_rows = with_seeds(lent_rows, hole, seeds(rows, hole) + lend)
    position = " ".join([lent_rows] + request["position"].split()[1:])
    stopped = ask(dict(request, position=position))
    if stopped.get("type") != "played":
        return answer
    after = stopped["position"].split()
    if letter(side) not in after[2] or letter(side) in answer["position"].split()[2]:
        return answer
    rows_after = with_seeds(after[0], hole, seeds(after[0], hole) - lend)
    for h, n in lent.items():
        rows_after = with_seeds(rows_after, h, seeds(rows_after, h) + n)
    after[0] = rows_after
    return dict(stopped, position=" ".join(after))


def kichwa_not_sown(request, answer):
    """geziefer's G3 on a `played` answer: the kichwa lifted outward held every seed of the
    mover's board, so it is not sown (namua: all but one vanish; mtaji: all in one back hole)."""
    move = request["move"]
    if move[:3].lower() not in ("a1<", "a8>"):
        return
    rows, stores, _, _, side = fields(request["position"])
    front, back = ("A", "B") if side == "S" else ("a", "b")
    if move[0] != front:
        return
    kichwa, first = move[:2], back + move[1]
    others = [h for r in (front, back) for h in (r + str(k) for k in range(1, 9)) if h != kichwa]
    if any(seeds(rows, h) for h in others):
        return
    me = 0 if side == "S" else 1
    lifted = seeds(rows, kichwa) + (1 if stores[me] > 0 else 0)
    after = answer["position"].split()
    board = after[0]
    for h in [kichwa] + others:
        board = with_seeds(board, h, 0)
    after[0] = with_seeds(board, first, 1 if stores[me] > 0 else lifted)
    answer["position"] = " ".join(after)


def respond(request):
    kind = request.get("type")
    if kind == "hello":
        support = {"presets": [preset]}
        if "single-values" in bugs:
            support = {"rulings": {n: [v] for n, v in PRESETS[preset].items()}}
        if DECLARED:
            support["limits"] = {"laps": LAPS}
        return {"id": request["id"], "type": "hello", "engine": "one-preset-test-engine",
                "version": "+".join(sorted(bugs)) or "correct", "protocol": 1,
                "rulesets": {RULESET: support}}
    if request.get("ruleset") != RULESET:
        return {"id": request["id"], "type": "unsupported", "message": "only " + RULESET}
    wanted = dict(DEFAULTS, **request.get("rulings", {}))
    if wanted != plays:
        return {"id": request["id"], "type": "unsupported",
                "message": "this engine plays only preset " + preset}
    if PLAYS:
        # A ruling played as another value: the oracle asked under that value instead.
        request = dict(request, rulings=dict(request.get("rulings", {}), **PLAYS))
    answer = ask(request)
    outlived = None
    if ("takasia-outlives-capture" in bugs and answer.get("type") == "error"
            and "can capture" in answer.get("message", "")):
        # Donkers' P2: the takasia field is not checked against the mover's captures.
        parts = request["position"].split()
        outlived, parts[3] = parts[3], "-"
        request = dict(request, position=" ".join(parts))
        answer = ask(request)
    refused = answer.get("type") == "error" and answer.get("code") == "bad-position"
    if "unsupported-positions" in bugs and refused:
        return {"id": request["id"], "type": "unsupported", "message": "not a position here"}
    if "accepts-all" in bugs and refused:
        defaults = ask(dict(request, rulings={}))
        if defaults.get("type") != "error":
            return defaults
        if kind == "legal_moves":
            return {"id": request["id"], "type": "moves", "moves": []}
        return {"id": request["id"], "type": "illegal", "reason": "no such move"}
    if ("no-validation" in bugs and answer.get("type") == "error"
            and answer.get("code") == "bad-position"):
        # Refused only under the preset's rulings: read as the defaults read it.
        defaults = ask(dict(request, rulings={}))
        if defaults.get("type") != "error":
            return defaults
    if answer.get("type") == "error":
        return answer
    if LAPS is not None:
        if kind == "legal_moves" and answer.get("type") == "moves":
            answer["moves"] = [m for m in answer["moves"] if not cut(request, m)]
        if kind == "play" and answer.get("type") == "played" and cut(request, request["move"]):
            return {"id": request["id"], "type": "undecided",
                    "reason": "more than %d laps" % LAPS}
    rows, stores, house, takasia, side = fields(request["position"])
    if outlived and kind == "play" and answer.get("type") == "played" and captures(answer):
        after = answer["position"].split()
        after[3] = outlived
        answer["position"] = " ".join(after)
    if ("no-move-for-reserver" in bugs and takasia != "-"
            and (takasia[0] == "a") == (side == "S")):
        # AbstractPlay's F: the obligation due is met by no legal capture, and nothing is left.
        listed = ask(dict(request, type="legal_moves", id=0))
        meets = [m for m in listed.get("moves", []) if takasia in captures(played(request, m))]
        if not meets:
            if kind == "legal_moves":
                return dict(answer, moves=[])
            return {"id": request["id"], "type": "illegal",
                    "reason": "the reserved hole must be captured"}
    if "seed-limit" in bugs:
        if kind == "legal_moves" and answer.get("type") == "moves":
            answer["moves"] = [m for m in answer["moves"] if not too_long(request, m)]
        if kind == "play" and answer.get("type") == "played" and too_long(request, request["move"]):
            return {"id": request["id"], "type": "illegal", "reason": "Invalid game economy"}
    if ("takasa-stops-below-six" in bugs and kind == "play" and answer.get("type") == "played"
            and stores == [0, 0]):
        answer = stops_in_house(request, answer)
    if "takasia-despite-capture" in bugs and kind == "play" and answer.get("type") == "played":
        takasia_despite_capture(request, answer)
    if "kichwa-not-sown" in bugs and kind == "play" and answer.get("type") == "played":
        kichwa_not_sown(request, answer)
    me = 0 if side == "S" else 1
    namua = stores[me] > 0
    if kind == "legal_moves" and answer.get("type") == "moves" and namua:
        moves = answer["moves"]
        if "house-below-six" in bugs and letter(side) in house and seeds(rows, house_hole(side)) < 6:
            moves = [m for m in moves
                     if not (m.startswith(house_hole(side)) and not captures(played(request, m)))]
        if "double-capture" in bugs and letter(side) not in house:
            theirs = house_hole("N" if side == "S" else "S")
            for m in list(moves):
                if not m.endswith("+") and theirs in captures(played(request, m)):
                    moves.append(m + "+")
        answer["moves"] = moves
    if kind == "play" and answer.get("type") == "played" and namua:
        move = request["move"]
        if ("house-below-six" in bugs and move.startswith(house_hole(side))
                and letter(side) in house and seeds(rows, house_hole(side)) < 6
                and not captures(answer)):
            return {"id": request["id"], "type": "illegal", "reason": "not a takasa hole"}
        after = answer["position"].split()
        if ("kept-house" in bugs and move.startswith(house_hole(side)) and letter(side) in house
                and letter(side) not in after[2] and not captures(answer)):
            kept = "".join(c for c in "Hh" if c in after[2] + letter(side)) or "-"
            after[2] = kept
            answer["position"] = " ".join(after)
    return answer


for line in sys.stdin:
    request = json.loads(line)
    out = respond(request)
    out["id"] = request.get("id")
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
