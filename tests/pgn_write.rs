//! The PGN writer loses nothing: games from any start (standard, FEN,
//! Chess960) read back equal with legal moves, tags that disagree with the
//! start are written as the start needs, tag values with quotes and
//! backslashes round-trip, tag pairs PGN cannot carry are refused where
//! they are set, and a hand-built tree with an illegal move is written
//! without a panic.

use crate::common;

use chess_movegen::pgn::{Nag, Node, PgnGame, TagErrorKind, Tags};
use chess_movegen::{CastlingMode, Game, Move, Position};
use common::{Rng, KIWIPETE};

/// A random line of legal moves from `pos`, with comments, NAGs and side
/// lines down to `depth`.
fn random_line(rng: &mut Rng, mut pos: Position, plies: usize, depth: usize) -> Vec<Node> {
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut node = Node::new(moves[rng.below(moves.len())]);
        if rng.below(4) == 0 {
            node.comments.push(format!("comment {}", rng.below(100)));
        }
        if rng.below(5) == 0 {
            node.nags.push(Nag(1 + rng.below(6) as u8));
        }
        if depth > 0 && rng.below(4) == 0 {
            let plies = 1 + rng.below(6);
            let variation = random_line(rng, pos, plies, depth - 1);
            if !variation.is_empty() {
                node.variations.push(variation);
            }
        }
        pos.make_move(node.mv);
        line.push(node);
    }
    line
}

/// The start positions: standard, FEN starts (White and Black to move,
/// move numbers other than 1), Chess960 (the standard array among them)
/// and Chess960 positions a few moves in.
fn starts(rng: &mut Rng) -> Vec<Position> {
    let mut out = vec![
        Position::startpos(),
        Position::from_fen(KIWIPETE).unwrap(),
        Position::from_fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").unwrap(),
        Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 37").unwrap(),
        Position::from_fen("4k3/1P6/8/8/8/8/6p1/4K3 b - - 12 60").unwrap(),
    ];
    for n in [0, 1, 518, 959, 100, 777] {
        out.push(Position::chess960(n).unwrap());
    }
    for _ in 0..4 {
        let mut pos = Position::chess960(rng.below(960) as u32).unwrap();
        for _ in 0..rng.below(9) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
        }
        out.push(pos);
    }
    out
}

/// Plays the line and each side line from `pos`, asserting every move legal.
fn assert_legal(pos: Position, line: &[Node]) {
    let mut pos = pos;
    for node in line {
        for variation in &node.variations {
            assert_legal(pos, variation);
        }
        assert!(pos.is_legal(node.mv), "{} in {}", node.mv, pos.fen());
        pos.make_move(node.mv);
    }
}

#[test]
fn games_from_every_start_read_back_equal() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for start in starts(&mut rng) {
        for _ in 0..10 {
            let mut game = PgnGame::new(start);
            let plies = rng.below(40);
            game.moves = random_line(&mut rng, start, plies, 2);
            let text = game.to_pgn();
            let back: PgnGame = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, game, "{text}");
            assert_eq!(back.start, start);
            assert_legal(back.start, &back.moves);

            // The Game writer, the same way.
            let mut played = Game::from_position(start);
            for mv in game.mainline() {
                // Legal, unless the game is over (a dead position).
                if played.push(mv).is_err() {
                    assert!(played.outcome().is_some());
                    break;
                }
            }
            let text = played.to_pgn();
            let again = Game::from_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(again.start_position(), &start, "{text}");
            assert_eq!(again.moves(), played.moves(), "{text}");
            let tree = PgnGame::from_game(&played);
            assert_eq!(text.parse::<PgnGame>().unwrap(), tree);
        }
    }
}

