//! A move as the text the JavaScript side turns into a chess.js `Move`.

use std::fmt::Write;

use chess_movegen::{Color, Move, Position, Role};

/// One move of `pos` as comma-separated fields: colour, from, to (the
/// king's destination for castling), piece, captured, promotion, chess.js
/// flags, SAN, LAN (the position's UCI: king takes rook in Chess960), the
/// 16-bit move, and the FEN after it. Empty fields for no capture and no
/// promotion. `san` is the move's SAN (callers with many moves write them
/// all at once with `Position::san_all`).
pub(crate) fn write_record(out: &mut String, pos: &Position, mv: Move, san: &str) {
    let color = if pos.side_to_move() == Color::White { 'w' } else { 'b' };
    let piece = pos.role_at(mv.from()).map_or('?', Role::char);
    let captured = if mv.is_en_passant() {
        Some(Role::Pawn)
    } else if mv.is_castle() {
        None
    } else {
        pos.role_at(mv.to())
    };
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
