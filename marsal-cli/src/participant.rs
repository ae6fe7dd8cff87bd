//! A tournament's participant: a side as `marsal match` takes it, with a name
//! for the tables and, for a program, its working folder and its time
//! limits — given as a bare SIDE, or as `--bot` words in the manner of
//! fastchess and cutechess (`--bot name=alpha cmd=./alpha dir=bots tc=60+0.5`).

use crate::Protocol;
use crate::clock::Clock;
use crate::sides::SideSpec;
use std::path::PathBuf;
use std::time::Duration;

/// One participant.
#[derive(Clone, Debug)]
pub struct Participant {
    /// What plays.
    pub side: SideSpec,
    /// Its name in the tables, the results file and to its opponents.
    pub name: String,
    /// A program's working folder.
    pub dir: Option<PathBuf>,
    /// A program's limit for each answer (else `--time-per-move`).
    pub time_per_move: Option<Duration>,
    /// A program's clock for each game (its answers' limit is the time left).
    pub clock: Option<Clock>,
    /// Whether `name=` named it.
    named: bool,
}

/// The keys `--bot` reads.
const KEYS: &str = "name, cmd, proto, dir, tc, st";

impl Participant {
    /// A bare SIDE, named as given (`what` names it in errors).
    pub fn side(spec: &str, what: &str, protocol: Protocol) -> Result<Participant, String> {
        Ok(Participant {
            side: SideSpec::parse(spec, what, None, protocol)?,
            name: spec.to_string(),
            dir: None,
            time_per_move: None,
            clock: None,
            named: false,
        })
    }

    /// `--bot` words: `cmd=SIDE` (needed; a SIDE as `marsal match` takes
    /// it), `name=NAME`, `proto=marsal|progcomp`, `dir=FOLDER`,
    /// `tc=SECONDS+INCREMENT`, `st=MS` (a limit for each answer).
    pub fn bot(words: &[String], protocol: Protocol) -> Result<Participant, String> {
        let what = format!("--bot {}", words.join(" "));
        let mut cmd = None;
        let mut name = None;
        let mut proto = None;
        let mut dir = None;
        let mut clock = None;
        let mut st = None;
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("{what}: {word:?} is not KEY=VALUE (the keys: {KEYS})"))?;
            let seen = match key {
                "cmd" => cmd.replace(value.to_string()).is_some(),
                "name" => name.replace(value.to_string()).is_some(),
                "proto" => {
                    let p = match value {
                        "marsal" => Protocol::Marsal,
                        "progcomp" => Protocol::Progcomp,
                        _ => {
                            return Err(format!(
                                "{what}: proto={value:?} is neither marsal nor progcomp"
                            ));
                        }
                    };
                    proto.replace(p).is_some()
                }
                "dir" => dir.replace(PathBuf::from(value)).is_some(),
                "tc" => clock.replace(Clock::parse(value)?).is_some(),
                "st" => {
                    let ms: u64 = value.parse().ok().filter(|&ms| ms > 0).ok_or_else(|| {
                        format!("{what}: st={value:?} is not a number of milliseconds (at least 1)")
                    })?;
                    st.replace(Duration::from_millis(ms)).is_some()
                }
                _ => return Err(format!("{what}: no key {key:?} (the keys: {KEYS})")),
            };
            if seen {
                return Err(format!("{what}: {key}= is given twice"));
            }
        }
        let cmd =
            cmd.ok_or_else(|| format!("{what}: cmd=… is needed (the bot's SIDE or command)"))?;
        if name.as_deref() == Some("") {
            return Err(format!("{what}: name= is empty"));
        }
        let side = SideSpec::parse(&cmd, "--bot cmd=", proto, protocol)?;
        if matches!(side, SideSpec::Builtin { .. })
            && (dir.is_some() || clock.is_some() || st.is_some())
        {
            return Err(format!(
                "{what}: dir=, tc= and st= are for programs; a built-in bot's limits are in its \
                 name (builtin:search:N, builtin:search:time=MS)"
            ));
        }
        if clock.is_some() && st.is_some() {
            return Err(format!("{what}: give tc= or st=, not both"));
        }
        if let Some(d) = &dir {
            if !d.is_dir() {
                return Err(format!("{what}: dir={} is not a folder", d.display()));
            }
        }
        Ok(Participant {
            named: name.is_some(),
            name: name.unwrap_or_else(|| cmd.clone()),
            side,
            dir,
            time_per_move: st,
            clock,
        })
    }

    /// The name its opponents are told and the records write: its `name=`,
    /// else the side's name (a program's command without its protocol).
    pub fn told(&self) -> String {
        if self.named {
            self.name.clone()
        } else {
            self.side.name()
        }
    }

    /// What it is, for the tournament's header: `the marsal protocol, in
    /// bots/alpha, tc=60+0.5`.
    pub fn describe(&self) -> String {
        let mut s = self.side.describe();
        if let Some(d) = &self.dir {
            s.push_str(&format!(", in {}", d.display()));
        }
        if let Some(c) = &self.clock {
            s.push_str(&format!(", tc={}", c.describe()));
        }
        if let Some(t) = &self.time_per_move {
            s.push_str(&format!(", st={}", t.as_millis()));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn bot_words_give_a_name_a_folder_and_limits() {
        let p = Participant::bot(
            &words("name=alpha cmd=./alpha dir=. tc=60+0.5"),
            Protocol::Marsal,
        )
        .unwrap();
        assert_eq!(p.name, "alpha");
        assert_eq!(p.dir, Some(PathBuf::from(".")));
        assert_eq!(p.clock, Some(Clock::parse("60+0.5").unwrap()));
        let q = Participant::bot(&words("cmd=builtin:careful"), Protocol::Marsal).unwrap();
        assert_eq!(q.name, "builtin:careful");
        for bad in [
            "name=x",
            "cmd=a cmd=b",
            "cmd=a colour=red",
            "cmd=a tc=x",
            "cmd=a st=0",
            "cmd=a tc=1 st=5",
            "cmd=builtin:careful tc=1",
            "cmd=a dir=/no/such/folder",
            "cmd=a proto=uci",
            "cmd=a name=",
            "cmd",
        ] {
            assert!(
                Participant::bot(&words(bad), Protocol::Marsal).is_err(),
                "{bad}"
            );
        }
    }
}
