//! Repository-wide tidiness checks: every tracked text file cites the papers
//! by author and year (docs/REFERENCES.md), never by the file names of a
//! local copy, a path outside the repository or a section of a private
//! specification; the workspace's `rust-version` is no older than any
//! locked dependency's; the docs' `html_root_url`s match the packages; the
//! test support (`tree_core::corpus`, `search_depthfirst::testgames`) stays
//! behind the `testing` feature; in the engine crates every public name has
//! one path.

use std::path::{Path, PathBuf};
use std::process::Command;

use xtask::paths::workspace_root;

/// `cargo metadata --format-version 1 FLAG`, run in `root`, as JSON.
fn cargo_metadata(root: &Path, flag: &str) -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", flag])
        .current_dir(root)
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("metadata is JSON")
}

/// The repository's tracked files, from `git ls-files`; without git (a
/// source archive), every file under the root except `target/` and `.git/`.
fn tracked_files(root: &Path) -> Vec<PathBuf> {
    let git = Command::new("git")
        .arg("ls-files")
        .arg("-z")
        .current_dir(root)
        .output();
    if let Ok(out) = git
        && out.status.success()
    {
        return out
            .stdout
            .split(|&b| b == 0)
            .filter(|p| !p.is_empty())
            .map(|p| root.join(String::from_utf8_lossy(p).as_ref()))
            .collect();
    }
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if name == "target" || name == ".git" {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

/// The text of a file, or `None` for binary data (not UTF-8, or a NUL byte).
fn text_of(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    if bytes.contains(&0) {
        return None;
    }
    String::from_utf8(bytes).ok()
}

/// What is wrong with one line, if anything: a paper by its local file name
/// (`000_…` to `004_…`, not preceded by a letter, digit or `_`, so that
/// `1_000_000` passes), a private specification's sections, or a path into
/// the shared folder outside the repository.
fn bad_reference(line: &str) -> Option<&'static str> {
    let bytes = line.as_bytes();
    for i in 0..bytes.len().saturating_sub(3) {
        let before_ok = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if before_ok
            && bytes[i] == b'0'
            && bytes[i + 1] == b'0'
            && (b'0'..=b'4').contains(&bytes[i + 2])
            && bytes[i + 3] == b'_'
        {
            return Some("a paper cited by its file name (000_* … 004_*)");
        }
    }
    // Built from pieces so that this file does not trip its own check.
    let spec = ["SP", "EC"].concat();
    let words = line
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .any(|w| w == spec);
    if words {
        return Some("a section of the specification instead of a paper");
    }
    let shared = ["shared", "/papers"].concat();
    let style = ["STYLE", ".md"].concat();
    if line.contains(&shared) || line.contains("../shared/") || line.contains(&style) {
        return Some("a path outside the repository");
    }
    None
}

#[test]
fn bad_reference_detects_each_kind_and_spares_numbers() {
    let file = ["`00", "2_*` §IV"].concat();
    let ocr = ["Source: 00", "3_1eeb.txt"].concat();
    let spec = ["see SP", "EC §8"].concat();
    let path = ["../sha", "red/papers/"].concat();
    for bad in [&file, &ocr, &spec, &path] {
        assert!(bad_reference(bad).is_some(), "{bad}");
    }
    for good in [
        "let n = 1_000_000;",
        "0x002_u8",
        "Bhattacharya & Bagchi 1996, §3",
        "a specification",
        "SPECIAL",
        "othello-002.md",
    ] {
        assert_eq!(bad_reference(good), None, "{good}");
    }
}

#[test]
fn tracked_files_cite_papers_by_author_and_year() {
    let root = workspace_root();
    let me = root.join(file!());
    let files = tracked_files(&root);
    assert!(
        files.len() > 50,
        "found only {} files under {}",
        files.len(),
        root.display()
    );
    let mut problems = Vec::new();
    for path in files {
        if path == me {
            continue;
        }
        let Some(text) = text_of(&path) else { continue };
        for (n, line) in text.lines().enumerate() {
            if let Some(why) = bad_reference(line) {
                let rel = path.strip_prefix(&root).unwrap_or(&path);
                problems.push(format!(
                    "{}:{}: {why}: {}",
                    rel.display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "cite papers as in docs/REFERENCES.md (author, title, year):\n{}",
        problems.join("\n")
    );
}

/// A `rust-version` as (major, minor, patch); a missing part is 0.
fn version(v: &str) -> (u64, u64, u64) {
    let mut parts = v.split('.').map(|p| p.parse::<u64>().unwrap_or(0));
    let mut next = || parts.next().unwrap_or(0);
    (next(), next(), next())
}

#[test]
fn version_parses_short_and_long_forms() {
    assert_eq!(version("1.88"), (1, 88, 0));
    assert_eq!(version("1.85.1"), (1, 85, 1));
    assert!(version("1.86") < version("1.88"));
}

/// The workspace's `rust-version` is honest: no locked dependency asks for a
/// newer compiler (`cargo metadata` lists each package's `rust_version`).
#[test]
fn no_locked_dependency_needs_a_newer_rust_than_the_workspace() {
    let root = workspace_root();
    let meta = cargo_metadata(&root, "--locked");
    let members: Vec<&str> = meta["workspace_members"]
        .as_array()
        .expect("workspace_members")
        .iter()
        .filter_map(|m| m.as_str())
        .collect();
    let packages = meta["packages"].as_array().expect("packages");
    let mut msrv = None;
    for p in packages {
        if members.contains(&p["id"].as_str().unwrap_or_default()) {
            let v = p["rust_version"]
                .as_str()
                .unwrap_or_else(|| panic!("workspace member {} has no rust-version", p["name"]));
            let v = version(v);
            msrv = Some(msrv.map_or(v, |m: (u64, u64, u64)| m.min(v)));
        }
    }
    let msrv = msrv.expect("the workspace has members");
    let too_new: Vec<String> = packages
        .iter()
        .filter_map(|p| {
            let v = p["rust_version"].as_str()?;
            (version(v) > msrv).then(|| format!("{} {} needs Rust {v}", p["name"], p["version"]))
        })
        .collect();
    assert!(
        too_new.is_empty(),
        "the workspace's rust-version is {}.{}.{}, but:\n{}",
        msrv.0,
        msrv.1,
        msrv.2,
        too_new.join("\n")
    );
}

/// No library sets `html_root_url`: with it, `cargo doc` links every
/// cross-crate item to docs.rs (where these crates are not published), so
/// the documentation built here would not work offline. Without it,
/// rustdoc links the workspace's crates to each other locally.
#[test]
fn documentation_links_stay_local() {
    let root = workspace_root();
    let mut checked = 0;
    for dir in std::fs::read_dir(root.join("crates")).expect("crates/") {
        let dir = dir.expect("a crate directory").path();
        let Ok(lib) = std::fs::read_to_string(dir.join("src/lib.rs")) else {
            continue;
        };
        assert!(
            !lib.contains("html_root_url"),
            "{} sets html_root_url: its docs would link to docs.rs",
            dir.display()
        );
        checked += 1;
    }
    assert!(checked >= 7, "checked only {checked} library crates");
}

/// The gating attributes that keep a module out of the default API: the
/// crate's own tests, or the `testing` feature.
const TESTING_GATES: [&str; 2] = [
    r#"#[cfg(any(test, feature = "testing"))]"#,
    r#"#[cfg(feature = "testing")]"#,
];

/// The attributes written on the lines just above `pub mod NAME;` in
/// `source` (comments between them skipped), or `None` without that line.
fn module_attributes(source: &str, name: &str) -> Option<Vec<String>> {
    let lines: Vec<&str> = source.lines().collect();
    let declaration = format!("pub mod {name};");
    let at = lines.iter().position(|l| l.trim() == declaration)?;
    let attributes = lines[..at]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with("#[") || l.starts_with("//"))
        .filter(|l| l.starts_with("#["))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    Some(attributes)
}

#[test]
fn module_attributes_reads_the_lines_above_the_declaration() {
    let gated =
        "mod a;\n// support\n#[cfg(any(test, feature = \"testing\"))]\n// more\npub mod corpus;\n";
    assert_eq!(
        module_attributes(gated, "corpus"),
        Some(vec![TESTING_GATES[0].to_string()])
    );
    assert_eq!(
        module_attributes("mod a;\npub mod corpus;\n", "corpus"),
        Some(vec![])
    );
    assert_eq!(module_attributes("mod corpus;\n", "corpus"), None);
}

/// The test support — tree-core's `corpus`, search-depthfirst's
/// `testgames` — stays out of what a user of the published crates sees by
/// default, so that `cargo doc` without the `testing` feature documents
/// neither: each module is compiled only for its crate's own tests or
/// with the `testing` feature, which no default feature includes; no
/// library re-exports it; and no workspace crate enables the feature
/// outside its `[dev-dependencies]`.
#[test]
fn test_support_stays_out_of_the_default_api() {
    let root = workspace_root();
    for (krate, module) in [("tree-core", "corpus"), ("search-depthfirst", "testgames")] {
        let lib = root.join("crates").join(krate).join("src/lib.rs");
        let source = std::fs::read_to_string(&lib).expect("the crate's lib.rs");
        let attributes = module_attributes(&source, module)
            .unwrap_or_else(|| panic!("{}: no `pub mod {module};`", lib.display()));
        assert!(
            attributes
                .iter()
                .any(|a| TESTING_GATES.contains(&a.as_str())),
            "{}: `pub mod {module};` must be gated by {} (test support, not the stable API); \
             its attributes are {attributes:?}",
            lib.display(),
            TESTING_GATES[0]
        );
    }

    // No library re-exports the support.
    let mut reexports = Vec::new();
    for path in tracked_files(&root) {
        let rel = path.strip_prefix(&root).unwrap_or(&path).to_path_buf();
        let in_library =
            rel.starts_with("crates") && rel.components().any(|c| c.as_os_str() == "src");
        if !in_library || rel.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let Some(text) = text_of(&path) else { continue };
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.starts_with("pub use")
                && (line.contains("corpus") || line.contains("testgames"))
            {
                reexports.push(format!("{}:{}: {line}", rel.display(), n + 1));
            }
        }
    }
    assert!(
        reexports.is_empty(),
        "test support re-exported:\n{}",
        reexports.join("\n")
    );

    // The feature is on only where cargo builds tests, benches and examples.
    let meta = cargo_metadata(&root, "--no-deps");
    let mut enabled = Vec::new();
    let mut gated = 0;
    for p in meta["packages"].as_array().expect("packages") {
        let name = p["name"].as_str().unwrap_or_default();
        if p["features"]["testing"].is_array() {
            gated += 1;
        }
        let defaults = p["features"]["default"].as_array().into_iter().flatten();
        if defaults
            .filter_map(|f| f.as_str())
            .any(|f| f.contains("testing"))
        {
            enabled.push(format!("{name}: its default features include `testing`"));
        }
        for d in p["dependencies"].as_array().expect("dependencies") {
            let dev = d["kind"].as_str() == Some("dev");
            let testing = d["features"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|f| f.as_str() == Some("testing"));
            if testing && !dev {
                enabled.push(format!(
                    "{name}: `testing` of {} outside [dev-dependencies]",
                    d["name"].as_str().unwrap_or_default()
                ));
            }
        }
    }
    assert!(
        gated >= 2,
        "tree-core and search-depthfirst declare a `testing` feature (found {gated})"
    );
    assert!(enabled.is_empty(), "{}", enabled.join("\n"));
}

/// The workspace's engine libraries, by the name code uses for them.
const ENGINE_CRATES: [&str; 6] = [
    "tree_core",
    "search_depthfirst",
    "search_bestfirst",
    "search_parallel",
    "search_distributed",
    "othello",
];

/// The `pub use` statements of `source`, each on one line (a statement
/// written over several lines is joined).
fn pub_uses(source: &str) -> Vec<String> {
    let mut uses = Vec::new();
    let mut open: Option<String> = None;
    for line in source.lines() {
        let line = line.trim();
        if let Some(mut statement) = open.take() {
            statement.push(' ');
            statement.push_str(line);
            if line.ends_with(';') {
                uses.push(statement);
            } else {
                open = Some(statement);
            }
        } else if let Some(rest) = line.strip_prefix("pub use ") {
            if line.ends_with(';') {
                uses.push(rest.to_string());
            } else {
                open = Some(rest.to_string());
            }
        }
    }
    uses
}

/// The modules `source` declares with `pub mod NAME;`, and those it
/// declares with a narrower visibility (`mod NAME;`, `pub(crate) mod NAME;`).
fn modules(source: &str) -> (Vec<String>, Vec<String>) {
    let (mut public, mut private) = (Vec::new(), Vec::new());
    for line in source.lines() {
        let line = line.trim();
        let Some(decl) = line.strip_suffix(';') else {
            continue;
        };
        if let Some(name) = decl.strip_prefix("pub mod ") {
            public.push(name.to_string());
        } else if let Some((_, name)) = decl.split_once("mod ")
            && (decl.starts_with("mod ") || decl.starts_with("pub(crate) mod "))
        {
            private.push(name.to_string());
        }
    }
    (public, private)
}

/// Why the `pub use` statement `statement` (the text after `pub use`)
/// gives an item a second path, if it does: it re-exports from `parent`,
/// a public module declared in the same file (or, with `crate::`, in
/// `lib.rs`: `root_public`), unless the next segment is a module that
/// module keeps private (`private_below(parent)`), or it re-exports an
/// engine crate's item from another engine crate.
fn second_path(
    statement: &str,
    here_public: &[String],
    root_public: &[String],
    private_below: &dyn Fn(&str) -> Vec<String>,
) -> Option<String> {
    let path = statement.trim_end_matches(';').trim();
    let (segments, from_root) = match path.strip_prefix("crate::") {
        Some(rest) => (rest, true),
        None => (path.strip_prefix("self::").unwrap_or(path), false),
    };
    let mut parts = segments.splitn(3, "::");
    let first = parts.next()?.trim();
    let second = parts.next().map(str::trim);
    if ENGINE_CRATES.contains(&first) {
        return Some(format!(
            "`{first}`'s item re-exported by another engine crate"
        ));
    }
    let public = if from_root { root_public } else { here_public };
    if !public.iter().any(|m| m == first) {
        return None;
    }
    // `pub use X::hidden::Item`: `hidden` is private inside `X`, so the
    // item has one public path, this one.
    if let Some(next) = second
        && parts.next().is_some()
        && private_below(first).iter().any(|m| m == next)
    {
        return None;
    }
    Some(format!("`pub mod {first}` is public and re-exported from"))
}

#[test]
fn second_path_finds_public_modules_re_exported() {
    let public = vec!["threads".to_string(), "board".to_string()];
    let none = |_: &str| Vec::new();
    let hidden = |_: &str| vec!["config".to_string()];
    assert!(second_path("threads::{search, ThreadConfig};", &public, &[], &none).is_some());
    assert!(second_path("board::Square;", &public, &[], &none).is_some());
    assert!(second_path("crate::board::final_score;", &[], &public, &none).is_some());
    assert!(second_path("search_parallel::ProcessorTree;", &[], &[], &none).is_some());
    assert_eq!(
        second_path("sss::config::Variant;", &["sss".into()], &[], &hidden),
        None
    );
    assert_eq!(
        second_path("game::{search_game};", &public, &[], &none),
        None
    );
    assert_eq!(
        second_path("arrayvec::ArrayVec;", &public, &[], &none),
        None
    );
    let (p, q) = modules("pub mod a;\nmod b;\npub(crate) mod c;\n#[cfg(test)]\npub mod d;\n");
    assert_eq!(
        (p, q),
        (vec!["a".into(), "d".into()], vec!["b".into(), "c".into()])
    );
    assert_eq!(
        pub_uses("pub use a::{\n    B,\n    C,\n};\nuse d::E;\npub use f::G;\n"),
        vec!["a::{ B, C, };".to_string(), "f::G;".to_string()]
    );
}

/// One path per public name (the shape of `regex-automata`): in the engine
/// crates a module is public or its items are re-exported, never both, and
/// no engine crate re-exports another's items. The front door, `gametree`,
/// gathers the engines' types on purpose and is not checked.
#[test]
fn every_public_name_has_one_path() {
    let root = workspace_root();
    let mut problems = Vec::new();
    let crates = root.join("crates");
    let Ok(entries) = std::fs::read_dir(&crates) else {
        panic!("no {}", crates.display());
    };
    let mut checked = 0;
    for entry in entries.flatten() {
        let src = entry.path().join("src");
        let name = entry.file_name().to_string_lossy().replace('-', "_");
        let lib = src.join("lib.rs");
        if name == "gametree" || !lib.is_file() {
            continue;
        }
        checked += 1;
        let root_public = modules(&text_of(&lib).unwrap_or_default()).0;
        let mut stack = vec![src.clone()];
        while let Some(dir) = stack.pop() {
            for file in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = file.path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let Some(text) = text_of(&path) else { continue };
                let here_public = modules(&text).0;
                // A module declared in `dir/foo.rs` or `dir/mod.rs` lives in
                // `dir/foo/` or `dir/`.
                let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                let base = match stem.as_deref() {
                    Some("lib" | "mod") => dir.clone(),
                    Some(s) => dir.join(s),
                    None => dir.clone(),
                };
                let private_below = |m: &str| {
                    [base.join(format!("{m}.rs")), base.join(m).join("mod.rs")]
                        .iter()
                        .filter_map(|f| text_of(f))
                        .flat_map(|t| modules(&t).1)
                        .collect::<Vec<_>>()
                };
                for statement in pub_uses(&text) {
                    if let Some(why) =
                        second_path(&statement, &here_public, &root_public, &private_below)
                    {
                        let rel = path.strip_prefix(&root).unwrap_or(&path);
                        problems.push(format!("{}: pub use {statement}: {why}", rel.display()));
                    }
                }
            }
        }
    }
    assert!(checked >= 6, "found only {checked} engine crates");
    assert!(
        problems.is_empty(),
        "names with two paths (choose: a public module, or its items at the root):\n{}",
        problems.join("\n")
    );
}
