//! Static exchange evaluation against a slow, independent implementation
//! of the same definition (the `Position::see` documentation): a mailbox,
//! attackers found by walking rays after every capture, pins by walking
//! rays from the kings, and the exchange as a recursion. Plus named cases.

use crate::common;

use chess_movegen::{Color, Move, MoveKind, Piece, Position, Rank, Role, Square, SEE_VALUES};
use common::{Rng, START_FENS};

type Board = [Option<Piece>; 64];

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

fn mailbox(pos: &Position) -> Board {
    let mut board = [None; 64];
    for sq in Square::ALL {
        board[sq.index()] = pos.piece_at(sq);
    }
    board
}

/// The pieces of `color` attacking `t` on `board`, by ray walking.
fn attackers(board: &Board, t: Square, color: Color) -> Vec<(Square, Role)> {
    let mut found = Vec::new();
    let mut add = |sq: Square, roles: &[Role]| {
        if let Some(p) = board[sq.index()] {
            if p.color == color && roles.contains(&p.role) {
                found.push((sq, p.role));
            }
        }
    };
    let back = if color == Color::White { -1 } else { 1 };
    for df in [-1, 1] {
        if let Some(sq) = t.offset(df, back) {
            add(sq, &[Role::Pawn]);
        }
    }
    for (df, dr) in KNIGHT_STEPS {
        if let Some(sq) = t.offset(df, dr) {
            add(sq, &[Role::Knight]);
        }
    }
    for (df, dr) in ROOK_DIRS.iter().chain(&BISHOP_DIRS) {
        if let Some(sq) = t.offset(*df, *dr) {
            add(sq, &[Role::King]);
        }
    }
    for (dirs, roles) in [(ROOK_DIRS, [Role::Rook, Role::Queen]), (BISHOP_DIRS, [Role::Bishop, Role::Queen])] {
        for (df, dr) in dirs {
            let mut sq = t;
            while let Some(next) = sq.offset(df, dr) {
                sq = next;
                if board[sq.index()].is_some() {
                    add(sq, &roles);
                    break;
                }
            }
        }
    }
    found
}

/// (pinned piece, pinner) pairs of `color`, by walking rays from its king.
fn pins(board: &Board, color: Color) -> Vec<(Square, Square)> {
    let king =
        Square::ALL.into_iter().find(|sq| board[sq.index()] == Some(Piece::new(color, Role::King))).expect("king");
    let mut pins = Vec::new();
    for (dirs, slider) in [(ROOK_DIRS, Role::Rook), (BISHOP_DIRS, Role::Bishop)] {
        for (df, dr) in dirs {
            let mut sq = king;
            let mut own = None;
            while let Some(next) = sq.offset(df, dr) {
                sq = next;
                let Some(p) = board[sq.index()] else { continue };
                match own {
                    None if p.color == color => own = Some(sq),
                    None => break,
                    Some(pinned) => {
                        if p.color != color && (p.role == slider || p.role == Role::Queen) {
                            pins.push((pinned, sq));
                        }
                        break;
                    }
                }
            }
        }
    }
    pins
}

/// True if `c` is on the line through `a` and `b` (a queen line).
fn on_line(a: Square, b: Square, c: Square) -> bool {
    let (ax, ay) = (a.file().index() as i32, a.rank().index() as i32);
    let (bx, by) = (b.file().index() as i32, b.rank().index() as i32);
    let (cx, cy) = (c.file().index() as i32, c.rank().index() as i32);
    (bx - ax) * (cy - ay) == (cx - ax) * (by - ay)
}

struct Oracle {
    t: Square,
    values: [i32; 6],
    pins: Vec<(Square, Square)>,
    kings: [Square; 2],
}

