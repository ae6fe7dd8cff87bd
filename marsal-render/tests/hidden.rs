//! Hidden information holds in pictures: a side's picture is drawn from its
//! view alone, so two games that differ only in pieces it cannot see give the
//! same SVG and the same pixels.

use marsal::{Game, PieceKind, Position, Rng, Ruleset, Setup, Side, Square};
use marsal_render::{Options, Painter, Picture, Viewpoint, svg};

/// Two games from the same setups but for two Blue pieces of different
/// kinds swapped, with the
/// same quiet moves (legal in both, no fights, which show pieces) as long as
/// Red's view of them stays the same.
fn twins(rules: &Ruleset) -> (Game, Game) {
    let start = Position::start(rules, 1, 2).unwrap();
    let red = Setup::from_pieces(Side::Red, start.pieces(Side::Red)).unwrap();
    let mut blue: Vec<(Square, PieceKind)> = start.pieces(Side::Blue).collect();
    let other = blue.iter().position(|p| p.1 != blue[0].1).unwrap();
    let (k0, k1) = (blue[0].1, blue[other].1);
    blue[0].1 = k1;
    blue[other].1 = k0;
    let blue = Setup::from_pieces(Side::Blue, blue).unwrap();
    let mut a = Game::from_position(start);
    let mut b = Game::new(rules, &red, &blue).unwrap();
    let mut rng = Rng::new(9);
    for _ in 0..40 {
        let moves: Vec<_> = a
            .legal_moves()
            .into_iter()
            .filter(|&mv| a.position().piece_at(mv.to).is_none() && b.is_legal(mv))
            .collect();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u32) as usize];
        a.play(mv).unwrap();
        if b.play(mv).is_err() {
            a.undo().unwrap();
            break;
        }
        if a.view(Side::Red) != b.view(Side::Red) {
            a.undo().unwrap();
            b.undo().unwrap();
            break;
        }
    }
    (a, b)
}

#[test]
fn pictures_of_games_differing_only_in_hidden_enemy_pieces_are_identical() {
    for rules in [
        Ruleset::classic(),
        Ruleset::marsal_a_spion(),
        Ruleset::barrage(),
    ] {
        let (a, b) = twins(&rules);
        assert!(a.position().ply() >= 4, "the twins share a few moves");
        assert_ne!(a.position(), b.position(), "the games differ");
        let red = Viewpoint::Side(Side::Red);
        let (pa, pb) = (Picture::of_game(&a, red), Picture::of_game(&b, red));
        for options in [
            Options::default(),
            Options {
                square: 17,
                ..Options::default()
            },
        ] {
            assert_eq!(svg(&pa, &options).unwrap(), svg(&pb, &options).unwrap());
            let ra = Painter::new().rgb(&pa, &options).unwrap();
            let rb = Painter::new().rgb(&pb, &options).unwrap();
            assert!(ra == rb, "the pixels differ");
        }
        // The referee sees the difference, so the test could fail.
        let (ra, rb) = (
            Picture::of_game(&a, Viewpoint::Referee),
            Picture::of_game(&b, Viewpoint::Referee),
        );
        assert_ne!(
            svg(&ra, &Options::default()).unwrap(),
            svg(&rb, &Options::default()).unwrap()
        );
    }
}
