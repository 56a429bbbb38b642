//! SAN read straight from the bytes of a token to a legal move, without
//! building strings: the fast path of the reader. Anything it does not
//! resolve to exactly one move goes to [`Position::parse_san`], which has
//! the last word and the detailed error.

use crate::attacks;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{Bitboard, CastlingSide, Color, Role, Square};

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

/// The square named by a file letter and a rank digit.
#[inline(always)]
fn square(file: u8, rank: u8) -> Option<Square> {
    let (f, r) = (file.wrapping_sub(b'a'), rank.wrapping_sub(b'1'));
    (f < 8 && r < 8).then(|| Square::from_index_wrapping(f + 8 * r))
}

/// The role of a piece letter (not the pawn).
#[inline(always)]
fn piece_role(b: u8) -> Option<Role> {
    match b {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

/// Parses a SAN move without its annotation glyph. `None` if the fast path
/// does not read it (the full parser then decides). Inlined into the
/// reader, so that the parsed move need not go through memory.
#[inline(always)]
pub(crate) fn parse(token: &[u8]) -> Option<San> {
    let mut t = token;
    while let [rest @ .., b'+' | b'#'] = t {
        t = rest;
    }
    // The common shapes first (`e4`, `Nf3`, `exd5`, `Nxf3`), each with one
    // look at its bytes; anything else takes the general path below.
    match *t {
        [f, r] => {
            if let Some(to) = square(f, r) {
                return Some(San::Normal { role: Role::Pawn, file: None, rank: None, to, promotion: None });
            }
        }
        [p, f, r] => {
            if let (Some(role), Some(to)) = (piece_role(p), square(f, r)) {
                return Some(San::Normal { role, file: None, rank: None, to, promotion: None });
            }
        }
        [a, b'x', f, r] => {
            if let Some(to) = square(f, r) {
                if (b'a'..=b'h').contains(&a) {
                    return Some(San::Normal {
                        role: Role::Pawn,
                        file: Some(a - b'a'),
                        rank: None,
                        to,
                        promotion: None,
                    });
                }
                if let Some(role) = piece_role(a) {
                    return Some(San::Normal { role, file: None, rank: None, to, promotion: None });
                }
            }
        }
        _ => {}
    }
    let (role, mut t) = match *t.first()? {
        b'a'..=b'h' => {
            if let Some(rest) = t.strip_suffix(b"e.p.") {
                t = rest;
            }
            (Role::Pawn, t)
        }
        b'N' => (Role::Knight, &t[1..]),
        b'B' => (Role::Bishop, &t[1..]),
        b'R' => (Role::Rook, &t[1..]),
        b'Q' => (Role::Queen, &t[1..]),
        b'K' => (Role::King, &t[1..]),
        _ => {
            return match t {
                b"O-O" | b"0-0" => Some(San::Castle(CastlingSide::KingSide)),
                b"O-O-O" | b"0-0-0" => Some(San::Castle(CastlingSide::QueenSide)),
                b"--" | b"Z0" | b"0000" | b"@@@@" => Some(San::Null),
                _ => None,
            }
        }
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

/// What [`scan`] found at the start of a token.
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scan {
    /// A move number with its dots (`12.`, `12...`); the token ends at
    /// the index.
    Number(usize),
    /// A move in one of the common shapes, with the end of its text
    /// (check mark included, glyph not) and of the whole token, and the
    /// glyph's NAG.
    Move { san: San, text_end: usize, end: usize, glyph: Option<u8> },
    /// Anything else: the general lexer and parser take it.
    Other,
}

/// True for the bytes `a` to `h`.
#[inline(always)]
fn is_file(b: u8) -> bool {
    b.wrapping_sub(b'a') < 8
}

/// True for the bytes `1` to `8`.
#[inline(always)]
fn is_rank(b: u8) -> bool {
    b.wrapping_sub(b'1') < 8
}

/// The square of a file and a rank byte already checked.
#[inline(always)]
fn square_of(file: u8, rank: u8) -> Square {
    Square::from_index_wrapping((file.wrapping_sub(b'a') & 7) + 8 * (rank.wrapping_sub(b'1') & 7))
}

/// The kind of token a byte starts, for [`scan`]'s parts: [`KIND_OTHER`],
/// [`KIND_NUMBER`], or the role of the move plus one (a file letter: a
/// pawn). One table lookup, so that the reader branches once per token.
#[inline(always)]
pub(crate) fn token_kind(b: u8) -> u8 {
    KINDS[b as usize]
}

/// See [`token_kind`].
pub(crate) const KIND_OTHER: u8 = 0;
/// See [`token_kind`].
pub(crate) const KIND_NUMBER: u8 = 7;

static KINDS: [u8; 256] = {
    let mut t = [KIND_OTHER; 256];
    let mut b = b'a';
    while b <= b'h' {
        t[b as usize] = PAWN + 1;
        b += 1;
    }
    let mut b = b'0';
    while b <= b'9' {
        t[b as usize] = KIND_NUMBER;
        b += 1;
    }
    t[b'N' as usize] = KNIGHT + 1;
    t[b'B' as usize] = BISHOP + 1;
    t[b'R' as usize] = ROOK + 1;
    t[b'Q' as usize] = QUEEN + 1;
    t[b'K' as usize] = KING + 1;
    t
};

/// A move read by [`scan_pawn`] or [`scan_piece`]: its parts, the end of
/// its text (check mark included, glyph not) and of the whole token, and
/// the glyph's NAG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scanned {
    pub file: Option<u8>,
    pub rank: Option<u8>,
    pub to: Square,
    pub promotion: Option<Role>,
    pub text_end: usize,
    pub end: usize,
    pub glyph: Option<u8>,
}

/// Reads the token that starts at `data[p]` (not a space) straight from
/// the bytes, without the lexer's token pass, when it is one of the shapes
/// that make up almost all movetext: a move number with dots, or a move
/// `e4`, `exd5`, `e8=Q`, `Nf3`, `Nxf3`, `Nbd7`, `R1xe2`, `O-O`, `O-O-O`,
/// each with an optional `+`/`#` and `!?`-style glyph. It gives what the
/// lexer, [`split_annotation`] and [`parse`] give for the same token, or
/// [`Scan::Other`] when it is not sure: the token must end where the
/// lexer's would (at a byte that cannot continue a move token). The
/// reader calls its parts ([`token_kind`], [`scan_number`],
/// [`scan_pawn`], [`scan_piece`], [`scan_castle`]) itself.
#[cfg(test)]
pub(crate) fn scan(data: &[u8], p: usize) -> Scan {
    let normal = |role, m: Option<Scanned>| match m {
        Some(m) => Scan::Move {
            san: San::Normal { role, file: m.file, rank: m.rank, to: m.to, promotion: m.promotion },
            text_end: m.text_end,
            end: m.end,
            glyph: m.glyph,
        },
        None => Scan::Other,
    };
    match token_kind(data[p]) {
        KIND_NUMBER => scan_number(data, p).map_or(Scan::Other, Scan::Number),
        KIND_OTHER => match scan_castle(data, p) {
            Some((side, text_end, end, glyph)) => Scan::Move { san: San::Castle(side), text_end, end, glyph },
            None => Scan::Other,
        },
        k if k == PAWN + 1 => normal(Role::Pawn, scan_pawn(data, p)),
        k => normal(Role::ALL[usize::from(k - 1)], scan_piece(data, p)),
    }
}

/// A move number with its dots at `data[p]` (a digit): the end of the
/// token, or `None` if it is not one.
#[inline(always)]
pub(crate) fn scan_number(data: &[u8], p: usize) -> Option<usize> {
    let at = |i: usize| data.get(i).copied().unwrap_or(b' ');
    let mut i = p + 1;
    while at(i).is_ascii_digit() {
        i += 1;
    }
    if at(i) != b'.' {
        return None;
    }
    while at(i) == b'.' {
        i += 1;
    }
    Some(i)
}

/// A pawn move at `data[p]` (a file letter): `e4`, `exd5`, `e8=Q`,
/// `exd8=N`, with what may follow.
#[inline(always)]
pub(crate) fn scan_pawn(data: &[u8], p: usize) -> Option<Scanned> {
    let at = |i: usize| data.get(i).copied().unwrap_or(b' ');
    let (b0, b1) = (at(p), at(p + 1));
    let (file, to, mut i) = if is_rank(b1) {
        (None, square_of(b0, b1), p + 2)
    } else if b1 == b'x' && is_file(at(p + 2)) && is_rank(at(p + 3)) {
        (Some(b0.wrapping_sub(b'a')), square_of(at(p + 2), at(p + 3)), p + 4)
    } else {
        return None;
    };
    let mut promotion = None;
    if at(i) == b'=' {
        promotion = Some(match at(i + 1) {
            b'Q' => Role::Queen,
            b'N' => Role::Knight,
            b'R' => Role::Rook,
            b'B' => Role::Bishop,
            _ => return None,
        });
        i += 2;
    }
    let (text_end, end, glyph) = scan_suffix(data, i)?;
    Some(Scanned { file, rank: None, to, promotion, text_end, end, glyph })
}

/// A piece move at `data[p]` (a piece letter): `Nf3`, `Nxf3`, `Nbd7`,
/// `N1xd7`, with what may follow.
#[inline(always)]
pub(crate) fn scan_piece(data: &[u8], p: usize) -> Option<Scanned> {
    let at = |i: usize| data.get(i).copied().unwrap_or(b' ');
    let (b1, b2) = (at(p + 1), at(p + 2));
    let (mut file, mut rank) = (None, None);
    let (to, i) = if is_file(b1) && is_rank(b2) {
        (square_of(b1, b2), p + 3)
    } else if b1 == b'x' && is_file(b2) && is_rank(at(p + 3)) {
        (square_of(b2, at(p + 3)), p + 4)
    } else {
        // One disambiguation byte, then an optional `x`.
        if is_file(b1) {
            file = Some(b1 - b'a');
        } else if is_rank(b1) {
            rank = Some(b1 - b'1');
        } else {
            return None;
        }
        let k = if b2 == b'x' { p + 3 } else { p + 2 };
        if !(is_file(at(k)) && is_rank(at(k + 1))) {
            return None;
        }
        (square_of(at(k), at(k + 1)), k + 2)
    };
    let (text_end, end, glyph) = scan_suffix(data, i)?;
    Some(Scanned { file, rank, to, promotion: None, text_end, end, glyph })
}

/// `O-O` or `O-O-O` at `data[p]`, with what may follow: the side, the
/// ends of the text and of the token, and the glyph.
#[inline]
pub(crate) fn scan_castle(data: &[u8], p: usize) -> Option<(CastlingSide, usize, usize, Option<u8>)> {
    let at = |i: usize| data.get(i).copied().unwrap_or(b' ');
    if !(at(p) == b'O' && at(p + 1) == b'-' && at(p + 2) == b'O') {
        return None;
    }
    let (side, i) = if at(p + 3) == b'-' && at(p + 4) == b'O' {
        (CastlingSide::QueenSide, p + 5)
    } else {
        (CastlingSide::KingSide, p + 3)
    };
    let (text_end, end, glyph) = scan_suffix(data, i)?;
    Some((side, text_end, end, glyph))
}

/// What may follow a move at `data[i]`: a `+` or `#`, then a glyph, then
/// the end of the token. The ends of the text and of the token and the
/// glyph's NAG; `None` if the token goes on.
#[inline(always)]
fn scan_suffix(data: &[u8], mut i: usize) -> Option<(usize, usize, Option<u8>)> {
    let at = |i: usize| data.get(i).copied().unwrap_or(b' ');
    if matches!(at(i), b'+' | b'#') {
        i += 1;
    }
    let text_end = i;
    let is_mark = |b: u8| b == b'!' || b == b'?';
    let mut glyph = None;
    if is_mark(at(i)) {
        let (m0, m1) = (at(i), at(i + 1));
        if is_mark(m1) {
            if is_mark(at(i + 2)) {
                return None;
            }
            glyph = Some(match (m0, m1) {
                (b'!', b'!') => 3,
                (b'?', b'?') => 4,
                (b'!', _) => 5,
                _ => 6,
            });
            i += 2;
        } else {
            glyph = Some(if m0 == b'!' { 1 } else { 2 });
            i += 1;
        }
    }
    if crate::pgn::lexer::is_word_byte(at(i)) {
        return None;
    }
    Some((text_end, i, glyph))
}

/// The roles as constants for [`resolve_as`] and [`gives_check_as`],
/// which are compiled once per role: the role of a move is the least
/// predictable thing about it, so the reader branches on it once.
pub(crate) const PAWN: u8 = Role::Pawn as u8;
/// See [`PAWN`].
pub(crate) const KNIGHT: u8 = Role::Knight as u8;
/// See [`PAWN`].
pub(crate) const BISHOP: u8 = Role::Bishop as u8;
/// See [`PAWN`].
pub(crate) const ROOK: u8 = Role::Rook as u8;
/// See [`PAWN`].
pub(crate) const QUEEN: u8 = Role::Queen as u8;
/// See [`PAWN`].
pub(crate) const KING: u8 = Role::King as u8;

/// The one legal move a parsed SAN names, or `None` when there is none or
/// more than one, or the fast path leaves it to the full parser (null
/// moves, en passant, castling it cannot play).
///
/// `in_check` must say whether the side to move is in check (the reader
/// knows it from the move before, see [`gives_check`]).
#[inline(always)]
pub(crate) fn resolve(pos: &Position, san: San, in_check: bool) -> Option<Move> {
    match san {
        San::Null => None,
        San::Castle(side) => {
            let us = pos.side_to_move();
            let mv = Move::castle(pos.king(us), pos.castling_rook(us, side)?);
            pos.is_legal(mv).then_some(mv)
        }
        San::Normal { role, file, rank, to, promotion } => match role {
            Role::Pawn => resolve_as::<PAWN>(pos, file, rank, to, promotion, in_check),
            Role::Knight => resolve_as::<KNIGHT>(pos, file, rank, to, promotion, in_check),
            Role::Bishop => resolve_as::<BISHOP>(pos, file, rank, to, promotion, in_check),
            Role::Rook => resolve_as::<ROOK>(pos, file, rank, to, promotion, in_check),
            Role::Queen => resolve_as::<QUEEN>(pos, file, rank, to, promotion, in_check),
            Role::King => resolve_as::<KING>(pos, file, rank, to, promotion, in_check),
        },
    }
}

/// [`resolve`] for a normal move of the role `R` (one of [`PAWN`] to
/// [`KING`]).
///
/// Candidates come from the attack tables, not from move generation:
/// the origins of the named piece that reach the destination. A
/// non-king move is legal when the side is not in double check, the move
/// lands on the check mask if in check, and a pinned piece stays on the
/// line through its king; a king move is legal when its destination is
/// not attacked with the king lifted off the board.
#[inline(always)]
pub(crate) fn resolve_as<const R: u8>(
    pos: &Position,
    file: Option<u8>,
    rank: Option<u8>,
    to: Square,
    promotion: Option<Role>,
    in_check: bool,
) -> Option<Move> {
    let us = pos.side_to_move();
    let role = Role::ALL[R as usize];
    let ours = pos.pieces_of_color(us);
    if ours.contains(to) || (R != PAWN && promotion.is_some()) {
        return None;
    }
    let mut from_mask = pos.pieces(us, role);
    if let Some(f) = file {
        from_mask &= Bitboard(0x0101_0101_0101_0101 << f);
    }
    if let Some(r) = rank {
        from_mask &= Bitboard(0xff << (8 * r));
    }
    let occupied = pos.occupied();
    let king = pos.king(us);
    let candidates = match R {
        KING => {
            let from = (attacks::king_attacks(to) & from_mask).single()?;
            if attacked(pos, to, !us, occupied.without(from)) {
                return None;
            }
            return Some(Move::new(from, to));
        }
        PAWN => {
            let theirs = pos.pieces_of_color(!us);
            let last = to.index() >> 3 == if us == Color::White { 7 } else { 0 };
            if last != promotion.is_some() {
                return None;
            }
            let back = |sq: Square| -> Option<Square> { sq.offset(0, if us == Color::White { -1 } else { 1 }) };
            let from = match file {
                Some(f) if usize::from(f) != to.index() & 7 => {
                    // A capture (en passant is left to the full parser).
                    if !theirs.contains(to) || (i32::from(f) - (to.index() & 7) as i32).abs() != 1 {
                        return None;
                    }
                    Square::from_index((back(to)?.index() & 0x38) as u8 | f)?
                }
                _ => {
                    if occupied.contains(to) {
                        return None;
                    }
                    let one = back(to)?;
                    if from_mask.contains(one) {
                        one
                    } else if !occupied.contains(one) && to.index() >> 3 == if us == Color::White { 3 } else { 4 } {
                        back(one)?
                    } else {
                        return None;
                    }
                }
            };
            if !from_mask.contains(from) {
                return None;
            }
            from.bitboard()
        }
        KNIGHT => attacks::knight_attacks(to) & from_mask,
        _ => {
            // Without a branch on each slider: most of them do not reach.
            let mut reach = 0u64;
            for from in from_mask {
                reach |= from.bitboard().0 & 0u64.wrapping_sub(u64::from(slides(role, from, to, occupied)));
            }
            Bitboard(reach)
        }
    };
    if candidates.is_empty() {
        return None;
    }
    if in_check {
        let checkers = attackers(pos, king, !us, occupied);
        let checker = checkers.single()?;
        if !(attacks::between(king, checker).with(checker)).contains(to) {
            return None;
        }
    }
    // Enemy sliders that could pin, by the kind of line they move on.
    let them = !us;
    let queens = pos.pieces(them, Role::Queen);
    let straight_snipers = pos.pieces(them, Role::Rook) | queens;
    let diagonal_snipers = pos.pieces(them, Role::Bishop) | queens;
    let mut found = None;
    for from in candidates {
        let ray = attacks::line(king, from);
        let snipers = if straight(king, from) { straight_snipers } else { diagonal_snipers };
        // Rarely true: only then is the precise test needed.
        if (ray & snipers).any() && !ray.contains(to) && exposes_king(pos, king, from, to, occupied) {
            continue;
        }
        if found.is_some() {
            return None;
        }
        found = Some(match promotion {
            Some(role) => Move::promotion(from, to, role),
            None => Move::new(from, to),
        });
    }
    found
}

/// True if moving the piece on `from` (on a line with the king) to `to`
/// (off that line) opens the line to an enemy slider: the piece is pinned.
#[inline]
fn exposes_king(pos: &Position, king: Square, from: Square, to: Square, occupied: Bitboard) -> bool {
    let them = !pos.side_to_move();
    let after = (occupied.without(from)).with(to);
    let theirs = pos.pieces_of_color(them).without(to);
    let queens = pos.pieces(them, Role::Queen);
    let (role, snipers) = if straight(king, from) {
        (Role::Rook, (pos.pieces(them, Role::Rook) | queens) & theirs)
    } else {
        (Role::Bishop, (pos.pieces(them, Role::Bishop) | queens) & theirs)
    };
    // Only the snipers on the king's line through `from`.
    snipers & attacks::line(king, from) & !attacks::between(king, from).with(king) != Bitboard::EMPTY
        && (snipers & attacks::line(king, from)).into_iter().any(|s| slides(role, s, king, after))
}

/// True if `a` and `b` share a rank or a file, from their indexes (the
/// `rank` and `file` accessors read a table). Without branches.
#[inline(always)]
fn straight(a: Square, b: Square) -> bool {
    let x = a.index() ^ b.index();
    (x & 0x38 == 0) | (x & 7 == 0)
}

/// True if a `role` slider (bishop, rook or queen) on `from` reaches `to`
/// on `occupied`. Looks at the 32 KiB `between` table only, not at the
/// slider attack tables (a cache miss each on a large file). Without
/// branches once `role` is known.
#[inline(always)]
fn slides(role: Role, from: Square, to: Square, occupied: Bitboard) -> bool {
    let straight = straight(from, to);
    let aligned = attacks::line(from, to).any();
    let fits = match role {
        Role::Rook => straight,
        Role::Bishop => aligned & !straight,
        _ => aligned,
    };
    fits & (attacks::between(from, to) & occupied).is_empty()
}

/// The pieces of `by` attacking `sq` on `occupied` (sliders found by
/// walking the few enemy sliders, see [`slides`]).
#[inline(always)]
fn attackers(pos: &Position, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
    pos.attackers_with(sq, by, occupied)
}

/// True if `by` attacks `sq` on `occupied`: the step attackers from the
/// small tables first, then the few enemy sliders through [`slides`].
#[inline(always)]
fn attacked(pos: &Position, sq: Square, by: Color, occupied: Bitboard) -> bool {
    let theirs = pos.pieces_of_color(by) & occupied;
    if ((attacks::knight_attacks(sq) & pos.pieces_of_role(Role::Knight))
        | (attacks::pawn_attacks(!by, sq) & pos.pieces_of_role(Role::Pawn))
        | (attacks::king_attacks(sq) & pos.pieces_of_role(Role::King)))
        & theirs
        != Bitboard::EMPTY
    {
        return true;
    }
    let queens = pos.pieces_of_role(Role::Queen);
    ((pos.pieces_of_role(Role::Rook) | queens) & theirs).into_iter().any(|s| slides(Role::Rook, s, sq, occupied))
        || ((pos.pieces_of_role(Role::Bishop) | queens) & theirs)
            .into_iter()
            .any(|s| slides(Role::Bishop, s, sq, occupied))
}

/// True if the side to move in `after` is in check, where `mv` is the move
/// that led to `after`: the moved piece attacks the king, or it uncovered
/// a slider of its side on the line from the king through its origin.
/// Only the small `between` and `line` tables are read; castling and en
/// passant ask [`Position::is_check`].
#[inline(always)]
pub(crate) fn gives_check(after: &Position, mv: Move) -> bool {
    if mv.is_castle() || mv.is_en_passant() {
        return after.is_check();
    }
    match after.role_at(mv.to()) {
        Some(Role::Pawn) => gives_check_as::<PAWN>(after, mv),
        Some(Role::Knight) => gives_check_as::<KNIGHT>(after, mv),
        Some(Role::Bishop) => gives_check_as::<BISHOP>(after, mv),
        Some(Role::Rook) => gives_check_as::<ROOK>(after, mv),
        Some(Role::Queen) => gives_check_as::<QUEEN>(after, mv),
        Some(Role::King) | None => gives_check_as::<KING>(after, mv),
    }
}

/// [`gives_check`] for a normal move or promotion that put a piece of the
/// role `R` on its destination.
#[inline(always)]
pub(crate) fn gives_check_as<const R: u8>(after: &Position, mv: Move) -> bool {
    let them = after.side_to_move();
    let mover = !them;
    let king = after.king(them);
    let (from, to) = (mv.from(), mv.to());
    let occupied = after.occupied();
    let direct = match R {
        PAWN => attacks::pawn_attacks(mover, to).contains(king),
        KNIGHT => attacks::knight_attacks(to).contains(king),
        KING => false,
        _ => slides(Role::ALL[R as usize], to, king, occupied),
    };
    let ray = attacks::line(king, from);
    let queens = after.pieces(mover, Role::Queen);
    let straight = straight(king, from);
    let snipers = if straight { after.pieces(mover, Role::Rook) } else { after.pieces(mover, Role::Bishop) } | queens;
    // Snipers beyond `from`, seen from the king: rarely any, and only
    // then is there more to look at.
    let beyond = ray & !attacks::between(king, from) & !king.bitboard() & !from.bitboard();
    let candidates = snipers & beyond;
    if direct | candidates.is_empty() {
        return direct;
    }
    if ray.contains(to) {
        return false;
    }
    let role = if straight { Role::Rook } else { Role::Bishop };
    candidates.into_iter().any(|s| slides(role, s, king, occupied))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// Every SAN the fast path resolves names the move the full parser
    /// finds, and the SAN of every legal move resolves (or is left to the
    /// full parser) correctly: over random games, for each position, all
    /// legal moves' SAN and every piece-letter/destination text.
    #[test]
    fn fast_path_agrees_with_parse_san() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        ];
        let mut resolved = 0;
        for game in 0..60 {
            let mut pos = Position::from_fen(starts[game % starts.len()]).unwrap();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    // The long forms too, which the reader may meet.
                    check(&pos, &pos.lan(mv));
                    check(&pos, &pos.uci(mv));
                    let san = pos.san(mv);
                    let fast = parse(san.as_bytes()).and_then(|s| resolve(&pos, s, pos.is_check()));
                    assert_eq!(gives_check(&pos.play(mv), mv), pos.play(mv).is_check(), "{san} in {}", pos.fen());
                    if let Some(found) = fast {
                        assert_eq!(found, mv, "{san} in {}", pos.fen());
                        resolved += 1;
                    }
                }
                for role in ["", "N", "B", "R", "Q", "K"] {
                    for to in Square::ALL {
                        for text in [format!("{role}{to}"), format!("{role}x{to}")] {
                            check(&pos, &text);
                        }
                        if role.is_empty() {
                            for f in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] {
                                check(&pos, &format!("{f}x{to}"));
                                check(&pos, &format!("{f}x{to}=Q"));
                                check(&pos, &format!("{to}=N"));
                            }
                        }
                    }
                }
                pos = pos.play(moves[(rng.next() % moves.len() as u64) as usize]);
            }
        }
        assert!(resolved > 10_000, "the fast path resolved only {resolved} moves");
    }

    fn check(pos: &Position, text: &str) {
        let fast = parse(text.as_bytes()).and_then(|s| resolve(pos, s, pos.is_check()));
        if let Some(mv) = fast {
            let full: Result<Move, _> = pos.parse_san(text);
            assert_eq!(full, Ok(mv), "{text} in {}", pos.fen());
        }
    }

    /// What the lexer, `split_annotation` and `parse` make of the first
    /// token of `text`, in the terms of `scan`.
    fn general(text: &[u8]) -> Scan {
        use crate::pgn::input::SliceInput;
        use crate::pgn::lexer::{Lexer, Token};
        let mut lexer = Lexer::new(SliceInput::new(text));
        match lexer.next() {
            Token::Number => Scan::Number(lexer.pos),
            Token::Word(s, e) => {
                let (len, glyph) = split_annotation(&text[s..e]);
                match parse(&text[s..s + len]) {
                    Some(san) if san != San::Null => Scan::Move { san, text_end: s + len, end: e, glyph },
                    _ => Scan::Other,
                }
            }
            _ => Scan::Other,
        }
    }

    /// `scan` reads a token exactly as the general path does, or leaves it
    /// to it: every SAN of random games with check marks, glyphs and the
    /// spellings and bytes that end or continue a token, and move numbers.
    #[test]
    fn scan_agrees_with_the_lexer() {
        let mut rng = Rng(0x0bad_5eed_1234_5678);
        let mut texts: alloc::vec::Vec<alloc::string::String> = alloc::vec::Vec::new();
        for game in 0..40 {
            let mut pos = Position::startpos();
            if game % 2 == 1 {
                pos = Position::from_fen("r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1").unwrap();
            }
            for _ in 0..100 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    texts.push(pos.san(mv));
                }
                pos = pos.play(moves[(rng.next() % moves.len() as u64) as usize]);
            }
        }
        for extra in [
            "Nbd7", "N1xd7", "Qh4e1", "Qh4xe1", "exd6e.p.", "e8=q", "e8Q", "e8/Q", "e8=K", "O-O-", "O-O-O-O", "0-0",
            "1-0", "0-1", "1/2-1/2", "--", "Z0", "Ng", "Nx", "Nxi3", "Kx", "ex", "exd", "e9", "i4", "N", "R1", "Rab",
        ] {
            texts.push(extra.into());
        }
        for n in ["1", "12", "123", "9999999999999999999"] {
            for dots in ["", ".", "...", ".."] {
                texts.push(format!("{n}{dots}"));
            }
        }
        let mut read = 0;
        for base in &texts {
            for suffix in ["", "+", "#", "!", "?", "!!", "??", "!?", "?!", "+!", "#?!", "!+", "++", "!!!", "x", "e4"] {
                for after in ["", " ", "\n", ")", "(", "{", "}", "$1", ";", "*", "]", "-", ".", "\u{e9}"] {
                    let text = format!("{base}{suffix}{after}");
                    let fast = scan(text.as_bytes(), 0);
                    if fast != Scan::Other {
                        assert_eq!(fast, general(text.as_bytes()), "{text:?}");
                        read += 1;
                    }
                }
            }
        }
        assert!(read > 100_000, "scan read only {read} tokens");
    }

    #[test]
    fn annotation_glyphs() {
        let cases: [(&str, usize, Option<u8>); 8] = [
            ("e4", 2, None),
            ("e4!", 2, Some(1)),
            ("e4?", 2, Some(2)),
            ("e4!!", 2, Some(3)),
            ("e4??", 2, Some(4)),
            ("Nf3!?", 3, Some(5)),
            ("Nf3?!", 3, Some(6)),
            ("e4!!!", 5, None),
        ];
        for (text, len, nag) in cases {
            assert_eq!(split_annotation(text.as_bytes()), (len, nag), "{text}");
        }
    }

    #[test]
    fn parses_real_world_spellings() {
        assert_eq!(parse(b"0-0"), Some(San::Castle(CastlingSide::KingSide)));
        assert_eq!(parse(b"O-O-O+"), Some(San::Castle(CastlingSide::QueenSide)));
        assert_eq!(parse(b"Z0"), Some(San::Null));
        assert_eq!(parse(b"--"), Some(San::Null));
        let exd6 = San::Normal { role: Role::Pawn, file: Some(4), rank: None, to: Square::D6, promotion: None };
        assert_eq!(parse(b"exd6e.p."), Some(exd6));
        let promo =
            San::Normal { role: Role::Pawn, file: None, rank: None, to: Square::E8, promotion: Some(Role::Queen) };
        assert_eq!(parse(b"e8=Q#"), Some(promo));
        assert_eq!(parse(b"e8Q"), Some(promo));
        assert_eq!(parse(b"Xe4"), None);
    }
}
