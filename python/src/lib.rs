//! `bao_oracle` for Python: the rules of the four games as objects, game records read as objects,
//! record checks, transcript import and in-process conformance, all through the oracle's library (`bao-oracle` without its
//! command line). The Python package (`python/bao_oracle/`) re-exports this module `_native`.

mod board;
mod conform;
mod convert;
mod error;
mod game_record;
mod moves;
mod objects;
mod records;
mod reports;
mod rules;

use pyo3::prelude::*;

/// The native part of `bao_oracle`: import `bao_oracle`, not this module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("RULESETS", bao_rules::games::RULESETS.to_vec())?;
    let errors = error::classes(py)?;
    m.add("BaoError", errors.bao.clone_ref(py))?;
    m.add("MoveError", errors.moves.clone_ref(py))?;
    m.add("SetupError", errors.setup.clone_ref(py))?;
    m.add("ReadError", errors.read.clone_ref(py))?;
    m.add_class::<objects::Game>()?;
    m.add_class::<objects::Position>()?;
    m.add_class::<objects::Played>()?;
    m.add_class::<objects::Children>()?;
    m.add_class::<objects::Explanation>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<conform::ConformReport>()?;
    m.add_class::<reports::CheckReport>()?;
    m.add_class::<game_record::GameRecord>()?;
    m.add_function(wrap_pyfunction!(game_record::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(game_record::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(records::check, m)?)?;
    m.add_function(wrap_pyfunction!(records::check_text, m)?)?;
    m.add_function(wrap_pyfunction!(records::import_transcript, m)?)?;
    m.add_function(wrap_pyfunction!(conform::conform, m)?)?;
    // python/bench.py's hook: set, not added, so that it stays out of `__all__` (no API).
    m.setattr("_native_rates", wrap_pyfunction!(moves::_native_rates, m)?)?;
    Ok(())
}
