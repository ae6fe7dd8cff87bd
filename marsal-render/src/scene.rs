//! The drawing of a picture as plain shapes (rectangles, circles, stroked
//! lines, polygons) in pixels: the one description both the SVG writer and
//! the rasteriser draw, so the two show the same thing.

use crate::glyphs::text_lines;
use crate::options::Options;
use crate::picture::{Cell, Look, Picture};
use marsal::{KindSet, Side, Square};

/// A colour with straight (not premultiplied) alpha.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Color(pub u8, pub u8, pub u8, pub u8);

impl Color {
    const fn rgb(hex: u32) -> Color {
        Color((hex >> 16) as u8, (hex >> 8) as u8, hex as u8, 255)
    }
}

/// The colours of the pictures.
pub(crate) mod palette {
    use super::Color;
    pub const BACKGROUND: Color = Color::rgb(0xf3ede0);
    pub const GRID: Color = Color::rgb(0x9c8a66);
    pub const SQUARE: Color = Color::rgb(0xe6d7b0);
    pub const RED_ZONE: Color = Color::rgb(0xeccbb3);
    pub const BLUE_ZONE: Color = Color::rgb(0xcdd5e3);
    pub const LAKE: Color = Color::rgb(0x79b0d9);
    pub const WAVE: Color = Color::rgb(0xc4e2f5);
    pub const COORDINATE: Color = Color::rgb(0x6b5b40);
    pub const RED: Color = Color::rgb(0xc4302b);
    pub const RED_EDGE: Color = Color::rgb(0x731915);
    pub const BLUE: Color = Color::rgb(0x2f62c4);
    pub const BLUE_EDGE: Color = Color::rgb(0x17326e);
    pub const INK: Color = Color::rgb(0xffffff);
    pub const MOVE: Color = Color(0xf2, 0xc9, 0x1d, 150);
    pub const FIGHT: Color = Color::rgb(0xff8c1a);
    pub const FIGHT_EDGE: Color = Color::rgb(0x6e3300);
}

/// One shape, in pixels.
#[derive(Clone, PartialEq, Debug)]
pub(crate) enum Shape {
    /// A filled rectangle, its corners rounded by `r`.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        r: f32,
        fill: Color,
    },
    /// A filled circle.
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
        fill: Color,
    },
    /// Polylines stroked with round caps and joins.
    Lines {
        lines: Vec<Vec<(f32, f32)>>,
        color: Color,
        width: f32,
    },
    /// A filled polygon with an outline.
    Polygon {
        points: Vec<(f32, f32)>,
        fill: Color,
        edge: Color,
        edge_width: f32,
    },
}

/// How one piece is drawn: pictures draw each token once and place it on
/// every square that shows it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Token {
    pub side: Side,
    pub look: Look,
    pub known: bool,
    pub strength: u8,
}

impl Token {
    /// A name for the token, usable as an SVG id: `r-M10`, `b-u1c00`, with
    /// `-k` when its opponent knows it.
    pub fn id(&self) -> String {
        let side = if self.side == Side::Red { 'r' } else { 'b' };
        let what = match self.look {
            Look::Kind(k) => format!("{}{}", k.letter(), self.strength),
            Look::Unknown(set) => format!("u{:x}", set.bits()),
        };
        format!("{side}-{what}{}", if self.known { "-k" } else { "" })
    }

