//! Every integration test of the crate, as one binary: each test binary
//! is a link of everything it uses, and CI links each once. The files
//! beside this one are its modules; `common` holds what they share.

#[macro_use]
mod common;
mod abalone;
mod api;
mod archive;
mod browser;
mod browser_abalone;
mod browser_canasta;
mod browser_doudizhu;
mod browser_durak;
mod browser_every_game;
mod browser_ginrummy;
mod browser_guandan;
mod browser_help;
mod browser_indianrummy;
mod browser_local;
mod browser_offline;
mod browser_pages;
mod browser_pinochle;
mod browser_tables;
mod daily;
mod database_urls;
mod hardening;
mod login_next_browser;
mod review;
#[path = "common/table_page.rs"]
mod table_page;
mod tables;
#[path = "common/browser.rs"]
mod web;
