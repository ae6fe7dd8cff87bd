//! A tournament's tables, computed from its games' results alone (so that a
//! run and the merge of its shards print the same): the standings with each
//! participant's score, Elo against the field and forfeits, the cross-table,
//! each pairing's pentanomial counts and Elo, the endings, and the SPRT.

use crate::results_file::{GameResult, Header};
use crate::stats::sprt::Verdict;
use crate::stats::{Pentanomial, Sprt, Trinomial};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One participant's results against one opponent or the field.
#[derive(Clone, Copy, Default, Debug)]
pub struct Tally {
    /// Games one by one.
    pub games: Trinomial,
    /// Complete pairs.
    pub pairs: Pentanomial,
    /// Games it lost by forfeit.
    pub forfeits: u32,
    /// Games without a result (both setups failed).
    pub no_result: u32,
}

impl Tally {
    /// `who`'s results in `games` against `against` (every opponent when
    /// `None`).
    pub fn of(games: &[GameResult], who: usize, against: Option<usize>) -> Tally {
        let mut t = Tally::default();
        let mut pairs: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
        for g in games {
            let opponent = if g.red == who { g.blue } else { g.red };
            if (g.red != who && g.blue != who) || against.is_some_and(|a| a != opponent) {
                continue;
            }
            if g.forfeiter() == Some(who) {
                t.forfeits += 1;
            }
            match g.score_of(who) {
                Some(s) => {
                    t.games.add(s);
                    pairs.entry(g.pair).or_default().push(s);
                }
                None => t.no_result += 1,
            }
        }
        for scores in pairs.values() {
            if let [a, b] = scores[..] {
                t.pairs.add(a, b);
            }
        }
        t
    }

    /// The Elo estimate's words: from the pairs when every game is in one,
    /// else from the games.
    pub fn elo_text(&self) -> String {
        if 2 * self.pairs.pairs() == self.games.games() && self.pairs.pairs() > 0 {
            format!("{} (pairs)", self.pairs.estimate().text())
        } else {
            format!("{} (games)", self.games.estimate().text())
        }
    }

    /// [`Tally::elo_text`] for a progress line: `Elo +38 ± 68`.
    pub fn elo_short(&self) -> String {
        if 2 * self.pairs.pairs() == self.games.games() && self.pairs.pairs() > 0 {
            self.pairs.estimate().short_text()
        } else {
            self.games.estimate().short_text()
        }
    }

    /// The LLR of `sprt` on these results (pairs when there are some, else
    /// games) and how many pairs or games it rests on.
    pub fn llr(&self, sprt: &Sprt) -> (f64, u32) {
        if self.pairs.pairs() > 0 {
            (sprt.llr_pairs(&self.pairs), self.pairs.pairs())
        } else {
            (sprt.llr_games(&self.games), self.games.games())
        }
    }
}

/// The SPRT's state in words: `LLR 1.23 (bounds -2.94, 2.94)`, with the
/// verdict when there is one.
pub fn sprt_text(sprt: &Sprt, (llr, units): (f64, u32)) -> String {
    let (lo, hi) = sprt.bounds();
    let verdict = match sprt.verdict(llr, units) {
        Verdict::Continue => String::new(),
        Verdict::H0 => format!(": H0 accepted (Elo ≤ {})", sprt.elo0),
        Verdict::H1 => format!(": H1 accepted (Elo ≥ {})", sprt.elo1),
    };
    format!("LLR {llr:.2} (bounds {lo:.2}, {hi:.2}){verdict}")
}

/// Every table, as text: its lines of words wrapped to 80 columns (the
/// tables' rows are kept whole, so that their columns stay aligned: they fit
/// when the participants' names do).
pub fn report(header: &Header, games: &[GameResult], sprt: Option<&Sprt>) -> String {
    let mut out = String::new();
    for line in tables(header, games, sprt).lines() {
        if line.starts_with(' ') {
            out.push_str(line);
        } else {
            out.push_str(&crate::words::wrap(line, crate::terminal::DEFAULT_WIDTH));
        }
        out.push('\n');
    }
    out
}

