//! Random play: a uniformly random legal move of a game, random plies, and
//! whole random playouts with the seed formula every host documents (game
//! `g` of a batch seeded with `s` is seeded with `s * 0x9E3779B9 + g`).

use marsal::{Game, Move, Position, PositionError, Rng, Ruleset, Side, Status, batch_seed};

/// A uniformly random legal move of the side to move in `game`, drawn with
/// `rng`; `None` when the game is over or that side has no legal move. A few
/// moves are drawn from the position first (cheap, without the whole list),
/// the legal list only when none of them is legal in the game (a repetition
/// rule forbids it).
///
/// ```
/// use marsal::{Game, Position, Rng, Ruleset};
/// let game = Game::from_position(Position::start(&Ruleset::classic(), 1, 2)?);
/// let mv = marsal_host::random_move(&game, &mut Rng::new(3)).unwrap();
/// assert!(game.is_legal(mv));
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn random_move(game: &Game, rng: &mut Rng) -> Option<Move> {
    for _ in 0..8 {
        match game.position().random_legal_move(rng) {
            None => return None,
            Some(mv) if game.is_legal(mv) => return Some(mv),
            Some(_) => {}
        }
    }
    let moves = game.legal_moves();
    match moves.len() {
        0 => None,
        n => Some(moves[rng.below(n as u32) as usize]),
    }
}

/// Plays up to `max_plies` random legal moves on `game` with `rng`
/// ([`Game::play_random`]), stopping when the game ends; returns how many
/// were played.
///
/// ```
/// use marsal::{Game, Position, Rng, Ruleset};
/// let mut game = Game::from_position(Position::start(&Ruleset::classic(), 1, 2)?);
/// assert_eq!(marsal_host::play_random_plies(&mut game, 10, &mut Rng::new(3)), 10);
/// assert_eq!(game.position().ply(), 10);
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn play_random_plies(game: &mut Game, max_plies: u32, rng: &mut Rng) -> u32 {
    let mut played = 0;
    while played < max_plies && game.play_random(rng).is_some() {
        played += 1;
    }
    played
}

/// `rules` with at most `max_plies` plies a game (the ruleset's own limit
/// when it is smaller): the limit random games need to end.
///
/// ```
/// let rules = marsal_host::with_ply_limit(&marsal::Ruleset::marsal_a_spion(), 300);
/// assert_eq!(rules.max_plies, Some(300));
/// ```
pub fn with_ply_limit(rules: &Ruleset, max_plies: u32) -> Ruleset {
    let mut rules = *rules;
    rules.max_plies = Some(rules.max_plies.map_or(max_plies, |m| m.min(max_plies)));
    rules
}

/// Random playout `index` of a batch seeded with `seed`, played to its end
/// on a bare position (no history: the repeated-position draw and the
/// more-squares rule are not applied, as by [`Position::play_random`]): with
/// `s = batch_seed(seed, index)`, it starts from Red's random setup of seed
/// `s` and Blue's of seed `!s`, and its moves come from a generator started
/// from `s`. `rules` must end every game (a ply limit: [`with_ply_limit`]).
///
/// ```
/// use marsal_host::{random_playout, with_ply_limit};
/// let rules = with_ply_limit(&marsal::Ruleset::barrage(), 500);
/// let end = random_playout(&rules, 1, 0)?;
/// assert!(end.status().is_over() && end.ply() <= 500);
/// assert_eq!(random_playout(&rules, 1, 0)?, end);
/// # Ok::<(), marsal::PositionError>(())
/// ```
pub fn random_playout(rules: &Ruleset, seed: u64, index: u64) -> Result<Position, PositionError> {
    let s = batch_seed(seed, index);
    let mut pos = Position::start(rules, s, !s)?;
    let mut rng = Rng::new(s);
    while pos.play_random(&mut rng).is_some() {}
    Ok(pos)
}

/// What a batch of random playouts gave.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct PlayoutSummary {
    /// Games played.
    pub games: u64,
    /// Plies played, all games together.
    pub plies: u64,
    /// Games Red won.
    pub red_wins: u64,
    /// Games Blue won.
    pub blue_wins: u64,
    /// Games drawn (the ply limit included).
    pub draws: u64,
}

