//! Polyglot keys and the book reader against python-chess and a book made
//! by Debian's `polyglot make-book` (test data from
//! scripts/make_polyglot_data.py).

use chess_movegen::polyglot::{decode_move, encode_move, Book, BookError, ENTRY_SIZE};
use chess_movegen::{CastlingMode, FenOptions, Move, Position, Role, Square};

const KEYS: &str = include_str!("data/polyglot_keys.txt");
const BOOK: &[u8] = include_bytes!("data/polyglot_book.bin");
const ENTRIES: &str = include_str!("data/polyglot_entries.txt");

fn chess960(fen: &str) -> Position {
    Position::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Chess960)).unwrap().0
}

#[test]
fn keys_match_python_chess() {
    let (mut standard, mut fischer, mut with_ep, mut ep_counted) = (0, 0, 0, 0);
    for line in KEYS.lines() {
        let (fen, key) = line.split_once(';').unwrap();
        let expected = u64::from_str_radix(key, 16).unwrap();
        let pos = match fen.strip_prefix("960 ") {
            Some(fen) => {
                fischer += 1;
                chess960(fen)
            }
            None => {
                standard += 1;
                Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
            }
        };
        assert_eq!(pos.polyglot_key(), expected, "{fen}");
        if let Some(ep) = pos.ep_square() {
            with_ep += 1;
            // The key differs from the same position without the square
            // exactly when a pawn of the side to move stands beside it.
            let without = fen.replace(&format!(" {ep} "), " - ");
            let other =
                if fen.starts_with("960 ") { chess960(&without[4..]) } else { Position::from_fen(&without).unwrap() };
            if other.polyglot_key() != expected {
                ep_counted += 1;
            }
        }
    }
    assert!(standard >= 10_000 && fischer >= 1_000, "{standard} {fischer}");
    // Both kinds of en-passant square occur often.
    assert!(ep_counted > 150 && with_ep - ep_counted > 1_000, "{with_ep} {ep_counted}");
}

