//! The rules of play, one test per rule of `docs/rules.md`: the preset
//! `marsal_a_spion` (section 2), `classic` and `barrage` (section 3), the
//! two-square and more-squares rules, the state of a game and the rulesets
//! shipped as files.

#[path = "../common/mod.rs"]
mod common;

mod classic_and_barrage;
mod marsal_a_spion;
// The more-squares rule is enforced by a Game (feature alloc).
#[cfg(feature = "alloc")]
mod more_squares;
#[cfg(feature = "serde")]
mod repetition_rules;
#[cfg(feature = "serde")]
mod rulesets;
mod status;
