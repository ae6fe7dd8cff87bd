//! The records of `marsal match --record DIR`: each game as Game JSON with a
//! `result` member (who played, who won, how it ended, the answer that
//! forfeited), as Gravon XML for classic and Barrage with an `<ending>`
//! element saying the same, and `results.tsv`, one line a game.

use crate::referee::{Ending, Played, one_line};
use marsal::gravon::{self, GravonGame, GravonKind, GravonResult};
use marsal::{DrawReason, Geometry, Ruleset, Side, Status, WinReason};
use std::path::Path;

/// The header of `results.tsv`.
pub const TSV_HEADER: &str = "game\tRed\tBlue\twinner\tending\tplies\n";

/// Classic or Barrage for Gravon, by the board and the armies.
fn gravon_kind(rules: &Ruleset) -> Option<GravonKind> {
    if rules.board != Geometry::classic() {
        return None;
    }
    if rules.armies == Ruleset::classic().armies {
        Some(GravonKind::Classic)
    } else if rules.armies == Ruleset::barrage().armies {
        Some(GravonKind::Barrage)
    } else {
        None
    }
}

/// The Gravon result element for an ending.
fn gravon_result(ending: &Ending) -> GravonResult {
    let winner = ending.winner();
    let code = match ending {
        Ending::Rules(Status::Won { reason, .. }) => match reason {
            WinReason::FlagCaptured => gravon::FLAG_CAPTURED,
            WinReason::OpponentCannotMove => gravon::OPPONENT_CANNOT_MOVE,
        },
        Ending::Rules(Status::Drawn {
            reason: DrawReason::NeitherCanMove,
        }) => gravon::NEITHER_CAN_MOVE,
        // Other draws: Gravon's nearest code is "draw agreed".
        Ending::Rules(_) => 4,
        // Resignation or forfeit.
        Ending::Forfeit { .. } | Ending::Resigned(_) | Ending::BothSetupsFailed(_) => 3,
    };
    GravonResult { code, winner }
}

/// The ending as one token: a rules reason (`flag_captured`, `ply_limit`, ..),
/// `forfeit`, `resigned` or `both_setups_failed`.
pub fn ending_token(ending: &Ending) -> &'static str {
    match ending {
        Ending::Rules(s) => crate::words::reason_token(*s),
        Ending::Forfeit { .. } => "forfeit",
        Ending::Resigned(_) => "resigned",
        Ending::BothSetupsFailed(_) => "both_setups_failed",
    }
}

/// `red`, `blue` or `none`.
fn winner_token(ending: &Ending) -> &'static str {
    ending.winner().map_or("none", |s| s.name())
}

/// The `result` member of a game's JSON record.
pub fn result_json(played: &Played, names: [&str; 2]) -> serde_json::Value {
    let mut result = serde_json::json!({
        "red": names[0],
        "blue": names[1],
        "winner": played.ending.winner().map(|s| s.name()),
        "ending": ending_token(&played.ending),
        "text": played.ending.words(),
    });
    match &played.ending {
        Ending::Forfeit { loser, fault } => {
            let mut forfeit = serde_json::json!({
                "side": loser.name(),
                "fault": fault.to_string(),
            });
            if let Some(f) = &played.forfeited {
                if let Some(said) = &f.said {
                    forfeit["answer"] = said.text().into();
                }
                if let Some(mv) = f.mv {
                    forfeit["move"] = serde_json::json!({
                        "from": mv.from.to_string(),
                        "to": mv.to.to_string(),
                    });
                }
            }
            result["forfeit"] = forfeit;
        }
        Ending::BothSetupsFailed([red, blue]) => {
            result["faults"] = serde_json::json!({
                "red": red.to_string(),
                "blue": blue.to_string(),
            });
        }
        _ => {}
    }
    result
}

