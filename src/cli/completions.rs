//! `bao-oracle completions SHELL` and `bao-oracle man [COMMAND]`: shell completions and man
//! pages, made from the same clap definition as `--help`, so they cannot drift from it.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::output::Output;
use super::{Cli, Status, UsageError};
use bao_oracle::diagnostics::Code;
use bao_oracle::rulings::did_you_mean;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell, zsh.
    pub shell: Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// A command: its own page (`bao-oracle-check(1)`); default the main page.
    pub command: Option<String>,
}

pub fn completions(args: CompletionsArgs) -> Status {
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "bao-oracle", &mut buf);
    let mut out = Output::stdout();
    out.text(&String::from_utf8_lossy(&buf));
    out.finish(Status::Ok)
}

pub fn man(args: ManArgs) -> Status {
    let mut command = Cli::command();
    command.build();
    let page = match &args.command {
        None => command,
        Some(name) => {
            let Some(sub) = command.find_subcommand(name) else {
                let hint = did_you_mean(name, command.get_subcommands().map(|c| c.get_name()));
                return UsageError::new(
                    Code::Usage,
                    format!("`{name}` is not a command of bao-oracle{hint}"),
                )
                .report();
            };
            // Built, its display name is `bao-oracle-check`: the page's title, as man(1) names a
            // command's own page.
            sub.clone()
        }
    };
    let mut buf = Vec::new();
    if let Err(e) = clap_mangen::Man::new(page).render(&mut buf) {
        return UsageError::new(Code::IoError, format!("cannot write the man page: {e}")).report();
    }
    let mut out = Output::stdout();
    out.text(&String::from_utf8_lossy(&buf));
    out.finish(Status::Ok)
}
