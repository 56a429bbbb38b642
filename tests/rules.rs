//! The rules that end a game, repetition, and the touch-move rule.

use chess_movegen::{
    Color, DrawReason, Game, GameState, IllegalReason, Move, MoveError, Outcome, Position, Repetitions, Square,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn checkmate_and_stalemate() {
    let fools_mate = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(fools_mate.is_checkmate());
    assert!(!fools_mate.is_stalemate());
    assert_eq!(fools_mate.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
    assert_eq!(fools_mate.outcome().unwrap().result(), "0-1");

    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(stalemate.is_stalemate());
    assert!(!stalemate.is_checkmate());
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));

    let check_not_mate = pos("4k3/8/8/8/8/8/8/4K2R b - - 0 1").play(Move::new(Square::E8, Square::D8));
    assert!(!check_not_mate.is_checkmate() && !check_not_mate.is_stalemate());
    assert_eq!(Position::startpos().outcome(), None);
}

#[test]
fn dead_positions_by_material() {
    for fen in [
        "8/8/4k3/8/8/8/8/4K3 w - - 0 1",  // K v K
        "8/8/4k3/8/8/8/8/4KN2 w - - 0 1", // K+N v K
        "8/8/4k3/8/8/8/8/4KB2 w - - 0 1", // K+B v K
    ] {
        assert!(pos(fen).is_insufficient_material(), "{fen}");
        assert_eq!(pos(fen).outcome(), Some(Outcome::Draw(DrawReason::InsufficientMaterial)), "{fen}");
    }
    // Bishops of both sides, all on light squares (a2, f1, g6).
    assert!(!Square::A2.is_dark() && !Square::F1.is_dark() && !Square::G6.is_dark());
    assert!(pos("7k/8/6b1/8/8/8/B7/4KB2 w - - 0 1").is_insufficient_material());
    // Not dead: bishops on both colours, two knights, knight against knight,
    // bishop against knight, a pawn, a rook.
    for fen in [
        "8/8/4kb2/8/8/8/8/4KB2 w - - 0 1",
        "8/8/4k3/8/8/8/8/3NKN2 w - - 0 1",
        "8/8/4kn2/8/8/8/8/4KN2 w - - 0 1",
        "8/8/4kn2/8/8/8/8/4KB2 w - - 0 1",
        "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1",
        "8/8/4k3/8/8/8/8/4KR2 w - - 0 1",
    ] {
        assert!(!pos(fen).is_insufficient_material(), "{fen}");
    }
}

#[test]
fn insufficient_material_per_side() {
    let cases = [
        // (fen, White cannot mate, Black cannot mate)
        ("8/8/4k3/8/8/8/8/4K3 w - - 0 1", true, true),
        ("8/8/4k3/8/8/8/8/4K2R w - - 0 1", false, true), // lone black king
        ("8/8/4k3/8/8/8/5N2/4K2q w - - 0 1", true, false), // K+N v K+Q: nothing can block for a smothered mate
        ("8/8/4k3/8/8/8/5N2/4K2r w - - 0 1", false, false), // K+N v K+R: the rook can block
        ("8/8/4k2p/8/8/8/5N2/4K3 w - - 0 1", false, false), // K+N v K+P
        ("8/8/4k3/8/8/8/4NN2/4K3 w - - 0 1", false, true), // two knights
        ("8/8/4k3/8/8/8/8/4KB1r w - - 0 1", true, false), // K+B v K+R (the documented convention)
        ("7k/8/6b1/8/8/8/8/4KB2 w - - 0 1", true, true), // bishops on one colour
        ("8/8/4kb2/8/8/8/8/4KB2 w - - 0 1", false, false), // bishops on both colours
        ("8/8/4kn2/8/8/8/8/4KB2 w - - 0 1", false, false), // K+B v K+N: the knight can block
        ("8/8/4k3/8/8/8/8/2B1KB2 w - - 0 1", false, true), // bishop pair (c1 dark, f1 light)
        ("8/8/4k3/8/8/8/8/1B2KB2 w - - 0 1", true, true), // two bishops on light squares
    ];
    for (fen, white, black) in cases {
        let p = pos(fen);
        assert_eq!(p.has_insufficient_material(Color::White), white, "white in {fen}");
        assert_eq!(p.has_insufficient_material(Color::Black), black, "black in {fen}");
    }
}

