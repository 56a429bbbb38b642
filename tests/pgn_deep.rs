//! Game trees nested deeper than any call stack: read, dropped, cloned,
//! compared, hashed, printed with `Debug` and written back, on the test
//! thread's own (2 MiB) stack. Also the walk that all of these share,
//! against a recursive mirror of `Node`, on random trees.

use crate::common;

use std::collections::hash_map::DefaultHasher;
use std::fmt::{self, Write as _};
use std::hash::{Hash, Hasher};

use chess_movegen::pgn::{Nag, Node, PgnGame};
use chess_movegen::{Game, Move, Position};
use common::Rng;

/// 1,000,000 side lines, each inside the one before, in an optimised
/// build; 100,000 in a build with debug assertions (slower, larger frames).
const DEPTH: usize = if cfg!(debug_assertions) { 100_000 } else { 1_000_000 };

/// `1. e4 ( 1. d4 ( 1. d4 ... ) ) *` with `depth` nested side lines.
fn nested_text(depth: usize) -> String {
    let mut text = String::with_capacity(depth * 9 + 16);
    text.push_str("1. e4 ");
    for _ in 0..depth {
        text.push_str("( 1. d4 ");
    }
    for _ in 0..depth {
        text.push(')');
    }
    text.push_str(" *\n");
    text
}

/// How deep the side lines of a line nest, counted with a loop down the
/// first side line of the first move.
fn depth_of(line: &[Node]) -> usize {
    let mut depth = 0;
    let mut line = line;
    while let Some(variation) = line.first().and_then(|node| node.variations.first()) {
        depth += 1;
        line = variation;
    }
    depth
}

/// The innermost node down the first side line of the first move.
fn innermost(line: &mut [Node]) -> &mut Node {
    let mut node = &mut line[0];
    while !node.variations.is_empty() {
        node = &mut node.variations[0][0];
    }
    node
}

/// Counts what `Debug` writes, and keeps its first bytes.
#[derive(Default)]
struct Sink {
    len: usize,
    head: String,
}

impl fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.len += s.len();
        if self.head.len() < 200 {
            self.head.push_str(s);
        }
        Ok(())
    }
}

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// Every operation on the tree, which has side lines nested `depth` deep.
fn check_every_operation(game: &PgnGame, depth: usize) {
    assert_eq!(depth_of(&game.moves), depth);

    let copy = game.clone();
    assert_eq!(depth_of(&copy.moves), depth);
    assert!(copy == *game);
    assert_eq!(hash_of(&copy.moves), hash_of(&game.moves));

    // One change at the bottom: no longer equal.
    let mut changed = game.clone();
    innermost(&mut changed.moves).comments.push("the bottom".to_string());
    assert!(changed != *game);
    assert_ne!(hash_of(&changed.moves), hash_of(&game.moves));
    drop(changed);

    let mut sink = Sink::default();
    write!(sink, "{:?}", game.moves[0]).unwrap();
    assert!(sink.head.starts_with("Node { mv: "), "{}", sink.head);
    assert!(sink.len > depth * 20, "{} bytes of Debug", sink.len);
    let mut pretty = Sink::default();
    write!(pretty, "{:#?}", game.moves[0]).unwrap();
    assert_eq!(pretty.len, sink.len);

    // The README's round trip.
    let text = game.to_pgn();
    let back: PgnGame = text.parse().expect("the written text reads back");
    assert!(back == *game);
    drop(back);

    // The mainline as a `Game`, from the written text (side lines skipped).
    let played = Game::from_pgn(&text).unwrap();
    assert_eq!(played.moves().len(), game.moves.len());
}

#[test]
fn nested_side_lines_read_written_and_dropped() {
    let text = nested_text(DEPTH);
    let game: PgnGame = text.parse().expect("the reader takes any depth");
    check_every_operation(&game, DEPTH);
    // The writer's layout, at the top and at the bottom.
    let written = game.to_pgn();
    assert!(written.starts_with("1. e4 (1. d4 (1. d4 (1. d4"), "{}", &written[..80]);
    assert!(written.ends_with("))))) *\n"));
    drop(game);
    // Dropping straight from the reader.
    let mut reader = chess_movegen::pgn::Reader::from_str(&text);
    drop(reader.read_tree());
}

#[test]
fn hand_built_nesting_through_the_public_api() {
    let start = Position::startpos();
    let d4 = start.parse_san("d4").unwrap();
    let e4 = start.parse_san("e4").unwrap();
    let mut node = Node::new(d4);
    node.nags.push(Nag::GOOD);
    for i in 0..DEPTH {
        let mut outer = Node::new(if i % 2 == 0 { e4 } else { d4 });
        if i % 1000 == 0 {
            outer.comments.push(format!("depth {}", DEPTH - i));
        }
        outer.variations.push(vec![node]);
        node = outer;
    }
    let mut game = PgnGame::new(start);
    game.moves.push(node);
    let e5 = start.play(game.moves[0].mv).parse_san("e5").unwrap();
    game.moves.push(Node::new(e5));
    check_every_operation(&game, DEPTH);
}

