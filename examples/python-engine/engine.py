#!/usr/bin/env python3
"""A small engine for Bao la Kimasai and Bao Kingulu that speaks the bao-oracle engine protocol.

Written from the rules (docs/rules/bao-la-kimasai.md, docs/rules/bao-kingulu.md) and
docs/protocol.md only, as an implementer of another program would: standard library, Python 3.8+.

    python3 engine.py            # then type requests, one JSON object a line
    bao-oracle conform --engine "python3 examples/python-engine/engine.py"
"""

import json
import re
import sys

PROTOCOL = 1
NAME = "python-example"
VERSION = "1.0"


class Refusal(Exception):
    """A request answered with `error`, `unsupported` or `illegal` instead of a result."""

    def __init__(self, kind, message, code=None, rule=None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.code = code
        self.rule = rule


def bad(code, message):
    return Refusal("error", message, code=code)


def illegal(rule, reason):
    return Refusal("illegal", reason, rule=rule)


OTHER = {"south": "north", "north": "south"}
LETTER = {"S": "south", "N": "north"}
SIDE_LETTER = {"south": "S", "north": "N"}


def parse_side(word):
    side = LETTER.get(word.upper()) if len(word) == 1 else word.lower()
    if side not in OTHER:
        raise bad("bad-position", "`%s` is not a side to move (S or N)" % word)
    return side


# --- Bao la Kimasai (four rows) ------------------------------------------------------------------
#
# A position: `stones`, the set of occupied hole names, and `to_move`. Holes are `A1`..`A12` and
# `B1`..`B12` (South's front and back row), `a1`..`a12` and `b1`..`b12` (North's).


class Kimasai:
    RULESET = "bao-la-kimasai"
    RULINGS = {}  # MAS-A1..A6 have one reading each

    # The compact form lists the rows as South sees the board: b12..b1, a12..a1, A1..A12, B1..B12.
    ROWS = [
        ["b%d" % i for i in range(12, 0, -1)],
        ["a%d" % i for i in range(12, 0, -1)],
        ["A%d" % i for i in range(1, 13)],
        ["B%d" % i for i in range(1, 13)],
    ]

    @staticmethod
    def ring(side):
        """MAS-4: the owner's ring, counterclockwise: back row from his left to his right, up at
        his right end, front row from his right to his left, down to the back row."""
        front, back = ("A", "B") if side == "south" else ("a", "b")
        return [back + str(i) for i in range(1, 13)] + [front + str(i) for i in range(12, 0, -1)]

    def __init__(self):
        self.next_hole = {}
        self.owner = {}
        for side in ("south", "north"):
            ring = self.ring(side)
            for k, hole in enumerate(ring):
                self.next_hole[hole] = ring[(k + 1) % 24]
                self.owner[hole] = side

    def parse_position(self, text):
        words = text.split()
        if len(words) != 2:
            raise bad("bad-position", "a compact position is four rows and the side to move")
        rows = words[0].split("/")
        if len(rows) != 4:
            raise bad("bad-position", "a Kimasai board has four rows, not %d" % len(rows))
        stones = set()
        for names, row in zip(self.ROWS, rows):
            if len(row) != 12 or any(c not in "01" for c in row):
                raise bad("bad-position", "`%s` is not twelve holes of 0 or 1 (MAS-3)" % row)
            stones.update(name for name, c in zip(names, row) if c == "1")
        for side in ("south", "north"):
            count = sum(1 for h in stones if self.owner[h] == side)
            if count > 23:
                raise bad("bad-position", "%s has %d stones, more than 23 (MAS-2)" % (side, count))
        return (frozenset(stones), parse_side(words[1]))

    def format_position(self, position):
        stones, to_move = position
        rows = ["".join("1" if h in stones else "0" for h in names) for names in self.ROWS]
        return "/".join(rows) + " " + SIDE_LETTER[to_move]

    def legal_moves(self, position, rulings):
        stones, side = position
        if self.game_end(position) is not None:
            return []
        # MAS-5: a stone moves to the next hole of its ring, which must be empty.
        return sorted(h for h in self.ring(side) if h in stones and self.next_hole[h] not in stones)

    def game_end(self, position):
        stones, side = position
        mine = [h for h in self.ring(side) if h in stones]
        if not mine:
            return {"result": OTHER[side], "rule": "MAS-9"}
        if all(self.next_hole[h] in stones for h in mine):
            return {"result": OTHER[side], "rule": "MAS-10"}
        return None

    def parse_move(self, text):
        m = re.fullmatch(r"([ABab])(\d{1,2})(?:-([ABab])(\d{1,2}))?", text)
        if not m or not 1 <= int(m.group(2)) <= 12 or (m.group(4) and not 1 <= int(m.group(4)) <= 12):
            raise bad("not-notation", "`%s` is not a Kimasai move (a hole A1..B12, a1..b12)" % text)
        to = m.group(3) + str(int(m.group(4))) if m.group(3) else None
        return m.group(1) + str(int(m.group(2))), to

    def play(self, position, rulings, text, history):
        stones, side = position
        start, to = self.parse_move(text)
        if self.game_end(position) is not None:
            raise illegal("MAS-9", "the game is already over")
        if self.owner[start] != side:
            raise illegal("MAS-5", "%s is not a hole of %s, who is to move" % (start, side))
        if start not in stones:
            raise illegal("MAS-5", "%s holds no stone" % start)
        arrival = self.next_hole[start]
        if to is not None and to != arrival:
            raise illegal("MAS-4", "a stone in %s moves to %s, not %s" % (start, arrival, to))
        if arrival in stones:
            raise illegal("MAS-5", "%s is occupied" % arrival)
        after = set(stones)
        after.discard(start)
        after.add(arrival)
        events = []
        # MAS-6: arriving in the mover's front row (from the front row or, at the corner, from the
        # back row) captures the opponent's front stone opposite; MAS-7 the back stone behind it.
        front = "A" if side == "south" else "a"
        if arrival[0] == front:
            column = 13 - int(arrival[1:])
            opposite = ("a" if side == "south" else "A") + str(column)
            behind = ("b" if side == "south" else "B") + str(column)
            if opposite in after:
                after.discard(opposite)
                events.append({"type": "capture", "hole": opposite, "seeds": 1, "rule": "MAS-6"})
                if behind in after:
                    after.discard(behind)
                    events.append({"type": "capture", "hole": behind, "seeds": 1, "rule": "MAS-7"})
        # MAS-8: the moving stone stays where it arrived.
        result = (frozenset(after), OTHER[side])
        end = self.game_end(result)
        if end is None and history is not None:
            # MAS-11: a repeated board (with the side to move) is a draw.
            if result == position or result in history:
                end = {"result": "draw", "rule": "MAS-11"}
        if end is not None:
            events.append(dict({"type": "game_over"}, **end))
        return result, events


# --- Bao Kingulu ---------------------------------------------------------------------------------
#
# A position: `holes`, twelve seed counts in ring order A1..A6, a1..a6 (KIN-3: sowing runs
# A1 -> A6 -> a1 -> a6 -> A1), `owner`, who reserved each hole (None if nobody), `captured`, the
# seeds each side took off the board, and `to_move`.


class Kingulu:
    RULESET = "bao-kingulu"
    # KIN-A3 and KIN-A5 have one reading; KIN-A4 two.
    RULINGS = {
        "kingulu.lap-ends-in-reserved": ["stop"],
        "kingulu.penultimate-source": ["any", "not-from-reserved"],
        "kingulu.capture-from-reserved": ["no"],
    }
    NAMES = ["A%d" % i for i in range(1, 7)] + ["a%d" % i for i in range(1, 7)]

    @staticmethod
    def side_of(index):
        return "south" if index < 6 else "north"

    @staticmethod
    def opposite(index):
        # KIN-1: Ai faces a(7-i).
        return 11 - index

    def parse_position(self, text):
        # README.md: North's row as the diagram draws it (a6..a1), `/`, South's row (A1..A6), holes
        # comma-separated, a reserved hole marked `^S` or `^N` by its reserver; then the captured
        # seeds `south-north` and the side to move: `4,0,5^S,2,4,4/0,5,6,1,3^N,0 9-5 N`.
        words = text.split()
        if len(words) != 3:
            raise bad("bad-position", "a compact Kingulu position is the board, the captured seeds "
                      "and the side to move")
        rows = words[0].split("/")
        if len(rows) != 2:
            raise bad("bad-position", "a Kingulu board has two rows, not %d" % len(rows))
        north = rows[0].split(",")
        south = rows[1].split(",")
        if len(north) != 6 or len(south) != 6:
            raise bad("bad-position", "each row has six holes")
        cells = south + list(reversed(north))
        holes, owner = [], []
        for index, cell in enumerate(cells):
            m = re.fullmatch(r"(\d{1,2})(?:\^([SN]))?", cell)
            if not m:
                raise bad("bad-position", "`%s` is not a hole (a count, maybe marked ^S or ^N)" % cell)
            holes.append(int(m.group(1)))
            reserver = {None: None, "S": "south", "N": "north"}[m.group(2)]
            if reserver == self.side_of(index):
                raise bad("bad-position", "a player reserves only his opponent's holes (KIN-10)")
            owner.append(reserver)
        m = re.fullmatch(r"(\d{1,2})-(\d{1,2})", words[1])
        if not m:
            raise bad("bad-position", "`%s` is not the captured seeds, south-north" % words[1])
        captured = [int(m.group(1)), int(m.group(2))]
        if sum(holes) + sum(captured) != 48:
            raise bad("bad-position", "the seeds add up to %d, not 48 (KIN-2)" % (sum(holes) + sum(captured)))
        return (tuple(holes), tuple(owner), tuple(captured), parse_side(words[2]))

    def format_position(self, position):
        holes, owner, captured, to_move = position
        mark = {None: "", "south": "^S", "north": "^N"}
        cells = ["%d%s" % (holes[i], mark[owner[i]]) for i in range(12)]
        south = ",".join(cells[:6])
        north = ",".join(reversed(cells[6:]))
        return "%s/%s %d-%d %s" % (north, south, captured[0], captured[1], SIDE_LETTER[to_move])

    def score(self, position):
        # KIN-13: captured seeds, seeds in one's own unreserved holes, and in the holes one reserved.
        holes, owner, captured, _ = position
        totals = {"south": captured[0], "north": captured[1]}
        for i in range(12):
            totals[owner[i] or self.side_of(i)] += holes[i]
        return totals

    def sow(self, position, rulings, start):
        """Plays the move from hole `start`: (position after, events), or raises Refusal."""
        holes, owner, captured, side = position
        holes = list(holes)
        owner = list(owner)
        captured = list(captured)
        me = 0 if side == "south" else 1
        events = []
        lap_from = start
        first_lap = True
        seen = set()
        while True:
            # KIN-A8: the move never ends exactly when a lap starts again in the same state.
            state = (tuple(holes), tuple(owner), lap_from)
            if state in seen:
                raise illegal("KIN-A8", "the move never ends: its relay repeats")
            seen.add(state)
            # KIN-4: lift all seeds and drop one into each following hole (none skipped).
            seeds = holes[lap_from]
            holes[lap_from] = 0
            at = lap_from
            dropped = []
            for _ in range(seeds):
                at = (at + 1) % 12
                dropped.append(at)
                holes[at] += 1
            last = at
            before = holes[last] - 1
            if owner[last] is not None:
                # KIN-5, KIN-A3, KIN-A6: the seed belongs to the owner and the move ends.
                break
            if first_lap and self.side_of(last) == side and before >= 1:
                raise illegal("KIN-7", "the first lap ends in %s, an occupied hole of the mover's row"
                              % self.NAMES[last])
            if self.side_of(last) != side and before == 3:
                # KIN-10: four in an opponent's hole: reserved, and the last-but-one seed joins it.
                owner[last] = side
                events.append({"type": "reserve", "hole": self.NAMES[last], "by": side, "rule": "KIN-10"})
                if seeds > 1:
                    penultimate = dropped[-2]
                    from_reserved = owner[penultimate] is not None and penultimate != last
                    if not (from_reserved and rulings.get("kingulu.penultimate-source") == "not-from-reserved"):
                        holes[penultimate] -= 1
                        holes[last] += 1
                break
            if before == 0:
                # KIN-9, KIN-A10: an empty hole of the mover's own row captures the opposite hole
                # with the capturing seed; KIN-A5: not from a hole the mover reserved.
                opp = self.opposite(last)
                if self.side_of(last) == side and holes[opp] > 0 and owner[opp] is None:
                    taken = holes[opp] + 1
                    holes[opp] = 0
                    holes[last] = 0
                    captured[me] += taken
                    events.append({"type": "capture", "hole": self.NAMES[opp], "seeds": taken, "rule": "KIN-9"})
                break
            # KIN-6: relay.
            lap_from = last
            first_lap = False
        return (tuple(holes), tuple(owner), tuple(captured), OTHER[side]), events

    def candidates(self, position):
        holes, owner, _, side = position
        return [i for i in range(12) if self.side_of(i) == side and owner[i] is None and holes[i] > 0]

    def legal_moves(self, position, rulings):
        moves = []
        for i in self.candidates(position):
            try:
                self.sow(position, rulings, i)
                moves.append(self.NAMES[i])
            except Refusal:
                pass
        return moves

    def game_end(self, position, rulings):
        # KIN-12: the player to move has no legal move; KIN-13 decides on score.
        if self.legal_moves(position, rulings):
            return None
        score = self.score(position)
        if score["south"] == score["north"]:
            result = "draw"
        else:
            result = "south" if score["south"] > score["north"] else "north"
        return {"result": result, "score": score, "rule": "KIN-13"}

    def play(self, position, rulings, text, history):
        m = re.fullmatch(r"([Aa])([1-6])", text)
        if not m:
            raise bad("not-notation", "`%s` is not a Kingulu move (a hole A1..A6 or a1..a6)" % text)
        index = self.NAMES.index(text)
        holes, owner, _, side = position
        if self.game_end(position, rulings) is not None:
            raise illegal("KIN-12", "the game is already over")
        if self.side_of(index) != side:
            raise illegal("KIN-4", "%s is not a hole of %s, who is to move" % (text, side))
        if owner[index] is not None:
            raise illegal("KIN-11", "%s is reserved" % text)
        if holes[index] == 0:
            raise illegal("KIN-4", "%s is empty" % text)
        after, events = self.sow(position, rulings, index)
        end = self.game_end(after, rulings)
        # KIN-A9: what repeats is the holes, the reservations and the side to move.
        key = lambda p: (p[0], p[1], p[3])
        earlier = [position] + (history or [])
        if end is None and history is not None and any(key(after) == key(p) for p in earlier):
            # The first repetition ends the game, scored by KIN-13.
            score = self.score(after)
            result = "draw" if score["south"] == score["north"] else (
                "south" if score["south"] > score["north"] else "north")
            end = {"result": result, "score": score, "rule": "KIN-A9"}
        if end is not None:
            events.append(dict({"type": "game_over"}, **end))
        return after, events


# --- The protocol --------------------------------------------------------------------------------

GAMES = {g.RULESET: g for g in (Kimasai(), Kingulu())}


def game_and_position(request, text=None):
    # A malformed request (`bad-request`) is refused before an unsupported ruleset or ruling.
    if "rulings" not in request:
        raise bad("bad-request", "the request has no `rulings` (`{}` for every ruling at its default)")
    rulings = request["rulings"]
    if not isinstance(rulings, dict):
        raise bad("bad-request", "`rulings` is an object")
    game = GAMES.get(request.get("ruleset"))
    if game is None:
        raise Refusal("unsupported", "this engine does not implement `%s`" % request.get("ruleset"))
    for name, value in rulings.items():
        if value not in game.RULINGS.get(name, []):
            raise Refusal("unsupported", "this engine does not implement ruling %s=%s" % (name, value))
    position = request.get("position")
    if not isinstance(position, str):
        raise bad("bad-request", "the request has no `position`")
    return game, rulings, game.parse_position(position)


def answer(request):
    kind = request.get("type")
    if kind == "hello":
        return {"type": "hello", "engine": NAME, "version": VERSION, "protocol": PROTOCOL,
                "rulesets": {name: {"rulings": g.RULINGS} for name, g in GAMES.items()}}
    if kind == "legal_moves":
        game, rulings, position = game_and_position(request)
        return {"type": "moves", "moves": game.legal_moves(position, rulings)}
    if kind == "play":
        game, rulings, position = game_and_position(request)
        move = request.get("move")
        if not isinstance(move, str):
            raise bad("bad-request", "the request has no `move`")
        history = request.get("history")
        if history is not None:
            history = [game.parse_position(p) for p in history]
        after, events = game.play(position, rulings, move, history)
        return {"type": "played", "position": game.format_position(after), "events": events}
    raise Refusal("unsupported", "this engine does not know requests of type `%s`" % kind)


def respond(line):
    try:
        request = json.loads(line)
    except ValueError as e:
        return {"id": None, "type": "error", "code": "bad-request", "message": "not JSON: %s" % e}
    if not isinstance(request, dict):
        return {"id": None, "type": "error", "code": "bad-request", "message": "a request is an object"}
    rid = request.get("id")
    try:
        response = answer(request)
    except Refusal as r:
        response = {"type": r.kind}
        if r.kind == "error":
            response["code"] = r.code
            response["message"] = r.message
        elif r.kind == "illegal":
            response["reason"] = r.message
            response["rule"] = r.rule
        else:
            response["message"] = r.message
    except Exception as e:  # never crash, never hang: answer in-band
        response = {"type": "error", "code": "internal", "message": repr(e)}
    response["id"] = rid
    return response


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(json.dumps(respond(line)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
