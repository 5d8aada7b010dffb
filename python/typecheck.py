"""The stubs checked, as `.ci/run` runs it (mypy installed): `mypy --strict` over the tests and
docs/python.md's examples (gathered into one module as doctest reads them), then mypy's
stubtest of `_native.pyi` against the built module. Exits non-zero on any finding."""

import doctest
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


def doc_examples() -> str:
    """docs/python.md's examples, in order, as one module."""
    parser = doctest.DocTestParser()
    text = (ROOT / "docs" / "python.md").read_text()
    examples = parser.get_examples(text, "docs/python.md")
    return "".join(example.source for example in examples)


def run(*args: str) -> int:
    print("+", " ".join(args), flush=True)
    return subprocess.call([sys.executable, "-m", *args], cwd=HERE)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        examples = pathlib.Path(folder) / "python_md_examples.py"
        examples.write_text(doc_examples())
        failed = run("mypy", "--strict", "--no-incremental", "tests", str(examples))
    failed |= run("mypy.stubtest", "bao_oracle._native")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
