//! Pictures of marsal games: the board as one side sees it (its
//! [`View`](marsal::View)) or as the referee sees it, as SVG text, as RGB
//! pixels, as PNG, and a whole game as an animated GIF.
//!
//! One drawing serves every output: a [`Picture`] (what each square shows to
//! the viewer) is laid out as plain shapes, which [`svg`] writes as SVG and a
//! [`Painter`] paints with tiny-skia. Letters are stroked paths from a small
//! built-in font, so pictures look the same on every machine and need no
//! fonts.
//!
//! What a piece shows: its side's colour (red, blue), the letter of its kind
//! (the letters of the text forms: `M` Marshal, `S` Scout, `B` Bomb, ...) and
//! its strength below; a white dot when the opponent knows its kind; an enemy
//! piece the viewer does not know shows `?` (and its two or three possible
//! kinds, when that is all it can be). The last move's squares are tinted
//! yellow, joined by a line; a fight is marked with an orange star.
//!
//! The pixels, PNG and GIF need the `raster` feature (on by default: it
//! brings tiny-skia and gif); without it the crate writes SVG only.
//!
//! ```
//! # #[cfg(feature = "raster")] {
//! use marsal::{Position, Ruleset, Side};
//! use marsal_render::{Options, Painter, Picture, svg};
//! let pos = Position::start(&Ruleset::marsal_a_spion(), 1, 2)?;
//! let picture = Picture::from_view(pos.rules(), &pos.view(Side::Red));
//! let text = svg(&picture, &Options::default())?;
//! assert!(text.starts_with("<svg"));
//! let img = Painter::new().rgb(&picture, &Options::default())?;
//! assert_eq!(img.pixels.len(), (img.width * img.height * 3) as usize);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

#[cfg(feature = "raster")]
mod animate;
mod glyphs;
mod options;
mod picture;
#[cfg(feature = "raster")]
mod raster;
mod scene;
mod svg;

#[cfg(feature = "raster")]
pub use animate::{FrameTimes, animated_gif, position_at};
pub use options::{DEFAULT_SQUARE, MAX_SQUARE, MIN_SQUARE, Options, Orientation};
pub use picture::{Cell, LastMove, Look, Picture, Viewpoint};
#[cfg(feature = "raster")]
pub use raster::{Painter, RgbImage};

/// Why a picture could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// A square size out of [`MIN_SQUARE`]`..=`[`MAX_SQUARE`].
    #[error("a square is {MIN_SQUARE} to {MAX_SQUARE} pixels, not {0}")]
    SquareSize(u32),
    /// A viewpoint other than `red`, `blue` or `referee`.
    #[error("unknown viewpoint {0:?}: say red, blue or referee")]
    UnknownViewpoint(String),
    /// The picture would be too large to hold in memory.
    #[error("a picture of {width} x {height} pixels is too large")]
    TooLarge {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// A ply past the end of the game.
    #[error("the game has {plies} plies, there is no ply {ply}")]
    PlyPastEnd {
        /// The ply asked for.
        ply: u32,
        /// The plies the game has.
        plies: u32,
    },
    /// A range of plies that is empty.
    #[error("no plies from {from} to {to}")]
    EmptyRange {
        /// The first ply.
        from: u32,
        /// The last ply.
        to: u32,
    },
    /// A game record that could not be read.
    #[error("{0}")]
    Record(String),
    /// An image encoder failed.
    #[error("could not encode the image: {0}")]
    Encode(String),
}

/// The SVG document of `picture`.
///
/// # Errors
/// [`RenderError::SquareSize`] for a square size out of range.
///
/// ```
/// use marsal::{Position, Ruleset};
/// use marsal_render::{Options, Picture, svg};
/// let pos = Position::start(&Ruleset::barrage(), 1, 2)?;
/// let text = svg(&Picture::from_position(&pos), &Options { square: 30, ..Options::default() })?;
/// assert!(text.contains(r#"width="319""#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg(picture: &Picture, options: &Options) -> Result<String, RenderError> {
    options.validate()?;
    Ok(svg::write(&scene::scene(picture, options), options.square))
}
