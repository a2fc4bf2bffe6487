//! The HTML pages: one layout around a fragment per page, plus the
//! stylesheet and scripts, all embedded in the binary. Every page makes
//! sure the browser has a session cookie, so its first POST has a CSRF
//! token to send.

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;

use crate::AppState;
use crate::auth::ensure_session;

const LAYOUT: &str = include_str!("../assets/layout.html");

/// A page: its name (fragment and script), its title, its fragment.
struct Page {
    name: &'static str,
    title: &'static str,
    body: &'static str,
}

macro_rules! page {
    ($name:literal, $title:literal) => {
        Page {
            name: $name,
            title: $title,
            body: include_str!(concat!("../assets/pages/", $name, ".html")),
        }
    };
}

const PAGES: &[Page] = &[
    page!("home", "Home"),
    page!("daily", "Daily grid"),
    page!("play", "Free play"),
    page!("leaderboard", "Leaderboard"),
    page!("stats", "Statistics"),
    page!("account", "Account"),
    page!("login", "Log in"),
    page!("register", "Register"),
    page!("review", "Review"),
    page!("lab", "Tic-tac-toe lab"),
    page!("table", "Game"),
    page!("new", "New game"),
    page!("tables", "Endgame tables"),
    page!("history", "Your games"),
];

/// Static files: path, content type, content; every script under
/// `assets/js` and the style sheet, listed by the build script.
const ASSETS: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The pages' routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(|s, h| page(s, h, "home")))
        .route("/daily", get(|s, h| page(s, h, "daily")))
        .route("/daily/{date}", get(|s, h| page(s, h, "daily")))
        .route("/play", get(|s, h| page(s, h, "play")))
        .route("/games/{id}", get(old_game_address))
        .route("/leaderboard", get(|s, h| page(s, h, "leaderboard")))
        .route("/stats", get(|s, h| page(s, h, "stats")))
        .route("/account", get(|s, h| page(s, h, "account")))
        .route("/history", get(|s, h| page(s, h, "history")))
        .route("/login", get(|s, h, u| auth_page(s, h, u, "login")))
        .route("/register", get(|s, h, u| auth_page(s, h, u, "register")))
        .route("/review/{id}", get(|s, h| page(s, h, "review")))
        .route("/lab", get(|s, h| page(s, h, "lab")))
        .route("/table/{id}", get(|s, h| page(s, h, "table")))
        .route("/local/{key}", get(|s, h| page(s, h, "table")))
        .route("/new", get(|s, h| page(s, h, "new")))
        .route("/new/{game}", get(|s, h| page(s, h, "new")))
        .route("/tables/{game}", get(tables_page))
        .route("/rules/{game}", get(rules_page))
        .route("/assets/{*path}", get(asset))
        .route("/wasm/{name}", get(crate::wasm::file_route))
        .route("/sw.js", get(service_worker))
        .fallback(first_tables_address)
}

/// Every page filled into the layout once, at first use.
static RENDERED: std::sync::LazyLock<Vec<(&'static str, String)>> =
    std::sync::LazyLock::new(|| PAGES.iter().map(|p| (p.name, fill(p.title, p.name, p.body))).collect());

/// The layout around `body`, titled `title`, its script `page`'s.
fn fill(title: &str, page: &str, body: &str) -> String {
    static RENDERERS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| renderers().join(" "));
    LAYOUT
        .replace("{{title}}", title)
        .replace("{{page}}", page)
        .replace("{{renderers}}", &RENDERERS)
        .replace("{{body}}", body)
}

/// The games with a renderer (`js/render/{game}.js` among the assets):
/// the shell imports no other, so a game drawn by the shell's own list of
/// moves asks for no file it would be refused.
fn renderers() -> Vec<&'static str> {
    ASSETS
        .iter()
        .filter_map(|(path, _, _)| path.strip_prefix("js/render/")?.strip_suffix(".js"))
        .filter(|name| !name.contains('/'))
        .collect()
}

async fn page(state: State<AppState>, headers: HeaderMap, name: &'static str) -> Response {
    let html = RENDERED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, html)| html.as_str())
        .expect("every route names a page");
    respond(state, headers, html).await
}

/// The rules page's fragment: a game's rules for players, and its links.
const RULES_BODY: &str = include_str!("../assets/pages/rules.html");

/// Each game's rules page, filled in once at first use: its rules for
/// players ([`tabula_contract::GameModule::RULES`], CommonMark) as HTML in
/// the layout. The text is the game's own, compiled in: nobody's input.
static RULES: std::sync::LazyLock<Vec<(&'static str, String)>> = std::sync::LazyLock::new(|| {
    tabula_registry::games()
        .iter()
        .map(|entry| {
            let info = entry.info();
            let mut rules = String::new();
            pulldown_cmark::html::push_html(&mut rules, pulldown_cmark::Parser::new(entry.rules()));
            let body = RULES_BODY
                .replace("{{game}}", info.name)
                .replace("{{title}}", info.title)
                .replace("{{rules}}", &rules);
            (info.name, fill(&format!("Rules of {}", info.title), "rules", &body))
        })
        .collect()
});

/// `/rules/{game}`: a registered game's rules for players.
async fn rules_page(state: State<AppState>, headers: HeaderMap, Path(game): Path<String>) -> Response {
    match RULES.iter().find(|(name, _)| *name == game) {
        Some((_, html)) => respond(state, headers, html).await,
        None => not_found().await,
    }
}

