//! The specification built into the binary: every file of `spec/` (folders recursively, `.yaml`
//! and `.yml`), found by walking the folder, so that a new ruleset's `spec/<ruleset>/` is built in
//! with no table to edit (`src/harness/spec`'s `BUILT_IN` includes what this writes).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn yaml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            yaml_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
        {
            out.push(path);
        }
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let spec = root.join("spec");
    println!("cargo:rerun-if-changed=spec");
    let mut files = Vec::new();
    yaml_files(&spec, &mut files);
    let mut table = String::from("&[\n");
    for file in &files {
        let shown = file
            .strip_prefix(&root)
            .expect("under the package")
            .to_string_lossy()
            .replace('\\', "/");
        writeln!(
            table,
            "    ({shown:?}, include_str!({:?})),",
            file.display().to_string()
        )
        .expect("a string takes any write");
    }
    table.push(']');
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("built_in_spec.rs"), table).expect("OUT_DIR is writable");
}
