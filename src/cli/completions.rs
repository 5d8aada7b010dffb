//! `bao-oracle completions SHELL` and `bao-oracle man [COMMAND]`: shell completions and man
//! pages, made from the same clap definition as `--help`, so they cannot drift from it.
//!
//! The names a shell completes (rulesets, `--ruling NAME=VALUE`, presets, rule ids, source keys)
//! are the games' own catalogues, given to clap as the arguments' possible values ([`Catalogue`]);
//! the commands still check them themselves, with their own messages and suggestions.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::output::Output;
use super::{Cli, Status, UsageError};
use bao_oracle::diagnostics::Code;
use bao_rules::Ruleset;
use bao_rules::rulings::did_you_mean;

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, elvish, fish, powershell, zsh.
    pub shell: Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// A command: its own page (`bao-oracle-check(1)`); default the main page.
    pub command: Option<String>,
    /// Write every page into the folder DIR instead: `bao-oracle.1` and one
    /// `bao-oracle-COMMAND.1` per command (the pages the main page's SEE ALSO names).
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<std::path::PathBuf>,
}

/// The rule and ambiguity ids of `ruleset`'s built-in rules catalogue.
fn rule_ids(ruleset: Ruleset) -> Vec<String> {
    let catalogue: bao_oracle::input::spec::Catalogue =
        match serde_saphyr::from_str(ruleset.catalogue()) {
            Ok(c) => c,
            // Built in and read by the tests: `rules` says so if it ever fails.
            Err(_) => return Vec::new(),
        };
    catalogue
        .rules
        .iter()
        .chain(&catalogue.ambiguities)
        .map(|e| e.id.clone())
        .collect()
}

/// A catalogue of names an argument takes: offered by the shells' completions, accepted as any
/// text (the command checks it and answers an unknown name with its own message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Catalogue {
    /// `bao-kingulu`, ...
    Ruleset,
    /// `NAME=VALUE` for every ruling of every game.
    Ruling,
    /// Every game's presets.
    Preset,
    /// Every rule and ambiguity id of every game's rules catalogue (`KIN-10`, `ZAN-A16`).
    RuleId,
    /// The key of every work of the bibliography (`klamroth-1911`).
    SourceKey,
}

impl Catalogue {
    /// The names, in the games' order.
    fn names(self) -> Vec<String> {
        let mut names = Vec::new();
        if self == Catalogue::SourceKey {
            let bib = bao_oracle::input::spec::Bibliography::builtin();
            return bib.sources.into_iter().map(|w| w.key).collect();
        }
        for ruleset in Ruleset::ALL {
            match self {
                Catalogue::Ruleset => names.push(ruleset.name().to_string()),
                Catalogue::Ruling => {
                    for def in ruleset.rulings() {
                        names.extend(def.values.iter().map(|v| format!("{}={v}", def.name)));
                    }
                }
                Catalogue::Preset => {
                    names.extend(ruleset.presets().iter().map(|p| p.name.to_string()));
                }
                Catalogue::RuleId => names.extend(rule_ids(ruleset)),
                Catalogue::SourceKey => {}
            }
        }
        names.dedup();
        names
    }
}

/// The parser of a ruleset argument: the names offered to the shells, a name read as its game
/// once, where the command line is parsed (an unknown one refused with the nearest id, which
/// `main` reports as `error[unknown-ruleset]`).
pub fn ruleset() -> impl TypedValueParser<Value = Ruleset> {
    Catalogue::Ruleset.try_map(|name: String| name.parse::<Ruleset>())
}

impl TypedValueParser for Catalogue {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.names().into_iter().map(PossibleValue::new)))
    }
}

pub fn completions(args: CompletionsArgs) -> Status {
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "bao-oracle", &mut buf);
    let mut script = String::from_utf8_lossy(&buf).into_owned();
    match args.shell {
        Shell::Bash => script = bash(&script),
        Shell::Fish => script += &fish_rulesets(&Cli::command()),
        _ => {}
    }
    let mut out = Output::stdout();
    out.text(&script);
    out.finish(Status::Ok)
}

/// clap_complete's fish script completes no positional argument: the commands whose first
/// argument is a ruleset are given its names, until one is written; `rules` then its rule ids,
/// and `sources` the bibliography's keys.
fn fish_rulesets(cli: &clap::Command) -> String {
    let names = Catalogue::Ruleset.names().join(" ");
    let mut lines = String::from("\n# The ruleset a command takes first.\n");
    for ruleset in Ruleset::ALL {
        lines += &format!(
            "complete -c bao-oracle -n \"__fish_bao_oracle_using_subcommand rules; and __fish_seen_subcommand_from {ruleset}\" -f -a \"{}\"\n",
            rule_ids(ruleset).join(" ")
        );
    }
    lines += &format!(
        "complete -c bao-oracle -n \"__fish_bao_oracle_using_subcommand sources\" -f -a \"{}\"\n",
        Catalogue::SourceKey.names().join(" ")
    );
    for sub in cli.get_subcommands() {
        if sub.get_positionals().any(|a| a.get_id() == "ruleset") {
            lines += &format!(
                "complete -c bao-oracle -n \"__fish_bao_oracle_using_subcommand {}; and not __fish_seen_subcommand_from {names}\" -f -a \"{names}\"\n",
                sub.get_name()
            );
        }
    }
    lines
}

