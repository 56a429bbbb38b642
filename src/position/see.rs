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

/// Piece values by [`Role::index`], and 0 for an empty square (index 6,
/// the mailbox's `None`), so that a captured piece's value is one look-up.
type Values = [i32; 7];

/// Piece values clamped to 0..=1,000,000 (no sum of the exchange, at most
/// 32 captures of at most 2,000,000 each, leaves `i32`), as [`Values`].
fn clamp_values(values: &[i32; 6]) -> Values {
    let v = values.map(|v| v.clamp(0, 1_000_000));
    [v[0], v[1], v[2], v[3], v[4], v[5], 0]
}

/// The first move played: the exchange starts from here.
struct Start {
    to: Square,
    /// The occupancy after the first move.
    occupied: Bitboard,
    /// The first move's gain.
    gain: i32,
    /// The value of the piece then on `to`.
    on_square: i32,
}

/// The exchange on one square, as it unfolds (four bitboards, kept in
/// registers).
#[derive(Clone, Copy)]
struct Exchange {
    to: Square,
    occupied: Bitboard,
    /// Pieces of both colours attacking `to` through `occupied`.
    attackers: Bitboard,
    /// The diagonal sliders on `to`'s diagonals and the orthogonal ones on
    /// its rank and file that do not attack it yet: the only pieces an
    /// x-ray can add.
    hidden: Bitboard,
}

/// What decides the attackers of one square without a slider look-up: the
/// pawns, knights and kings attacking it and the sliders on its lines.
#[derive(Clone, Copy)]
struct Reach {
    /// Pawns, knights and kings of both colours attacking the square
    /// (off `occupied` too: the first move's piece has left its square).
    leapers: Bitboard,
    /// Bishops and queens on the square's diagonals, on `occupied`.
    diagonal: Bitboard,
    /// Rooks and queens on the square's rank and file, on `occupied`.
    orthogonal: Bitboard,
}

impl Reach {
    /// The pieces that may attack `to` through `occupied` (the occupancy
    /// after the first move), both colours.
    #[inline(always)]
    fn new(pos: &Position, to: Square, occupied: Bitboard) -> Reach {
        let queens = pos.bb.by_role[Role::Queen.index()];
        let pawns = pos.bb.by_role[Role::Pawn.index()];
        let leapers = (attacks::pawn_attacks(Color::Black, to) & pawns & pos.bb.by_color[Color::White.index()])
            | (attacks::pawn_attacks(Color::White, to) & pawns & pos.bb.by_color[Color::Black.index()])
            | (attacks::knight_attacks(to) & pos.bb.by_role[Role::Knight.index()])
            | (attacks::king_attacks(to) & pos.bb.by_role[Role::King.index()]);
        let diagonal = (pos.bb.by_role[Role::Bishop.index()] | queens) & occupied & attacks::bishop_rays(to);
        let orthogonal = (pos.bb.by_role[Role::Rook.index()] | queens) & occupied & attacks::rook_rays(to);
        Reach { leapers: leapers & occupied, diagonal, orthogonal }
    }

    /// True if none of `pieces` (one side's) may ever capture on the
    /// square: none attacks it, and no slider of theirs stands on its
    /// lines (to be uncovered later).
    #[inline(always)]
    fn none_of(&self, pieces: Bitboard) -> bool {
        ((self.leapers | self.diagonal | self.orthogonal) & pieces).is_empty()
    }

    /// One attacker of `to` among `theirs` (one side's pieces) when the
    /// other side has none: a pawn, knight or king without a slider
    /// look-up, else a slider; `None` if nothing attacks.
    #[inline(always)]
    fn any_attacker(&self, theirs: Bitboard, to: Square, occupied: Bitboard) -> Option<Square> {
        match (self.leapers & theirs).first() {
            Some(sq) => Some(sq),
            None => self.attackers(to, occupied).first(),
        }
    }

