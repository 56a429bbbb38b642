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

//!
//! # The algorithm
//!
//! One exchange core serves [`Position::see`] and [`Position::see_ge`]: a
//! minimax over the single line of least-valuable captures, searched with
//! a window as alpha-beta searches a tree. `see` opens the window wide;
//! `see_ge(mv, t)` asks with the narrowest window around `t`, so that it
//! stops as soon as the answer is decided (often before the attackers are
//! looked up at all).

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

/// [`SEE_VALUES`] as the exchange code uses them.
const DEFAULT_VALUES: Values = {
    let v = SEE_VALUES;
    [v[0], v[1], v[2], v[3], v[4], v[5], 0]
};

/// Piece values clamped to 0..=1,000,000 (no sum of the exchange, at most
/// 32 captures of at most 2,000,000 each, leaves `i32`), as [`Values`].
fn clamp_values(values: &[i32; 6]) -> Values {
    let v = values.map(|v| v.clamp(0, 1_000_000));
    [v[0], v[1], v[2], v[3], v[4], v[5], 0]
}

/// A bound beyond the value of any exchange (at most 32 captures of at
/// most 2,000,000 each), so that a window up to it is open.
const UNBOUNDED: i32 = 100_000_000;

/// True if `sq` is on the first or the last rank (a pawn capturing there
/// promotes). A compare with a small constant rather than a test against
/// a mask of both ranks, which would hold a register.
#[cfg_attr(hot_inline, inline(always))]
fn on_last_rank(sq: Square) -> bool {
    sq.index().wrapping_sub(8) >= 48
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

/// One turn of the exchange, seen by the side about to capture (negamax):
/// `stand` is its material balance if it stops here, and only values in
/// `alpha..=beta` matter (the value is clamped into it: fail-hard).
#[derive(Clone, Copy)]
struct Turn {
    stand: i32,
    alpha: i32,
    beta: i32,
}

impl Turn {
    /// The turn's value if its bounds decide it, `most` being the most the
    /// next capture can gain: the side may stop (the value is at least
    /// `stand`), and after its capture the other side may stop (at most
    /// `stand + most`). Raises `alpha` to `stand`, so that `alpha` is the
    /// value when the side cannot capture; `open_below` if `alpha` is
    /// still `-UNBOUNDED`, below every balance.
    #[cfg_attr(hot_inline, inline(always))]
    fn decided(&mut self, most: i32, open_below: bool) -> Option<i32> {
        if self.stand >= self.beta {
            return Some(self.beta);
        }
        // (An open lower bound, `-UNBOUNDED`, is below every balance.)
        self.alpha = if open_below { self.stand } else { self.alpha.max(self.stand) };
        if self.stand + most <= self.alpha {
            return Some(self.alpha);
        }
        None
    }

    /// The turn's value when the side cannot capture (`max` and `min`
    /// rather than `clamp`, which would check its bounds).
    #[cfg_attr(hot_inline, inline(always))]
    fn last(self) -> i32 {
        self.stand.max(self.alpha).min(self.beta)
    }

    /// The other side's turn after a capture gaining `gain`.
    #[cfg_attr(hot_inline, inline(always))]
    fn after(self, gain: i32) -> Turn {
        Turn { stand: -(self.stand + gain), alpha: -self.beta, beta: -self.alpha }
    }
}

/// The exchange under way: the board, the turn of `side` (to capture)
/// and the value of the piece on the square.
struct Line {
    ex: Exchange,
    turn: Turn,
    side: Color,
    on_square: i32,
}

impl Line {
    /// `value`, a value of the turn under way, for `us` (the side to
    /// move): the other side's turns count against it.
    #[cfg_attr(hot_inline, inline(always))]
    fn for_mover(&self, us: Color, value: i32) -> i32 {
        if self.side == us {
            value
        } else {
            -value
        }
    }
}

/// The exchange on one square, as it unfolds.
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
    /// Pawns, knights and kings of both colours attacking the square.
    leapers: Bitboard,
    /// Bishops and queens on the square's diagonals.
    diagonal: Bitboard,
    /// Rooks and queens on the square's rank and file.
    orthogonal: Bitboard,
}

