//! `conform --engines FILE`: the engines of one compliance run, each a command line and a name
//! for the table, as YAML:
//!
//! ```yaml
//! engines:
//!   - name: oracle
//!     command: bao-oracle engine
//!   - command: python3 examples/python-engine/engine.py
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{Kind, Source, read_source};

/// The file: its engines, in the table's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnginesFile {
    pub engines: Vec<EngineEntry>,
}

/// One engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineEntry {
    /// What the table calls it (default: the name its `hello` gives).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its command line, split into words as a shell would (quotes, no pipes).
    pub command: String,
}

/// Reads an engines file; `Err` is a message fit to follow `cannot read PATH: `.
pub fn read(path: &Path) -> Result<Vec<EngineEntry>, String> {
    match read_source(path, Kind::Engines).map_err(|e| e.to_string())? {
        Source::Refused(finding) => Err(finding.message),
        Source::Text(text) => parse(&text),
    }
}

/// Parses an engines file's text: at least one engine, each with a command.
pub fn parse(text: &str) -> Result<Vec<EngineEntry>, String> {
    let file: EnginesFile = serde_saphyr::from_str(text).map_err(|e| e.to_string())?;
    if file.engines.is_empty() {
        return Err("it names no engine (`engines:` is empty)".into());
    }
    if let Some(i) = file
        .engines
        .iter()
        .position(|e| e.command.trim().is_empty())
    {
        return Err(format!("engine {} has an empty `command`", i + 1));
    }
    Ok(file.engines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engines_file_reads_names_and_commands() {
        let text = "engines:\n  - name: oracle\n    command: bao-oracle engine\n  - command: ./x\n";
        let engines = parse(text).unwrap();
        assert_eq!(engines.len(), 2);
        assert_eq!(engines[0].name.as_deref(), Some("oracle"));
        assert_eq!(engines[1].command, "./x");
        assert!(parse("engines: []\n").is_err());
        assert!(parse("engines:\n  - command: ''\n").is_err());
        assert!(
            parse("engines:\n  - cmd: x\n").is_err(),
            "a typo is refused"
        );
        assert!(parse("- x\n").is_err());
    }

    /// The example of docs/engine-authors.md: an engine with an environment of its own is
    /// `env VAR=VALUE ... COMMAND`, an ordinary command line.
    #[test]
    fn the_example_engines_file_reads() {
        let engines = parse(include_str!("../../examples/engines.yaml")).unwrap();
        assert_eq!(engines.len(), 2);
        assert!(engines[1].command.starts_with("env PYTHONHASHSEED=0 "));
        let docs = include_str!("../../docs/engine-authors.md");
        let yaml = engines
            .iter()
            .map(|e| {
                format!(
                    "  - name: {}\n    command: {}\n",
                    e.name.as_deref().unwrap(),
                    e.command
                )
            })
            .collect::<String>();
        assert!(
            docs.contains(&format!("```yaml\nengines:\n{yaml}```")),
            "docs/engine-authors.md shows examples/engines.yaml as it is"
        );
    }
}
