//! The referee: one game between two players, each told only what its side
//! knows (its [`View`] and the [`Observation`] of every move, both from the
//! library), with forfeits for every fault.

use crate::clock::{Clock, Running};
use crate::words;
use marsal::{Game, Move, Observation, Ruleset, Setup, Side, SquareView, Status, View};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A player's answer when asked to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    /// This move.
    Move(Move),
    /// The player gives up.
    Resign,
}

/// Why a player forfeits a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Fault {
    /// No answer within the time limit.
    Timeout(Duration),
    /// The program exited or closed its output.
    Crashed(String),
    /// An answer that is not what the protocol allows.
    Protocol(String),
    /// A setup that is not legal for the ruleset.
    BadSetup(String),
    /// A move that is not legal.
    Illegal(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Timeout(d) => write!(f, "timeout: no answer within {} ms", d.as_millis()),
            Fault::Crashed(s) => write!(f, "crash: {s}"),
            Fault::Protocol(s) => write!(f, "protocol error: {s}"),
            Fault::BadSetup(s) => write!(f, "illegal setup: {s}"),
            Fault::Illegal(s) => write!(f, "illegal move: {s}"),
        }
    }
}

/// How a game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ending {
    /// By the rules (a win or a draw).
    Rules(Status),
    /// `loser` forfeited.
    Forfeit {
        /// Who forfeited.
        loser: Side,
        /// Why.
        fault: Fault,
    },
    /// `loser` resigned.
    Resigned(Side),
    /// Neither setup was usable (Red's fault first): no winner, as the 2012
    /// progcomp manager reports a bad setup from both sides.
    BothSetupsFailed([Fault; 2]),
}

impl Ending {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Ending::Rules(s) => s.winner(),
            Ending::Forfeit { loser, .. } | Ending::Resigned(loser) => Some(!*loser),
            Ending::BothSetupsFailed(_) => None,
        }
    }

    /// The ending in words.
    pub fn words(&self) -> String {
        match self {
            Ending::Rules(s) => words::status_words(*s),
            Ending::Forfeit { loser, fault } => format!(
                "{} wins: {} forfeits ({fault})",
                words::side_name(!*loser),
                words::side_name(*loser)
            ),
            Ending::Resigned(loser) => format!(
                "{} wins: {} resigns",
                words::side_name(!*loser),
                words::side_name(*loser)
            ),
            Ending::BothSetupsFailed([red, blue]) => {
                format!("no winner: both setups failed (Red: {red}; Blue: {blue})")
            }
        }
    }

    /// The protocol form: `<red|blue|draw|none> <reason> [details]`.
    pub fn protocol_words(&self) -> String {
        let who = match (self.winner(), self) {
            (Some(s), _) => s.name(),
            (None, Ending::BothSetupsFailed(_)) => "none",
            (None, _) => "draw",
        };
        match self {
            Ending::Rules(s) => format!("{who} {}", words::reason_token(*s)),
            Ending::Forfeit { fault, .. } => {
                format!("{who} forfeit {}", one_line(&fault.to_string()))
            }
            Ending::Resigned(_) => format!("{who} resigned"),
            Ending::BothSetupsFailed([red, blue]) => format!(
                "{who} forfeit both setups failed: red {}; blue {}",
                one_line(&red.to_string()),
                one_line(&blue.to_string())
            ),
        }
    }
}

/// `s` with every line break and control character made a space.
pub fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// What a player is told at the start of a game.
pub struct GameStart<'a> {
    /// The rules.
    pub rules: &'a Ruleset,
    /// The ruleset's name as the protocol sends it (a preset name, or `custom`).
    pub ruleset_name: &'a str,
    /// The player's side.
    pub side: Side,
    /// The player's own name: its command as given (`--red` / `--blue`).
    pub name: &'a str,
    /// The opponent's name: its command as given.
    pub opponent: &'a str,
    /// A legal setup for this side, which the player may use or change.
    pub example: &'a Setup,
}

