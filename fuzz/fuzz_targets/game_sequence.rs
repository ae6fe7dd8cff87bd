//! Arbitrary setups and sequences of legal and illegal moves (and undos) on
//! every preset and on small custom boards, checking the invariants after every
//! step.
#![no_main]

#[path = "common/mod.rs"]
mod common;

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use marsal::{
    Battle, DrawReason, Game, Move, MoveError, PieceKind, Position, Ruleset, Setup, Side,
    SquareView, Status, combat,
};

/// A setup for `side`: random from a fuzzed seed, or a random setup's text
/// mutated by the bytes and read back.
fn setup(u: &mut Unstructured, rules: &Ruleset, side: Side) -> Result<Setup> {
    let seed: u64 = u.arbitrary()?;
    let random = Setup::random(rules, side, seed);
    assert_eq!(
        random,
        Setup::random(rules, side, seed),
        "Setup::random is deterministic"
    );
    assert!(
        random.validate(rules).is_ok() || rules.validate().is_err(),
        "random setup invalid"
    );
    if u.int_in_range(0..=3u8)? != 0 {
        return Ok(random);
    }
    let mut text: Vec<char> = random.to_text(rules).to_string().chars().collect();
    const ALPHABET: &[char] = &[
        '.', 'M', 'G', 'C', 'J', 'K', 'L', 'R', 'D', 'P', 'U', 'S', 'N', 'Y', 'X', 'B', 'F', '/',
        'f', 'z', ' ',
    ];
    for _ in 0..u.int_in_range(0..=4u8)? {
        if text.is_empty() {
            break;
        }
        let i = u.choose_index(text.len())?;
        if u.arbitrary()? {
            let j = u.choose_index(text.len())?;
            text.swap(i, j);
        } else {
            text[i] = *u.choose(ALPHABET)?;
        }
    }
    let text: String = text.into_iter().collect();
    Ok(match Setup::from_text(rules, side, &text) {
        Ok(s) => {
            assert_eq!(s.side(), side);
            // Whatever was read prints back to text that reads the same.
            let again = Setup::from_text(rules, side, &s.to_text(rules).to_string());
            assert_eq!(again, Ok(s));
            s
        }
        Err(_) => random,
    })
}

fn check_views(game: &Game) {
    let pos = game.position();
    for side in Side::BOTH {
        let view = game.view(side);
        assert_eq!(view.log().len(), game.moves().count());
        assert_eq!(view.status(), game.status());
        for s in pos.rules().board.playable.iter() {
            let v = view.at(s);
            match (pos.piece_at(s), v) {
                (None, SquareView::Empty) => {}
                (
                    Some(p),
                    SquareView::Own {
                        kind,
                        known_to_opponent,
                    },
                ) if p.side == side => {
                    assert_eq!(kind, p.kind);
                    assert!(
                        known_to_opponent.contains(kind),
                        "{s}: opponent's knowledge excludes the truth"
                    );
                }
                (Some(p), SquareView::Enemy { possible }) if p.side != side => {
                    assert!(
                        possible.contains(p.kind),
                        "{s}: {side} rules out the real {}",
                        p.kind
                    );
                }
                (p, v) => panic!("{side}'s view of {s} is {v:?} but the square holds {p:?}"),
            }
        }
    }
}

fn check_after_move(before: &Position, after: &Position, mv: Move, out: &marsal::Outcome) {
    let mover = before.piece_at(mv.from).expect("a piece moved");
    assert_eq!(out.mv, mv);
    assert_eq!(out.side, before.to_move());
    assert_eq!(out.piece, mover.kind);
    assert_eq!(after.ply(), before.ply() + 1);
    assert_eq!(after.to_move(), !before.to_move());
    assert_eq!(after.piece_at(mv.from), None, "the source is left empty");
    match (before.piece_at(mv.to), out.fight) {
        (None, None) => {
            assert_eq!(after.piece_at(mv.to), Some(mover));
            assert_eq!(after.plies_since_attack(), before.plies_since_attack() + 1);
        }
        (Some(def), Some(fight)) => {
            assert_ne!(def.side, mover.side);
            assert_eq!(fight.defender, def.kind);
            assert_eq!(
                Some(fight.battle),
                combat(before.rules(), mover.kind, def.kind)
            );
            assert_eq!(after.plies_since_attack(), 0);
            let expect = match fight.battle {
                Battle::AttackerWins | Battle::MineDefused | Battle::FlagCaptured => Some(mover),
                Battle::DefenderWins => Some(def),
                Battle::BothRemoved => None,
            };
            assert_eq!(after.piece_at(mv.to), expect);
            if fight.battle == Battle::FlagCaptured {
                assert_eq!(after.status().winner(), Some(mover.side));
            }
        }
        (d, f) => panic!("defender {d:?} but fight {f:?}"),
    }
    // Nothing else changed on the board.
    for s in before.rules().board.playable.iter() {
        if s != mv.from && s != mv.to {
            assert_eq!(before.piece_at(s), after.piece_at(s), "{s} changed");
        }
    }
    // Counts never grow.
    for side in Side::BOTH {
        for k in PieceKind::ALL {
            assert!(
                after.count(side, k) <= before.count(side, k),
                "{side} {k} grew"
            );
        }
    }
}

