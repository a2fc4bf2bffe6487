//! The browser module (`crates/wasm`, built by this crate's build script):
//! every game and its computers in WebAssembly, for free play in the page
//! and its search worker. Each file is served under a name made of its
//! content's hash, cached for good by the browser and replaced when the
//! module changes; `GET /api/wasm` says what the current names are. The
//! data a game reads beside its rules (Abalone's endgame tables) is served
//! by key to the module, chunk by chunk: `GET /api/data/{game}/{key}`.

use std::sync::LazyLock;

use axum::Json;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sha2::{Digest, Sha256};

const JS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tabula_wasm.js"));
const JS_GZ: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tabula_wasm.js.gz"));
const WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tabula_wasm_bg.wasm"));
const WASM_GZ: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tabula_wasm_bg.wasm.gz"));
/// `built`, or why the module is missing.
const STATUS: &str = include_str!(concat!(env!("OUT_DIR"), "/wasm-status.txt"));

/// One served file of the module.
struct File {
    /// Its content-addressed name (`tabula-<hash>.wasm`).
    name: String,
    kind: &'static str,
    raw: &'static [u8],
    gzip: &'static [u8],
}

/// The module's files, named once at first use.
static FILES: LazyLock<Option<[File; 2]>> = LazyLock::new(|| {
    if STATUS != "built" || JS.is_empty() || WASM.is_empty() {
        return None;
    }
    let named = |ext: &str, raw: &'static [u8], gzip: &'static [u8], kind: &'static str| {
        let hash = Sha256::digest(raw);
        File {
            name: format!("tabula-{}.{ext}", crate::util::hex(&hash[..8])),
            kind,
            raw,
            gzip,
        }
    };
    Some([
        named("js", JS, JS_GZ, "text/javascript; charset=utf-8"),
        named("wasm", WASM, WASM_GZ, "application/wasm"),
    ])
});

/// What a page needs to load the module: its files' addresses and sizes,
/// or why there is none.
#[derive(Clone, Debug, Serialize)]
pub struct Manifest {
    /// Whether the module is here.
    pub available: bool,
    /// The bindings' address (an ES module).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub js: Option<String>,
    /// The module's address.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wasm: Option<String>,
    /// Bytes of the module, raw and gzipped, and of the bindings, raw and gzipped.
    pub bytes: Sizes,
    /// Why there is no module, when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
}

/// The module's sizes.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Sizes {
    /// The module, as built.
    pub wasm: usize,
    /// The module, gzipped.
    pub wasm_gzip: usize,
    /// The bindings.
    pub js: usize,
    /// The bindings, gzipped.
    pub js_gzip: usize,
}

/// The manifest of the module built into this server.
pub fn manifest() -> Manifest {
    let bytes = Sizes {
        wasm: WASM.len(),
        wasm_gzip: WASM_GZ.len(),
        js: JS.len(),
        js_gzip: JS_GZ.len(),
    };
    match FILES.as_ref() {
        Some([js, wasm]) => Manifest {
            available: true,
            js: Some(format!("/wasm/{}", js.name)),
            wasm: Some(format!("/wasm/{}", wasm.name)),
            bytes,
            missing: None,
        },
        None => Manifest {
            available: false,
            js: None,
            wasm: None,
            bytes,
            missing: Some(STATUS.lines().next().unwrap_or_default().to_string()),
        },
    }
}

/// `GET /api/wasm`.
pub async fn manifest_route() -> Response {
    ([(header::CACHE_CONTROL, "no-cache")], Json(manifest())).into_response()
}

/// The longest data key a request may name (`tb/4v3/9708` is 11 bytes).
const MAX_KEY_LEN: usize = 64;

/// `GET /api/data/{game}/{key}`: a piece of the data a game reads beside
/// its rules (see `GameModule::data_serve`), as bytes, gzipped for a
/// browser that takes it. A piece does not change while the server runs,
/// but a restart with other tables installed changes an index or a
/// manifest: so a browser revalidates each piece (`no-cache`) by its
/// content's tag (`ETag`), and a piece it holds already costs a 304.
pub async fn data_route(Path((game, key)): Path<(String, String)>, headers: HeaderMap) -> Response {
    let entry = match tabula_registry::find(&game) {
        Ok(entry) => entry,
        Err(e) => return crate::ApiError::not_found(e.to_string()).into_response(),
    };
    if key.len() > MAX_KEY_LEN {
        return crate::ApiError::not_found("no such data").into_response();
    }
    // Serving a manifest reads a whole table once: off the request threads.
    let served = tokio::task::spawn_blocking(move || entry.data_serve(&key)).await;
    let Ok(Some(bytes)) = served else {
        return crate::ApiError::not_found(format!("{game} has no such data here")).into_response();
    };
    let tag = format!("\"{}\"", &crate::util::hex(&Sha256::digest(&bytes))[..32]);
    let tagged = |mut response: Response| {
        if let Ok(v) = HeaderValue::from_str(&tag) {
            response.headers_mut().insert(header::ETAG, v);
        }
        response
    };
    let held = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim().trim_start_matches("W/") == tag));
    if held {
        return tagged(StatusCode::NOT_MODIFIED.into_response());
    }
    const REVALIDATE: &str = "no-cache";
    if !accepts_gzip(&headers) {
        return tagged(bytes_response("application/octet-stream", REVALIDATE, bytes, false));
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    tagged(
        match std::io::Write::write_all(&mut gz, &bytes).and_then(|()| gz.finish()) {
            Ok(zipped) => bytes_response("application/octet-stream", REVALIDATE, zipped, true),
            Err(_) => bytes_response("application/octet-stream", REVALIDATE, bytes, false),
        },
    )
}

/// Bytes with their type and caching, gzipped or not (`Vary` says so).
fn bytes_response(kind: &'static str, cache: &'static str, body: impl Into<axum::body::Body>, gzip: bool) -> Response {
    let mut response = (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
            (header::VARY, HeaderValue::from_static("accept-encoding")),
        ],
        body.into(),
    )
        .into_response();
    if gzip {
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    response
}

/// Whether the request's `Accept-Encoding` takes gzip: its codings read
/// case-blind with their weights (`gzip;q=0` refuses it, `*` stands for
/// any coding not named), as RFC 9110 has them.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let (mut gzip, mut any) = (None, None);
    for item in value.split(',') {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let weight = parts
            .find_map(|p| {
                let p = p.trim();
                (p.len() > 2 && p[..2].eq_ignore_ascii_case("q=")).then(|| p[2..].trim().parse::<f32>().unwrap_or(0.0))
            })
            .unwrap_or(1.0);
        match coding.as_str() {
            "gzip" | "x-gzip" => gzip = Some(weight),
            "*" => any = Some(weight),
            _ => {}
        }
    }
    gzip.or(any).is_some_and(|w| w > 0.0)
}

/// `GET /wasm/{name}`: a file of the module by its content-addressed name,
/// gzipped for a browser that takes it, cached for good.
pub async fn file_route(Path(name): Path<String>, headers: HeaderMap) -> Response {
    let Some(file) = FILES.as_ref().and_then(|files| files.iter().find(|f| f.name == name)) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let gzip = accepts_gzip(&headers);
    bytes_response(
        file.kind,
        "public, max-age=31536000, immutable",
        if gzip { file.gzip } else { file.raw },
        gzip,
    )
}
