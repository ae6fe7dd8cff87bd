//! Which games a tournament plays, in which order, with which seeds: the
//! pairings (round robin or gauntlet), the pairs of games with colours swapped
//! and the same setups, and the slice of them a shard plays.
//!
//! Pair `q` (from 0) is round `q / P` of pairing `q % P` (P pairings): its two
//! games are numbered `2q + 1` (the pairing's first participant Red) and
//! `2q + 2` (its second Red), and both play the round's pair of setups. Every
//! seed is drawn from the tournament's seed and the game's number alone, so
//! a game is the same whichever shard plays it, in whatever order.

/// Round robin (every participant against every other) or gauntlet (the
/// first against each of the others).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Every participant against every other.
    RoundRobin,
    /// The first participant against each of the others.
    Gauntlet,
}

impl Mode {
    /// `round_robin` or `gauntlet`, as the results file writes it.
    pub fn token(self) -> &'static str {
        match self {
            Mode::RoundRobin => "round_robin",
            Mode::Gauntlet => "gauntlet",
        }
    }

    /// The mode written as [`Mode::token`] writes it.
    pub fn from_token(t: &str) -> Option<Mode> {
        [Mode::RoundRobin, Mode::Gauntlet]
            .into_iter()
            .find(|m| m.token() == t)
    }
}

/// The `index`-th (from 1) of `count` disjoint slices of a tournament.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shard {
    /// From 1 to `count`.
    pub index: u32,
    /// How many slices.
    pub count: u32,
}

impl Shard {
    /// The whole tournament.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Reads `I/N` (1 ≤ I ≤ N).
    pub fn parse(s: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {s:?}: write I/N, the I-th of N slices (1 ≤ I ≤ N)");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (u32, u32) = (
            i.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if count == 0 || index == 0 || index > count {
            return Err(format!(
                "--shard {s}: the shard index must be from 1 to {count}"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether pair `q` is in this slice (pairs are dealt out in turn).
    pub fn has_pair(&self, q: u32) -> bool {
        q % self.count == self.index - 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One game of the schedule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameSpec {
    /// Its number, from 1.
    pub game: u32,
    /// Its pair, from 0.
    pub pair: u32,
    /// Its round (the pair's index within its pairing), from 0.
    pub round: u32,
    /// The participant playing Red.
    pub red: usize,
    /// The participant playing Blue.
    pub blue: usize,
}

/// The pairings and how many games each plays.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Schedule {
    /// Each pairing's two participants.
    pub pairings: Vec<[usize; 2]>,
    /// Games a pairing (even).
    pub games_per_pairing: u32,
}

impl Schedule {
    /// The schedule of `participants` in `mode`, `games` a pairing (even).
    pub fn new(participants: usize, mode: Mode, games: u32) -> Schedule {
        let pairings = match mode {
            Mode::RoundRobin => (0..participants)
                .flat_map(|i| (i + 1..participants).map(move |j| [i, j]))
                .collect(),
            Mode::Gauntlet => (1..participants).map(|j| [0, j]).collect(),
        };
        Schedule {
            pairings,
            games_per_pairing: games,
        }
    }

    /// Games in the whole tournament.
    pub fn total_games(&self) -> u32 {
        self.pairings.len() as u32 * self.games_per_pairing
    }

    /// The games of `shard`, in the order they are played.
    pub fn games(&self, shard: Shard) -> Vec<GameSpec> {
        let p = self.pairings.len() as u32;
        let rounds = self.games_per_pairing / 2;
        let mut out = Vec::new();
        for round in 0..rounds {
            for (k, [a, b]) in self.pairings.iter().copied().enumerate() {
                let pair = round * p + k as u32;
                if !shard.has_pair(pair) {
                    continue;
                }
                for (j, (red, blue)) in [(a, b), (b, a)].into_iter().enumerate() {
                    out.push(GameSpec {
                        game: 2 * pair + 1 + j as u32,
                        pair,
                        round,
                        red,
                        blue,
                    });
                }
            }
        }
        out
    }
}

/// A seed drawn from `seed` and `parts` (SplitMix64 steps): the same inputs
/// give the same seed on every machine.
pub fn mix(seed: u64, parts: &[u64]) -> u64 {
    let step = |mut z: u64| {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    parts.iter().fold(step(seed), |h, &p| step(h ^ step(p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_games_into_disjoint_slices_that_cover_them() {
        let s = Schedule::new(4, Mode::RoundRobin, 6);
        assert_eq!(s.pairings.len(), 6);
        let all = s.games(Shard::ALL);
        assert_eq!(all.len() as u32, s.total_games());
        let mut dealt: Vec<GameSpec> = (1..=3)
            .flat_map(|i| s.games(Shard { index: i, count: 3 }))
            .collect();
        dealt.sort_by_key(|g| g.game);
        assert_eq!(dealt, all);
        // Games of a pair swap colours.
        assert_eq!((all[0].red, all[0].blue), (all[1].blue, all[1].red));
        assert_eq!(all[0].pair, all[1].pair);
    }

    #[test]
    fn a_gauntlet_pairs_the_first_with_each_other() {
        let s = Schedule::new(4, Mode::Gauntlet, 2);
        assert_eq!(s.pairings, vec![[0, 1], [0, 2], [0, 3]]);
    }

    #[test]
    fn a_shard_out_of_range_is_refused() {
        assert_eq!(Shard::parse("2/3"), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