#[test]
fn chess960_start_and_its_first_move() {
    for n in [0, 1, 2, 300, 518, 959] {
        let start = Position::chess960(n).unwrap();
        let first = start.legal_moves()[0];
        let mut game = PgnGame::new(start);
        assert_eq!(game.tags.get("Variant"), Some("Chess960"));
        game.moves.push(Node::new(first));
        let text = game.to_pgn();
        let back: PgnGame = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, game, "{text}");
        assert_eq!(back.start.castling_mode(), CastlingMode::Chess960);
        assert_eq!(back.moves[0].mv, first, "{text}");
    }
    // The standard start position needs no tags; the standard array in
    // Chess960 needs only `Variant`.
    assert!(PgnGame::new(Position::startpos()).tags.is_empty());
    let tags: Vec<(String, String)> = PgnGame::new(Position::chess960(518).unwrap())
        .tags
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    assert_eq!(tags, [("Variant".to_string(), "Chess960".to_string())]);
}

/// The game's moves and start as read back from its text.
fn read_back(game: &PgnGame) -> PgnGame {
    let text = game.to_pgn();
    let back: PgnGame = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.start, game.start, "{text}");
    assert_eq!(back.moves, game.moves, "{text}");
    assert_legal(back.start, &back.moves);
    back
}

#[test]
fn tags_that_disagree_with_the_start_are_written_as_it_needs() {
    let mut rng = Rng(7);
    let chess960 = Position::chess960(0).unwrap();
    let kiwipete = Position::from_fen(KIWIPETE).unwrap();

    // A start set by hand: the tags still say "standard start".
    let mut game = PgnGame::new(Position::startpos());
    game.start = chess960;
    game.moves = random_line(&mut rng, chess960, 12, 1);
    let back = read_back(&game);
    assert_eq!(back.tags.get("Variant"), Some("Chess960"));
    assert_eq!(back.tags.get("SetUp"), Some("1"));
    assert_eq!(back.tags.get("FEN"), Some(chess960.shredder_fen().as_str()));

    // The tags say Chess960 and another position; the start is standard.
    game.start = Position::startpos();
    game.moves = random_line(&mut rng, game.start, 12, 1);
    let back = read_back(&game);
    assert_eq!(back.tags.get("Variant"), None);
    assert_eq!(back.start.castling_mode(), CastlingMode::Standard);

    // A FEN tag of another position, and a variant the reader refuses.
    let mut game = PgnGame::new(kiwipete);
    game.tags.insert("FEN", "8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    game.tags.insert("Variant", "Crazyhouse").unwrap();
    game.tags.insert("SetUp", "0").unwrap();
    game.moves = random_line(&mut rng, kiwipete, 12, 1);
    let back = read_back(&game);
    assert_eq!(back.tags.get("FEN"), Some(KIWIPETE));
    assert_eq!(back.tags.get("SetUp"), Some("1"));
    assert_eq!(back.tags.get("Variant"), None);

    // Tags that already give the start are written as they are, even when
    // not the writer's own form (no SetUp, X-FEN castling, spaces).
    let text = "[Variant \" chess960 \"]\n[FEN \" rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1 \"]\n\n1. O-O-O *\n";
    let tree: PgnGame = text.parse().unwrap();
    assert_eq!(tree.to_pgn(), text);

    // `set_start` sets the tags as `new` does.
    let mut game = PgnGame::new(chess960);
    game.tags.insert("Event", "e").unwrap();
    game.set_start(kiwipete);
    let names: Vec<&str> = game.tags.iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["Event", "SetUp", "FEN"]);
    game.set_start(Position::startpos());
    assert_eq!(game.tags.len(), 1);
}

/// A random tag value of quotes, backslashes, brackets, braces and others.
fn random_value(rng: &mut Rng) -> String {
    const CHARS: [char; 13] = ['"', '\\', 'a', ' ', 'é', ']', '[', '{', '}', ';', '%', '\t', '$'];
    (0..rng.below(12)).map(|_| CHARS[rng.below(CHARS.len())]).collect()
}

