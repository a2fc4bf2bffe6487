//! The repository's own rules, checked on its sources:
//!
//! - crates depend only on the layers below them (docs/design.md: the
//!   contract and the search library, the card engine, the games, the
//!   registry, the front ends, the apps), games never on each other, front
//!   ends never on each other;
//! - no two files of a crate import each other, directly or around a
//!   cycle (the crate root, an index of re-exports, is left out);
//! - no source file is over 600 lines without a reason written at its top
//!   (a line containing `Long file:`);
//! - code and docs cite nothing outside the repository: every `*.md` they
//!   name is a file of the repository, and no `§` points into a document
//!   a reader does not have;
//! - nothing uses `DefaultHasher`, whose output is not stable;
//! - a crate's integration tests are one binary (`tests/main.rs`, whose
//!   modules are the files beside it: each binary is a link, and CI links
//!   each once), and no test file is left out of every binary;
//! - the front ends never name a game: no registered game's name in their
//!   code, their pages (the per-game renderers under
//!   `crates/server/assets/js/render/` apart), or their dependencies, docs
//!   and examples apart (what a game offers beyond play they reach through
//!   its capabilities).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Every file under `dir` with one of `exts`, `target` folders skipped.
fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            if name != "target" && !name.starts_with('.') && name != "node_modules" {
                files(&p, exts, out);
            }
        } else if exts.iter().any(|x| name.ends_with(x)) {
            out.push(p);
        }
    }
}

/// The crates of the workspace: folder → package name.
fn crates() -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut manifests = Vec::new();
    files(&root().join("crates"), &["Cargo.toml"], &mut manifests);
    files(&root().join("apps"), &["Cargo.toml"], &mut manifests);
    for m in manifests {
        let text = fs::read_to_string(&m).unwrap();
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .map(|n| n.trim_end_matches('"').to_string())
            .unwrap();
        out.insert(m.parent().unwrap().to_path_buf(), name);
    }
    out
}

/// The layer of a crate, and whether it is a game or a front end.
fn layer(name: &str) -> (u8, &'static str) {
    match name {
        "tabula-search" | "tabula-contract" => (1, "contract"),
        "tabula-conformance" => (1, "test support"),
        "tabula-cards" => (2, "card engine"),
        "tabula-registry" => (4, "registry"),
        "tabula-platform" | "tabula-server" | "tabula-wasm" => (5, "front end"),
        "tabula" => (6, "app"),
        _ => (3, "game"),
    }
}

/// The `tabula-*` crates of a manifest's `[dependencies]` table.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let l = line.trim();
        if l.starts_with('[') {
            inside = l == "[dependencies]";
            continue;
        }
        if inside
            && let Some(name) = l.split(['=', '.', ' ']).next()
            && name.starts_with("tabula")
        {
            out.push(name.to_string());
        }
    }
    out
}

