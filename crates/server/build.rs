//! Builds the browser module the server hands to pages: `crates/wasm`
//! compiled for `wasm32-unknown-unknown` (profile `wasm`, in its own
//! target directory beside this build's), its JavaScript bindings made by
//! wasm-bindgen's generator (the library of the same version as the
//! module's `wasm-bindgen`), and a gzipped copy of each file. The server
//! embeds them (see `src/wasm.rs`).
//!
//! Without the wasm target (`rust-toolchain.toml` names it, so rustup
//! installs it with the toolchain; else `rustup target add
//! wasm32-unknown-unknown`), or with `TABULA_NO_WASM=1`, the server builds
//! without a module and says why: its pages then play free games on the
//! server. The build runs again once the target appears.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

/// The files written into `OUT_DIR`, empty when there is no module.
const FILES: [&str; 2] = ["tabula_wasm.js", "tabula_wasm_bg.wasm"];

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let root = manifest
        .ancestors()
        .nth(2)
        .expect("the server crate sits two folders below the workspace")
        .to_path_buf();
    asset_list(&manifest, &out);
    migration_list(&manifest, &out);
    watch(&root);
    watch_target();
    println!("cargo:rerun-if-env-changed=TABULA_NO_WASM");
    let status = if env::var_os("TABULA_NO_WASM").is_some_and(|v| !v.is_empty() && v != "0") {
        Err("TABULA_NO_WASM is set".to_string())
    } else {
        build(&root, &out)
    };
    let status = match status {
        Ok(()) => "built".to_string(),
        Err(why) => {
            println!(
                "cargo:warning=the browser module was not built ({}); free play runs on the server",
                why.lines().next().unwrap_or("no reason given")
            );
            for f in FILES {
                write(&out.join(f), b"");
                write(&out.join(format!("{f}.gz")), b"");
            }
            why
        }
    };
    write(&out.join("wasm-status.txt"), status.as_bytes());
}

/// Reruns when the module's sources change: the crates it is built from.
fn watch(root: &Path) {
    for path in [
        "Cargo.toml",
        "Cargo.lock",
        "crates/search",
        "crates/contract",
        "crates/cards",
        "crates/registry",
        "crates/wasm",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(path).display());
    }
    if let Ok(games) = fs::read_dir(root.join("crates/games")) {
        for game in games.flatten() {
            for part in ["src", "Cargo.toml"] {
                println!("cargo:rerun-if-changed={}", game.path().join(part).display());
            }
        }
    }
}

/// Reruns when the toolchain's WebAssembly target appears (or goes): its
/// folder in the sysroot. While it is missing, cargo finds the watched
/// path changed at every build, so the module is tried again as soon as
/// `rustup target add wasm32-unknown-unknown` has run.
fn watch_target() {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let sysroot = Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if let Some(sysroot) = sysroot {
        let target = Path::new(&sysroot).join("lib/rustlib/wasm32-unknown-unknown");
        println!("cargo:rerun-if-changed={}", target.display());
    }
}

/// The database's migrations, every `migrations/*.sql` sorted by name, as
/// `OUT_DIR/migrations.rs`: a list of (file name, `include_str!`). The
/// server builds its migrator from it (`src/migrations.rs`), as sqlx's
/// `migrate!` macro would, without the macro's build of sqlx for the host.
fn migration_list(manifest: &Path, out: &Path) {
    let dir = manifest.join("migrations");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("crates/server/migrations")
        .map(|e| e.expect("a migration").path())
        .filter(|p| p.extension().is_some_and(|e| e == "sql"))
        .collect();
    files.sort();
    let list = include_list(files.iter().map(|file| {
        let name = file.file_name().expect("a file name").to_string_lossy();
        (format!("{name:?}"), file.as_path())
    }));
    write(&out.join("migrations.rs"), list.as_bytes());
}

