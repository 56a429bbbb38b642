//! Static exchange evaluation: the material balance of the captures on one
//! square, least valuable attacker first.
//!
//! # The exchange
//!
//! [`Position::see`] plays `mv` (always), then lets the two sides take
//! turns capturing on its destination `t`, each free to stop when going on
//! would lose material; the result is the mover's gain in centipawns with
//! the best stopping choices of both sides. Precisely:
//!
//! - The gain of a capture is the value of the piece it takes; a capture
//!   onto the last rank by a pawn also gains the promotion (the value of the
//!   new piece minus a pawn), and the piece then standing on `t` is the new
//!   piece. `mv` promotes to its own promotion role; a recapturing pawn
//!   always promotes to a queen.
//! - `mv` itself may capture nothing (a quiet move: its gain is 0, or the
//!   promotion's gain); en passant gains a pawn and takes the captured
//!   pawn off its square too. Castling has a value of 0 and no exchange.
//! - Each side captures with its least valuable piece that attacks `t`
//!   (pawn, knight, bishop, rook, queen, king; of two pieces of one role,
//!   the one on the lower square, a1 = 0 … h8 = 63). Attacks are seen
//!   through the squares of the pieces that have already captured, so
//!   sliders behind sliders and behind pawns (x-rays) join in as the pieces
//!   in front leave.
//! - A piece pinned to its own king in the position before `mv` (see
//!   [`Position::pinners`]) does not capture while its pinner still stands
//!   on its square, unless `t` is on the line through king and pinner. Pins
//!   that arise during the exchange are not looked for.
//! - The king captures only if no enemy piece would then attack `t`
//!   (counting pinned pieces and pieces behind the king's square).
//!
//! Default piece values ([`SEE_VALUES`]): pawn 100, knight 300, bishop 300,
//! rook 500, queen 900, king 20,000 (the king is only ever lost by a first
//! move that is not legal).

use crate::attacks::{self, between, line};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Bitboard, Color, Role, Square};

/// The default piece values of [`Position::see`], by [`Role::index`]:
/// pawn 100, knight 300, bishop 300, rook 500, queen 900, king 20,000.
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// The exchange on one square, as it unfolds.
struct Exchange<'a> {
    pos: &'a Position,
    to: Square,
    occupied: Bitboard,
    /// Pieces of both colours attacking `to` through `occupied`.
    attackers: Bitboard,
    diagonal: Bitboard,
    orthogonal: Bitboard,
    last_rank: bool,
}

/// The exchange after the first move, or its final value when there is none.
enum Start {
    Value(i64),
    /// The target square and the occupancy after the first move, the
    /// first move's gain, and the value of the piece then on the square.
    Exchange(Square, Bitboard, i64, i64),
}

impl Exchange<'_> {
    /// The side's least valuable piece that may capture now, taken off its
    /// square; `None` ends the exchange.
    ///
    /// A piece can only be held by a pin if it stands on a line of its
    /// king on which an enemy slider of that line's kind stands (the
    /// "pin zone", from two ray look-ups): only a piece in the zone gets
    /// the exact test (out of line).
    #[inline(always)]
    fn next(&mut self, side: Color) -> Option<Role> {
        let pos = self.pos;
        let candidates = self.attackers & pos.bb.by_color[side.index()];
        if candidates.is_empty() {
            return None;
        }
        let king = pos.king(side);
        let theirs = pos.bb.by_color[(!side).index()];
        let (diagonal_rays, orthogonal_rays) = (attacks::bishop_rays(king), attacks::rook_rays(king));
        let mut zone = Bitboard::EMPTY;
        if (diagonal_rays & self.diagonal & theirs).any() {
            zone |= diagonal_rays;
        }
        if (orthogonal_rays & self.orthogonal & theirs).any() {
            zone |= orthogonal_rays;
        }
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let of_role = candidates & pos.bb.by_role[role.index()];
            if of_role.any() {
                let first = if (of_role & zone).is_empty() {
                    of_role.first()
                } else {
                    first_free(pos, side, self.to, self.occupied, of_role)
                };
                if let Some(sq) = first {
                    self.remove(sq, role);
                    return Some(role);
                }
            }
        }
        // The king, last: it captures only if nothing of the other side
        // (pinned pieces included) then attacks the square, sliders behind
        // the king's square included.
        if (candidates & pos.bb.by_role[Role::King.index()]).any() {
            self.remove(king, Role::King);
            if (self.attackers & theirs).is_empty() {
                return Some(Role::King);
            }
        }
        None
    }

    /// Takes the piece of `role` on `sq` off the board and adds the
    /// sliders it uncovers.
    #[inline(always)]
    fn remove(&mut self, sq: Square, role: Role) {
        self.occupied = self.occupied.without(sq);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen | Role::King) {
            self.attackers |= attacks::bishop_attacks(self.to, self.occupied) & self.diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen | Role::King) {
            self.attackers |= attacks::rook_attacks(self.to, self.occupied) & self.orthogonal;
        }
        self.attackers &= self.occupied;
    }
}

