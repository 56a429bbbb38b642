//! What the crate writes, it reads back: positions with impossible checks
//! through PGN (with the reader's FEN options), and `Setup::fen` of any
//! setup, castling rooks included, through `Setup::from_fen_with`.

use chess_movegen::pgn::{PgnErrorKind, ReadOptions, Reader};
use chess_movegen::{Bitboard, CastlingMode, Color, FenOptions, Game, Piece, Position, Role, Setup, Square};
use proptest::prelude::*;

/// Positions whose check no last move can have given.
const IMPOSSIBLE_CHECKS: [&str; 4] = [
    "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
    "4k2R/8/8/8/8/8/8/K3R3 b - - 0 1",
    "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
    "r6r/4K3/8/2B5/3N4/8/8/R4kRR b - - 19 45",
];

#[test]
fn impossible_checks_read_back_with_the_readers_fen_options() {
    let fen_options = FenOptions::new().impossible_check(true);
    let options = ReadOptions::new().fen_options(fen_options.lenient(true));
    for fen in IMPOSSIBLE_CHECKS {
        let start = Position::from_fen_with(fen, fen_options).unwrap().0;
        let mut game = Game::from_position(start);
        game.push(start.legal_moves()[0]).unwrap();
        let pgn = game.to_pgn();

        // The default refuses the position, as Position::from_fen does.
        let err = Game::from_pgn(&pgn).unwrap_err();
        assert!(matches!(err.kind, PgnErrorKind::BadFen(_)), "{fen}: {err}");

        let read = Game::from_pgn_with(&pgn, options).unwrap_or_else(|e| panic!("{fen}: {e}\n{pgn}"));
        assert_eq!(read.start_position(), &start, "{fen}");
        assert_eq!(read.moves(), game.moves(), "{fen}");
        let tree = Reader::from_str(&pgn).with_options(options).read_tree().unwrap().unwrap();
        assert_eq!(tree.start, start, "{fen}");
        assert_eq!(tree.mainline().collect::<Vec<_>>(), game.moves(), "{fen}");
        // Strict FEN options take it too: the tag is a valid FEN.
        let strict = ReadOptions::new().fen_options(fen_options);
        assert_eq!(Game::from_pgn_with(&pgn, strict).unwrap().moves(), game.moves(), "{fen}");
    }
}

#[test]
fn the_readers_castling_mode_is_that_of_games_without_a_variant_tag() {
    let pgn = "[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O *\n";
    let chess960 = ReadOptions::new().fen_options(FenOptions::new().lenient(true).castling(CastlingMode::Chess960));
    let castle = |text: &str, options| {
        let game = Game::from_pgn_with(text, options).unwrap();
        (game.start_position().castling_mode(), game.start_position().uci(game.moves()[0]))
    };
    assert_eq!(castle(pgn, ReadOptions::new()), (CastlingMode::Standard, "e1g1".into()));
    assert_eq!(castle(pgn, chess960), (CastlingMode::Chess960, "e1h1".into()));
    // A Variant tag still decides.
    let standard = format!("[Variant \"Standard\"]\n{pgn}");
    assert_eq!(castle(&standard, chess960), (CastlingMode::Standard, "e1g1".into()));
}

/// One edit of a setup: a king, rook or knight put, a square emptied, a
/// back-rank square's castling right toggled, or the mode switched.
#[derive(Clone, Debug)]
enum Edit {
    Put(Color, Role, Square),
    Remove(Square),
    ToggleCastling(Square),
    Mode(CastlingMode),
}

fn back_rank_square() -> impl Strategy<Value = Square> {
    (0usize..8, any::<bool>()).prop_map(|(file, black)| Square::ALL[file + if black { 56 } else { 0 }])
}

fn any_square() -> impl Strategy<Value = Square> {
    // Mostly back-rank squares, where castling happens.
    prop_oneof![3 => back_rank_square(), 1 => (0usize..64).prop_map(|i| Square::ALL[i])]
}

fn edit() -> impl Strategy<Value = Edit> {
    let color = prop_oneof![Just(Color::White), Just(Color::Black)];
    let role = prop_oneof![2 => Just(Role::King), 3 => Just(Role::Rook), 1 => Just(Role::Knight)];
    prop_oneof![
        4 => (color, role, any_square()).prop_map(|(c, r, sq)| Edit::Put(c, r, sq)),
        1 => any_square().prop_map(Edit::Remove),
        3 => back_rank_square().prop_map(Edit::ToggleCastling),
        1 => prop_oneof![Just(CastlingMode::Standard), Just(CastlingMode::Chess960)].prop_map(Edit::Mode),
    ]
}

fn apply(edits: &[Edit]) -> Setup {
    let mut setup = Setup::empty();
    for edit in edits {
        match *edit {
            Edit::Put(color, role, sq) => {
                setup.put(sq, Piece::new(color, role));
            }
            Edit::Remove(sq) => {
                setup.remove(sq);
            }
            Edit::ToggleCastling(sq) => setup.set_castling_rooks(setup.castling_rooks() ^ sq.bitboard()),
            Edit::Mode(mode) => setup.set_castling_mode(mode),
        }
    }
    setup
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Setup::fen reads back as the same setup: the same castling rooks
    /// whatever squares they are on and whichever rooks stand beside them
    /// (with several rooks a side, `K`/`Q` named another rook), and as
    /// the same position when the setup is one.
    #[test]
    fn setup_fen_reads_back(edits in prop::collection::vec(edit(), 0..24)) {
        let setup = apply(&edits);
        let fen = setup.fen();
        let options = FenOptions::new().castling(setup.castling_mode());
        let back = Setup::from_fen_with(&fen, options).unwrap_or_else(|e| panic!("{fen}: {e}"));
        prop_assert_eq!(&back, &setup, "{}", fen);
        if let Ok(pos) = Position::from_setup(&setup) {
            let read = Position::from_fen_with(&fen, options).map(|(p, _)| p);
            prop_assert_eq!(read, Ok(pos), "{}", fen);
        }
    }
}

#[test]
fn several_castling_rooks_a_side_are_written_by_file() {
    let cases: [(&str, Bitboard, CastlingMode, &str); 4] = [
        // `K` would read as h1 in standard chess (only h1 castles there).
        ("8/8/8/8/8/8/8/1r1K1Rr1 w - - 0 1", Square::F1.bitboard(), CastlingMode::Standard, "F"),
        // The outermost rook is `K`, the inner one its file.
        (
            "4k3/8/8/8/8/8/8/4KR1R w - - 0 1",
            Square::F1.bitboard() | Square::H1.bitboard(),
            CastlingMode::Chess960,
            "KF",
        ),
        // A castling square under the king: its file.
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Square::E8.bitboard(), CastlingMode::Chess960, "e"),
        (
            "r3k2r/8/8/8/8/8/8/4K3 w - - 0 1",
            Square::A8.bitboard() | Square::H8.bitboard(),
            CastlingMode::Standard,
            "kq",
        ),
    ];
    for (fen, rooks, mode, letters) in cases {
        let mut setup = Setup::from_fen_with(fen, FenOptions::new().castling(mode)).unwrap();
        setup.set_castling_rooks(rooks);
        let written = setup.fen();
        assert_eq!(written.split(' ').nth(2), Some(letters), "{fen}");
        let back = Setup::from_fen_with(&written, FenOptions::new().castling(mode)).unwrap();
        assert_eq!(back.castling_rooks(), rooks, "{written}");
    }
}
