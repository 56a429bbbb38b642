//! Material signatures: which table a position belongs to.

use chess_movegen::{Color, Position, Role};

use crate::error::TableName;

/// Piece counts per color and role (kings included), packed 4 bits each:
/// white pawn..king in bits 0..24, black in bits 24..48.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Material(pub u64);

const ROLE_CHARS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

impl Material {
    pub(crate) fn of(pos: &Position) -> Material {
        let mut m = 0u64;
        for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for role in Role::ALL {
                m |= (pos.pieces(color, role).len() as u64) << (4 * (c * 6 + role.index()));
            }
        }
        Material(m)
    }

    /// The material with one piece of `color` and `role` less.
    #[inline]
    pub(crate) fn removed(self, color: Color, role: Role) -> Material {
        Material(self.0.wrapping_sub(1 << (4 * (color.index() * 6 + role.index()))))
    }

    /// The material with one piece of `color` and `role` more.
    #[inline]
    pub(crate) fn added(self, color: Color, role: Role) -> Material {
        Material(self.0.wrapping_add(1 << (4 * (color.index() * 6 + role.index()))))
    }

    pub(crate) fn count(self, color: usize, role: usize) -> usize {
        ((self.0 >> (4 * (color * 6 + role))) & 15) as usize
    }

    pub(crate) fn total(self) -> usize {
        (0..2).map(|c| (0..6).map(|r| self.count(c, r)).sum::<usize>()).sum()
    }

    /// The same material with the colors exchanged.
    pub(crate) fn swapped(self) -> Material {
        Material((self.0 >> 24) | ((self.0 & 0xff_ffff) << 24))
    }

    pub(crate) fn has_pawns(self) -> bool {
        self.count(0, 0) + self.count(1, 0) > 0
    }

    /// Parses a table name such as `KQvKR`: white's pieces, `v`, black's.
    /// Each side needs exactly one king.
    pub(crate) fn from_name(name: &str) -> Option<Material> {
        let (w, b) = name.split_once('v')?;
        let mut m = 0u64;
        for (c, side) in [w, b].into_iter().enumerate() {
            let mut kings = 0;
            for ch in side.chars() {
                let role = ROLE_CHARS.iter().position(|&r| r == ch)?;
                if role == 5 {
                    kings += 1;
                }
                let shift = 4 * (c * 6 + role);
                let count = (m >> shift) & 15;
                if count == 15 {
                    return None;
                }
                m += 1 << shift;
            }
            if kings != 1 || !side.starts_with('K') {
                return None;
            }
        }
        Some(Material(m))
    }

    fn push_side(self, color: usize, s: &mut TableName) {
        for role in (0..6).rev() {
            for _ in 0..self.count(color, role) {
                s.push(ROLE_CHARS[role] as u8);
            }
        }
    }

    /// Tablebase name, white first: `KQvKR`.
    pub(crate) fn name(self) -> TableName {
        let mut s = TableName::empty();
        self.push_side(0, &mut s);
        s.push(b'v');
        self.push_side(1, &mut s);
        s
    }

    /// The name under which the table of this material is published: the
    /// stronger side (more pieces, then higher pieces) first.
    pub(crate) fn canonical_name(self) -> TableName {
        let strength = |c: usize| {
            let total: usize = (0..6).map(|r| self.count(c, r)).sum();
            (total, self.count(c, 4), self.count(c, 3), self.count(c, 2), self.count(c, 1), self.count(c, 0))
        };
        if strength(1) > strength(0) {
            self.swapped().name()
        } else {
            self.name()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let m = Material::from_name("KQPvKR").unwrap();
        assert_eq!(m.name().as_str(), "KQPvKR");
        assert_eq!(m.swapped().name().as_str(), "KRvKQP");
        assert_eq!(m.swapped().canonical_name().as_str(), "KQPvKR");
        assert_eq!(m.total(), 5);
        assert!(m.has_pawns());
        assert_eq!(Material::from_name("KRvKR").unwrap().swapped(), Material::from_name("KRvKR").unwrap());
        for bad in ["KQ", "QvK", "KKvK", "KXvK", "KvQ", ""] {
            assert_eq!(Material::from_name(bad), None, "{bad}");
        }
        let pos = Position::from_fen("8/8/8/8/8/2k5/1p6/K3R3 w - - 0 1").unwrap();
        assert_eq!(Material::of(&pos).name().as_str(), "KRvKP");
    }
}
