//! What a probe reads of a position: the position and its material key,
//! and the legal captures the probe's small searches play, visited by the
//! library's own generator and played with [`Position::play`].

use core::ops::ControlFlow;

use chess_movegen::{Bitboard, Color, GenKind, Legality, Move, MoveVisitor, Position, Rank, Role, Square};

use crate::material::Material;

/// A position as the probe sees it: the position and the material key
/// (which table it belongs to), kept up to date as captures are played.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    pos: Position,
    /// The material key (piece counts).
    pub(crate) material: Material,
}

/// A legal capture, played.
pub(crate) struct Capture {
    /// The position after it.
    pub(crate) board: Board,
    /// Whether it captured en passant.
    pub(crate) en_passant: bool,
}

impl Board {
    /// The board of `pos`.
    pub(crate) fn of(pos: &Position) -> Board {
        Board { pos: *pos, material: Material::of(pos) }
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub(crate) fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.pos.pieces(color, role)
    }

    /// The side to move.
    #[inline]
    pub(crate) fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    /// Whether only the two kings are left.
    #[inline]
    pub(crate) fn kings_only(&self) -> bool {
        self.pos.occupied().len() <= 2
    }

    /// Calls `f` with every legal capture (en passant and capturing
    /// promotions included) until it returns `Ok(true)` (stop) or an
    /// error, which is returned.
    #[inline]
    pub(crate) fn captures<E>(&self, f: impl FnMut(&Capture) -> Result<bool, E>) -> Result<(), E> {
        let pos = &self.pos;
        let them = !pos.side_to_move();
        if nothing_to_capture(pos) {
            return Ok(());
        }
        // The noisy moves are the captures and the promotions that capture
        // nothing, which the visitor leaves out.
        let mut visitor = Captures { board: self, targets: pos.pieces_of_color(them), f, error: None };
        let _ = pos.visit_moves(GenKind::Noisy, Legality::Legal, &mut visitor);
        visitor.error.map_or(Ok(()), Err)
    }
}

/// Whether `pos` certainly has no capture: the opponent has only its king
/// (never taken: the side not to move is not in check) and no pawn can be
/// taken en passant. Cheaper than asking the generator.
#[inline]
pub(crate) fn nothing_to_capture(pos: &Position) -> bool {
    let them = !pos.side_to_move();
    pos.pieces_of_color(them) == pos.pieces(them, Role::King) && pos.ep_square().is_none()
}

/// Plays each capture the generator gives and hands it to `f`, stopping
/// the generation when `f` says so or fails (the error kept in `error`).
struct Captures<'a, F, E> {
    board: &'a Board,
    /// The opponent's pieces.
    targets: Bitboard,
    f: F,
    error: Option<E>,
}

impl<F: FnMut(&Capture) -> Result<bool, E>, E> Captures<'_, F, E> {
    /// Plays the capture `mv` and calls `f` with it.
    #[inline]
    fn visit(&mut self, mv: Move) -> ControlFlow<()> {
        let pos = &self.board.pos;
        let us = pos.side_to_move();
        let captured = if mv.is_en_passant() { Some(Role::Pawn) } else { pos.role_at(mv.to()) };
        let Some(captured) = captured else { return ControlFlow::Continue(()) };
        let mut material = self.board.material.removed(!us, captured);
        if let Some(role) = mv.promotion_role() {
            material = material.removed(us, Role::Pawn).added(us, role);
        }
        let capture = Capture { board: Board { pos: pos.play(mv), material }, en_passant: mv.is_en_passant() };
        match (self.f)(&capture) {
            Ok(false) => ControlFlow::Continue(()),
            Ok(true) => ControlFlow::Break(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

impl<F: FnMut(&Capture) -> Result<bool, E>, E> MoveVisitor for Captures<'_, F, E> {
    #[inline]
    fn moves(&mut self, from: Square, to: Bitboard) -> ControlFlow<()> {
        let promotes = self.board.pos.role_at(from) == Some(Role::Pawn);
        for to in to & self.targets {
            // A pawn's capture onto the first or last rank promotes.
            if promotes && matches!(to.rank(), Rank::First | Rank::Eighth) {
                for role in Role::PROMOTIONS {
                    self.visit(Move::promotion(from, to, role))?;
                }
            } else {
                self.visit(Move::new(from, to))?;
            }
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn special(&mut self, mv: Move) -> ControlFlow<()> {
        match mv.is_en_passant() {
            true => self.visit(mv),
            false => ControlFlow::Continue(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_movegen::FenOptions;

    #[test]
    fn captures_are_the_legal_captures_with_their_material() {
        let fens = [
            // En passant, a pinned pawn that may not take en passant, promotions.
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            "8/8/8/3pP3/8/8/8/K6k w - d6 0 1",
            "1n1r4/2P5/8/8/8/8/8/K6k w - - 0 1",
            "8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1",
            "4k3/8/8/8/1b6/8/3N4/4K2r w - - 0 1",
            "8/8/4k3/3pP3/8/8/8/4K3 w - d6 0 1",
            "8/2p5/8/KP5r/8/8/8/7k b - - 0 1",
            "r3k3/8/8/8/8/8/8/R3K2n w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen_with(fen, FenOptions::new()).unwrap().0;
            let mut expected: Vec<(String, bool)> =
                pos.legal_captures().iter().map(|&mv| (pos.play(mv).fen(), mv.is_en_passant())).collect();
            expected.sort();
            let mut got = Vec::new();
            let _ = Board::of(&pos).captures::<()>(|c| {
                // The material key follows the captures.
                assert_eq!(c.board.material, Material::of(&c.board.pos), "{fen}");
                got.push((c.board.pos.fen(), c.en_passant));
                Ok(false)
            });
            got.sort();
            assert_eq!(got, expected, "{fen}");
        }
    }
}
