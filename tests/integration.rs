//! The integration tests, one module per file of `tests/`, built as one
//! test binary: 39 binaries each linked the library and compiled its
//! generic code again, which was most of `cargo test`'s build time. A
//! file's tests run by its name, `cargo test --test integration pgn::`.
//! (`tests/serde.rs` is its own target: it needs the `serde` feature.)

// Shared by the modules below: helpers, and the slow independent generator.
mod common;
mod oracle;

#[path = "bad_fens.rs"]
mod bad_fens;
#[path = "castling_mode.rs"]
mod castling_mode;
#[path = "chess960.rs"]
mod chess960;
#[path = "classic_positions.rs"]
mod classic_positions;
#[path = "debug_checks.rs"]
mod debug_checks;
#[path = "differential.rs"]
mod differential;
#[path = "epd.rs"]
mod epd;
#[path = "fen.rs"]
mod fen;
#[path = "game_records.rs"]
mod game_records;
#[path = "gen_kinds.rs"]
mod gen_kinds;
#[path = "gives_check.rs"]
mod gives_check;
#[path = "impossible_checks.rs"]
mod impossible_checks;
#[path = "keys.rs"]
mod keys;
#[path = "layers.rs"]
mod layers;
#[path = "legality.rs"]
mod legality;
#[path = "long_moves.rs"]
mod long_moves;
#[path = "make_unmake.rs"]
mod make_unmake;
#[path = "notation.rs"]
mod notation;
#[path = "packed.rs"]
mod packed;
#[path = "perft_stats.rs"]
mod perft_stats;
#[path = "perft_suites.rs"]
mod perft_suites;
#[path = "pgn.rs"]
mod pgn;
#[path = "pgn_deep.rs"]
mod pgn_deep;
#[path = "pgn_fast_path.rs"]
mod pgn_fast_path;
#[path = "pgn_fixtures.rs"]
mod pgn_fixtures;
#[path = "pgn_limits.rs"]
mod pgn_limits;
#[path = "pgn_write.rs"]
mod pgn_write;
#[path = "polyglot.rs"]
mod polyglot;
#[path = "regressions.rs"]
mod regressions;
#[path = "round_trips.rs"]
mod round_trips;
#[path = "rules.rs"]
mod rules;
#[path = "scored.rs"]
mod scored;
#[path = "search_helpers.rs"]
mod search_helpers;
#[path = "see.rs"]
mod see;
#[path = "see_reference.rs"]
mod see_reference;
#[path = "setup.rs"]
mod setup;
#[path = "text.rs"]
mod text;
#[path = "threats.rs"]
mod threats;
#[path = "transforms.rs"]
mod transforms;
#[path = "uci_engine.rs"]
mod uci_engine;
#[path = "upcoming_repetition.rs"]
mod upcoming_repetition;
