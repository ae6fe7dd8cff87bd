//! Tests of the search bot finishing a won game and defending its Flag, on
//! every preset.

use crate::{
    Behaviour, Game, KindSet, Move, PieceKind, Position, Ruleset, SearchConfig, Side, Square,
    search_move, search_position_seen,
};

/// Every preset, with its name.
fn presets() -> [(&'static str, Ruleset); 3] {
    [
        ("classic", Ruleset::classic()),
        ("barrage", Ruleset::barrage()),
        ("marsal_a_spion", Ruleset::marsal_a_spion()),
    ]
}

/// The ruleset's Mine kind (a Bomb in classic and Barrage).
fn mine(rules: &Ruleset) -> PieceKind {
    if rules.army(Side::Red).count(PieceKind::Bomb) > 0 {
        PieceKind::Bomb
    } else {
        PieceKind::Mine
    }
}

/// The squares of `rank` that are on the board, left to right.
fn rank_squares(rules: &Ruleset, rank: u8) -> impl Iterator<Item = Square> + '_ {
    (0..rules.board.files)
        .filter_map(move |f| Square::new(f, rank))
        .filter(|&sq| rules.board.is_playable(sq))
}

/// A position of `rules` with only `pieces` on the board (square, side,
/// kind), Red to move; every absent piece was captured in public view.
pub(crate) fn position(rules: &Ruleset, pieces: &[(Square, Side, PieceKind)]) -> Position {
    let mut rows = std::vec::Vec::new();
    for rank in (0..rules.board.ranks).rev() {
        let mut row = std::string::String::new();
        for file in 0..rules.board.files {
            let sq = Square::new(file, rank).expect("on the grid");
            let c = match pieces.iter().find(|p| p.0 == sq) {
                Some(&(_, Side::Red, kind)) => kind.letter(),
                Some(&(_, _, kind)) => kind.letter().to_ascii_lowercase(),
                None if rules.board.is_lake(sq) => '~',
                None if rules.board.is_playable(sq) => '.',
                None => '#',
            };
            row.push(c);
        }
        rows.push(row);
    }
    let mut captured = std::string::String::new();
    for side in Side::BOTH {
        for (kind, count) in rules.army(side).iter() {
            let on = pieces.iter().filter(|p| p.1 == side && p.2 == kind).count();
            for _ in on..usize::from(count) {
                let l = kind.letter();
                captured.push(if side == Side::Red {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
    }
    let text = std::format!("{} r {}", rows.join("/"), captured);
    Position::from_text(rules, &text).expect("a valid test position")
}

/// Plays `game` with the search bot on both sides (`nodes` a move) until it
/// ends or `plies` are played; returns the final game.
fn play_out(mut game: Game, nodes: u32, seed: u64, plies: u32) -> Game {
    for _ in 0..plies {
        if game.status().is_over() {
            break;
        }
        let config = SearchConfig::default().with_nodes(nodes).with_seed(seed);
        let mv = search_move(&game, &config).expect("a move");
        game.play(mv).expect("a legal move");
    }
    game
}

/// Red has a Marshal, a Scout and two Miners (one in Barrage, which has
/// one); Blue a known piece the Marshal beats and its Flag in the corner,
/// walled in by known Mines (in Barrage, which has one, a Miner beside it).
fn won_position(rules: &Ruleset) -> Position {
    let m = mine(rules);
    let top = rules.board.ranks - 1;
    let back: std::vec::Vec<Square> = rank_squares(rules, top).collect();
    let below: std::vec::Vec<Square> = rank_squares(rules, top - 1).collect();
    let red_back: std::vec::Vec<Square> = rank_squares(rules, 0).collect();
    let mid: std::vec::Vec<Square> = rank_squares(rules, top / 2 - 1).collect();
    let flag = back[0];
    let beside = back[1];
    let under = below
        .iter()
        .copied()
        .find(|s| s.file() == flag.file())
        .expect("below");
    let two_mines = rules.army(Side::Blue).count(m) >= 2;
    let mut pieces = std::vec![
        (flag, Side::Blue, PieceKind::Flag),
        (beside, Side::Blue, m),
        (
            under,
            Side::Blue,
            if two_mines { m } else { PieceKind::Miner }
        ),
        (back[back.len() - 1], Side::Blue, PieceKind::General),
        (red_back[0], Side::Red, PieceKind::Flag),
        (mid[1], Side::Red, PieceKind::Marshal),
        (mid[2], Side::Red, PieceKind::Miner),
        (mid[3], Side::Red, PieceKind::Scout),
    ];
    if rules.army(Side::Red).count(PieceKind::Miner) >= 2 {
        pieces.push((mid[4], Side::Red, PieceKind::Miner));
    }
    let mut pos = position(rules, &pieces);
    // Red has seen every Blue piece but the Flag; Blue knows nothing.
    for &(sq, side, kind) in &pieces {
        if side == Side::Blue && kind != PieceKind::Flag {
            pos.knowledge[sq.cell()] = KindSet::only(kind).bits();
        }
    }
    pos
}

#[test]
fn search_bot_finishes_a_won_game_on_every_preset() {
    for (name, rules) in presets() {
        for seed in 0..2 {
            let game = play_out(Game::from_position(won_position(&rules)), 2_000, seed, 200);
            assert!(
                matches!(
                    game.status(),
                    crate::Status::Won {
                        winner: Side::Red,
                        ..
                    }
                ),
                "{}: seed {seed}: {:?} after {} plies",
                name,
                game.status(),
                game.position().ply,
            );
        }
    }
}

/// The determinized search and the tree, each at a budget where it plays
/// these positions well.
fn both_methods() -> [SearchConfig; 2] {
    let determinized = SearchConfig::default().with_nodes(2_000).with_seed(1);
    let tree = determinized
        .with_nodes(6_000)
        .with_method(crate::SearchMethod::Tree);
    [determinized, tree]
}

/// Red's choices in `pos` (Red to move) by `config`: having seen nothing,
/// then after the position its first choice leads to came up once, and after
/// it came up four times.
fn choices_after_returns(pos: &Position, config: &SearchConfig) -> [Move; 3] {
    let moves = pos.legal_moves();
    let best = |seen: &Behaviour| {
        search_position_seen(pos, &moves, config, seen, &mut || 0)
            .best
            .expect("a move")
    };
    let fresh = Behaviour::new(Side::Red);
    let first = best(&fresh);
    let mut after = *pos;
    after.play_unchecked(first);
    let mut once = fresh;
    once.remember(&after.view(Side::Red), after.to_move);
    let mut again = once;
    for _ in 0..3 {
        again.remember(&after.view(Side::Red), after.to_move);
    }
    [first, best(&once), best(&again)]
}

/// Rule of play: well ahead, the bot does not go back to a position it saw
/// come up again and again in the last plies (it would shuffle to the ply
/// limit); a position seen once (a retreat) is no reason to play otherwise.
#[test]
fn search_bot_ahead_does_not_go_back_to_a_position_seen_again_and_again() {
    for (name, rules) in presets() {
        for config in both_methods() {
            let pos = won_position(&rules);
            let [first, once, again] = choices_after_returns(&pos, &config);
            let m = config.method;
            assert!(
                pos.cells[first.to.cell()] == crate::referee::board::cell::EMPTY,
                "{name} {m:?}: {first} is quiet"
            );
            assert_eq!(once, first, "{name} {m:?}");
            assert_ne!(again, first, "{name} {m:?}");
        }
    }
}

/// Rule of play: not well ahead (at the start, the armies equal), a
/// position seen again and again is no reason to play otherwise: the term
/// against shuffling is for won games only.
#[test]
fn search_bot_not_ahead_plays_as_if_it_had_not_seen_the_position() {
    for (name, rules) in presets() {
        for config in both_methods() {
            let pos = Position::start(&rules, 3, 4).expect("a start");
            let [_, once, again] = choices_after_returns(&pos, &config);
            assert_eq!(again, once, "{name} {:?}", config.method);
        }
    }
}

/// Red's Flag in its corner, a Mine beside it; Red's Marshal and General
/// near; a Blue piece that has moved (a Miner, Red does not know it) five
/// steps from Red's Flag, and Blue's Flag and Spy far away.
fn runner_position(rules: &Ruleset) -> Position {
    let m = mine(rules);
    let top = rules.board.ranks - 1;
    let r0: std::vec::Vec<Square> = rank_squares(rules, 0).collect();
    let r1: std::vec::Vec<Square> = rank_squares(rules, 1).collect();
    let r4: std::vec::Vec<Square> = rank_squares(rules, 4).collect();
    let back: std::vec::Vec<Square> = rank_squares(rules, top).collect();
    let flag = r0[0];
    let pieces = [
        (flag, Side::Red, PieceKind::Flag),
        (r0[1], Side::Red, m),
        (r1[3], Side::Red, PieceKind::General),
        (r1[6], Side::Red, PieceKind::Marshal),
        (r4[1], Side::Blue, PieceKind::Miner),
        (back[back.len() - 1], Side::Blue, PieceKind::Flag),
        (back[back.len() - 3], Side::Blue, PieceKind::Spy),
    ];
    let mut pos = position(rules, &pieces);
    // The runner and Red's Marshal and General have moved: they are no
    // Mine and no Flag.
    for sq in [r4[1], r1[3], r1[6]] {
        pos.knowledge[sq.cell()] &= KindSet::MOVABLE.bits();
    }
    pos
}

#[test]
fn search_bot_meets_a_runner_before_it_reaches_the_flag_on_every_preset() {
    for (name, rules) in presets() {
        for seed in 0..2 {
            let game = play_out(
                Game::from_position(runner_position(&rules)),
                2_000,
                seed,
                30,
            );
            assert!(
                !matches!(
                    game.status(),
                    crate::Status::Won {
                        winner: Side::Blue,
                        ..
                    }
                ),
                "{}: seed {seed}: the runner took the Flag at ply {}",
                name,
                game.position().ply,
            );
        }
    }
}