#[test]
fn fifty_and_seventy_five_move_rules() {
    let at = |clock: u32| pos(&format!("8/8/4k3/8/8/8/8/R3K3 w - - {clock} 100"));
    assert!(!at(99).is_fifty_move_rule());
    assert!(at(100).is_fifty_move_rule());
    assert!(!at(149).is_seventy_five_move_rule());
    assert_eq!(at(149).outcome(), None);
    assert!(at(150).is_seventy_five_move_rule());
    assert_eq!(at(150).outcome(), Some(Outcome::Draw(DrawReason::SeventyFiveMoves)));

    // Mate given on the 150th half-move is a mate: it takes precedence.
    let before = pos("k7/8/1K6/8/8/8/8/7R w - - 149 120");
    let mate = before.play(Move::new(Square::H1, Square::H8));
    assert_eq!(mate.halfmove_clock(), 150);
    assert!(!mate.is_seventy_five_move_rule());
    assert!(!mate.is_fifty_move_rule());
    assert_eq!(mate.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    // Nor is there a claim or an automatic draw by the clock in stalemate.
    let stalemate = pos("7K/8/6q1/k7/8/8/8/8 w - - 150 146");
    assert!(!stalemate.is_fifty_move_rule() && !stalemate.is_seventy_five_move_rule());
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // Stalemate before insufficient material before the 75-move rule.
    assert_eq!(pos("k7/2K5/1B6/8/8/8/8/8 b - - 160 200").outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    assert_eq!(
        pos("k7/8/1K6/8/8/8/8/8 b - - 160 200").outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
}

#[test]
fn game_push_pop_and_errors() {
    let mut game = Game::new();
    let e4 = Move::new(Square::E2, Square::E4);
    game.push(e4).unwrap();
    let before = *game.position();
    let err = game.push(Move::new(Square::E4, Square::E6)).unwrap_err();
    assert!(matches!(err, MoveError::Illegal { reason: IllegalReason::OpponentPiece, .. }), "{err:?}");
    assert_eq!(*game.position(), before, "a rejected move leaves the game untouched");
    assert_eq!(game.moves(), [e4]);
    assert_eq!(game.pop(), Some(e4));
    assert_eq!(game.pop(), None);
    assert_eq!(*game.position(), Position::startpos());
    assert!(Game::from_fen("not a fen").is_err());
}

fn shuffle(game: &mut Game, line: &str, times: usize) {
    for _ in 0..times {
        game.push_line(line).unwrap();
    }
}

#[test]
fn threefold_and_fivefold_repetition() {
    let mut game = Game::new();
    assert_eq!(game.repetition_count(), 1);
    shuffle(&mut game, "Nf3 Nf6 Ng1 Ng8", 2);
    assert_eq!(game.repetition_count(), 3);
    assert!(game.is_threefold_repetition() && game.can_claim_draw());
    assert!(!game.is_fivefold_repetition());
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, "Nf3 Nf6 Ng1 Ng8", 2);
    assert_eq!(game.repetition_count(), 5);
    assert!(game.is_fivefold_repetition());
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::FivefoldRepetition)));
    // Taking a move back: the position after 1. Nf3 Nf6 2. Ng1 has been seen four times.
    game.pop();
    assert_eq!(game.repetition_count(), 4);
    assert_eq!(game.outcome(), None);

    // Lost castling rights make the positions differ: Rook out and back.
    let mut game = Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    shuffle(&mut game, "Rb1 Rb8 Ra1 Ra8", 2);
    assert_eq!(game.repetition_count(), 2, "the first position had castling rights on the a-file");
    // The fifty-move rule is claimable too.
    let game = Game::from_fen("8/8/4k3/8/8/8/8/R3K3 w - - 100 80").unwrap();
    assert!(game.can_claim_draw());
}

