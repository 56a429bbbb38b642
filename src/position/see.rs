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
use crate::types::{Bitboard, Color, Rank, Role, Square};

/// The default piece values of [`Position::see`], by [`Role::index`]:
/// pawn 100, knight 300, bishop 300, rook 500, queen 900, king 20,000.
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// The exchange on one square, as it unfolds.
struct Exchange {
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
    /// The exchange, the first move's gain, the value of the piece then on
    /// the square, and the side to capture next.
    Exchange(Exchange, i64, i64),
}

impl Exchange {
    /// The side's least valuable piece that may capture now, taken off its
    /// square; `None` ends the exchange.
    #[inline]
    fn next(&mut self, pos: &Position, side: Color) -> Option<Role> {
        let candidates = self.attackers & pos.pieces_of_color(side);
        if candidates.is_empty() {
            return None;
        }
        for role in Role::ALL {
            let mut of_role = candidates & pos.pieces_of_role(role);
            while let Some(sq) = of_role.first() {
                if role == Role::King {
                    if self.defended_without(pos, !side, sq) {
                        return None;
                    }
                } else if self.held_by_pin(pos, side, sq) {
                    of_role = of_role.without(sq);
                    continue;
                }
                self.remove(sq, role);
                return Some(role);
            }
        }
        None
    }

    /// True if the piece of `side` on `sq` was pinned to its king before
    /// the first move, its pinner still stands, and the target is off the
    /// pin line.
    #[inline]
    fn held_by_pin(&self, pos: &Position, side: Color, sq: Square) -> bool {
        let king = pos.king(side);
        let pin_line = line(king, sq);
        if pin_line.is_empty() || pin_line.contains(self.to) {
            return false;
        }
        let before = pos.occupied();
        if (between(king, sq) & before).any() {
            return false;
        }
        // The enemy sliders that see the king, on the line, once `sq` is
        // gone: the pinner among them is the one behind `sq`.
        let behind = pos.slider_attackers(king, !side, before.without(sq)) & pin_line;
        self.held_by(king, sq, behind)
    }

    /// Among the enemy sliders `behind` (on the line through `king` and
    /// `sq`), the one beyond `sq`, if it still stands on its square.
    #[cold]
    fn held_by(&self, king: Square, sq: Square, behind: Bitboard) -> bool {
        behind
            .into_iter()
            .any(|pinner| between(king, pinner).contains(sq) && pinner != self.to && self.occupied.contains(pinner))
    }

    /// True if `by` attacks `to` once the piece on `leaving` is gone.
    fn defended_without(&self, pos: &Position, by: Color, leaving: Square) -> bool {
        let occupied = self.occupied.without(leaving);
        let sliders = (attacks::rook_attacks(self.to, occupied) & self.orthogonal)
            | (attacks::bishop_attacks(self.to, occupied) & self.diagonal);
        ((self.attackers | sliders) & occupied & pos.pieces_of_color(by)).any()
    }

    /// Takes the piece of `role` on `sq` off the board and adds the
    /// sliders it uncovers.
    #[inline]
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
            Start::Exchange(ex, first, on_square) => (ex, first, on_square),
        };
        // gains[d]: the balance for the side making capture d if the
        // exchange stopped after it.
        let mut gains = [0i64; 40];
        gains[0] = first;
        let mut depth = 0;
        let mut side = !self.side_to_move();
        while depth + 1 < gains.len() {
            let Some(role) = ex.next(self, side) else { break };
            let (gain, placed) = capture_value(role, ex.last_rank, on_square, values);
            depth += 1;
            gains[depth] = gain - gains[depth - 1];
            on_square = placed;
            side = !side;
        }
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0] as i32
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
        let (mut ex, first, mut on_square) = match self.see_start(mv, values) {
            Start::Value(v) => return v >= i64::from(threshold),
            Start::Exchange(ex, first, on_square) => (ex, first, on_square),
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
        let promotion = if ex.last_rank { values[Role::Queen.index()] - values[Role::Pawn.index()] } else { 0 };
        let mut side = !self.side_to_move();
        loop {
            // The gain of the next capture is at most this: decided
            // without looking for the capturer.
            let most = on_square + promotion.max(0);
            if at_most && most <= bound {
                return true;
            }
            if !at_most && most < bound {
                return false;
            }
            let Some(role) = ex.next(self, side) else { return at_most };
            let (gain, placed) = capture_value(role, ex.last_rank, on_square, values);
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
        }
    }

    /// Plays the first move of the exchange.
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
        let queens = self.pieces_of_role(Role::Queen);
        let diagonal = self.pieces_of_role(Role::Bishop) | queens;
        let orthogonal = self.pieces_of_role(Role::Rook) | queens;
        let pawns = self.pieces_of_role(Role::Pawn);
        // The attackers of both colours with one pair of slider lookups.
        let attackers = (attacks::pawn_attacks(Color::Black, to) & pawns & self.pieces_of_color(Color::White))
            | (attacks::pawn_attacks(Color::White, to) & pawns & self.pieces_of_color(Color::Black))
            | (attacks::knight_attacks(to) & self.pieces_of_role(Role::Knight))
            | (attacks::king_attacks(to) & self.pieces_of_role(Role::King))
            | (attacks::rook_attacks(to, occupied) & orthogonal)
            | (attacks::bishop_attacks(to, occupied) & diagonal);
        let ex = Exchange {
            to,
            occupied,
            attackers: attackers & occupied,
            diagonal,
            orthogonal,
            last_rank: matches!(to.rank(), Rank::First | Rank::Eighth),
        };
        Start::Exchange(ex, first, values[placed.index()])
    }
}

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
