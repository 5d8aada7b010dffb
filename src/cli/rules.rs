//! `bao-oracle rules RULESET [ID]`: a game's rules as its catalogue (`spec/RULESET/rules.yaml`,
//! built into the binary) states them — every rule and ambiguity id, its statement and source,
//! the rulings with their values and the presets. `--format markdown` is the project document
//! `docs/rules/RULESET.md` (tests/it/docs.rs fails when that file is stale). Sources are cited from
//! the bibliography (`docs/sources.md`, `bao-oracle sources`): briefly in a whole document, in full
//! for one id.

use clap::{Args, ValueEnum};

use super::output::Output;
use super::{Status, UsageError};
use bao_oracle::diagnostics::Code;
use bao_oracle::input::spec::{Bibliography, Catalogue, CatalogueEntry, RulingEntry, Work};
use bao_rules::rulings::did_you_mean;

#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The ruleset: bao-kingulu, bao-la-kimasai, bao-la-kete, bao-la-kiswahili.
    #[arg(value_parser = super::completions::ruleset(), hide_possible_values = true)]
    pub ruleset: bao_rules::Ruleset,
    /// One rule or ambiguity id (`KIN-10`, `ZAN-A16`); default every one.
    #[arg(value_parser = super::completions::Catalogue::RuleId, hide_possible_values = true)]
    pub id: Option<String>,
    /// Plain text for a terminal, or the Markdown of docs/rules/RULESET.md.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Markdown,
}

pub fn run(args: RulesArgs) -> Status {
    let ruleset = args.ruleset;
    let catalogue: Catalogue = match serde_saphyr::from_str(ruleset.catalogue()) {
        Ok(c) => c,
        // The catalogues are built in and read by the tests: this is a build of a broken tree.
        Err(e) => {
            return UsageError::new(Code::BadSpec, format!("the built-in catalogue: {e}")).report();
        }
    };
    let bib = Bibliography::builtin();
    let text = match &args.id {
        None => match args.format {
            Format::Text => document_text(&catalogue, &bib),
            Format::Markdown => document_markdown(&catalogue, &bib),
        },
        Some(id) => {
            let entries = || catalogue.rules.iter().chain(&catalogue.ambiguities);
            let Some(entry) = entries().find(|e| e.id.eq_ignore_ascii_case(id)) else {
                let hint = did_you_mean(id, entries().map(|e| e.id.as_str()));
                return UsageError::new(
                    Code::Usage,
                    format!(
                        "`{id}` is not a rule id of {}{hint} (`bao-oracle rules {}` lists them)",
                        catalogue.ruleset, catalogue.ruleset
                    ),
                )
                .report();
            };
            match args.format {
                Format::Text => entry_text(&catalogue, entry, &bib, true),
                Format::Markdown => entry_markdown(&catalogue, entry, &bib),
            }
        }
    };
    let mut out = Output::human();
    out.text(&text);
    out.finish(Status::Ok)
}

/// The rulings that settle ambiguity `id`.
fn settled_by<'a>(catalogue: &'a Catalogue, id: &str) -> Vec<&'a RulingEntry> {
    catalogue
        .rulings
        .iter()
        .filter(|r| r.settles.iter().any(|s| s == id))
        .collect()
}

