//! PGN reading and writing: one test per syntax element, errors with
//! their positions and recovery, the writer's layout, round trips.

use chess_movegen::pgn::{Nag, PgnErrorKind, PgnGame, Reader, Skip, TagValue, Tags, Visitor};
use chess_movegen::{CastlingMode, Color, Game, GameResult, Move, Position, Square};

fn tree(text: &str) -> PgnGame {
    text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn sans(tree: &PgnGame) -> Vec<String> {
    let mut pos = tree.start;
    let mut out = Vec::new();
    for mv in tree.mainline() {
        if mv.is_null() {
            out.push("--".to_string());
            pos.make_null_move();
        } else {
            out.push(pos.san(mv));
            pos.make_move(mv);
        }
    }
    out
}

fn all(text: &str) -> Vec<Result<PgnGame, chess_movegen::pgn::PgnError>> {
    Reader::from_str(text).trees().collect()
}

/// read(write(g)) == g, and the written text reads as exactly one game.
fn round_trip(game: &PgnGame) {
    let text = game.to_pgn();
    let back = all(&text);
    assert_eq!(back.len(), 1, "{text}");
    assert_eq!(back[0].as_ref().unwrap(), game, "{text}");
}

#[test]
fn tag_pairs_roster_others_and_escapes() {
    let g = tree(concat!(
        "[ECO \"C20\"]\n[White \"Morphy, \\\"Paul\\\"\"]\n[Event   \"Back\\\\slash\"]\n",
        "[Black \"Duke\"]\n[Annotator \"x\"]\n[ECO \"C41\"]\n\n1. e4 *\n"
    ));
    assert_eq!(g.tags.get("White"), Some("Morphy, \"Paul\""));
    assert_eq!(g.tags.get("Event"), Some("Back\\slash"));
    assert_eq!(g.tags.get("ECO"), Some("C41"), "a repeated tag replaces the value");
    let names: Vec<&str> = g.tags.iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["Event", "White", "Black", "ECO", "Annotator"]);
    let text = g.to_pgn();
    assert!(
        text.starts_with("[Event \"Back\\\\slash\"]\n[White \"Morphy, \\\"Paul\\\"\"]\n[Black \"Duke\"]\n"),
        "{text}"
    );
    round_trip(&g);
    assert_eq!(TagValue::new(b"a\\\"b").decode(), "a\"b");
    // An escaped backslash escapes nothing after it; a backslash before
    // anything else, or at the end, stays; text around them is kept whole.
    assert_eq!(TagValue::new("é\\\\\\\"x\\y\\".as_bytes()).decode(), "é\\\"x\\y\\");
    assert_eq!(TagValue::new(b"\\\\\\\\\"").decode(), "\\\\\"");
}

/// Tag values their writer did not escape: quotes inside, a backslash
/// before the closing quote. Read as python-chess reads them: the value is
/// what stands between the first quote and the `"]` that ends the line.
#[test]
fn tag_values_with_unescaped_quotes_and_backslashes() {
    let g = tree(concat!(
        "[White \"The \"Big\" One\"]\n[Annotator \"C:\\dir\\\"]  \r\n",
        "[Black \"a\\\" \"b\"]\n[Site \"x\"]\n\n1. e4 *\n"
    ));
    assert_eq!(g.tags.get("White"), Some("The \"Big\" One"));
    assert_eq!(g.tags.get("Annotator"), Some("C:\\dir\\"));
    assert_eq!(g.tags.get("Black"), Some("a\" \"b"));
    assert_eq!(g.tags.get("Site"), Some("x"));
    assert_eq!(sans(&g), ["e4"]);
    // Without `"]` at the line's end it stays an error.
    for bad in [
        "[White \"x\" y]\n\n1. e4 *\n",
        "[White \"x\\\" ]\n\n1. e4 *\n",
        "[White \"x\\\"]y\n\n1. e4 *\n",
        "[White \"x\n\n1. e4 *\n",
    ] {
        let e = all(bad).remove(0).unwrap_err();
        assert!(e.to_string().contains("bad tag pair"), "{bad:?}: {e}");
    }
}

