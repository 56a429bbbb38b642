//! `Position::see` and `Position::see_ge` against the implementation they
//! replaced (the `reference` module below, kept as it was, through the
//! public API), which `tests/see.rs` checked against the slow oracle: the
//! same value on every legal move of every perft-suite position and of the
//! positions one move after them, and of positions along random games,
//! with `see_ge` at several thresholds and with other piece values.

use crate::common;

use chess_movegen::{CastlingMode, FenOptions, Move, Position, SEE_VALUES};
use common::{read_epd, Rng, START_FENS};

/// The exchange code before its rewrite for speed, word for word but for
/// the crate-private helpers, spelled out with public calls.
mod reference {
    use chess_movegen::attacks::{self, between, line};
    use chess_movegen::{Bitboard, Color, Move, MoveKind, Position, Rank, Role, Square};

    fn slider_attackers(pos: &Position, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let theirs = pos.pieces_of_color(color);
        let queens = pos.pieces_of_role(Role::Queen);
        (attacks::rook_attacks(sq, occupied) & (pos.pieces_of_role(Role::Rook) | queens) & theirs)
            | (attacks::bishop_attacks(sq, occupied) & (pos.pieces_of_role(Role::Bishop) | queens) & theirs)
    }

    struct Exchange {
        to: Square,
        occupied: Bitboard,
        attackers: Bitboard,
        diagonal: Bitboard,
        orthogonal: Bitboard,
        last_rank: bool,
    }

    enum Start {
        Value(i64),
        Exchange(Exchange, i64, i64),
    }

    impl Exchange {
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
            let behind = slider_attackers(pos, king, !side, before.without(sq)) & pin_line;
            behind
                .into_iter()
                .any(|pinner| between(king, pinner).contains(sq) && pinner != self.to && self.occupied.contains(pinner))
        }

        fn defended_without(&self, pos: &Position, by: Color, leaving: Square) -> bool {
            let occupied = self.occupied.without(leaving);
            let sliders = (attacks::rook_attacks(self.to, occupied) & self.orthogonal)
                | (attacks::bishop_attacks(self.to, occupied) & self.diagonal);
            ((self.attackers | sliders) & occupied & pos.pieces_of_color(by)).any()
        }

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

    fn clamp_values(values: &[i32; 6]) -> [i64; 6] {
        values.map(|v| i64::from(v.clamp(0, 1_000_000)))
    }

    fn capture_value(role: Role, last_rank: bool, on_square: i64, values: &[i64; 6]) -> (i64, i64) {
        if role == Role::Pawn && last_rank {
            let queen = values[Role::Queen.index()];
            (on_square + queen - values[Role::Pawn.index()], queen)
        } else {
            (on_square, values[role.index()])
        }
    }

