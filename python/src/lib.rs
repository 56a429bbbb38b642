//! The native part of the `chess_movegen` Python package: a python-chess
//! shaped `Board` and `Move` over the chess-movegen library, its PGN reader
//! and NumPy encodings of many positions at once.
//!
//! The Python package (`python/chess_movegen/`) re-exports everything here
//! and adds the pure-Python helpers (square names, conversions to and from
//! python-chess).

use pyo3::prelude::*;

mod args;
mod arrays;
mod arrow;
mod bitboards;
mod board;
mod edit;
mod epd_ops;
mod errors;
mod feed;
mod moves;
mod pgn;
mod pgn_tree;
mod polyglot;
mod shutdown;
mod syzygy;

/// The native module, `chess_movegen._chess_movegen`.
#[pymodule]
fn _chess_movegen(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::Piece>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::LegalMoveGenerator>()?;
    m.add_class::<pgn::PgnGame>()?;
    m.add_class::<pgn::GameReader>()?;
    m.add_class::<pgn::PgnReport>()?;
    m.add_class::<pgn_tree::PgnTree>()?;
    m.add_function(wrap_pyfunction!(pgn_tree::read_game_text, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_tree::cut_game, m)?)?;
    m.add_class::<polyglot::PolyglotBook>()?;
    m.add_function(wrap_pyfunction!(polyglot::polyglot_hash, m)?)?;
    m.add_class::<syzygy::SyzygyTablebase>()?;
    m.add("MissingTableError", m.py().get_type::<syzygy::MissingTableError>())?;
    m.add_class::<feed::PgnFeed>()?;
    m.add_function(wrap_pyfunction!(feed::pgn_feed, m)?)?;
    shutdown::register(m)?;
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(board::perft, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::validate_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::planes, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::bitboards, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::legal_move_masks, m)?)?;
    m.add_function(wrap_pyfunction!(arrays::legal_moves_many, m)?)?;
    arrow::register(m)?;
    bitboards::register(m)
}