    /// The pieces that attack `to` through `occupied` (both colours); each
    /// slider look-up only if a slider of its kind stands on `to`'s lines.
    #[inline(always)]
    fn attackers(&self, to: Square, occupied: Bitboard) -> Bitboard {
        let mut attackers = self.leapers;
        if self.diagonal.any() {
            attackers |= attacks::bishop_attacks(to, occupied) & self.diagonal;
        }
        if self.orthogonal.any() {
            attackers |= attacks::rook_attacks(to, occupied) & self.orthogonal;
        }
        attackers
    }
}

impl Exchange {
    /// The attackers of `to` through `occupied` (the occupancy after the
    /// first move), both colours, from the pieces that may attack it.
    #[inline(always)]
    fn new(reach: &Reach, to: Square, occupied: Bitboard) -> Exchange {
        let attackers = reach.attackers(to, occupied);
        Exchange { to, occupied, attackers, hidden: (reach.diagonal | reach.orthogonal) & !attackers }
    }

    /// True if `to` is on the first or the last rank (a pawn capturing
    /// there promotes).
    #[inline(always)]
    fn last_rank(&self) -> bool {
        LAST_RANKS.contains(self.to)
    }

    /// Takes the attacker on `sq` off the board and adds the slider it
    /// uncovers, if any: only a hidden slider on the line through `to` and
    /// `sq` can be uncovered (and a knight stands on no line of `to`), so
    /// the line is looked up again (out of line) only when it holds one.
    #[inline(always)]
    fn remove(&mut self, pos: &Position, sq: Square) {
        self.occupied ^= sq.bitboard();
        self.attackers ^= sq.bitboard();
        if (line(self.to, sq) & self.hidden).any() {
            let seen = uncovered(pos, self.to, sq, self.occupied) & self.hidden;
            self.attackers |= seen;
            self.hidden ^= seen;
        }
    }

    /// False if `side` surely cannot capture once the piece on `sq` has
    /// left: none of its pieces attacks the square, nor is one of its
    /// sliders hidden behind `sq`.
    #[inline(always)]
    fn may_answer(&self, pos: &Position, side: Color, sq: Square) -> bool {
        ((self.attackers | (line(self.to, sq) & self.hidden)) & pos.bb.by_color[side.index()]).any()
    }

    /// Takes the piece on `sq` off (it has just captured) and says whether
    /// `side` can then capture; false at once, with the piece left on its
    /// square, when [`Exchange::may_answer`] rules an answer out.
    #[inline(always)]
    fn answered_after(&mut self, pos: &Position, side: Color, sq: Square) -> bool {
        if !self.may_answer(pos, side, sq) {
            return false;
        }
        self.remove(pos, sq);
        (self.attackers & pos.bb.by_color[side.index()]).any()
    }