/// `e.p.` after a check mark, or with one after it, as python-chess
/// reads them.
#[test]
fn en_passant_marks_around_check_marks() {
    for ep in ["exd6+e.p.", "exd6 e.p.+", "exd6+ e.p.+", "exd6e.p.#"] {
        let g = tree(&format!("[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. {ep} Kd7 *\n"));
        assert_eq!(sans(&g), ["exd6", "Kd7"], "{ep}");
    }
}

#[test]
fn san_as_real_files_write_it() {
    let g = tree("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d4 exd4 6. e5 d5 7. exd6 e.p. Qxd6 8. Re1+ Be6 *");
    assert_eq!(g.mainline().count(), 16);
    assert_eq!(g.moves[6].mv, Move::castle(Square::E1, Square::H1));
    assert!(g.moves[12].mv.is_en_passant());
    let g = tree("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0");
    assert!(g.to_game().position().is_checkmate());
    assert_eq!(g.moves[5].nags, [Nag::BLUNDER]);
    let g = tree("1.e4!? e5?! 2.Nf3! Nc6? 3.Bb5!! a6?? *");
    let nags: Vec<Vec<Nag>> = g.moves.iter().map(|n| n.nags.clone()).collect();
    assert_eq!(nags, [[Nag(5)], [Nag(6)], [Nag(1)], [Nag(2)], [Nag(3)], [Nag(4)]]);
    let g = tree("1. e4 ! e5 !? *");
    assert_eq!(g.moves[0].nags, [Nag(1)]);
    assert_eq!(g.moves[1].nags, [Nag(5)]);
    // Longer runs of marks, two at a time from the left.
    let g = tree("1. e4!!? e5?!?! 2. Nf3 !!! Nc6 -- ?? *");
    let nags: Vec<Vec<Nag>> = g.moves.iter().map(|n| n.nags.clone()).collect();
    assert_eq!(nags, [vec![Nag(3), Nag(2)], vec![Nag(6), Nag(6)], vec![Nag(3), Nag(1)], vec![], vec![Nag(4)]]);
    // Promotions with and without `=`, with check marks, and over-specified moves.
    let g = tree("[FEN \"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1\"]\n\n1. b8=Q+ Kd7 2. Qb5+ Kd6 3. Kd2 g1N 4. Qb4+ Kd5 *");
    assert_eq!(g.moves[0].mv.promotion_role(), Some(chess_movegen::Role::Queen));
    assert_eq!(g.moves[5].mv.promotion_role(), Some(chess_movegen::Role::Knight));
    let g = tree("1. Ng1f3 d7d5 2. e2-e4 *");
    assert_eq!(sans(&g), ["Nf3", "d5", "e4"]);
}

#[test]
fn null_moves() {
    let g = tree("1. e4 -- 2. d4 Z0 3. c4 0000 *");
    assert_eq!(sans(&g), ["e4", "--", "d4", "--", "c4", "--"]);
    assert!(g.moves[1].mv.is_null());
    round_trip(&g);
    // A Game cannot hold a null move: it ends before it.
    assert_eq!(g.to_game().moves().len(), 1);
    let errors = all("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *");
    let e = errors[0].as_ref().unwrap_err();
    assert!(matches!(e.kind, PgnErrorKind::NullMoveInCheck { ref mv } if mv == "3... --"), "{e}");
}

#[test]
fn nags() {
    let g = tree("1. e4 $1 $14 e5 $255 *");
    assert_eq!(g.moves[0].nags, [Nag(1), Nag(14)]);
    assert_eq!(g.moves[1].nags, [Nag(255)]);
    let e = all("1. e4 $256 *").remove(0).unwrap_err();
    assert_eq!((e.kind, e.line, e.column), (PgnErrorKind::BadNag, 1, 7));
}

#[test]
fn comments_brace_rest_of_line_and_escape_lines() {
    let text = "% an escape line\n{Before the game}\n1. e4 {Best by test} ; ignored to the end of line {\ne5 {two\nlines} {second} 2. Nf3\n%skip (this is not a variation\nNc6 *";
    let g = tree(text);
    assert_eq!(g.comments, ["Before the game"]);
    assert_eq!(g.moves[0].comments, ["Best by test"]);
    assert_eq!(g.moves[1].comments, ["two\nlines", "second"]);
    assert_eq!(sans(&g), ["e4", "e5", "Nf3", "Nc6"]);
    // One space after `{` and one before `}` are the writer's; others stay.
    let g = tree("1. e4 {  spaced  } {} *");
    assert_eq!(g.moves[0].comments, [" spaced ", ""]);
    round_trip(&g);
}