/// A player: a person, a built-in bot, or a program speaking a protocol.
pub trait Player {
    /// The player's setup.
    fn setup(&mut self, start: &GameStart) -> Result<Setup, Fault>;
    /// Both setups are in: the game starts.
    fn start(&mut self, _view: &View) -> Result<(), Fault> {
        Ok(())
    }
    /// A move was played (by either side), as this player saw it; `view` is
    /// this player's view after it.
    fn observe(&mut self, obs: &Observation, view: &View) -> Result<(), Fault>;
    /// [`observe`](Player::observe), with the answer of the side that moved
    /// as it wrote it (the progcomp protocol repeats it word for word).
    fn observe_said(
        &mut self,
        obs: &Observation,
        view: &View,
        _said: Option<&Said>,
    ) -> Result<(), Fault> {
        self.observe(obs, view)
    }
    /// The player's last answer as it wrote it, if it writes answers.
    fn said(&self) -> Option<Said> {
        None
    }
    /// Asked to move; `legal` is every legal move (never empty).
    fn choose(&mut self, view: &View, legal: &[Move]) -> Result<Answer, Fault>;
    /// The player's move `mv` was illegal (`why`). Return `true` to be asked
    /// again (a person), `false` to forfeit (a program).
    fn illegal(&mut self, _mv: Move, _why: &str) -> bool {
        false
    }
    /// The game is over.
    fn finish(&mut self, ending: &Ending);
    /// [`finish`](Player::finish), with this player's view at the end.
    fn finish_at(&mut self, ending: &Ending, _view: &View) {
        self.finish(ending)
    }
    /// The time limit for the next answer (a clock's time left); a player
    /// with no time limit ignores it.
    fn set_limit(&mut self, _limit: Duration) {}
    /// Time spent waiting for this player's answers so far.
    fn waited(&self) -> Duration {
        Duration::ZERO
    }
    /// What this player learned of its opponent's setups so far (a built-in
    /// search bot's [`marsal::SetupMemory`]); `None` for a player that keeps
    /// none.
    fn memory(&self) -> Option<marsal::SetupMemory> {
        None
    }
    /// Gives this player what it learned in earlier games against the same
    /// opponent (before its setup).
    fn remember(&mut self, _memory: marsal::SetupMemory) {}
}

/// An answer as its player wrote it, in its protocol's words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Said {
    /// A marsal-protocol answer (`e4-e5`).
    Marsal(String),
    /// A progcomp answer (`1 5 DOWN 1`), exactly as the bot sent it.
    Progcomp(String),
}

impl Said {
    /// The answer's text.
    pub fn text(&self) -> &str {
        match self {
            Said::Marsal(s) | Said::Progcomp(s) => s,
        }
    }
}

/// The answer that lost a game by forfeit, for the record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ForfeitedAnswer {
    /// The answer as the player wrote it (none for a timeout or a crash).
    pub said: Option<Said>,
    /// The move it names, when it names one (an illegal move).
    pub mv: Option<Move>,
}

/// A finished game.
pub struct Played {
    /// The game as played (a forfeit or resignation leaves it unfinished by
    /// the rules).
    pub game: Game,
    /// How it ended.
    pub ending: Ending,
    /// For a forfeit during the moves: the answer that lost.
    pub forfeited: Option<ForfeitedAnswer>,
    /// The referee's own time during the moves: the game's wall time less the
    /// time spent waiting for the players.
    pub referee_time: Duration,
}

/// The move text for `mv` as the side whose view this is writes it: `x` when
/// the target holds an enemy piece.
pub fn move_text(view: &View, mv: Move) -> String {
    let attack = matches!(view.at(mv.to), SquareView::Enemy { .. });
    format!("{}{}{}", mv.from, if attack { 'x' } else { '-' }, mv.to)
}

