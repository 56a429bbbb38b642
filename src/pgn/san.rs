//! SAN read straight from the bytes of a token to a legal move, without
//! building strings: the fast path of the reader. Anything it does not
//! resolve to exactly one move goes to [`Position::parse_san`], which has
//! the last word and the detailed error.

use crate::moves::Move;
use crate::position::Position;
use crate::types::{Bitboard, CastlingSide, Role, Square};

/// A SAN token taken apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum San {
    Castle(CastlingSide),
    Null,
    Normal { role: Role, file: Option<u8>, rank: Option<u8>, to: Square, promotion: Option<Role> },
}

/// The annotation glyph at the end of a move (`!`, `?`, `!!`, `??`, `!?`,
/// `?!`) as its NAG, and the length of the move without it.
pub(crate) fn split_annotation(token: &[u8]) -> (usize, Option<u8>) {
    let n = token.len();
    let glyph = |a: u8, b: Option<u8>| match (a, b) {
        (b'!', None) => Some(1),
        (b'?', None) => Some(2),
        (b'!', Some(b'!')) => Some(3),
        (b'?', Some(b'?')) => Some(4),
        (b'!', Some(b'?')) => Some(5),
        (b'?', Some(b'!')) => Some(6),
        _ => None,
    };
    let is_mark = |b: u8| b == b'!' || b == b'?';
    if n >= 2 && is_mark(token[n - 1]) && is_mark(token[n - 2]) {
        if n >= 3 && is_mark(token[n - 3]) {
            return (n, None); // three glyph characters: not an annotation we know
        }
        return (n - 2, glyph(token[n - 2], Some(token[n - 1])));
    }
    if n >= 1 && is_mark(token[n - 1]) {
        return (n - 1, glyph(token[n - 1], None));
    }
    (n, None)
}

fn promotion_role(b: u8) -> Option<Role> {
    match b {
        b'N' | b'n' => Some(Role::Knight),
        b'B' | b'b' => Some(Role::Bishop),
        b'R' | b'r' => Some(Role::Rook),
        b'Q' | b'q' => Some(Role::Queen),
        _ => None,
    }
}

/// Parses a SAN move without its annotation glyph. `None` if the fast path
/// does not read it (the full parser then decides).
pub(crate) fn parse(token: &[u8]) -> Option<San> {
    let mut t = token;
    while let [rest @ .., b'+' | b'#'] = t {
        t = rest;
    }
    if let Some(rest) = t.strip_suffix(b"e.p.") {
        t = rest;
    }
    match t {
        b"O-O" | b"0-0" => return Some(San::Castle(CastlingSide::KingSide)),
        b"O-O-O" | b"0-0-0" => return Some(San::Castle(CastlingSide::QueenSide)),
        b"--" | b"Z0" | b"0000" | b"@@@@" => return Some(San::Null),
        _ => {}
    }
    let (role, mut t) = match t.split_first()? {
        (b'N', rest) => (Role::Knight, rest),
        (b'B', rest) => (Role::Bishop, rest),
        (b'R', rest) => (Role::Rook, rest),
        (b'Q', rest) => (Role::Queen, rest),
        (b'K', rest) => (Role::King, rest),
        _ => (Role::Pawn, t),
    };
    let mut promotion = None;
    if role == Role::Pawn {
        if let [rest @ .., sep, p] = t {
            if let Some(r) = promotion_role(*p) {
                if *sep == b'=' || *sep == b'/' {
                    promotion = Some(r);
                    t = rest;
                } else if (b'1'..=b'8').contains(sep) {
                    promotion = Some(r);
                    t = &t[..t.len() - 1];
                }
            }
        }
    }
    let [head @ .., f, r] = t else { return None };
    if !(b'a'..=b'h').contains(f) || !(b'1'..=b'8').contains(r) {
        return None;
    }
    let to = Square::from_index((f - b'a') + 8 * (r - b'1'))?;
    let head = match head {
        [rest @ .., b'x' | b':' | b'-'] => rest,
        _ => head,
    };
    let (file, rank) = match *head {
        [] => (None, None),
        [c] if (b'a'..=b'h').contains(&c) => (Some(c - b'a'), None),
        [c] if (b'1'..=b'8').contains(&c) => (None, Some(c - b'1')),
        [c, d] if (b'a'..=b'h').contains(&c) && (b'1'..=b'8').contains(&d) => (Some(c - b'a'), Some(d - b'1')),
        _ => return None,
    };
    Some(San::Normal { role, file, rank, to, promotion })
}

/// The one legal move a parsed SAN names, or `None` when there is none or
/// more than one (null moves are not handled here).
pub(crate) fn resolve(pos: &Position, san: San) -> Option<Move> {
    let us = pos.side_to_move();
    match san {
        San::Null => None,
        San::Castle(side) => {
            let mv = Move::castle(pos.king(us), pos.castling_rook(us, side)?);
            pos.is_legal(mv).then_some(mv)
        }
        San::Normal { role, file, rank, to, promotion } => {
            let mut from = pos.pieces(us, role);
            if let Some(f) = file {
                from &= Bitboard(0x0101_0101_0101_0101 << f);
            } else if role == Role::Pawn {
                // A pawn move without an origin file is a push.
                from &= Bitboard(0x0101_0101_0101_0101 << (to.index() & 7));
            }
            if let Some(r) = rank {
                from &= Bitboard(0xff << (8 * r));
            }
            if from.is_empty() {
                return None;
            }
            let mut found = None;
            for mv in pos.legal_moves_masked(from, to.bitboard()) {
                if mv.is_castle() || mv.promotion_role() != promotion {
                    continue;
                }
                if found.is_some() {
                    return None;
                }
                found = Some(mv);
            }
            found
        }
    }
}
