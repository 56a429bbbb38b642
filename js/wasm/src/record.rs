//! A move as the JavaScript side turns it into a chess.js `Move`: as
//! text (for lists), or as a binary record whose texts (SAN, UCI, the
//! FENs before and after) are made only when asked for (`move_text`).

use std::fmt::Write;

use chess_movegen::{CastlingMode, Color, GameResult, Move, PackedPosition, Position, Role};

use crate::{input_bytes, reply, reply_bytes};

/// Bytes of a binary record: the move's fields (`u32`, little-endian:
/// bit 0 Black, bits 1–6 from, 7–12 to (the king's destination for
/// castling), 13–15 piece, 16–18 captured, 19–21 promotion (role index
/// plus 1, 0 for none), 22–28 chess.js's flags `n c b e p k q` one bit
/// each), the 16-bit move (`u16`), a Chess960 byte, a zero byte, and the
/// position before the move packed in 32 bytes ([`PackedPosition`]).
pub(crate) const RECORD_BYTES: usize = 40;

/// Role index plus 1, or 0 for none.
fn role_code(role: Option<Role>) -> u32 {
    role.map_or(0, |r| r.index() as u32 + 1)
}

/// The binary record of `mv` in `pos` (see [`RECORD_BYTES`]).
pub(crate) fn binary_record(pos: &Position, mv: Move) -> Vec<u8> {
    let piece = pos.role_at(mv.from());
    let captured = captured(pos, mv);
    let flags = flags(pos, mv, captured.is_some());
    let flag_bits = "ncbepkq".chars().enumerate().fold(0, |acc, (i, c)| acc | (u32::from(flags.contains(c)) << i));
    let fields = u32::from(pos.side_to_move() == Color::Black)
        | (mv.from() as u32) << 1
        | (mv.destination() as u32) << 7
        | role_code(piece) << 13
        | role_code(captured) << 16
        | role_code(mv.promotion_role()) << 19
        | flag_bits << 22;
    let mut out = Vec::with_capacity(RECORD_BYTES);
    out.extend_from_slice(&fields.to_le_bytes());
    out.extend_from_slice(&mv.to_bits().to_le_bytes());
    out.push(u8::from(pos.castling_mode() == CastlingMode::Chess960));
    out.push(0);
    out.extend_from_slice(PackedPosition::pack(pos, 0, GameResult::Unfinished).as_bytes());
    out
}

/// A text of the move of the binary record in the buffer (see
/// [`RECORD_BYTES`]): `what` 0 its SAN, 1 its UCI, 2 the FEN before it,
/// 3 the FEN after it; or an error for a record that is not one.
#[no_mangle]
pub extern "C" fn move_text(what: u32) -> i32 {
    let record = input_bytes(RECORD_BYTES);
    reply((|| {
        let bytes: [u8; 32] = record.get(8..RECORD_BYTES).and_then(|b| b.try_into().ok()).ok_or("short move record")?;
        let mode = if record[6] != 0 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let pos = PackedPosition::from_bytes(bytes).unpack_with(mode).map_err(|e| e.to_string())?;
        let mv = Move::from_bits(u16::from_le_bytes([record[4], record[5]]));
        Ok(match what {
            0 => pos.san(mv),
            1 => pos.uci(mv),
            2 => pos.normalized_fen(),
            _ => pos.play(mv).normalized_fen(),
        })
    })())
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

/// Answers a binary record, or an error.
pub(crate) fn reply_record(result: Result<Option<(Position, Move)>, String>) -> i32 {
    reply_bytes(result.map(|found| found.map_or_else(Vec::new, |(pos, mv)| binary_record(&pos, mv))))
}

/// One move of `pos` as comma-separated fields: colour, from, to (the
/// king's destination for castling), piece, captured, promotion, chess.js
/// flags, SAN, LAN (the position's UCI: king takes rook in Chess960), the
/// 16-bit move, and the FEN after it. Empty fields for no capture and no
/// promotion. `san` is the move's SAN (callers with many moves write them
/// all at once with `Position::san_all`).
pub(crate) fn write_record(out: &mut String, pos: &Position, mv: Move, san: &str) {
    let color = if pos.side_to_move() == Color::White { 'w' } else { 'b' };
    let piece = pos.role_at(mv.from()).map_or('?', Role::char);
    let captured = captured(pos, mv);
    let _ = write!(out, "{color},{},{},{piece},", mv.from(), mv.destination());
    if let Some(role) = captured {
        out.push(role.char());
    }
    out.push(',');
    if let Some(role) = mv.promotion_role() {
        out.push(role.char());
    }
    out.push(',');
    out.push_str(&flags(pos, mv, captured.is_some()));
    let after = pos.play(mv);
    let _ = write!(out, ",{san},{},{},{}", pos.uci(mv), mv.to_bits(), after.normalized_fen());
}

/// chess.js's flags, in its order: `n` (none of the others), `c`
/// (capture), `b` (pawn double step), `e` (en passant), `p` (promotion),
/// `k` / `q` (castling on the king's / queen's side).
fn flags(pos: &Position, mv: Move, capture: bool) -> String {
    let mut flags = String::new();
    if mv.is_en_passant() {
        flags.push('e');
        return flags;
    }
    if capture {
        flags.push('c');
    }
    let pawn = pos.role_at(mv.from()) == Some(Role::Pawn);
    if pawn && mv.from().rank().index().abs_diff(mv.to().rank().index()) == 2 {
        flags.push('b');
    }
    if mv.is_promotion() {
        if !capture {
            flags.insert(0, 'n');
        }
        flags.push('p');
    }
    if let Some(side) = mv.castling_side() {
        flags.push(if side == chess_movegen::CastlingSide::KingSide { 'k' } else { 'q' });
    }
    if flags.is_empty() {
        flags.push('n');
    }
    flags
}