/// clap_complete's bash script, mended and extended:
/// - its dispatch loop names a command's state `bao__oracle__subcmd__check`, its case labels
///   `bao__subcmd__oracle__subcmd__check` (clap-rs/clap#6421, a hyphen in the program's name), so
///   nothing below the command names completed: the labels are given the loop's spelling;
/// - bash splits `--ruling NAME=VALUE` at the `=`, so clap's script sees `=` as the option: a
///   function before it completes the names (then the values of the name before the `=`).
fn bash(script: &str) -> String {
    let mut script = script.replace("bao__subcmd__oracle", "bao__oracle");
    script = script.replace(
        "complete -F _bao__oracle ",
        "complete -F _bao__oracle__rulings ",
    );
    let mut values = String::new();
    for def in Ruleset::ALL.into_iter().flat_map(Ruleset::rulings) {
        values += &format!(
            "        {}) words=\"{}\" ;;\n",
            def.name,
            def.values.join(" ")
        );
    }
    let names: Vec<String> = Catalogue::Ruling
        .names()
        .iter()
        .filter_map(|a| a.split_once('=').map(|(n, _)| format!("{n}=")))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    script
        + &format!(
            r#"
# `--ruling NAME=VALUE` and `--compare-ruling NAME=VALUE`: bash splits the word at `=`.
_bao__oracle__rulings() {{
    local cword=$COMP_CWORD name cur words=""
    if [[ "${{COMP_WORDS[cword-1]}}" == --ruling || "${{COMP_WORDS[cword-1]}}" == --compare-ruling ]]; then
        COMPREPLY=( $(compgen -W "{names}" -- "${{COMP_WORDS[cword]}}") )
        compopt -o nospace 2>/dev/null
        return 0
    fi
    if [[ "${{COMP_WORDS[cword]}}" == "=" ]]; then
        name="${{COMP_WORDS[cword-1]}}"; cur=""; cword=$((cword - 1))
    elif [[ "${{COMP_WORDS[cword-1]}}" == "=" ]]; then
        name="${{COMP_WORDS[cword-2]}}"; cur="${{COMP_WORDS[cword]}}"; cword=$((cword - 2))
    fi
    if [[ -n "$name" && ( "${{COMP_WORDS[cword-1]}}" == --ruling || "${{COMP_WORDS[cword-1]}}" == --compare-ruling ) ]]; then
        case "$name" in
{values}        esac
        COMPREPLY=( $(compgen -W "$words" -- "$cur") )
        return 0
    fi
    _bao__oracle "$@"
}}
"#,
            names = names.join(" "),
        )
}

pub fn man(args: ManArgs) -> Status {
    let mut command = Cli::command();
    command.build();
    if let Some(dir) = &args.dir {
        return man_dir(&command, dir);
    }
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
    match roff(page) {
        Ok(text) => {
            let mut out = Output::stdout();
            out.text(&text);
            out.finish(Status::Ok)
        }
        Err(e) => e.report(),
    }
}

/// `man --dir DIR`: the main page and every command's, each in its file (written as every output
/// is: never through a link).
fn man_dir(command: &clap::Command, dir: &std::path::Path) -> Status {
    if let Err(e) = std::fs::create_dir_all(dir) {
        return UsageError::new(Code::IoError, format!("{}: {e}", dir.display())).report();
    }
    let mut files = bao_oracle::input::OutputFiles::new(&[]);
    let pages = std::iter::once(command.clone()).chain(command.get_subcommands().cloned());
    let mut written = 0;
    for page in pages {
        let name = format!("{}.1", page.get_display_name().unwrap_or(page.get_name()));
        let text = match roff(page) {
            Ok(text) => text,
            Err(e) => return e.report(),
        };
        if let Err(why) = files.write(&dir.join(&name), &text) {
            return UsageError::new(Code::IoError, why).report();
        }
        written += 1;
    }
    super::output::eprint_line(format_args!(
        "{written} man pages written to {}",
        dir.display()
    ));
    Status::Ok
}

/// The man page of `page` (the whole program or one built command), mended where clap_mangen
/// writes it otherwise than `--help`: the text after the options (examples, exit statuses) is
/// kept as written, not reflowed, and an argument that takes several values is `<PATH>...`.
fn roff(page: clap::Command) -> Result<String, UsageError> {
    let several: Vec<String> = page
        .get_positionals()
        .filter(|a| a.get_num_args().is_some_and(|n| n.max_values() > 1))
        .filter_map(|a| {
            a.get_value_names()
                .and_then(|v| v.first())
                .map(|v| v.to_string())
        })
        .collect();
    let mut buf = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut buf)
        .map_err(|e| UsageError::new(Code::IoError, format!("cannot write the man page: {e}")))?;
    let mut text = String::from_utf8_lossy(&buf).into_owned();
    for name in several {
        let one = format!("<\\fI{name}\\fR>");
        text = text.replace(&format!("{one} "), &format!("{one}... "));
        text = text.replace(&format!("{one}\n"), &format!("{one}...\n"));
    }
    // roff fills the lines of a section: `.nf` keeps them as `--help` prints them.
    if let Some(at) = text.find(".SH EXTRA\n") {
        let body = at + ".SH EXTRA\n".len();
        let end = text[body..]
            .find("\n.SH ")
            .map_or(text.len(), |i| body + i + 1);
        text.insert_str(end, ".fi\n");
        text.insert_str(body, ".nf\n");
    }
    Ok(text)
}
