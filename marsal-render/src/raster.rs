//! Paints a scene into pixels with tiny-skia: the board once per board, each
//! piece token once per look, then every frame is a copy of the board with
//! the tokens placed on it, which is what makes video frames cheap.

use crate::RenderError;
use crate::options::Options;
use crate::picture::Picture;
use crate::scene::{Color, Scene, Shape, Token, scene};
use std::collections::HashMap;
use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// An RGB image: `width × height` pixels, 3 bytes each, rows top first.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RgbImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 3` bytes: red, green, blue of each pixel, row by row.
    pub pixels: Vec<u8>,
}

/// Paints pictures into RGB pixels, keeping the board and the pieces it has
/// drawn so that the next picture of the same game costs little more than a
/// copy. Keep one painter per game (or per environment) and reuse it.
///
/// ```
/// use marsal::{Position, Ruleset, Side};
/// use marsal_render::{Options, Painter, Picture};
/// let pos = Position::start(&Ruleset::classic(), 1, 2)?;
/// let mut painter = Painter::new();
/// let img = painter.rgb(&Picture::from_view(pos.rules(), &pos.view(Side::Red)), &Options::default())?;
/// assert_eq!(img.pixels.len(), (img.width * img.height * 3) as usize);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Painter {
    /// The boards painted last (both ways up, for environments that show
    /// the side to move), newest first.
    boards: Vec<(Vec<Shape>, Pixmap)>,
    tokens: HashMap<(Token, u32), Pixmap>,
    frame: Option<Pixmap>,
}

impl std::fmt::Debug for Painter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Painter")
            .field("tokens", &self.tokens.len())
            .finish_non_exhaustive()
    }
}

fn color(c: Color) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.0, c.1, c.2, c.3)
}

fn paint_of(c: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color(c));
    p.anti_alias = true;
    p
}

/// A rectangle with corners rounded by `r` (cubic quarter circles).
fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<tiny_skia::Path> {
    let r = r.min(w / 2.0).min(h / 2.0);
    let k = r * (1.0 - 0.552_284_8);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - k, y, x + w, y + k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + k, y + h, x, y + h - k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// Paints `s` onto `pm`.
fn draw(pm: &mut Pixmap, s: &Shape) {
    let id = Transform::identity();
    match s {
        Shape::Rect {
            x,
            y,
            w,
            h,
            r,
            fill,
        } => {
            if *r > 0.0 {
                if let Some(path) = rounded_rect(*x, *y, *w, *h, *r) {
                    pm.fill_path(&path, &paint_of(*fill), FillRule::Winding, id, None);
                }
            } else if let Some(rect) = Rect::from_xywh(*x, *y, *w, *h) {
                pm.fill_rect(rect, &paint_of(*fill), id, None);
            }
        }
        Shape::Circle { cx, cy, r, fill } => {
            if let Some(path) = PathBuilder::from_circle(*cx, *cy, *r) {
                pm.fill_path(&path, &paint_of(*fill), FillRule::Winding, id, None);
            }
        }
        Shape::Lines {
            lines,
            color,
            width,
        } => {
            let mut pb = PathBuilder::new();
            for line in lines {
                for (i, &(x, y)) in line.iter().enumerate() {
                    if i == 0 {
                        pb.move_to(x, y);
                    } else {
                        pb.line_to(x, y);
                    }
                }
            }
            if let Some(path) = pb.finish() {
                let stroke = Stroke {
                    width: *width,
                    line_cap: LineCap::Round,
                    line_join: LineJoin::Round,
                    ..Stroke::default()
                };
                pm.stroke_path(&path, &paint_of(*color), &stroke, id, None);
            }
        }
        Shape::Polygon {
            points,
            fill,
            edge,
            edge_width,
        } => {
            let mut pb = PathBuilder::new();
            for (i, &(x, y)) in points.iter().enumerate() {
                if i == 0 {
                    pb.move_to(x, y);
                } else {
                    pb.line_to(x, y);
                }
            }
            pb.close();
            if let Some(path) = pb.finish() {
                pm.fill_path(&path, &paint_of(*fill), FillRule::Winding, id, None);
                let stroke = Stroke {
                    width: *edge_width,
                    line_join: LineJoin::Round,
                    ..Stroke::default()
                };
                pm.stroke_path(&path, &paint_of(*edge), &stroke, id, None);
            }
        }
    }
}

/// Draws `tile` over `frame` with its top left corner at `(x, y)` (source
/// over, premultiplied), clipped to the frame. The same result as tiny-skia's
/// `draw_pixmap` at whole-pixel offsets, many times faster for small tiles.
fn blend(frame: &mut Pixmap, tile: &Pixmap, x: u32, y: u32) {
    let (fw, fh) = (frame.width(), frame.height());
    if x >= fw || y >= fh {
        return;
    }
    let w = tile.width().min(fw - x) as usize;
    let h = tile.height().min(fh - y) as usize;
    let tw = tile.width() as usize;
    let src = tile.data();
    let dst = frame.data_mut();
    for row in 0..h {
        let s = &src[row * tw * 4..(row * tw + w) * 4];
        let at = ((y as usize + row) * fw as usize + x as usize) * 4;
        let d = &mut dst[at..at + w * 4];
        for (d, s) in d.chunks_exact_mut(4).zip(s.chunks_exact(4)) {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(s),
                a => {
                    let keep = 255 - a as u32;
                    for i in 0..4 {
                        // d * (1 - a) + s, rounded as tiny-skia's div255.
                        let v = d[i] as u32 * keep + 128;
                        d[i] = (s[i] as u32 + ((v + (v >> 8)) >> 8)).min(255) as u8;
                    }
                }
            }
        }
    }
}

