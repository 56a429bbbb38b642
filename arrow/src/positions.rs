//! The positions table: one row per move of a game's mainline (see the
//! crate docs for the schema).

use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Float64Builder, Int32Builder, StringBuilder, UInt16Builder, UInt32Builder, UInt64Builder,
};
use arrow_array::{ArrayRef, FixedSizeBinaryArray, RecordBatch, StringArray};
use arrow_buffer::{Buffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{Field, Schema, SchemaRef};
use chess_movegen::{Color, FenWriter, GameResult, PackedPosition};

use crate::annotations::Eval;
use crate::games::Origin;
use crate::record::Record;

/// The packed score of a mate (from White's point of view, signed), as
/// trainers that read marlinformat expect a mate to be far above any
/// centipawn score.
const MATE_SCORE: i16 = 32_000;

/// Rows and bytes of text of a batch of the positions table.
#[derive(Default)]
struct Sizes {
    rows: usize,
    source: usize,
    fen: usize,
    uci: usize,
    san: usize,
    result: usize,
}

/// Column builders of the positions table.
pub(crate) struct PositionsBuilder {
    uci: bool,
    san: bool,
    source: StringBuilder,
    game: UInt64Builder,
    ply: UInt32Builder,
    fen: TextColumn,
    /// Keeps each rank's text from the position before.
    fen_writer: FenWriter,
    /// The packed positions back to back, 32 bytes each.
    packed: Vec<u8>,
    mv: UInt16Builder,
    uci_move: StringBuilder,
    san_move: StringBuilder,
    clock: Float64Builder,
    eval_cp: Int32Builder,
    eval_mate: Int32Builder,
    white_to_move: BooleanBuilder,
    result: StringBuilder,
}

impl PositionsBuilder {
    /// Builders for a table with or without the UCI and SAN columns.
    pub fn new(uci: bool, san: bool) -> PositionsBuilder {
        PositionsBuilder::with_capacity(uci, san, &Sizes::default())
    }

    /// Builders with room for `sizes` (those of the batch before: the
    /// next one is about as large, and grows no buffer by copying).
    fn with_capacity(uci: bool, san: bool, sizes: &Sizes) -> PositionsBuilder {
        let rows = sizes.rows;
        PositionsBuilder {
            uci,
            san,
            source: StringBuilder::with_capacity(rows, sizes.source),
            game: UInt64Builder::with_capacity(rows),
            ply: UInt32Builder::with_capacity(rows),
            fen: TextColumn::with_capacity(rows, sizes.fen),
            fen_writer: FenWriter::new(),
            packed: Vec::with_capacity(rows * 32),
            mv: UInt16Builder::with_capacity(rows),
            uci_move: StringBuilder::with_capacity(if uci { rows } else { 0 }, sizes.uci),
            san_move: StringBuilder::with_capacity(if san { rows } else { 0 }, sizes.san),
            clock: Float64Builder::with_capacity(rows),
            eval_cp: Int32Builder::with_capacity(rows),
            eval_mate: Int32Builder::with_capacity(rows),
            white_to_move: BooleanBuilder::with_capacity(rows),
            result: StringBuilder::with_capacity(rows, sizes.result),
        }
    }

    /// The sizes of the columns so far.
    fn sizes(&self) -> Sizes {
        Sizes {
            rows: self.ply.values_slice().len(),
            source: self.source.values_slice().len(),
            fen: self.fen.values.len(),
            uci: self.uci_move.values_slice().len(),
            san: self.san_move.values_slice().len(),
            result: self.result.values_slice().len(),
        }
    }

    /// Appends a row for each move of a game that read cleanly (its
    /// notes in columns: see [`Record::fill_columns`]).
    pub fn append(&mut self, record: &Record, origin: Origin<'_>) {
        let result_text = record.result();
        let result = match result_text {
            Some("1-0") => GameResult::WhiteWins,
            Some("0-1") => GameResult::BlackWins,
            Some("1/2-1/2") => GameResult::Draw,
            _ => GameResult::Unfinished,
        };
        let plies = record.moves.len();
        for (ply, pos) in record.before.iter().enumerate() {
            // Straight into the column's bytes.
            self.fen_writer.write_bytes(pos, &mut self.fen.values);
            self.fen.end_value();
            // The score of a position is the evaluation written after the
            // move that reached it.
            let score = match ply.checked_sub(1).and_then(|p| record.notes[p].eval) {
                Some(Eval::Cp(cp)) => cp.clamp(-i32::from(MATE_SCORE) + 1, i32::from(MATE_SCORE) - 1) as i16,
                Some(Eval::Mate(m)) if m < 0 => -MATE_SCORE,
                Some(Eval::Mate(0)) if pos.side_to_move() == Color::White => -MATE_SCORE,
                Some(Eval::Mate(_)) => MATE_SCORE,
                None => 0,
            };
            let packed = PackedPosition::pack(pos, score, result);
            self.packed.extend_from_slice(packed.as_bytes());
            self.white_to_move.append_value(pos.side_to_move() == Color::White);
        }
        // The columns that do not depend on the position, a game at once.
        self.source.append_value_n(origin.source, plies);
        self.game.append_value_n(origin.game, plies);
        self.ply.extend((0..plies as u32).map(Some));
        self.mv.append_slice(&record.moves);
        if self.uci {
            record.uci.iter().for_each(|m| self.uci_move.append_value(m));
        }
        if self.san {
            record.san.iter().for_each(|m| self.san_move.append_value(m));
        }
        let c = &record.columns;
        self.clock.append_values(&c.clock, &c.has_clock);
        self.eval_cp.append_values(&c.cp, &c.has_cp);
        self.eval_mate.append_values(&c.mate, &c.has_mate);
        match result_text {
            Some(text) => self.result.append_value_n(text, plies),
            None => (0..plies).for_each(|_| self.result.append_null()),
        }
    }

    /// The table's columns so far as a batch; the builders start again
    /// empty.
    pub fn finish(&mut self) -> RecordBatch {
        let next = PositionsBuilder::with_capacity(self.uci, self.san, &self.sizes());
        std::mem::replace(self, next).batch()
    }

    fn batch(mut self) -> RecordBatch {
        let mut columns: Vec<(&str, ArrayRef, bool)> = vec![
            ("source", Arc::new(self.source.finish()), false),
            ("game", Arc::new(self.game.finish()), false),
            ("ply", Arc::new(self.ply.finish()), false),
            ("fen", Arc::new(self.fen.finish()), false),
            (
                "packed",
                Arc::new(
                    FixedSizeBinaryArray::try_new(32, Buffer::from_vec(self.packed), None)
                        .expect("32 bytes a position"),
                ),
                false,
            ),
            ("move", Arc::new(self.mv.finish()), false),
        ];
        if self.uci {
            columns.push(("uci", Arc::new(self.uci_move.finish()), false));
        }
        if self.san {
            columns.push(("san", Arc::new(self.san_move.finish()), false));
        }
        columns.push(("clock", Arc::new(self.clock.finish()), true));
        columns.push(("eval_cp", Arc::new(self.eval_cp.finish()), true));
        columns.push(("eval_mate", Arc::new(self.eval_mate.finish()), true));
        columns.push(("white_to_move", Arc::new(self.white_to_move.finish()), false));
        columns.push(("result", Arc::new(self.result.finish()), true));
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
    PositionsBuilder::new(uci, san).finish().schema()
}

/// A string column written as bytes: the values back to back and where
/// each ends. Their text is checked once, when the column is finished
/// (a `StringBuilder` takes each value as a `&str`, checked one by one).
struct TextColumn {
    values: Vec<u8>,
    /// The end of each value, after a 0 for the start of the first.
    offsets: Vec<i32>,
}

impl TextColumn {
    /// An empty column with room for `rows` values of `bytes` in all.
    fn with_capacity(rows: usize, bytes: usize) -> TextColumn {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        TextColumn { values: Vec::with_capacity(bytes), offsets }
    }

    /// Ends the value written to `values` since the last one ended.
    #[inline]
    fn end_value(&mut self) {
        // As a `StringBuilder` does, a batch over 2 GiB of text is refused.
        let end = i32::try_from(self.values.len()).expect("a batch's text fits 32-bit offsets");
        self.offsets.push(end);
    }

    /// The column as an array.
    ///
    /// # Panics
    ///
    /// If the bytes are not UTF-8 (the FEN writer writes ASCII).
    fn finish(self) -> StringArray {
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        StringArray::try_new(offsets, Buffer::from_vec(self.values), None).expect("the text is UTF-8")
    }
}
