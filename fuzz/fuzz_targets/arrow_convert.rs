//! Invariant: the Arrow converter takes any bytes (zstd when they start
//! with its magic number) without panicking: each batch pair has the
//! documented schemas, the positions table has one row for each move of
//! each game that read cleanly (none for error rows), and every error
//! message is short whatever the input.
#![no_main]

use arrow_array::cast::AsArray;
use arrow_array::types::UInt32Type;
use arrow_array::Array;
use chess_movegen_arrow::{decompress, games_schema, positions_schema, Converter, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the options, so that small batches, the move
    // text columns and a short line limit are all reached.
    let (&first, rest) = data.split_first().unwrap_or((&0, &[]));
    let options = Options {
        batch_size: 1 + usize::from(first & 3),
        uci: first & 4 != 0,
        san: first & 8 != 0,
        max_line: if first & 16 != 0 { 64 } else { 1 << 20 },
    };
    let Ok(read) = decompress(std::io::Cursor::new(rest.to_vec())) else { return };
    let mut converter = Converter::new(read, "fuzz", true, true, &options);
    let (games_schema, positions_schema) =
        (games_schema(options.uci, options.san), positions_schema(options.uci, options.san));
    while let Some(batches) = converter.next_batches() {
        let (games, positions) = (batches.games.unwrap(), batches.positions.unwrap());
        assert_eq!(games.schema(), games_schema);
        assert_eq!(positions.schema(), positions_schema);
        let plies = games.column_by_name("plies").unwrap().as_primitive::<UInt32Type>();
        let errors = games.column_by_name("error").unwrap().as_string::<i32>();
        let mut rows = 0;
        for game in 0..games.num_rows() {
            if errors.is_null(game) {
                rows += plies.value(game) as usize;
            } else {
                assert!(errors.value(game).len() < 300, "a long error: {:?}", errors.value(game));
            }
        }
        assert_eq!(positions.num_rows(), rows);
    }
});
