//! What plays a side of `marsal match`: a program and the protocol it speaks,
//! or a built-in bot.
//!
//! A side is written `builtin:NAME` (a built-in bot, [`marsal_host::BOTS`]),
//! `progcomp:COMMAND` or `marsal:COMMAND` (a program and its protocol), or
//! just `COMMAND`, a program speaking the protocol `--red-protocol` /
//! `--blue-protocol` names, else `--protocol`. Only the `builtin:` prefix names
//! a built-in bot: a program called `careful` stays a program.

use crate::Protocol;
use crate::bots::{BUILTIN, Builtin, BuiltinPlayer};
use crate::progcomp::ProgcompBot;
use crate::proto::MarsalBot;
use crate::referee::Player;
use marsal::Ruleset;
use std::time::Duration;

/// What plays one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideSpec {
    /// A built-in bot, run inside the referee.
    Builtin {
        /// The bot.
        bot: Builtin,
        /// Its name as given, `builtin:search:5000`.
        spec: String,
    },
    /// A program, started for each game.
    Program {
        /// The protocol it speaks.
        protocol: Protocol,
        /// Its command (without a protocol prefix).
        command: String,
    },
}

impl SideSpec {
    /// Reads `spec` as given to `flag` (`--red`); `protocol` is the one
    /// `--red-protocol` names, if given, and `default` that of `--protocol`.
    pub fn parse(
        spec: &str,
        flag: &str,
        protocol: Option<Protocol>,
        default: Protocol,
    ) -> Result<SideSpec, String> {
        if let Some(name) = spec.strip_prefix(BUILTIN) {
            let bot = Builtin::parse(name).map_err(|e| match e {
                marsal_host::BotError::Unknown { .. } => format!(
                    "{flag} {spec:?}: no built-in bot is called {name:?} (the built-in bots: {})",
                    Builtin::names()
                        .map(|n| format!("{BUILTIN}{n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                e => format!("{flag} {spec:?}: {e}"),
            })?;
            if let Some(p) = protocol {
                return Err(format!(
                    "{flag} {spec:?} is a built-in bot: it needs no protocol, but {flag}-protocol \
                     says {}",
                    p.name()
                ));
            }
            return Ok(SideSpec::Builtin {
                bot,
                spec: spec.to_string(),
            });
        }
        let prefixed = [Protocol::Marsal, Protocol::Progcomp]
            .into_iter()
            .find_map(|p| {
                spec.strip_prefix(p.name())
                    .and_then(|r| r.strip_prefix(':'))
                    .map(|r| (p, r))
            });
        let (protocol, command) = match (prefixed, protocol) {
            (Some((p, _)), Some(q)) if p != q => {
                return Err(format!(
                    "{flag} {spec:?} says {}: but {flag}-protocol says {}",
                    p.name(),
                    q.name()
                ));
            }
            (Some((p, rest)), _) => (p, rest),
            (None, Some(q)) => (q, spec),
            (None, None) => (default, spec),
        };
        crate::child::split_command(command).map_err(|e| format!("{flag} {spec:?}: {e}"))?;
        Ok(SideSpec::Program {
            protocol,
            command: command.to_string(),
        })
    }

    /// Whether it is a program speaking `protocol`.
    pub fn speaks(&self, protocol: Protocol) -> bool {
        matches!(self, SideSpec::Program { protocol: p, .. } if *p == protocol)
    }

    /// Its name as the opponent is told it and the records write it: a
    /// program's command as given, or `builtin:NAME`.
    pub fn name(&self) -> String {
        match self {
            SideSpec::Builtin { spec, .. } => spec.clone(),
            SideSpec::Program { command, .. } => command.clone(),
        }
    }

    /// What it is, for the match's header: `the progcomp protocol`.
    pub fn describe(&self) -> String {
        match self {
            SideSpec::Builtin { bot, .. } => format!("the built-in {} bot", bot.name()),
            SideSpec::Program { protocol, .. } => format!("the {} protocol", protocol.name()),
        }
    }

    /// A player for one game: a program started now, or a built-in bot
    /// seeded with `seed`.
    pub fn player(
        &self,
        rules: &Ruleset,
        limit: Duration,
        show_stderr: bool,
        seed: u64,
    ) -> Result<Box<dyn Player>, String> {
        self.player_offered(rules, limit, None, show_stderr, seed, false)
    }

    /// [`SideSpec::player`], a program started in the working folder `dir`
    /// if given; with `plays_example` a built-in bot plays the example setup
    /// it is offered (a program always chooses its own).
    pub fn player_offered(
        &self,
        rules: &Ruleset,
        limit: Duration,
        dir: Option<&std::path::Path>,
        show_stderr: bool,
        seed: u64,
        plays_example: bool,
    ) -> Result<Box<dyn Player>, String> {
        Ok(match self {
            SideSpec::Builtin { bot, .. } if plays_example => {
                Box::new(BuiltinPlayer::playing_examples(*bot, rules, seed))
            }
            SideSpec::Builtin { bot, .. } => Box::new(BuiltinPlayer::new(*bot, rules, seed)),
            SideSpec::Program {
                protocol: Protocol::Marsal,
                command,
            } => Box::new(MarsalBot::spawn_in(command, dir, limit, show_stderr)?),
            SideSpec::Program {
                protocol: Protocol::Progcomp,
                command,
            } => Box::new(ProgcompBot::spawn_in(command, dir, limit, show_stderr)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(spec: &str, p: Option<Protocol>) -> Result<SideSpec, String> {
        SideSpec::parse(spec, "--red", p, Protocol::Marsal)
    }

    fn program(protocol: Protocol, command: &str) -> SideSpec {
        SideSpec::Program {
            protocol,
            command: command.into(),
        }
    }

    #[test]
    fn only_the_builtin_prefix_names_a_built_in_bot() {
        assert_eq!(
            parse("builtin:careful", None),
            Ok(SideSpec::Builtin {
                bot: Builtin::Careful,
                spec: "builtin:careful".into()
            })
        );
        // A search bot keeps its budget in its name.
        let s = parse("builtin:search:500", None).unwrap();
        assert_eq!(s.name(), "builtin:search:500");
        assert_eq!(
            s,
            SideSpec::Builtin {
                bot: Builtin::Search {
                    nodes: 500,
                    time_ms: 0,
                    method: marsal::SearchMethod::Determinized,
                },
                spec: "builtin:search:500".into()
            }
        );
        let t = parse("builtin:search:time=20", None).unwrap();
        assert_eq!(t.name(), "builtin:search:time=20");
        assert!(matches!(
            t,
            SideSpec::Builtin {
                bot: Builtin::Search {
                    nodes: u32::MAX,
                    time_ms: 20,
                    ..
                },
                ..
            }
        ));
        let err = parse("builtin:search:time=0", None).unwrap_err();
        assert!(err.contains("search time"), "{err}");
        assert_eq!(
            parse("careful", None),
            Ok(program(Protocol::Marsal, "careful"))
        );
        let e = parse("builtin:clever", None).unwrap_err();
        assert!(e.contains("builtin:random, builtin:careful"), "{e}");
        assert!(parse("builtin:random", Some(Protocol::Progcomp)).is_err());
    }

    #[test]
    fn the_protocol_comes_from_the_prefix_the_side_flag_or_the_default() {
        assert_eq!(
            parse("progcomp:python3 bot.py", None),
            Ok(program(Protocol::Progcomp, "python3 bot.py"))
        );
        assert_eq!(
            parse("./bot", Some(Protocol::Progcomp)),
            Ok(program(Protocol::Progcomp, "./bot"))
        );
        assert_eq!(
            SideSpec::parse("./bot", "--blue", None, Protocol::Progcomp),
            Ok(program(Protocol::Progcomp, "./bot"))
        );
        assert_eq!(
            parse("marsal:./bot", Some(Protocol::Marsal)),
            Ok(program(Protocol::Marsal, "./bot"))
        );
        // A prefix and a flag that disagree, or an empty command, are errors.
        assert!(parse("marsal:./bot", Some(Protocol::Progcomp)).is_err());
        assert!(parse("progcomp:", None).is_err());
        assert!(parse("progcomp:'unclosed", None).is_err());
    }
}