/// [`SEE_VALUES`] as the exchange code uses them.
const DEFAULT_VALUES: [i64; 6] = {
    let mut values = [0; 6];
    let mut i = 0;
    while i < 6 {
        values[i] = SEE_VALUES[i] as i64;
        i += 1;
    }
    values
};

/// Piece values clamped to 0..=1,000,000 (so that no sum overflows).
fn clamp_values(values: &[i32; 6]) -> [i64; 6] {
    values.map(|v| i64::from(v.clamp(0, 1_000_000)))
}

/// # Engine helpers: static exchange evaluation
impl Position {
    /// Static exchange evaluation of `mv` with the default piece values
    /// ([`SEE_VALUES`]): the material the side to move wins (negative:
    /// loses) by the exchange `mv` starts on its destination, in
    /// centipawns. See the module documentation above for the exact rules
    /// (least valuable attacker first, x-rays, pins, the king, en passant,
    /// promotions).
    ///
    /// `mv` should be pseudo-legal; for other moves the value is
    /// meaningless (but never a panic).
    ///
    /// ```
    /// use chess_movegen::Position;
    /// // Rxd5 wins a pawn; Qxd5 then loses the queen for a pawn and a rook.
    /// let pos = Position::from_fen("3rk3/8/8/3p4/8/8/8/3RK2Q w - - 0 1")?;
    /// assert_eq!(pos.see(pos.parse_uci("d1d5")?), 100);
    /// let pos = Position::from_fen("3rk3/4p3/8/3p4/8/8/8/3QK3 w - - 0 1")?;
    /// assert_eq!(pos.see(pos.parse_uci("d1d5")?), 100 - 900);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn see(&self, mv: Move) -> i32 {
        self.see_values(mv, &DEFAULT_VALUES)
    }

    /// [`Position::see`] with other piece values (by [`Role::index`];
    /// each is clamped to 0..=1,000,000).
    pub fn see_with(&self, mv: Move, values: &[i32; 6]) -> i32 {
        self.see_values(mv, &clamp_values(values))
    }

    #[inline]
    fn see_values(&self, mv: Move, values: &[i64; 6]) -> i32 {
        let (mut ex, first, mut on_square) = match self.see_start(mv, values) {
            Start::Value(v) => return v as i32,
            Start::Exchange(to, occupied, first, on_square) => (self.exchange(to, occupied), first, on_square),
        };
        // The exchange as a window: `balance` is the mover's material
        // balance if the exchange stopped after the last capture, and the
        // value lies in `lo..=hi`. The side about to capture may also stop:
        // the opponent of the mover caps the value at the balance after
        // the mover's captures (`hi`), the mover raises the floor to the
        // balance after the opponent's (`lo`). Once `lo >= hi` the value is
        // decided; when nobody can capture, it is `balance` clamped into
        // the window. (The minimax over the list of balances, without the
        // list.)
        let mut balance = first;
        let (mut lo, mut hi) = (i64::MIN, first);
        let mut side = !self.side_to_move();
        let mut mover = false;
        while lo < hi {
            let Some(role) = ex.next(side) else { break };
            let (gain, placed) = capture_value(role, ex.last_rank, on_square, values);
            on_square = placed;
            if mover {
                balance += gain;
                hi = hi.min(balance.max(lo));
            } else {
                balance -= gain;
                lo = lo.max(balance.min(hi));
            }
            mover = !mover;
            side = !side;
        }
        balance.max(lo).min(hi) as i32
    }

    /// True if [`Position::see`]`(mv) >= threshold`, found with as few
    /// captures of the exchange as decide it (the form engines prune
    /// with).
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let pos = Position::from_fen("3rk3/4p3/8/3p4/8/8/8/3QK3 w - - 0 1")?;
    /// let mv = pos.parse_uci("d1d5")?;
    /// assert!(pos.see_ge(mv, -800));
    /// assert!(!pos.see_ge(mv, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        self.see_ge_values(mv, threshold, &DEFAULT_VALUES)
    }

    /// [`Position::see_ge`] with other piece values (as in
    /// [`Position::see_with`]).
    pub fn see_ge_with(&self, mv: Move, threshold: i32, values: &[i32; 6]) -> bool {
        self.see_ge_values(mv, threshold, &clamp_values(values))
    }

    #[inline]
    fn see_ge_values(&self, mv: Move, threshold: i32, values: &[i64; 6]) -> bool {
        let (to, occupied, first, mut on_square) = match self.see_start(mv, values) {
            Start::Value(v) => return v >= i64::from(threshold),
            Start::Exchange(to, occupied, first, on_square) => (to, occupied, first, on_square),
        };
        // With f(d) the value of the rest of the exchange from capture d on
        // (f = max(0, gain(d) - f(d + 1)), 0 when nobody can capture),
        // see = first - f(1). The loop decides "f(d) <= bound" (`at_most`)
        // or "f(d) >= bound", one capture at a time.
        let mut bound = first - i64::from(threshold);
        if bound < 0 {
            return false;
        }
        let mut at_most = true;
        let last_rank = LAST_RANKS.contains(to);
        let promotion = if last_rank { values[Role::Queen.index()] - values[Role::Pawn.index()] } else { 0 };
        // The gain of the next capture is at most this: decided without
        // looking for the capturer (and so, the first time, without the
        // attackers).
        let mut most = on_square + promotion.max(0);
        if most <= bound {
            return true;
        }
        let mut ex = self.exchange(to, occupied);
        let mut side = !self.side_to_move();
        loop {
            let Some(role) = ex.next(side) else { return at_most };
            let (gain, placed) = capture_value(role, last_rank, on_square, values);
            on_square = placed;
            if at_most {
                // f(d) <= bound  <=>  f(d + 1) >= gain - bound
                bound = gain - bound;
                if bound <= 0 {
                    return true;
                }
            } else {
                // f(d) >= bound > 0  <=>  f(d + 1) <= gain - bound
                bound = gain - bound;
                if bound < 0 {
                    return false;
                }
            }
            at_most = !at_most;
            side = !side;
            most = on_square + promotion.max(0);
            if at_most && most <= bound {
                return true;
            }
            if !at_most && most < bound {
                return false;
            }
        }
    }

    /// Plays the first move of the exchange.
    #[inline(always)]
    fn see_start(&self, mv: Move, values: &[i64; 6]) -> Start {
        let (from, to) = (mv.from(), mv.to());
        let Some(role) = self.role_at(from) else {
            return Start::Value(0);
        };
        let mut occupied = self.occupied().without(from);
        let mut first = 0;
        match mv.kind() {
            MoveKind::Castle => return Start::Value(0),
            MoveKind::EnPassant => {
                occupied = occupied.without(mv.en_passant_victim()).with(to);
                first = values[Role::Pawn.index()];
            }
            MoveKind::Normal | MoveKind::Promotion => {
                if let Some(captured) = self.role_at(to) {
                    first = values[captured.index()];
                }
                occupied = occupied.with(to);
            }
        }
        let placed = mv.promotion_role().unwrap_or(role);
        first += values[placed.index()] - values[role.index()];
        Start::Exchange(to, occupied, first, values[placed.index()])
    }

    /// The exchange on `to` after the first move, `occupied` the occupancy
    /// then: the attackers of both colours, with one pair of slider lookups.
    #[inline(always)]
    fn exchange(&self, to: Square, occupied: Bitboard) -> Exchange<'_> {
        let queens = self.pieces_of_role(Role::Queen);
        let diagonal = self.pieces_of_role(Role::Bishop) | queens;
        let orthogonal = self.pieces_of_role(Role::Rook) | queens;
        let pawns = self.pieces_of_role(Role::Pawn);
        let attackers = (attacks::pawn_attacks(Color::Black, to) & pawns & self.pieces_of_color(Color::White))
            | (attacks::pawn_attacks(Color::White, to) & pawns & self.pieces_of_color(Color::Black))
            | (attacks::knight_attacks(to) & self.pieces_of_role(Role::Knight))
            | (attacks::king_attacks(to) & self.pieces_of_role(Role::King))
            | (attacks::rook_attacks(to, occupied) & orthogonal)
            | (attacks::bishop_attacks(to, occupied) & diagonal);
        Exchange {
            pos: self,
            to,
            occupied,
            attackers: attackers & occupied,
            diagonal,
            orthogonal,
            last_rank: LAST_RANKS.contains(to),
        }
    }
}

