//! `compare pgn`: reading PGN with legality checking, chess-movegen's
//! visitor against pgn-reader with shakmaty playing the moves, on the same
//! bytes.
//!
//! ```text
//! cargo run --release -p compare -- pgn [--games N] [--annotated N] [--rounds N] [--file PATH] [--write PATH]
//! ```
//!
//! Without `--file`, the input is made at run time (and kept in the
//! system's temporary directory for the next run): `--games` random games
//! (default 100,000; uniformly random legal moves, cut at 160 plies),
//! written by chess-movegen's writer, followed by `--annotated` games
//! (default 2,000) of the same kind with comments, NAGs, `!?` glyphs and
//! nested variations. `--write PATH` writes that input to PATH and exits
//! (for `scripts/pgn_speed.py`).
//!
//! Both readers take the input through `std::io::Read` on the same byte
//! slice, play every mainline move after checking it against the legal
//! moves, and skip side lines (pgn-reader's default); both count games and
//! moves and the counts must agree. chess-movegen is also timed reading
//! the slice in place (`Reader::from_bytes`, no copy). Each round runs
//! every reader once, the order turning; the median of `--rounds` (default
//! 5) is reported, with on-CPU time as in the perft modes.

use std::hint::black_box;
use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

use chess_movegen::pgn::{Nag, Node, PgnGame, Reader, Skip, Visitor};
use chess_movegen::{Game, Move, Position};

/// xorshift64*.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const MAX_PLIES: usize = 160;

fn random_game(rng: &mut Rng) -> Game {
    let mut game = Game::new();
    for _ in 0..MAX_PLIES {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let mv = moves[rng.below(moves.len())];
        game.push(mv).expect("legal");
    }
    game
}

/// A random line of up to `plies` moves from `pos`, with annotations and
/// (down to `depth`) nested side lines.
fn annotated_line(rng: &mut Rng, mut pos: Position, plies: usize, depth: usize) -> Vec<Node> {
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut node = Node::new(moves[rng.below(moves.len())]);
        if rng.below(6) == 0 {
            node.nags.push(Nag(1 + rng.below(6) as u8));
        }
        if rng.below(10) == 0 {
            node.nags.push(Nag(10 + rng.below(130) as u8));
        }
        if rng.below(5) == 0 {
            node.comments.push(format!(
                "[%clk 0:{:02}:{:02}] a remark on move {}",
                rng.below(60),
                rng.below(60),
                line.len() + 1
            ));
        }
        if depth > 0 && rng.below(8) == 0 {
            let plies = 1 + rng.below(8);
            let mut side = annotated_line(rng, pos, plies, depth - 1);
            if let Some(first) = side.first_mut() {
                if rng.below(2) == 0 {
                    first.starting_comments.push("or".to_string());
                }
            }
            if side.first().is_some_and(|n| n.mv != node.mv) {
                node.variations.push(side);
            }
        }
        pos = pos.play(node.mv);
        line.push(node);
    }
    line
}

/// The benchmark input: random games, then annotated ones.
pub fn make_input(games: usize, annotated: usize) -> Vec<u8> {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::new();
    for i in 0..games {
        let game = random_game(&mut rng);
        let mut tree = PgnGame::from_game(&game);
        tree.tags.insert("Event", "random games").expect("a valid tag");
        tree.tags.insert("Round", &(i + 1).to_string()).expect("a valid tag");
        out.extend_from_slice(tree.to_pgn().as_bytes());
        out.push(b'\n');
        if i % 10_000 == 9_999 {
            eprint!("\rmaking the input: {}/{games} random games", i + 1);
        }
    }
    for i in 0..annotated {
        let mut tree = PgnGame::new(Position::startpos());
        tree.tags = chess_movegen::pgn::Tags::roster();
        tree.tags.insert("Event", "annotated random games").expect("a valid tag");
        tree.tags.insert("Round", &(i + 1).to_string()).expect("a valid tag");
        tree.comments.push("Random moves with comments, NAGs and side lines.".to_string());
        let plies = 20 + rng.below(120);
        tree.moves = annotated_line(&mut rng, Position::startpos(), plies, 2);
        out.extend_from_slice(tree.to_pgn().as_bytes());
        out.push(b'\n');
    }
    eprintln!();
    out
}

