"""The package's build backend: maturin's, except that it fails at once, with a clear message,
where no Rust toolchain is found. maturin's own backend would then fetch ``puccinialin`` and
download a whole toolchain (hundreds of MB) into a temporary folder without asking."""

import os
import shutil
import sys

# maturin's switch for "never install Rust": its hooks then only check for cargo.
os.environ["MATURIN_NO_INSTALL_RUST"] = "1"

import maturin  # noqa: E402

NO_RUST = """
bao-oracle's Python package is built from its Rust source, and no Rust toolchain was found
(`cargo` is not on PATH). Install Rust 1.89 or later (https://rustup.rs, or the system's
package manager), then install again; or install a wheel built elsewhere
(`maturin build --release` in python/ writes one that needs no compiler).
"""


def _require_cargo() -> None:
    if shutil.which("cargo") is None:
        sys.exit(NO_RUST)


def get_requires_for_build_wheel(config_settings=None):
    _require_cargo()
    return maturin.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_sdist(config_settings=None):
    _require_cargo()
    return maturin.get_requires_for_build_sdist(config_settings)


def get_requires_for_build_editable(config_settings=None):
    _require_cargo()
    return maturin.get_requires_for_build_wheel(config_settings)


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _require_cargo()
    return maturin.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    _require_cargo()
    return maturin.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _require_cargo()
    return maturin.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _require_cargo()
    return maturin.build_editable(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    _require_cargo()
    return maturin.build_sdist(sdist_directory, config_settings)