impl Reach {
    /// The pieces that may attack `to` through `occupied` (the occupancy
    /// after the first move: the first move's piece has left its square),
    /// both colours.
    #[cfg_attr(hot_inline, inline(always))]
    fn new(pos: &Position, to: Square, occupied: Bitboard) -> Reach {
        let by_role = |role: Role| pos.bb.by_role[role.index()];
        let pawns = by_role(Role::Pawn);
        let leapers = (attacks::pawn_attacks(Color::Black, to) & pawns & pos.bb.by_color[Color::White.index()])
            | (attacks::pawn_attacks(Color::White, to) & pawns & pos.bb.by_color[Color::Black.index()])
            | (attacks::knight_attacks(to) & by_role(Role::Knight))
            | (attacks::king_attacks(to) & by_role(Role::King));
        let queens = by_role(Role::Queen);
        let diagonal = (by_role(Role::Bishop) | queens) & occupied & attacks::bishop_rays(to);
        let orthogonal = (by_role(Role::Rook) | queens) & occupied & attacks::rook_rays(to);
        Reach { leapers: leapers & occupied, diagonal, orthogonal }
    }

    /// True if none of `pieces` can ever capture on the square: none
    /// attacks it, and none is a slider on its lines (to be uncovered).
    #[cfg_attr(hot_inline, inline(always))]
    fn none_of(&self, pieces: Bitboard) -> bool {
        ((self.leapers | self.diagonal | self.orthogonal) & pieces).is_empty()
    }

    /// The pieces that attack `to` through `occupied`, both colours; each
    /// slider look-up only if a slider of its kind stands on `to`'s lines.
    #[cfg_attr(hot_inline, inline(always))]
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

    /// One piece of `theirs` that attacks `to`: a pawn, knight or king
    /// without a slider look-up, else a slider.
    #[cfg_attr(hot_inline, inline(always))]
    fn any_attacker(&self, theirs: Bitboard, to: Square, occupied: Bitboard) -> Option<Square> {
        match (self.leapers & theirs).first() {
            Some(sq) => Some(sq),
            None => (self.attackers(to, occupied) & theirs).first(),
        }
    }
}

impl Exchange {
    /// The exchange on `to` through `occupied` (the occupancy after the
    /// first move), from the pieces that may attack it.
    #[cfg_attr(hot_inline, inline(always))]
    fn new(reach: &Reach, to: Square, occupied: Bitboard) -> Exchange {
        let attackers = reach.attackers(to, occupied);
        Exchange { to, occupied, attackers, hidden: (reach.diagonal | reach.orthogonal) & !attackers }
    }

    /// True if `to` is on the first or the last rank (a pawn capturing
    /// there promotes).
    #[cfg_attr(hot_inline, inline(always))]
    fn last_rank(&self) -> bool {
        on_last_rank(self.to)
    }

    /// Takes the attacker on `sq` off the board and adds the slider it
    /// uncovers, if any: only a hidden slider on the line through `to` and
    /// `sq` can be uncovered (and a knight stands on no line of `to`), so
    /// the line is looked up again (out of line) only when it holds one.
    #[cfg_attr(hot_inline, inline(always))]
    fn remove(&mut self, pos: &Position, sq: Square) {
        self.occupied ^= sq.bitboard();
        self.attackers ^= sq.bitboard();
        if (line(self.to, sq) & self.hidden).any() {
            let seen = uncovered(pos, self.to, sq, self.occupied) & self.hidden;
            self.attackers |= seen;
            self.hidden ^= seen;
        }
    }