/// The key values the Polyglot format documentation lists.
#[test]
fn keys_of_the_format_documentation() {
    let cases: [(&[&str], u64); 9] = [
        (&[], 0x463b96181691fc9c),
        (&["e2e4"], 0x823c9b50fd114196),
        (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
        (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
        (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
        (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"], 0x652a607ca3f242c1),
        (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"], 0x00fdd303c946bdd9),
        (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"], 0x3c8123ea7b067637),
        (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"], 0x5c3f9b829b279560),
    ];
    for (moves, key) in cases {
        let mut pos = Position::startpos();
        for uci in moves {
            pos = pos.play(pos.parse_uci(uci).unwrap());
        }
        assert_eq!(pos.polyglot_key(), key, "{moves:?}");
    }
}

#[test]
fn book_entries_match_python_chess() {
    let book = Book::new(BOOK).unwrap();
    assert_eq!(book.len() * ENTRY_SIZE, BOOK.len());
    let mut keys_seen = std::collections::HashSet::new();
    let (mut found, mut positions_with_moves, mut castles, mut promotions, mut en_passant) = (0, 0, 0, 0, 0);
    for line in ENTRIES.lines() {
        let (fen, expected) = line.split_once(';').unwrap();
        let pos = Position::from_fen(fen).unwrap();
        let got: Vec<String> = book
            .moves(&pos)
            .map(|m| format!("{}:{}:{}:{}", pos.uci(m.mv), m.weight, m.learn, encode_move(m.mv)))
            .collect();
        let expected: Vec<&str> = expected.split_whitespace().collect();
        assert_eq!(got, expected, "{fen}");
        for m in book.moves(&pos) {
            castles += m.mv.is_castle() as usize;
            promotions += m.mv.is_promotion() as usize;
            en_passant += m.mv.is_en_passant() as usize;
        }
        if keys_seen.insert(pos.polyglot_key()) {
            found += book.entries_for_key(pos.polyglot_key()).count();
        }
        positions_with_moves += !got.is_empty() as usize;
    }
    // Every entry of the book belongs to a position of the games.
    assert_eq!(found, book.len());
    assert!(positions_with_moves > 5_000, "{positions_with_moves}");
    assert!(castles > 20 && promotions > 5 && en_passant > 5, "{castles} {promotions} {en_passant}");
}

#[test]
fn raw_entries_are_read_big_endian_and_sorted() {
    let book = Book::new(BOOK).unwrap();
    let first = book.entry(0).unwrap();
    let bytes = &BOOK[..16];
    assert_eq!(first.key.to_be_bytes(), bytes[..8]);
    assert_eq!(first.raw_move.to_be_bytes(), bytes[8..10]);
    assert_eq!(first.weight.to_be_bytes(), bytes[10..12]);
    assert_eq!(first.learn.to_be_bytes(), bytes[12..16]);
    assert_eq!(book.entry(book.len()), None);
    assert_eq!(book.entry(usize::MAX), None);
    let all: Vec<_> = book.entries().collect();
    assert_eq!(all.len(), book.len());
    assert!(all.windows(2).all(|w| w[0].key <= w[1].key));
    // A key lower than all, higher than all, and between two keys.
    assert_eq!(book.entries_for_key(0).count(), 0);
    assert_eq!(book.entries_for_key(u64::MAX).count(), 0);
    let gap = all.windows(2).find(|w| w[1].key - w[0].key > 1).unwrap();
    assert_eq!(book.entries_for_key(gap[0].key + 1).count(), 0);
    assert_eq!(book.entries_for_key(all[0].key).count(), all.iter().filter(|e| e.key == all[0].key).count());
}

fn entry_bytes(key: u64, raw: u16, weight: u16) -> [u8; 16] {
    let mut bytes = [0; 16];
    bytes[..8].copy_from_slice(&key.to_be_bytes());
    bytes[8..10].copy_from_slice(&raw.to_be_bytes());
    bytes[10..12].copy_from_slice(&weight.to_be_bytes());
    bytes
}

#[test]
fn malformed_books_are_refused_with_the_place() {
    for len in [1, 15, 17, 31, 100] {
        let data = vec![0; len];
        let err = Book::new(&data).unwrap_err();
        assert_eq!(err, BookError::Truncated { len });
        assert_eq!(err.offset(), len / 16 * 16);
        assert!(err.to_string().contains(&format!("length {len} is not a multiple of 16")), "{err}");
    }
    let truncated = Book::new(&BOOK[..BOOK.len() - 3]).unwrap_err();
    assert_eq!(truncated.offset(), BOOK.len() - 16);

    let mut data = Vec::new();
    for key in [1u64, 2, 2, 5, 4, 6] {
        data.extend_from_slice(&entry_bytes(key, 0, 1));
    }
    let err = Book::new(&data).unwrap_err();
    assert_eq!(err, BookError::Unsorted { index: 4 });
    assert_eq!(err.offset(), 64);
    assert_eq!(err.to_string(), "invalid Polyglot book: entry 4 (byte 64) has a smaller key than entry 3");

    // The real book with two entries of different keys swapped.
    let mut swapped = BOOK.to_vec();
    let book = Book::new(BOOK).unwrap();
    let i = (0..book.len() - 1).find(|&i| book.entry(i).unwrap().key != book.entry(i + 1).unwrap().key).unwrap();
    let (a, b) = swapped.split_at_mut((i + 1) * 16);
    a[i * 16..].swap_with_slice(&mut b[..16]);
    assert_eq!(Book::new(&swapped).unwrap_err(), BookError::Unsorted { index: i + 1 });

    let empty = Book::new(&[]).unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.moves(&Position::startpos()).count(), 0);
    assert_eq!(empty.choose(&Position::startpos(), 12345), None);
}

/// `lower_bound` is where the entries of a key start; an unsorted book,
/// taken as it is, is searched as if it were sorted.
#[test]
fn lower_bound_and_unsorted_books() {
    let book = Book::new(BOOK).unwrap();
    let keys: Vec<u64> = book.entries().map(|e| e.key).collect();
    for (i, &key) in keys.iter().enumerate().step_by(97) {
        for probe in [key.wrapping_sub(1), key, key.wrapping_add(1)] {
            let at = book.lower_bound(probe);
            assert_eq!(at, keys.partition_point(|&k| k < probe), "{probe:#x}");
            assert_eq!(book.entries_for_key(probe).count(), keys[at..].iter().take_while(|&&k| k == probe).count());
        }
        assert!(book.lower_bound(key) <= i);
    }
    assert_eq!(book.lower_bound(0), 0);
    assert_eq!(book.lower_bound(u64::MAX), keys.partition_point(|&k| k < u64::MAX));

    let mut data = Vec::new();
    for key in [1u64, 2, 2, 5, 4, 6] {
        data.extend_from_slice(&entry_bytes(key, 0, 1));
    }
    assert!(Book::new(&data).is_err());
    let unsorted = Book::new_unsorted(&data).unwrap();
    assert_eq!(unsorted.len(), 6);
    assert_eq!(unsorted.entries().map(|e| e.key).collect::<Vec<_>>(), [1, 2, 2, 5, 4, 6]);
    assert_eq!(unsorted.lower_bound(2), 1);
    assert_eq!(unsorted.entries_for_key(2).count(), 2);
    assert_eq!(unsorted.lower_bound(7), 6);
    assert_eq!(Book::new_unsorted(&data[..20]).unwrap_err(), BookError::Truncated { len: 20 });
}

#[test]
fn weighted_choice_follows_the_weights() {
    let book = Book::new(BOOK).unwrap();
    let pos = Position::startpos();
    let moves: Vec<_> = book.moves(&pos).collect();
    let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
    assert!(moves.len() > 5);
    // Random numbers at the centre of each of `total` equal slices of the
    // u64 range: each move is chosen exactly `weight` times.
    let step = u64::MAX / total;
    let mut counts = vec![0u64; moves.len()];
    for i in 0..total {
        let m = book.choose(&pos, i * step + step / 2).unwrap();
        counts[moves.iter().position(|x| x.mv == m.mv).unwrap()] += 1;
    }
    assert_eq!(counts, moves.iter().map(|m| u64::from(m.weight)).collect::<Vec<_>>());
    assert_eq!(book.choose(&pos, 0).unwrap().mv, moves[0].mv);
    assert_eq!(book.choose(&pos, u64::MAX).unwrap().mv, moves.last().unwrap().mv);

    // Zero weights are never chosen; all-zero means no choice.
    let key = pos.polyglot_key();
    let e4 = encode_move(pos.parse_uci("e2e4").unwrap());
    let d4 = encode_move(pos.parse_uci("d2d4").unwrap());
    let data = [entry_bytes(key, e4, 0), entry_bytes(key, d4, 7)].concat();
    let book = Book::new(&data).unwrap();
    assert_eq!(book.moves(&pos).count(), 2);
    for r in [0, 1 << 40, u64::MAX / 3, u64::MAX] {
        assert_eq!(pos.uci(book.choose(&pos, r).unwrap().mv), "d2d4");
    }
    let data = entry_bytes(key, e4, 0);
    assert_eq!(Book::new(&data).unwrap().choose(&pos, 99), None);
}

fn raw(from: Square, to: Square, promotion: u16) -> u16 {
    to as u16 | (from as u16) << 6 | promotion << 12
}

#[test]
fn moves_decode_as_the_format_encodes_them() {
    // Castling as king takes rook, both sides and colours, and the
    // two-square form.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    for (to, uci) in [(Square::H1, "e1g1"), (Square::A1, "e1c1"), (Square::G1, "e1g1"), (Square::C1, "e1c1")] {
        let mv = decode_move(&pos, raw(Square::E1, to, 0)).unwrap();
        assert!(mv.is_castle());
        assert_eq!(pos.uci(mv), uci);
        assert_eq!(decode_move(&pos, encode_move(mv)), Some(mv));
    }
    let black = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap();
    assert_eq!(decode_move(&black, raw(Square::E8, Square::H8, 0)).map(|m| black.uci(m)), Some("e8g8".into()));
    assert_eq!(decode_move(&black, raw(Square::E8, Square::A8, 0)).map(|m| black.uci(m)), Some("e8c8".into()));
    // Without the right, e1h1 is nothing.
    let no_rights = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    assert_eq!(decode_move(&no_rights, raw(Square::E1, Square::H1, 0)), None);
    assert_eq!(decode_move(&no_rights, raw(Square::E1, Square::G1, 0)), None);
    // Chess960: the king on b1 steps to c1 as a king move, castles by b1a1.
    let c960 = chess960("1r4kr/8/8/8/8/8/8/1RK4R w BHbh - 0 1");
    let castle = decode_move(&c960, raw(Square::C1, Square::B1, 0)).unwrap();
    assert!(castle.is_castle() && castle.destination() == Square::C1);
    let step = decode_move(&c960, raw(Square::C1, Square::D1, 0)).unwrap();
    assert!(!step.is_castle());

    // Promotions: codes 1..4 are knight, bishop, rook, queen.
    let pos = Position::from_fen("1n5k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
    for (code, role) in [(1, Role::Knight), (2, Role::Bishop), (3, Role::Rook), (4, Role::Queen)] {
        for to in [Square::A8, Square::B8] {
            let mv = decode_move(&pos, raw(Square::A7, to, code)).unwrap();
            assert_eq!(mv, Move::promotion(Square::A7, to, role));
            assert_eq!(encode_move(mv), raw(Square::A7, to, code));
        }
    }
    // No promotion role, or codes 5..7, is no move.
    for code in [0, 5, 6, 7] {
        assert_eq!(decode_move(&pos, raw(Square::A7, Square::A8, code)), None, "{code}");
    }
    // A promotion code on a move that is not a pawn's.
    assert_eq!(decode_move(&pos, raw(Square::A1, Square::B1, 4)), None);

    // En passant.
    let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let mv = decode_move(&pos, raw(Square::E5, Square::D6, 0)).unwrap();
    assert!(mv.is_en_passant());
    assert_eq!(encode_move(mv), raw(Square::E5, Square::D6, 0));

    // Not moves: the other side's piece, an empty square, from == to,
    // bit 15, an illegal destination.
    let pos = Position::startpos();
    assert_eq!(decode_move(&pos, raw(Square::E7, Square::E5, 0)), None);
    assert_eq!(decode_move(&pos, raw(Square::E4, Square::E5, 0)), None);
    assert_eq!(decode_move(&pos, raw(Square::E2, Square::E2, 0)), None);
    assert_eq!(decode_move(&pos, raw(Square::E2, Square::E4, 0) | 0x8000), None);
    assert_eq!(decode_move(&pos, raw(Square::E2, Square::E5, 0)), None);
    assert_eq!(decode_move(&pos, 0), None);
    // Every u16 decodes to a legal move or to None, never panics.
    for raw in 0..=u16::MAX {
        if let Some(mv) = decode_move(&pos, raw) {
            assert!(pos.is_legal(mv));
        }
    }
}

#[test]
fn illegal_entries_are_skipped() {
    // An entry of the position's key whose move is not legal (as after a
    // key collision) is not a book move.
    let pos = Position::startpos();
    let key = pos.polyglot_key();
    let data =
        [entry_bytes(key, raw(Square::E2, Square::E5, 0), 5), entry_bytes(key, raw(Square::G1, Square::F3, 0), 2)]
            .concat();
    let book = Book::new(&data).unwrap();
    assert_eq!(book.entries_for_key(key).count(), 2);
    let moves: Vec<_> = book.moves(&pos).map(|m| pos.uci(m.mv)).collect();
    assert_eq!(moves, ["g1f3"]);
    assert_eq!(pos.uci(book.choose(&pos, 0).unwrap().mv), "g1f3");
}
