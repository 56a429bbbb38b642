//! What a WDL probe reads of a position, small enough to copy per capture:
//! the piece sets, the side to move, the en-passant square and the
//! material key, kept up to date as the capture search plays captures.
//!
//! The capture search only ever plays captures, so it needs no clocks,
//! hash, castling or mailbox: a capture here is a few bit operations and
//! a legality test (is the mover's king attacked afterwards), where playing
//! it on a full [`Position`] would also update all of those.

use chess_movegen::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use chess_movegen::{Bitboard, Color, Position, Role, Square};

use crate::material::Material;

/// A position as the probe sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    /// Pieces by role (pawn..king), both colors.
    roles: [u64; 6],
    /// Pieces by color (white, black).
    colors: [u64; 2],
    /// The side to move.
    side: Color,
    /// The square a pawn just skipped, if any (captures leave none).
    ep: Option<Square>,
    /// The material key (piece counts), updated with each capture.
    pub(crate) material: Material,
}

/// A legal capture, played.
pub(crate) struct Capture {
    /// The position after it.
    pub(crate) board: Board,
    /// Whether it captured en passant.
    pub(crate) en_passant: bool,
}

const PAWN: usize = 0;
const KING: usize = 5;
/// The roles a pawn promotes to, queen first.
const PROMOTIONS: [usize; 4] = [4, 3, 2, 1];
/// The first and last ranks, where a pawn promotes.
const BACK_RANKS: u64 = 0xff00_0000_0000_00ff;