/// The first and the last rank.
const LAST_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

/// The gain of a capture by `role` of a piece worth `on_square`, and the
/// value of the piece then on the square (a pawn reaching the last rank
/// becomes a queen).
#[inline(always)]
fn capture_value(role: Role, last_rank: bool, on_square: i64, values: &[i64; 6]) -> (i64, i64) {
    if role == Role::Pawn && last_rank {
        let queen = values[Role::Queen.index()];
        (on_square + queen - values[Role::Pawn.index()], queen)
    } else {
        (on_square, values[role.index()])
    }
}

/// The first square of `of_role` (pieces of `side` of one role that attack
/// `to`) whose piece is not held by a pin: pinned to its king before the
/// first move, its pinner still standing (on `occupied`), and `to` off the
/// pin line. Out of line, and free of the exchange, so that the exchange
/// stays in registers: rare.
#[cold]
#[inline(never)]
fn first_free(pos: &Position, side: Color, to: Square, occupied: Bitboard, of_role: Bitboard) -> Option<Square> {
    let king = pos.king(side);
    let before = pos.occupied();
    of_role.into_iter().find(|&sq| {
        let pin_line = line(king, sq);
        if pin_line.is_empty() || pin_line.contains(to) || (between(king, sq) & before).any() {
            return true;
        }
        // The enemy sliders that see the king, on the line, once `sq` is
        // gone: the pinner among them is the one behind `sq`.
        let behind = pos.slider_attackers(king, !side, before.without(sq)) & pin_line;
        !behind
            .into_iter()
            .any(|pinner| between(king, pinner).contains(sq) && pinner != to && occupied.contains(pinner))
    })
}
