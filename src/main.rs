use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    // clap exits 2 on usage errors, as our own usage errors do.
    let cli = cli::Cli::parse();
    ExitCode::from(cli::run(cli) as u8)
}
