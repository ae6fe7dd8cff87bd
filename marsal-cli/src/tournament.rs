//! `marsal tournament`: many participants, round robin or gauntlet, games in
//! parallel, paired setups with colours swapped, Elo with pentanomial
//! intervals, an SPRT that stops early, a results file, shards and merge.
//!
//! Each game is refereed by [`crate::referee`], exactly as `marsal match`
//! referees it (the same players, forfeits and records); a participant that
//! cannot be started forfeits its games and the tournament goes on.

use crate::Protocol;
use crate::match_cmd::{MatchRules, match_rules};
use crate::match_record::record_game;
use crate::participant::Participant;
use crate::referee::{Ending, Fault, GameStart, Played, Player, run_game_until};
use crate::results_file::{self, GameResult, Header};
use crate::schedule::{GameSpec, Mode, Schedule, Shard, mix};
use crate::setup_book::SetupSource;
use crate::sides::SideSpec;
use crate::standings::{Tally, report};
use crate::stats::Sprt;
use crate::stats::sprt::Verdict;
use crate::terminal::note;
use crate::words::count;
use marsal::{Move, Observation, Ruleset, Setup, View};
use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The options of `marsal tournament`.
pub struct Options {
    /// The participants, each a side as `marsal match` takes it.
    pub participants: Vec<String>,
    /// `--bot` participants' words (after `participants`).
    pub bots: Vec<Vec<String>>,
    /// The first against each of the others, instead of a round robin.
    pub gauntlet: bool,
    /// Games a pairing (even: pairs of games with colours swapped).
    pub games: u32,
    /// Games at once (default: the cores).
    pub concurrency: Option<usize>,
    pub ruleset: Option<String>,
    pub time_per_move: u64,
    pub protocol: Protocol,
    pub max_turns: Option<String>,
    pub rule_args: crate::RuleArgs,
    /// `sensible`, `random`, a book file, a Gravon XML file or folder.
    pub setups: String,
    pub seed: u64,
    /// `elo0=… elo1=… alpha=… beta=…`.
    pub sprt: Option<Vec<String>>,
    /// `I/N`.
    pub shard: Option<String>,
    pub results: Option<PathBuf>,
    /// `--resume FILE`: go on with a stopped run's results file.
    pub resume: Option<PathBuf>,
    /// `--table-every N`: the full table every N games.
    pub table_every: Option<u32>,
    pub record: Option<PathBuf>,
    pub bot_stderr: bool,
    /// A line a game.
    pub verbose: bool,
    /// No progress line.
    pub quiet: bool,
}

/// A participant that could not be started: it forfeits at its setup.
struct Absent(String);

impl Player for Absent {
    fn setup(&mut self, _start: &GameStart) -> Result<Setup, Fault> {
        Err(Fault::Crashed(self.0.clone()))
    }
    fn observe(&mut self, _obs: &Observation, _view: &View) -> Result<(), Fault> {
        Ok(())
    }
    fn choose(&mut self, _view: &View, _legal: &[Move]) -> Result<crate::referee::Answer, Fault> {
        Err(Fault::Crashed(self.0.clone()))
    }
    fn finish(&mut self, _ending: &Ending) {}
}

/// What every game needs, shared by the threads.
struct Context {
    rules: Ruleset,
    name: String,
    participants: Vec<Participant>,
    names: Vec<String>,
    source: SetupSource,
    seed: u64,
    limit: Duration,
    bot_stderr: bool,
}

impl Context {
    /// Plays game `g`; `None` when `stop` was set before it ended.
    fn play(&self, g: &GameSpec, stop: &AtomicBool) -> Result<Option<Played>, String> {
        let setups = self.source.pair(&self.rules, self.seed, u64::from(g.round));
        let player = |who: usize, colour: u64| -> Box<dyn Player> {
            let seed = mix(self.seed, &[4, u64::from(g.game), colour]);
            let p = &self.participants[who];
            p.side
                .player_offered(
                    &self.rules,
                    p.time_per_move.unwrap_or(self.limit),
                    p.dir.as_deref(),
                    self.bot_stderr,
                    seed,
                    true,
                )
                .unwrap_or_else(|why| Box::new(Absent(why)))
        };
        let mut red = player(g.red, 0);
        let mut blue = player(g.blue, 1);
        run_game_until(
            &self.rules,
            &self.name,
            [red.as_mut(), blue.as_mut()],
            [&self.names[g.red], &self.names[g.blue]],
            setups,
            [
                self.participants[g.red].clock,
                self.participants[g.blue].clock,
            ],
            stop,
        )
    }
}

