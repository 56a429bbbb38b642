//! The positions table: one row per move of a game's mainline (see the
//! crate docs for the schema).

use std::sync::Arc;

use arrow_array::builder::StringBuilder;
use arrow_array::{
    ArrayRef, BooleanArray, FixedSizeBinaryArray, Float64Array, Int32Array, RecordBatch, StringArray, UInt16Array,
    UInt32Array, UInt64Array,
};
use arrow_buffer::{Buffer, NullBuffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{Field, Schema, SchemaRef};
use chess_movegen::{Color, FenWriter, GameResult, PackedPosition};

use crate::annotations::Eval;
use crate::bits::Bits;
use crate::games::Origin;
use crate::record::Record;

/// The packed score of a mate (from White's point of view, signed), as
/// trainers that read marlinformat expect a mate to be far above any
/// centipawn score.
const MATE_SCORE: i16 = 32_000;

/// The values a game's rows share, kept once per game: the columns that
/// repeat them are written when the batch is finished, a column at a time.
struct GameRows {
    game: u64,
    rows: usize,
    /// Where the game's result text is in `PositionsBuilder::results`
    /// (`None`: no result).
    result: Option<(usize, usize)>,
    white_first: bool,
}

/// Rows and bytes of text of a batch of the positions table.
#[derive(Default)]
struct Sizes {
    games: usize,
    rows: usize,
    fen: usize,
    uci: usize,
    san: usize,
}

/// The columns of the positions table as they are filled.
pub(crate) struct PositionsBuilder {
    uci: bool,
    san: bool,
    /// The input's name (the same on every row of a converter's batches).
    source: String,
    games: Vec<GameRows>,
    /// The games' result texts back to back.
    results: Vec<u8>,
    fen: TextColumn,
    /// Keeps each rank's text from the position before.
    fen_writer: FenWriter,
    /// The packed positions back to back, 32 bytes each.
    packed: Vec<u8>,
    mv: Vec<u16>,
    uci_move: StringBuilder,
    san_move: StringBuilder,
    clock: Vec<f64>,
    clock_valid: Bits,
    eval_cp: Vec<i32>,
    eval_cp_valid: Bits,
    eval_mate: Vec<i32>,
    eval_mate_valid: Bits,
}

impl PositionsBuilder {
    /// Columns for a table with or without the UCI and SAN columns, whose
    /// rows all come from the input named `source`.
    pub fn new(uci: bool, san: bool, source: &str) -> PositionsBuilder {
        PositionsBuilder::with_capacity(uci, san, source, &Sizes::default())
    }

    /// Columns with room for `sizes` and some more (the next batch is
    /// about as large as the one before, and should grow no buffer by
    /// copying it).
    fn with_capacity(uci: bool, san: bool, source: &str, sizes: &Sizes) -> PositionsBuilder {
        let more = |n: usize| n + n / 4;
        let rows = more(sizes.rows);
        PositionsBuilder {
            uci,
            san,
            source: source.to_owned(),
            games: Vec::with_capacity(more(sizes.games)),
            results: Vec::with_capacity(more(sizes.games) * 8),
            fen: TextColumn::with_capacity(rows, more(sizes.fen)),
            fen_writer: FenWriter::new(),
            packed: Vec::with_capacity(rows * 32),
            mv: Vec::with_capacity(rows),
            uci_move: StringBuilder::with_capacity(if uci { rows } else { 0 }, more(sizes.uci)),
            san_move: StringBuilder::with_capacity(if san { rows } else { 0 }, more(sizes.san)),
            clock: Vec::with_capacity(rows),
            clock_valid: Bits::with_capacity(rows),
            eval_cp: Vec::with_capacity(rows),
            eval_cp_valid: Bits::with_capacity(rows),
            eval_mate: Vec::with_capacity(rows),
            eval_mate_valid: Bits::with_capacity(rows),
        }
    }

    /// The sizes of the columns so far.
    fn sizes(&self) -> Sizes {
        Sizes {
            games: self.games.len(),
            rows: self.mv.len(),
            fen: self.fen.values.len(),
            uci: self.uci_move.values_slice().len(),
            san: self.san_move.values_slice().len(),
        }
    }

    /// Appends a row for each move of a game that read cleanly (its
    /// notes complete: see [`Record::finish_notes`]).
    pub fn append(&mut self, record: &Record, origin: Origin<'_>) {
        debug_assert_eq!(origin.source, self.source, "a builder's rows come from one input");
        let result_text = record.result();
        let result = match result_text {
            Some("1-0") => GameResult::WhiteWins,
            Some("0-1") => GameResult::BlackWins,
            Some("1/2-1/2") => GameResult::Draw,
            _ => GameResult::Unfinished,
        };
        let plies = record.moves.len();
        for (ply, pos) in record.before.iter().enumerate() {
            self.fen_writer.write_bytes(pos, &mut self.fen.values);
            let end = i32::try_from(self.fen.values.len()).expect("a batch's text fits 32-bit offsets");
            self.fen.offsets.push(end);
            // The score of a position is the evaluation written after the
            // move that reached it.
            let score = match ply.checked_sub(1).and_then(|p| record.columns.eval(p)) {
                Some(Eval::Cp(cp)) => cp.clamp(-i32::from(MATE_SCORE) + 1, i32::from(MATE_SCORE) - 1) as i16,
                Some(Eval::Mate(m)) if m < 0 => -MATE_SCORE,
                Some(Eval::Mate(0)) if pos.side_to_move() == Color::White => -MATE_SCORE,
                Some(Eval::Mate(_)) => MATE_SCORE,
                None => 0,
            };
            let packed = PackedPosition::pack(pos, score, result);
            self.packed.extend_from_slice(packed.as_bytes());
        }
        self.fen.check_ascii();
        let result = result_text.map(|text| {
            self.results.extend_from_slice(text.as_bytes());
            (self.results.len() - text.len(), text.len())
        });
        let white_first = record.before.first().is_none_or(|pos| pos.side_to_move() == Color::White);
        self.games.push(GameRows { game: origin.game, rows: plies, result, white_first });
        self.mv.extend_from_slice(&record.moves);
        if self.uci {
            record.uci.iter().for_each(|m| self.uci_move.append_value(m));
        }
        if self.san {
            record.san.iter().for_each(|m| self.san_move.append_value(m));
        }
        let c = &record.columns;
        self.clock.extend_from_slice(&c.clock);
        self.clock_valid.append_packed(&c.has_clock, plies);
        self.eval_cp.extend_from_slice(&c.cp);
        self.eval_cp_valid.append_packed(&c.has_cp, plies);
        self.eval_mate.extend_from_slice(&c.mate);
        self.eval_mate_valid.append_packed(&c.has_mate, plies);
    }

    /// The table's columns so far as a batch; the builders start again
    /// empty.
    pub fn finish(&mut self) -> RecordBatch {
        let mut next = PositionsBuilder::with_capacity(self.uci, self.san, &self.source, &self.sizes());
        // The writer's ranks serve the next batch's first FEN too.
        std::mem::swap(&mut next.fen_writer, &mut self.fen_writer);
        std::mem::replace(self, next).batch()
    }

    /// The columns that repeat a game's values on each of its rows.
    fn per_game_columns(&self) -> (UInt64Array, UInt32Array, BooleanArray, StringArray) {
        let rows = self.mv.len();
        let mut game = Vec::with_capacity(rows);
        let mut ply = Vec::with_capacity(rows);
        let mut white = Bits::with_capacity(rows);
        let mut result = TextColumn::with_capacity(rows, 0);
        let mut result_valid = NullBufferBuilder::new(rows);
        for g in &self.games {
            game.extend(std::iter::repeat_n(g.game, g.rows));
            ply.extend(0..g.rows as u32);
            // Every move, a null move too, changes the side to move.
            white.append_alternating(g.white_first, g.rows);
            match g.result {
                Some((at, len)) => {
                    result.repeat(&self.results[at..at + len], g.rows);
                    result_valid.append_n_non_nulls(g.rows);
                }
                None => {
                    result.repeat(b"", g.rows);
                    result_valid.append_n_nulls(g.rows);
                }
            }
        }
        (
            UInt64Array::from(game),
            UInt32Array::from(ply),
            BooleanArray::new(white.finish(), None),
            result.finish(result_valid.finish()),
        )
    }

    fn batch(mut self) -> RecordBatch {
        let source =
            StringArray::try_new_repeated(&self.source, self.mv.len()).expect("a batch's text fits 32-bit offsets");
        let (game, ply, white_to_move, result) = self.per_game_columns();
        let mut columns: Vec<(&str, ArrayRef, bool)> = vec![
            ("source", Arc::new(source), false),
            ("game", Arc::new(game), false),
            ("ply", Arc::new(ply), false),
            ("fen", Arc::new(self.fen.finish(None)), false),
            (
                "packed",
                Arc::new(
                    FixedSizeBinaryArray::try_new(32, Buffer::from_vec(self.packed), None)
                        .expect("32 bytes a position"),
                ),
                false,
            ),
            ("move", Arc::new(UInt16Array::from(self.mv)), false),
        ];
        if self.uci {
            columns.push(("uci", Arc::new(self.uci_move.finish()), false));
        }
        if self.san {
            columns.push(("san", Arc::new(self.san_move.finish()), false));
        }
        let clock = Float64Array::new(self.clock.into(), self.clock_valid.into_nulls());
        columns.push(("clock", Arc::new(clock), true));
        let eval_cp = Int32Array::new(self.eval_cp.into(), self.eval_cp_valid.into_nulls());
        columns.push(("eval_cp", Arc::new(eval_cp), true));
        let eval_mate = Int32Array::new(self.eval_mate.into(), self.eval_mate_valid.into_nulls());
        columns.push(("eval_mate", Arc::new(eval_mate), true));
        columns.push(("white_to_move", Arc::new(white_to_move), false));
        columns.push(("result", Arc::new(result), true));
        let fields: Vec<Field> =
            columns.iter().map(|(name, c, nullable)| Field::new(*name, c.data_type().clone(), *nullable)).collect();
        let schema: SchemaRef = Arc::new(Schema::new(fields));
        RecordBatch::try_new(schema, columns.into_iter().map(|c| c.1).collect())
            .expect("the columns match the schema built from them")
    }
}

/// The positions table's schema, with or without the `uci` and `san`
/// columns.
pub fn positions_schema(uci: bool, san: bool) -> SchemaRef {
    PositionsBuilder::new(uci, san, "").finish().schema()
}

/// A string column written as bytes: the values back to back and where
/// each ends. Their text is checked once, when the column is finished
/// (a `StringBuilder` takes each value as a `&str`, checked one by one).
struct TextColumn {
    values: Vec<u8>,
    /// The end of each value, after a 0 for the start of the first.
    offsets: Vec<i32>,
    /// How many of the first bytes of `values` are known to be ASCII
    /// (see [`TextColumn::check_ascii`]).
    ascii: usize,
}

impl TextColumn {
    /// An empty column with room for `rows` values of `bytes` in all.
    fn with_capacity(rows: usize, bytes: usize) -> TextColumn {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        TextColumn { values: Vec::with_capacity(bytes), offsets, ascii: 0 }
    }

    /// Checks the bytes written since the last check while they are
    /// still in the cache (the check when the column is finished then
    /// skips them).
    fn check_ascii(&mut self) {
        if self.values[self.ascii..].is_ascii() {
            self.ascii = self.values.len();
        }
    }

    /// Appends `n` values `text` (its bytes copied a doubling piece at a
    /// time).
    fn repeat(&mut self, text: &[u8], n: usize) {
        let start = self.values.len();
        let total = text.len() * n;
        self.values.reserve(total);
        if n > 0 {
            self.values.extend_from_slice(text);
        }
        while self.values.len() - start < total {
            let piece = (self.values.len() - start).min(total - (self.values.len() - start));
            self.values.extend_from_within(start..start + piece);
        }
        // The last offset checked once: every one before it is smaller.
        let base = *self.offsets.last().expect("the first offset is there");
        i32::try_from(base as usize + total).expect("a batch's text fits 32-bit offsets");
        let len = text.len() as i32;
        self.offsets.extend((1..=n as i32).map(|i| base + i * len));
    }

    /// The column as an array, with `nulls`.
    ///
    /// # Panics
    ///
    /// If the bytes are not UTF-8 (the FEN writer writes ASCII, the
    /// result texts are strings), or `nulls` is not one bit a value.
    fn finish(self, nulls: Option<NullBuffer>) -> StringArray {
        let rows = self.offsets.len() - 1;
        // Every step and no early exit: a loop the compiler vectorizes.
        let rise = self.offsets.windows(2).fold(self.offsets[0] == 0, |ok, w| ok & (w[0] <= w[1]));
        let fits = self.offsets[rows] as usize <= self.values.len();
        let ascii = self.values[self.ascii..].is_ascii();
        let values = Buffer::from_vec(self.values);
        if rise && fits && ascii && nulls.as_ref().is_none_or(|n| n.len() == rows) {
            // SAFETY: what `OffsetBuffer::new` and `StringArray::try_new`
            // would check holds: the offsets rise from 0 and end within the
            // values; the values are ASCII (those before `self.ascii` were
            // checked as they were written), so valid UTF-8 with every
            // offset on a character boundary; `nulls` has a bit for each
            // value. (Their checks take several times as long: they decode
            // the text, then look at each offset.)
            unsafe {
                let offsets = OffsetBuffer::new_unchecked(ScalarBuffer::from(self.offsets));
                StringArray::new_unchecked(offsets, values, nulls)
            }
        } else {
            let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
            StringArray::try_new(offsets, values, nulls).expect("the text is UTF-8")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_text() {
        let mut column = TextColumn::with_capacity(0, 0);
        column.repeat(b"1-0", 5);
        column.repeat(b"", 2);
        column.repeat(b"1/2-1/2", 3);
        column.repeat(b"*", 0);
        let array = column.finish(None);
        let values: Vec<&str> = array.iter().map(Option::unwrap).collect();
        assert_eq!(values, ["1-0", "1-0", "1-0", "1-0", "1-0", "", "", "1/2-1/2", "1/2-1/2", "1/2-1/2"]);
    }

    #[test]
    fn text_beyond_ascii_is_checked_and_kept() {
        // A result tag may hold any text: the column takes the checked way.
        let mut column = TextColumn::with_capacity(0, 0);
        column.repeat(b"1-0", 1);
        column.check_ascii();
        assert_eq!(column.ascii, 3);
        column.repeat("½-½".as_bytes(), 1);
        column.check_ascii();
        assert_eq!(column.ascii, 3, "the check stops before the text that is not ASCII");
        column.repeat(b"", 1);
        let nulls = NullBuffer::from(vec![true, true, false]);
        let array = column.finish(Some(nulls));
        assert_eq!(array.iter().collect::<Vec<_>>(), [Some("1-0"), Some("½-½"), None]);
    }
}
