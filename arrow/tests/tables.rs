//! The tables' values on hand-made games, bad input, and the threaded
//! writer against the one-thread one.

use std::io::Write;
use std::path::{Path, PathBuf};

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int32Type, UInt16Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use chess_movegen_arrow::{write_parquet, Options, Table, TableReader, WriteOptions};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

fn read(pgn: &[u8], table: Table, options: &Options) -> Vec<RecordBatch> {
    TableReader::new(pgn, "test", table, options).collect::<Result<_, _>>().unwrap()
}

fn one_batch(pgn: &str, table: Table) -> RecordBatch {
    let options = Options { uci: true, san: true, ..Options::default() };
    let batches = read(pgn.as_bytes(), table, &options);
    assert_eq!(batches.len(), 1);
    batches.into_iter().next().unwrap()
}

fn strings(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let c = batch.column_by_name(name).unwrap().as_string::<i32>();
    (0..c.len()).map(|i| c.is_valid(i).then(|| c.value(i).to_string())).collect()
}

fn ints(batch: &RecordBatch, name: &str) -> Vec<Option<i32>> {
    batch.column_by_name(name).unwrap().as_primitive::<Int32Type>().iter().collect()
}

fn list_ints(batch: &RecordBatch, name: &str, row: usize) -> Vec<Option<i32>> {
    batch.column_by_name(name).unwrap().as_list::<i32>().value(row).as_primitive::<Int32Type>().iter().collect()
}

fn other_tags(batch: &RecordBatch, row: usize) -> Vec<(String, String)> {
    let map = batch.column_by_name("other_tags").unwrap().as_map().value(row);
    let (k, v) = (map.column(0).as_string::<i32>(), map.column(1).as_string::<i32>());
    (0..map.len()).map(|i| (k.value(i).to_string(), v.value(i).to_string())).collect()
}

const GAMES: &str = r#"[Event "One"]
[WhiteElo "?"]
[BlackElo "2100"]
[UTCDate "2017.02.30"]
[UTCTime "23:59:59"]
[TimeControl "-"]
[Custom "x \"quoted\""]
[BlackElo "2200"]

