//! Games written by python-chess's exporter and by pgn-extract (made by
//! `scripts/make_pgn_fixtures.py`), read back: tags, start position,
//! mainline, comments, NAGs, side lines and result must be what
//! python-chess reports for the same file (the JSON next to it).

use chess_movegen::pgn::{Node, PgnGame, Reader};
use chess_movegen::Position;
use serde_json::{json, Value};

fn joined(comments: &[String]) -> String {
    comments.iter().filter(|c| !c.is_empty()).cloned().collect::<Vec<_>>().join(" ")
}

/// A line as python-chess models it: each move with its comments and
/// sorted NAGs, and the side lines that replace it. A side line nested
/// right at the start of another (`(1. d4 (1. c4) d5)`) is a sibling in
/// python-chess's tree, so it is hoisted here.
fn line(mut pos: Position, nodes: &[Node]) -> Value {
    let mut out = Vec::new();
    for node in nodes {
        let mut nags: Vec<u8> = node.nags.iter().map(|n| n.0).collect();
        nags.sort_unstable();
        nags.dedup();
        let mut variations = Vec::new();
        let mut queue: Vec<&Vec<Node>> = node.variations.iter().collect();
        while !queue.is_empty() {
            let side = queue.remove(0);
            variations.push(line(pos, side));
            for (i, nested) in side[0].variations.iter().enumerate() {
                queue.insert(i, nested);
            }
        }
        let uci = if node.mv.is_null() { "0000".to_string() } else { pos.uci(node.mv) };
        out.push(json!({
            "uci": uci,
            "comment": joined(&node.comments),
            "starting_comment": joined(&node.starting_comments),
            "nags": nags,
            "variations": variations,
        }));
        if node.mv.is_null() {
            pos.make_null_move();
        } else {
            pos.make_move(node.mv);
        }
    }
    Value::Array(out)
}

/// What python-chess's record of a game holds, from our tree.
fn record(game: &PgnGame) -> Value {
    let headers: Vec<Value> = game.tags.iter().map(|(k, v)| json!([k, v])).collect();
    let mut moves = line(game.start, &game.moves);
    // python-chess gives side lines only to moves that are the main choice,
    // so the first move of a side line never lists any: it has none here.
    strip_first(&mut moves);
    json!({
        "headers": headers,
        "comment": joined(&game.comments),
        "moves": moves,
        "result": game.tags.get("Result").unwrap_or("*"),
    })
}

fn strip_first(line: &mut Value) {
    if let Some(moves) = line.as_array_mut() {
        for mv in moves {
            if let Some(vars) = mv["variations"].as_array_mut() {
                for v in vars {
                    strip_first(v);
                    if let Some(first) = v.as_array_mut().and_then(|a| a.first_mut()) {
                        first["variations"] = json!([]);
                    }
                }
            }
        }
    }
}

/// Board, side to move and fullmove number of a FEN.
fn fen_core(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    format!("{} {} {}", fields[0], fields[1], fields[5])
}

fn check(name: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/");
    let pgn = std::fs::read(format!("{dir}{name}.pgn")).unwrap();
    let expected: Vec<Value> = serde_json::from_slice(&std::fs::read(format!("{dir}{name}.json")).unwrap()).unwrap();
    let games: Vec<PgnGame> =
        Reader::from_bytes(&pgn).trees().map(|g| g.unwrap_or_else(|e| panic!("{name}: {e}"))).collect();
    assert_eq!(games.len(), expected.len(), "{name}: number of games");
    let mut moves = 0;
    let mut variations = 0;
    let mut comments = 0;
    for (i, (game, want)) in games.iter().zip(&expected).enumerate() {
        let mut got = record(game);
        assert_eq!(fen_core(&game.start.fen()), fen_core(want["fen"].as_str().unwrap()), "{name} game {}", i + 1);
        got["fen"] = want["fen"].clone();
        assert_eq!(&got, want, "{name} game {}", i + 1);
        moves += game.moves.len();
        let text = serde_json::to_string(&got).unwrap();
        variations += text.matches("\"variations\":[[").count();
        comments += text.matches("\"comment\":\"").count() - text.matches("\"comment\":\"\"").count();
        // And the tree survives our own writer.
        let back: PgnGame = game.to_pgn().parse().unwrap();
        assert_eq!(&back, game, "{name} game {} after to_pgn", i + 1);
    }
    assert!(moves > 1000 && variations > 20 && comments > 100, "{name}: {moves} moves, {variations}, {comments}");
}

#[test]
fn python_chess_exporter() {
    check("python_chess");
}

#[test]
fn pgn_extract() {
    check("pgn_extract");
}