impl Board {
    /// The board of `pos`.
    pub(crate) fn of(pos: &Position) -> Board {
        let mut roles = [0u64; 6];
        for role in Role::ALL {
            roles[role.index()] = pos.pieces_of_role(role).0;
        }
        Board {
            roles,
            colors: [pos.pieces_of_color(Color::White).0, pos.pieces_of_color(Color::Black).0],
            side: pos.side_to_move(),
            ep: pos.ep_square(),
            material: Material::of(pos),
        }
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub(crate) fn pieces(&self, color: Color, role: Role) -> Bitboard {
        Bitboard(self.roles[role.index()] & self.colors[color.index()])
    }

    /// The squares of the pieces of color index `color` (0 white, 1 black)
    /// and role index `role` (0 pawn..5 king).
    #[inline]
    pub(crate) fn pieces_by_index(&self, color: usize, role: usize) -> u64 {
        self.roles[role] & self.colors[color]
    }

    /// The side to move.
    #[inline]
    pub(crate) fn side_to_move(&self) -> Color {
        self.side
    }

    /// Whether only the two kings are left.
    #[inline]
    pub(crate) fn kings_only(&self) -> bool {
        (self.colors[0] | self.colors[1]).count_ones() <= 2
    }

    /// Whether a piece of color `by` attacks `sq`, with `occupied` the
    /// occupied squares.
    #[inline]
    fn attacked(&self, sq: Square, by: Color, occupied: u64) -> bool {
        let theirs = self.colors[by.index()];
        let r = &self.roles;
        let occ = Bitboard(occupied);
        (knight_attacks(sq).0 & r[1] & theirs) != 0
            || (king_attacks(sq).0 & r[KING] & theirs) != 0
            || (pawn_attacks(!by, sq).0 & r[PAWN] & theirs) != 0
            || (bishop_attacks(sq, occ).0 & (r[2] | r[4]) & theirs) != 0
            || (rook_attacks(sq, occ).0 & (r[3] | r[4]) & theirs) != 0
    }

    /// The role of the piece on `sq` (which must be occupied).
    #[inline]
    fn role_on(&self, sq: u64) -> usize {
        let mut role = 0;
        while role < 5 && self.roles[role] & sq == 0 {
            role += 1;
        }
        role
    }

    /// Calls `f` with every legal capture (en passant and capturing
    /// promotions included) until it returns `Ok(true)` (stop) or an
    /// error, which is returned.
    #[inline]
    pub(crate) fn captures<E>(&self, mut f: impl FnMut(&Capture) -> Result<bool, E>) -> Result<(), E> {
        let us = self.side;
        let them = !us;
        let ours = self.colors[us.index()];
        // A king is never captured: the side not to move is not in check.
        let targets = self.colors[them.index()] & !self.roles[KING];
        if targets == 0 && self.ep.is_none() {
            return Ok(());
        }
        let occupied = ours | self.colors[them.index()];
        let occ = Bitboard(occupied);
        for role in 0..6 {
            for from in Bitboard(self.roles[role] & ours) {
                let attacks = match role {
                    PAWN => pawn_attacks(us, from).0,
                    1 => knight_attacks(from).0,
                    2 => bishop_attacks(from, occ).0,
                    3 => rook_attacks(from, occ).0,
                    4 => bishop_attacks(from, occ).0 | rook_attacks(from, occ).0,
                    _ => king_attacks(from).0,
                };
                for to in Bitboard(attacks & targets) {
                    let promotes = role == PAWN && to.bitboard().0 & BACK_RANKS != 0;
                    let promotions: &[usize] = if promotes { &PROMOTIONS } else { &[PAWN] };
                    for &promotion in promotions {
                        let to_role = if promotes { promotion } else { role };
                        if let Some(board) = self.play(from, to, role, to_role, to.bitboard().0) {
                            if f(&Capture { board, en_passant: false })? {
                                return Ok(());
                            }
                        }
                    }
                }
            }
        }
        if let Some(ep) = self.ep {
            // The pawn that just moved two squares is one rank behind `ep`
            // from the mover's side.
            let victim = if us == Color::White { ep.bitboard().0 >> 8 } else { ep.bitboard().0 << 8 };
            if victim & self.roles[PAWN] & self.colors[them.index()] != 0 && occupied & ep.bitboard().0 == 0 {
                for from in Bitboard(pawn_attacks(them, ep).0 & self.roles[PAWN] & ours) {
                    if let Some(board) = self.play(from, ep, PAWN, PAWN, victim) {
                        if f(&Capture { board, en_passant: true })? {
                            return Ok(());
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The board after the piece of `role` on `from` captures the piece on
    /// `victim` (`to` itself, or the pawn taken en passant) and lands on
    /// `to` as `to_role`; `None` if that leaves the mover's king attacked.
    #[inline]
    fn play(&self, from: Square, to: Square, role: usize, to_role: usize, victim: u64) -> Option<Board> {
        let us = self.side;
        let them = !us;
        let captured = self.role_on(victim);
        let mut b = *self;
        let from_bb = from.bitboard().0;
        let to_bb = to.bitboard().0;
        b.roles[captured] &= !victim;
        b.colors[them.index()] &= !victim;
        b.roles[role] &= !from_bb;
        b.roles[to_role] |= to_bb;
        b.colors[us.index()] = (b.colors[us.index()] & !from_bb) | to_bb;
        let king = Bitboard(b.roles[KING] & b.colors[us.index()]).first()?;
        if b.attacked(king, them, b.colors[0] | b.colors[1]) {
            return None;
        }
        b.side = them;
        b.ep = None;
        b.material = self.material.removed(them.index(), captured);
        if to_role != role {
            b.material = b.material.removed(us.index(), PAWN).added(us.index(), to_role);
        }
        Some(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_movegen::FenOptions;

    /// The captures of the board, as the positions they lead to.
    fn capture_fens(pos: &Position) -> Vec<(String, bool)> {
        let mut out = Vec::new();
        let _ = Board::of(pos).captures::<()>(|c| {
            out.push((board_fen(&c.board), c.en_passant));
            Ok(false)
        });
        out.sort();
        out
    }

    fn board_fen(b: &Board) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = 1u64 << (rank * 8 + file);
                let ch = (0..6).find(|&r| b.roles[r] & sq != 0).map(|r| {
                    let c = b"pnbrqk"[r] as char;
                    if b.colors[0] & sq != 0 {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                });
                s.push(ch.unwrap_or('.'));
            }
        }
        s.push(if b.side == Color::White { 'w' } else { 'b' });
        s
    }

    #[test]
    fn captures_are_the_legal_captures() {
        let fens = [
            // En passant, a pinned pawn that may not take en passant, promotions.
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            "8/8/8/3pP3/8/8/8/K6k w - d6 0 1",
            "1n1r4/2P5/8/8/8/8/8/K6k w - - 0 1",
            "8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1",
            "4k3/8/8/8/1b6/8/3N4/4K2r w - - 0 1",
            "8/8/4k3/3pP3/8/8/8/4K3 w - d6 0 1",
            "8/2p5/8/KP5r/8/8/8/7k b - - 0 1",
            "r3k3/8/8/8/8/8/8/R3K2n w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen_with(fen, FenOptions::new()).unwrap().0;
            let mut expected: Vec<(String, bool)> = pos
                .legal_captures()
                .iter()
                .map(|&mv| {
                    let next = Board::of(&pos.play(mv));
                    (board_fen(&next), mv.is_en_passant())
                })
                .collect();
            expected.sort();
            assert_eq!(capture_fens(&pos), expected, "{fen}");
            // The material key follows the captures.
            let _ = Board::of(&pos).captures::<()>(|c| {
                let mut count = 0;
                for color in 0..2 {
                    for role in 0..6 {
                        let n = (c.board.roles[role] & c.board.colors[color]).count_ones() as usize;
                        assert_eq!(c.board.material.count(color, role), n, "{fen}");
                        count += n;
                    }
                }
                assert_eq!(count, (c.board.colors[0] | c.board.colors[1]).count_ones() as usize);
                Ok(false)
            });
        }
    }
}