#[test]
fn nested_variations() {
    let g = tree("1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) (1. c4) 1... e5 2. Nf3 (2. f4 exf4) Nc6 *");
    assert_eq!(sans(&g), ["e4", "e5", "Nf3", "Nc6"]);
    let e4 = &g.moves[0];
    assert_eq!(e4.variations.len(), 2);
    let d4_line = &e4.variations[0];
    assert_eq!(d4_line.len(), 3);
    assert_eq!(d4_line[1].variations.len(), 1, "1... Nf6 replaces 1... d5");
    let nf6_line = &d4_line[1].variations[0];
    assert_eq!(nf6_line[1].variations.len(), 1, "2. Nf3 replaces 2. c4");
    assert_eq!(nf6_line[1].variations[0][0].mv, Move::new(Square::G1, Square::F3));
    assert_eq!(g.moves[2].variations[0].len(), 2);
    round_trip(&g);
}

#[test]
fn variation_starting_comments_and_empty_variations() {
    let g = tree("1. e4 ({Or} 1. d4 {Queen's pawn}) ( ) e5 *");
    let side = &g.moves[0].variations;
    assert_eq!(side.len(), 1, "the empty side line is dropped");
    assert_eq!(side[0][0].starting_comments, ["Or"]);
    assert_eq!(side[0][0].comments, ["Queen's pawn"]);
    round_trip(&g);
}

#[test]
fn results() {
    for (marker, result) in [
        ("1-0", GameResult::WhiteWins),
        ("0-1", GameResult::BlackWins),
        ("1/2-1/2", GameResult::Draw),
        ("*", GameResult::Unfinished),
    ] {
        let g = tree(&format!("1. e4 e5 {marker}"));
        assert_eq!(g.result, result);
        assert_eq!(result.to_string(), marker);
        assert_eq!(marker.parse(), Ok(result));
    }
    // No marker: the Result tag says it.
    let g = tree("[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4#\n");
    assert_eq!(g.result, GameResult::BlackWins);
    // A result inside a variation does not end the game.
    let g = tree("1. e4 (1. f3 e5 2. g4 Qh4# 0-1) e5 1/2-1/2");
    assert_eq!((g.mainline().count(), g.result), (2, GameResult::Draw));
}

#[test]
fn many_games_with_and_without_tags_bom_and_crlf() {
    let text = "\u{feff}[Event \"One\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 {crlf\r\ncomment} 1-0\r\n\r\n1. d4 d5 *\r\n[Event \"Three\"]\r\n\r\n1. c4\r\n[Event \"Four\"]\r\n1. Nf3 *";
    let games: Vec<PgnGame> = all(text).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].tags.get("Event"), Some("One"));
    assert_eq!(games[0].moves[1].comments, ["crlf\ncomment"]);
    assert!(games[1].tags.is_empty());
    assert_eq!(sans(&games[1]), ["d4", "d5"]);
    assert_eq!((games[2].tags.get("Event"), games[2].mainline().count()), (Some("Three"), 1));
    assert_eq!(sans(&games[3]), ["Nf3"]);
}

/// Every carriage return before a line feed goes, not only the last
/// one: a comment that kept `\r\n` of `\r\r\n` would become `\n` when
/// the written game is read again (the `pgn_read` fuzz target's round
/// trip).
#[test]
fn comment_line_ends_lose_every_carriage_return_and_round_trip() {
    let g = tree("1. e4 {a\r\r\nb\rc\r\n\r\nd\r} {\r\r\r\n\r\r} *");
    assert_eq!(g.moves[0].comments, ["a\nb\rc\n\nd\r", "\n\r\r"]);
    let written = g.to_pgn();
    assert_eq!(tree(&written), g, "{written:?}");
}