#[test]
fn tag_values_with_quotes_and_backslashes_round_trip() {
    let mut rng = Rng(99);
    let mut values: Vec<String> =
        ["\"", "\\", "\\\\", "\\\"", "a\\", "\"\"", "C:\\dir\\\"x\"", " ", "", "\\n"].map(String::from).to_vec();
    values.extend((0..300).map(|_| random_value(&mut rng)));
    for value in &values {
        let mut game = PgnGame::new(Position::startpos());
        game.tags.insert("White", value).unwrap();
        game.tags.insert("Annotator", value).unwrap();
        let text = game.to_pgn();
        let back: PgnGame = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.tags.get("White"), Some(value.as_str()), "{text}");
        assert_eq!(back, game, "{text}");
    }
    let mut game = PgnGame::new(Position::startpos());
    game.tags.insert("White", "a\"b\\c").unwrap();
    assert_eq!(game.to_pgn(), "[White \"a\\\"b\\\\c\"]\n\n*\n");
}

#[test]
fn tag_pairs_pgn_cannot_carry_are_refused() {
    let refused = [
        ("Bad Name", "x", TagErrorKind::NameChar(' ')),
        ("", "x", TagErrorKind::EmptyName),
        ("_x", "x", TagErrorKind::NameStart('_')),
        ("a]b", "x", TagErrorKind::NameChar(']')),
        ("a\"b", "x", TagErrorKind::NameChar('"')),
        ("Ünter", "x", TagErrorKind::NameStart('Ü')),
        ("Elo\u{e9}", "x", TagErrorKind::NameChar('é')),
        ("White", "two\nlines", TagErrorKind::LineBreakInValue),
        ("White", "cr\r", TagErrorKind::LineBreakInValue),
    ];
    let mut tags = Tags::roster();
    let before = tags.clone();
    for (name, value, kind) in refused {
        let error = tags.insert(name, value).unwrap_err();
        assert_eq!((error.name.as_str(), error.kind), (name, kind));
        assert!(error.to_string().starts_with(&format!("tag name {name:?}: ")), "{error}");
        assert_eq!(tags, before, "refused, so unchanged");
    }
    assert_eq!(
        tags.insert("Bad Name", "x").unwrap_err().to_string(),
        "tag name \"Bad Name\": ' ' cannot stand in a tag name (ASCII letters, digits and _+#=:- only)"
    );
    // What the reader takes, `insert` takes, and the writer writes back.
    let mut game = PgnGame::new(Position::startpos());
    for name in ["WhiteElo", "A1", "9", "X_+#=:-", "Black"] {
        game.tags.insert(name, name).unwrap();
    }
    let text = game.to_pgn();
    assert_eq!(text.parse::<PgnGame>().unwrap(), game, "{text}");
}

#[test]
fn illegal_moves_of_hand_built_trees_are_written_in_uci() {
    let start = Position::startpos();
    let e4 = start.parse_san("e4").unwrap();
    let after = start.play(e4);
    let e5 = after.parse_san("e5").unwrap();
    let d4 = start.parse_san("d4").unwrap();
    // Black cannot play e2e4; its side line can be played, the moves
    // after it cannot be written in SAN.
    let mut illegal = Node::new(e4);
    illegal.variations.push(vec![Node::new(e5)]);
    let mut last = Node::new(d4);
    last.variations.push(vec![Node::new(e4)]);
    let mut game = PgnGame::new(start);
    game.moves = vec![Node::new(e4), illegal, last];
    assert_eq!(game.to_pgn(), "1. e4 e2e4 (1... e5) d2d4 (e2e4) *\n");

    // A null move in check, then a side line that is fine.
    let start = Position::from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
    let kd2 = start.parse_san("Kd2").unwrap();
    let mut null = Node::new(Move::NULL);
    null.variations.push(vec![Node::new(kd2)]);
    let mut game = PgnGame::new(start);
    game.moves = vec![null, Node::new(kd2)];
    assert_eq!(game.to_pgn(), "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/r3K3 w - - 0 1\"]\n\n1. -- (1. Kd2) e1d2 *\n");
}
