//! What the command-line tools (`perft`, `inspect`, `random_games`)
//! share: the argument convention and progress reports ([`cli`]) and the
//! standard positions ([`positions`]).

pub mod cli;

/// The standard positions and game positions with their perft counts, the
/// same file the library's benches, tests and fuzz targets read.
#[path = "../../benches/positions.rs"]
pub mod positions;
