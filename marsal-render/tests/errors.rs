//! Bad requests get a clear error and no picture.

use marsal::{Game, Position, Rng, Ruleset};
use marsal_render::{
    FrameTimes, Options, Painter, Picture, RenderError, Viewpoint, animated_gif, position_at, svg,
};

fn picture() -> Picture {
    Picture::from_position(&Position::start(&Ruleset::classic(), 1, 2).unwrap())
}

#[test]
fn a_square_of_zero_or_absurd_size_is_refused() {
    for square in [0, 7, 257, u32::MAX] {
        let o = Options {
            square,
            ..Options::default()
        };
        assert_eq!(svg(&picture(), &o), Err(RenderError::SquareSize(square)));
        assert_eq!(
            Painter::new().rgb(&picture(), &o),
            Err(RenderError::SquareSize(square))
        );
    }
    let message = RenderError::SquareSize(0).to_string();
    assert!(message.contains("8 to 256"), "{message}");
}

#[test]
fn an_unknown_viewpoint_is_refused_with_the_known_ones_named() {
    let e = "green".parse::<Viewpoint>().unwrap_err();
    assert!(e.to_string().contains("red, blue or referee"), "{e}");
}

#[test]
fn a_ply_past_the_end_is_refused() {
    let mut game = Game::from_position(Position::start(&Ruleset::barrage(), 1, 2).unwrap());
    let mut rng = Rng::new(3);
    for _ in 0..3 {
        game.play_random(&mut rng);
    }
    assert_eq!(
        position_at(&game, 4).unwrap_err(),
        RenderError::PlyPastEnd { ply: 4, plies: 3 }
    );
    let gif = |from, to| {
        animated_gif(
            &game,
            Viewpoint::Referee,
            &Options::default(),
            from,
            to,
            FrameTimes::default(),
        )
    };
    assert!(matches!(gif(0, 9), Err(RenderError::PlyPastEnd { .. })));
    assert!(matches!(gif(2, 1), Err(RenderError::EmptyRange { .. })));
    assert!(gif(1, 3).is_ok());
}
