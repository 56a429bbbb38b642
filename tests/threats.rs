//! Threat maps against per-square attacks: every side-wide set equals the
//! squares whose attackers (`attackers_to`) include a piece of that kind,
//! on the perft suites' positions and along random playouts.

use crate::common;

use chess_movegen::{Bitboard, CastlingMode, Color, FenOptions, Position, Role, Square};
use common::{playout, read_epd, walk};
use proptest::prelude::*;

/// The squares that a piece of `color` among `pieces` attacks, asked
/// square by square.
fn per_square(pos: &Position, color: Color, pieces: Bitboard) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|&sq| (pos.attackers_to(sq, color) & pieces).any())
        .fold(Bitboard::EMPTY, |acc, sq| acc.with(sq))
}

fn check(pos: &Position) {
    for color in [Color::White, Color::Black] {
        let all = pos.pieces_of_color(color);
        assert_eq!(pos.attacks_by(color), per_square(pos, color, all), "{} {color}", pos.fen());
        for role in Role::ALL {
            let pieces = pos.pieces(color, role);
            assert_eq!(
                pos.attacks_by_role(color, role),
                per_square(pos, color, pieces),
                "{} {color} {role}",
                pos.fen()
            );
        }
        // Threats against `color`, by the other side.
        let them = !color;
        let t = pos.threats(color);
        let by =
            |roles: &[Role]| per_square(pos, them, roles.iter().fold(Bitboard::EMPTY, |a, &r| a | pos.pieces(them, r)));
        assert_eq!(t.pawn_attacks(), by(&[Role::Pawn]));
        assert_eq!(t.minor_attacks(), by(&[Role::Knight, Role::Bishop]));
        assert_eq!(t.rook_attacks(), by(&[Role::Rook]));
        assert_eq!(t.queen_attacks(), by(&[Role::Queen]));
        assert_eq!(t.king_attacks(), by(&[Role::King]));
        assert_eq!(t.all(), pos.attacks_by(them));
        assert_eq!(t.by_minor(), by(&[Role::Pawn, Role::Knight, Role::Bishop]));
        assert_eq!(t.by_rook(), by(&[Role::Pawn, Role::Knight, Role::Bishop, Role::Rook]));
        assert_eq!(t.attacked_by_pawn(), all & by(&[Role::Pawn]));
        assert_eq!(t.attacked_by_minor(), all & by(&[Role::Knight, Role::Bishop]));
        assert_eq!(t.attacked_by_rook(), all & by(&[Role::Rook]));
        // Attacked by a piece worth less, by the values 1, 3, 3, 5, 9.
        let value = |role: Role| [1, 3, 3, 5, 9, 100][role.index()];
        let lesser = all
            .into_iter()
            .filter(|&sq| {
                let victim = pos.role_at(sq).unwrap();
                victim != Role::King
                    && pos.attackers_to(sq, them).into_iter().any(|a| value(pos.role_at(a).unwrap()) < value(victim))
            })
            .fold(Bitboard::EMPTY, |acc, sq| acc.with(sq));
        assert_eq!(t.attacked_by_lesser(), lesser, "{} {color}", pos.fen());
    }
}

#[test]
fn perft_suite_positions() {
    let mut n = 0;
    for (file, mode) in [
        (include_str!("data/standard.epd"), CastlingMode::Standard),
        (include_str!("data/unusual.epd"), CastlingMode::Chess960),
        (include_str!("data/chess960.epd"), CastlingMode::Chess960),
    ] {
        // The unusual suite holds a few positions that the strict reader
        // refuses (too much material): skipped.
        for line in read_epd(file) {
            if let Ok((pos, _)) = Position::from_fen_with(&line.fen, FenOptions::new().castling(mode)) {
                check(&pos);
                n += 1;
            }
        }
    }
    assert!(n > 1000, "{n} positions");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_playouts((start, choices) in playout()) {
        walk(start, &choices, check);
    }
}
