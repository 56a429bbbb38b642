//! The scored move list: generation into it gives the same moves as into a
//! `MoveList` with every score 0; `pick_best`, `sort_partial` and `sort`
//! order moves as a reference sort does.

use crate::common;

use chess_movegen::{GenKind, Legality, Move, MoveList, Position, ScoredMoveList};
use common::{playout, walk, Rng};
use proptest::prelude::*;

const KINDS: [GenKind; 6] =
    [GenKind::All, GenKind::Noisy, GenKind::Quiet, GenKind::Evasions, GenKind::NonEvasions, GenKind::QuietChecks];

fn check_generation(pos: &Position) {
    let mut plain = MoveList::new();
    let mut scored = ScoredMoveList::new();
    for kind in KINDS {
        for legality in [Legality::Legal, Legality::PseudoLegal] {
            // A list left full of old moves and scores is cleared first.
            scored.score_with(|_| 7);
            pos.generate_into(kind, legality, &mut plain);
            pos.generate_into(kind, legality, &mut scored);
            assert_eq!(scored.moves(), plain.as_slice(), "{} {kind:?}", pos.fen());
            assert!(scored.scores().iter().all(|&s| s == 0));
            assert_eq!(scored.len(), plain.len());
        }
    }
}

/// A list of the position's legal moves with pseudo-random scores from a
/// small range (so that ties occur).
fn scored_list(pos: &Position, rng: &mut Rng) -> ScoredMoveList {
    pos.legal_moves().iter().map(|&mv| (mv, rng.below(9) as i32 - 4)).collect()
}

fn check_ordering(pos: &Position, seed: u64) {
    let mut rng = Rng(seed | 1);
    let list = scored_list(pos, &mut rng);
    // Reference: stable sort by descending score.
    let mut reference: Vec<(Move, i32)> = list.iter().collect();
    reference.sort_by_key(|&(_, s)| core::cmp::Reverse(s));

    let mut picked = list.clone();
    let mut order = Vec::new();
    while let Some(item) = picked.pick_best(order.len()) {
        order.push(item);
    }
    let scores: Vec<i32> = order.iter().map(|&(_, s)| s).collect();
    let expected: Vec<i32> = reference.iter().map(|&(_, s)| s).collect();
    assert_eq!(scores, expected);
    let mut moves: Vec<Move> = order.iter().map(|&(m, _)| m).collect();
    let mut all: Vec<Move> = list.moves().to_vec();
    moves.sort_by_key(|m| m.to_bits());
    all.sort_by_key(|m| m.to_bits());
    assert_eq!(moves, all, "pick_best yields each move once");

    let mut sorted = list.clone();
    sorted.sort();
    assert_eq!(sorted.iter().collect::<Vec<_>>(), reference);

    for limit in [-5, -1, 0, 2, 5] {
        let mut partial = list.clone();
        partial.sort_partial(limit);
        let head: Vec<(Move, i32)> = reference.iter().copied().filter(|&(_, s)| s >= limit).collect();
        assert_eq!(&partial.iter().collect::<Vec<_>>()[..head.len()], head.as_slice(), "limit {limit}");
        let mut rest: Vec<Move> = partial.moves()[head.len()..].to_vec();
        let mut expected_rest: Vec<Move> = reference.iter().filter(|&&(_, s)| s < limit).map(|&(m, _)| m).collect();
        rest.sort_by_key(|m| m.to_bits());
        expected_rest.sort_by_key(|m| m.to_bits());
        assert_eq!(rest, expected_rest, "limit {limit}");
    }
}

#[test]
fn full_list_refuses_a_move_and_hands_it_back() {
    let mv = Position::startpos().legal_moves()[0];
    let mut list = ScoredMoveList::new();
    for i in 0..256 {
        assert_eq!(list.try_push(mv, i), Ok(()));
    }
    assert_eq!(list.try_push(mv, 1000), Err((mv, 1000)));
    assert_eq!(list.len(), 256);
    assert_eq!(list.get(255), Some((mv, 255)));
    assert_eq!(list.get(256), None);
    assert_eq!(list.pick_best(0), Some((mv, 255)));
}

#[test]
fn scores_can_be_set_one_by_one() {
    let pos = Position::startpos();
    let mut list = ScoredMoveList::new();
    pos.generate_into(GenKind::All, Legality::Legal, &mut list);
    for (i, score) in list.scores_mut().iter_mut().enumerate() {
        *score = i as i32;
    }
    let last = list.moves()[19];
    assert_eq!(list.pick_best(0), Some((last, 19)));
    list.clear();
    assert!(list.is_empty() && list.pick_best(0).is_none() && list.scores().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn generation_matches_the_plain_list((start, choices) in playout()) {
        walk(start, &choices, check_generation);
    }

    #[test]
    fn ordering_matches_a_stable_sort((start, choices) in playout(), seed in any::<u64>()) {
        walk(start, &choices, |pos| check_ordering(pos, seed));
    }
}