    fn start(pos: &Position, mv: Move, values: &[i64; 6]) -> Start {
        let (from, to) = (mv.from(), mv.to());
        let Some(role) = pos.piece_at(from).map(|p| p.role) else {
            return Start::Value(0);
        };
        let mut occupied = pos.occupied().without(from);
        let mut first = 0;
        match mv.kind() {
            MoveKind::Castle => return Start::Value(0),
            MoveKind::EnPassant => {
                occupied = occupied.without(Square::new(to.file(), from.rank())).with(to);
                first = values[Role::Pawn.index()];
            }
            MoveKind::Normal | MoveKind::Promotion => {
                if let Some(captured) = pos.piece_at(to) {
                    first = values[captured.role.index()];
                }
                occupied = occupied.with(to);
            }
        }
        let placed = mv.promotion_role().unwrap_or(role);
        first += values[placed.index()] - values[role.index()];
        let queens = pos.pieces_of_role(Role::Queen);
        let diagonal = pos.pieces_of_role(Role::Bishop) | queens;
        let orthogonal = pos.pieces_of_role(Role::Rook) | queens;
        let pawns = pos.pieces_of_role(Role::Pawn);
        let attackers = (attacks::pawn_attacks(Color::Black, to) & pawns & pos.pieces_of_color(Color::White))
            | (attacks::pawn_attacks(Color::White, to) & pawns & pos.pieces_of_color(Color::Black))
            | (attacks::knight_attacks(to) & pos.pieces_of_role(Role::Knight))
            | (attacks::king_attacks(to) & pos.pieces_of_role(Role::King))
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

    /// `Position::see_with` as it was.
    pub fn see_with(pos: &Position, mv: Move, values: &[i32; 6]) -> i32 {
        let values = &clamp_values(values);
        let (mut ex, first, mut on_square) = match start(pos, mv, values) {
            Start::Value(v) => return v as i32,
            Start::Exchange(ex, first, on_square) => (ex, first, on_square),
        };
        let mut gains = [0i64; 40];
        gains[0] = first;
        let mut depth = 0;
        let mut side = !pos.side_to_move();
        while depth + 1 < gains.len() {
            let Some(role) = ex.next(pos, side) else { break };
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

    /// `Position::see_ge_with` as it was.
    pub fn see_ge_with(pos: &Position, mv: Move, threshold: i32, values: &[i32; 6]) -> bool {
        let values = &clamp_values(values);
        let (mut ex, first, mut on_square) = match start(pos, mv, values) {
            Start::Value(v) => return v >= i64::from(threshold),
            Start::Exchange(ex, first, on_square) => (ex, first, on_square),
        };
        let mut bound = first - i64::from(threshold);
        if bound < 0 {
            return false;
        }
        let mut at_most = true;
        let promotion = if ex.last_rank { values[Role::Queen.index()] - values[Role::Pawn.index()] } else { 0 };
        let mut side = !pos.side_to_move();
        loop {
            let most = on_square + promotion.max(0);
            if at_most && most <= bound {
                return true;
            }
            if !at_most && most < bound {
                return false;
            }
            let Some(role) = ex.next(pos, side) else { return at_most };
            let (gain, placed) = capture_value(role, ex.last_rank, on_square, values);
            on_square = placed;
            if at_most {
                bound = gain - bound;
                if bound <= 0 {
                    return true;
                }
            } else {
                bound = gain - bound;
                if bound < 0 {
                    return false;
                }
            }
            at_most = !at_most;
            side = !side;
        }
    }
}

/// Other piece values, among them sets where a capture can gain nothing
/// (a pawn worth 0) or lose (a promotion to a queen worth less than the
/// pawn), which the exchange's early stops must handle as the reference.
const OTHER_VALUES: [[i32; 6]; 4] = [
    [100, 320, 330, 500, 950, 10_000],
    [100, 300, 300, 500, 900, 100],
    [0, 1_000_000, 7, 500, 1, i32::MAX],
    [1_000, 300, 300, 100, 0, 20_000],
];

/// Compares every legal move of `pos`; returns how many were compared.
fn compare_all(pos: &Position, rng: &mut Rng, other_values: bool) -> usize {
    let moves = pos.legal_moves();
    for &mv in &moves {
        compare(pos, mv, rng, other_values);
    }
    moves.len()
}

fn compare(pos: &Position, mv: Move, rng: &mut Rng, other_values: bool) {
    let expected = reference::see_with(pos, mv, &SEE_VALUES);
    let got = pos.see(mv);
    assert_eq!(got, expected, "see {} in {}", pos.uci(mv), pos.fen());
    let random = (rng.next() % 4000) as i32 - 2000;
    for threshold in [expected - 1, expected, expected + 1, random, 0, -100, 100, i32::MIN, i32::MAX] {
        assert_eq!(
            pos.see_ge(mv, threshold),
            reference::see_ge_with(pos, mv, threshold, &SEE_VALUES),
            "see_ge {} {threshold} in {}",
            pos.uci(mv),
            pos.fen()
        );
    }
    if other_values {
        let values = &OTHER_VALUES[rng.below(OTHER_VALUES.len())];
        let expected = reference::see_with(pos, mv, values);
        assert_eq!(pos.see_with(mv, values), expected, "see_with {values:?} {} in {}", pos.uci(mv), pos.fen());
        for threshold in [expected - 1, expected, expected + 1, random] {
            assert_eq!(
                pos.see_ge_with(mv, threshold, values),
                reference::see_ge_with(pos, mv, threshold, values),
                "see_ge_with {values:?} {} {threshold} in {}",
                pos.uci(mv),
                pos.fen()
            );
        }
    }
}

/// Every position of every perft suite (every legal move), and for the
/// quick suites and the unusual positions every position one legal move
/// after them too.
#[test]
fn perft_suite_positions() {
    let mut rng = Rng(0x0005_ee50_17ee);
    let mut moves = 0;
    for (file, chess960, children) in [
        ("standard.epd", false, false),
        ("chess960.epd", true, false),
        ("quick.epd", false, true),
        ("quick960.epd", true, true),
        ("unusual.epd", false, true),
    ] {
        let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        for line in read_epd(&text) {
            // The unusual positions: impossible checks accepted, the one
            // with too much material (refused) and the one with a Chess960
            // right (king c1, rook f1) read as Chess960.
            let chess960 = chess960 || line.fen.contains(" K - ");
            let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
            let options = FenOptions::new().castling(mode).impossible_check(true);
            let Ok((pos, _)) = Position::from_fen_with(&line.fen, options) else { continue };
            moves += compare_all(&pos, &mut rng, true);
            if children {
                for &mv in &pos.legal_moves() {
                    moves += compare_all(&pos.play(mv), &mut rng, false);
                }
            }
        }
    }
    assert!(moves > 600_000, "{moves}");
}

/// Every legal move along random games (fixed seed) from the test start
/// positions and Chess960 starts, captures chosen more often than not so
/// that exchanges, promotions and pins come up.
#[test]
fn random_games() {
    let mut rng = Rng(0x000d_dba1_15ee);
    let mut moves = 0;
    for game in 0..2_000 {
        let mut pos = if game % 4 == 0 {
            Position::chess960(rng.below(960) as u32).unwrap()
        } else {
            Position::from_fen(START_FENS[rng.below(START_FENS.len())]).unwrap()
        };
        for _ in 0..150 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            moves += compare_all(&pos, &mut rng, game % 2 == 0);
            let captures: Vec<Move> = legal.iter().copied().filter(|m| pos.piece_at(m.to()).is_some()).collect();
            let mv = if !captures.is_empty() && rng.next() % 3 != 0 {
                captures[rng.below(captures.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            pos = pos.play(mv);
        }
    }
    assert!(moves > 1_000_000, "{moves}");
}
