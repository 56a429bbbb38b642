//! A move as the JavaScript side turns it into a chess.js `Move`: a
//! binary record whose texts (SAN, UCI, the FENs before and after) are
//! made only when asked for ([`move_text`]).

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use chess_movegen::{CastlingMode, CastlingSide, Color, GameResult, Move, PackedPosition, Position, Role};

use crate::{input_bytes, reply, reply_in_place, Local};

/// Bytes of a move's head: its fields (`u32`, little-endian: bit 0
/// Black, bits 1–6 from, 7–12 to (the king's destination for castling),
/// 13–15 piece, 16–18 captured, 19–21 promotion (role index plus 1, 0
/// for none), 22–28 chess.js's flags `n c b e p k q`, one bit each), the
/// 16-bit move (`u16`), a Chess960 byte and a zero byte.
pub(crate) const HEAD_BYTES: usize = 8;

/// Bytes of a whole record: a head and the position before the move
/// packed in 32 bytes ([`PackedPosition`]).
pub(crate) const RECORD_BYTES: usize = HEAD_BYTES + 32;

/// Role index plus 1, or 0 for none.
fn role_code(role: Option<Role>) -> u32 {
    role.map_or(0, |r| r.index() as u32 + 1)
}

/// The head of `mv` in `pos` (see [`HEAD_BYTES`]).
fn head(pos: &Position, mv: Move) -> [u8; HEAD_BYTES] {
    let captured = captured(pos, mv);
    let fields = u32::from(pos.side_to_move() == Color::Black)
        | (mv.from() as u32) << 1
        | (mv.destination() as u32) << 7
        | role_code(pos.role_at(mv.from())) << 13
        | role_code(captured) << 16
        | role_code(mv.promotion_role()) << 19
        | flags(pos, mv, captured.is_some()) << 22;
    let chess960 = u64::from(pos.castling_mode() == CastlingMode::Chess960);
    (u64::from(fields) | u64::from(mv.to_bits()) << 32 | chess960 << 48).to_le_bytes()
}

/// Appends the head of `mv` in `pos` (see [`HEAD_BYTES`]).
pub(crate) fn write_head(out: &mut Vec<u8>, pos: &Position, mv: Move) {
    out.extend_from_slice(&head(pos, mv));
}

/// The position a record was last packed from, with its packed bytes: a
/// move's texts asked for soon after its record was written (the SAN of
/// the move `move()` just played, or of a verbose list's moves) are made
/// from it, without unpacking the position and checking it again.
static LAST_PACKED: Local<Option<([u8; 32], Position)>> = Local::new(None);

/// `pos` packed in 32 bytes.
fn packed(pos: &Position) -> [u8; 32] {
    let packed = PackedPosition::pack(pos, 0, GameResult::Unfinished).to_bytes();
    LAST_PACKED.with_borrow_mut(|last| {
        if last.as_ref().is_none_or(|(bytes, _)| *bytes != packed) {
            *last = Some((packed, *pos));
        }
    });
    packed
}

/// Appends `pos` packed in 32 bytes.
pub(crate) fn write_packed(out: &mut Vec<u8>, pos: &Position) {
    out.extend_from_slice(&packed(pos));
}

/// The position of a record's packed bytes and castling mode.
fn unpack(bytes: [u8; 32], mode: CastlingMode) -> Result<Position, String> {
    let last = LAST_PACKED.with_borrow(|last| {
        last.as_ref().filter(|(packed, pos)| *packed == bytes && pos.castling_mode() == mode).map(|(_, pos)| *pos)
    });
    match last {
        Some(pos) => Ok(pos),
        None => PackedPosition::from_bytes(bytes).unpack_with(mode).map_err(|e| e.to_string()),
    }
}

/// The whole record of `mv` in `pos` (see [`RECORD_BYTES`]).
#[inline(never)]
pub(crate) fn record(pos: &Position, mv: Move) -> [u8; RECORD_BYTES] {
    let mut record = [0; RECORD_BYTES];
    record[..HEAD_BYTES].copy_from_slice(&head(pos, mv));
    record[HEAD_BYTES..].copy_from_slice(&packed(pos));
    record
}

/// Appends the whole record of `mv` in `pos` (see [`RECORD_BYTES`]).
pub(crate) fn write_record(out: &mut Vec<u8>, pos: &Position, mv: Move) {
    out.extend_from_slice(&record(pos, mv));
}

/// The position and the move of the record in the buffer (see
/// [`RECORD_BYTES`]; its fields are not read), or an error for a record
/// that is not one.
fn read_record() -> Result<(Position, Move), String> {
    let record = input_bytes(RECORD_BYTES);
    let bytes: [u8; 32] = record.get(HEAD_BYTES..).and_then(|b| b.try_into().ok()).ok_or("short move record")?;
    let mode = if record[6] != 0 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let pos = unpack(bytes, mode)?;
    Ok((pos, Move::from_bits(u16::from_le_bytes([record[4], record[5]]))))
}

/// A text of the move of the record in the buffer: `what` 0 its SAN, 1
/// its UCI, 2 the FEN before it, 3 the FEN after it; or an error for a
/// record that is not one.
#[no_mangle]
pub extern "C" fn move_text(what: u32) -> i32 {
    reply(read_record().map(|(pos, mv)| match what {
        0 => crate::session::san_any(&pos, mv),
        1 => pos.uci(mv),
        2 => pos.normalized_fen(),
        _ => crate::session::play_any(&pos, mv).normalized_fen(),
    }))
}

/// The SAN of the move of the record in the buffer as the number of its
/// parts (see `san_text`), or an error (negative, as every answer) for a
/// record that is not one or whose move is not legal (the null move's
/// SAN is the glue's).
#[no_mangle]
pub extern "C" fn move_san() -> i32 {
    match read_record().and_then(|(pos, mv)| pos.san_parts(mv).ok_or_else(|| "not a legal move".into())) {
        Ok(san) => san.to_bits() as i32,
        Err(message) => reply(Err(message)),
    }
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

/// Answers the record of a move played or taken back (nothing for none),
/// or an error.
pub(crate) fn reply_record(result: Result<Option<[u8; RECORD_BYTES]>, String>) -> i32 {
    match result {
        Ok(found) => reply_in_place(|out| {
            if let Some(record) = found {
                out.extend_from_slice(&record);
            }
        }),
        Err(message) => reply(Err(message)),
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