impl PlayoutSummary {
    /// Counts the game that ended in `end`; `false` (nothing counted) when
    /// it has not ended.
    pub fn add(&mut self, end: &Position) -> bool {
        match end.status() {
            Status::Won {
                winner: Side::Red, ..
            } => self.red_wins += 1,
            Status::Won {
                winner: Side::Blue, ..
            } => self.blue_wins += 1,
            Status::Drawn { .. } => self.draws += 1,
            Status::Ongoing { .. } => return false,
        }
        self.games += 1;
        self.plies += u64::from(end.ply());
        true
    }
}

/// Plays the random playouts `games` of a batch seeded with `seed`
/// ([`random_playout`] of each index) under `rules` cut at `max_plies`
/// plies ([`with_ply_limit`]), and sums them up.
///
/// ```
/// let s = marsal_host::random_playouts(&marsal::Ruleset::classic(), 0..20, 1, 3000)?;
/// assert_eq!(s.games, 20);
/// assert_eq!(s.red_wins + s.blue_wins + s.draws, 20);
/// # Ok::<(), marsal_host::PlayoutError>(())
/// ```
pub fn random_playouts(
    rules: &Ruleset,
    games: std::ops::Range<u64>,
    seed: u64,
    max_plies: u32,
) -> Result<PlayoutSummary, PlayoutError> {
    let rules = with_ply_limit(rules, max_plies);
    let mut summary = PlayoutSummary::default();
    for g in games {
        let end = random_playout(&rules, seed, g).map_err(PlayoutError::Start)?;
        if !summary.add(&end) {
            return Err(PlayoutError::Stuck {
                index: g,
                seed: batch_seed(seed, g),
                ply: end.ply(),
            });
        }
    }
    Ok(summary)
}

/// Why random playouts could not be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayoutError {
    /// The ruleset gives no start.
    Start(PositionError),
    /// A playout is ongoing with no legal move (an error of the engine).
    Stuck {
        /// The index of the playout in its batch.
        index: u64,
        /// Its seed.
        seed: u64,
        /// Its ply.
        ply: u32,
    },
}

impl std::fmt::Display for PlayoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayoutError::Start(e) => write!(f, "start: {e}"),
            PlayoutError::Stuck { index, seed, ply } => write!(
                f,
                "internal error in marsal: playout {index} (seed {seed}) is ongoing after \
                 {ply} plies but has no legal move"
            ),
        }
    }
}

