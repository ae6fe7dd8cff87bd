//! Pictures of a game: its board as one side sees it (or the referee) as an
//! SVG document or as RGB pixels, into a caller's buffer.

use crate::game::MarsalGame;
use crate::pointers::{put_opt, try_ref, write_text};
use crate::status::{Error, MarsalStatus, boundary};
use crate::values::{MARSAL_NONE, side};
use marsal_render::{Options, Orientation, Painter, Picture, RenderError, RgbImage, Viewpoint};
use std::cell::RefCell;
use std::ffi::c_char;

/// The `viewer` of the render calls that shows every piece (the referee's
/// picture); 0 is Red's view and 1 Blue's.
pub const MARSAL_VIEWER_REFEREE: u8 = 2;

thread_local! {
    /// Each thread's painter: the board and the pieces it painted are kept,
    /// so the next picture of a game costs little more than a copy; and the
    /// last picture with its pixels, so that the call after a size query
    /// copies them instead of painting them again.
    static PAINTER: RefCell<Painted> = RefCell::new(Painted::default());
}

#[derive(Default)]
struct Painted {
    painter: Painter,
    img: RgbImage,
    last: Option<(Picture, Options)>,
}

fn render_error(e: RenderError) -> Error {
    Error::new(MarsalStatus::InvalidArgument, e.to_string())
}

/// The viewpoint and options from the C arguments.
fn picture_of(
    game: &marsal::Game,
    viewer: u8,
    square: u32,
    bottom: u8,
    coordinates: bool,
) -> Result<(Picture, Options), Error> {
    let viewpoint = match viewer {
        MARSAL_VIEWER_REFEREE => Viewpoint::Referee,
        code => Viewpoint::Side(side(code).map_err(|_| {
            Error::new(
                MarsalStatus::InvalidArgument,
                format!("viewer {code} is not 0 (red), 1 (blue) or 2 (the referee)"),
            )
        })?),
    };
    let orientation = match bottom {
        MARSAL_NONE => Orientation::Auto,
        0 => Orientation::RedAtBottom,
        1 => Orientation::BlueAtBottom,
        code => {
            return Err(Error::new(
                MarsalStatus::InvalidArgument,
                format!("bottom {code} is not 0 (red), 1 (blue) or 255 (the viewer's side)"),
            ));
        }
    };
    let options = Options {
        square,
        orientation,
        coordinates,
    };
    options.validate().map_err(render_error)?;
    Ok((Picture::of_game(game, viewpoint), options))
}