impl Oracle {
    /// The best `side` can make of the exchange from here (0 if it stops).
    fn rest(&self, board: &mut Board, side: Color, on_square: i32) -> i32 {
        let mut options: Vec<(Square, Role)> = attackers(board, self.t, side)
            .into_iter()
            .filter(|&(sq, _)| {
                let held = self.pins.iter().any(|&(pinned, pinner)| {
                    pinned == sq
                        && pinner != self.t
                        && board[pinner.index()].is_some()
                        && !on_line(self.kings[side.index()], sq, self.t)
                });
                !held
            })
            .collect();
        options.sort_by_key(|&(sq, role)| (role.index(), sq.index()));
        let Some(&(sq, role)) = options.first() else { return 0 };
        if role == Role::King {
            let mut without = *board;
            without[sq.index()] = None;
            if !attackers(&without, self.t, !side).is_empty() {
                return 0;
            }
        }
        let last_rank = matches!(self.t.rank(), Rank::First | Rank::Eighth);
        let placed = if role == Role::Pawn && last_rank { Role::Queen } else { role };
        let gain = on_square + self.values[placed.index()] - self.values[role.index()];
        let saved = (board[sq.index()], board[self.t.index()]);
        board[sq.index()] = None;
        board[self.t.index()] = Some(Piece::new(side, placed));
        let value = (gain - self.rest(board, !side, self.values[placed.index()])).max(0);
        board[sq.index()] = saved.0;
        board[self.t.index()] = saved.1;
        value
    }
}

fn see_oracle(pos: &Position, mv: Move, values: [i32; 6]) -> i32 {
    if mv.kind() == MoveKind::Castle {
        return 0;
    }
    let mut board = mailbox(pos);
    let us = pos.side_to_move();
    let (from, t) = (mv.from(), mv.to());
    let role = board[from.index()].unwrap().role;
    let pins = [pins(&board, Color::White), pins(&board, Color::Black)].concat();
    let kings = [pos.king(Color::White), pos.king(Color::Black)];
    let mut first = board[t.index()].map_or(0, |p| values[p.role.index()]);
    if mv.kind() == MoveKind::EnPassant {
        first = values[0];
        board[Square::new(t.file(), from.rank()).index()] = None;
    }
    let placed = mv.promotion_role().unwrap_or(role);
    first += values[placed.index()] - values[role.index()];
    board[from.index()] = None;
    board[t.index()] = Some(Piece::new(us, placed));
    let oracle = Oracle { t, values, pins, kings };
    first - oracle.rest(&mut board, !us, values[placed.index()])
}

fn check_move(pos: &Position, mv: Move, rng: &mut Rng) -> i32 {
    let expected = see_oracle(pos, mv, SEE_VALUES);
    let got = pos.see(mv);
    assert_eq!(got, expected, "see {} in {}", pos.uci(mv), pos.fen());
    let random = (rng.next() % 4000) as i32 - 2000;
    for threshold in [got - 1, got, got + 1, random, -random, 0] {
        assert_eq!(pos.see_ge(mv, threshold), got >= threshold, "see_ge {} {threshold} in {}", pos.uci(mv), pos.fen());
    }
    got
}

/// Captures and promotions of 100,000 positions from random playouts
/// (fixed seed), and every legal move of one position in three.
#[test]
fn against_the_oracle_on_random_positions() {
    let mut rng = Rng(0x0005_eed0_f5ee);
    let (mut positions, mut moves, mut losing, mut winning) = (0, 0, 0, 0);
    let other_values = [100, 320, 330, 500, 950, 10_000];
    while positions < 100_000 {
        let mut pos = if rng.next() % 4 == 0 {
            Position::chess960((rng.next() % 960) as u32).unwrap()
        } else {
            Position::from_fen(START_FENS[(rng.next() % START_FENS.len() as u64) as usize]).unwrap()
        };
        for _ in 0..160 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            positions += 1;
            let all = positions % 3 == 0;
            for &mv in &legal {
                let noisy =
                    mv.is_promotion() || mv.is_en_passant() || (pos.piece_at(mv.to()).is_some() && !mv.is_castle());
                if noisy || all {
                    let v = check_move(&pos, mv, &mut rng);
                    moves += 1;
                    losing += u32::from(v < 0);
                    winning += u32::from(v > 0);
                    if positions % 7 == 0 {
                        assert_eq!(
                            pos.see_with(mv, &other_values),
                            see_oracle(&pos, mv, other_values),
                            "{}",
                            pos.fen()
                        );
                    }
                }
            }
            // Captures more often than not, so that games keep exchanges going.
            let captures: Vec<Move> = legal.iter().copied().filter(|m| pos.piece_at(m.to()).is_some()).collect();
            let mv = if !captures.is_empty() && rng.next() % 3 == 0 {
                captures[(rng.next() % captures.len() as u64) as usize]
            } else {
                legal[(rng.next() % legal.len() as u64) as usize]
            };
            pos = pos.play(mv);
        }
    }
    assert!(moves > 500_000 && losing > 10_000 && winning > 10_000, "{moves} {losing} {winning}");
}

