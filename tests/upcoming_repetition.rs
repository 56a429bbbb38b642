//! Upcoming repetitions: `Game`'s exact query against playing every legal
//! move, and `KeyHistory` against a slow reading of its documented meaning,
//! on random playouts that favour reversible moves.

use crate::common;

use chess_movegen::{attacks, Game, KeyHistory, Move, Position, Role};
use common::{Rng, KIWIPETE};

const MIDDLEGAMES: [&str; 4] = [
    KIWIPETE,
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 13",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

fn starts() -> Vec<Position> {
    let mut starts = vec![Position::startpos()];
    starts.extend(MIDDLEGAMES.iter().map(|fen| fen.parse::<Position>().unwrap()));
    starts.extend([0, 100, 518, 959].iter().map(|&n| Position::chess960(n).unwrap()));
    starts
}

/// A random legal move: one to an earlier position among `seen` keys a
/// third of the time when there is one, else reversible nine times in ten
/// when one exists.
fn pick(pos: &Position, seen: &[u64], rng: &mut Rng) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let back: Vec<Move> = moves.iter().copied().filter(|&mv| seen.contains(&pos.play(mv).repetition_key())).collect();
    if !back.is_empty() && rng.below(3) == 0 {
        return Some(back[rng.below(back.len())]);
    }
    let quiet: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| !pos.is_capture(mv) && pos.piece_at(mv.from()).unwrap().role != Role::Pawn)
        .collect();
    if !quiet.is_empty() && rng.below(10) != 0 {
        Some(quiet[rng.below(quiet.len())])
    } else {
        Some(moves[rng.below(moves.len())])
    }
}

/// The legal moves after which the position's repetition key occurs among
/// `keys` (the keys of the game so far) since the last irreversible move.
fn brute_force(pos: &Position, keys: &[u64]) -> Vec<Move> {
    let mut found: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&mv| {
            let after = pos.play(mv);
            let window = (after.halfmove_clock() as usize).min(keys.len());
            keys[keys.len() - window..].contains(&after.repetition_key())
        })
        .collect();
    found.sort_by_key(|mv| mv.to_bits());
    found
}

#[test]
fn game_query_agrees_with_brute_force() {
    let mut rng = Rng(0x5eed_cafe_f00d_1234);
    let (mut plies, mut hits) = (0, 0);
    for start in starts() {
        for _ in 0..6 {
            let mut game = Game::from_position(start);
            let mut keys = vec![start.repetition_key()];
            for _ in 0..150 {
                let pos = *game.position();
                let expected = brute_force(&pos, &keys);
                let mut got: Vec<Move> = game.upcoming_repetition_moves().into_iter().collect();
                got.sort_by_key(|mv| mv.to_bits());
                assert_eq!(got, expected, "{}", pos.fen());
                assert_eq!(game.has_upcoming_repetition(), !expected.is_empty(), "{}", pos.fen());
                plies += 1;
                hits += usize::from(!expected.is_empty());
                let Some(mv) = pick(&pos, &keys, &mut rng) else { break };
                if game.push(mv).is_err() {
                    break;
                }
                keys.push(game.position().repetition_key());
            }
        }
    }
    // The playouts must exercise both answers often.
    assert!(plies > 5000 && hits > 500, "plies {plies}, hits {hits}");
}

/// The slow twin of `KeyHistory`, kept as positions.
struct Slow {
    /// Position, and whether it was reached by a null move.
    stack: Vec<(Position, bool)>,
}

impl Slow {
    /// Index of the first position a repetition of position `n` can reach.
    fn window_start(&self, n: usize) -> usize {
        let mut start = n - (self.stack[n].0.halfmove_clock() as usize).min(n);
        if let Some(null) = (start..=n).rev().find(|&i| self.stack[i].1) {
            start = null;
        }
        start
    }

    /// The nearest earlier occurrence of position `n` in its window.
    fn earlier(&self, n: usize) -> Option<usize> {
        let key = self.stack[n].0.repetition_key();
        (self.window_start(n)..n).rev().find(|&i| self.stack[i].0.repetition_key() == key)
    }