/// Writes an SVG picture of `game`'s board into `buf` (NUL-terminated, the
/// text conventions): as `viewer` sees it (0 Red, 1 Blue: enemy pieces only
/// as that side knows them; `MARSAL_VIEWER_REFEREE`: every piece), `square`
/// pixels a square (8 to 256; 40 is the usual size), `bottom` the side drawn
/// at the bottom (0 Red, 1 Blue, `MARSAL_NONE` the viewer's), with file
/// letters and rank numbers when `coordinates`. Letters are drawn as paths:
/// the document needs no fonts.
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `len_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_render_svg(
    game: *const MarsalGame,
    viewer: u8,
    square: u32,
    bottom: u8,
    coordinates: bool,
    buf: *mut c_char,
    cap: usize,
    len_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        let (picture, options) = picture_of(&g.game, viewer, square, bottom, coordinates)?;
        let text = marsal_render::svg(&picture, &options).map_err(render_error)?;
        // SAFETY: the caller's promise.
        unsafe { write_text(&text, buf, cap, len_out) }
    })
}

/// Writes the same picture as `marsal_game_render_svg` as RGB pixels into
/// `buf`: `width * height * 3` bytes, rows top first, red, green and blue of
/// each pixel. `*width_out` and `*height_out` are written (when not NULL)
/// even when `buf` is NULL or smaller than that, which is then
/// `MARSAL_STATUS_BUFFER_TOO_SMALL` (the size query). Each thread keeps the
/// board and pieces it painted, so a frame of the same game costs well under
/// a millisecond.
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable bytes;
/// `width_out` and `height_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_render_rgb(
    game: *const MarsalGame,
    viewer: u8,
    square: u32,
    bottom: u8,
    coordinates: bool,
    buf: *mut u8,
    cap: usize,
    width_out: *mut u32,
    height_out: *mut u32,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        let (picture, options) = picture_of(&g.game, viewer, square, bottom, coordinates)?;
        PAINTER.with(|cell| {
            let mut cell = cell.try_borrow_mut().map_err(|_| {
                Error::new(
                    MarsalStatus::InvalidArgument,
                    "the painter is busy".to_string(),
                )
            })?;
            let Painted { painter, img, last } = &mut *cell;
            let key = (picture, options);
            if last.as_ref() != Some(&key) {
                *last = None;
                painter
                    .rgb_into(&key.0, &key.1, img)
                    .map_err(render_error)?;
                *last = Some(key);
            }
            // SAFETY: the caller's promise.
            unsafe {
                put_opt(width_out, img.width);
                put_opt(height_out, img.height);
            }
            let n = img.pixels.len();
            if buf.is_null() || cap < n {
                return Err(Error::new(
                    MarsalStatus::BufferTooSmall,
                    format!(
                        "the picture needs {n} bytes ({} x {} x 3), the buffer has {cap}",
                        img.width, img.height
                    ),
                ));
            }
            // SAFETY: `buf` has room for `n` bytes, checked above.
            unsafe { std::ptr::copy_nonoverlapping(img.pixels.as_ptr(), buf, n) };
            Ok(())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use marsal::{Game, Position, Ruleset};
    use std::ptr::{null, null_mut};

    fn game() -> MarsalGame {
        MarsalGame {
            game: Game::from_position(Position::start(&Ruleset::classic(), 1, 2).unwrap()),
        }
    }

    #[test]
    fn svg_is_written_after_a_size_query_and_matches_the_rust_api() {
        let g = game();
        let mut len = 0usize;
        // SAFETY: a live game, a NULL buffer (the query) and a real length.
        let s = unsafe {
            marsal_game_render_svg(&g, 0, 40, MARSAL_NONE, true, null_mut(), 0, &mut len)
        };
        assert_eq!(s, MarsalStatus::BufferTooSmall);
        let mut buf = vec![0 as c_char; len + 1];
        // SAFETY: a buffer of len + 1 bytes.
        let s = unsafe {
            marsal_game_render_svg(
                &g,
                0,
                40,
                MARSAL_NONE,
                true,
                buf.as_mut_ptr(),
                buf.len(),
                &mut len,
            )
        };
        assert_eq!(s, MarsalStatus::Ok);
        let text: Vec<u8> = buf[..len].iter().map(|&c| c as u8).collect();
        let picture = Picture::of_game(&g.game, Viewpoint::Side(marsal::Side::Red));
        let expected = marsal_render::svg(&picture, &Options::default()).unwrap();
        assert_eq!(String::from_utf8(text).unwrap(), expected);
    }

    #[test]
    fn rgb_is_written_after_a_size_query() {
        let g = game();
        let (mut w, mut h) = (0u32, 0u32);
        // SAFETY: a live game, a NULL buffer and real sizes.
        let s = unsafe {
            marsal_game_render_rgb(
                &g,
                MARSAL_VIEWER_REFEREE,
                20,
                1,
                false,
                null_mut(),
                0,
                &mut w,
                &mut h,
            )
        };
        assert_eq!(s, MarsalStatus::BufferTooSmall);
        assert!(w > 200 && h > 200);
        let mut buf = vec![0u8; (w * h * 3) as usize];
        // SAFETY: a buffer of the size asked for.
        let s = unsafe {
            marsal_game_render_rgb(
                &g,
                MARSAL_VIEWER_REFEREE,
                20,
                1,
                false,
                buf.as_mut_ptr(),
                buf.len(),
                &mut w,
                &mut h,
            )
        };
        assert_eq!(s, MarsalStatus::Ok);
        let options = Options {
            square: 20,
            orientation: Orientation::BlueAtBottom,
            coordinates: false,
        };
        let img = Painter::new()
            .rgb(&Picture::of_game(&g.game, Viewpoint::Referee), &options)
            .unwrap();
        assert!(img.pixels == buf);
    }

    #[test]
    fn bad_arguments_are_refused_with_a_code() {
        let g = game();
        let mut len = 0usize;
        let mut buf = vec![0 as c_char; 1 << 20];
        let mut call = |game: *const MarsalGame, viewer, square, bottom| {
            // SAFETY: a real buffer and length; `game` NULL or live.
            unsafe {
                marsal_game_render_svg(
                    game,
                    viewer,
                    square,
                    bottom,
                    true,
                    buf.as_mut_ptr(),
                    buf.len(),
                    &mut len,
                )
            }
        };
        assert_eq!(call(null(), 0, 40, MARSAL_NONE), MarsalStatus::NullPointer);
        assert_eq!(call(&g, 3, 40, MARSAL_NONE), MarsalStatus::InvalidArgument);
        assert_eq!(call(&g, 0, 0, MARSAL_NONE), MarsalStatus::InvalidArgument);
        assert_eq!(
            call(&g, 0, 1 << 30, MARSAL_NONE),
            MarsalStatus::InvalidArgument
        );
        assert_eq!(call(&g, 0, 40, 7), MarsalStatus::InvalidArgument);
        assert_eq!(call(&g, MARSAL_VIEWER_REFEREE, 40, 0), MarsalStatus::Ok);
    }
}