#[test]
fn crates_use_only_the_layers_below() {
    let mut problems = Vec::new();
    for (dir, name) in crates() {
        let (mine, kind) = layer(&name);
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        for dep in dependencies(&manifest) {
            let (theirs, their_kind) = layer(&dep);
            let same_kind_forbidden = mine == theirs && (kind == "game" || kind == "front end");
            if theirs > mine || same_kind_forbidden || (theirs == mine && mine != 1) {
                problems.push(format!(
                    "{name} ({kind}, layer {mine}) uses {dep} ({their_kind}, layer {theirs})"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Lines of code: comments dropped (doc comments too), strings kept.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim).filter(|l| !l.starts_with("//"))
}

/// Where a path a file names starts from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum From {
    /// `crate::…`
    Root,
    /// `super::…`
    Parent,
    /// `child::…`, a submodule the file declares.
    Here,
}

/// The module paths a file names: `crate::a::b`, `super::x`, its own
/// submodules `child::y`, and the items of grouped imports
/// `crate::{a, b::c}`.
fn references(text: &str) -> Vec<(From, Vec<String>)> {
    let children: Vec<String> = code_lines(text)
        .filter_map(|l| {
            let l = l.strip_prefix("pub ").unwrap_or(l);
            let l = l.strip_prefix("pub(crate) ").unwrap_or(l);
            l.strip_prefix("mod ")?.strip_suffix(';').map(str::to_string)
        })
        .collect();
    let mut prefixes: Vec<(String, From)> = vec![("crate::".into(), From::Root), ("super::".into(), From::Parent)];
    prefixes.extend(children.iter().map(|c| (format!("{c}::"), From::Here)));
    let mut out = Vec::new();
    for line in code_lines(text) {
        for (prefix, from) in &prefixes {
            let (prefix, from) = (prefix.as_str(), *from);
            let mut rest = line;
            while let Some(i) = rest.find(prefix) {
                let before = rest[..i].chars().last();
                rest = &rest[i + prefix.len()..];
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let head: Vec<String> = if from == From::Here {
                    vec![prefix.trim_end_matches("::").to_string()]
                } else {
                    Vec::new()
                };
                if let Some(group) = rest.strip_prefix('{') {
                    let end = group.find('}').unwrap_or(group.len());
                    for item in group[..end].split(',') {
                        let mut path = head.clone();
                        path.extend(item.trim().split("::").map(|s| s.trim().to_string()));
                        if !path[0].is_empty() {
                            out.push((from, path));
                        }
                    }
                } else {
                    let path: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                        .collect();
                    let mut full = head.clone();
                    full.extend(path.split("::").filter(|s| !s.is_empty()).map(String::from));
                    if !full.is_empty() {
                        out.push((from, full));
                    }
                }
            }
        }
    }
    out
}

/// The module path of a source file (`a::b` for `src/a/b.rs` or
/// `src/a/b/mod.rs`; empty for the crate root).
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().to_string()).collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// Strongly connected components of more than one file.
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Kosaraju: order by finish time, then walk the reversed graph.
    fn visit(n: &str, g: &BTreeMap<String, BTreeSet<String>>, seen: &mut BTreeSet<String>, order: &mut Vec<String>) {
        if !seen.insert(n.to_string()) {
            return;
        }
        for m in g.get(n).into_iter().flatten() {
            visit(m, g, seen, order);
        }
        order.push(n.to_string());
    }
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for n in edges.keys() {
        visit(n, edges, &mut seen, &mut order);
    }
    let mut reversed: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (a, bs) in edges {
        for b in bs {
            reversed.entry(b.clone()).or_default().insert(a.clone());
        }
    }
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in order.iter().rev() {
        let mut component = Vec::new();
        visit(n, &reversed, &mut done, &mut component);
        if component.len() > 1 {
            component.sort();
            out.push(component);
        }
    }
    out
}

#[test]
fn no_two_files_of_a_crate_import_each_other() {
    let mut problems = Vec::new();
    for (dir, name) in crates() {
        let src = dir.join("src");
        let mut sources = Vec::new();
        files(&src, &[".rs"], &mut sources);
        let modules: BTreeMap<Vec<String>, PathBuf> =
            sources.iter().map(|f| (module_path(&src, f), f.clone())).collect();
        let key = |m: &[String]| {
            if m.is_empty() {
                "(root)".to_string()
            } else {
                m.join("::")
            }
        };
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (me, file) in &modules {
            let text = fs::read_to_string(file).unwrap();
            for (from, path) in references(&text) {
                let mut full: Vec<String> = match from {
                    From::Root => Vec::new(),
                    From::Parent => me[..me.len().saturating_sub(1)].to_vec(),
                    From::Here => me.clone(),
                };
                full.extend(path);
                // The longest prefix that is a file of the crate.
                let target = (0..=full.len())
                    .rev()
                    .map(|k| full[..k].to_vec())
                    .find(|p| modules.contains_key(p))
                    .unwrap_or_default();
                if target != *me && !target.is_empty() && !me.is_empty() {
                    edges.entry(key(me)).or_default().insert(key(&target));
                }
            }
        }
        for c in cycles(&edges) {
            problems.push(format!("{name}: {}", c.join(" <-> ")));
        }
    }
    assert!(problems.is_empty(), "import cycles: {problems:#?}");
}

#[test]
fn no_long_file_without_a_reason() {
    let mut sources = Vec::new();
    files(&root().join("crates"), &[".rs", ".js"], &mut sources);
    files(&root().join("apps"), &[".rs", ".js"], &mut sources);
    let mut problems = Vec::new();
    for f in sources {
        let text = fs::read_to_string(&f).unwrap();
        let lines = text.lines().count();
        if lines > 600 && !text.lines().take(12).any(|l| l.contains("Long file:")) {
            problems.push(format!(
                "{} has {lines} lines",
                f.strip_prefix(root()).unwrap().display()
            ));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn code_and_docs_cite_only_the_repository() {
    let root = root();
    let mut sources = Vec::new();
    files(&root.join("crates"), &[".rs", ".js", ".md", ".toml"], &mut sources);
    files(&root.join("apps"), &[".rs", ".js", ".md", ".toml"], &mut sources);
    files(&root.join("docs"), &[".md"], &mut sources);
    sources.push(root.join("README.md"));
    let mut problems = Vec::new();
    for f in sources {
        let text = fs::read_to_string(&f).unwrap();
        let shown = f.strip_prefix(&root).unwrap().display().to_string();
        if shown.ends_with("repository.rs") {
            continue;
        }
        if text.contains('§') {
            problems.push(format!("{shown} cites a section (§) of a document"));
        }
        for word in text.split(|c: char| !(c.is_alphanumeric() || "._-/".contains(c))) {
            let Some(stem) = word.strip_suffix(".md") else { continue };
            if stem.is_empty() {
                continue;
            }
            let named = format!("{stem}.md");
            let exists = [
                root.join(&named),
                root.join("docs").join(&named),
                f.parent().unwrap().join(&named),
            ]
            .iter()
            .any(|p| p.is_file());
            if !exists {
                problems.push(format!("{shown} names {named}, which is not in the repository"));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn nothing_hashes_with_the_unstable_default_hasher() {
    let mut sources = Vec::new();
    files(&root().join("crates"), &[".rs"], &mut sources);
    files(&root().join("apps"), &[".rs"], &mut sources);
    let hits: Vec<String> = sources
        .iter()
        .filter(|f| !f.ends_with("repository.rs"))
        .filter(|f| code_lines(&fs::read_to_string(f).unwrap()).any(|l| l.contains("DefaultHasher")))
        .map(|f| f.display().to_string())
        .collect();
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn each_crate_has_one_test_binary_that_holds_every_test_file() {
    let mut problems = Vec::new();
    for (dir, name) in crates() {
        let Ok(entries) = fs::read_dir(dir.join("tests")) else {
            continue;
        };
        let files: BTreeSet<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|f| f.ends_with(".rs"))
            .collect();
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        // The binaries Cargo.toml declares, by path.
        let declared: BTreeSet<String> = manifest
            .lines()
            .filter_map(|l| l.strip_prefix("path = \"tests/"))
            .map(|p| p.trim_end_matches('"').to_string())
            .collect();
        if !manifest.contains("autotests = false") {
            if files.len() > 1 {
                problems.push(format!("{name}: {} test binaries; make one tests/main.rs", files.len()));
            }
            continue;
        }
        let main = fs::read_to_string(dir.join("tests/main.rs")).unwrap_or_default();
        let modules: BTreeSet<String> = main
            .lines()
            .filter_map(|l| l.strip_prefix("mod "))
            .map(|m| format!("{}.rs", m.trim_end_matches(';')))
            .collect();
        for f in &files {
            if f != "main.rs" && !modules.contains(f) && !declared.contains(f) {
                problems.push(format!(
                    "{name}: tests/{f} is in no test binary (add `mod` for it to tests/main.rs)"
                ));
            }
        }
        // A binary beyond tests/main.rs says why it needs a process of
        // its own (process-wide state: an allocator, installed tables).
        let lines: Vec<&str> = manifest.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            let own = l.strip_prefix("path = \"tests/").is_some_and(|p| p != "main.rs\"");
            if own && !(i >= 3 && lines[i - 3].starts_with("# Its own binary:")) {
                problems.push(format!(
                    "{name}: a second test binary without `# Its own binary:` above it"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Where the front ends' code lives: folders scanned whole, and folders
/// left out (the renderers are per game by design).
const FRONT_ENDS: [&str; 5] = [
    "apps/tabula/src",
    "crates/platform/src",
    "crates/server/src",
    "crates/wasm/src",
    "crates/server/assets",
];
const PER_GAME: &str = "crates/server/assets/js/render";

/// The text of a source file without its comments (docs, doc examples):
/// `//` to the end of a line (not `://`, a URL's), `/* … */` and
/// `<!-- … -->`.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let block = [("/*", "*/"), ("<!--", "-->")]
            .iter()
            .filter_map(|(open, close)| rest.find(open).map(|i| (i, *open, *close)))
            .min_by_key(|(i, _, _)| *i);
        let line = rest
            .match_indices("//")
            .map(|(i, _)| i)
            .find(|&i| i == 0 || rest.as_bytes()[i - 1] != b':');
        match (block, line) {
            (Some((b, open, close)), l) if l.is_none_or(|l| b < l) => {
                out.push_str(&rest[..b]);
                let after = &rest[b + open.len()..];
                rest = after.find(close).map_or("", |e| &after[e + close.len()..]);
            }
            (_, Some(l)) => {
                out.push_str(&rest[..l]);
                rest = rest[l..].find('\n').map_or("", |e| &rest[l + e..]);
            }
            _ => {
                out.push_str(rest);
                rest = "";
            }
        }
    }
    out
}

/// The lines of `text` that name one of `names`: the name whole, in any
/// case, between characters that are not letters or digits (so
/// `tabula_nim`, `'nim'` and `hc-nim` name it, `nimble` does not).
fn naming(text: &str, names: &[&str]) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut out = Vec::new();
    for line in lower.lines() {
        for name in names {
            let whole = line.match_indices(name).any(|(i, _)| {
                let before = line[..i].chars().last();
                let after = line[i + name.len()..].chars().next();
                !before.is_some_and(|c| c.is_ascii_alphanumeric()) && !after.is_some_and(|c| c.is_ascii_alphanumeric())
            });
            if whole {
                out.push(format!("{name}: {}", line.trim()));
            }
        }
    }
    out
}

/// The `[dependencies]` and `[build-dependencies]` lines of a manifest.
fn dependency_lines(manifest: &str) -> String {
    let mut inside = false;
    let mut out = String::new();
    for line in manifest.lines() {
        let l = line.trim();
        if l.starts_with('[') {
            inside = l == "[dependencies]" || l == "[build-dependencies]";
        } else if inside && !l.starts_with('#') {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

#[test]
fn the_checks_for_game_names_find_names_in_code_only() {
    let names = ["nim", "hearts"];
    let code = "let x = \"nim\"; // nim in a comment\n/* hearts */ use tabula_nim::Nim;\n<!-- nim -->\nconst url = 'http://x/nimble'; // nim\n.hc-hearts { }";
    let hits = naming(&without_comments(code), &names);
    assert_eq!(
        hits,
        [
            "nim: let x = \"nim\";",
            "nim: use tabula_nim::nim;",
            "hearts: .hc-hearts { }"
        ],
        "{hits:#?}"
    );
    assert!(naming("NimbleHearts heartsick", &names).is_empty());
    let manifest = "[dependencies]\ntabula-nim.workspace = true\n[dev-dependencies]\ntabula-hearts.workspace = true\n";
    assert_eq!(
        naming(&dependency_lines(manifest), &names),
        ["nim: tabula-nim.workspace = true"]
    );
}

#[test]
fn front_ends_never_name_a_game() {
    let root = root();
    let names = tabula_registry::names();
    let mut sources = Vec::new();
    for dir in FRONT_ENDS {
        files(&root.join(dir), &[".rs", ".js", ".css", ".html"], &mut sources);
    }
    let mut problems = Vec::new();
    for f in sources.iter().filter(|f| !f.starts_with(root.join(PER_GAME))) {
        let shown = f.strip_prefix(&root).unwrap().display().to_string();
        let text = without_comments(&fs::read_to_string(f).unwrap());
        problems.extend(naming(&text, &names).into_iter().map(|hit| format!("{shown}: {hit}")));
    }
    for dir in ["apps/tabula", "crates/platform", "crates/server", "crates/wasm"] {
        let manifest = fs::read_to_string(root.join(dir).join("Cargo.toml")).unwrap();
        let deps = dependency_lines(&manifest);
        problems.extend(
            naming(&deps, &names)
                .into_iter()
                .map(|hit| format!("{dir}/Cargo.toml: {hit}")),
        );
        for dep in dependencies(&manifest) {
            if layer(&dep).1 == "game" {
                problems.push(format!("{dir}/Cargo.toml depends on the game crate {dep}"));
            }
        }
    }
    assert!(problems.is_empty(), "front ends name games: {problems:#?}");
}