/// Reads move text against a view: `e5-e6`, or `e5xe6` when the target holds
/// an enemy piece (the `x` must be written exactly then).
pub fn parse_move_text(view: &View, text: &str) -> Result<Move, String> {
    let text = text.trim();
    let mv: Move = text
        .parse()
        .map_err(|e| format!("{text:?} is not a move ({e})"))?;
    let marked = text.contains('x');
    let attack = matches!(view.at(mv.to), SquareView::Enemy { .. });
    if marked && !attack {
        return Err(format!(
            "{text:?} is written as an attack but {} holds no enemy piece (write {}-{})",
            mv.to, mv.from, mv.to
        ));
    }
    if !marked && attack {
        return Err(format!(
            "{text:?} attacks the enemy piece on {}: write {}x{}",
            mv.to, mv.from, mv.to
        ));
    }
    Ok(mv)
}

/// Plays one game. `players[0]` is Red, `players[1]` Blue; `names` are their
/// names (each is told its own and the other's). `seed` picks the example
/// setups (the random setups of [`marsal_host::setup_seed`]: the seed rule). Both players are asked for a setup before either is checked, so
/// that two bad setups end the game with no winner.
pub fn run_game(
    rules: &Ruleset,
    ruleset_name: &str,
    players: [&mut dyn Player; 2],
    names: [&str; 2],
    seed: u64,
) -> Result<Played, String> {
    let examples =
        Side::BOTH.map(|side| Setup::random(rules, side, marsal_host::setup_seed(seed, side)));
    run_game_offering(rules, ruleset_name, players, names, examples)
}

/// [`run_game`] with the example setups given: `examples[0]` is offered to
/// Red, `examples[1]` to Blue (and played for a side whose setup failed).
pub fn run_game_offering(
    rules: &Ruleset,
    ruleset_name: &str,
    players: [&mut dyn Player; 2],
    names: [&str; 2],
    examples: [Setup; 2],
) -> Result<Played, String> {
    let never = AtomicBool::new(false);
    run_game_until(
        rules,
        ruleset_name,
        players,
        names,
        examples,
        [None, None],
        &never,
    )?
    .ok_or_else(|| "the game was stopped".to_string())
}