    /// The side's least valuable piece that attacks the square, pins aside
    /// (the king only if it may capture); `None` ends the exchange.
    #[inline(always)]
    fn least(&self, pos: &Position, side: Color) -> Option<(Square, Role)> {
        let candidates = self.attackers & pos.bb.by_color[side.index()];
        let sq = candidates.first()?;
        if !candidates.more_than_one() {
            // (An attacker always has a role: an empty square would count
            // as a king.)
            let role = pos.role_at(sq).unwrap_or(Role::King);
            if role == Role::King {
                return self.king_may_capture(pos, side, sq);
            }
            return Some((sq, role));
        }
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            if let Some(sq) = (candidates & pos.bb.by_role[role.index()]).first() {
                return Some((sq, role));
            }
        }
        let kings = candidates & pos.bb.by_role[Role::King.index()];
        self.king_may_capture(pos, side, kings.first()?)
    }

    /// True if a pin holds `side`'s piece on `sq` in this exchange
    /// ([`held`]).
    #[inline(always)]
    fn held(&self, pos: &Position, side: Color, sq: Square) -> bool {
        held(pos, side, self.to, self.occupied, sq)
    }

    /// The side's least valuable piece that may capture now (not taken
    /// off the board yet); `None` ends the exchange.
    ///
    /// A piece can only be held by a pin if an enemy slider still stands
    /// on the line through its king and its square ([`may_be_pinned`]):
    /// only then does it get the exact test (out of line). A lone
    /// candidate (the usual case) finds its role in the mailbox instead of
    /// by a walk over the roles.
    #[inline(always)]
    fn next(&self, pos: &Position, side: Color) -> Option<(Square, Role)> {
        let candidates = self.attackers & pos.bb.by_color[side.index()];
        let sq = candidates.first()?;
        if !candidates.more_than_one() {
            let role = pos.role_at(sq)?;
            if role == Role::King {
                return self.king_may_capture(pos, side, sq);
            }
            if self.held(pos, side, sq) {
                return None;
            }
            return Some((sq, role));
        }
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let of_role = candidates & pos.bb.by_role[role.index()];
            if let Some(sq) = of_role.first() {
                if !may_be_pinned(pos, side, sq, self.occupied) {
                    return Some((sq, role));
                }
                if let Some(sq) = first_free(pos, side, self.to, self.occupied, of_role) {
                    return Some((sq, role));
                }
            }
        }
        let kings = candidates & pos.bb.by_role[Role::King.index()];
        self.king_may_capture(pos, side, kings.first()?)
    }

    /// The king on `sq` as the capturer: only if nothing of the other side
    /// (pinned pieces included) then attacks the square, sliders behind
    /// the king's square included.
    #[inline(always)]
    fn king_may_capture(&self, pos: &Position, side: Color, sq: Square) -> Option<(Square, Role)> {
        let mut after = Exchange { ..*self };
        after.remove(pos, sq);
        if (after.attackers & pos.bb.by_color[(!side).index()]).any() {
            return None;
        }
        Some((sq, Role::King))
    }
}

