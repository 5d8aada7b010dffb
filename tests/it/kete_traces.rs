//! Lap-by-lap traces of the Bao la Kete scenarios a reader would otherwise argue about (issue 3):
//! the safari decision, the sixteen rule, the kuu alone, hizi zetu made and not made, captures
//! from each kimbi and the centre, Bao hamna, a player left with singletons. Scenarios that name an
//! ambiguity id are traced by `tests/it/spec.rs` already; these name none.

use std::path::Path;

use bao_oracle::harness::spec::{self, SpecFile};

const TRACED: &[&str] = &[
    "front-right-is-clockwise",
    "back-right-is-anticlockwise",
    "a-lap-of-sixteen",
    "capture-from-the-centre-and-reversal",
    "nemo-safari-stop",
    "nemo-safari-go-on",
    "singletons-may-take-the-seed-beside-a-kuu",
    "the-kuu-alone-with-seven",
    "the-last-nemo-move",
    "mtaji-capture-from-the-centre",
    "fifteen-seeds-capture",
    "seventeen-seeds-do-not",
    "the-kuu-takata-destroys-it",
    "a-takata-lap-ending-in-the-kuu-relays",
    "the-other-takata-reserves-nothing",
    "not-the-only-front-hole-with-more-than-one",
    "not-the-kuu",
    "the-same-hole-once-the-kuu-is-gone",
    "the-opponent-can-capture",
    "the-first-lap-from-the-kuu",
    "no-move-after-the-end",
    "only-singletons",
];

#[test]
fn kete_traces() {
    let mut found = Vec::new();
    for path in spec::collect(&[Path::new("spec").join("bao-la-kete")]).unwrap() {
        let Ok(SpecFile::Scenarios(file)) = spec::read_file(&path) else {
            continue;
        };
        for scenario in file
            .scenarios
            .iter()
            .filter(|s| TRACED.contains(&s.id.as_str()))
        {
            assert!(
                !scenario.rules.iter().any(|r| r.starts_with("KETE-A")),
                "{} is traced by tests/it/spec.rs",
                scenario.id
            );
            let trace = spec::trace_scenario(bao_rules::Ruleset::Kete, scenario)
                .unwrap_or_else(|e| panic!("{}: {e}", scenario.id));
            let text = format!(
                "bao-la-kete {}\n{}\nrules: {}\n\n{trace}",
                scenario.id,
                scenario.description,
                scenario.rules.join(", ")
            );
            insta::assert_snapshot!(format!("kete-{}", scenario.id), text);
            found.push(scenario.id.clone());
        }
    }
    found.sort();
    let mut wanted: Vec<String> = TRACED.iter().map(|s| s.to_string()).collect();
    wanted.sort();
    assert_eq!(found, wanted, "every traced scenario exists");
}
