use std::process::ExitCode;

use bao_oracle::cli::{Cli, run};
use clap::Parser;

fn main() -> ExitCode {
    // clap exits 2 on usage errors, as our own usage errors do.
    let cli = Cli::parse();
    ExitCode::from(run(cli) as u8)
}
