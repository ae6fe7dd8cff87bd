//! Hidden information: what one side may know. A [`View`](crate::View) is
//! built from a position (or a game, with its whole log) for one side and
//! holds nothing that side has not seen: its own pieces, the enemy's squares
//! with the kinds still possible for each (narrowed by what was revealed, by
//! what moved, and by counting what remains), the captured pieces and the log.
//! No guesses: a player's beliefs are the player's (see `player/`).

pub(crate) mod view;
