//! The integration tests, one module per file of `tests/`, built as one
//! test binary: 39 binaries each linked the library and compiled its
//! generic code again, which was most of `cargo test`'s build time. A
//! file's tests run by its name, `cargo test --test integration pgn::`.
//! (`tests/serde.rs` is its own target: it needs the `serde` feature.)

// Shared by the modules below: helpers, and the slow independent generator.
mod common;
mod oracle;

mod bad_fens;
mod castling_mode;
mod chess960;
mod classic_positions;
mod debug_checks;
mod differential;
mod epd;
mod fen;
mod game_records;
mod gen_kinds;
mod gives_check;
mod impossible_checks;
mod keys;
mod layers;
mod legality;
mod long_moves;
mod make_unmake;
mod notation;
mod packed;
mod perft_stats;
mod perft_suites;
mod pgn;
mod pgn_deep;
mod pgn_fast_path;
mod pgn_fixtures;
#[cfg(feature = "std")]
mod pgn_limits;
mod pgn_write;
mod polyglot;
mod regressions;
mod round_trips;
mod rules;
mod scored;
mod search_helpers;
mod see;
mod see_reference;
mod setup;
mod text;
mod threats;
mod transforms;
mod uci_engine;
mod upcoming_repetition;