/// Every table, as text.
fn tables(header: &Header, games: &[GameResult], sprt: Option<&Sprt>) -> String {
    let names = &header.participants;
    let n = names.len();
    let total = header.games_per_pairing as usize
        * match header.mode {
            crate::schedule::Mode::RoundRobin => n * (n - 1) / 2,
            crate::schedule::Mode::Gauntlet => n - 1,
        };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} of {}, {} games of {} played, {} a pairing, setups: {}, seed {}",
        header.mode.token().replace('_', " "),
        crate::words::count(n as u64, "participant", "participants"),
        games.len(),
        total,
        header.games_per_pairing,
        header.setups,
        header.seed
    );
    let tallies: Vec<Tally> = (0..n).map(|i| Tally::of(games, i, None)).collect();
    let mut order: Vec<usize> = (0..n).collect();
    let pct = |t: &Tally| {
        if t.games.games() == 0 {
            0.0
        } else {
            t.games.points() / f64::from(t.games.games())
        }
    };
    order.sort_by(|&a, &b| {
        pct(&tallies[b])
            .total_cmp(&pct(&tallies[a]))
            .then(a.cmp(&b))
    });
    let w = names.iter().map(|s| s.len()).max().unwrap_or(0).max(11);
    let _ = writeln!(
        out,
        "\nstandings (Elo against the field, ± half its 95 % interval):"
    );
    let _ = writeln!(
        out,
        "  # {:w$}  games  score      %     W    D    L forfeits  Elo",
        "participant"
    );
    for (rank, &i) in order.iter().enumerate() {
        let t = &tallies[i];
        let _ = writeln!(
            out,
            "{:>3} {:w$}  {:>5}  {:>5}  {:>5.1}  {:>4} {:>4} {:>4} {:>8}  {}",
            rank + 1,
            names[i],
            t.games.games(),
            t.games.points(),
            100.0 * pct(t),
            t.games.wins,
            t.games.draws,
            t.games.losses,
            t.forfeits,
            // The column says Elo: the row's words without it (80 columns).
            t.elo_short().trim_start_matches("Elo ")
        );
    }
    let _ = writeln!(out, "\ncross-table (the row's points against the column):");
    let cw = 9;
    let mut line = format!("    {:w$}", "");
    for j in 0..n {
        let _ = write!(line, " {:>cw$}", j + 1);
    }
    let _ = writeln!(out, "{line}");
    for (i, name) in names.iter().enumerate() {
        let mut line = format!("{:>3} {name:w$}", i + 1);
        for j in 0..n {
            let cell = if i == j {
                "-".to_string()
            } else {
                let t = Tally::of(games, i, Some(j));
                if t.games.games() == 0 {
                    ".".to_string()
                } else {
                    format!("{}/{}", t.games.points(), t.games.games())
                }
            };
            let _ = write!(line, " {cell:>cw$}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(
        out,
        "\npairings (the first's results; pairs by points [0 ½ 1 1½ 2]):"
    );
    let crate::schedule::Schedule { pairings, .. } =
        crate::schedule::Schedule::new(n, header.mode, header.games_per_pairing);
    for [a, b] in pairings {
        let t = Tally::of(games, a, Some(b));
        if t.games.games() == 0 && t.no_result == 0 {
            continue;
        }
        let c = t.pairs.counts;
        let mut line = format!(
            "{} vs {}: +{} ={} -{}, pairs [{} {} {} {} {}], {}",
            names[a],
            names[b],
            t.games.wins,
            t.games.draws,
            t.games.losses,
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            t.elo_text()
        );
        if t.no_result > 0 {
            let _ = write!(line, ", {} without a result", t.no_result);
        }
        let _ = writeln!(out, "{line}");
    }
    let mut endings: BTreeMap<&str, u32> = BTreeMap::new();
    let mut plies = 0u64;
    for g in games {
        *endings.entry(g.ending.as_str()).or_default() += 1;
        plies += u64::from(g.plies);
    }
    let endings: Vec<String> = endings.iter().map(|(e, c)| format!("{e} {c}")).collect();
    let _ = writeln!(
        out,
        "\nendings: {}; {:.0} plies a game",
        endings.join(", "),
        if games.is_empty() {
            0.0
        } else {
            plies as f64 / games.len() as f64
        }
    );
    if let Some(sprt) = sprt {
        if n == 2 {
            let t = Tally::of(games, 0, Some(1));
            let llr = t.llr(sprt);
            let _ = writeln!(
                out,
                "sequential test (logistic Elo, {}) of {} against {}:",
                sprt.describe(),
                names[0],
                names[1],
            );
            let _ = writeln!(
                out,
                "SPRT: {} after {} games",
                sprt_text(sprt, llr),
                t.games.games()
            );
            if sprt.verdict(llr.0, llr.1) != Verdict::Continue && games.len() < total {
                let _ = writeln!(
                    out,
                    "the SPRT decided: the run stopped there, {} of {total} games played \
                     (games in progress were abandoned)",
                    games.len()
                );
            }
        }
    }
    out
}
