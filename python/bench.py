"""Speed from Python: legal moves, play, children and perft through the bindings, beside the
native rates.

    cargo bench --bench moves          # the native move-by-move rates, first
    python python/bench.py [--bao-oracle PATH] [--criterion DIR] [--quick]

Per ruleset:
- perft: `Position.perft(depth)` (the native count, called once) and `bao-oracle perft` (the
  command, its start-up included: the depth is chosen so that it runs for seconds), in leaves/s;
- at the positions of 20 seeded random games (seeds 1 to 20, at most 200 plies, each move drawn
  with SplitMix64 as `bao_rules::random_game` draws it, so that they are the positions of
  `benches/moves.rs`):
  - legal_moves: `Position.legal_moves()`, positions/s;
  - play: `Position.play(move)` of every legal move there, moves/s;
  - children: `Position.children()`, children/s, and the same with each child's move and
    position taken (`[(c.move, c.position) for c in p.children()]`);
  beside the native rates of `cargo bench --bench moves` (read from criterion's files);
- perft walked from Python, at every node `legal_moves` and `play` of each move, or `children()`:
  what a Python program that walks the tree gets, in leaves/s, beside native perft;
- per call (`--calls` runs this part alone, with no native program or criterion files), at the
  same positions, each on a `Board`: a push and pop pair of every legal move, by its text and as
  a Move (`generate_legal_moves()`, or `parse_move` where the package has no such method), a
  legal-move listing (`legal_moves()`, `generate_legal_moves()`), and `Position.play` of every
  legal move by text and as a Move; beside the rules crate doing the same (`_native_rates`: the
  legal moves of a game in progress at each position, each move played and taken back, no text,
  nothing heard) and, for Bao Kingulu and Bao la Kimasai, beside the repository's plain-Python
  engine (`examples/python-engine/engine.py`: `legal_moves`, and `play` of each move with the
  position kept on a list and popped back). Each timing is repeated REPEATS times: min and
  median, ns per call.

Times are CPU seconds (this process and the native command; the criterion bench counts its
thread's CPU time), the least of three runs: the wall clock of a shared machine counts the other
users too. Nothing is created per seed: a call crosses into Rust once and gets back a list of
strings, one Played or one Children.
"""

import argparse
import importlib.util
import json
import statistics
import pathlib
import re
import resource
import shutil
import subprocess
import time

import bao_oracle

ROOT = pathlib.Path(__file__).resolve().parents[1]
# Depths at which perft runs for a second or more, and the Python walks' depth.
DEPTHS = {
    "bao-la-kimasai": (17, 13),
    "bao-kingulu": (16, 12),
    "bao-la-kete": (11, 9),
    "bao-la-kiswahili": (11, 9),
}
# Each timing is the best of this many runs: the machine is shared.
RUNS = 3
# The per-call timings: this many runs each, their least and their median.
REPEATS = 5
# The random games of benches/moves.rs.
GAMES, PLIES = 20, 200
MASK = (1 << 64) - 1


def cpu_seconds():
    """CPU time of this process and of its finished children: on a shared machine the wall
    clock measures the other users as well."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def timed(f):
    """f's value and its least CPU time of RUNS runs."""
    best = None
    for _ in range(RUNS):
        start = cpu_seconds()
        value = f()
        seconds = cpu_seconds() - start
        best = seconds if best is None else min(best, seconds)
    return value, best


class SplitMix64:
    """bao_rules::SplitMix64, the generator of the oracle's seeded random games."""

    def __init__(self, seed):
        self.state = seed

    def next_u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return ((self.next_u64() >> 32) * n & MASK) >> 32


def random_positions(game, games):
    """The positions before each move of the random games of seeds 1 to `games`, as
    `bao_rules::random_game` plays them: a legal move drawn at every ply until the game ends
    (repetition included) or PLIES plies."""
    positions = []
    for seed in range(1, games + 1):
        rng = SplitMix64(seed)
        position, history, over = game.start(), [], game.start().is_over()
        while not over and len(history) < PLIES:
            moves = position.legal_moves()
            if not moves:
                break
            played = position.play(moves[rng.below(len(moves))], history=history)
            positions.append(position)
            history.append(position)
            position, over = played.position, played.outcome is not None
    return positions


