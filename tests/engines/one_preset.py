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
  house is listed twice, with and without the play decision (`+`, Donkers' `>`).
"""

import json
import subprocess
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
plays = dict(DEFAULTS, **PRESETS[preset])
inner = subprocess.Popen([oracle, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(request):
    inner.stdin.write(json.dumps(request) + "\n")
    inner.stdin.flush()
    return json.loads(inner.stdout.readline())


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


def respond(request):
    kind = request.get("type")
    if kind == "hello":
        return {"id": request["id"], "type": "hello", "engine": "one-preset-test-engine",
                "version": "+".join(sorted(bugs)) or "correct", "protocol": 1,
                "rulesets": {RULESET: {"presets": [preset]}}}
    if request.get("ruleset") != RULESET:
        return {"id": request["id"], "type": "unsupported", "message": "only " + RULESET}
    wanted = dict(DEFAULTS, **request.get("rulings", {}))
    if wanted != plays:
        return {"id": request["id"], "type": "unsupported",
                "message": "this engine plays only preset " + preset}
    answer = ask(request)
    if answer.get("type") == "error":
        return answer
    rows, stores, house, takasia, side = fields(request["position"])
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