fn run(data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let mut rules = match u.int_in_range(0..=7u8)? {
        0..=2 => Ruleset::marsal_a_spion(),
        3 | 4 => Ruleset::classic(),
        5 | 6 => Ruleset::barrage(),
        _ => common::custom_ruleset(&mut u)?,
    };
    if u.arbitrary()? {
        common::options(&mut u, &mut rules)?;
    }
    if u.arbitrary()? {
        rules.repetition_draw = Some(u.int_in_range(2..=4u8)?);
    }
    let red = setup(&mut u, &rules, Side::Red)?;
    let blue = setup(&mut u, &rules, Side::Blue)?;
    let mut game = match Game::new(&rules, &red, &blue) {
        Ok(g) => g,
        Err(e) => {
            assert!(
                rules.validate().is_err()
                    || red.validate(&rules).is_err()
                    || blue.validate(&rules).is_err(),
                "valid setups refused: {e}"
            );
            return Ok(());
        }
    };
    let mut history: Vec<(Game, common::Chains)> = Vec::new();
    let mut chains = common::Chains::default();
    common::check_position(game.position(), &chains);
    check_views(&game);
    while !u.is_empty() {
        let before = game.clone();
        let pos = *game.position();
        let legal = game.legal_moves();
        let pos_legal = pos.legal_moves();
        // The game (more-squares rule) only ever removes moves of the position.
        assert!(
            legal.iter().all(|m| pos_legal.contains(m)),
            "game move not legal in its position"
        );
        if !rules.more_squares {
            assert_eq!(legal, pos_legal);
        }
        let side = pos.to_move();
        match u.int_in_range(0..=9u8)? {
            0..=5 => {
                if legal.is_empty() {
                    continue;
                }
                let mv = legal[u.choose_index(legal.len())?];
                let out = game.play(mv).expect("a listed move is legal");
                check_after_move(&pos, game.position(), mv, &out);
                history.push((before, chains.clone()));
                chains.record(side, mv, game.position());
            }
            6 | 7 => {
                let from = marsal::Square::from_grid_index(u.int_in_range(0..=143usize)?).unwrap();
                let to = marsal::Square::from_grid_index(u.int_in_range(0..=143usize)?).unwrap();
                let mv = Move::new(from, to);
                let listed = legal.contains(&mv);
                assert_eq!(
                    pos.is_legal(mv),
                    pos_legal.contains(&mv),
                    "{mv}: {:?}",
                    pos.check_move(mv)
                );
                match game.play(mv) {
                    Ok(out) => {
                        assert!(listed, "unlisted move {mv} accepted");
                        check_after_move(&pos, game.position(), mv, &out);
                        history.push((before, chains.clone()));
                        chains.record(side, mv, game.position());
                    }
                    Err(e) => {
                        assert!(!listed, "listed move {mv} refused: {e}");
                        assert_eq!(game, before, "an illegal move changed the game");
                        assert_eq!(*game.position(), pos);
                        if pos.status().is_over() || game.status().is_over() {
                            assert_eq!(e, MoveError::GameOver);
                        }
                    }
                }
            }
            8 => {
                let len = u.int_in_range(0..=8usize)?;
                let bytes = u.bytes(len)?;
                let text = String::from_utf8_lossy(bytes);
                match game.play_text(&text) {
                    Ok(out) => {
                        assert!(
                            legal.contains(&out.mv),
                            "unlisted text move {text:?} accepted"
                        );
                        check_after_move(&pos, game.position(), out.mv, &out);
                        history.push((before, chains.clone()));
                        chains.record(side, out.mv, game.position());
                    }
                    Err(_) => assert_eq!(game, before, "illegal text {text:?} changed the game"),
                }
            }
            _ => match game.undo() {
                Ok(_) => {
                    let (prev, c) = history.pop().expect("something to undo");
                    assert_eq!(game, prev, "undo restores the game exactly");
                    chains = c;
                }
                Err(_) => {
                    assert!(history.is_empty());
                    assert_eq!(game, before);
                }
            },
        }
        let p = game.position();
        common::check_position(p, &chains);
        check_views(&game);
        assert_eq!(game.moves().count(), history.len());
        assert_eq!(p.ply() as usize, history.len());
        if !game.status().is_over() {
            assert!(
                !game.legal_moves().is_empty(),
                "ongoing game without a legal move"
            );
        }
        if game.status().is_over() {
            assert!(game.legal_moves().is_empty());
            if let Some(&mv) = legal.first() {
                assert_eq!(game.clone().play(mv), Err(MoveError::GameOver));
            }
            let mut g = game.clone();
            assert_eq!(g.play_text("a1-a2"), Err(MoveError::GameOver));
        }
        match game.status() {
            Status::Drawn {
                reason: DrawReason::Repetition,
            } => {
                let limit = rules.repetition_draw.expect("repetition draw is on");
                assert!(game.occurrences() >= u32::from(limit));
            }
            s => assert_eq!(s, p.status(), "game and position disagree"),
        }
    }
    // The whole game round-trips through JSON.
    let json = serde_json::to_string(&game).expect("serialise");
    let again: Game = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(again, game, "game JSON round trip");
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
