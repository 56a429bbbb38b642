//! Invariant: the PGN reader never panics on any bytes: every game is a
//! tree or an error whose line and column lie inside the input; a tree
//! written back with `to_pgn` reads back (as the first and only game of
//! that text) to an equal tree, and its mainline replays as legal moves
//! from its start position; the visitor that skips every variation and
//! `Game::push_line` on the same text do not panic either.
#![no_main]

use std::collections::hash_map::DefaultHasher;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};

use chess_movegen::pgn::{PgnGame, Reader, Skip, Visitor};
use chess_movegen::{Game, Move, Position};
use libfuzzer_sys::fuzz_target;

struct SkipAll(usize);

impl Visitor for SkipAll {
    type Output = usize;
    fn begin_game(&mut self) {
        self.0 = 0;
    }
    fn play(&mut self, before: &Position, mv: Move) -> Skip {
        assert!(mv.is_null() || before.is_legal(mv));
        self.0 += 1;
        Skip(false)
    }
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }
    fn end_game(&mut self) -> usize {
        self.0
    }
}

/// Counts what `Debug` writes, without keeping it.
struct Count(usize);

impl std::fmt::Write for Count {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut hasher = DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

fuzz_target!(|data: &[u8]| {
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let mut reader = Reader::from_bytes(data);
    let mut games = 0;
    while let Some(game) = reader.read_tree() {
        games += 1;
        assert!(games <= data.len() + 1, "more games than bytes");
        match game {
            Ok(tree) => {
                let copy = tree.clone();
                assert!(copy == tree, "a copy differs");
                assert_eq!(hash_of(&copy.moves), hash_of(&tree.moves));
                drop(copy);
                let mut count = Count(0);
                write!(count, "{tree:?}").unwrap();
                assert!(count.0 > 0);
                let text = tree.to_pgn();
                let mut again = Reader::from_str(&text);
                let back: PgnGame = match again.read_tree() {
                    Some(Ok(back)) => back,
                    other => panic!("written game does not read back: {other:?}\n{text}"),
                };
                assert_eq!(back, tree, "round trip changed the tree:\n{text}");
                assert!(again.read_tree().is_none(), "one game written, more read:\n{text}");
                let mut pos = tree.start;
                for mv in tree.mainline() {
                    if mv.is_null() {
                        assert!(!pos.is_check());
                        pos.make_null_move();
                    } else {
                        assert!(pos.is_legal(mv), "{mv:?} in {}", pos.fen());
                        pos.make_move(mv);
                    }
                }
                let game = tree.to_game();
                assert!(game.moves().len() <= tree.moves.len());
            }
            Err(e) => {
                assert!(e.line >= 1 && e.line <= lines, "{e} with {lines} lines");
                assert!(e.column >= 1);
                assert!(!e.to_string().is_empty());
            }
        }
    }
    let mut reader = Reader::from_bytes(data);
    while reader.read_game(&mut SkipAll(0)).is_some() {}
    let text = String::from_utf8_lossy(data);
    let mut game = Game::new();
    let _ = game.push_line(&text);
});