    /// The side's least valuable piece that may capture now (not taken
    /// off the board yet); `None` ends the exchange. A lone candidate (the
    /// usual case) finds its role in the mailbox instead of by a walk over
    /// the roles.
    #[cfg_attr(hot_inline, inline(always))]
    fn next(&self, pos: &Position, side: Color) -> Option<(Square, Role)> {
        let candidates = self.attackers & pos.bb.by_color[side.index()];
        let sq = candidates.first()?;
        if !candidates.more_than_one() {
            return match pos.role_at(sq)? {
                Role::King => self.king_may_capture(pos, side, sq),
                _ if held(pos, side, self.to, self.occupied, sq) => None,
                role => Some((sq, role)),
            };
        }
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            if let Some(sq) = (candidates & pos.bb.by_role[role.index()]).first() {
                if !held(pos, side, self.to, self.occupied, sq) {
                    return Some((sq, role));
                }
                if let Some(free) = next_free(pos, side, self.to, self.occupied, candidates) {
                    return Some(free);
                }
                break;
            }
        }
        let kings = candidates & pos.bb.by_role[Role::King.index()];
        self.king_may_capture(pos, side, kings.first()?)
    }

    /// The king on `sq` as the capturer: only if nothing of the other side
    /// (pinned pieces included) then attacks the square, sliders behind
    /// the king's square included.
    #[cfg_attr(hot_inline, inline(always))]
    fn king_may_capture(&self, pos: &Position, side: Color, sq: Square) -> Option<(Square, Role)> {
        let mut after = *self;
        after.remove(pos, sq);
        if (after.attackers & pos.bb.by_color[(!side).index()]).any() {
            return None;
        }
        Some((sq, Role::King))
    }
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
        self.exchange(mv, &DEFAULT_VALUES, -UNBOUNDED, UNBOUNDED)
    }

    /// [`Position::see`] with other piece values (by [`Role::index`];
    /// each is clamped to 0..=1,000,000).
    pub fn see_with(&self, mv: Move, values: &[i32; 6]) -> i32 {
        self.exchange(mv, &clamp_values(values), -UNBOUNDED, UNBOUNDED)
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
        self.exchange_ge(mv, threshold, &DEFAULT_VALUES)
    }

    /// [`Position::see_ge`] with other piece values (as in
    /// [`Position::see_with`]).
    pub fn see_ge_with(&self, mv: Move, threshold: i32, values: &[i32; 6]) -> bool {
        self.exchange_ge(mv, threshold, &clamp_values(values))
    }

    /// [`Position::see_ge`] as the exchange in the window `t - 1..=t`: its
    /// value, clamped into the window, reaches `t` exactly when the value
    /// does. (Every value lies strictly inside `±UNBOUNDED`, so a
    /// threshold beyond is clamped without changing the answer.)
    #[cfg_attr(hot_inline, inline(always))]
    fn exchange_ge(&self, mv: Move, threshold: i32, values: &Values) -> bool {
        let t = threshold.clamp(1 - UNBOUNDED, UNBOUNDED);
        self.exchange(mv, values, t - 1, t) >= t
    }

    /// The value of the exchange `mv` starts, for the side to move,
    /// clamped into `alpha..=beta` (`alpha < beta`): the turns of the two
    /// sides in turn ([`Turn`]), each side's capture its least valuable
    /// attacker's ([`Exchange::next`]). The first turn's bounds are tried
    /// before the attackers are looked up.
    #[cfg_attr(hot_inline, inline(always))]
    fn exchange(&self, mv: Move, values: &Values, alpha: i32, beta: i32) -> i32 {
        let start = match self.see_start(mv, values) {
            Ok(start) => start,
            Err(value) => return value.max(alpha).min(beta),
        };
        let us = self.side_to_move();
        // The most the next capture can gain (a pawn takes on the last
        // rank as a queen).
        let last_rank = on_last_rank(start.to);
        let most = if last_rank { start.on_square + promotion_gain(values) } else { start.on_square };
        let mut turn = Turn { stand: -start.gain, alpha: -beta, beta: -alpha };
        // An open window, `see`'s, is never cut here, and its `alpha` is
        // raised to the standing balance, which lies inside the window:
        // neither test is in its code.
        let open = beta - alpha >= 2 * UNBOUNDED;
        if open {
            turn.alpha = turn.stand;
        } else if let Some(value) = turn.decided(most, false) {
            return -value;
        }
        let reach = Reach::new(self, start.to, start.occupied);
        if !last_rank && reach.none_of(self.bb.by_color[us.index()]) {
            // The mover can never take back: the other side's capture, if
            // any, is the last, and gains the piece on the square whatever
            // takes it (off the last ranks), so the first capturer found
            // will do, unless a pin holds it.
            let theirs = self.bb.by_color[(!us).index()];
            let Some(sq) = reach.any_attacker(theirs, start.to, start.occupied) else {
                return -turn.alpha;
            };
            if !held(self, !us, start.to, start.occupied, sq) {
                // (In an open window the capture's balance is the value:
                // it lies inside the window, as no capture loses.)
                let after = turn.after(start.on_square);
                return if open { after.stand } else { after.last() };
            }
        }
        let mut line =
            Line { ex: Exchange::new(&reach, start.to, start.occupied), turn, side: !us, on_square: start.on_square };
        // The first two captures written out (most exchanges end there),
        // the rest out of line.
        // (With the window open, the side that answers the first capture
        // has no lower bound yet.)
        if let Some(value) = self.capture(&mut line, values, open) {
            return value;
        }
        if let Some(value) = self.capture(&mut line, values, false) {
            return value;
        }
        // (Usually nobody can take a third time.)
        if (line.ex.attackers & self.bb.by_color[line.side.index()]).is_empty() {
            return line.for_mover(us, line.turn.alpha);
        }
        self.exchange_rest(line, values)
    }

    /// The exchange from its third capture on (out of line: rare). The
    /// third capture is written out before the loop: most of these
    /// exchanges end there, before a loop would have fetched all it might
    /// need.
    #[inline(never)]
    fn exchange_rest(&self, mut line: Line, values: &Values) -> i32 {
        if let Some(value) = self.capture(&mut line, values, false) {
            return value;
        }
        loop {
            if let Some(value) = self.capture(&mut line, values, false) {
                return value;
            }
        }
    }

    /// The next capture of `line`: the value for the side to move once it
    /// is decided, else `None` (the capture made). `open_below` if the
    /// window is still open below for the side that answers.
    #[cfg_attr(hot_inline, inline(always))]
    fn capture(&self, line: &mut Line, values: &Values, open_below: bool) -> Option<i32> {
        let us = self.side_to_move();
        let Some((sq, role)) = line.ex.next(self, line.side) else {
            // `alpha`, raised to the standing balance: the value when the
            // side cannot capture.
            return Some(line.for_mover(us, line.turn.alpha));
        };
        let last_rank = line.ex.last_rank();
        let (gain, placed) = capture_value(role, last_rank, line.on_square, values);
        line.on_square = placed;
        line.turn = line.turn.after(gain);
        line.side = !line.side;
        let most = if last_rank { line.on_square + promotion_gain(values) } else { line.on_square };
        if let Some(value) = line.turn.decided(most, open_below) {
            return Some(line.for_mover(us, value));
        }
        line.ex.remove(self, sq);
        None
    }

    /// Plays the first move of the exchange: the start of the exchange, or
    /// its value when there is none.
    #[cfg_attr(hot_inline, inline(always))]
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