#[test]
fn comment_after_the_result_belongs_to_the_game() {
    let games = all("1. e4 e5 1-0 {White resigned? no}\n\n{Second game} 1. d4 *");
    let games: Vec<PgnGame> = games.into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves[1].comments, ["White resigned? no"]);
    assert_eq!(games[1].comments, ["Second game"]);
}

#[test]
fn games_from_a_fen_tag() {
    let g = tree("[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20\"]\n\n20... O-O-O 21. O-O Rd2 *");
    assert_eq!(g.start.side_to_move(), Color::Black);
    assert_eq!(sans(&g), ["O-O-O", "O-O", "Rd2"]);
    let text = g.to_pgn();
    assert!(text.contains("\n\n20... O-O-O 21. O-O Rd2 *\n"), "{text}");
    round_trip(&g);
    // Chess960: castling with the king on b1 and rooks on a1/f1.
    for variant in ["Chess960", "Fischerandom", "chess 960"] {
        for (castle, king, rook) in [("O-O", Square::G1, Square::F1), ("O-O-O", Square::C1, Square::D1)] {
            let g = tree(&format!(
                "[Variant \"{variant}\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/1R2KR2 w BF - 0 1\"]\n\n1. {castle} *"
            ));
            assert_eq!(g.start.castling_mode(), CastlingMode::Chess960);
            let end = g.to_game();
            assert_eq!(end.position().king(Color::White), king);
            assert_eq!(end.position().piece_at(rook).map(|p| p.role), Some(chess_movegen::Role::Rook));
            round_trip(&g);
        }
    }
    // Shredder-FEN castling without a Variant tag is read as Chess960.
    let g = tree("[FEN \"rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1\"]\n\n1. O-O-O *");
    assert_eq!(g.to_game().position().king(Color::White), Square::C1);
    // A Chess960 game from its start position, without FEN.
    let g = tree("[Variant \"Chess960\"]\n\n1. e4 *");
    assert_eq!(g.start.castling_mode(), CastlingMode::Chess960);
}

#[test]
fn errors_say_where_and_the_reader_goes_on() {
    let text = concat!(
        "[Event \"ok\"]\n\n1. e4 e5 *\n\n", // game 1, lines 1-3
        "[Event \"illegal\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bb5 Ke7 4. Qxf7 *\n\n", // game 2, lines 5-7
        "[Event \"malformed\"]\n\n1. e4 Xy5 *\n\n", // game 3, lines 9-11
        "[Event \"ambiguous\"]\n[FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"]\n\n1. Rd1 *\n\n", // game 4, lines 13-16
        "[Event \"bad tag\n\n1. e4 *\n\n",  // game 5, lines 18-20
        "[Event \"bad fen\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n", // game 6, 22-25
        "[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n", // game 7, 27-29
        "1. e4 ) e5 *\n\n",                 // game 8, 31
        "( 1. e4 ) *\n\n",                  // game 9, 33
        "[Event \"last\"]\n\n1. d4 (1. e4 e5 *\n\n", // game 10, 35-37 (ends at the next tags)
        "[Event \"after\"]\n\n1. c4 *\n\n", // game 11, 39-41
        "1. e4 {never closed\n\n[Event \"swallowed\"]\n\n1. d4 *\n"  // game 12, 43-
    );
    let games = all(text);
    let summary: Vec<String> = games
        .iter()
        .map(|g| match g {
            Ok(g) => format!("ok {}", g.tags.get("Event").unwrap_or("-")),
            Err(e) => e.to_string(),
        })
        .collect();
    let expected = [
        "ok ok",
        "game 2, line 7, column 35: 4. Qxf7: illegal move: no queen can reach f7",
        "game 3, line 11, column 7: 1... Xy5: not a move in SAN, long algebraic or UCI: the destination is not a square",
        "game 4, line 16, column 4: 1. Rd1: ambiguous move: it could be a1d1 or h1d1",
        "game 5, line 18, column 16: bad tag pair: the tag value is not closed on its line",
        "game 6, line 23, column 1: bad FEN tag: invalid FEN (board field, byte 0): illegal position: missing king",
        "game 7, line 27, column 1: unsupported variant \"Crazyhouse\"",
        "game 8, line 31, column 7: ')' without '('",
        "game 9, line 33, column 1: variation before any move: no move to replace",
        "game 10, line 37, column 7: variation not closed: '(' without ')'",
        "ok after",
        "game 12, line 43, column 7: comment not closed: '{' without '}'",
        "ok swallowed",
    ];
    assert_eq!(summary, expected);
}