/// A Rust slice expression of tuples, one per `(fields, file)`: the
/// fields as written (already Rust literals), then `include_str!` of the
/// file, so that the binary embeds it and cargo rebuilds when it changes.
fn include_list<'a>(entries: impl Iterator<Item = (String, &'a Path)>) -> String {
    let mut list = String::from("&[\n");
    for (fields, file) in entries {
        list.push_str(&format!(
            "    ({fields}, include_str!({:?})),\n",
            file.display().to_string()
        ));
    }
    list.push(']');
    list
}

/// The pages' static files, `assets/app.css` and every script and style
/// sheet under `assets/js` (renderers and their style sheets included), as
/// `OUT_DIR/assets.rs`: a list of (path, content type, `include_str!`),
/// sorted by path. A game's renderer is served once its file exists: no
/// list is kept by hand.
fn asset_list(manifest: &Path, out: &Path) {
    let assets = manifest.join("assets");
    println!("cargo:rerun-if-changed={}", assets.display());
    let mut files = vec![assets.join("app.css")];
    scripts(&assets.join("js"), &mut files);
    files.sort();
    let list = include_list(files.iter().map(|file| {
        let path = file
            .strip_prefix(&assets)
            .expect("under assets")
            .to_string_lossy()
            .replace('\\', "/");
        let kind = if path.ends_with(".css") {
            "text/css; charset=utf-8"
        } else {
            "text/javascript; charset=utf-8"
        };
        (format!("{path:?}, {kind:?}"), file.as_path())
    }));
    write(&out.join("assets.rs"), list.as_bytes());
}

fn scripts(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            scripts(&path, out);
        } else if path.extension().is_some_and(|e| e == "js" || e == "css") {
            out.push(path);
        }
    }
}

fn write(path: &Path, bytes: &[u8]) {
    fs::write(path, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

/// `wasm-module` beside this build's profile folders, so that every
/// profile of the server shares one build of the module.
fn module_target_dir(out: &Path) -> PathBuf {
    // OUT_DIR is <target>/<profile>/build/<package>-<hash>/out.
    out.ancestors()
        .nth(4)
        .expect("OUT_DIR is five folders deep")
        .join("wasm-module")
}

fn build(root: &Path, out: &Path) -> Result<(), String> {
    let target_dir = module_target_dir(out);
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root)
        .args([
            "build",
            "--profile",
            "wasm",
            "--target",
            "wasm32-unknown-unknown",
            "-p",
            "tabula-wasm",
        ])
        .arg("--target-dir")
        .arg(&target_dir);
    // The outer build's flags and wrappers are for the host (clippy's
    // driver among them when it runs under `cargo clippy`), not the module.
    for var in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTC_WORKSPACE_WRAPPER",
        "CLIPPY_ARGS",
        "CARGO_BUILD_TARGET",
        "CARGO_TARGET_DIR",
        "CARGO_PRIMARY_PACKAGE",
    ] {
        cmd.env_remove(var);
    }
    let output = cmd.output().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let missing = stderr.contains("wasm32-unknown-unknown") && stderr.contains("target may not be installed");
        return Err(if missing {
            "the wasm32-unknown-unknown target is not installed: rustup target add wasm32-unknown-unknown".into()
        } else {
            let tail: Vec<&str> = stderr.lines().rev().take(20).collect();
            format!(
                "cargo build of tabula-wasm failed:\n{}",
                tail.into_iter().rev().collect::<Vec<_>>().join("\n")
            )
        });
    }
    let wasm = target_dir.join("wasm32-unknown-unknown/wasm/tabula_wasm.wasm");
    let mut bindgen = wasm_bindgen_cli_support::Bindgen::new();
    bindgen
        .input_path(&wasm)
        .web(true)
        .map_err(|e| e.to_string())?
        .typescript(false)
        .generate(out)
        .map_err(|e| format!("wasm-bindgen: {e}"))?;
    for f in FILES {
        let bytes = fs::read(out.join(f)).map_err(|e| format!("{f}: {e}"))?;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&bytes).map_err(|e| e.to_string())?;
        write(&out.join(format!("{f}.gz")), &gz.finish().map_err(|e| e.to_string())?);
    }
    Ok(())
}
