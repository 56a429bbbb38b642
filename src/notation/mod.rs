//! Move notation: UCI, SAN and long algebraic, read and written against
//! a [`Position`](crate::Position). The errors are the position's
//! ([`MoveError`](crate::MoveError)).

pub(crate) mod san;
mod uci;