/// [`SEE_VALUES`] as the exchange code uses them.
const DEFAULT_VALUES: Values = {
    let v = SEE_VALUES;
    [v[0], v[1], v[2], v[3], v[4], v[5], 0]
};

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

    #[inline(always)]
    fn see_values(&self, mv: Move, values: &Values) -> i32 {
        self.see_values_by::<false>(mv, values)
    }

    /// [`Position::see`] with every capture tested for pins as it is
    /// found: for the rare exchange whose first answer a pin holds (out of
    /// line).
    #[cold]
    #[inline(never)]
    fn see_exact(&self, mv: Move, values: &Values) -> i32 {
        self.see_values_by::<true>(mv, values)
    }

    /// The exchange of [`Position::see`]. Unless `EXACT`, the other side's
    /// first answer is found without the pin test, which is made only at
    /// the end, when the usual exchange holds few values any more; if a
    /// pin does hold that piece, [`Position::see_exact`] starts again.
    /// When the mover has nothing that could ever take back, the exchange
    /// is the other side's capture or none, decided before the attackers
    /// are looked up in full.
    #[inline(always)]
    fn see_values_by<const EXACT: bool>(&self, mv: Move, values: &Values) -> i32 {
        let start = match self.see_start(mv, values) {
            Ok(start) => start,
            Err(value) => return value,
        };
        let reach = Reach::new(self, start.to, start.occupied);
        let them = !self.side_to_move();
        let ours = self.bb.by_color[self.side_to_move().index()];
        if !EXACT && reach.none_of(ours) && !LAST_RANKS.contains(start.to) {
            // The mover can never take back (no piece of its attacks the
            // square, no slider of its stands on the square's lines), and
            // off the last ranks no capture promotes: the other side takes,
            // gaining the piece on the square whatever it takes with, or
            // cannot. So the first of its attackers found will do (its
            // pawns, knights and king, without a slider look-up, before its
            // sliders), unless a pin holds it: then the exact run.
            let theirs = self.bb.by_color[them.index()];
            let Some(sq) = reach.any_attacker(theirs, start.to, start.occupied) else {
                return start.gain;
            };
            // (A king is never held: no line joins its square to itself.)
            if held(self, them, start.to, start.occupied, sq) {
                return self.see_exact(mv, values);
            }
            // (No value is negative: taking never loses the other side
            // material here.)
            return start.gain - start.on_square;
        }
        // The rest reads the position through `black_box`, which hides
        // from the compiler that it is the same: it then loads the boards
        // again where they are needed, instead of keeping the ones read
        // above in registers (spilled to the stack on every call, the
        // early exits' included). The values are the same.
        core::hint::black_box(self).see_usual::<EXACT>(mv, values, start, reach)
    }

    /// [`Position::see_values_by`] once the mover may take back: the
    /// attackers in full, and the exchange from the other side's answer
    /// on.
    #[inline(always)]
    fn see_usual<const EXACT: bool>(&self, mv: Move, values: &Values, start: Start, reach: Reach) -> i32 {
        let them = !self.side_to_move();
        let mut ex = Exchange::new(&reach, start.to, start.occupied);
        // The usual exchanges, written out: the other side takes (or
        // cannot), and the mover cannot take back, or takes back and the
        // other side has no answer.
        let found = if EXACT { ex.next(self, them) } else { ex.least(self, them) };
        let Some((sq, role)) = found else {
            return start.gain;
        };
        let held = |ex: &Exchange| !EXACT && ex.held(self, them, sq);
        let (gain, on_square) = capture_value(role, ex.last_rank(), start.on_square, values);
        let balance = start.gain - gain;
        // The other side stops rather than lose by taking; its king's
        // capture ends the exchange.
        if balance >= start.gain || role == Role::King {
            if held(&ex) {
                return self.see_exact(mv, values);
            }
            return balance.min(start.gain);
        }
        // The mover can take back only with a piece that attacks the
        // square already or a slider behind the capturer.
        if !ex.answered_after(self, self.side_to_move(), sq) {
            if held(&ex) {
                return self.see_exact(mv, values);
            }
            return balance;
        }
        if held(&ex) {
            return self.see_exact(mv, values);
        }
        // The mover's take-back (the usual rest ends with it).
        let us = self.side_to_move();
        let Some((sq, role)) = ex.next(self, us) else {
            return balance;
        };
        let lo = balance;
        let (gain, on_square) = capture_value(role, ex.last_rank(), on_square, values);
        let balance = balance + gain;
        let hi = start.gain.min(balance.max(lo));
        if lo >= hi || role == Role::King || !ex.may_answer(self, !us, sq) {
            return balance.max(lo).min(hi);
        }
        ex.remove(self, sq);
        self.see_rest(ex, balance, lo, hi, on_square, values)
    }

    /// The rest of [`Position::see`]'s exchange, from the other side's
    /// answer to the mover's first take-back on (out of line: the usual
    /// exchange ends before).
    ///
    /// The exchange as a window: `balance` is the mover's material balance
    /// if the exchange stopped after the last capture, and the value lies
    /// in `lo..=hi`. The side about to capture may also stop: the opponent
    /// of the mover caps the value at the balance after the mover's
    /// captures (`hi`), the mover raises the floor to the balance after
    /// the opponent's (`lo`). Once `lo >= hi` the value is decided; when
    /// nobody can capture, it is `balance` clamped into the window. (The
    /// minimax over the list of balances, without the list.) A capturer
    /// leaves the board only once the exchange goes on past it, and a
    /// king's capture is always the last.
    #[inline(never)]
    fn see_rest(
        &self,
        mut ex: Exchange,
        mut balance: i32,
        mut lo: i32,
        mut hi: i32,
        mut on_square: i32,
        values: &Values,
    ) -> i32 {
        let us = self.side_to_move();
        // Two captures a turn, the other side's and the mover's. (Each
        // turn reads the position through `black_box`, as `see_usual` does:
        // the boards are then loaded where a capture needs them, not all
        // before the loop and kept on the stack when most exchanges end in
        // the first turn.)
        loop {
            let pos = core::hint::black_box(self);
            let Some((sq, role)) = ex.next(pos, !us) else { break };
            let (gain, placed) = capture_value(role, ex.last_rank(), on_square, values);
            on_square = placed;
            balance -= gain;
            lo = lo.max(balance.min(hi));
            if lo >= hi || role == Role::King || !ex.may_answer(pos, us, sq) {
                break;
            }
            ex.remove(pos, sq);
            let Some((sq, role)) = ex.next(pos, us) else { break };
            let (gain, placed) = capture_value(role, ex.last_rank(), on_square, values);
            on_square = placed;
            balance += gain;
            hi = hi.min(balance.max(lo));
            if lo >= hi || role == Role::King || !ex.may_answer(pos, !us, sq) {
                break;
            }
            ex.remove(pos, sq);
        }
        balance.max(lo).min(hi)
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

    #[inline(always)]
    fn see_ge_values(&self, mv: Move, threshold: i32, values: &Values) -> bool {
        self.see_ge_values_by::<false>(mv, threshold, values)
    }

    /// [`Position::see_ge`] with every capture tested for pins as it is
    /// found (out of line, as [`Position::see_exact`]).
    #[cold]
    #[inline(never)]
    fn see_ge_exact(&self, mv: Move, threshold: i32, values: &Values) -> bool {
        self.see_ge_values_by::<true>(mv, threshold, values)
    }

    /// The exchange of [`Position::see_ge`]; unless `EXACT`, the other
    /// side's first answer is tested for pins only where the answer
    /// depends on its capturer (as in [`Position::see_values_by`]).
    #[inline(always)]
    fn see_ge_values_by<const EXACT: bool>(&self, mv: Move, threshold: i32, values: &Values) -> bool {
        let start = match self.see_start(mv, values) {
            Ok(start) => start,
            Err(value) => return value >= threshold,
        };
        // With f(d) the value of the rest of the exchange from capture d on
        // (f = max(0, gain(d) - f(d + 1)), 0 when nobody can capture),
        // see = first - f(1). The loop decides "f(d) <= bound" (`at_most`)
        // or "f(d) >= bound", one capture at a time.
        let bound = i64::from(start.gain) - i64::from(threshold);
        if bound < 0 {
            return false;
        }
        let last_rank = LAST_RANKS.contains(start.to);
        let promotion = if last_rank { values[Role::Queen.index()] - values[Role::Pawn.index()] } else { 0 };
        // The gain of the next capture is at most this: decided without
        // looking for the capturer (and so, the first time, without the
        // attackers).
        let on_square = start.on_square;
        if i64::from(on_square + promotion.max(0)) <= bound {
            return true;
        }
        // From here on 0 <= bound < most <= 2,000,000. The usual exchange
        // written out, as in `see_values_by`: the other side takes (or
        // cannot), and the mover cannot take back.
        let reach = Reach::new(self, start.to, start.occupied);
        let them = !self.side_to_move();
        let ours = self.bb.by_color[self.side_to_move().index()];
        if !EXACT && reach.none_of(ours) && !last_rank {
            // The mover can never take back (as in `see_values_by`): the
            // other side's capture, with any piece a pin does not hold,
            // takes the value below the threshold (its gain, `on_square`,
            // is above the bound).
            let theirs = self.bb.by_color[them.index()];
            let Some(sq) = reach.any_attacker(theirs, start.to, start.occupied) else {
                return true;
            };
            if held(self, them, start.to, start.occupied, sq) {
                return self.see_ge_exact(mv, threshold, values);
            }
            return false;
        }
        // The rest reads the position through `black_box` (as in
        // `see_values_by`): the boards are loaded again where needed.
        let pos = core::hint::black_box(self);
        let mut ex = Exchange::new(&reach, start.to, start.occupied);
        let found = if EXACT { ex.next(pos, them) } else { ex.least(pos, them) };
        let Some((sq, role)) = found else {
            return true;
        };
        let held = |ex: &Exchange| !EXACT && ex.held(pos, them, sq);
        let (gain, on_square) = capture_value(role, last_rank, on_square, values);
        // f(1) <= bound  <=>  f(2) >= gain - bound (and then whatever the
        // capturer: no other gains more, unless a promotion is worth less
        // than nothing).
        let bound = gain - bound as i32;
        if bound <= 0 {
            if promotion < 0 && held(&ex) {
                return pos.see_ge_exact(mv, threshold, values);
            }
            return true;
        }
        // Now f(2) <= bound - 1 is the question; f(2) < bound surely when
        // the gain of the next capture is below it, and a king's capture is
        // the last.
        if role == Role::King {
            return false;
        }
        if on_square + promotion.max(0) < bound {
            if held(&ex) {
                return pos.see_ge_exact(mv, threshold, values);
            }
            return false;
        }
        if !ex.answered_after(pos, pos.side_to_move(), sq) {
            if held(&ex) {
                return pos.see_ge_exact(mv, threshold, values);
            }
            return false;
        }
        if held(&ex) {
            return pos.see_ge_exact(mv, threshold, values);
        }
        pos.see_ge_rest(ex, bound, on_square, promotion, values)
    }

    /// The rest of [`Position::see_ge`]'s exchange, from the mover's first
    /// recapture on, deciding "f(2) >= bound" (out of line: the usual
    /// exchange ends before).
    #[inline(never)]
    fn see_ge_rest(
        &self,
        mut ex: Exchange,
        mut bound: i32,
        mut on_square: i32,
        promotion: i32,
        values: &Values,
    ) -> bool {
        let mut at_most = false;
        let mut side = self.side_to_move();
        loop {
            // (The position through `black_box`, as in `see_rest`.)
            let pos = core::hint::black_box(self);
            let Some((sq, role)) = ex.next(pos, side) else { return at_most };
            let (gain, placed) = capture_value(role, ex.last_rank(), on_square, values);
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
            let most = on_square + promotion.max(0);
            if at_most && most <= bound {
                return true;
            }
            if !at_most && most < bound {
                return false;
            }
            if role == Role::King {
                // Nothing of the other side attacks the square any more.
                return at_most;
            }
            ex.remove(pos, sq);
            side = !side;
        }
    }

    /// Plays the first move of the exchange: the start of the exchange, or
    /// its value when there is none.
    #[inline(always)]
    fn see_start(&self, mv: Move, values: &Values) -> Result<Start, i32> {
        let (from, to) = (mv.from(), mv.to());
        if !matches!(mv.kind(), MoveKind::Normal) {
            return self.see_start_special(mv, values);
        }
        let gain = values[self.role_at(to).map_or(6, Role::index)];
        let occupied = Bitboard(self.occupied().0 ^ from.bitboard().0 | to.bitboard().0);
        // (An empty `from`, a move that is not pseudo-legal, counts as
        // worth 0: no test on the usual path.)
        let on_square = values[self.role_at(from).map_or(6, Role::index)];
        Ok(Start { to, occupied, gain, on_square })
    }

    /// [`Position::see_start`] for promotions, en passant and castling.
    #[cold]
    #[inline(never)]
    fn see_start_special(&self, mv: Move, values: &Values) -> Result<Start, i32> {
        if matches!(mv.kind(), MoveKind::Castle) {
            return Err(0);
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(role) = self.role_at(from) else {
            return Err(0);
        };
        let mut occupied = self.occupied().without(from);
        let mut gain = 0;
        match mv.kind() {
            MoveKind::Castle => return Err(0),
            MoveKind::EnPassant => {
                occupied = occupied.without(mv.en_passant_victim()).with(to);
                gain = values[Role::Pawn.index()];
            }
            MoveKind::Normal | MoveKind::Promotion => {
                if let Some(captured) = self.role_at(to) {
                    gain = values[captured.index()];
                }
                occupied = occupied.with(to);
            }
        }
        let placed = mv.promotion_role().unwrap_or(role);
        gain += values[placed.index()] - values[role.index()];
        Ok(Start { to, occupied, gain, on_square: values[placed.index()] })
    }
}

/// The first and the last rank.
const LAST_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

/// The gain of a capture by `role` of a piece worth `on_square`, and the
/// value of the piece then on the square (a pawn reaching the last rank
/// becomes a queen).
#[inline(always)]
fn capture_value(role: Role, last_rank: bool, on_square: i32, values: &Values) -> (i32, i32) {
    if role == Role::Pawn && last_rank {
        promotion_value(on_square, values)
    } else {
        (on_square, values[role.index()])
    }
}

/// [`capture_value`] for a pawn reaching the last rank (out of line, and a
/// branch rather than conditional moves on the usual path: rare).
#[cold]
#[inline(never)]
fn promotion_value(on_square: i32, values: &Values) -> (i32, i32) {
    let queen = values[Role::Queen.index()];
    (on_square + queen - values[Role::Pawn.index()], queen)
}

/// The sliders of `pos` that see `to` along the line through `to` and
/// `sq` through `occupied` (out of line: most captures uncover nothing).
#[cold]
#[inline(never)]
fn uncovered(pos: &Position, to: Square, sq: Square, occupied: Bitboard) -> Bitboard {
    let queens = pos.bb.by_role[Role::Queen.index()];
    if attacks::bishop_rays(to).contains(sq) {
        attacks::bishop_attacks(to, occupied) & (pos.bb.by_role[Role::Bishop.index()] | queens)
    } else {
        attacks::rook_attacks(to, occupied) & (pos.bb.by_role[Role::Rook.index()] | queens)
    }
}

/// True if a pin holds the piece of `side` on `sq` (false for a king) in
/// the exchange on `to` through `occupied`: [`may_be_pinned`], then the
/// exact test (out of line).
#[inline(always)]
fn held(pos: &Position, side: Color, to: Square, occupied: Bitboard, sq: Square) -> bool {
    may_be_pinned(pos, side, sq, occupied) && first_free(pos, side, to, occupied, sq.bitboard()).is_none()
}

/// True if the piece of `side` on `sq` may be pinned: an enemy slider of
/// the line's kind (a rook or queen on a rank or file, a bishop or queen
/// on a diagonal) still standing (on `occupied`) on the line through
/// `side`'s king and `sq` (the exact test is [`first_free`]'s, out of
/// line). First whether the king is on one of `sq`'s lines at all (about
/// a third of the candidates), which needs neither the king's square nor
/// the sliders.
#[inline(always)]
fn may_be_pinned(pos: &Position, side: Color, sq: Square, occupied: Bitboard) -> bool {
    let king = pos.bb.by_role[Role::King.index()] & pos.bb.by_color[side.index()];
    if (attacks::queen_rays(sq) & king).is_empty() {
        return false;
    }
    let king = pos.king_square(side);
    let kind = if attacks::rook_rays(king).contains(sq) { Role::Rook } else { Role::Bishop };
    let sliders = pos.bb.by_role[kind.index()] | pos.bb.by_role[Role::Queen.index()];
    (line(king, sq) & sliders & occupied & pos.bb.by_color[(!side).index()]).any()
}

/// The first square of `of_role` (pieces of `side` of one role that attack
/// `to`) whose piece is not held by a pin: pinned to its king before the
/// first move, its pinner still standing (on `occupied`), and `to` off the
/// pin line. Out of line, and free of the exchange, so that the exchange
/// stays in registers: rare.
#[cold]
#[inline(never)]
fn first_free(pos: &Position, side: Color, to: Square, occupied: Bitboard, of_role: Bitboard) -> Option<Square> {
    let king = pos.king_square(side);
    let before = pos.occupied();
    of_role.into_iter().find(|&sq| {
        // Free with a piece between it and the king, off its king's lines,
        // or on the pin line through `to`.
        if (between(king, sq) & before).any() {
            return true;
        }
        let pin_line = line(king, sq);
        if pin_line.is_empty() || pin_line.contains(to) {
            return true;
        }
        let queens = pos.bb.by_role[Role::Queen.index()];
        let theirs = pos.bb.by_color[(!side).index()];
        // The pinner: an enemy slider of the line's kind with `sq`, and
        // nothing else, between it and the king.
        let kind = if attacks::rook_rays(king).contains(sq) {
            pos.bb.by_role[Role::Rook.index()] | queens
        } else {
            pos.bb.by_role[Role::Bishop.index()] | queens
        };
        !(pin_line & kind & theirs).into_iter().any(|pinner| {
            (between(king, pinner) & before) == sq.bitboard() && pinner != to && occupied.contains(pinner)
        })
    })
}