def walk(position, depth):
    """perft from Python: legal_moves at each node, play for each move."""
    if depth == 0:
        return 1
    return sum(walk(position.play(m).position, depth - 1) for m in position.legal_moves())


def walk_children(position, depth):
    """perft from Python by children(): one call per node lists and plays its moves."""
    children = position.children()
    if depth == 1:
        return len(children)
    return sum(walk_children(child, depth - 1) for child in children.positions)


def walk_plies(position, depth, made=None):
    """perft breadth first: each ply of the tree generated in one call, the last one included
    (native perft only counts it). `made` gets the children made in all."""
    ply = position.children()
    plies = [len(ply)]
    for _ in range(depth - 1):
        ply = ply.children()
        plies.append(len(ply))
    if made is not None:
        made.append(sum(plies))
    return len(ply)


def native_perft(binary, ruleset, depth):
    out, seconds = timed(lambda: subprocess.run(
        [binary, "perft", ruleset, str(depth)], check=True, capture_output=True, text=True))
    return int(out.stdout.strip()), seconds


def criterion_rates(directory):
    """{(ruleset, call): (count, elements/s)} from the files `cargo bench --bench moves` leaves
    (call `plies`: the children of the tree to the walk's depth):
    the count is the one in the benchmark's name, the rate from its median time."""
    rates = {}
    for meta in pathlib.Path(directory).glob("**/new/benchmark.json"):
        bench = json.loads(meta.read_text())
        kind, _, ruleset = bench.get("group_id", "").partition("/")
        if kind not in ("moves", "plies"):
            continue
        call, count = re.match(r"(\w+) \((\d+) ", bench["function_id"]).groups()
        elements = bench["throughput"]["Elements"]
        median = json.loads((meta.parent / "estimates.json").read_text())["median"]["point_estimate"]
        call = call if kind == "moves" else "plies"
        rates[(ruleset, call)] = (int(count), elements / median * 1e9)
    return rates


def beside(ours, native):
    """Our rate, the native one and their ratio, as table cells."""
    if native is None:
        return f"{ours / 1e3:.0f} k", "-", "-"
    return f"{ours / 1e3:.0f} k", f"{native / 1e3:.0f} k", f"{ours / native:.2f}"


def repeated(f, repeats=REPEATS):
    """f's CPU seconds over `repeats` runs: (least, median)."""
    seconds = []
    for _ in range(repeats):
        start = time.process_time()
        f()
        seconds.append(time.process_time() - start)
    return min(seconds), statistics.median(seconds)


