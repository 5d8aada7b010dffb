//! `bao-oracle rulings [RULESET]`: every named ruling of a game (or of every game), the
//! ambiguity ids it settles, its question, its values with the default, and the presets.

use clap::Args;

use super::Status;
use super::output::Output;
use bao_rules::Ruleset;
use bao_rules::game::Game;
use bao_rules::with_game;

#[derive(Args, Debug)]
pub struct RulingsArgs {
    /// The ruleset (default: every game).
    #[arg(value_parser = super::completions::ruleset(), hide_possible_values = true)]
    pub ruleset: Option<Ruleset>,
}

pub fn run(args: RulingsArgs) -> Status {
    let rulesets: Vec<Ruleset> = match &args.ruleset {
        Some(r) => vec![*r],
        None => Ruleset::ALL.to_vec(),
    };
    let mut text = String::new();
    for (i, &ruleset) in rulesets.iter().enumerate() {
        let part = with_game!(ruleset, G => of_game::<G>());
        if i > 0 {
            text.push('\n');
        }
        text += &part;
    }
    let mut out = Output::human();
    out.text(&text);
    out.finish(Status::Ok)
}

fn of_game<G: Game>() -> String {
    let mut s = format!("{} ({})\n", G::RULESET, G::NAME);
    if G::RULINGS.is_empty() {
        s += "  no rulings: every ambiguity has one answer\n";
    }
    for def in G::RULINGS {
        s += &format!("  {}  ({})\n", def.name, def.ids.join(", "));
        s += &format!("    {}\n", def.question);
        let values: Vec<String> = def
            .values
            .iter()
            .map(|v| {
                if *v == def.default {
                    format!("{v} (default)")
                } else {
                    v.to_string()
                }
            })
            .collect();
        s += &format!("    values: {}\n", values.join(", "));
    }
    if !G::PRESETS.is_empty() {
        s += "  presets (--preset NAME, a record's `preset:`):\n";
        for p in G::PRESETS {
            let rulings: Vec<String> = p.rulings.iter().map(|(n, v)| format!("{n}={v}")).collect();
            let rulings = if rulings.is_empty() {
                "the defaults".to_string()
            } else {
                rulings.join(" ")
            };
            s += &format!("    {}: {rulings}\n", p.name);
            s += &format!("      {}\n", p.matches);
        }
    }
    s
}
