//! PGN games (plain or `.pgn.zst`) into Apache Arrow record batches and
//! Parquet files, read by [chess-movegen](chess_movegen)'s PGN reader:
//! every move checked, clocks and evaluations taken from the comments,
//! memory bounded whatever the file's size.
//!
//! ```
//! use chess_movegen_arrow::{Options, Table, TableReader};
//! use arrow_array::cast::AsArray;
//! use arrow_array::types::Int32Type;
//!
//! let pgn = r#"[Event "Rated Blitz game"]
//! [WhiteElo "1500"]
//! [BlackElo "?"]
//! [TimeControl "180+2"]
//!
//! 1. e4 { [%eval 0.3] [%clk 0:03:00] } 1... e5 { [%clk 0:02:58] } 2. Qh5 0-1
//! "#;
//! let mut games = TableReader::new(pgn.as_bytes(), "example.pgn", Table::Games, &Options::default());
//! let batch = games.next().unwrap()?;
//! assert_eq!(batch.num_rows(), 1);
//! let elo = batch.column_by_name("white_elo").unwrap().as_primitive::<Int32Type>();
//! assert_eq!(elo.value(0), 1500);
//! assert!(batch.column_by_name("black_elo").unwrap().is_null(0));
//! let clocks = batch.column_by_name("clocks").unwrap().as_list::<i32>().value(0);
//! assert_eq!(clocks.len(), 3);
//! assert!(clocks.is_null(2));
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```
//!
//! # The games table
//!
//! One row per game, errors included.
//!
//! | column | type | |
//! | --- | --- | --- |
//! | `source` | utf8 | the input's name (its path for files) |
//! | `game` | uint64 | the game's number in its input, from 1 |
//! | `offset` | uint64 | the byte offset (in the decompressed text) of the game's first byte (its first tag): where to seek to read it again |
//! | `event`, `site`, `date`, `round`, `white`, `black`, `white_title`, `black_title`, `eco`, `opening`, `time_control`, `termination`, `variant`, `fen` | utf8 | the tags `Event` … `FEN` as written (escapes resolved); null when absent |
//! | `result` | utf8 | the `Result` tag, or the movetext's termination marker when the tag is absent or `*` |
//! | `white_elo`, `black_elo`, `white_rating_diff`, `black_rating_diff` | int32 | `WhiteElo` … `BlackRatingDiff`; null when absent or not a number (`?`) |
//! | `utc_date` | date32 | `UTCDate` (`YYYY.MM.DD`; as Python's `strptime(value, "%Y.%m.%d")` reads it, so `2017.4.1` too) |
//! | `utc_time` | time32(ms) | `UTCTime` (`HH:MM:SS`; as `strptime(value, "%H:%M:%S")`, so `1:2:3` too) |
//! | `time_control_base`, `time_control_increment` | int32 | `TimeControl` `base+increment` in seconds; null for `-`, `?` and other forms |
//! | `other_tags` | `map<utf8, utf8>` | every other tag, and a typed tag whose value did not parse (so no tag is lost) |
//! | `moves` | `list<uint16>` | the mainline, each move as [`Move::to_bits`](chess_movegen::Move::to_bits): from square in bits 0–5, to square 6–11 (a1 = 0 … h8 = 63; castling is king takes own rook), promotion 12–13 (knight, bishop, rook, queen), kind 14–15 (normal, promotion, en passant, castling); 0 is the null move |
//! | `uci`, `san` | `list<utf8>` | the same moves as text ([`Options::uci`], [`Options::san`]) |
//! | `clocks` | `list<float64>` | per move, the `[%clk h:mm:ss]` after it in seconds; null where the move has none |
//! | `eval_cp`, `eval_mate` | `list<int32>` | per move, the `[%eval]` after it from White's point of view: centipawns (`0.17` is 17) or moves to mate (`#-3` is -3; `#0`, the side to move is mated, is 0), at most one of the two set |
//! | `plies` | uint32 | the number of moves |
//! | `final_fen` | utf8 | the position after the last move |
//! | `error` | utf8 | null when the game read cleanly; otherwise where and what (`line 7, column 13: 2. Ke3: illegal move: …`), and the row holds what was read before the error |
//!
//! Clocks and evaluations follow python-chess's grammar
//! (`GameNode.clock()`, `.eval()`): the first valid command in the
//! comments after a move counts.
//!
//! # The positions table
//!
//! One row per move of each game that read cleanly, for machine learning.
//!
//! | column | type | |
//! | --- | --- | --- |
//! | `source`, `game` | utf8, uint64 | as in the games table (the key to join on) |
//! | `ply` | uint32 | the number of moves before this position (0 for the start) |
//! | `fen` | utf8 | the position |
//! | `packed` | fixed_size_binary(32) | the position as a [`PackedPosition`](chess_movegen::PackedPosition) (marlinformat): its score is the evaluation written after the move that reached the position (centipawns; ±32000 for a mate; 0 when there is none), its result the game's |
//! | `move` | uint16 | the move played from the position (bits as in `moves`) |
//! | `uci`, `san` | utf8 | that move as text (with the options) |
//! | `clock`, `eval_cp`, `eval_mate` | float64, int32, int32 | the clock and evaluation written after that move |
//! | `white_to_move` | bool | the side to move |
//! | `result` | utf8 | the game's result (as in the games table) |

mod annotations;
mod bits;
mod convert;
mod games;
#[cfg(feature = "parquet")]
mod parquet_out;
mod positions;
mod record;
mod tags;

pub use annotations::{Annotations, Eval};
pub use convert::{decompress, open, Batches, Converter, Options, Table, TableReader};
pub use games::games_schema;
#[cfg(feature = "parquet")]
pub use parquet_out::{write_parquet, Compression, WriteError, WriteOptions, WriteSummary};
pub use positions::positions_schema;

/// The randomized tests' generator (xorshift, a fixed seed): each call
/// gives a number below its argument.
#[cfg(test)]
pub(crate) fn test_random() -> impl FnMut(u64) -> u64 {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}