/// A `Variant` tag's value is echoed as move texts are: cut short,
/// however long it is.
#[test]
fn an_unsupported_variant_is_echoed_short() {
    let text = format!("[Variant \"Crazy{}\"]\n\n1. e4 *\n", "x".repeat(5000));
    let message = all(&text)[0].as_ref().unwrap_err().to_string();
    assert!(message.starts_with("game 1, line 1, column 1: unsupported variant \"Crazyxxx"), "{message}");
    assert!(message.len() < 100 && message.contains("(5005 bytes)"), "{message}");
}

/// A game without a termination marker ends at a blank line when the
/// movetext after it starts again at move 1 on a main line already past
/// it; other blank lines inside movetext do not end the game.
#[test]
fn a_blank_line_and_move_one_start_the_next_game() {
    let read = |text: &str| -> Vec<(Vec<String>, GameResult)> {
        all(text).into_iter().map(|g| g.unwrap_or_else(|e| panic!("{e}"))).map(|g| (sans(&g), g.result)).collect()
    };
    let moves = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        read("1. e4 e5\n\n1. d4 d5 *\n"),
        [(moves(&["e4", "e5"]), GameResult::Unfinished), (moves(&["d4", "d5"]), GameResult::Unfinished)]
    );
    // With a mainline that would have played the second game's moves as
    // the first one's (and with CR LF line ends, and spaces on the blank line).
    assert_eq!(
        read("1. e4 e5 2. Nf3\r\n \r\n1. e4 c5 0-1\r\n"),
        [(moves(&["e4", "e5", "Nf3"]), GameResult::Unfinished), (moves(&["e4", "c5"]), GameResult::BlackWins)]
    );
    // Going on: another number, black's first move, no blank line, a side line.
    assert_eq!(read("1. e4 e5\n\n2. Nf3 Nc6 *"), [(moves(&["e4", "e5", "Nf3", "Nc6"]), GameResult::Unfinished)]);
    assert_eq!(read("1. e4\n\n1... e5 1-0"), [(moves(&["e4", "e5"]), GameResult::WhiteWins)]);
    assert_eq!(read("1. e4 e5\n1. Nf3 *"), [(moves(&["e4", "e5", "Nf3"]), GameResult::Unfinished)]);
    assert_eq!(
        read("1. e4 e5 2. Nf3 (2. d4 exd4\n\n1. c3) *"),
        [(moves(&["e4", "e5", "Nf3"]), GameResult::Unfinished)]
    );
    // From a FEN past move 1.
    let two = read("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 30\"]\n\n30. Kd2 Ke7\n\n1. e4 *");
    assert_eq!(two.iter().map(|g| g.0.clone()).collect::<Vec<_>>(), [moves(&["Kd2", "Ke7"]), moves(&["e4"])]);
    // One comment before the move number: the next game's.
    let text = "1. e4 e5\n\n{Game 2}\n1. d4 d5 *";
    assert_eq!(
        read(text),
        [(moves(&["e4", "e5"]), GameResult::Unfinished), (moves(&["d4", "d5"]), GameResult::Unfinished)]
    );
    let games: Vec<PgnGame> = all(text).into_iter().map(Result::unwrap).collect();
    assert!(games[0].moves.iter().all(|n| n.comments.is_empty()));
    assert_eq!(games[1].comments, ["Game 2"]);
    // A comment followed by another number, or never closed, goes on.
    assert_eq!(read("1. e4 e5\n\n{c} 2. Nf3 *"), [(moves(&["e4", "e5", "Nf3"]), GameResult::Unfinished)]);
    assert_eq!(all("1. e4 e5\n\n{c 1. d4 d5 *").len(), 1);
}