    /// The shapes of the token in a square of `c` pixels whose top left
    /// corner is at the origin.
    pub fn shapes(&self, c: f32) -> Vec<Shape> {
        let (body, edge) = match self.side {
            Side::Red => (palette::RED, palette::RED_EDGE),
            Side::Blue => (palette::BLUE, palette::BLUE_EDGE),
        };
        let inset = (c * 0.07).round().max(1.0);
        let size = c - 2.0 * inset + 1.0;
        let r = c * 0.14;
        let mut out = vec![
            Shape::Rect {
                x: inset,
                y: inset,
                w: size,
                h: size,
                r,
                fill: edge,
            },
            Shape::Rect {
                x: inset + 1.0,
                y: inset + 1.0,
                w: size - 2.0,
                h: size - 2.0,
                r: (r - 1.0).max(0.0),
                fill: body,
            },
        ];
        let ink = |text: &str, baseline: f32, height: f32, width: f32| Shape::Lines {
            lines: text_lines(text, c / 2.0, baseline, height),
            color: palette::INK,
            width: width.max(1.0),
        };
        match self.look {
            Look::Kind(k) => {
                let letter = k.letter().to_string();
                if self.strength > 0 {
                    out.push(ink(&letter, c * 0.53, c * 0.34, c * 0.085));
                    out.push(ink(
                        &self.strength.to_string(),
                        c * 0.83,
                        c * 0.19,
                        c * 0.06,
                    ));
                } else {
                    out.push(ink(&letter, c * 0.7, c * 0.4, c * 0.09));
                }
            }
            Look::Unknown(shown) => {
                if shown.is_empty() {
                    out.push(ink("?", c * 0.71, c * 0.42, c * 0.085));
                } else {
                    let letters: String = shown.iter().map(|k| k.letter()).collect();
                    out.push(ink("?", c * 0.5, c * 0.3, c * 0.075));
                    out.push(ink(&letters, c * 0.83, c * 0.18, c * 0.055));
                }
            }
        }
        if self.known {
            out.push(Shape::Circle {
                cx: c * 0.77,
                cy: c * 0.23,
                r: (c * 0.09).max(1.5),
                fill: palette::INK,
            });
        }
        out
    }
}

/// The possible kinds an unknown piece shows in small letters: two or three
/// (more would not fit and says little).
fn shown_possibilities(set: KindSet) -> KindSet {
    if (2..=3).contains(&set.len()) {
        set
    } else {
        KindSet::EMPTY
    }
}

/// A picture laid out in pixels.
pub(crate) struct Scene {
    pub width: u32,
    pub height: u32,
    /// The board without pieces: the same for every position of a game.
    pub board: Vec<Shape>,
    /// The marks of the last move drawn under the pieces.
    pub under: Vec<Shape>,
    /// Each piece: the top left corner of its square and its token.
    pub pieces: Vec<(u32, u32, Token)>,
    /// The marks drawn over the pieces (a fight).
    pub over: Vec<Shape>,
}

/// Where squares go on the picture.
struct Layout {
    c: u32,
    left: u32,
    top: u32,
    files: u8,
    ranks: u8,
    flip: bool,
}

impl Layout {
    /// The top left corner of `sq`'s square.
    fn corner(&self, sq: Square) -> (u32, u32) {
        let (col, row) = if self.flip {
            (self.files - 1 - sq.file(), sq.rank())
        } else {
            (sq.file(), self.ranks - 1 - sq.rank())
        };
        (
            self.left + col as u32 * self.c,
            self.top + row as u32 * self.c,
        )
    }

    fn center(&self, sq: Square) -> (f32, f32) {
        let (x, y) = self.corner(sq);
        let h = self.c as f32 / 2.0;
        (x as f32 + h, y as f32 + h)
    }
}

