//! A finished game's record: Game JSON with a `result` member, and Gravon
//! XML for classic and Barrage.

use crate::room::{Ending, Room};
use crate::spec::SeatSpec;
use marsal::gravon::{self, GravonGame, GravonKind, GravonResult};
use marsal::{DrawReason, Geometry, Ruleset, Setup, Side, Status, WinReason};
use serde_json::{Value, json};

fn seat_name(s: &SeatSpec) -> String {
    match s {
        SeatSpec::Person { .. } => "person".into(),
        SeatSpec::Bot { name } => format!("bot:{name}"),
    }
}

/// The game as Game JSON (its start position and moves) with `result`: who
/// sat where, the winner, the reason and its words. `None` before the
/// game started (no position yet).
pub fn record_json(room: &Room) -> Option<Value> {
    let game = room.game.as_ref()?;
    let mut v = serde_json::to_value(game).ok()?;
    let ending = room.ending;
    v["result"] = json!({
        "red": seat_name(&room.spec.seats[0]),
        "blue": seat_name(&room.spec.seats[1]),
        "winner": ending.and_then(Ending::winner),
        "reason": ending.map(Ending::token),
        "words": ending.map(Ending::words),
    });
    Some(v)
}

fn gravon_kind(rules: &Ruleset) -> Option<GravonKind> {
    if rules.board != Geometry::classic() {
        None
    } else if rules.armies == Ruleset::classic().armies {
        Some(GravonKind::Classic)
    } else if rules.armies == Ruleset::barrage().armies {
        Some(GravonKind::Barrage)
    } else {
        None
    }
}

/// The game as Gravon XML, for classic and Barrage.
pub fn record_xml(room: &Room) -> Result<String, String> {
    let game = room
        .game
        .as_ref()
        .ok_or("the game ended before it started")?;
    let kind =
        gravon_kind(&room.spec.rules).ok_or("Gravon XML records only classic and Barrage games")?;
    let start = game.start_position();
    let setup = |side: Side| Setup::from_pieces(side, start.pieces(side));
    let (Ok(red), Ok(blue)) = (setup(Side::Red), setup(Side::Blue)) else {
        return Err("the setups cannot be read back".into());
    };
    let code = match room.ending {
        Some(Ending::Rules {
            status: Status::Won { reason, .. },
        }) => match reason {
            WinReason::FlagCaptured => gravon::FLAG_CAPTURED,
            WinReason::OpponentCannotMove => gravon::OPPONENT_CANNOT_MOVE,
        },
        Some(Ending::Rules {
            status:
                Status::Drawn {
                    reason: DrawReason::NeitherCanMove,
                },
        }) => gravon::NEITHER_CAN_MOVE,
        // Other draws: Gravon's nearest code is "draw agreed".
        Some(Ending::Rules { .. }) => 4,
        // Resignation or time.
        _ => 3,
    };
    let g = GravonGame {
        kind,
        red,
        blue,
        moves: game.moves().collect(),
        result: Some(GravonResult {
            code,
            winner: room.ending.and_then(Ending::winner),
        }),
    };
    Ok(gravon::to_xml(&g))
}
