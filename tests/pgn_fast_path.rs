//! The reader's hot path (move tokens read straight from the bytes and
//! resolved by the crate's one SAN reader, through the legal move
//! generator): the cases where it must give the move `parse_san` gives,
//! or the same error, with its position.

use crate::common;

use chess_movegen::pgn::{Nag, PgnErrorKind, PgnGame, Reader};
use chess_movegen::{Color, Move, Position, Role, Square};
use common::Rng;

fn tree(text: &str) -> PgnGame {
    text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn error(text: &str) -> String {
    match Reader::from_str(text).read_tree().expect("a game") {
        Ok(g) => panic!("read {g:?}"),
        Err(e) => e.to_string(),
    }
}

fn moves(g: &PgnGame) -> Vec<Move> {
    g.mainline().collect()
}

fn fen_game(fen: &str, movetext: &str) -> String {
    format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{movetext}")
}

#[test]
fn a_pinned_knight_does_not_make_a_move_ambiguous() {
    // Knights on b1 and e4; the one on e4 is pinned by the rook on e8.
    let pinned = "4r1k1/8/8/8/4N3/8/8/1N2K3 w - - 0 1";
    let g = tree(&fen_game(pinned, "1. Nd2 *"));
    assert_eq!(moves(&g), [Move::new(Square::B1, Square::D2)]);
    let g = tree(&fen_game(pinned, "1. Nbd2+!? *"));
    assert_eq!(moves(&g), [Move::new(Square::B1, Square::D2)]);
    assert_eq!(g.moves[0].nags, [Nag(5)]);
    assert_eq!(
        error(&fen_game(pinned, "1. Ned2 *")),
        "game 1, line 4, column 4: 1. Ned2: illegal move: the piece is pinned: moving it would expose the king to check"
    );
    // Without the pin, Nd2 is ambiguous and must say so.
    let free = "6k1/8/8/8/4N3/8/8/1N2K3 w - - 0 1";
    assert_eq!(
        error(&fen_game(free, "1. Nd2 *")),
        "game 1, line 4, column 4: 1. Nd2: ambiguous move: it could be b1d2 or e4d2"
    );
    assert_eq!(moves(&tree(&fen_game(free, "1. N4d2 *"))), [Move::new(Square::E4, Square::D2)]);
}

#[test]
fn pins_checks_and_king_moves() {
    // The bishop on d2 is pinned by the queen on a5: it may move along
    // the pin only.
    let fen = "4k3/8/8/q7/8/8/3B4/4K3 w - - 0 1";
    assert_eq!(moves(&tree(&fen_game(fen, "1. Bc3 *"))), [Move::new(Square::D2, Square::C3)]);
    assert_eq!(moves(&tree(&fen_game(fen, "1. Bxa5 *"))), [Move::new(Square::D2, Square::A5)]);
    assert!(error(&fen_game(fen, "1. Be3 *")).contains("1. Be3: illegal move: "));
    // In check from the rook on e8: only moves that block, capture or
    // step aside.
    let fen = "4r1k1/8/8/8/8/8/3N4/R3K3 w - - 0 1";
    assert_eq!(moves(&tree(&fen_game(fen, "1. Ne4 *"))), [Move::new(Square::D2, Square::E4)]);
    assert!(error(&fen_game(fen, "1. Nb3 *")).contains("1. Nb3: illegal move: "));
    assert!(error(&fen_game(fen, "1. Ke2 *")).contains("1. Ke2: illegal move: "));
    assert_eq!(moves(&tree(&fen_game(fen, "1. Kf2 *"))), [Move::new(Square::E1, Square::F2)]);
    // Double check: only the king moves.
    let fen = "4r1k1/8/8/8/7b/8/3N4/R3K3 w - - 0 1";
    assert!(error(&fen_game(fen, "1. Ne4 *")).contains("1. Ne4: illegal move: "));
    assert_eq!(moves(&tree(&fen_game(fen, "1. Kd1 *"))), [Move::new(Square::E1, Square::D1)]);
    // A king may not take a defended piece.
    let fen = "4k3/8/8/8/8/2b5/3p4/4K3 w - - 0 1";
    assert!(error(&fen_game(fen, "1. Kxd2 *")).contains("1. Kxd2: illegal move: "));
}

#[test]
fn promotions() {
    let fen = "5n1k/4P3/8/8/8/8/1p6/4K3 w - - 0 1";
    let g = tree(&fen_game(fen, "1. e8=Q+ Kh7 2. Qxf8 b1=R+ *"));
    assert_eq!(
        moves(&g)[..2],
        [Move::promotion(Square::E7, Square::E8, Role::Queen), Move::new(Square::H8, Square::H7)]
    );
    let g = tree(&fen_game(fen, "1. exf8=N Kg8 2. Nd7 b1=R+ *"));
    assert_eq!(moves(&g)[0], Move::promotion(Square::E7, Square::F8, Role::Knight));
    assert_eq!(moves(&g)[3], Move::promotion(Square::B2, Square::B1, Role::Rook));
    assert!(error(&fen_game(fen, "1. e8 *")).contains("1. e8: "));
    assert!(error(&fen_game(fen, "1. e8=K *")).contains("1. e8=K: "));
    assert!(error(&fen_game("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", "1. e7=Q *")).contains("1. e7=Q: "));
}

#[test]
fn en_passant() {
    let g = tree("1. e4 a6 2. e5 d5 3. exd6 e.p. cxd6 4. d4 b5 5. d5 e5 6. dxe6+ *");
    let mv = moves(&g);
    assert!(mv[4].is_en_passant() && mv[10].is_en_passant(), "{mv:?}");
    assert_eq!(g.to_game().position().piece_at(Square::E5), None);
    // Not when the capture uncovers the king along the rank.
    let fen = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
    assert!(error(&fen_game(fen, "1. exd6 *")).contains("1. exd6: illegal move: "));
    // Nor when there is no double step to take.
    assert!(error("1. e4 d6 2. e5 d5 3. exd6 *").contains("3. exd6: "));
}

#[test]
fn chess960_castling() {
    // King on g1 with rooks on a1 and h1: O-O leaves the king where it is.
    let text = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"r5kr/8/8/8/8/8/8/R5KR w AHah - 0 1\"]\n\n";
    // Where each side's king and castled rook stand at the end.
    let castled = |pos: &Position, color: Color, king: Square, rook: Square| {
        assert_eq!(pos.king(color), king);
        assert_eq!(pos.piece_at(rook).map(|p| p.role), Some(Role::Rook));
    };
    let g = tree(&format!("{text}1. O-O+ O-O!? *"));
    let end = g.to_game();
    castled(end.position(), Color::White, Square::G1, Square::F1);
    castled(end.position(), Color::Black, Square::G8, Square::F8);
    assert_eq!(g.moves[1].nags, [Nag(5)]);
    let g = tree(&format!("{text}1. O-O-O O-O# *"));
    let end = g.to_game();
    castled(end.position(), Color::White, Square::C1, Square::D1);
    castled(end.position(), Color::Black, Square::G8, Square::F8);
    // The king's path attacked: refused.
    let blocked = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"r2r2kr/8/8/8/8/8/8/R5KR w AHh - 0 1\"]\n\n1. O-O-O *";
    assert!(error(blocked).contains("1. O-O-O: "));
}

#[test]
fn check_marks_and_glyphs_do_not_change_the_move() {
    let g = tree("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#!! 1-0");
    assert_eq!(g.moves[5].nags, [Nag(4)]);
    assert_eq!(g.moves[6].nags, [Nag(3)]);
    assert!(g.to_game().position().is_checkmate());
    // Marks that are not true are read past, as the full parser does.
    let g = tree("1. e4+ e5# 2. Nf3?! Nc6!? *");
    assert_eq!(g.moves.len(), 4);
    assert_eq!(g.moves[2].nags, [Nag(6)]);
    assert_eq!(g.moves[3].nags, [Nag(5)]);
}

#[test]
fn errors_of_the_fast_path_keep_their_position() {
    let text = "[Event \"x\"]\n\n1. e4 e5\n  2. Nf3 Nc6 3. Ke3 Nf6 *\n\n1. d4 *\n";
    let mut reader = Reader::from_str(text);
    let e = reader.read_tree().unwrap().unwrap_err();
    assert_eq!((e.game, e.line, e.column), (1, 4, 17));
    assert!(matches!(e.kind, PgnErrorKind::Move { ref mv, .. } if mv == "3. Ke3"), "{e}");
    assert_eq!(moves(&reader.read_tree().unwrap().unwrap()).len(), 1);
    assert!(reader.read_tree().is_none());
}

/// Random games (standard and Chess960) written move by move with random
/// check marks, glyphs, spacing and move numbers read back as the moves
/// they were made of.
#[test]
fn random_games_with_decorations_read_back() {
    let mut rng = Rng(0x5eed_cafe_f00d);
    let decorations = ["", "", "", "+", "!", "?", "!!", "??", "!?", "?!", "+!", "#?"];
    let spaces = [" ", " ", "\n", "  ", "\r\n", "\t"];
    for game in 0..300 {
        let (start, header) = if game % 3 == 0 {
            let n = rng.below(960) as u32;
            let pos = Position::chess960(n).unwrap();
            (pos, format!("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n", pos.fen()))
        } else {
            (Position::startpos(), String::new())
        };
        let mut pos = start;
        let mut played = Vec::new();
        let mut text = header;
        for ply in 0..200 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            if ply % 2 == 0 {
                text.push_str(&format!("{}.", ply / 2 + 1));
                text.push_str(spaces[rng.below(2)]);
            } else if rng.below(10) == 0 {
                text.push_str(&format!("{}...", ply / 2 + 1));
            }
            text.push_str(&pos.san(mv));
            text.push_str(decorations[rng.below(decorations.len())]);
            text.push_str(spaces[rng.below(spaces.len())]);
            played.push(mv);
            pos = pos.play(mv);
        }
        text.push('*');
        let g = tree(&text);
        assert_eq!(moves(&g), played, "{text}");
    }
}

