//! PGN, tags and comments of a session.

use alloc::string::{String, ToString};
use core::fmt::Write;

use crate::session::{to_tree, with};
use crate::{reply, with_input};

/// The game as PGN (the library's writer: roster tags first, movetext
/// wrapped at 80 columns).
#[no_mangle]
pub extern "C" fn pgn(h: u32) -> i32 {
    reply(with(h, |s| Ok(to_tree(s).to_pgn())))
}

/// Sets the tag `name\0value` from the buffer.
#[no_mangle]
pub extern "C" fn set_tag(h: u32, len: usize) -> i32 {
    reply(with_input(len, |text| {
        with(h, |s| {
            let (name, value) = crate::split_at_byte(text, 0);
            s.tags.insert(name, value).map_err(|e| e.to_string())?;
            Ok(String::new())
        })
    }))
}

/// Removes the buffer's tag; answers `1` if it was there.
#[no_mangle]
pub extern "C" fn remove_tag(h: u32, len: usize) -> i32 {
    reply(with_input(len, |name| with(h, |s| Ok(if s.tags.remove(name).is_some() { "1" } else { "" }.to_string()))))
}

/// The tags: `name\0value\0` for each.
#[no_mangle]
pub extern "C" fn tags(h: u32) -> i32 {
    reply(with(h, |s| {
        let mut out = String::new();
        for (name, value) in s.tags.iter() {
            let _ = write!(out, "{name}\0{value}\0");
        }
        Ok(out)
    }))
}

/// The comment on the current position; `set` 1 sets it from the
/// buffer, 2 removes it (both answer the old one). No comment is an
/// empty error, apart from an empty comment (chess.js's `undefined` and `''`).
#[no_mangle]
pub extern "C" fn comment(h: u32, len: usize, set: u32) -> i32 {
    reply(with_input(len, |text| {
        with(h, |s| {
            let slot = s.comments.last_mut().ok_or("no position")?;
            let old = slot.clone().ok_or(String::new());
            match set {
                1 => *slot = Some(text.into()),
                2 => *slot = None,
                _ => {}
            }
            old
        })
    }))
}

/// Every comment with the FEN of its position: `fen\0comment\0` for
/// each; `remove` 1 removes them all.
#[no_mangle]
pub extern "C" fn all_comments(h: u32, remove: u32) -> i32 {
    reply(with(h, |s| {
        let mut pos = *s.game.start_position();
        let moves: alloc::vec::Vec<_> = s.moves().collect();
        let mut out = String::new();
        for (ply, comment) in s.comments.iter().enumerate() {
            if let Some(text) = comment {
                let _ = write!(out, "{}\0{text}\0", pos.normalized_fen());
            }
            if let Some(&mv) = moves.get(ply) {
                pos = crate::session::play_any(&pos, mv);
            }
        }
        if remove != 0 {
            s.comments.iter_mut().for_each(|c| *c = None);
        }
        Ok(out)
    }))
}
