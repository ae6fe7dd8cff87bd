//! What play costs, counted rather than timed: no heap allocation from the
//! setup to the end of a game, and the repeated-position draw in amortised
//! constant work a move.

mod no_heap;
// The repeated-position draw is a Game's (feature alloc).
#[cfg(feature = "alloc")]
mod repetition_cost;
