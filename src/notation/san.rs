//! Standard algebraic notation (SAN) and long algebraic notation (LAN).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::moves::{Move, MoveList};
use crate::notation::{echo, IllegalReason, MoveError, Notation};
use crate::position::Position;
use crate::types::{CastlingSide, File, Piece, Rank, Role, Square};

fn syntax(text: &str, reason: &'static str) -> MoveError {
    MoveError::Syntax { notation: Notation::San, text: echo(text.as_bytes()), reason }
}

/// A SAN text taken apart.
#[derive(Debug)]
enum SanParts {
    Castle(CastlingSide),
    Normal { role: Role, file: Option<File>, rank: Option<Rank>, to: Square, promotion: Option<Role> },
}

fn parse_parts(text: &str) -> Result<SanParts, MoveError> {
    // Surrounding whitespace, annotations and check marks carry no move
    // information. Errors quote the text as given (shortened).
    let core = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let core = core.strip_suffix("e.p.").map(str::trim_end).unwrap_or(core);
    match core {
        "O-O" | "0-0" => return Ok(SanParts::Castle(CastlingSide::KingSide)),
        "O-O-O" | "0-0-0" => return Ok(SanParts::Castle(CastlingSide::QueenSide)),
        _ => {}
    }
    if core.is_empty() {
        return Err(syntax(text, "empty move"));
    }
    if !core.is_ascii() {
        return Err(syntax(text, "unexpected non-ASCII character"));
    }
    let mut bytes = core.as_bytes();
    if matches!(bytes[0], b'n' | b'r' | b'q' | b'k') {
        return Err(syntax(text, "piece letters are upper case (N, B, R, Q, K)"));
    }
    let role = match bytes[0] {
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'R' => Role::Rook,
        b'Q' => Role::Queen,
        b'K' => Role::King,
        _ => Role::Pawn,
    };
    if role != Role::Pawn {
        bytes = &bytes[1..];
    }
    // Promotion suffix: "=Q", "Q", "(Q)", "/Q".
    let mut promotion = None;
    if let Some((&last, rest)) = bytes.split_last() {
        let promo = |c: u8| match c.to_ascii_uppercase() {
            b'N' => Some(Role::Knight),
            b'B' => Some(Role::Bishop),
            b'R' => Some(Role::Rook),
            b'Q' => Some(Role::Queen),
            _ => None,
        };
        if last == b')' && rest.len() >= 2 && rest[rest.len() - 2] == b'(' {
            promotion = Some(promo(rest[rest.len() - 1]).ok_or_else(|| syntax(text, "invalid promotion piece"))?);
            bytes = &rest[..rest.len() - 2];
        } else if let Some(role) = promo(last) {
            promotion = Some(role);
            bytes = rest;
            if let Some((&sep, rest)) = bytes.split_last() {
                if sep == b'=' || sep == b'/' {
                    bytes = rest;
                }
            }
        }
    }
    if let [.., b'1'..=b'8', b'K' | b'k' | b'P' | b'p'] | [.., b'=' | b'/', _] = bytes {
        let last = bytes[bytes.len() - 1];
        return Err(syntax(
            text,
            if last.eq_ignore_ascii_case(&b'K') || last.eq_ignore_ascii_case(&b'P') {
                "a pawn promotes to a queen, rook, bishop or knight, not to a king or pawn"
            } else {
                "invalid promotion piece (Q, R, B or N)"
            },
        ));
    }
    if let [.., b'=' | b'/'] = bytes {
        return Err(syntax(text, "missing promotion piece after '='"));
    }
    if bytes.len() < 2 {
        return Err(syntax(text, "missing destination square"));
    }
    let (head, dest) = bytes.split_at(bytes.len() - 2);
    let to = Square::from_ascii(dest).map_err(|_| syntax(text, "the destination is not a square"))?;
    // A capture mark, or the hyphen of long algebraic notation (`Ng1-f3`).
    let head = match head {
        [rest @ .., b'x' | b':' | b'-'] => rest,
        _ => head,
    };
    let (mut file, mut rank) = (None, None);
    match head {
        [] => {}
        [c] if (b'a'..=b'h').contains(c) => file = File::from_char(*c as char),
        [c] if (b'1'..=b'8').contains(c) => rank = Rank::from_char(*c as char),
        [f, r] if (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r) => {
            file = File::from_char(*f as char);
            rank = Rank::from_char(*r as char);
        }
        _ => {
            return Err(syntax(
                text,
                "expected piece letter, origin file and/or rank (or square), x or -, destination square",
            ))
        }
    }
    if promotion.is_some() && role != Role::Pawn {
        return Err(syntax(text, "only pawns promote"));
    }
    Ok(SanParts::Normal { role, file, rank, to, promotion })
}