/// A game's result for the results file.
fn result_of(g: &GameSpec, played: &Played) -> GameResult {
    let result = match (played.ending.winner(), &played.ending) {
        (Some(s), _) => s.name(),
        (None, Ending::BothSetupsFailed(_)) => "none",
        (None, _) => "draw",
    };
    let forfeit = match &played.ending {
        Ending::Forfeit { loser, .. } => Some(loser.name().to_string()),
        _ => None,
    };
    GameResult {
        game: g.game,
        pair: g.pair,
        round: g.round,
        red: g.red,
        blue: g.blue,
        result: result.to_string(),
        ending: crate::match_record::ending_token(&played.ending).to_string(),
        forfeit,
        plies: played.game.position().ply(),
        text: crate::referee::one_line(&played.ending.words()),
    }
}

/// The progress line, cut to `width` columns: games done, the first
/// participant's score and Elo, the LLR (its bounds are in the header),
/// games a second.
fn progress(
    done: usize,
    total: usize,
    games: &[GameResult],
    names: &[String],
    sprt: Option<&Sprt>,
    elapsed: f64,
    width: usize,
) -> String {
    let t = Tally::of(games, 0, None);
    let first = crate::terminal::fit(&names[0], 20);
    let mut line = format!(
        "[{done}/{total}] {first}: {}/{} ({:.1} %), {}",
        t.games.points(),
        t.games.games(),
        if t.games.games() > 0 {
            100.0 * t.games.points() / f64::from(t.games.games())
        } else {
            0.0
        },
        t.elo_short()
    );
    if let Some(s) = sprt {
        let (llr, _) = Tally::of(games, 0, Some(1)).llr(s);
        line.push_str(&format!(", LLR {llr:.2}"));
    }
    line.push_str(&format!(", {:.2} games/s", done as f64 / elapsed.max(1e-9)));
    crate::terminal::fit(&line, width)
}