/// Tags, then two blank lines or more, then tags: two games, the first
/// without moves (python-chess's rule: it takes one blank line between
/// tags, and ends a game's tags at a second). One blank line between tags
/// keeps them one game's.
#[test]
fn two_blank_lines_after_tags_end_a_game_without_moves() {
    let text = "[Event \"a\"]\n[Site \"1\"]\n\n\n[Event \"b\"]\n\n1. e4 e5 *\n";
    let games: Vec<PgnGame> = all(text).into_iter().map(|g| g.unwrap_or_else(|e| panic!("{e}"))).collect();
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].tags.get("Event"), games[0].tags.get("Site")), (Some("a"), Some("1")));
    assert!(games[0].moves.is_empty());
    assert_eq!((games[1].tags.get("Event"), games[1].tags.get("Site")), (Some("b"), None));
    assert_eq!(sans(&games[1]), ["e4", "e5"]);
    // With CR LF and spaces on the blank lines; three of them.
    let crlf = "[Event \"a\"]\r\n \r\n\t\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n";
    assert_eq!(all(crlf).len(), 2);
    // One blank line between tags: one game.
    let one = all("[Event \"a\"]\n\n[Site \"1\"]\n\n1. e4 *\n");
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].as_ref().unwrap().tags.get("Site"), Some("1"));
}

/// Dots written apart from their move number are part of it.
#[test]
fn dots_apart_from_the_move_number() {
    let g = tree("1. e4 1. ... e5 2. Nf3 2 ... Nc6 3 . Bb5 *");
    assert_eq!(sans(&g), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    let mut game = Game::new();
    assert_eq!(game.push_line("1. e4 1. ... e5 2. Nf3 2 . . . Nc6"), Ok(4));
}

/// Games whose comments are never closed: each gives its error and the
/// reader goes on at the next tags, also when thousands follow (the input
/// after an unclosed brace is scanned once, not once per later brace).
#[test]
fn many_unclosed_comments() {
    let games = 20_000;
    let mut text = String::from("1. e4 {never closed\n\n");
    for n in 0..games {
        text.push_str(&format!("[Event \"{n}\"]\n\n1. d4 {{x *\n\n"));
    }
    let read = all(&text);
    assert_eq!(read.len(), games + 1);
    for (n, game) in read.iter().enumerate() {
        let e = game.as_ref().unwrap_err();
        assert_eq!(e.kind, PgnErrorKind::UnterminatedComment, "game {}", n + 1);
        // Game 1 on line 1, then a game every four lines, its movetext on
        // its third.
        let line = if n == 0 { 1 } else { 4 * n as u64 + 1 };
        assert_eq!((e.game, e.line, e.column), (n as u64 + 1, line, 7), "{e}");
    }
}

#[test]
fn illegal_move_reasons_come_from_the_move_error() {
    let e = all("1. e4 e5 2. Ke3 *").remove(0).unwrap_err();
    let PgnErrorKind::Move { mv, error } = &e.kind else { panic!("{e}") };
    assert_eq!(mv, "2. Ke3");
    // The reason is the one Position::parse_san gives for the same text.
    let direct =
        Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").unwrap().parse_san("Ke3");
    assert_eq!(Err(error.clone()), direct);
    assert!(matches!(error, chess_movegen::MoveError::Illegal { .. }), "{error:?}");
    assert_eq!((e.game, e.line, e.column), (1, 1, 13));
}

#[test]
fn columns_count_characters() {
    let e = all("{Café} 1. e4 Ke3 *").remove(0).unwrap_err();
    assert_eq!((e.line, e.column), (1, 14));
}

struct Events {
    log: Vec<String>,
    skip_variations: bool,
    stop_after: usize,
}

impl Visitor for Events {
    type Output = Vec<String>;
    fn begin_game(&mut self) {
        self.log.clear();
    }
    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        self.log.push(format!("tag {}={}", String::from_utf8_lossy(name), value.decode()));
    }
    fn end_tags(&mut self, start: &Position) -> Skip {
        self.log.push(format!("start {}", start.fen()));
        Skip(self.stop_after == 0)
    }
    fn play(&mut self, before: &Position, mv: Move) -> Skip {
        self.log.push(before.san(mv));
        Skip(self.log.iter().filter(|l| !l.contains(' ')).count() >= self.stop_after)
    }
    fn nag(&mut self, nag: Nag) {
        self.log.push(nag.to_string());
    }
    fn comment(&mut self, comment: &[u8]) {
        self.log.push(format!("{{{}}}", String::from_utf8_lossy(comment)));
    }
    fn begin_variation(&mut self) -> Skip {
        self.log.push("(".into());
        Skip(self.skip_variations)
    }
    fn end_variation(&mut self) {
        self.log.push(")".into());
    }
    fn result(&mut self, result: GameResult) {
        self.log.push(format!("result {result}"));
    }
    fn end_game(&mut self) -> Vec<String> {
        core::mem::take(&mut self.log)
    }
}