/// Games and mainline moves read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    games: u64,
    moves: u64,
}

mod ours {
    use super::*;

    #[derive(Default)]
    pub struct Count(pub Counts);

    impl Visitor for Count {
        type Output = ();
        fn play(&mut self, _before: &Position, mv: Move) -> Skip {
            black_box(mv);
            self.0.moves += 1;
            Skip(false)
        }
        fn begin_variation(&mut self) -> Skip {
            Skip(true)
        }
        fn end_game(&mut self) {
            self.0.games += 1;
        }
    }

    pub fn read_io(data: &[u8]) -> Counts {
        let mut reader = Reader::new(data);
        let mut count = Count::default();
        while let Some(game) = reader.read_game(&mut count) {
            game.expect("valid game");
        }
        count.0
    }

    pub fn read_slice(data: &[u8]) -> Counts {
        let mut reader = Reader::from_bytes(data);
        let mut count = Count::default();
        while let Some(game) = reader.read_game(&mut count) {
            game.expect("valid game");
        }
        count.0
    }
}

mod theirs {
    use super::*;
    use pgn_reader::{RawTag, SanPlus};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position as _};

    #[derive(Default)]
    pub struct Count(pub Counts);

    impl pgn_reader::Visitor for Count {
        type Tags = Option<Chess>;
        type Movetext = Chess;
        type Output = ();

        fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
            ControlFlow::Continue(None)
        }

        fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
            if name == b"FEN" {
                let fen = Fen::from_ascii(value.as_bytes()).expect("fen");
                *tags = Some(fen.into_position(CastlingMode::Chess960).expect("position"));
            }
            ControlFlow::Continue(())
        }

        fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Chess> {
            ControlFlow::Continue(tags.unwrap_or_default())
        }

        fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<()> {
            let mv = san_plus.san.to_move(pos).expect("legal move");
            pos.play_unchecked(mv);
            self.0.moves += 1;
            ControlFlow::Continue(())
        }

        fn end_game(&mut self, pos: Chess) {
            black_box(pos);
            self.0.games += 1;
        }
    }

    pub fn read_io(data: &[u8]) -> Counts {
        let mut reader = pgn_reader::Reader::new(data);
        let mut count = Count::default();
        while reader.read_game(&mut count).expect("read").is_some() {}
        count.0
    }
}

/// One reader's run over the whole input.
type ReadFn = fn(&[u8]) -> Counts;

fn usage() -> &'static str {
    "usage: compare pgn [--games N] [--annotated N] [--rounds N] [--file PATH] [--write PATH] [--only ours|theirs]"
}

/// The options of a PGN reading run.
struct Options {
    games: usize,
    annotated: usize,
    rounds: usize,
    file: Option<String>,
    write: Option<String>,
    only: Option<String>,
}

/// The options from the command line (exits on a bad one); `None` after
/// `--help`.
fn parse_args(args: &[String]) -> Option<Options> {
    let mut o = Options { games: 100_000, annotated: 2_000, rounds: 5, file: None, write: None, only: None };
    let mut it = args.iter();
    let number = |v: Option<&String>, flag: &str| -> usize {
        v.and_then(|v| v.parse().ok()).unwrap_or_else(|| {
            eprintln!("{flag} needs a number\n{}", usage());
            std::process::exit(2)
        })
    };
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => o.games = number(it.next(), "--games"),
            "--annotated" => o.annotated = number(it.next(), "--annotated"),
            "--rounds" => o.rounds = number(it.next(), "--rounds").max(1),
            "--file" => o.file = it.next().cloned(),
            "--write" => o.write = it.next().cloned(),
            "--only" => o.only = it.next().cloned(),
            "-h" | "--help" => {
                println!("{}", usage());
                return None;
            }
            other => {
                eprintln!("unknown argument {other:?}\n{}", usage());
                std::process::exit(2);
            }
        }
    }
    Some(o)
}