/// After a move number the reader goes straight on to a move one space
/// on; anything else there (a comment, two spaces, a line break,
/// castling with zeros, a result, a variation) is read as before, and
/// a game after a blank line is still a game of its own.
#[test]
fn what_follows_a_move_number() {
    let cases: [(&str, &[&str]); 8] = [
        ("1. e4 e5 2. Nf3 *", &["e4", "e5", "Nf3"]),
        ("1. {c} e4 *", &["e4"]),
        ("1. e4 e5 2.  Nf3 *", &["e4", "e5", "Nf3"]),
        ("1. e4 e5 2.\nNf3 *", &["e4", "e5", "Nf3"]),
        ("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *", &["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"]),
        ("1. e4 (1. d4) 1... e5 *", &["e4", "e5"]),
        ("1. e4 e5 2. 1-0", &["e4", "e5"]),
        ("1. e4 e5 2. Nf3 {a} Nc6 {b} 3. Bb5 {c} *", &["e4", "e5", "Nf3", "Nc6", "Bb5"]),
    ];
    for (text, sans) in cases {
        let g = tree(text);
        let mut pos = Position::startpos();
        let mut want = Vec::new();
        for san in sans {
            let mv = pos.parse_san(san).unwrap();
            want.push(mv);
            pos = pos.play(mv);
        }
        assert_eq!(moves(&g), want, "{text}");
    }
    let g = tree("1. e4 (1. d4) 1... e5 *");
    assert_eq!(g.moves[0].variations.len(), 1);
    let mut reader = Reader::from_str("1. e4 e5\n\n1. d4 d5 *");
    assert_eq!(reader.read_tree().unwrap().unwrap().mainline().count(), 2);
    assert_eq!(reader.read_tree().unwrap().unwrap().mainline().count(), 2);
    assert!(reader.read_tree().is_none());
    // An illegal move read straight after its number, and a comment that
    // does not end, keep their positions.
    assert_eq!(error("1. e4 e5 2. Ke3 *"), "game 1, line 1, column 13: 2. Ke3: illegal move: no king can reach e3");
    assert_eq!(error("1. e4 e5 2. Nf3 {no end"), "game 1, line 1, column 17: comment not closed: '{' without '}'");
}