fn values_text(ruling: &RulingEntry) -> String {
    ruling
        .values
        .iter()
        .map(|v| {
            if *v == ruling.default {
                format!("{v} (default)")
            } else {
                v.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The works an entry cites: each key with the bibliography's entry (a key it lacks is a broken
/// build, which `bao-oracle spec` and the tests report; it is shown as the key alone).
fn works<'a>(
    entry: &'a CatalogueEntry,
    bib: &'a Bibliography,
) -> impl Iterator<Item = (&'a str, Option<&'a Work>)> {
    entry.source.works.iter().map(|k| (k.as_str(), bib.get(k)))
}

/// The short name and title: the brief citation of a whole document's listing.
fn brief(key: &str, work: Option<&Work>) -> String {
    match work {
        Some(w) => format!("{}, \"{}\"", w.short, w.title),
        None => key.to_string(),
    }
}

fn entry_text(c: &Catalogue, entry: &CatalogueEntry, bib: &Bibliography, full: bool) -> String {
    let mut s = format!("{}  {}\n", entry.id, entry.statement);
    let pad = " ".repeat(entry.id.len() + 2);
    if full {
        s += &format!("{pad}source: {}, in\n", entry.source.section);
        for (key, work) in works(entry, bib) {
            let cited = work.map_or_else(|| key.to_string(), Work::citation);
            s += &format!("{pad}  {cited}\n");
        }
        s += &format!("{pad}reference section: {}\n", entry.source.reference);
    } else {
        let cited: Vec<String> = works(entry, bib).map(|(k, w)| brief(k, w)).collect();
        s += &format!(
            "{pad}source: {}; {}; reference section: {}\n",
            cited.join("; "),
            entry.source.section,
            entry.source.reference
        );
    }
    for r in settled_by(c, &entry.id) {
        s += &format!("{pad}ruling {}: {}\n", r.name, values_text(r));
    }
    s
}

fn document_text(c: &Catalogue, bib: &Bibliography) -> String {
    let mut s = format!("{} ({}): the rules\n\nRules\n", c.name, c.ruleset);
    for e in &c.rules {
        s += &entry_text(c, e, bib, false);
    }
    s += "\nAmbiguities (the statement gives the question and the default ruling)\n";
    for e in &c.ambiguities {
        s += &entry_text(c, e, bib, false);
    }
    s += &format!(
        "\n{} rules, {} ambiguities; `bao-oracle rulings {}` lists the rulings and presets.\n",
        c.rules.len(),
        c.ambiguities.len(),
        c.ruleset
    );
    s
}

/// Catalogue text made safe inside Markdown: the move notation's `*`, `**`, `<`, `>` and `_` are
/// text, not emphasis or markup; the catalogue's own code spans (`` `>` ``) stay code spans.
pub(super) fn md(text: &str) -> String {
    let parts: Vec<&str> = text.split('`').collect();
    if parts.len().is_multiple_of(2) {
        return md_plain(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, part) in parts.iter().enumerate() {
        if i % 2 == 1 {
            out.push('`');
            out.push_str(part);
            out.push('`');
        } else {
            out.push_str(&md_plain(part));
        }
    }
    out
}

fn md_plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '\\' | '*' | '_' | '`' | '[' | ']' | '|' | '#' => {
                out.push('\\');
                out.push(ch);
            }
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            _ => out.push(ch),
        }
    }
    out
}

fn entry_markdown(c: &Catalogue, e: &CatalogueEntry, bib: &Bibliography) -> String {
    let mut s = format!("### {}\n\n{}\n\n", e.id, md(&e.statement));
    let cited: Vec<String> = works(e, bib)
        .map(|(key, w)| format!("[{}](../sources.md#{key})", md(&brief(key, w))))
        .collect();
    s += &format!(
        "Source: {}; {}; reference section: {}.\n",
        cited.join("; "),
        md(&e.source.section),
        md(&e.source.reference)
    );
    for r in settled_by(c, &e.id) {
        s += &format!(
            "Ruling [`{}`](#{}): {}.\n",
            r.name,
            anchor(&r.name),
            md(&values_text(r))
        );
    }
    s
}

/// GitHub's heading anchor of a heading that is a code span (`` ### `kete.mtaji-safari` ``).
fn anchor(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .collect::<String>()
        .to_lowercase()
}

fn document_markdown(c: &Catalogue, bib: &Bibliography) -> String {
    let mut s = format!("# {}: the rules (`{}`)\n\n", c.name, c.ruleset);
    s += &format!(
        "Generated by `bao-oracle rules {0} --format markdown` from the rule catalogue \
         [`spec/{0}/rules.yaml`](../../spec/{0}/rules.yaml); do not edit by hand (`tests/it/docs.rs` \
         fails when this file is stale). Every rule and ambiguity id the oracle cites, with its \
         statement and its source: the published works it is read from (each a link into the \
         bibliography, [docs/sources.md](../sources.md)), where in them, and the section of the \
         project's rules reference that states it. An ambiguity's statement gives the question and \
         the default ruling; the named rulings let a record or a command choose another answer.\n\n",
        c.ruleset
    );
    s += &format!(
        "{} rules, {} ambiguities, {} rulings, {} presets: [Rules](#rules), \
         [Ambiguities](#ambiguities), [Rulings](#rulings){}.\n\n",
        c.rules.len(),
        c.ambiguities.len(),
        c.rulings.len(),
        c.presets.len(),
        if c.presets.is_empty() {
            ""
        } else {
            ", [Presets](#presets)"
        }
    );
    s += "## Rules\n\n";
    for e in &c.rules {
        s += &entry_markdown(c, e, bib);
        s += "\n";
    }
    s += "## Ambiguities\n\n";
    for e in &c.ambiguities {
        s += &entry_markdown(c, e, bib);
        s += "\n";
    }
    s += "## Rulings\n\n";
    if c.rulings.is_empty() {
        s += "None: every ambiguity has one answer.\n\n";
    }
    for r in &c.rulings {
        s += &format!("### `{}`\n\n{}\n\n", r.name, md(&r.question));
        let settles: Vec<String> = r
            .settles
            .iter()
            .map(|id| format!("[{id}](#{})", anchor(id)))
            .collect();
        s += &format!("- settles: {}\n", settles.join(", "));
        s += &format!("- default: `{}`\n", r.default);
        let values: Vec<String> = r.values.iter().map(|v| format!("`{v}`")).collect();
        s += &format!("- values: {}\n\n", values.join(", "));
    }
    if !c.presets.is_empty() {
        s +=
            "## Presets\n\n| preset | rulings other than the defaults | matches |\n|---|---|---|\n";
        for p in &c.presets {
            let rulings: Vec<String> = p
                .rulings
                .iter()
                .map(|(n, v)| format!("`{n}={v}`"))
                .collect();
            let rulings = if rulings.is_empty() {
                "none (the defaults)".to_string()
            } else {
                rulings.join(", ")
            };
            s += &format!("| `{}` | {rulings} | {} |\n", p.name, md(&p.matches));
        }
    }
    s
}