def example_engine():
    """The repository's plain-Python engine (examples/python-engine/engine.py), as a module."""
    path = ROOT / "examples" / "python-engine" / "engine.py"
    spec = importlib.util.spec_from_file_location("example_engine", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def per_call(game, positions, engine):
    """Rows of (call, calls counted, least and median ns per call) at `positions`."""
    boards = [bao_oracle.Board(game, p) for p in positions]
    texts = [b.legal_moves() for b in boards]
    listed = getattr(bao_oracle.Board, "generate_legal_moves", None)
    moves = [listed(b) if listed else [b.parse_move(t) for t in ts]
             for b, ts in zip(boards, texts)]
    pairs = sum(len(t) for t in texts)
    n = len(positions)
    rows = []

    def row(call, count, f):
        least, median = repeated(f)
        rows.append((call, count, least / count * 1e9, median / count * 1e9))

    def push_pop_texts():
        for board, ts in zip(boards, texts):
            for t in ts:
                board.push(t)
                board.pop()

    def push_pop_moves():
        for board, ms in zip(boards, moves):
            for m in ms:
                board.push(m)
                board.pop()

    row("`Board.push(text)`, `pop()`", pairs, push_pop_texts)
    row("`Board.push(move)`, `pop()`", pairs, push_pop_moves)
    row("`Board.legal_moves()`", n, lambda: [b.legal_moves() for b in boards])
    if listed:
        row("`Board.generate_legal_moves()`", n, lambda: [listed(b) for b in boards])
    row("`Position.play(text)`", pairs,
        lambda: [p.play(t) for p, ts in zip(positions, texts) for t in ts])
    if listed:
        row("`Position.play(move)`", pairs,
            lambda: [p.play(m) for p, ms in zip(positions, moves) for m in ms])
    native = getattr(bao_oracle._native, "_native_rates", None)
    if native:
        runs = [native(game, positions) for _ in range(REPEATS)]
        for call, i in (("native: legal moves of a game in progress", 1),
                        ("native: play and take back", 3)):
            count = runs[0][i - 1]
            seconds = [r[i] for r in runs]
            rows.append((call, count, min(seconds) / count * 1e9,
                         statistics.median(seconds) / count * 1e9))
    python = engine.GAMES.get(game.ruleset)
    if python:
        parsed = [python.parse_position(p.compact()) for p in positions]

        def python_push_pop():
            stack = []
            for position, ts in zip(parsed, texts):
                for t in ts:
                    stack.append(python.play(position, {}, t, None)[0])
                    stack.pop()

        row("plain Python: `play`, list pop", pairs, python_push_pop)
        row("plain Python: `legal_moves`", n, lambda: [python.legal_moves(p, {}) for p in parsed])
    return rows


def calls_table(games):
    """The per-call table of every ruleset, ns per call (least / median of REPEATS runs)."""
    engine = example_engine()
    tables = {}
    for ruleset in bao_oracle.RULESETS:
        game = bao_oracle.Game(ruleset)
        positions = random_positions(game, games)
        tables[ruleset] = per_call(game, positions, engine)
        print(f"{ruleset}: {len(positions)} positions", flush=True)
    calls = []
    for rows in tables.values():
        for call, _, _, _ in rows:
            if call not in calls:
                calls.append(call)
    print()
    print("| call | " + " | ".join(tables) + " |")
    print("|---|" + "---|" * len(tables))
    for call in calls:
        cells = []
        for rows in tables.values():
            found = [r for r in rows if r[0] == call]
            cells.append(f"{found[0][2]:.0f} / {found[0][3]:.0f}" if found else "-")
        print(f"| {call} | " + " | ".join(cells) + " |")
    # Ratios of the least times: the bindings' rate over the native one (as the tables above
    # give them), and how many times longer the plain-Python engine takes than the bindings.
    against = [
        ("`push(text)`, `pop()`: rate / native", "native: play and take back",
         "`Board.push(text)`, `pop()`"),
        ("`push(move)`, `pop()`: rate / native", "native: play and take back",
         "`Board.push(move)`, `pop()`"),
        ("`legal_moves()`: rate / native", "native: legal moves of a game in progress",
         "`Board.legal_moves()`"),
        ("`generate_legal_moves()`: rate / native", "native: legal moves of a game in progress",
         "`Board.generate_legal_moves()`"),
        ("plain Python `play`, pop: time / `push(move)`, `pop()`",
         "plain Python: `play`, list pop", "`Board.push(move)`, `pop()`"),
        ("plain Python `legal_moves`: time / `legal_moves()`", "plain Python: `legal_moves`",
         "`Board.legal_moves()`"),
    ]
    print()
    print("| ratio | " + " | ".join(tables) + " |")
    print("|---|" + "---|" * len(tables))
    for name, ours, theirs in against:
        cells = []
        for rows in tables.values():
            a = [r[2] for r in rows if r[0] == ours]
            b = [r[2] for r in rows if r[0] == theirs]
            cells.append(f"{a[0] / b[0]:.2f}" if a and b else "-")
        print(f"| {name} | " + " | ".join(cells) + " |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bao-oracle", default=None,
                        help="the native binary (default: target/release/bao-oracle, else PATH)")
    parser.add_argument("--criterion", default=str(ROOT / "target" / "criterion"),
                        help="criterion's files of `cargo bench --bench moves`")
    parser.add_argument("--quick", action="store_true", help="small depths, for a smoke test")
    parser.add_argument("--calls", action="store_true",
                        help="only the per-call table (push and pop, listings, play)")
    args = parser.parse_args()
    if args.calls:
        print(f"bao_oracle {bao_oracle.__version__}, per call: ns, least / median of {REPEATS}")
        calls_table(3 if args.quick else GAMES)
        return
    binary = args.bao_oracle
    if binary is None:
        built = ROOT / "target" / "release" / "bao-oracle"
        binary = str(built) if built.exists() else shutil.which("bao-oracle")
    native_rates = criterion_rates(args.criterion) if pathlib.Path(args.criterion).is_dir() else {}
    print(f"bao_oracle {bao_oracle.__version__}; native: {binary or 'not found'}; "
          f"criterion: {'found' if native_rates else 'not found'}")
    perft_rows, call_rows = [], []
    for ruleset in bao_oracle.RULESETS:
        game = bao_oracle.Game(ruleset)
        start = game.start()
        depth, walk_depth = DEPTHS[ruleset]
        if args.quick:
            depth, walk_depth = 3, 2
        leaves, seconds = timed(lambda: start.perft(depth))
        ours = leaves / seconds
        if binary:
            native_leaves, native_seconds = native_perft(binary, ruleset, depth)
            assert native_leaves == leaves, (ruleset, native_leaves, leaves)
            native = native_leaves / native_seconds
            perft_cells = [f"{ours / 1e6:.1f} M", f"{native / 1e6:.1f} M", f"{ours / native:.2f}"]
        else:
            native = None
            perft_cells = [f"{ours / 1e6:.1f} M", "-", "-"]
        walk_cells = []
        for walker in (walk, walk_children, walk_plies):
            nodes, seconds = timed(lambda: walker(start, walk_depth))
            assert nodes == start.perft(walk_depth), walker
            ratio = f" ({nodes / seconds / native:.3f})" if native else ""
            walk_cells.append(f"{nodes / seconds / 1e6:.2f} M{ratio}")
        perft_rows.append([ruleset, f"{depth}"] + perft_cells + [f"{walk_depth}"] + walk_cells)

        positions = random_positions(game, 3 if args.quick else GAMES)
        lists, seconds = timed(lambda: [p.legal_moves() for p in positions])
        moves = sum(len(m) for m in lists)
        made = []
        walk_plies(start, walk_depth, made)
        counts = {"legal_moves": len(positions), "play": moves, "children": moves,
                  "plies": made[0]}

        def native_rate(call):
            count, value = native_rates.get((ruleset, call), (None, None))
            if count is not None and count != counts[call]:
                print(f"note: {ruleset} {call}: criterion counted {count}, here {counts[call]}: "
                      "not the same positions, native rate left out")
                return None
            return value

        call_rows.append([ruleset, "`legal_moves()`", "positions",
                          *beside(len(positions) / seconds, native_rate("legal_moves"))])
        _, seconds = timed(lambda: [p.side_to_move for p in positions])
        call_rows.insert(-1, [ruleset, "`side_to_move` (a call that does next to nothing)",
                              "positions", *beside(len(positions) / seconds, None)])
        pairs = [(p, m) for p, ms in zip(positions, lists) for m in ms]
        _, seconds = timed(lambda: [p.play(m) for p, m in pairs])
        call_rows.append([ruleset, "`play(move)`", "moves",
                          *beside(len(pairs) / seconds, native_rate("play"))])
        _, seconds = timed(lambda: [p.children() for p in positions])
        call_rows.append([ruleset, "`children()`", "children",
                          *beside(moves / seconds, native_rate("children"))])
        _, seconds = timed(
            lambda: [[(c.move, c.position) for c in p.children()] for p in positions])
        call_rows.append([ruleset, "`children()`, each child's move and position", "children",
                          *beside(moves / seconds, native_rate("children"))])
        _, seconds = timed(lambda: walk_plies(start, walk_depth))
        call_rows.append([ruleset, f"`Children.children()`, the tree to depth {walk_depth}",
                          "children", *beside(made[0] / seconds, native_rate("plies"))])
        print(f"{ruleset}: {len(positions)} positions, {moves} moves; "
              f"{made[0]} children in the tree to depth {walk_depth}", flush=True)

    print()
    header = ["ruleset", "depth", "perft, bindings", "perft, native", "ratio", "walk depth",
              "walk by `legal_moves`/`play`", "walk by `children()`", "walk by plies"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in perft_rows:
        print("| " + " | ".join(row) + " |")
    print()
    header = ["ruleset", "call", "counted", "bindings /s", "native /s", "ratio"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in call_rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
