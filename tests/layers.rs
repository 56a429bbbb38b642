//! The crate's modules form layers, and imports only point down
//! (ARCHITECTURE.md, "Layers"): value types, then tables, moves and
//! outcomes, then the position, then notation, the game and the formats
//! built on the position, then EPD and PGN. `lib.rs` only declares modules
//! and re-exports, so a path through the crate root (`crate::Position`)
//! counts as an import of the top layer.
//!
//! The test reads the sources: every `crate::` path outside comments and
//! outside `#[cfg(test)]` modules.

use std::fs;
use std::path::{Path, PathBuf};

/// The layer of a top-level module of the crate; `None` for a name that
/// is not a module (an item re-exported at the crate root).
fn layer(module: &str) -> Option<u8> {
    Some(match module {
        "types" | "geometry" | "magics" | "magic_numbers" | "prng" | "polyglot_keys" => 0,
        "attacks" | "moves" | "outcome" => 1,
        "position" => 2,
        "notation" | "game" | "polyglot" | "perft" | "packed" => 3,
        "epd" | "pgn" => 4,
        _ => return None,
    })
}

/// The crate root: above every module.
const ROOT: u8 = 5;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source without comments and without the `#[cfg(test)]` modules
/// (everything from the first `#[cfg(test)]` that starts a module on).
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        let test_only = trimmed.starts_with("#[cfg(test)]") || trimmed.starts_with("#[cfg(all(test,");
        if test_only && lines.peek().is_some_and(|next| next.trim_start().starts_with("mod ")) {
            break;
        }
        let line = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The first path segment after each `crate::` (every member of a
/// `crate::{…}` group).
fn imported_modules(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let before = &rest[..i];
        rest = &rest[i + "crate::".len()..];
        if before.ends_with('$') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut member = String::new();
            let mut at_start = true;
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 1 => at_start = true,
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
                if depth == 1 && at_start && (c.is_alphanumeric() || c == '_') {
                    member.push(c);
                } else if !member.is_empty() {
                    found.push(std::mem::take(&mut member));
                    at_start = false;
                }
            }
            if !member.is_empty() {
                found.push(member);
            }
        } else {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            found.push(name);
        }
    }
    found
}

#[test]
fn imports_only_point_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut upward = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap();
        let top = relative.components().next().unwrap().as_os_str().to_str().unwrap().trim_end_matches(".rs");
        if top == "lib" {
            continue;
        }
        let own = layer(top).unwrap_or_else(|| panic!("{} is in no layer: add it to `layer`", relative.display()));
        let text = fs::read_to_string(file).unwrap();
        for module in imported_modules(&code(&text)) {
            let theirs = layer(&module).unwrap_or(ROOT);
            if theirs > own {
                upward.push(format!("{} (layer {own}) imports crate::{module} (layer {theirs})", relative.display()));
            }
        }
    }
    assert!(upward.is_empty(), "imports that point up:\n{}", upward.join("\n"));
}

#[test]
fn the_scanner_sees_groups_and_paths() {
    let code = code("use crate::{types::Square, attacks};\n// crate::pgn\nfn f() { crate::File::A; }\n#[cfg(test)]\nmod tests { use crate::Position; }\n");
    assert_eq!(imported_modules(&code), ["types", "attacks", "File"]);
}
