//! `--ruling` and `--preset`: declared once ([`RulingArgs`], flattened into every command that
//! takes rulings, with the catalogues' completions) and read once, by the library's
//! [`Selection`].

use clap::Args;

use super::UsageError;
use super::completions::Catalogue;
use bao_oracle::input::selection::{Selection, SelectionError};

/// The rulings a command runs under. A command whose rulings mean more says so in its own help,
/// `#[command(mut_arg("rulings", ...), mut_arg("preset", ...))]` on its arguments.
#[derive(Args, Debug, Clone, Default)]
pub struct RulingArgs {
    /// A non-default ruling, NAME=VALUE (repeatable); overrides the preset's value.
    #[arg(long = "ruling", value_name = "NAME=VALUE", value_parser = Catalogue::Ruling, hide_possible_values = true)]
    pub rulings: Vec<String>,
    /// A preset: a named bundle of rulings that matches a source or an engine.
    #[arg(long, value_name = "NAME", value_parser = Catalogue::Preset, hide_possible_values = true)]
    pub preset: Option<String>,
}

impl RulingArgs {
    /// The selection, checked: against `ruleset` where the command names one, else against
    /// every game.
    pub fn selection(&self, ruleset: Option<&str>) -> Result<Selection, UsageError> {
        Selection::parse(ruleset, self.preset.as_deref(), &self.rulings).map_err(usage)
    }
}

/// A refused selection as the command line reports it.
pub fn usage(e: SelectionError) -> UsageError {
    UsageError::new(e.code, e.message_with_rule())
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every command that takes `--ruling` takes `--preset` too, both with their completions:
    /// they are the one group's.
    #[test]
    fn every_command_with_rulings_has_the_group() {
        let cli = super::super::Cli::command();
        let mut with = Vec::new();
        for cmd in cli.get_subcommands() {
            let arg = |id: &str| cmd.get_arguments().find(|a| a.get_long() == Some(id));
            let Some(ruling) = arg("ruling") else {
                continue;
            };
            let preset = arg("preset").unwrap_or_else(|| panic!("{}: no --preset", cmd.get_name()));
            for a in [ruling, preset] {
                assert!(
                    !a.get_possible_values().is_empty(),
                    "{} --{}: no completions",
                    cmd.get_name(),
                    a.get_long().unwrap_or_default()
                );
            }
            with.push(cmd.get_name().to_string());
        }
        assert!(with.len() >= 8, "{with:?}");
    }
}