/// A page's HTML, with a session cookie where the browser has none.
async fn respond(State(state): State<AppState>, headers: HeaderMap, html: &'static str) -> Response {
    let mut response = (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        html,
    )
        .into_response();
    // A page still renders if the database is down; its API calls then say so.
    if let Ok((_, Some(cookie))) = ensure_session(&state, &headers).await {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// `/tables/{game}`: the figures of a game's endgame tables, for a game
/// that offers them (its renderer draws them).
async fn tables_page(state: State<AppState>, headers: HeaderMap, Path(game): Path<String>) -> Response {
    match tabula_registry::capability(&game, "endgame tables", |c| c.tablebase) {
        Ok(_) => page(state, headers, "tables").await,
        Err(_) => not_found().await,
    }
}

/// `/{game}/tables`, the first address of a game's tables page, goes to
/// `/tables/{game}`; any other address is no page.
async fn first_tables_address(uri: Uri) -> Response {
    match uri.path().strip_prefix('/').and_then(crate::api::tables_path) {
        Some(game) if tabula_registry::capability(game, "endgame tables", |c| c.tablebase).is_ok() => {
            Redirect::permanent(&format!("/tables/{game}")).into_response()
        }
        _ => not_found().await,
    }
}

/// Whether a decoded `next=` is a path on this site, safe to go to after
/// logging in: one leading `/`, then neither `/` nor `\` (which browsers read
/// as the start of another host), and no backslash, control character or
/// space anywhere (browsers drop tabs and newlines from a URL, so `/\t/evil`
/// would go to `//evil`).
pub fn is_local_path(next: &str) -> bool {
    let mut chars = next.chars();
    chars.next() == Some('/')
        && !matches!(chars.next(), Some('/' | '\\'))
        && !next
            .chars()
            .any(|c| c == '\\' || c == '\u{feff}' || c.is_control() || c.is_whitespace())
}

/// The log-in and register pages. A `next=` that is not a path on this site
/// is replaced by `/` before the page loads (its script checks again).
async fn auth_page(state: State<AppState>, headers: HeaderMap, uri: Uri, name: &'static str) -> Response {
    let safe = match Query::<Vec<(String, String)>>::try_from_uri(&uri) {
        Ok(Query(pairs)) => pairs.iter().filter(|(k, _)| k == "next").all(|(_, v)| is_local_path(v)),
        Err(_) => false,
    };
    if safe {
        page(state, headers, name).await
    } else {
        Redirect::to(&format!("/{name}?next=%2F")).into_response()
    }
}

/// The address of a game of before: its page is the page shell now. Only
/// an id's characters are carried over, so the redirect stays on this site.
async fn old_game_address(Path(id): Path<String>) -> Response {
    if !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        Redirect::permanent(&format!("/table/{id}")).into_response()
    } else {
        not_found().await
    }
}

async fn asset(Path(path): Path<String>) -> Response {
    match ASSETS.iter().find(|(p, _, _)| *p == path) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// The service worker, filled in once: this build's addresses to keep for
/// offline free play, and a version that changes with any of them.
static SERVICE_WORKER: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    use sha2::{Digest, Sha256};
    let mut keep: Vec<String> = ["/", "/daily", "/new", "/play", "/local/", "/api/catalog"]
        .map(String::from)
        .to_vec();
    keep.extend(tabula_registry::names().iter().map(|n| format!("/new/{n}")));
    keep.extend(ASSETS.iter().map(|(path, _, _)| format!("/assets/{path}")));
    let module = crate::wasm::manifest();
    keep.push("/api/wasm".into());
    keep.extend(module.js.iter().chain(module.wasm.iter()).cloned());
    let mut hash = Sha256::new();
    for (path, _, body) in ASSETS {
        hash.update(path.as_bytes());
        hash.update(body.as_bytes());
    }
    for page in PAGES {
        hash.update(page.body.as_bytes());
    }
    hash.update(LAYOUT.as_bytes());
    hash.update(keep.join("\n").as_bytes());
    let version = crate::util::hex(&hash.finalize()[..8]);
    include_str!("../assets/sw.js")
        .replace("{{version}}", &version)
        .replace("{{precache}}", &serde_json::to_string(&keep).expect("paths serialise"))
});

/// `GET /sw.js`: the service worker, at the root so that it serves every page.
async fn service_worker() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        SERVICE_WORKER.as_str(),
    )
        .into_response()
}

async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        "<!doctype html><title>Not found · Tabula</title><p>No such page. <a href=\"/\">Home</a></p>",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::is_local_path;

    #[test]
    fn only_paths_on_this_site_are_followed() {
        for good in [
            "/",
            "/daily",
            "/games/abc?x=1#y",
            "/review/1",
            "/a/b/../c",
            "/%2F%2Fevil",
        ] {
            assert!(is_local_path(good), "{good:?}");
        }
        for bad in [
            "",
            "//evil.example/",
            "/\\evil.example/",
            "\\\\evil.example",
            "/\t/evil.example/",
            "/\n/evil.example/",
            "/\r//evil.example",
            "/ /evil.example",
            "/\u{a0}/evil.example",
            "/\u{2028}/evil.example",
            "/\u{feff}/evil.example",
            "/\u{0}/evil.example",
            "/x\\..\\..\\evil",
            "https://evil.example/",
            "http:/evil.example",
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            " /daily",
            "daily",
            "evil.example",
        ] {
            assert!(!is_local_path(bad), "{bad:?}");
        }
    }
}