#[test]
fn en_passant_and_repetition() {
    // After ...c5 White could take en passant: that position is not
    // repeated by the same pieces later, when the capture is gone.
    let mut game = Game::from_fen("8/2p5/8/KP6/8/8/8/6k1 b - - 0 1").unwrap();
    game.push_san("c5").unwrap();
    shuffle(&mut game, "Ka6 Kg2 Ka5 Kg1", 2);
    assert_eq!(game.repetition_count(), 2);

    // Here the en-passant capture would expose the king to the h5 rook, so
    // it is not legal and the positions count as the same.
    let mut game = Game::from_fen("8/2p5/8/KP5r/8/8/8/6k1 b - - 0 1").unwrap();
    game.push_san("c5").unwrap();
    assert_eq!(game.position().ep_square(), Some(Square::C6));
    assert_eq!(game.position().legal_ep_square(), None);
    shuffle(&mut game, "Ka6 Kg2 Ka5 Kg1", 2);
    assert_eq!(game.repetition_count(), 3);
}

#[test]
fn touch_move() {
    let p = pos("r3k2r/pppq1ppp/2n5/3pp3/3P4/2N5/PPPQ1PPP/R3K2R w KQkq - 0 1");
    let from = |moves: &[Move], sq: Square| moves.iter().all(|m| m.from() == sq) && !moves.is_empty();
    // 4.3.1: the first touched own piece that can move.
    assert!(from(&p.touch_move_obligations(&[Square::C3]), Square::C3));
    // The a2 pawn... a1 rook cannot move? It can (b1, c1, d1); touch the h2 pawn first, then the knight.
    assert!(from(&p.touch_move_obligations(&[Square::H2, Square::C3]), Square::H2));
    // A piece that cannot move passes the duty on: the b2 pawn is free, f1? empty squares are ignored.
    assert!(from(&p.touch_move_obligations(&[Square::F1, Square::C3]), Square::C3));
    // 4.3.2: the first touched enemy piece that can be captured.
    let captures = p.touch_move_obligations(&[Square::A7, Square::D5]);
    assert_eq!(captures.as_slice(), [Move::new(Square::C3, Square::D5)]);
    // 4.3.3: own piece and enemy piece: the own piece captures it...
    let m = p.touch_move_obligations(&[Square::D4, Square::E5]);
    assert_eq!(m.as_slice(), [Move::new(Square::D4, Square::E5)]);
    // ...or, if it cannot, the first touched piece that can move or be captured moves.
    assert!(from(&p.touch_move_obligations(&[Square::C3, Square::E5]), Square::C3));
    // 4.4.1: king then rook: castle on that side.
    assert_eq!(p.touch_move_obligations(&[Square::E1, Square::H1]).as_slice(), [Move::castle(Square::E1, Square::H1)]);
    assert_eq!(p.touch_move_obligations(&[Square::E1, Square::A1]).as_slice(), [Move::castle(Square::E1, Square::A1)]);
    // 4.4.2: rook then king: no castling with that rook; the rook must move.
    let m = p.touch_move_obligations(&[Square::H1, Square::E1]);
    assert!(from(&m, Square::H1));
    // 4.4.3: castling with the touched rook is illegal (a knight blocks):
    // another king move, which may be castling with the other rook.
    let blocked = pos("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    let m = blocked.touch_move_obligations(&[Square::E1, Square::A1]);
    assert!(from(&m, Square::E1));
    assert!(m.contains(&Move::castle(Square::E1, Square::H1)));
    assert!(!m.contains(&Move::castle(Square::E1, Square::A1)));
    // ...and if the king cannot move at all, any legal move.
    let boxed = pos("4k3/8/8/8/8/8/3PPP2/r2QKB1R w K - 0 1");
    assert_eq!(boxed.touch_move_obligations(&[Square::E1, Square::H1]).len(), boxed.legal_move_count());
    // 4.5: nothing touched can move: any legal move.
    let stuck = pos("4k3/8/8/8/8/8/P7/R3K3 w Q - 0 1");
    assert!(!stuck.legal_moves_from(Square::A2).is_empty());
    let p2 = pos("4k3/8/8/8/8/p7/P7/4K3 w - - 0 1");
    assert_eq!(p2.touch_move_obligations(&[Square::A2]).len(), p2.legal_move_count());
    assert_eq!(p2.touch_move_obligations(&[]).len(), p2.legal_move_count());
}

/// A finished game has no claims, and takes no more moves.
#[test]
fn ended_games_have_no_claims_and_refuse_moves() {
    let over = |game: &Game| {
        let outcome = game.outcome().expect("the game has ended");
        assert!(!game.can_claim_draw(), "{}", game.position().fen());
        let before = *game.position();
        for mv in before.legal_moves() {
            assert_eq!(game.clone().push(mv), Err(MoveError::GameOver { text: mv.to_string(), outcome }));
        }
        outcome
    };
    // Mate on the hundredth half-move: no fifty-move claim.
    let mut game = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 100").unwrap();
    game.push_uci("a1a8").unwrap();
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(over(&game), Outcome::Checkmate { winner: Color::White });
    assert!(!game.can_claim_fifty_moves());
    // Stalemate with the clock at 150.
    let mut game = Game::from_fen("k7/8/8/2Q5/8/8/8/K7 w - - 149 120").unwrap();
    game.push_uci("c5b6").unwrap();
    assert_eq!(over(&game), Outcome::Draw(DrawReason::Stalemate));
    // A move that is not legal there is refused as after the game's end too.
    let refused = MoveError::GameOver { text: "a8a7".into(), outcome: Outcome::Draw(DrawReason::Stalemate) };
    assert_eq!(game.clone().push_uci("a8a7"), Err(refused));
    assert!(matches!(game.clone().push_san("Ka7"), Err(MoveError::GameOver { .. })));
    // A dead position is drawn at once, whatever the clock says.
    let game = Game::from_fen("7k/8/8/8/8/8/8/1B2K3 w - - 120 100").unwrap();
    assert!(game.position().has_legal_moves());
    assert_eq!(over(&game), Outcome::Draw(DrawReason::InsufficientMaterial));
    assert!(matches!(game.clone().push_san("Kd1"), Err(MoveError::GameOver { .. })));
    // Seventy-five moves: refused until a move is taken back.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 120").unwrap();
    assert!(game.can_claim_draw());
    game.push_uci("a1a2").unwrap();
    assert_eq!(over(&game), Outcome::Draw(DrawReason::SeventyFiveMoves));
    assert!(game.can_claim_fifty_moves(), "python-chess's meaning: the rule holds on the board");
    assert!(matches!(game.push_uci("e8d8"), Err(MoveError::GameOver { .. })));
    assert_eq!(game.pop().map(|m| m.to_string()), Some("a1a2".into()));
    assert_eq!(game.outcome(), None);
    game.push_uci("a1a3").unwrap();
    // Fivefold repetition: the same.
    let mut game = Game::new();
    shuffle(&mut game, "Nf3 Nf6 Ng1 Ng8", 4);
    assert_eq!(over(&game), Outcome::Draw(DrawReason::FivefoldRepetition));
    assert!(game.can_claim_threefold_repetition());
    let err = game.push_san("Nf3").unwrap_err();
    assert_eq!(err.to_string(), "cannot play \"Nf3\": the game is over (draw by fivefold repetition)");
    assert!(game.pop().is_some());
    // Black to move again: no black knight reaches f6, an ordinary error.
    assert!(matches!(game.push_san("Nf6"), Err(MoveError::Illegal { .. })));
    game.push_san("Ng8").unwrap();
}

/// Claims by writing down a move (FIDE 9.2.1.1 and 9.3.1).
#[test]
fn claims_on_the_move() {
    // Threefold: after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1, ...Ng8
    // brings the start position back for the third time.
    let mut game = Game::new();
    game.push_line("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1").unwrap();
    assert_eq!(game.repetition_count(), 2);
    assert!(!game.can_claim_draw());
    assert!(game.can_claim_threefold_repetition());
    assert_eq!(game.moves_claiming_threefold().as_slice(), [Move::new(Square::F6, Square::G8)]);
    game.pop();
    assert!(!game.can_claim_threefold_repetition());
    assert!(game.moves_claiming_threefold().is_empty());

    // Fifty moves: at clock 99 every move but a pawn move or capture
    // claims, unless it mates.
    let game = Game::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 100").unwrap();
    assert!(!game.can_claim_draw());
    assert!(game.can_claim_fifty_moves());
    let claims = game.moves_claiming_fifty();
    let legal = game.position().legal_moves();
    assert_eq!(claims.len(), legal.len() - 1);
    assert!(!claims.contains(&Move::new(Square::A1, Square::A8)), "a1a8 mates: no claim");
    let pawn = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 99 100").unwrap();
    assert!(pawn.moves_claiming_fifty().iter().all(|m| m.from() != Square::E2));
    assert!(!Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 98 100").unwrap().can_claim_fifty_moves());
    let now = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 100 100").unwrap();
    assert!(now.can_claim_fifty_moves() && now.can_claim_draw());
}

/// The repetition count is kept per ply: a long game asked at every ply
/// stays linear (no rescans of the history), and pop restores the counts.
#[test]
fn repetition_count_per_ply_with_pop() {
    let mut game = Game::new();
    let mut counts = vec![game.repetition_count()];
    for i in 0..4 * 4 - 1 {
        let mv = ["g1f3", "g8f6", "f3g1", "f6g8"][i % 4];
        game.push_uci(mv).unwrap();
        counts.push(game.repetition_count());
    }
    assert_eq!(counts, [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4]);
    while game.pop().is_some() {
        counts.pop();
        assert_eq!(game.repetition_count(), *counts.last().unwrap());
    }
}

/// The clock rules follow the halfmove clock a FEN states: played on by
/// `Game`, and asked of `GameState` with a clock the position could not
/// hold (a clock beside an en-passant square, which the position resets
/// to 0 and python-chess keeps).
#[test]
fn clock_rules_from_fen_stated_clocks() {
    let seventy_five = Some(Outcome::Draw(DrawReason::SeventyFiveMoves));
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    assert!(game.can_claim_fifty_moves() && !game.state().is_fifty_moves());
    game.push_uci("a1a2").unwrap();
    assert_eq!(game.state().halfmove_clock(), 100);
    assert!(game.state().is_fifty_moves() && game.can_claim_fifty_moves() && game.can_claim_draw());
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 80").unwrap();
    assert!(!game.state().is_seventy_five_moves() && game.outcome().is_none());
    game.push_uci("a1a2").unwrap();
    assert!(game.state().is_seventy_five_moves());
    assert_eq!(game.outcome(), seventy_five);

    // d6 stated with 99 half-moves: the position's clock is 0.
    let (pos, _) = Position::from_fen_lenient("4k3/8/8/3pP3/8/8/8/4K2R w - d6 99 80").unwrap();
    assert_eq!(pos.halfmove_clock(), 0);
    let reps = Repetitions::new(pos.repetition_key());
    let own = GameState::new(&pos, &reps, pos.halfmove_clock());
    assert!(!own.can_claim_fifty_moves() && own.moves_claiming_fifty().is_empty());
    let stated = GameState::new(&pos, &reps, 99);
    assert!(stated.can_claim_fifty_moves() && !stated.is_fifty_moves());
    let claims = stated.moves_claiming_fifty();
    assert!(!claims.is_empty());
    // The pawn moves (e5e6 and the en-passant capture e5d6) reset the clock.
    assert!(claims.iter().all(|m| m.from() != Square::E5), "{claims:?}");
    assert_eq!(claims.len(), pos.legal_moves().iter().filter(|m| m.from() != Square::E5).count());
    assert!(GameState::new(&pos, &reps, 100).is_fifty_moves());
    assert_eq!(GameState::new(&pos, &reps, 149).outcome(), None);
    let ended = GameState::new(&pos, &reps, 150);
    assert!(ended.is_seventy_five_moves());
    assert_eq!(ended.outcome(), seventy_five);
    assert_eq!(own.outcome(), None);

    // Mate outranks the clock; a stalemate has no clock rule at all.
    let (mate, _) = Position::from_fen_lenient("R6k/8/6K1/8/8/8/8/8 b - - 150 120").unwrap();
    let reps = Repetitions::new(mate.repetition_key());
    let state = GameState::new(&mate, &reps, 160);
    assert_eq!(state.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
    assert!(!state.is_seventy_five_moves() && !state.is_fifty_moves() && !state.can_claim_fifty_moves());
}