fn see_of(fen: &str, uci: &str) -> i32 {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mv = pos.parse_uci(uci).unwrap_or_else(|e| panic!("{uci} in {fen}: {e}"));
    let v = pos.see(mv);
    assert_eq!(v, see_oracle(&pos, mv, SEE_VALUES), "{fen} {uci}: oracle");
    for t in [v - 1, v, v + 1] {
        assert_eq!(pos.see_ge(mv, t), v >= t, "{fen} {uci} see_ge {t}");
    }
    v
}

#[test]
fn named_cases() {
    // Batteries: two rooks against two rooks on the d-file, the pawn on d5 is lost for a rook.
    assert_eq!(see_of("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100 - 500);
    // A queen in front of a rook: both join in, queen first; Black's rook
    // takes the queen and is taken back.
    assert_eq!(see_of("3rk3/8/8/3p4/8/8/3Q4/3RK3 w - - 0 1", "d2d5"), 100 - 900 + 500);
    // X-ray behind a pawn: the bishop on f3 joins after e4 takes.
    assert_eq!(see_of("4k3/8/2p5/3n4/4P3/5B2/8/4K3 w - - 0 1", "e4d5"), 300);
    // A pinned defender does not recapture while the pinner stands.
    assert_eq!(see_of("4k3/4n3/8/3p4/8/2N5/8/K3R3 w - - 0 1", "c3d5"), 100);
    // ... but a pinned piece may capture along its pin line: g7xf6, Bxf6.
    assert_eq!(see_of("7k/6p1/8/8/4N3/8/8/B3K3 w - - 0 1", "e4f6"), -300 + 100);
    // The king recaptures only when nothing else attacks the square.
    assert_eq!(see_of("8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100 - 500);
    assert_eq!(see_of("8/8/4k3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
    // En passant: the captured pawn leaves d5, opening the file for the rook.
    assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
    assert_eq!(see_of("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 0);
    assert_eq!(see_of("4k3/2p5/8/3pP3/8/8/8/3RK3 w - d6 0 1", "e5d6"), 100);
    // Promotion captures: the new piece's value counts, and it is what the
    // opponent recaptures.
    assert_eq!(see_of("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"), 500 + 800);
    assert_eq!(see_of("1r2k3/P2n4/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"), 500 + 800 - 900);
    assert_eq!(see_of("1r2k3/P2n4/8/8/8/8/8/4K3 w - - 0 1", "a7b8n"), 500 + 200 - 300);
    // A quiet promotion into a rook's file.
    assert_eq!(see_of("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 800 - 900);
    // A recapturing pawn promotes to a queen.
    assert_eq!(see_of("1R6/8/7k/8/8/8/p7/1n2K3 w - - 0 1", "b8b1"), 300 - 1300);
    // Quiet moves: a piece moved onto an attacked square.
    assert_eq!(see_of("4k3/8/8/8/2p5/8/8/3QK3 w - - 0 1", "d1d3"), -900);
    assert_eq!(see_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d3"), 0);
    // Castling is 0.
    assert_eq!(see_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), 0);
}

/// Custom values change the result the documented way.
#[test]
fn custom_values() {
    let pos = Position::from_fen("4k3/8/2p5/3n4/8/8/8/3QK3 w - - 0 1").unwrap();
    let mv = pos.parse_uci("d1d5").unwrap();
    assert_eq!(pos.see(mv), 300 - 900);
    assert_eq!(pos.see_with(mv, &[100, 325, 325, 500, 1000, 20_000]), 325 - 1000);
    assert!(pos.see_ge_with(mv, -675, &[100, 325, 325, 500, 1000, 20_000]));
    assert!(!pos.see_ge_with(mv, -674, &[100, 325, 325, 500, 1000, 20_000]));
    // Out-of-range values are clamped, never overflow.
    assert_eq!(pos.see_with(mv, &[i32::MAX; 6]), 0);
    assert!(pos.see_ge(mv, i32::MIN) && !pos.see_ge(mv, i32::MAX));
}