#[test]
fn visitor_sees_everything_in_order_and_skips_cheaply() {
    let text =
        "[White \"W\"]\n\n1. e4 $1 {c} (1. d4 {x} (1. c4) d5) e5 2. Nf3 *\n\n[Black \"B\"]\n\n1. d4 (1. e4) d5 1-0\n";
    let mut v = Events { log: Vec::new(), skip_variations: false, stop_after: usize::MAX };
    let mut reader = Reader::from_str(text);
    let log = reader.read_game(&mut v).unwrap().unwrap();
    let start = format!("start {}", Position::startpos().fen());
    let expected = [
        "tag White=W",
        &start,
        "e4",
        "$1",
        "{c}",
        "(",
        "d4",
        "{x}",
        "(",
        "c4",
        ")",
        "d5",
        ")",
        "e5",
        "Nf3",
        "result *",
    ];
    assert_eq!(log, expected);
    // Variations skipped: begin and end still come, nothing in between.
    let mut v = Events { log: Vec::new(), skip_variations: true, stop_after: usize::MAX };
    let log = Reader::from_str(text).read_game(&mut v).unwrap().unwrap();
    assert_eq!(log, ["tag White=W", &start, "e4", "$1", "{c}", "(", ")", "e5", "Nf3", "result *"]);
    // The movetext skipped after the tags: the next game is read normally.
    let mut v = Events { log: Vec::new(), skip_variations: false, stop_after: 0 };
    let mut reader = Reader::from_str(text);
    assert_eq!(reader.read_game(&mut v).unwrap().unwrap(), ["tag White=W", &start]);
    assert_eq!(reader.read_game(&mut v).unwrap().unwrap(), ["tag Black=B", &start]);
    assert!(reader.read_game(&mut v).is_none());
    // The rest of a game skipped from a move.
    let mut v = Events { log: Vec::new(), skip_variations: false, stop_after: 2 };
    let mut reader = Reader::from_str(text);
    assert_eq!(reader.read_game(&mut v).unwrap().unwrap(), ["tag White=W", &start, "e4", "$1", "{c}", "(", "d4"]);
    let second = reader.read_tree().unwrap().unwrap();
    assert_eq!(second.tags.get("Black"), Some("B"));
    // skip_game.
    let mut reader = Reader::from_str(text);
    assert_eq!(reader.skip_game(), Some(1));
    assert_eq!(reader.skip_game(), Some(2));
    assert_eq!(reader.skip_game(), None);
}

/// A reader that hands out at most `step` bytes per call.
#[cfg(feature = "std")]
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

#[cfg(feature = "std")]
impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[cfg(feature = "std")]
#[test]
fn io_input_reads_what_the_slice_reader_reads() {
    let mut text = String::new();
    for i in 0..300 {
        text.push_str(&format!(
            "[Event \"game {i}\"]\n\n1. e4 {{a comment that spans\nseveral lines {i}}} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
        ));
        if i % 50 == 7 {
            text.push_str("1. e4 e5 2. Ke3 *\n\n");
        }
    }
    let expected: Vec<String> = all(&text).iter().map(|g| format!("{g:?}")).collect();
    for step in [1, 7, 4096, 1 << 20] {
        let reader = Reader::new(Trickle { data: text.as_bytes(), step });
        let got: Vec<String> = reader.trees().map(|g| format!("{g:?}")).collect();
        assert_eq!(got, expected, "step {step}");
    }
    assert_eq!(expected.len(), 306);
}