/// `s` escaped for an XML attribute.
fn xml_attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in one_line(s).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The `<ending>` element of a game's XML record.
pub fn ending_xml(played: &Played, names: [&str; 2]) -> String {
    let mut e = format!(
        r#"  <ending red="{}" blue="{}" winner="{}" reason="{}" text="{}""#,
        xml_attr(names[0]),
        xml_attr(names[1]),
        winner_token(&played.ending),
        ending_token(&played.ending),
        xml_attr(&played.ending.words()),
    );
    if let Ending::Forfeit { loser, .. } = &played.ending {
        e.push_str(&format!(r#" loser="{}""#, loser.name()));
        if let Some(f) = &played.forfeited {
            if let Some(said) = &f.said {
                e.push_str(&format!(r#" answer="{}""#, xml_attr(said.text())));
            }
            if let Some(mv) = f.mv {
                e.push_str(&format!(r#" from="{}" to="{}""#, mv.from, mv.to));
            }
        }
    }
    e.push_str("/>\n");
    e
}

/// One line of `results.tsv`: the game, Red's and Blue's commands, the winning
/// program's command (`draw`, or `none` when both setups failed), the ending
/// and the plies.
pub fn tsv_line(n: u32, played: &Played, names: [&str; 2]) -> String {
    let winner = match (played.ending.winner(), &played.ending) {
        (Some(s), _) => names[s.index()],
        (None, Ending::BothSetupsFailed(_)) => "none",
        (None, _) => "draw",
    };
    format!(
        "{n}\t{}\t{}\t{}\t{}\t{}\n",
        one_line(names[0]),
        one_line(names[1]),
        one_line(winner),
        one_line(&played.ending.words()),
        played.game.position().ply()
    )
}

/// Writes game `n` into `dir`: `game-NNN.json`, and `game-NNN.xml` for
/// classic and Barrage. `names` are Red's and Blue's.
pub fn record_game(
    dir: &Path,
    n: u32,
    rules: &Ruleset,
    played: &Played,
    names: [&str; 2],
) -> Result<(), String> {
    let mut json = serde_json::to_value(&played.game).map_err(|e| format!("game {n}: {e}"))?;
    json["result"] = result_json(played, names);
    let text = serde_json::to_string(&json).map_err(|e| format!("game {n}: {e}"))?;
    let path = dir.join(format!("game-{n:03}.json"));
    std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(kind) = gravon_kind(rules) {
        let start = played.game.start_position();
        let setup = |side: Side| marsal::Setup::from_pieces(side, start.pieces(side));
        let (Ok(red), Ok(blue)) = (setup(Side::Red), setup(Side::Blue)) else {
            return Err(format!("game {n}: cannot read the setups back"));
        };
        let g = GravonGame {
            kind,
            red,
            blue,
            moves: played.game.moves().collect(),
            result: Some(gravon_result(&played.ending)),
        };
        let mut xml = gravon::to_xml(&g);
        // The ending, in an element Gravon readers pass over, inside <game>.
        if let Some(at) = xml.rfind(" </game>") {
            xml.insert_str(at, &ending_xml(played, names));
        }
        let path = dir.join(format!("game-{n:03}.xml"));
        std::fs::write(&path, xml).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{Fault, ForfeitedAnswer, Said};
    use marsal::Game;

    fn forfeit() -> Played {
        let rules = Ruleset::classic();
        let game = Game::new(
            &rules,
            &marsal::Setup::random(&rules, Side::Red, 1),
            &marsal::Setup::random(&rules, Side::Blue, 2),
        )
        .unwrap();
        Played {
            game,
            ending: Ending::Forfeit {
                loser: Side::Red,
                fault: Fault::Illegal("1 3 DOWN 0: no move".into()),
            },
            forfeited: Some(ForfeitedAnswer {
                said: Some(Said::Progcomp("1 3 DOWN 0".into())),
                mv: None,
            }),
            referee_time: std::time::Duration::ZERO,
        }
    }

    #[test]
    fn a_forfeit_is_recorded_with_the_answer_in_the_bots_words() {
        let played = forfeit();
        let names = ["./a \"b\"", "builtin:careful"];
        let j = result_json(&played, names);
        assert_eq!(j["winner"], "blue");
        assert_eq!(j["ending"], "forfeit");
        assert_eq!(j["forfeit"]["side"], "red");
        assert_eq!(j["forfeit"]["answer"], "1 3 DOWN 0");
        let x = ending_xml(&played, names);
        assert!(x.contains(r#"red="./a &quot;b&quot;""#), "{x}");
        assert!(x.contains(r#"answer="1 3 DOWN 0""#), "{x}");
        // The results name the winning program, not a colour.
        let t = tsv_line(1, &played, names);
        assert_eq!(t.split('\t').nth(3), Some("builtin:careful"), "{t}");
    }
}
