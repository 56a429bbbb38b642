//! Fast, correct chess move generation: magic-bitboard tables built at
//! compile time, pin- and check-aware legal move generation, make/unmake,
//! FEN, UCI and SAN, the rules that end a game, and perft.
//!
//! ```
//! use chess_movegen::{Game, Outcome, Position, Color};
//!
//! // Parse a FEN and list the legal moves.
//! let mut pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")?;
//! assert_eq!(pos.legal_moves().len(), 43);
//!
//! // Play a move and take it back.
//! let before = pos;
//! let mv = pos.parse_san("Qxf7#")?;
//! let undo = pos.make_move(mv);
//! assert_eq!(pos.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
//! pos.unmake_move(mv, undo);
//! assert_eq!(pos, before);
//!
//! // A game keeps the history: repetitions, undo, move text.
//! let mut game = Game::new();
//! game.push_line("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#")?;
//! assert_eq!(game.outcome().map(|o| o.result()), Some("1-0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Positions without FEN, transforms, text and iteration:
//!
//! ```
//! use chess_movegen::{perft, Color, Piece, Position, Role, Setup, Square};
//!
//! // Build a position square by square; validation reports every broken rule.
//! let mut setup = Setup::empty();
//! setup.put(Square::E1, Piece::new(Color::White, Role::King));
//! setup.put(Square::E8, Piece::new(Color::Black, Role::King));
//! setup.put(Square::A7, "P".parse()?);
//! let pos = Position::try_from(setup)?;
//! assert_eq!(pos.fen(), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
//!
//! // The same game seen from the other side.
//! let mirrored = pos.mirror();
//! assert_eq!(mirrored.fen(), "4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
//! assert_eq!(perft(&mirrored, 3), perft(&pos, 3));
//!
//! // Every value type reads back what it writes; positions iterate.
//! let square: Square = "a7".parse()?;
//! assert_eq!(pos.iter().find(|&(_, p)| p.role == Role::Pawn), Some((square, "P".parse()?)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Map of the crate
//!
//! - [`Position`]: the board and game state. Built with
//!   [`Position::startpos`], [`Position::from_fen`] (strict, also
//!   `str::parse`), [`Position::from_fen_lenient`], [`Position::from_fen_with`]
//!   (Chess960: X-FEN and Shredder-FEN), from a [`Setup`]
//!   ([`Position::try_from`], [`Position::from_setup_lenient`]) or
//!   [`Position::chess960`]; written with [`Position::fen`] and
//!   [`Position::shredder_fen`]; iterated with [`Position::iter`]. Errors:
//!   [`FenError`], [`PositionError`].
//! - [`Setup`]: a position as plain data, not necessarily legal, edited with
//!   [`put`](Setup::put), [`remove`](Setup::remove),
//!   [`clear`](Setup::clear) and setters; [`Setup::from_fen`] reads syntax only.
//! - Transforms: [`mirror`](Position::mirror),
//!   [`flip_vertical`](Position::flip_vertical),
//!   [`flip_horizontal`](Position::flip_horizontal),
//!   [`swap_colors`](Position::swap_colors) (and the same on [`Setup`]).
//! - Move generation: [`legal_moves`](Position::legal_moves),
//!   [`legal_moves_into`](Position::legal_moves_into) (fills a list you reuse),
//!   [`legal_move_count`](Position::legal_move_count) (no list built),
//!   [`legal_captures`](Position::legal_captures),
//!   [`legal_non_captures`](Position::legal_non_captures),
//!   [`legal_moves_from`](Position::legal_moves_from),
//!   [`legal_moves_to`](Position::legal_moves_to),
//!   [`legal_moves_masked`](Position::legal_moves_masked),
//!   [`pseudo_legal_moves`](Position::pseudo_legal_moves),
//!   [`is_legal`](Position::is_legal), [`is_pseudo_legal`](Position::is_pseudo_legal),
//!   [`illegal_reason`](Position::illegal_reason).
//! - For engines: [`gives_check`](Position::gives_check) (and
//!   [`check_info`](Position::check_info) with
//!   [`gives_check_with`](Position::gives_check_with)), static exchange
//!   evaluation [`see`](Position::see) / [`see_ge`](Position::see_ge),
//!   [`blockers_for_king`](Position::blockers_for_king),
//!   [`pinners`](Position::pinners),
//!   [`discovered_check_candidates`](Position::discovered_check_candidates),
//!   [`hash_after`](Position::hash_after),
//!   [`move_effects`](Position::move_effects) ([`MoveEffects`]), and
//!   generation by [`GenKind`] (noisy, quiet, evasions, non-evasions,
//!   quiet checks) with [`generate_into`](Position::generate_into) or,
//!   set by set with early exit, [`visit_moves`](Position::visit_moves)
//!   and a [`MoveVisitor`]; a [`ScoredMoveList`] for staged pickers;
//!   threat maps ([`attacks_by`](Position::attacks_by),
//!   [`threats`](Position::threats), [`Threats`]); keys of piece sets for
//!   pawn tables and correction histories
//!   ([`pawn_key`](Position::pawn_key),
//!   [`non_pawn_key`](Position::non_pawn_key),
//!   [`minor_key`](Position::minor_key),
//!   [`material_key`](Position::material_key),
//!   [`pawn_key_after`](Position::pawn_key_after)); repetitions a move
//!   away ([`Game::has_upcoming_repetition`], and [`KeyHistory`] for a
//!   search's own stack of keys).
//! - Playing moves: [`make_move`](Position::make_move) /
//!   [`unmake_move`](Position::unmake_move) with an [`Undo`] (fast, legal
//!   moves only), [`try_make_move`](Position::try_make_move) (checked),
//!   [`play`](Position::play) / [`try_play`](Position::try_play) (copy-make),
//!   null moves.
//! - Notation: [`uci`](Position::uci), [`parse_uci`](Position::parse_uci),
//!   [`san`](Position::san), [`parse_san`](Position::parse_san),
//!   [`lan`](Position::lan); a whole list's SANs:
//!   [`san_all`](Position::san_all), [`for_each_san`](Position::for_each_san);
//!   SANs as numbers ([`SanParts`], for callers keeping their own
//!   strings): [`san_parts`](Position::san_parts),
//!   [`for_each_legal_san_parts`](Position::for_each_legal_san_parts);
//!   errors: [`MoveError`], [`IllegalReason`].
//! - Checks and rules: [`is_check`](Position::is_check),
//!   [`checkers`](Position::checkers), [`pinned`](Position::pinned),
//!   [`attackers_to`](Position::attackers_to), [`is_checkmate`](Position::is_checkmate),
//!   [`is_stalemate`](Position::is_stalemate),
//!   [`is_insufficient_material`](Position::is_insufficient_material),
//!   [`has_insufficient_material`](Position::has_insufficient_material),
//!   [`is_fifty_move_rule`](Position::is_fifty_move_rule),
//!   [`outcome`](Position::outcome), touch-move:
//!   [`touch_move_obligations`](Position::touch_move_obligations).
//! - [`Game`]: history, [`push`](Game::push) / [`pop`](Game::pop),
//!   repetition, [`push_line`](Game::push_line) for move text, [`Outcome`];
//!   [`GameState`] (the rules that need the history: claims, repetition,
//!   the game's clock) and [`Repetitions`] for front ends with their own stack.
//! - [`pgn`]: PGN in and out: a streaming [`pgn::Reader`] with a
//!   [`pgn::Visitor`] and a tree ([`pgn::PgnGame`]), a writer,
//!   [`Game::from_pgn`] and [`Game::to_pgn`].
//! - [`epd`]: EPD records ([`epd::Epd`]): the position and its operations
//!   in order, typed accessors (`bm`, `am`, `pv`, `id`, `c0`–`c9`, `acd`,
//!   `acn`, `ce`, `dm`, `hmvc`, `fmvn`, perft counts `D1`…), a writer;
//!   errors ([`epd::EpdError`]) with field or opcode and byte offset.
//! - [`perft`], [`perft_divide`] and [`perft_stats`] (the standard breakdown
//!   by captures, checks, mates and so on).
//! - Value types: [`Square`], [`File`], [`Rank`], [`Color`], [`Role`],
//!   [`Piece`], [`Bitboard`], [`CastlingRights`], [`CastlingSide`],
//!   [`Move`], [`MoveKind`], [`MoveList`]. `FromStr` reads back what
//!   `Display` writes for each of them (and for [`CastlingMode`],
//!   [`Outcome`] and [`GameResult`], the PGN result); errors:
//!   [`ParseValueError`], [`ParseSquareError`].
//! - [`attacks`]: table lookups for every piece, and the `between` / `line` rays.
//! - [`PackedPosition`]: a position, score and result in 32 bytes
//!   (marlinformat's layout), for training data.
//! - Companions in the repository: `chess-movegen-syzygy` (Syzygy
//!   tablebase probing) and the Python package `chess_movegen`.
//! - [`polyglot`]: Polyglot opening books: [`Position::polyglot_key`], a
//!   [`Book`](polyglot::Book) read from a byte slice, move decoding.
//!
//! # Three ways to play a move
//!
//! | call | checks | on an illegal move |
//! | --- | --- | --- |
//! | [`Position::make_move`], [`Position::play`] | none in release builds; debug builds assert legality | release: the position's invariants break (never undefined behaviour); debug: panic |
//! | [`Position::try_make_move`], [`Position::try_play`], [`Game::push`] | full legality | [`MoveError::Illegal`] with the reason, state untouched |
//! | [`Position::parse_uci`], [`Position::parse_san`] | syntax and legality | [`MoveError`] |
//!
//! # Features
//!
//! - `std` (default): `std::error::Error` for the error types. Without it
//!   the crate is `no_std` and needs only `alloc` (for `String` and `Vec`
//!   results such as [`Position::fen`] and [`perft_divide`]); and
//!   `pgn::Reader::new`, which reads any `std::io::Read` (without `std`
//!   the PGN reader reads byte slices).
//! - `serde`: `Serialize` / `Deserialize` for the value types
//!   ([`Square`] as `"e4"`, [`Move`] as its 16 bits) and for [`Position`]
//!   as its FEN string (`chess960:` and the FEN in Chess960 mode, so the
//!   castling mode survives). Adds the `serde` dependency.
//! - `pext`: rook and bishop lookups by the BMI2 `PEXT` instruction instead
//!   of magic multiplication, over a table of the same size, on any x86-64
//!   target with BMI2 (without BMI2 the build stops with a message). Off by
//!   default, and not needed when compiling for the processor itself: the
//!   `PEXT` lookup is then chosen on its own where `PEXT` is fast (a target
//!   processor model with BMI2 and ADX, such as `RUSTFLAGS="-C
//!   target-cpu=native"` on Intel from Broadwell and AMD from Zen 3 on;
//!   not AMD Zen 1 and Zen 2, where it is microcoded and many times slower,
//!   nor generic levels such as `x86-64-v3`, whose binaries also run
//!   there). [`attacks::PEXT_LOOKUP`] tells which lookup a build uses. About
//!   8 % fewer instructions per perft leaf (measured speeds per CPU are in
//!   the repository's `docs/PERFORMANCE.md`). The feature forces it, for a generic
//!   target known to run on such processors only.
//! - `small-tables`: rook and bishop attacks from 4 KiB of line masks
//!   (obstruction difference: two bit scans per line) instead of the 1 MiB
//!   magic table, for small downloads such as WebAssembly; the same
//!   results, slower lookups. Excludes `pext`.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]