/// The gain of a capture by `role` of a piece worth `on_square`, and the
/// value of the piece then on the square (a pawn reaching the last rank
/// becomes a queen).
#[cfg_attr(hot_inline, inline(always))]
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

/// The most a promotion to a queen adds to a pawn's capture (out of
/// line: rare).
#[cold]
#[inline(never)]
fn promotion_gain(values: &Values) -> i32 {
    (values[Role::Queen.index()] - values[Role::Pawn.index()]).max(0)
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

/// The least valuable of `candidates` (kings aside) that no pin holds in
/// the exchange on `to` through `occupied`, for [`Exchange::next`] when a
/// pin holds the least valuable one (out of line: rare).
#[cold]
#[inline(never)]
fn next_free(
    pos: &Position,
    side: Color,
    to: Square,
    occupied: Bitboard,
    candidates: Bitboard,
) -> Option<(Square, Role)> {
    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let of_role = candidates & pos.bb.by_role[role.index()];
        if let Some(sq) = of_role.into_iter().find(|&sq| !held(pos, side, to, occupied, sq)) {
            return Some((sq, role));
        }
    }
    None
}

/// True if a pin holds the piece of `side` on `sq` (never a king's) in
/// the exchange on `to` through `occupied`: pinned to its king before the
/// first move, its pinner still standing (on `occupied`), and `to` off the
/// pin line. A piece can only be held if an enemy slider still stands on
/// the line through its king and its square ([`may_be_pinned`]): only
/// then does it get the exact test ([`pinned_off_line`], out of line).
#[cfg_attr(hot_inline, inline(always))]
fn held(pos: &Position, side: Color, to: Square, occupied: Bitboard, sq: Square) -> bool {
    may_be_pinned(pos, side, sq, occupied) && pinned_off_line(pos, side, to, occupied, sq)
}

