//! A move as the JavaScript side turns it into a chess.js `Move`: its
//! fields in a binary head, its SAN as the number of its parts, and its
//! texts (UCI, the FENs before and after it), all made when the move is
//! answered, so that a `Move` is a plain object of chess.js's fields.

use alloc::string::String;
use alloc::vec::Vec;
use chess_movegen::{CastlingSide, Color, FenWriter, Move, Position, Role};

use crate::{reply_in_place, Local};

/// The SAN number of the null move (no SAN has it; the glue writes `--`).
const NULL_SAN: u32 = u32::MAX;

/// Role index plus 1, or 0 for none.
fn role_code(role: Option<Role>) -> u32 {
    role.map_or(0, |r| r.index() as u32 + 1)
}

/// Moves as the glue reads them, written into an answer by
/// [`Moves::start`] and [`Moves::push`]:
/// - their count (`u32`), how their FENs before are given (a byte, see
///   [`Before`]) and three zero bytes;
/// - each move's head, 12 bytes: its fields (`u32`, little-endian: bit 0
///   Black, bits 1–6 from, 7–12 to (the king's destination for
///   castling), 13–15 piece, 16–18 captured, 19–21 promotion (role index
///   plus 1, 0 for none), 22–28 chess.js's flags `n c b e p k q`, one
///   bit each), the 16-bit move (`u16`), two zero bytes and the number
///   of its SAN (`u32`; see `san_text`; [`NULL_SAN`] for the null move);
/// - the texts, each ended by a line feed (so that the glue decodes them
///   all at once): the first FEN before (unless [`Before::Known`]), then
///   each move's UCI (empty for the null move) and the FEN after it.
pub(crate) struct Moves {
    /// Where the heads start in the answer.
    heads: usize,
    /// How many moves were added.
    count: usize,
}

/// How the FEN before each move of a [`Moves`] answer is given.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Before {
    /// Not given: the glue knows it.
    Known = 0,
    /// The first text, for every move (moves from one position).
    Shared = 1,
    /// The first text for the first move, and the FEN after each move
    /// for the next one (the moves of a game).
    Chained = 2,
}

impl Moves {
    /// Starts the answer of `count` moves in `out`, the first one played
    /// from `pos`: the room for their heads, then their texts as
    /// [`Moves::push`] adds them.
    pub(crate) fn start(out: &mut Vec<u8>, count: usize, before: Before, pos: &Position) -> Moves {
        out.extend_from_slice(&(count as u32).to_le_bytes());
        out.extend_from_slice(&[before as u8, 0, 0, 0]);
        let heads = out.len();
        out.resize(heads + 12 * count, 0);
        if before != Before::Known {
            write_fen(out, pos);
        }
        Moves { heads, count: 0 }
    }

    /// Adds `mv`, legal in `pos` or the null move, whose SAN has the
    /// number `san` and which leads to `after`: one of the `count` moves
    /// [`Moves::start`] made room for.
    pub(crate) fn push(&mut self, out: &mut Vec<u8>, pos: &Position, mv: Move, san: u32, after: &Position) {
        let captured = captured(pos, mv);
        let fields = u32::from(pos.side_to_move() == Color::Black)
            | (mv.from() as u32) << 1
            | (mv.destination() as u32) << 7
            | role_code(pos.role_at(mv.from())) << 13
            | role_code(captured) << 16
            | role_code(mv.promotion_role()) << 19
            | flags(pos, mv, captured.is_some()) << 22;
        let head = (u128::from(fields) | u128::from(mv.to_bits()) << 32 | u128::from(san) << 64).to_le_bytes();
        let at = self.heads + 12 * self.count;
        out[at..at + 12].copy_from_slice(&head[..12]);
        self.count += 1;
        if !mv.is_null() {
            out.extend_from_slice(pos.uci(mv).as_bytes());
        }
        out.push(b'\n');
        write_fen(out, after);
    }
}

/// The writer of the FENs of moves: kept, so that it writes again only
/// the ranks that changed since the last FEN.
static FENS: Local<FenWriter> = Local::new(FenWriter::new());

/// Appends the FEN of `pos` (see `Position::normalized_fen`) and a line feed.
fn write_fen(out: &mut Vec<u8>, pos: &Position) {
    FENS.with_borrow_mut(|writer| writer.write_normalized_bytes(pos, out));
    out.push(b'\n');
}

/// The SAN number of `mv`, a legal move in `pos` that leads to `after`,
/// or the null move.
pub(crate) fn san_number(pos: &Position, mv: Move, after: &Position) -> u32 {
    if mv.is_null() {
        return NULL_SAN;
    }
    pos.san_parts_played(mv, after).to_bits()
}

/// What `mv` captures: the pawn for en passant, nothing for castling.
fn captured(pos: &Position, mv: Move) -> Option<Role> {
    if mv.is_en_passant() {
        Some(Role::Pawn)
    } else if mv.is_castle() {
        None
    } else {
        pos.role_at(mv.to())
    }
}

/// A move played or taken back: the position before it, the move and
/// the position after it.
pub(crate) type Played = (Position, Move, Position);

/// Answers a move played or taken back: by `data`, one byte (0), the
/// move (see [`Moves`]) without the FEN before it (1), or with it (2);
/// nothing for no move, or an error.
pub(crate) fn reply_move(result: Result<Option<Played>, String>, data: u32) -> i32 {
    match result {
        Ok(found) => reply_in_place(|out| match found {
            Some(_) if data == 0 => out.push(1),
            Some((pos, mv, after)) => {
                let before = if data > 1 { Before::Shared } else { Before::Known };
                Moves::start(out, 1, before, &pos).push(out, &pos, mv, san_number(&pos, mv, &after), &after);
            }
            None => {}
        }),
        Err(message) => crate::reply(Err(message)),
    }
}

/// chess.js's flags as bits, in its order: `n` (none of the others), `c`
/// (capture), `b` (pawn double step), `e` (en passant), `p` (promotion;
/// with `n` when it captures nothing), `k` / `q` (castling on the king's
/// / queen's side).
fn flags(pos: &Position, mv: Move, capture: bool) -> u32 {
    const N: u32 = 1;
    const C: u32 = 2;
    const B: u32 = 4;
    const E: u32 = 8;
    const P: u32 = 16;
    const K: u32 = 32;
    const Q: u32 = 64;
    if mv.is_en_passant() {
        return E;
    }
    let mut flags = if capture { C } else { 0 };
    let pawn = pos.role_at(mv.from()) == Some(Role::Pawn);
    if pawn && mv.from().rank().index().abs_diff(mv.to().rank().index()) == 2 {
        flags |= B;
    }
    if mv.is_promotion() {
        flags |= P | if capture { 0 } else { N };
    }
    flags |= match mv.castling_side() {
        Some(CastlingSide::KingSide) => K,
        Some(CastlingSide::QueenSide) => Q,
        None => 0,
    };
    if flags == 0 {
        N
    } else {
        flags
    }
}
