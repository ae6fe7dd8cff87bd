//! Writes a scene as SVG text: the board, each piece drawn once in `<defs>`
//! and placed with `<use>`, every letter a stroked path (no fonts).

use crate::scene::{Color, Scene, Shape, Token};
use std::fmt::Write;

/// A number with at most two decimals and no trailing zeros.
struct Num(f32);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = (self.0 * 100.0).round() as i64;
        let (sign, v) = if v < 0 { ("-", -v) } else { ("", v) };
        let (whole, frac) = (v / 100, v % 100);
        if frac == 0 {
            write!(f, "{sign}{whole}")
        } else if frac % 10 == 0 {
            write!(f, "{sign}{whole}.{}", frac / 10)
        } else {
            write!(f, "{sign}{whole}.{frac:02}")
        }
    }
}

/// `fill="#rrggbb"` and, when not opaque, its opacity.
fn paint(out: &mut String, attr: &str, c: Color) {
    let _ = write!(out, r##" {attr}="#{:02x}{:02x}{:02x}""##, c.0, c.1, c.2);
    if c.3 != 255 {
        let _ = write!(out, r#" {attr}-opacity="{}""#, Num(c.3 as f32 / 255.0));
    }
}

fn shape(out: &mut String, s: &Shape) {
    match s {
        Shape::Rect {
            x,
            y,
            w,
            h,
            r,
            fill,
        } => {
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}""#,
                Num(*x),
                Num(*y),
                Num(*w),
                Num(*h)
            );
            if *r > 0.0 {
                let _ = write!(out, r#" rx="{}""#, Num(*r));
            }
            paint(out, "fill", *fill);
        }
        Shape::Circle { cx, cy, r, fill } => {
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}""#,
                Num(*cx),
                Num(*cy),
                Num(*r)
            );
            paint(out, "fill", *fill);
        }
        Shape::Lines {
            lines,
            color,
            width,
        } => {
            out.push_str(r#"<path d=""#);
            for line in lines {
                for (i, (x, y)) in line.iter().enumerate() {
                    let _ = write!(
                        out,
                        "{}{} {}",
                        if i == 0 { 'M' } else { 'L' },
                        Num(*x),
                        Num(*y)
                    );
                }
            }
            out.push('"');
            out.push_str(r#" fill="none""#);
            paint(out, "stroke", *color);
            let _ = write!(
                out,
                r#" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round""#,
                Num(*width)
            );
        }
        Shape::Polygon {
            points,
            fill,
            edge,
            edge_width,
        } => {
            out.push_str(r#"<polygon points=""#);
            for (i, (x, y)) in points.iter().enumerate() {
                let _ = write!(
                    out,
                    "{}{},{}",
                    if i == 0 { "" } else { " " },
                    Num(*x),
                    Num(*y)
                );
            }
            out.push('"');
            paint(out, "fill", *fill);
            paint(out, "stroke", *edge);
            let _ = write!(
                out,
                r#" stroke-width="{}" stroke-linejoin="round""#,
                Num(*edge_width)
            );
        }
    }
    out.push_str("/>\n");
}

/// The SVG document of `scene`, drawn with squares of `c` pixels.
pub(crate) fn write(scene: &Scene, c: u32) -> String {
    let mut out = String::with_capacity(16 * 1024);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = scene.width,
        h = scene.height
    );
    // Each token once, in the order the squares first show it.
    let mut tokens: Vec<Token> = Vec::new();
    for (_, _, t) in &scene.pieces {
        if !tokens.contains(t) {
            tokens.push(*t);
        }
    }
    if !tokens.is_empty() {
        out.push_str("<defs>\n");
        for t in &tokens {
            let _ = writeln!(out, r#"<g id="{}">"#, t.id());
            for s in t.shapes(c as f32) {
                shape(&mut out, &s);
            }
            out.push_str("</g>\n");
        }
        out.push_str("</defs>\n");
    }
    for s in scene.board.iter().chain(&scene.under) {
        shape(&mut out, s);
    }
    for (x, y, t) in &scene.pieces {
        let _ = writeln!(out, r##"<use href="#{}" x="{x}" y="{y}"/>"##, t.id());
    }
    for s in &scene.over {
        shape(&mut out, s);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::Num;

    #[test]
    fn numbers_are_short() {
        assert_eq!(Num(3.0).to_string(), "3");
        assert_eq!(Num(2.5).to_string(), "2.5");
        assert_eq!(Num(0.125).to_string(), "0.13");
        assert_eq!(Num(-1.05).to_string(), "-1.05");
        assert_eq!(Num(0.0).to_string(), "0");
    }
}
