//! The score scale and the static evaluation: material plus piece-square
//! tables, from the side to move's point of view.

use chess_movegen::{Color, Position, Role};

/// Above every score a search returns.
pub(super) const INFINITY: i32 = 32_000;
/// The score of giving mate now; a mate in `n` plies scores `MATE - n`.
pub(super) const MATE: i32 = 31_000;
/// Scores beyond this are mates.
pub(super) const MATE_BOUND: i32 = MATE - 1_000;

/// Material values in centipawns, by role index.
pub(super) const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Piece-square bonus from White's point of view, a8 first (read like a
/// diagram); Black uses the mirrored square.
#[rustfmt::skip]
const PST: [[i32; 64]; 6] = [
    // pawn
    [ 0,  0,  0,  0,  0,  0,  0,  0,
     50, 50, 50, 50, 50, 50, 50, 50,
     10, 10, 20, 30, 30, 20, 10, 10,
      5,  5, 10, 25, 25, 10,  5,  5,
      0,  0,  0, 20, 20,  0,  0,  0,
      5, -5,-10,  0,  0,-10, -5,  5,
      5, 10, 10,-20,-20, 10, 10,  5,
      0,  0,  0,  0,  0,  0,  0,  0],
    // knight
    [-50,-40,-30,-30,-30,-30,-40,-50,
     -40,-20,  0,  0,  0,  0,-20,-40,
     -30,  0, 10, 15, 15, 10,  0,-30,
     -30,  5, 15, 20, 20, 15,  5,-30,
     -30,  0, 15, 20, 20, 15,  0,-30,
     -30,  5, 10, 15, 15, 10,  5,-30,
     -40,-20,  0,  5,  5,  0,-20,-40,
     -50,-40,-30,-30,-30,-30,-40,-50],
    // bishop
    [-20,-10,-10,-10,-10,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5, 10, 10,  5,  0,-10,
     -10,  5,  5, 10, 10,  5,  5,-10,
     -10,  0, 10, 10, 10, 10,  0,-10,
     -10, 10, 10, 10, 10, 10, 10,-10,
     -10,  5,  0,  0,  0,  0,  5,-10,
     -20,-10,-10,-10,-10,-10,-10,-20],
    // rook
    [ 0,  0,  0,  0,  0,  0,  0,  0,
      5, 10, 10, 10, 10, 10, 10,  5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
      0,  0,  0,  5,  5,  0,  0,  0],
    // queen
    [-20,-10,-10, -5, -5,-10,-10,-20,
     -10,  0,  0,  0,  0,  0,  0,-10,
     -10,  0,  5,  5,  5,  5,  0,-10,
      -5,  0,  5,  5,  5,  5,  0, -5,
       0,  0,  5,  5,  5,  5,  0, -5,
     -10,  5,  5,  5,  5,  5,  0,-10,
     -10,  0,  5,  0,  0,  0,  0,-10,
     -20,-10,-10, -5, -5,-10,-10,-20],
    // king (middlegame: stay sheltered)
    [-30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -30,-40,-40,-50,-50,-40,-40,-30,
     -20,-30,-30,-40,-40,-30,-30,-20,
     -10,-20,-20,-20,-20,-20,-20,-10,
      20, 20,  0,  0,  0,  0, 20, 20,
      20, 30, 10,  0,  0, 10, 30, 20],
];

/// Static evaluation from the side to move's point of view.
pub(super) fn evaluate(pos: &Position) -> i32 {
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                // PST rows run from rank 8 down: flip for White.
                let index = if color == Color::White { sq.flip_vertical() } else { sq }.index();
                score += sign * (VALUE[role.index()] + PST[role.index()][index]);
            }
        }
    }
    if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    }
}

/// Mate scores are stored relative to the node, not the root.
pub(super) fn to_tt(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s + ply as i32,
        s if s < -MATE_BOUND => s - ply as i32,
        s => s,
    }
}

/// A stored score back relative to the root (see [`to_tt`]).
pub(super) fn from_tt(score: i32, ply: usize) -> i32 {
    match score {
        s if s > MATE_BOUND => s - ply as i32,
        s if s < -MATE_BOUND => s + ply as i32,
        s => s,
    }
}

/// `cp N` or `mate N` (moves, negative when being mated), as `info score`
/// gives a score.
pub(super) fn score_text(score: i32) -> String {
    if score > MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        format!("mate -{}", (MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}
