//! How big a picture is, which way up, and whether it has coordinates.

use crate::RenderError;
use crate::picture::Viewpoint;
use marsal::Side;

/// Which side's home rank is at the bottom of the picture.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Orientation {
    /// The viewer's side at the bottom; Red for the referee.
    #[default]
    Auto,
    /// Red at the bottom (rank 1 at the bottom, file `a` on the left).
    RedAtBottom,
    /// Blue at the bottom (the board turned half round).
    BlueAtBottom,
}

/// The size and look of a picture.
///
/// ```
/// use marsal_render::{Options, Orientation};
/// let o = Options { square: 24, orientation: Orientation::BlueAtBottom, ..Options::default() };
/// assert!(o.validate().is_ok());
/// assert!(Options { square: 0, ..Options::default() }.validate().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Options {
    /// Pixels per square, [`MIN_SQUARE`]`..=`[`MAX_SQUARE`] (default
    /// [`DEFAULT_SQUARE`]).
    pub square: u32,
    /// Which way up.
    pub orientation: Orientation,
    /// Whether to write the file letters and rank numbers beside the board.
    pub coordinates: bool,
}

/// The smallest square, in pixels, that still shows a readable letter.
pub const MIN_SQUARE: u32 = 8;
/// The largest square, in pixels (a 12 × 12 board is then about 3000 pixels wide).
pub const MAX_SQUARE: u32 = 256;
/// The default square, in pixels: a classic board is then 426 × 426 pixels.
pub const DEFAULT_SQUARE: u32 = 40;

impl Default for Options {
    fn default() -> Options {
        Options {
            square: DEFAULT_SQUARE,
            orientation: Orientation::Auto,
            coordinates: true,
        }
    }
}

impl Options {
    /// Checks the square size.
    ///
    /// ```
    /// use marsal_render::Options;
    /// assert!(Options { square: 100_000, ..Options::default() }.validate().is_err());
    /// ```
    pub fn validate(&self) -> Result<(), RenderError> {
        if (MIN_SQUARE..=MAX_SQUARE).contains(&self.square) {
            Ok(())
        } else {
            Err(RenderError::SquareSize(self.square))
        }
    }

    /// Whether Blue's side is drawn at the bottom for `viewpoint`.
    ///
    /// ```
    /// use marsal_render::{Options, Viewpoint};
    /// assert!(Options::default().blue_at_bottom(Viewpoint::Side(marsal::Side::Blue)));
    /// assert!(!Options::default().blue_at_bottom(Viewpoint::Referee));
    /// ```
    pub fn blue_at_bottom(&self, viewpoint: Viewpoint) -> bool {
        match self.orientation {
            Orientation::Auto => viewpoint == Viewpoint::Side(Side::Blue),
            Orientation::RedAtBottom => false,
            Orientation::BlueAtBottom => true,
        }
    }
}