extern crate alloc;

pub mod attacks;
// `Position` first, then the modules that add methods to it, in the order
// of its documentation page: notation, then the game layer.
mod position;

mod notation;

mod game;

pub mod epd;

// The slow, obviously correct geometry that build.rs tabulates: the
// library tests against it and builds its few `const` tables from it
// (the castlings' reach); the rest is used by tests only.
#[cfg_attr(not(test), allow(dead_code))]
mod geometry;
#[cfg(not(feature = "small-tables"))]
mod magics;
mod moves;
mod outcome;
mod packed;
mod perft;
pub mod pgn;
pub mod polyglot;
mod polyglot_keys;
/// The generator of the Zobrist keys, shared with `build.rs`: under
/// `compact` the piece keys are drawn from it when needed, not stored.
#[cfg(feature = "compact")]
#[allow(dead_code)]
mod prng;
mod types;

pub use game::{Game, GameState, LineError, Repetitions};
pub use moves::{Move, MoveKind, MoveList};
pub use notation::san::{CheckMark, SanParts};
pub use outcome::{DrawReason, GameResult, Outcome};
pub use packed::{PackError, PackedPosition};
pub use perft::{perft, perft_divide, perft_stats, PerftStats};
pub use position::KeyHistory;
pub use position::{
    CastlingMode, CastlingModeError, CheckInfo, FenError, FenErrorKind, FenField, FenOptions, FenWriter, GenKind,
    Legality, MoveBuffer, MoveEffects, MoveVisitor, Pieces, Position, PositionError, Repairs, ScoredMoveList, Setup,
    Threats, Undo, SEE_VALUES,
};
pub use position::{IllegalReason, MoveError, Notation, SyntaxReason};
pub use types::{
    Bitboard, CastlingRights, CastlingSide, Color, File, ParseSquareError, ParseValueError, Piece, Rank, Role, Square,
    Squares,
};

// The FENs the unit tests share with the benches, tests and tools.
#[cfg(test)]
#[path = "../benches/positions.rs"]
#[allow(dead_code)]
mod test_positions;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