/// [`run_game_offering`] with a clock for each side that has one (each
/// answer's limit is the time left; a side whose clock runs out forfeits on
/// time), that gives up as soon as `stop` is set (checked before each move, so
/// within one answer's time): `None` then, and the game counts for nothing.
pub fn run_game_until(
    rules: &Ruleset,
    ruleset_name: &str,
    players: [&mut dyn Player; 2],
    names: [&str; 2],
    examples: [Setup; 2],
    clocks: [Option<Clock>; 2],
    stop: &AtomicBool,
) -> Result<Option<Played>, String> {
    let mut clocks = clocks.map(|c| c.map(Running::new));
    let [red, blue] = players;
    let mut players: [&mut dyn Player; 2] = [red, blue];
    let example = |side: Side| examples[side.index()];
    let mut got: [Result<Setup, Fault>; 2] = [
        Err(Fault::BadSetup(String::new())),
        Err(Fault::BadSetup(String::new())),
    ];
    for side in Side::BOTH {
        let example = example(side);
        let start = GameStart {
            rules,
            ruleset_name,
            side,
            name: names[side.index()],
            opponent: names[(!side).index()],
            example: &example,
        };
        got[side.index()] = players[side.index()].setup(&start).and_then(|s| {
            if s.side() != side {
                return Err(Fault::BadSetup(format!("the setup is for {}", s.side())));
            }
            s.validate(rules)
                .map(|()| s)
                .map_err(|e| Fault::BadSetup(e.to_string()))
        });
    }
    let [red_setup, blue_setup] = got;
    let (setups, failed) = match (red_setup, blue_setup) {
        (Ok(r), Ok(b)) => ([r, b], None),
        (Err(r), Err(b)) => ([example(Side::Red), example(Side::Blue)], {
            Some(Ending::BothSetupsFailed([r, b]))
        }),
        (Err(fault), Ok(_)) => ([example(Side::Red), example(Side::Blue)], {
            Some(Ending::Forfeit {
                loser: Side::Red,
                fault,
            })
        }),
        (Ok(_), Err(fault)) => ([example(Side::Red), example(Side::Blue)], {
            Some(Ending::Forfeit {
                loser: Side::Blue,
                fault,
            })
        }),
    };
    let mut game = Game::new(rules, &setups[0], &setups[1])
        .map_err(|e| format!("cannot start the game: {e}"))?;
    if let Some(ending) = failed {
        // The game never started: it is recorded from the example setups.
        for side in Side::BOTH {
            players[side.index()].finish_at(&ending, &game.position().view(side));
        }
        return Ok(Some(Played {
            game,
            ending,
            forfeited: None,
            referee_time: Duration::ZERO,
        }));
    }
    let began = Instant::now();
    let waited_before: Duration = players.iter().map(|p| p.waited()).sum();
    let mut ending = None;
    let mut forfeited = None;
    for side in Side::BOTH {
        if let Err(fault) = players[side.index()].start(&game.position().view(side)) {
            ending = Some(Ending::Forfeit { loser: side, fault });
            break;
        }
    }
    'game: while ending.is_none() {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let status = game.status();
        let Some(side) = status.to_move() else {
            ending = Some(Ending::Rules(status));
            break;
        };
        let legal = game.legal_moves();
        let view = game.position().view(side);
        let player = &mut players[side.index()];
        let clock = &mut clocks[side.index()];
        let mv = loop {
            if let Some(c) = clock {
                player.set_limit(c.left());
            }
            let asked = Instant::now();
            let answer = player.choose(&view, &legal);
            if let Some(c) = clock {
                let had = c.left();
                if answer.is_ok() && !c.spend(asked.elapsed()) {
                    ending = Some(Ending::Forfeit {
                        loser: side,
                        fault: Fault::Timeout(had),
                    });
                    forfeited = Some(ForfeitedAnswer {
                        said: None,
                        mv: None,
                    });
                    break 'game;
                }
            }
            match answer {
                Ok(Answer::Move(mv)) => match game.check_move(mv) {
                    Ok(()) => break mv,
                    Err(e) => {
                        let why = e.to_string();
                        if !player.illegal(mv, &why) {
                            let said = player.said();
                            // In the player's own words when it wrote some.
                            let text = said
                                .as_ref()
                                .map_or_else(|| move_text(&view, mv), |s| s.text().to_string());
                            ending = Some(Ending::Forfeit {
                                loser: side,
                                fault: Fault::Illegal(format!("{text}: {why}")),
                            });
                            forfeited = Some(ForfeitedAnswer { said, mv: Some(mv) });
                            break 'game;
                        }
                    }
                },
                Ok(Answer::Resign) => {
                    ending = Some(Ending::Resigned(side));
                    break 'game;
                }
                Err(fault) => {
                    forfeited = Some(ForfeitedAnswer {
                        said: player.said().filter(|_| {
                            // A timeout or a crash wrote nothing this turn.
                            matches!(fault, Fault::Protocol(_) | Fault::Illegal(_))
                        }),
                        mv: None,
                    });
                    ending = Some(Ending::Forfeit { loser: side, fault });
                    break 'game;
                }
            }
        };
        let said = players[side.index()].said();
        let outcome = game
            .play(mv)
            .map_err(|e| format!("the referee refused a move it had checked: {e}"))?;
        for s in [side, !side] {
            let obs = outcome.observed_by(s);
            if let Err(fault) =
                players[s.index()].observe_said(&obs, &game.position().view(s), said.as_ref())
            {
                ending = Some(Ending::Forfeit { loser: s, fault });
                break 'game;
            }
        }
    }
    let waited: Duration = players
        .iter()
        .map(|p| p.waited())
        .sum::<Duration>()
        .saturating_sub(waited_before);
    let referee_time = began.elapsed().saturating_sub(waited);
    let ending = ending.unwrap_or(Ending::Rules(game.status()));
    for side in Side::BOTH {
        players[side.index()].finish_at(&ending, &game.position().view(side));
    }
    Ok(Some(Played {
        game,
        ending,
        forfeited,
        referee_time,
    }))
}