    fn is_repetition(&self, ply: usize) -> bool {
        let n = self.stack.len() - 1;
        self.earlier(n).is_some_and(|j| n - j < ply || self.earlier(j).is_some())
    }

    /// True if one of the side to move's knights, bishops, rooks, queens or
    /// king can slide or step, over empty squares, to give exactly the
    /// placement of an earlier position of the window (other side to move,
    /// same castling rights, no en passant), one in the tree or one that
    /// had itself repeated.
    fn upcoming_repetition(&self, ply: usize) -> bool {
        let n = self.stack.len() - 1;
        let pos = &self.stack[n].0;
        let us = pos.side_to_move();
        let occupied = pos.occupied();
        (self.window_start(n)..n).filter(|&j| (n - j) % 2 == 1).any(|j| {
            let earlier = &self.stack[j].0;
            if earlier.castling_rights() != pos.castling_rights() || earlier.legal_ep_square().is_some() {
                return false;
            }
            let diff: Vec<_> =
                chess_movegen::Square::ALL.into_iter().filter(|&sq| earlier.piece_at(sq) != pos.piece_at(sq)).collect();
            let &[a, b] = diff.as_slice() else { return false };
            let (from, to) = if pos.piece_at(a).is_some() { (a, b) } else { (b, a) };
            let Some(piece) = pos.piece_at(from) else { return false };
            let reach = match piece.role {
                Role::Pawn => return false,
                Role::Knight => attacks::knight_attacks(from),
                Role::Bishop => attacks::bishop_attacks(from, Default::default()),
                Role::Rook => attacks::rook_attacks(from, Default::default()),
                Role::Queen => attacks::queen_attacks(from, Default::default()),
                Role::King => attacks::king_attacks(from),
            };
            piece.color == us
                && pos.piece_at(to).is_none()
                && earlier.piece_at(to) == Some(piece)
                && earlier.piece_at(from).is_none()
                && reach.contains(to)
                && (attacks::between(from, to) & occupied).is_empty()
                && (n - j < ply || self.earlier(j).is_some())
        })
    }
}

#[test]
fn key_history_agrees_with_slow_meaning() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let (mut checks, mut reps, mut upcoming) = (0, 0, 0);
    for start in starts() {
        for _ in 0..5 {
            let mut pos = start;
            let mut history = KeyHistory::new();
            history.push(pos.repetition_key(), pos.halfmove_clock());
            let mut slow = Slow { stack: vec![(pos, false)] };
            // The search root: a random ply of the playout.
            let root = rng.below(60);
            for n in 0..150usize {
                let ply = n.saturating_sub(root);
                assert_eq!(history.is_repetition(ply), slow.is_repetition(ply), "{} ply {ply}", pos.fen());
                assert_eq!(
                    history.upcoming_repetition(&pos, ply),
                    slow.upcoming_repetition(ply),
                    "{} ply {ply}",
                    pos.fen()
                );
                checks += 1;
                reps += usize::from(slow.is_repetition(ply));
                upcoming += usize::from(slow.upcoming_repetition(ply));
                // Now and then a null move (not in check), or take one back.
                if !pos.is_check() && rng.below(25) == 0 {
                    pos.make_null_move();
                    history.push_null(pos.repetition_key());
                    slow.stack.push((pos, true));
                    continue;
                }
                if history.len() > 2 && rng.below(20) == 0 {
                    assert_eq!(history.pop(), Some(pos.repetition_key()));
                    slow.stack.pop();
                    pos = slow.stack.last().unwrap().0;
                    continue;
                }
                let seen: Vec<u64> = slow.stack.iter().map(|(p, _)| p.repetition_key()).collect();
                let Some(mv) = pick(&pos, &seen, &mut rng) else { break };
                pos = pos.play(mv);
                history.push(pos.repetition_key(), pos.halfmove_clock());
                slow.stack.push((pos, false));
            }
        }
    }
    assert!(checks > 5000 && reps > 100 && upcoming > 200, "checks {checks}, reps {reps}, upcoming {upcoming}");
}