1. e4 { [%eval 0.29] [%clk 0:01:00] } 1... e5 { [%clk 0:00:59.5] [%clk 0:00:10] }
2. Qh5 (2. Nf3 { [%clk 0:09:00] } Nc6) { [%eval #3] } 2... Nc6 3. Bc4 Nf6 4. Qxf7# { [%eval #0] } 1-0

[Event "Two"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]

1. e4 -- 2. Ke2 Ke7 3. Kf3 Kb1 *

[Event "Three"]

1. d4 d5 *
"#;

#[test]
fn games_table_values() {
    let b = one_batch(GAMES, Table::Games);
    assert_eq!(b.num_rows(), 3);
    assert_eq!(strings(&b, "event"), [Some("One".into()), Some("Two".into()), Some("Three".into())]);
    // `?` is no rating: null, its text kept in other_tags; the last of two
    // BlackElo tags counts; an impossible date is kept as text.
    assert_eq!(ints(&b, "white_elo"), [None, None, None]);
    assert_eq!(ints(&b, "black_elo"), [Some(2200), None, None]);
    assert!(b.column_by_name("utc_date").unwrap().is_null(0));
    let time = b.column_by_name("utc_time").unwrap().as_primitive::<arrow_array::types::Time32MillisecondType>();
    assert_eq!(time.value(0), 86_399_000);
    assert_eq!(ints(&b, "time_control_base"), [None, None, None]);
    assert_eq!(strings(&b, "time_control")[0].as_deref(), Some("-"));
    let tags = other_tags(&b, 0);
    assert_eq!(
        tags,
        [
            ("WhiteElo".into(), "?".into()),
            ("UTCDate".into(), "2017.02.30".into()),
            ("Custom".into(), "x \"quoted\"".into())
        ]
    );
    // The mainline only; the side line's clock is not the mainline's.
    let san = b.column_by_name("san").unwrap().as_list::<i32>().value(0);
    let san: Vec<&str> = san.as_string::<i32>().iter().map(Option::unwrap).collect();
    assert_eq!(san, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let clocks = b.column_by_name("clocks").unwrap().as_list::<i32>().value(0);
    let clocks: Vec<Option<f64>> = clocks.as_primitive::<Float64Type>().iter().collect();
    assert_eq!(clocks, [Some(60.0), Some(59.5), None, None, None, None, None]);
    assert_eq!(list_ints(&b, "eval_cp", 0), [Some(29), None, None, None, None, None, None]);
    // The comment after the side line belongs to the move it replaced.
    assert_eq!(list_ints(&b, "eval_mate", 0), [None, None, Some(3), None, None, None, Some(0)]);
    let moves = b.column_by_name("moves").unwrap().as_list::<i32>().value(0);
    let e4 = moves.as_primitive::<UInt16Type>().value(0);
    assert_eq!((e4 & 63, (e4 >> 6) & 63, e4 >> 12), (12, 28, 0));
    // The broken game stopped before its result.
    assert_eq!(strings(&b, "result"), [Some("1-0".into()), None, Some("*".into())]);
    let offsets: Vec<u64> = b.column_by_name("offset").unwrap().as_primitive::<UInt64Type>().values().to_vec();
    assert_eq!(offsets[0], 0);
    assert!(GAMES[offsets[1] as usize..].starts_with("[Event \"Two\"]"));
    assert!(GAMES[offsets[2] as usize..].starts_with("[Event \"Three\"]"));
    assert_eq!(
        strings(&b, "final_fen")[0].as_deref(),
        Some("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
    );
    // The second game: a null move, then an illegal move; the row keeps
    // what was read before it.
    let errors = strings(&b, "error");
    assert_eq!(errors[0], None);
    assert_eq!(errors[1].as_deref(), Some("line 17, column 28: 3... Kb1: illegal move: no king can reach b1"));
    let uci = b.column_by_name("uci").unwrap().as_list::<i32>().value(1);
    let uci: Vec<&str> = uci.as_string::<i32>().iter().map(Option::unwrap).collect();
    assert_eq!(uci, ["e2e4", "0000", "e1e2", "e8e7", "e2f3"]);
    let plies: Vec<u32> = b.column_by_name("plies").unwrap().as_primitive::<UInt32Type>().values().to_vec();
    assert_eq!(plies, [7, 5, 2]);
    let games: Vec<u64> = b.column_by_name("game").unwrap().as_primitive::<UInt64Type>().values().to_vec();
    assert_eq!(games, [1, 2, 3]);
}

#[test]
fn positions_table_values() {
    let b = one_batch(GAMES, Table::Positions);
    // Seven moves of the first game, two of the third; none of the broken one.
    assert_eq!(b.num_rows(), 9);
    let games: Vec<u64> = b.column_by_name("game").unwrap().as_primitive::<UInt64Type>().values().to_vec();
    assert_eq!(games, [1, 1, 1, 1, 1, 1, 1, 3, 3]);
    let fens = strings(&b, "fen");
    assert_eq!(fens[0].as_deref(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    assert_eq!(fens[1].as_deref(), Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
    assert_eq!(ints(&b, "eval_cp")[0], Some(29));
    let packed = b.column_by_name("packed").unwrap().as_fixed_size_binary();
    let second = chess_movegen::PackedPosition::from_bytes(packed.value(1).try_into().unwrap());
    assert_eq!(second.unpack().unwrap().fen(), fens[1].clone().unwrap());
    // Its score is the evaluation written after the move that reached it.
    assert_eq!(second.score(), 29);
    assert_eq!(second.result().unwrap(), chess_movegen::GameResult::WhiteWins);
    let white: Vec<bool> = b.column_by_name("white_to_move").unwrap().as_boolean().iter().map(Option::unwrap).collect();
    assert_eq!(white, [true, false, true, false, true, false, true, true, false]);
}

/// A deterministic stream of bytes.
fn noise(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

fn corpus() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lichess_like.pgn")).unwrap()
}

fn errors(batches: &[RecordBatch]) -> Vec<String> {
    batches.iter().flat_map(|b| strings(b, "error")).flatten().collect()
}

#[test]
fn binary_junk_gives_error_rows() {
    for (seed, newlines) in [(1, true), (2, false), (3, true)] {
        let mut junk = noise(300_000, seed);
        if !newlines {
            junk.retain(|&b| b != b'\n');
        }
        let options = Options { max_line: 100_000, ..Options::default() };
        let batches = read(&junk, Table::Games, &options);
        let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
        assert!(rows > 0);
        assert_eq!(errors(&batches).len(), rows, "every row of junk is an error");
        if !newlines {
            assert!(errors(&batches).last().unwrap().contains("line 1 is longer than 100000 bytes"));
        }
    }
}

#[test]
fn endless_line_is_an_error_not_memory() {
    let mut pgn = b"[Event \"x\"]\n\n1. e4 e5 *\n\n".to_vec();
    pgn.extend(std::iter::repeat_n(b'a', 40 << 20));
    let options = Options { max_line: 1 << 20, ..Options::default() };
    let batches = read(&pgn, Table::Games, &options);
    let errors = errors(&batches);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("read error: line 5 is longer than 1048576 bytes"), "{}", errors[0]);
    assert_eq!(strings(&batches[0], "event")[0].as_deref(), Some("x"));
}

/// Lines, comments and tag values as long as `Options::max_line` are
/// read (python-chess reads them too); the reader's own smaller defaults
/// do not apply.
#[test]
fn long_lines_comments_and_tag_values_up_to_max_line_are_read() {
    let long_line = format!("1. e4 {{ {} [%clk 0:00:07] }} e5 *", "word ".repeat(400_000));
    let long_comment = format!("1. e4 {{ {} [%clk 0:00:08] }} e5 *", "word\n".repeat(400_000));
    let long_tag = format!("[Annotator \"{}\"]\n\n1. e4 e5 *", "y".repeat(100_000));
    for (what, game) in [("line", long_line), ("comment", long_comment), ("tag", long_tag)] {
        let pgn = format!("[Site \"a\"]\n{game}\n\n[Site \"b\"]\n\n1. d4 *\n");
        let batches = read(pgn.as_bytes(), Table::Games, &Options::default());
        let batch = concat(&batches);
        assert_eq!(strings(&batch, "error"), [None, None], "{what}");
        assert_eq!(strings(&batch, "site"), [Some("a".into()), Some("b".into())], "{what}");
        let plies = batch.column_by_name("plies").unwrap().as_primitive::<UInt32Type>();
        assert_eq!((plies.value(0), plies.value(1)), (2, 1), "{what}");
    }
    // A comment past the bound (of lines within it): an error, and the
    // game after it is read.
    let options = Options { max_line: 50_000, ..Options::default() };
    let pgn = format!("1. e4 {{ {}}} *\n\n[Site \"b\"]\n\n1. d4 *\n", "word\n".repeat(20_000));
    let batch = concat(&read(pgn.as_bytes(), Table::Games, &options));
    assert!(strings(&batch, "error")[0].as_deref().unwrap().contains("longer than 50000 bytes"));
    assert_eq!(strings(&batch, "site").last().unwrap().as_deref(), Some("b"));
}

fn zstd(data: &[u8]) -> Vec<u8> {
    zstd::stream::encode_all(data, 3).unwrap()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess-movegen-arrow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn read_parquet(path: &Path) -> Vec<RecordBatch> {
    let file = std::fs::File::open(path).unwrap();
    ParquetRecordBatchReaderBuilder::try_new(file).unwrap().build().unwrap().collect::<Result<_, _>>().unwrap()
}

/// The rows of all batches as one batch.
fn concat(batches: &[RecordBatch]) -> RecordBatch {
    arrow_select::concat::concat_batches(&batches[0].schema(), batches).unwrap()
}

#[test]
fn truncated_zstd_is_an_error_row_on_one_thread_and_on_several() {
    let compressed = zstd(&corpus());
    let path = temp("truncated.pgn.zst");
    std::fs::File::create(&path).unwrap().write_all(&compressed[..compressed.len() / 2]).unwrap();
    for threads in [1, 3] {
        let out = temp(&format!("truncated-{threads}.parquet"));
        let options = WriteOptions { threads, piece_size: 20_000, ..WriteOptions::default() };
        let summary =
            write_parquet(std::slice::from_ref(&path), &[(Table::Games, out.clone())], &options, |_| {}).unwrap();
        let games = concat(&read_parquet(&out));
        assert_eq!(games.num_rows() as u64, summary.games);
        assert!(summary.games > 20 && summary.games < 100);
        let last = strings(&games, "error").pop().unwrap().unwrap();
        assert!(last.contains("read error") && last.contains("incomplete frame"), "{last}");
    }
}

/// Asserts two batches equal, naming the first column and row that differ.
fn same(a: &RecordBatch, b: &RecordBatch) {
    assert_eq!(a.num_rows(), b.num_rows());
    for (i, field) in a.schema().fields().iter().enumerate() {
        let (x, y) = (a.column(i), b.column(i));
        if x != y {
            let row = (0..x.len()).find(|&r| x.slice(r, 1) != y.slice(r, 1)).unwrap();
            panic!("column {} differs at row {row}: {:?} against {:?}", field.name(), x.slice(row, 1), y.slice(row, 1));
        }
    }
}

#[test]
fn threads_give_the_rows_of_one_thread() {
    let path = temp("corpus.pgn.zst");
    let mut data = corpus();
    // Junk between games and a game cut short, as real files have.
    // (No brace or bracket in the junk: a comment left open across the
    // start of a game is where pieces and one reader part, see
    // `write_parquet`.)
    data.extend_from_slice(b"\n\n[Event \"cut\"]\n\n1. e4 e5 2. Nf3 Qxx9\n\n");
    data.extend(noise(5000, 9).into_iter().filter(|b| !b"{}[".contains(b)));
    data.extend_from_slice(b"\n\n");
    data.extend(corpus());
    std::fs::write(&path, zstd(&data)).unwrap();
    let run = |threads: usize| {
        let (games, positions) = (temp(&format!("g{threads}.parquet")), temp(&format!("p{threads}.parquet")));
        let options = WriteOptions { threads, piece_size: 30_000, ..WriteOptions::default() };
        let outputs = [(Table::Games, games.clone()), (Table::Positions, positions.clone())];
        let summary = write_parquet(&[path.clone(), path.clone()], &outputs, &options, |_| {}).unwrap();
        (summary, concat(&read_parquet(&games)), concat(&read_parquet(&positions)))
    };
    let (one, games1, positions1) = run(1);
    assert_eq!(one.games, games1.num_rows() as u64);
    assert!(one.games > 400 && one.errors > 10);
    for threads in [2, 4] {
        let (summary, games, positions) = run(threads);
        assert_eq!(summary, one);
        same(&games, &games1);
        same(&positions, &positions1);
    }
}

#[test]
fn positions_are_written_without_a_dictionary() {
    let path = temp("dictionary.pgn");
    std::fs::write(&path, corpus()).unwrap();
    let (games, positions) = (temp("dict-games.parquet"), temp("dict-positions.parquet"));
    let outputs = [(Table::Games, games.clone()), (Table::Positions, positions.clone())];
    write_parquet(std::slice::from_ref(&path), &outputs, &WriteOptions::default(), |_| {}).unwrap();
    let dictionary = |path: &Path, column: &str| {
        let file = std::fs::File::open(path).unwrap();
        let meta = ParquetRecordBatchReaderBuilder::try_new(file).unwrap().metadata().clone();
        let group = meta.row_group(0);
        let chunk = group.columns().iter().find(|c| c.column_path().string() == column).unwrap();
        chunk.dictionary_page_offset().is_some()
    };
    // FENs and packed positions nearly never repeat; the tags and the
    // game numbers do.
    assert!(!dictionary(&positions, "fen"));
    assert!(!dictionary(&positions, "packed"));
    assert!(!dictionary(&games, "final_fen"));
    assert!(dictionary(&positions, "game"));
    assert!(dictionary(&games, "event"));
}

#[test]
fn games_table_is_the_same_with_or_without_positions() {
    let data = corpus();
    let games_alone = concat(&read(&data, Table::Games, &Options::default()));
    let mut both = chess_movegen_arrow::Converter::new(&data[..], "test", true, true, &Options::default());
    let mut batches = Vec::new();
    while let Some(b) = both.next_batches() {
        batches.push(b.games.unwrap());
    }
    let games_with_positions = concat(&batches);
    same(&games_with_positions, &games_alone);
    assert!(strings(&games_alone, "final_fen")
        .iter()
        .flatten()
        .any(|f| !f.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")));
}