mod derived {
    use chess_movegen::pgn::Nag;
    use chess_movegen::Move;

    /// A mirror of `Node` with derived (recursive) `Debug` and
    /// `PartialEq`: what the iterative impls must agree with, on shallow
    /// trees.
    #[derive(Debug, PartialEq)]
    #[allow(dead_code)] // read through Debug
    pub struct Node {
        pub mv: Move,
        pub starting_comments: Vec<String>,
        pub nags: Vec<Nag>,
        pub comments: Vec<String>,
        pub variations: Vec<Vec<Node>>,
    }
}

fn mirror(node: &Node) -> derived::Node {
    derived::Node {
        mv: node.mv,
        starting_comments: node.starting_comments.clone(),
        nags: node.nags.clone(),
        comments: node.comments.clone(),
        variations: node.variations.iter().map(|line| line.iter().map(mirror).collect()).collect(),
    }
}

/// A random line of legal moves from `pos`, with comments, NAGs and side
/// lines down to `depth`.
fn random_line(rng: &mut Rng, mut pos: Position, depth: usize) -> Vec<Node> {
    let mut line = Vec::new();
    for _ in 0..1 + rng.below(5) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut node = Node::new(moves[rng.below(moves.len())]);
        if rng.below(3) == 0 {
            node.comments.push(format!("c{}", rng.below(100)));
        }
        if rng.below(4) == 0 {
            node.nags.push(Nag(1 + rng.below(6) as u8));
        }
        if depth > 0 {
            for _ in 0..rng.below(3) {
                let mut variation = random_line(rng, pos, depth - 1);
                if let Some(first) = variation.first_mut() {
                    if rng.below(3) == 0 {
                        first.starting_comments.push("s".to_string());
                    }
                    node.variations.push(variation);
                }
            }
        }
        pos.make_move(node.mv);
        line.push(node);
    }
    line
}

#[test]
fn walk_agrees_with_recursion_on_random_trees() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut reshaped = 0;
    for _ in 0..300 {
        let mut moves = random_line(&mut rng, Position::startpos(), 4);
        let mut end = Position::startpos();
        for node in &moves {
            end = end.play(node.mv);
        }
        if !end.is_check() {
            moves.push(Node::new(Move::NULL));
        }
        let node = &moves[0];
        let copy = node.clone();
        assert_eq!(format!("{node:?}"), format!("{:?}", mirror(node)));
        assert_eq!(format!("{copy:?}"), format!("{node:?}"));
        assert_eq!(mirror(&copy), mirror(node));
        assert!(copy == *node);
        assert_eq!(hash_of(&copy), hash_of(node));

        // Moving one side line up a level changes the tree, not its nodes.
        let mut flat = node.clone();
        let mut nested = None;
        for variation in &mut flat.variations {
            if let Some(inner) = variation.first_mut().map(|n| std::mem::take(&mut n.variations)) {
                if !inner.is_empty() {
                    nested = Some(inner);
                    break;
                }
            }
        }
        if let Some(inner) = nested {
            reshaped += 1;
            flat.variations.extend(inner);
            assert!(flat != *node);
            assert_ne!(mirror(&flat), mirror(node));
        }

        // The game round-trips through the writer.
        let mut game = PgnGame::new(Position::startpos());
        game.moves = moves;
        let back: PgnGame = game.to_pgn().parse().unwrap();
        assert_eq!(back, game);
    }
    assert!(reshaped > 50, "{reshaped} trees reshaped");
}

#[test]
fn same_moves_in_other_shapes_are_other_trees() {
    let shapes = [
        "1. e4 (1. d4) (1. c4) *",
        "1. e4 (1. d4 (1. c4)) *",
        "1. e4 (1. c4) (1. d4) *",
        "1. e4 (1. d4) *",
        "1. e4 (1. d4 d5) *",
        "1. e4 (1. d4) d5 *",
        "1. e4 (1. d4) e5 *",
        "1. e4 e5 (1... d5) *",
        "1. e4 {c} (1. d4) *",
        "1. e4 (1. d4 {c}) *",
        "1. e4 ({c} 1. d4) *",
        "1. e4 (1. d4 $1) *",
    ];
    let trees: Vec<PgnGame> = shapes.iter().map(|text| text.parse().unwrap()).collect();
    for (i, a) in trees.iter().enumerate() {
        for (j, b) in trees.iter().enumerate() {
            assert_eq!(a == b, i == j, "{} against {}", shapes[i], shapes[j]);
            assert_eq!(hash_of(&a.moves) == hash_of(&b.moves), i == j, "{} against {}", shapes[i], shapes[j]);
            assert_eq!(format!("{a:?}") == format!("{b:?}"), i == j);
        }
        assert_eq!(format!("{:?}", a.moves[0]), format!("{:?}", mirror(&a.moves[0])));
    }
}