#[cfg(feature = "std")]
#[test]
fn io_errors_are_reported() {
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let mut reader = Reader::new(Broken);
    let e = reader.read_tree().unwrap().unwrap_err();
    assert!(matches!(e.kind, PgnErrorKind::Io(ref m) if m.contains("disk on fire")), "{e}");
    assert!(reader.read_tree().is_none());
}

#[test]
fn writer_layout() {
    let mut game = Game::new();
    game.push_line("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5").unwrap();
    let text = game.to_pgn();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..8],
        [
            "[Event \"?\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"?\"]",
            "[Black \"?\"]",
            "[Result \"*\"]",
            ""
        ]
    );
    assert!(lines[8..].iter().all(|l| l.len() <= 80), "{text}");
    assert!(lines[8..].len() >= 3, "{text}");
    assert!(text.ends_with(" *\n"));
    assert_eq!(Game::from_pgn(&text).unwrap().moves(), game.moves());

    // Black's move number after a comment and after a variation, not after a NAG.
    let g = tree("1. e4 $1 e5 {c} 2. Nf3 (2. f4) Nc6 3. Bb5 $2 a6 *");
    let text = g.to_pgn();
    assert_eq!(text, "1. e4 $1 e5 { c } 2. Nf3 (2. f4) 2... Nc6 3. Bb5 $2 a6 *\n");
    let g = tree("1. e4 {c} e5 *");
    assert_eq!(g.to_pgn(), "1. e4 { c } 1... e5 *\n");
}

#[test]
fn game_to_pgn_from_a_position_writes_fen() {
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 b Q - 0 40").unwrap();
    game.push_san("Kd7").unwrap();
    game.push_san("O-O-O+").unwrap();
    let text = game.to_pgn();
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b Q - 0 40\"]\n"), "{text}");
    assert!(text.ends_with("\n\n40... Kd7 41. O-O-O+ *\n"), "{text}");
    let back = Game::from_pgn(&text).unwrap();
    assert_eq!(back.moves(), game.moves());
    assert_eq!(back.start_position(), game.start_position());
    let tags: Tags = tree(&text).tags;
    assert_eq!(tags.len(), 9);
    // Mate sets the result.
    let mut game = Game::new();
    game.push_line("1. f3 e5 2. g4 Qh4#").unwrap();
    assert!(game.to_pgn().contains("[Result \"0-1\"]"));
}

#[test]
fn from_pgn_errors() {
    assert_eq!(Game::from_pgn("").unwrap_err().kind, PgnErrorKind::NoGame);
    assert_eq!("  \n ".parse::<PgnGame>().unwrap_err().kind, PgnErrorKind::NoGame);
    assert!(matches!(Game::from_pgn("1. e4 e4").unwrap_err().kind, PgnErrorKind::Move { .. }));
    // Side lines are checked too.
    assert!(Game::from_pgn("1. e4 (1. e5) e5").is_ok(), "skipped side lines are not checked by from_pgn");
    assert!("1. e4 (1. e5) e5".parse::<PgnGame>().is_err());
}

#[test]
fn push_line_takes_a_pasted_game() {
    let pasted = "[Event \"Casual\"]\n[White \"A\"]\n; a comment line\n\n1. e4 e5 2. Nf3 {a comment} Nc6 $1 3. Bb5 (3. Bc4 Bc5) a6!? 4. Ba4 Nf6 1/2-1/2\n";
    let mut game = Game::new();
    assert_eq!(game.push_line(pasted), Ok(8));
    assert_eq!(game.position().fen(), "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 5");
    let mut game = Game::new();
    let e = game.push_line("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Nf6").unwrap_err();
    assert_eq!((e.fullmove_number, e.color, e.text.as_str(), e.index), (23, Color::Black, "Nf6", 45));
    assert!(e.to_string().starts_with("23... Nf6: illegal move: "), "{e}");
    assert_eq!(game.moves().len(), 45);
    let e = Game::new().push_line("1. e4 ¿? 2. d4").unwrap_err();
    assert_eq!((e.fullmove_number, e.color, e.offset), (1, Color::Black, 6));
}
