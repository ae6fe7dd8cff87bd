//! Fits [`Behaviour::WEIGHT`] on recorded games: how much less likely a
//! kind is, for an enemy piece, after a step that counts against it.
//!
//! `cargo run --release --features gravon --example behaviour_fit -- DIR`
//! replays every Gravon XML game in DIR (e.g.
//! `../shared/data/gravon/classic`), follows each side's [`Behaviour`], and
//! at each event compares the piece's true kind with the
//! kinds counted against it: `expected` is how often the true kind would be
//! among them by counting alone (each kind of the piece's possible set
//! weighted by how many of it the enemy has), `actual` how often it was. The
//! weight is the odds ratio `(actual / expected) / ((events - actual) /
//! (events - expected))`.

use marsal::{Behaviour, PieceKind, Side, SquareView, gravon};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .ok_or("usage: behaviour_fit DIR (Gravon XML games)")?;
    let (mut events, mut expected, mut actual, mut games) = (0u64, 0f64, 0u64, 0);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    paths.sort();
    for path in paths {
        let Ok(game) = gravon::parse(&std::fs::read_to_string(&path)?) else {
            continue;
        };
        let year = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(gravon::year_from_file_name);
        let rules = gravon::rules_for_year(game.kind, year);
        let Ok(mut engine) = marsal::Game::new(&rules, &game.red, &game.blue) else {
            continue;
        };
        games += 1;
        let mut seen = [Behaviour::new(Side::Red), Behaviour::new(Side::Blue)];
        for &mv in &game.moves {
            if engine.check_move(mv).is_err() {
                break;
            }
            let Ok(outcome) = engine.play(mv) else { break };
            for observer in Side::BOTH {
                let b = &mut seen[observer.index()];
                let before: Vec<u32> = PieceKind::ALL.iter().map(|&k| b.events(mv.to, k)).collect();
                let view = engine.view(observer);
                b.observe(&rules, &outcome.observed_by(observer), &view);
                let counted: Vec<PieceKind> = PieceKind::ALL
                    .iter()
                    .enumerate()
                    .filter(|&(i, &k)| b.events(mv.to, k) > before[i])
                    .map(|(_, &k)| k)
                    .collect();
                if counted.is_empty() {
                    continue;
                }
                let (SquareView::Enemy { possible }, Some(piece)) =
                    (view.at(mv.to), engine.position().piece_at(mv.to))
                else {
                    continue;
                };
                // The enemy's remaining pieces of each kind.
                let mut count = [0u32; marsal::KIND_COUNT];
                for sq in marsal::Square::all() {
                    if let Some(p) = engine.position().piece_at(sq) {
                        if p.side == piece.side {
                            count[p.kind.index()] += 1;
                        }
                    }
                }
                let all: u32 = possible.iter().map(|k| count[k.index()]).sum();
                let against: u32 = possible
                    .iter()
                    .filter(|k| counted.contains(k))
                    .map(|k| count[k.index()])
                    .sum();
                if all == 0 {
                    continue;
                }
                events += 1;
                expected += f64::from(against) / f64::from(all);
                actual += u64::from(counted.contains(&piece.kind));
            }
        }
    }
    let a = actual as f64;
    let n = events as f64;
    let weight = (a / expected) / ((n - a) / (n - expected));
    println!(
        "{games} games, {events} events: the kinds counted against held the piece {actual} times, {expected:.1} expected by counting; weight {weight:.3}"
    );
    Ok(())
}
