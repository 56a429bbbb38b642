//! The positions table: one row per move of a game's mainline (see the
//! crate docs for the schema).

use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, FixedSizeBinaryBuilder, Float64Builder, Int32Builder, StringBuilder, UInt16Builder, UInt32Builder,
    UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{Field, Schema, SchemaRef};
use chess_movegen::{Color, GameResult, PackedPosition};

use crate::annotations::Eval;
use crate::games::{split_eval, Origin};
use crate::record::Record;

/// The packed score of a mate (from White's point of view, signed), as
/// trainers that read marlinformat expect a mate to be far above any
/// centipawn score.
const MATE_SCORE: i16 = 32_000;

/// Column builders of the positions table.
pub(crate) struct PositionsBuilder {
    uci: bool,
    san: bool,
    source: StringBuilder,
    game: UInt64Builder,
    ply: UInt32Builder,
    fen: StringBuilder,
    packed: FixedSizeBinaryBuilder,
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
        PositionsBuilder {
            uci,
            san,
            source: StringBuilder::new(),
            game: UInt64Builder::new(),
            ply: UInt32Builder::new(),
            fen: StringBuilder::new(),
            packed: FixedSizeBinaryBuilder::new(32),
            mv: UInt16Builder::new(),
            uci_move: StringBuilder::new(),
            san_move: StringBuilder::new(),
            clock: Float64Builder::new(),
            eval_cp: Int32Builder::new(),
            eval_mate: Int32Builder::new(),
            white_to_move: BooleanBuilder::new(),
            result: StringBuilder::new(),
        }
    }

    /// Appends a row for each move of a game that read cleanly.
    pub fn append(&mut self, record: &Record, origin: Origin<'_>) {
        let result_text = record.result();
        let result = match result_text {
            Some("1-0") => GameResult::WhiteWins,
            Some("0-1") => GameResult::BlackWins,
            Some("1/2-1/2") => GameResult::Draw,
            _ => GameResult::Unfinished,
        };
        let mut fen = String::new();
        for (ply, (pos, &mv)) in record.before.iter().zip(&record.moves).enumerate() {
            self.source.append_value(origin.source);
            self.game.append_value(origin.game);
            self.ply.append_value(ply as u32);
            fen.clear();
            fen.push_str(&pos.fen());
            self.fen.append_value(&fen);
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
            self.packed.append_value(packed.to_bytes()).expect("32 bytes");
            self.mv.append_value(mv);
            if self.uci {
                self.uci_move.append_value(record.uci.get(ply));
            }
            if self.san {
                self.san_move.append_value(record.san.get(ply));
            }
            let notes = record.notes[ply];
            self.clock.append_option(notes.clock);
            let (cp, mate) = split_eval(notes.eval);
            self.eval_cp.append_option(cp);
            self.eval_mate.append_option(mate);
            self.white_to_move.append_value(pos.side_to_move() == Color::White);
            self.result.append_option(result_text);
        }
    }

    /// The table's columns so far as a batch; the builders start again
    /// empty.
    pub fn finish(&mut self) -> RecordBatch {
        let mut columns: Vec<(&str, ArrayRef, bool)> = vec![
            ("source", Arc::new(self.source.finish()), false),
            ("game", Arc::new(self.game.finish()), false),
            ("ply", Arc::new(self.ply.finish()), false),
            ("fen", Arc::new(self.fen.finish()), false),
            ("packed", Arc::new(self.packed.finish()), false),
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
