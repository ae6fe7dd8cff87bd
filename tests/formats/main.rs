//! What the library writes and reads: messages for people, the text and
//! serialised forms of its values, the legal moves in the board's order and
//! the action masks written from them, the perft counts of `docs/perft.md`
//! and the data blocks of `docs/rules.md` and `docs/encodings.md`.

#[path = "../common/mod.rs"]
mod common;

#[cfg(feature = "std")]
mod action_masks;
#[cfg(feature = "std")]
mod board_order;
#[cfg(feature = "std")]
mod encodings_doc_data;
mod messages;
#[cfg(feature = "serde")]
mod perft;
#[cfg(feature = "serde")]
mod perft_table;
#[cfg(feature = "std")]
mod rules_doc_data;
mod state_services;