/// # Notation: SAN and long algebraic
impl Position {
    /// The move in standard algebraic notation: piece letter, origin file
    /// and/or rank only when another legal move of the same kind of piece
    /// reaches the same square, `x` for captures, `=Q` for promotions,
    /// `O-O` / `O-O-O` for castling, and `+` or `#` after checks and mates.
    ///
    /// A move that is not legal here is written in UCI instead.
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")?;
    /// assert_eq!(pos.san(Move::new(Square::F1, Square::B5)), "Bb5");
    /// assert_eq!(pos.san(Move::new(Square::F3, Square::E5)), "Nxe5");
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn san(&self, mv: Move) -> String {
        if !self.is_legal(mv) {
            return self.uci(mv);
        }
        let mut out = self.san_body(mv);
        out.push_str(self.check_suffix(mv));
        out
    }

    /// The move in long algebraic notation, for move lists shown to people:
    /// piece letter, origin, `-` or `x`, destination, promotion, check
    /// mark (`Ng1-f3`, `e7xd8=Q+`, `O-O`). A move that is not legal here is
    /// written in UCI instead.
    pub fn lan(&self, mv: Move) -> String {
        if !self.is_legal(mv) {
            return self.uci(mv);
        }
        let mut out = String::new();
        match mv.castling_side() {
            Some(CastlingSide::KingSide) => out.push_str("O-O"),
            Some(CastlingSide::QueenSide) => out.push_str("O-O-O"),
            None => {
                let role = self.role_at(mv.from()).unwrap_or(Role::Pawn);
                if role != Role::Pawn {
                    out.push(role.upper_char());
                }
                let capture = if self.is_capture(mv) { 'x' } else { '-' };
                let _ = write!(out, "{}{capture}{}", mv.from(), mv.to());
                if let Some(promotion) = mv.promotion_role() {
                    let _ = write!(out, "={}", promotion.upper_char());
                }
            }
        }
        out.push_str(self.check_suffix(mv));
        out
    }