/// Runs `marsal tournament`.
pub fn run(o: Options) -> Result<(), String> {
    // Everything is checked before the first game.
    let mut participants = o
        .participants
        .iter()
        .enumerate()
        .map(|(i, p)| Participant::side(p, &format!("participant {}", i + 1), o.protocol))
        .collect::<Result<Vec<_>, _>>()?;
    for words in &o.bots {
        participants.push(Participant::bot(words, o.protocol)?);
    }
    if participants.len() < 2 {
        return Err("a tournament needs at least two participants".into());
    }
    let given: Vec<String> = participants.iter().map(|p| p.name.clone()).collect();
    for (i, p) in given.iter().enumerate() {
        if given[..i].contains(p) {
            return Err(format!("participant {p:?} is given twice"));
        }
    }
    let specs: Vec<SideSpec> = participants.iter().map(|p| p.side.clone()).collect();
    if o.games == 0 || o.games % 2 != 0 {
        return Err(format!(
            "--games {}: games come in pairs (the same setups, colours swapped): give an even \
             number, at least 2",
            o.games
        ));
    }
    if o.time_per_move == 0 {
        return Err("--time-per-move must be at least 1 ms".into());
    }
    let concurrency = match o.concurrency {
        Some(0) => return Err("--concurrency must be at least 1".into()),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let shard = o.shard.as_deref().map(Shard::parse).transpose()?;
    let sprt = o.sprt.as_deref().map(Sprt::parse).transpose()?;
    if sprt.is_some() && participants.len() != 2 {
        return Err("--sprt tests one participant against another: give exactly two".into());
    }
    let MatchRules {
        rules,
        name,
        ruleset,
        progcomp,
    } = match_rules(
        o.ruleset.clone(),
        &specs,
        &o.rule_args,
        o.max_turns.as_deref(),
    )?;
    let source = SetupSource::load(&o.setups, &rules)?;
    let mode = if o.gauntlet {
        Mode::Gauntlet
    } else {
        Mode::RoundRobin
    };
    let schedule = Schedule::new(specs.len(), mode, o.games);
    let shard = shard.unwrap_or(Shard::ALL);
    let all = schedule.games(shard);
    if all.is_empty() {
        return Err(format!(
            "--shard {shard}: this slice has no games ({} pairs in all)",
            schedule.total_games() / 2
        ));
    }
    if let Some(dir) = &o.record {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let header = Header {
        participants: given.clone(),
        mode,
        games_per_pairing: o.games,
        ruleset: ruleset.clone(),
        seed: o.seed,
        setups: o.setups.clone(),
        sprt: sprt.map(|s| s.describe()),
        shard,
    };
    let results_path = o
        .results
        .clone()
        .or_else(|| o.record.as_ref().map(|d| d.join("results.jsonl")));
    // A resumed run goes on with the games its results file lacks.
    let (mut writer, resumed) = match (&o.resume, results_path) {
        (Some(path), _) => {
            let (w, games) = results_file::Writer::resume(path, &header)?;
            (Some(w), games)
        }
        (None, Some(path)) => (Some(results_file::Writer::create(&path, &header)?), vec![]),
        (None, None) => (None, vec![]),
    };
    let done: std::collections::BTreeSet<u32> = resumed.iter().map(|r| r.game).collect();
    if let Some(r) = resumed
        .iter()
        .find(|r| !all.iter().any(|g| g.game == r.game))
    {
        return Err(format!(
            "--resume: game {} of the results file is not one of this run's",
            r.game
        ));
    }
    let todo: Vec<GameSpec> = all
        .iter()
        .filter(|g| !done.contains(&g.game))
        .copied()
        .collect();
    let names: Vec<String> = participants.iter().map(Participant::told).collect();
    let concurrency = concurrency.min(todo.len()).max(1);
    note(&format!(
        "tournament: {} of {ruleset} ({}{}), {} ({} a pairing{}), {} at once; setups: {}",
        mode.token().replace('_', " "),
        crate::words::ply_limit(&rules),
        if progcomp {
            ", the 2012 progcomp manager's rules"
        } else {
            ""
        },
        count(all.len() as u64, "game", "games"),
        o.games,
        if shard == Shard::ALL {
            String::new()
        } else {
            format!(", shard {shard} of {} games", schedule.total_games())
        },
        concurrency,
        source.describe(),
    ));
    for (i, p) in participants.iter().enumerate() {
        note(&format!("  {} {} ({})", i + 1, p.name, p.describe()));
    }
    if let Some(s) = &sprt {
        let (lo, hi) = s.bounds();
        note(&format!(
            "SPRT (logistic Elo) of {} against {}: {}; bounds {lo:.2}, {hi:.2}",
            names[0],
            names[1],
            s.describe()
        ));
    }
    let ctx = Context {
        rules,
        name,
        participants,
        names: names.clone(),
        source,
        seed: o.seed,
        limit: Duration::from_millis(o.time_per_move),
        bot_stderr: o.bot_stderr,
    };
    let live = !o.quiet && !o.verbose && std::io::stderr().is_terminal();
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let resumed_games = resumed.len();
    if let Some(path) = &o.resume {
        note(&format!(
            "resuming {}: {} of {} played, {} to play",
            path.display(),
            resumed_games,
            count(all.len() as u64, "game", "games"),
            todo.len()
        ));
    }
    let mut results: Vec<GameResult> = resumed;
    let mut referee_time = Duration::ZERO;
    let mut plies = 0u64;
    let mut failure: Option<String> = None;
    // Without a terminal, a line at each tenth of the games (or half minute).
    let mut pace = crate::terminal::Pace::new(all.len());
    let mut printed_at: Option<usize> = None;
    let width = crate::terminal::err_columns();
    // The games played when the SPRT decided.
    let mut decided: Option<usize> = None;
    if let Some(s) = &sprt {
        // A resumed run whose test had decided plays nothing more.
        let (llr, units) = Tally::of(&results, 0, Some(1)).llr(s);
        if s.verdict(llr, units) != Verdict::Continue {
            stop.store(true, Ordering::Relaxed);
            decided = Some(results.len());
        }
    }
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Result<Option<Played>, String>)>();
        for _ in 0..concurrency {
            let tx = tx.clone();
            let (ctx, todo, next, stop) = (&ctx, &todo, &next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(g) = todo.get(i) else { break };
                    if tx.send((i, ctx.play(g, stop))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, played) in rx {
            let g = &todo[i];
            if decided.is_some() {
                // The SPRT has decided: games still running count for nothing.
                continue;
            }
            let played = match played {
                Ok(Some(p)) => p,
                Ok(None) => continue,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(format!("game {}: {e}", g.game));
                    continue;
                }
            };
            let r = result_of(g, &played);
            referee_time += played.referee_time;
            plies += u64::from(r.plies);
            let mut notes = Vec::new();
            if let Some(w) = writer.as_mut() {
                notes.push(w.game(&r));
            }
            if let Some(dir) = &o.record {
                notes.push(record_game(
                    dir,
                    g.game,
                    &ctx.rules,
                    &played,
                    [&names[g.red], &names[g.blue]],
                ));
            }
            if let Some(Err(e)) = notes.into_iter().find(Result::is_err) {
                stop.store(true, Ordering::Relaxed);
                failure.get_or_insert(e);
            }
            let forfeit = matches!(
                played.ending,
                Ending::Forfeit { .. } | Ending::BothSetupsFailed(_)
            );
            if o.verbose || forfeit {
                if live {
                    eprint!("\r\x1b[K");
                }
                note(&format!(
                    "game {}: {} as Red, {} as Blue: {} ({})",
                    g.game,
                    names[g.red],
                    names[g.blue],
                    r.text,
                    count(r.plies.into(), "ply", "plies")
                ));
            }
            results.push(r);
            let elapsed = started.elapsed().as_secs_f64();
            if let Some(s) = &sprt {
                let (llr, units) = Tally::of(&results, 0, Some(1)).llr(s);
                if s.verdict(llr, units) != Verdict::Continue {
                    stop.store(true, Ordering::Relaxed);
                    decided = Some(results.len());
                }
            }
            let every = live || o.verbose || pace.due(results.len());
            if !o.quiet && every {
                let line = progress(
                    results.len(),
                    all.len(),
                    &results,
                    &names,
                    sprt.as_ref(),
                    elapsed,
                    width,
                );
                if live {
                    eprint!("\r\x1b[K{line}");
                } else {
                    eprintln!("{line}");
                }
                printed_at = Some(results.len());
            }
            if let Some(n) = o.table_every {
                if results.len() % n as usize == 0 && results.len() < all.len() {
                    if live {
                        eprint!("\r\x1b[K");
                    }
                    let mut sorted = results.clone();
                    sorted.sort_by_key(|r| r.game);
                    crate::outln!(
                        "the table after {} of {} games:\n{}\n",
                        results.len(),
                        all.len(),
                        report(&header, &sorted, sprt.as_ref()).trim_end()
                    );
                }
            }
        }
    });
    if let Some(e) = failure {
        if live {
            eprintln!();
        }
        return Err(e);
    }
    let elapsed = started.elapsed().as_secs_f64();
    if !o.quiet && (live || printed_at != Some(results.len())) {
        eprintln!(
            "{}{}",
            if live { "\r\x1b[K" } else { "" },
            progress(
                results.len(),
                all.len(),
                &results,
                &names,
                sprt.as_ref(),
                elapsed,
                width,
            )
        );
    }
    note(&format!(
        "{} in {elapsed:.1} s: {:.2} games/s at concurrency {concurrency}; the referee's own \
         time: {:.1} µs per move",
        count((results.len() - resumed_games) as u64, "game", "games"),
        (results.len() - resumed_games) as f64 / elapsed.max(1e-9),
        if plies > 0 {
            referee_time.as_secs_f64() * 1e6 / plies as f64
        } else {
            0.0
        }
    ));
    if results.len() < all.len() && sprt.is_some() {
        note(&format!(
            "the SPRT stopped the tournament after {} of {} games",
            results.len(),
            all.len()
        ));
    }
    results.sort_by_key(|r| r.game);
    crate::outln!("{}", report(&header, &results, sprt.as_ref()).trim_end());
    Ok(())
}