impl std::error::Error for PlayoutError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_playout_starts_from_the_setups_of_its_batch_seed() {
        let rules = with_ply_limit(&Ruleset::classic(), 1);
        let s = 7u64.wrapping_mul(0x9E37_79B9).wrapping_add(3);
        let start = Position::start(&rules, s, !s).expect("a start");
        let one = random_playout(&rules, 7, 3).expect("a playout");
        let mut pos = start;
        pos.play_random(&mut Rng::new(s)).expect("a move");
        assert_eq!(one, pos);
    }

    #[test]
    fn a_summary_counts_every_game_by_its_end() {
        let s = random_playouts(&Ruleset::barrage(), 0..30, 2, 400).expect("playouts");
        assert_eq!(s.games, 30);
        assert_eq!(s.red_wins + s.blue_wins + s.draws, 30);
        let mut plies = 0;
        let rules = with_ply_limit(&Ruleset::barrage(), 400);
        for g in 0..30 {
            plies += u64::from(random_playout(&rules, 2, g).expect("a playout").ply());
        }
        assert_eq!(s.plies, plies);
        assert!(s.red_wins > 0 && s.blue_wins > 0, "{s:?}");
    }

    #[test]
    fn the_ply_limit_is_the_smaller_of_the_two() {
        let mut rules = Ruleset::classic();
        rules.max_plies = Some(100);
        assert_eq!(with_ply_limit(&rules, 50).max_plies, Some(50));
        assert_eq!(with_ply_limit(&rules, 500).max_plies, Some(100));
    }

    /// A classic game (without the two-square rule) in which a move its
    /// position allows is forbidden by the more-squares rule, a rule of the
    /// game's history: Red's Marshal has chased Blue's General round e3, e4,
    /// f4, f3 for eight plies, and f3-e3 would bring back the position after
    /// the first.
    fn game_with_a_move_forbidden() -> (Game, Move) {
        let mut rules = Ruleset::classic();
        rules.two_square = None;
        let text = "f........./........../........../........../..~~..~~../\
                    ..~~..~~../....g...../........../....M...../.........F r";
        let mut game = Game::from_position(Position::from_text(&rules, text).expect("a position"));
        for m in [
            "e2-e3", "e4-f4", "e3-e4", "f4-f3", "e4-f4", "f3-e3", "f4-f3", "e3-e4",
        ] {
            game.play(m.parse().expect("a move")).expect("legal");
        }
        let forbidden: Move = "f3-e3".parse().expect("a move");
        assert!(!game.is_legal(forbidden));
        assert!(game.position().legal_moves().contains(&forbidden));
        (game, forbidden)
    }

    #[test]
    fn a_random_move_is_never_one_the_game_forbids() {
        let (game, forbidden) = game_with_a_move_forbidden();
        let mut drawn_by_the_position = false;
        for seed in 0..400 {
            let mv = random_move(&game, &mut Rng::new(seed)).expect("a move");
            assert!(game.is_legal(mv), "seed {seed}: {mv:?}");
            drawn_by_the_position |=
                game.position().random_legal_move(&mut Rng::new(seed)) == Some(forbidden);
        }
        // The position's own draw did hit the forbidden move: the check was needed.
        assert!(drawn_by_the_position);
    }

    #[test]
    fn a_random_move_is_the_positions_own_draw_when_the_game_allows_it() {
        // The same draws as a bare position's random play (`Position::play_random`)
        // as long as no rule of the game's history forbids them.
        let rules = Ruleset::barrage();
        let game = Game::from_position(Position::start(&rules, 1, 2).expect("a start"));
        for seed in 0..50 {
            let own = game.position().random_legal_move(&mut Rng::new(seed));
            assert_eq!(random_move(&game, &mut Rng::new(seed)), own, "seed {seed}");
        }
    }

    #[test]
    fn random_plies_stop_at_the_count_asked_or_at_the_end() {
        let rules = with_ply_limit(&Ruleset::barrage(), 30);
        let mut game = Game::from_position(Position::start(&rules, 1, 2).expect("a start"));
        let mut rng = Rng::new(5);
        assert_eq!(play_random_plies(&mut game, 10, &mut rng), 10);
        assert_eq!(game.position().ply(), 10);
        assert_eq!(play_random_plies(&mut game, 0, &mut rng), 0);
        assert_eq!(game.position().ply(), 10);
        // At most 20 more plies before the limit of 30 ends the game.
        let played = play_random_plies(&mut game, 1000, &mut rng);
        assert!(game.status().is_over());
        assert_eq!(game.position().ply(), 10 + played);
    }

    #[test]
    fn a_stuck_playout_is_reported_with_its_index_seed_and_ply() {
        let stuck = PlayoutError::Stuck {
            index: 3,
            seed: 5,
            ply: 7,
        };
        assert_eq!(
            stuck.to_string(),
            "internal error in marsal: playout 3 (seed 5) is ongoing after 7 plies but has no legal move"
        );
        let start = PlayoutError::Start(PositionError::NoFlags);
        assert!(start.to_string().starts_with("start: "), "{start}");
    }

    #[test]
    fn a_random_move_is_legal_and_none_when_the_game_is_over() {
        let rules = with_ply_limit(&Ruleset::barrage(), 60);
        let mut game = Game::from_position(Position::start(&rules, 1, 2).expect("a start"));
        let mut rng = Rng::new(4);
        while let Some(mv) = random_move(&game, &mut rng) {
            assert!(game.is_legal(mv));
            game.play(mv).expect("legal");
        }
        assert!(game.status().is_over());
        assert_eq!(play_random_plies(&mut game, 5, &mut rng), 0);
    }
}