    fn check_suffix(&self, mv: Move) -> &'static str {
        let after = self.play(mv);
        if !after.is_check() {
            ""
        } else if after.has_legal_moves() {
            "+"
        } else {
            "#"
        }
    }

    fn san_body(&self, mv: Move) -> String {
        let mut out = String::new();
        match mv.castling_side() {
            Some(CastlingSide::KingSide) => return String::from("O-O"),
            Some(CastlingSide::QueenSide) => return String::from("O-O-O"),
            None => {}
        }
        let (from, to) = (mv.from(), mv.to());
        let role = self.role_at(from).unwrap_or(Role::Pawn);
        let capture = self.is_capture(mv);
        if role == Role::Pawn {
            if capture {
                out.push(from.file().char());
            }
        } else {
            out.push(role.upper_char());
            let pieces = self.pieces(self.side_to_move(), role);
            let rivals: Vec<Square> = self
                .legal_moves_masked(pieces.without(from), to.bitboard())
                .iter()
                .filter(|m| !m.is_castle())
                .map(|m| m.from())
                .collect();
            if !rivals.is_empty() {
                if rivals.iter().all(|sq| sq.file() != from.file()) {
                    out.push(from.file().char());
                } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
                    out.push(from.rank().char());
                } else {
                    let _ = write!(out, "{from}");
                }
            }
        }
        if capture {
            out.push('x');
        }
        let _ = write!(out, "{to}");
        if let Some(promotion) = mv.promotion_role() {
            let _ = write!(out, "={}", promotion.upper_char());
        }
        out
    }

    /// Reads a move in standard algebraic notation and returns it if it is
    /// legal here. Accepts what real PGN files contain: `+`, `#`, `!`, `?`
    /// annotations or none, `0-0` with zeros, promotions with or without
    /// `=` (`e8=Q`, `e8Q`, `e8q`, `e8/Q`, `e8(Q)`), over-disambiguated moves
    /// (`Ng1f3`), captures with or without `x` (so pawn captures like
    /// `ed5`), and the long forms some files use instead:
    ///
    /// - long algebraic notation, with a hyphen or `x` between the squares
    ///   (`e2-e4`, `Ng1-f3`, `Nb1xc3`, `e7-e8=Q`, `e5xd6` en passant);
    /// - UCI moves (`g1f3`, `e7e8q`), where castling is the king's
    ///   two-square step in standard chess (`e1g1`) or the king taking its
    ///   own rook (`e1h1`, the Chess960 form, read in both modes).
    ///
    /// SAN is read first; a text that names an origin square without a
    /// piece letter (`g1f3`, `g1-f3`, `e1g1`) is read as the move of
    /// whatever piece of the side to move stands there, as UCI means it.
    ///
    /// # Errors
    ///
    /// [`MoveError::Syntax`] for text that is no move in any of these
    /// notations, [`MoveError::Ambiguous`] (with every legal move that
    /// fits) and [`MoveError::Illegal`] (with the reason) for moves that do
    /// not denote exactly one legal move. The error echoes the text, cut
    /// to its first 32 characters if it is longer.
    ///
    /// ```
    /// use chess_movegen::{MoveError, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")?;
    /// assert_eq!(pos.parse_san("O-O")?.to_string(), "e1g1");
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")?;
    /// assert_eq!(pos.parse_san("Rad1")?.to_string(), "a1d1");
    /// assert!(matches!(pos.parse_san("Rd1"), Err(MoveError::Ambiguous { .. })));
    /// let pos = Position::startpos();
    /// assert_eq!(pos.san(pos.parse_san("g1f3")?), "Nf3");
    /// assert_eq!(pos.san(pos.parse_san("Ng1-f3")?), "Nf3");
    /// assert_eq!(pos.san(pos.parse_san("e2-e4")?), "e4");
    /// assert_eq!(pos.parse_san("g1f3x").unwrap_err().to_string(),
    ///     "\"g1f3x\" is not a move in SAN, long algebraic or UCI: the destination is not a square");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let us = self.side_to_move();
        let illegal = |reason| MoveError::Illegal { text: echo(text.as_bytes()), reason };
        let (role, file, rank, to, promotion) = match parse_parts(text)? {
            SanParts::Castle(side) => {
                let king = self.king(us);
                let rook = self.castling_rook(us, side).ok_or(illegal(IllegalReason::CastlingRightLost))?;
                let mv = Move::castle(king, rook);
                return match self.illegal_reason(mv) {
                    None => Ok(mv),
                    Some(reason) => Err(illegal(reason)),
                };
            }
            SanParts::Normal { role: Role::Pawn, file: Some(file), rank: Some(rank), to, promotion }
                if self.piece_at(Square::new(file, rank)) != Some(Piece::new(us, Role::Pawn)) =>
            {
                // A whole origin square and no piece letter, but no pawn of
                // ours there: long algebraic or UCI for another piece.
                let mv = self.move_from_squares(Square::new(file, rank), to, promotion);
                return match self.illegal_reason(mv) {
                    None => Ok(mv),
                    Some(reason) => Err(illegal(reason)),
                };
            }
            SanParts::Normal { role, file, rank, to, promotion } => (role, file, rank, to, promotion),
        };
        let mut from_mask = self.pieces(us, role);
        if let Some(file) = file {
            from_mask &= file.bitboard();
        }
        if let Some(rank) = rank {
            from_mask &= rank.bitboard();
        }
        if role == Role::Pawn && file.is_none() {
            // A pawn move without an origin file is a push.
            from_mask &= to.file().bitboard();
        }
        let candidates: MoveList =
            self.legal_moves_masked(from_mask, to.bitboard()).into_iter().filter(|m| !m.is_castle()).collect();
        let matching: Vec<Move> = candidates.iter().copied().filter(|m| m.promotion_role() == promotion).collect();
        match matching.len() {
            1 => return Ok(matching[0]),
            0 => {}
            _ => return Err(MoveError::Ambiguous { text: echo(text.as_bytes()), candidates: matching }),
        }
        if !candidates.is_empty() {
            return Err(illegal(if promotion.is_some() {
                IllegalReason::NeedlessPromotion
            } else {
                IllegalReason::MissingPromotion
            }));
        }
        // No legal move fits: explain with the most telling reason among
        // the pieces that match the text; if none of them moves that way
        // (or there is none), say that no such piece reaches the square.
        let no_piece = IllegalReason::NoPieceCanReach { role, file, rank, to };
        let reason = from_mask
            .into_iter()
            .map(|from| {
                let mv = match promotion {
                    Some(role) => Move::promotion(from, to, role),
                    None if role == Role::Pawn && Some(to) == self.ep_square() && from.file() != to.file() => {
                        Move::en_passant(from, to)
                    }
                    None => Move::new(from, to),
                };
                self.illegal_reason(mv).unwrap_or(IllegalReason::CannotMoveThatWay)
            })
            .min_by_key(|reason| match reason {
                IllegalReason::CannotMoveThatWay => 2,
                IllegalReason::CaptureOwnPiece => 1,
                _ => 0,
            });
        Err(illegal(match reason {
            None | Some(IllegalReason::CannotMoveThatWay) => no_piece,
            Some(reason) => reason,
        }))
    }
}