/// True if the piece of `side` on `sq` may be pinned: an enemy slider of
/// the line's kind (a rook or queen on a rank or file, a bishop or queen
/// on a diagonal) still standing (on `occupied`) on the line through
/// `side`'s king and `sq` (the exact test is [`pinned_off_line`]'s). First
/// whether the king is on one of `sq`'s lines at all (about a third of
/// the candidates), which needs neither the king's square nor the
/// sliders.
#[cfg_attr(hot_inline, inline(always))]
fn may_be_pinned(pos: &Position, side: Color, sq: Square, occupied: Bitboard) -> bool {
    let king = pos.bb.by_role[Role::King.index()] & pos.bb.by_color[side.index()];
    if (attacks::queen_rays(sq) & king).is_empty() {
        return false;
    }
    let king = pos.king(side);
    let kind = if attacks::rook_rays(king).contains(sq) { Role::Rook } else { Role::Bishop };
    let sliders = pos.bb.by_role[kind.index()] | pos.bb.by_role[Role::Queen.index()];
    (line(king, sq) & sliders & occupied & pos.bb.by_color[(!side).index()]).any()
}

/// True if the piece of `side` on `sq` was pinned to its king before the
/// first move by an enemy slider that still stands (on `occupied`, and
/// not on `to`), with `to` off the pin line. Out of line: rare.
#[cold]
#[inline(never)]
fn pinned_off_line(pos: &Position, side: Color, to: Square, occupied: Bitboard, sq: Square) -> bool {
    let king = pos.king(side);
    let before = pos.occupied();
    let pin_line = line(king, sq);
    // Free with a piece between it and the king, off its king's lines, or
    // on the pin line through `to`.
    if (between(king, sq) & before).any() || pin_line.is_empty() || pin_line.contains(to) {
        return false;
    }
    let queens = pos.bb.by_role[Role::Queen.index()];
    let kind = if attacks::rook_rays(king).contains(sq) {
        pos.bb.by_role[Role::Rook.index()] | queens
    } else {
        pos.bb.by_role[Role::Bishop.index()] | queens
    };
    // The pinner: an enemy slider of the line's kind with `sq`, and
    // nothing else, between it and the king.
    (pin_line & kind & pos.bb.by_color[(!side).index()])
        .into_iter()
        .any(|pinner| (between(king, pinner) & before) == sq.bitboard() && pinner != to && occupied.contains(pinner))
}
