//! Repository-wide tidiness checks: every tracked text file cites the papers
//! by author and year (docs/REFERENCES.md), never by the file names of a
//! local copy, a path outside the repository or a section of a private
//! specification; the workspace's `rust-version` is no older than any
//! locked dependency's; the docs' `html_root_url`s match the packages.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (this package lives in `xtask/`).
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask has a parent directory")
        .to_path_buf()
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
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(&root)
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
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