/// Runs `marsal tournament merge FILES…`: the tables of the joined results.
pub fn merge(files: &[String]) -> Result<(), String> {
    let (header, games) = results_file::merge(files)?;
    let sprt = header
        .sprt
        .as_deref()
        .map(|s| Sprt::parse(&[s.to_string()]))
        .transpose()?;
    crate::outln!("{}", report(&header, &games, sprt.as_ref()).trim_end());
    Ok(())
}

/// Runs `marsal tournament book`: writes `pairs` pairs of setups of `source`
/// (sensible, random, a book or Gravon games) as a book.
pub fn book(ruleset: &str, source: &str, pairs: Option<u32>, seed: u64) -> Result<(), String> {
    let (rules, _) = crate::load_ruleset(ruleset)?;
    let src = SetupSource::load(source, &rules)?;
    let n = match (&src, pairs) {
        (_, Some(n)) => n as usize,
        (SetupSource::Book(p), None) => p.len(),
        (_, None) => 100,
    };
    let list: Vec<[Setup; 2]> = match &src {
        SetupSource::Book(p) => p.iter().cycle().take(n).copied().collect(),
        _ => (0..n as u64).map(|r| src.pair(&rules, seed, r)).collect(),
    };
    crate::outln!(
        "{}",
        crate::setup_book::write_book(&list, &rules).trim_end()
    );
    Ok(())
}
