//! Inputs that once broke an invariant, one test each, with the fix in
//! the library. Found by the fuzz targets in `fuzz/`, the bad-input tests
//! (`tests/bad_fens.rs`) and review of the consistency checker.

use chess_movegen::{Move, MoveError, Position, Square, Undo};

/// A legal move by Black at fullmove number `u32::MAX` wrapped the number
/// to 0: the position then failed its own validity check, and `fen()`
/// wrote a FEN (`... 1 0`) that does not parse. The number now stays at
/// its maximum, and unmake knows not to take it back.
#[test]
fn fullmove_number_at_u32_max() {
    let fen = "4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295";
    let start = Position::from_fen(fen).unwrap();
    let mut pos = start;
    let mv = Move::new(Square::E8, Square::D7);
    let undo = pos.make_move(mv);
    assert_eq!(pos.check_consistency(), Ok(()));
    assert_eq!(pos.fullmove_number(), u32::MAX);
    assert_eq!(pos.fen(), "8/3k4/8/8/8/8/8/4K3 w - - 1 4294967295");
    assert_eq!(Position::from_fen(&pos.fen()), Ok(pos));
    assert_eq!(pos, start.play(mv));
    pos.unmake_move(mv, undo);
    assert_eq!(pos, start);

    // One below the maximum still counts up, and back down.
    let below = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 4294967294").unwrap();
    let mut pos = below;
    let undo = pos.make_move(mv);
    assert_eq!(pos.fullmove_number(), u32::MAX);
    pos.unmake_move(mv, undo);
    assert_eq!(pos, below);

    // The null move, too.
    let mut pos = start;
    let undo = pos.make_null_move();
    assert_eq!(pos.check_consistency(), Ok(()));
    assert_eq!(pos.fullmove_number(), u32::MAX);
    pos.unmake_null_move(undo);
    assert_eq!(pos, start);

    // The undo record did not grow.
    assert_eq!(core::mem::size_of::<Undo>(), 24);
}

/// `parse_san` trimmed surrounding whitespace before reading and then
/// quoted the trimmed text in syntax errors, while other errors quoted the
/// text as given. Every error now quotes the text as given.
#[test]
fn san_errors_quote_the_text_as_given() {
    let pos = Position::startpos();
    for text in ["   ", " Nf9 ", "\tZ4\n", " e4=K"] {
        match pos.parse_san(text) {
            Err(MoveError::Syntax { text: quoted, .. }) => assert_eq!(quoted, text),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    match pos.parse_san(" Nf4 ") {
        Err(MoveError::Illegal { text: quoted, .. }) => assert_eq!(quoted, " Nf4 "),
        other => panic!("{other:?}"),
    }
    // Whitespace around a good move is still accepted.
    assert_eq!(pos.parse_san(" Nf3\n"), Ok(Move::new(Square::G1, Square::F3)));
}