/// Lays `picture` out with `options` (already validated).
pub(crate) fn scene(picture: &Picture, options: &Options) -> Scene {
    let c = options.square;
    let cf = c as f32;
    let small = (c / 8).max(1);
    let (left, bottom) = if options.coordinates {
        (c / 2, c / 2)
    } else {
        (small, small)
    };
    let layout = Layout {
        c,
        left,
        top: small,
        files: picture.files,
        ranks: picture.ranks,
        flip: options.blue_at_bottom(picture.viewpoint),
    };
    let width = left + picture.files as u32 * c + 1 + small;
    let height = small + picture.ranks as u32 * c + 1 + bottom;

    let mut board = vec![Shape::Rect {
        x: 0.0,
        y: 0.0,
        w: width as f32,
        h: height as f32,
        r: 0.0,
        fill: palette::BACKGROUND,
    }];
    let mut waves = Vec::new();
    for (sq, cell) in picture.cells() {
        if cell == Cell::Off {
            continue;
        }
        let (x, y) = layout.corner(sq);
        let (x, y) = (x as f32, y as f32);
        board.push(Shape::Rect {
            x,
            y,
            w: cf + 1.0,
            h: cf + 1.0,
            r: 0.0,
            fill: palette::GRID,
        });
        let fill = match (cell, picture.zone(sq)) {
            (Cell::Lake, _) => palette::LAKE,
            (_, Some(Side::Red)) => palette::RED_ZONE,
            (_, Some(Side::Blue)) => palette::BLUE_ZONE,
            _ => palette::SQUARE,
        };
        board.push(Shape::Rect {
            x: x + 1.0,
            y: y + 1.0,
            w: cf - 1.0,
            h: cf - 1.0,
            r: 0.0,
            fill,
        });
        if cell == Cell::Lake {
            for k in [0.38, 0.66] {
                let wy = y + cf * k;
                let n = 6;
                waves.push(
                    (0..=n)
                        .map(|i| {
                            let t = i as f32 / n as f32;
                            let up = if i % 2 == 0 { -1.0 } else { 1.0 };
                            (x + cf * (0.2 + 0.6 * t), wy + up * cf * 0.04)
                        })
                        .collect(),
                );
            }
        }
    }
    if !waves.is_empty() {
        board.push(Shape::Lines {
            lines: waves,
            color: palette::WAVE,
            width: (cf * 0.045).max(1.0),
        });
    }
    if options.coordinates {
        let h = cf * 0.24;
        let w = (cf * 0.045).max(1.0);
        let mut lines = Vec::new();
        let board_bottom = (small + picture.ranks as u32 * c + 1) as f32;
        for f in 0..picture.files {
            let Some(sq) = Square::new(f, 0) else {
                continue;
            };
            let name = ((b'a' + f) as char).to_string();
            let (cx, _) = layout.center(sq);
            lines.extend(text_lines(&name, cx, board_bottom + cf * 0.36, h));
        }
        for r in 0..picture.ranks {
            let Some(sq) = Square::new(0, r) else {
                continue;
            };
            let (_, cy) = layout.center(sq);
            lines.extend(text_lines(
                &(r + 1).to_string(),
                left as f32 / 2.0,
                cy + h / 2.0,
                h,
            ));
        }
        board.push(Shape::Lines {
            lines,
            color: palette::COORDINATE,
            width: w,
        });
    }

    let mut under = Vec::new();
    let mut over = Vec::new();
    if let Some(last) = picture.last {
        for sq in [last.from, last.to] {
            let (x, y) = layout.corner(sq);
            under.push(Shape::Rect {
                x: x as f32 + 1.0,
                y: y as f32 + 1.0,
                w: cf - 1.0,
                h: cf - 1.0,
                r: 0.0,
                fill: palette::MOVE,
            });
        }
        under.push(Shape::Lines {
            lines: vec![vec![layout.center(last.from), layout.center(last.to)]],
            color: palette::MOVE,
            width: (cf * 0.14).max(1.0),
        });
        if last.fight {
            let (x, y) = layout.corner(last.to);
            let (cx, cy) = (x as f32 + cf * 0.2, y as f32 + cf * 0.2);
            let points = (0..16)
                .map(|i| {
                    let a = i as f32 * std::f32::consts::PI / 8.0;
                    let r = if i % 2 == 0 { cf * 0.19 } else { cf * 0.09 };
                    (cx + r * a.sin(), cy - r * a.cos())
                })
                .collect();
            over.push(Shape::Polygon {
                points,
                fill: palette::FIGHT,
                edge: palette::FIGHT_EDGE,
                edge_width: (cf * 0.025).max(1.0),
            });
        }
    }

    let mut pieces = Vec::new();
    for (sq, cell) in picture.cells() {
        if let Cell::Piece {
            side,
            look,
            known_to_opponent,
        } = cell
        {
            let (look, strength) = match look {
                Look::Kind(k) => (look, picture.strength(k)),
                Look::Unknown(set) => (Look::Unknown(shown_possibilities(set)), 0),
            };
            let (x, y) = layout.corner(sq);
            pieces.push((
                x,
                y,
                Token {
                    side,
                    look,
                    known: known_to_opponent,
                    strength,
                },
            ));
        }
    }
    Scene {
        width,
        height,
        board,
        under,
        pieces,
        over,
    }
}