/// The PGN text to read: `--file`'s, or generated (and cached in the
/// temporary directory, made again for `--write`).
fn input(o: &Options) -> Vec<u8> {
    match &o.file {
        Some(path) => std::fs::read(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(1)
        }),
        None => {
            let cached = std::env::temp_dir().join(format!("chess-movegen-compare-{}-{}.pgn", o.games, o.annotated));
            match std::fs::read(&cached) {
                Ok(data) if o.write.is_none() => data,
                _ => {
                    let data = make_input(o.games, o.annotated);
                    let _ = std::fs::write(&cached, &data);
                    data
                }
            }
        }
    }
}

pub fn main(args: &[String]) {
    let Some(o) = parse_args(args) else { return };
    let data = input(&o);
    if let Some(path) = &o.write {
        std::fs::File::create(path).and_then(|mut f| f.write_all(&data)).expect("write");
        println!("wrote {} bytes to {path}", data.len());
        return;
    }
    let mb = data.len() as f64 / 1e6;
    let expected = ours::read_slice(&data);
    println!(
        "input: {} games, {} mainline moves, {mb:.1} MB{}",
        expected.games,
        expected.moves,
        o.file.as_ref().map(|f| format!(" ({f})")).unwrap_or_default()
    );
    let all: [(&str, ReadFn); 3] = [
        ("chess-movegen (Read)", ours::read_io),
        ("chess-movegen (slice)", ours::read_slice),
        ("pgn-reader 0.29 + shakmaty 0.30", theirs::read_io),
    ];
    // `--only ours|theirs` (for profiling one side).
    let readers: Vec<_> = all
        .into_iter()
        .filter(|(name, _)| match o.only.as_deref() {
            Some("ours") => name.starts_with("chess-movegen"),
            Some("theirs") => !name.starts_with("chess-movegen"),
            _ => true,
        })
        .collect();
    let medians = time_readers(&readers, &data, o.rounds, &expected);
    println!();
    println!("| reader | games/s | MB/s | Mmoves/s | chess-movegen (Read) ÷ reader |");
    println!("|---|---:|---:|---:|---:|");
    for (r, (name, _)) in readers.iter().enumerate() {
        let t = medians[r];
        println!(
            "| {name} | {:.0} | {:.1} | {:.2} | {:.2} |",
            expected.games as f64 / t,
            mb / t,
            expected.moves as f64 / t / 1e6,
            t / medians[0]
        );
    }
}

/// The median seconds of each reader over `rounds` rounds, the readers
/// taking turns (the order turning each round), every count checked
/// against `expected`.
fn time_readers(readers: &[(&str, ReadFn)], data: &[u8], rounds: usize, expected: &Counts) -> Vec<f64> {
    let mut secs = vec![Vec::new(); readers.len()];
    for round in 0..rounds {
        for k in 0..readers.len() {
            let r = (k + round) % readers.len();
            let start = Instant::now();
            let cpu = super::cpu_nanos();
            let counts = (readers[r].1)(data);
            let s = match (cpu, super::cpu_nanos()) {
                (Some(a), Some(b)) if b > a => (b - a) as f64 / 1e9,
                _ => start.elapsed().as_secs_f64(),
            };
            assert_eq!(&counts, expected, "{} read other counts", readers[r].0);
            secs[r].push(s);
        }
        eprint!("\rround {}/{rounds}", round + 1);
    }
    eprintln!();
    secs.iter_mut().map(|s| super::median(s)).collect()
}