fn new_pixmap(width: u32, height: u32) -> Result<Pixmap, RenderError> {
    Pixmap::new(width, height).ok_or(RenderError::TooLarge { width, height })
}

impl Painter {
    /// A painter with nothing drawn yet.
    ///
    /// ```
    /// let painter = marsal_render::Painter::new();
    /// assert!(format!("{painter:?}").contains("tokens: 0"));
    /// ```
    pub fn new() -> Painter {
        Painter::default()
    }

    /// The picture in RGB pixels.
    ///
    /// # Errors
    /// [`RenderError::SquareSize`] for a square size out of range.
    pub fn rgb(&mut self, picture: &Picture, options: &Options) -> Result<RgbImage, RenderError> {
        let mut img = RgbImage::default();
        self.rgb_into(picture, options, &mut img)?;
        Ok(img)
    }

    /// As [`Painter::rgb`], into `img` (its buffer reused).
    ///
    /// ```
    /// use marsal::{Position, Ruleset};
    /// use marsal_render::{Options, Painter, Picture, RgbImage};
    /// let pos = Position::start(&Ruleset::barrage(), 1, 2)?;
    /// let mut img = RgbImage::default();
    /// Painter::new().rgb_into(&Picture::from_position(&pos), &Options::default(), &mut img)?;
    /// assert_eq!((img.width, img.height), (426, 426));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rgb_into(
        &mut self,
        picture: &Picture,
        options: &Options,
        img: &mut RgbImage,
    ) -> Result<(), RenderError> {
        let pm = self.paint(picture, options)?;
        img.width = pm.width();
        img.height = pm.height();
        img.pixels.resize(pm.data().len() / 4 * 3, 0);
        // The background is opaque, so every pixel is: no un-premultiplying.
        for (d, s) in img
            .pixels
            .chunks_exact_mut(3)
            .zip(pm.data().chunks_exact(4))
        {
            d.copy_from_slice(&s[..3]);
        }
        Ok(())
    }

    /// The picture painted, as tiny-skia's pixmap (premultiplied RGBA).
    pub(crate) fn paint(
        &mut self,
        picture: &Picture,
        options: &Options,
    ) -> Result<&Pixmap, RenderError> {
        options.validate()?;
        let sc: Scene = scene(picture, options);
        let known = self.boards.iter().position(|(shapes, pm)| {
            *shapes == sc.board && pm.width() == sc.width && pm.height() == sc.height
        });
        match known {
            Some(i) => self.boards[..=i].rotate_right(1),
            None => {
                let mut pm = new_pixmap(sc.width, sc.height)?;
                for s in &sc.board {
                    draw(&mut pm, s);
                }
                self.boards.insert(0, (sc.board, pm));
                self.boards.truncate(4);
            }
        }
        let board = &self.boards[0].1;
        if !matches!(&self.frame, Some(f) if f.width() == sc.width && f.height() == sc.height) {
            self.frame = Some(new_pixmap(sc.width, sc.height)?);
        }
        let Some(frame) = self.frame.as_mut() else {
            unreachable!("the frame was just made")
        };
        frame.data_mut().copy_from_slice(board.data());
        for s in &sc.under {
            draw(frame, s);
        }
        let c = options.square;
        for (x, y, token) in &sc.pieces {
            let tile = match self.tokens.entry((*token, c)) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    let mut pm = new_pixmap(c + 1, c + 1)?;
                    for s in token.shapes(c as f32) {
                        draw(&mut pm, &s);
                    }
                    e.insert(pm)
                }
            };
            blend(frame, tile, *x, *y);
        }
        for s in &sc.over {
            draw(frame, s);
        }
        Ok(frame)
    }

    /// The picture as a PNG file's bytes.
    ///
    /// ```
    /// use marsal::{Position, Ruleset};
    /// use marsal_render::{Options, Painter, Picture};
    /// let pos = Position::start(&Ruleset::classic(), 1, 2)?;
    /// let png = Painter::new().png(&Picture::from_position(&pos), &Options::default())?;
    /// assert_eq!(&png[1..4], b"PNG");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn png(&mut self, picture: &Picture, options: &Options) -> Result<Vec<u8>, RenderError> {
        let pm = self.paint(picture, options)?;
        pm.encode_png()
            .map_err(|e| RenderError::Encode(e.to_string()))
    }
}
