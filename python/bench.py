"""Speed from Python: legal moves, play and perft through the bindings, beside native
`bao-oracle perft`.

    python python/bench.py [--bao-oracle PATH] [--quick]

Per ruleset:
- perft: `Position.perft(depth)` (the native count, called once) and `bao-oracle perft` (the
  command, its start-up included: the depth is chosen so that it runs for seconds), in leaves/s;
- legal_moves: `Position.legal_moves()` over the positions of seeded random games, calls/s and
  moves/s;
- play: `Position.play(move)` over every legal move of those positions, moves/s;
- the same perft walked from Python (`legal_moves` and `play` at every node): what a Python
  program that drives the rules move by move gets, in leaves/s (each leaf one `play`).

Times are CPU seconds (this process and the native command), the least of three runs: the
wall clock of a shared machine counts the other users too. Nothing is created per seed: a call
crosses into Rust once and gets back a list of strings or one Played object.
"""

import argparse
import pathlib
import random
import resource
import shutil
import subprocess
import time

import bao_oracle

ROOT = pathlib.Path(__file__).resolve().parents[1]
# Depths at which perft runs for a second or more, and the Python walk's depth.
DEPTHS = {
    "bao-la-kimasai": (17, 13),
    "bao-kingulu": (16, 12),
    "bao-la-kete": (11, 9),
    "bao-la-kiswahili": (11, 9),
}
# Each timing is the best of this many runs: the machine is shared.
RUNS = 3


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


def random_positions(game, games, seed):
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        position = game.start()
        for _ in range(200):
            moves = position.legal_moves()
            if not moves:
                break
            positions.append(position)
            position = position.play(rng.choice(moves)).position
    return positions


def walk(position, depth):
    """perft from Python: legal_moves at each node, play for each move."""
    if depth == 0:
        return 1
    return sum(walk(position.play(m).position, depth - 1) for m in position.legal_moves())


def native_perft(binary, ruleset, depth):
    out, seconds = timed(lambda: subprocess.run(
        [binary, "perft", ruleset, str(depth)], check=True, capture_output=True, text=True))
    return int(out.stdout.strip()), seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bao-oracle", default=None,
                        help="the native binary (default: target/release/bao-oracle, else PATH)")
    parser.add_argument("--quick", action="store_true", help="small depths, for a smoke test")
    args = parser.parse_args()
    binary = args.bao_oracle
    if binary is None:
        built = ROOT / "target" / "release" / "bao-oracle"
        binary = str(built) if built.exists() else shutil.which("bao-oracle")
    print(f"bao_oracle {bao_oracle.__version__}; native: {binary or 'not found'}")
    header = ("ruleset", "perft py", "perft native", "legal_moves", "moves listed", "play",
              "walk from py")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for ruleset in bao_oracle.RULESETS:
        game = bao_oracle.Game(ruleset)
        start = game.start()
        depth, walk_depth = DEPTHS[ruleset]
        if args.quick:
            depth, walk_depth = 3, 2
        leaves, seconds = timed(lambda: start.perft(depth))
        py_perft = f"{leaves / seconds / 1e6:.1f} M leaves/s (d{depth})"
        if binary:
            native_leaves, native_seconds = native_perft(binary, ruleset, depth)
            assert native_leaves == leaves, (ruleset, native_leaves, leaves)
            native = f"{native_leaves / native_seconds / 1e6:.1f} M leaves/s"
        else:
            native = "-"
        positions = random_positions(game, 3 if args.quick else 20, seed=1)
        lists, seconds = timed(lambda: [p.legal_moves() for p in positions])
        listed = sum(len(m) for m in lists)
        legal = f"{len(positions) / seconds / 1e3:.0f} k calls/s"
        moves_listed = f"{listed / seconds / 1e3:.0f} k moves/s"
        pairs = [(p, m) for p, moves in zip(positions, lists) for m in moves]
        _, seconds = timed(lambda: [p.play(m) for p, m in pairs])
        play = f"{len(pairs) / seconds / 1e3:.0f} k moves/s"
        nodes, seconds = timed(lambda: walk(start, walk_depth))
        assert nodes == start.perft(walk_depth)
        walked = f"{nodes / seconds / 1e3:.0f} k leaves/s (d{walk_depth})"
        print(f"| {ruleset} | {py_perft} | {native} | {legal} | {moves_listed} | {play} | {walked} |")


if __name__ == "__main__":
    main()
