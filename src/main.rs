use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

mod cli;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return ExitCode::from(usage_error(&e) as u8),
    };
    ExitCode::from(cli::run(cli) as u8)
}

/// clap's own report of a command line it cannot parse, with the code every usage error carries
/// (`error[usage]: …`) and exit status 2; `--help` and `--version` go to standard output, status 0.
fn usage_error(e: &clap::Error) -> cli::Status {
    use std::error::Error as _;
    // A name that is no game: the command line's own code and words, as from the library.
    if let Some(unknown) = e
        .source()
        .and_then(|s| s.downcast_ref::<bao_rules::UnknownRuleset>())
    {
        let code = bao_oracle::diagnostics::Code::UnknownRuleset;
        cli::output::eprint_line(format_args!("error[{code}]: {unknown}"));
        return cli::Status::Usage;
    }
    let code = bao_oracle::diagnostics::Code::Usage;
    let text = e.render().to_string();
    if !e.use_stderr() {
        let mut out = cli::output::Output::stdout();
        out.text(&text);
        return out.finish(cli::Status::Ok);
    }
    let text = match text.strip_prefix("error:") {
        Some(rest) => format!("error[{code}]:{rest}"),
        // A command line without its command: clap shows the help.
        None if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("error[{code}]: a command is needed\n\n{text}")
        }
        None => format!("error[{code}]: {text}"),
    };
    cli::output::eprint_line(format_args!("{}", text.trim_end()));
    cli::Status::Usage
}
