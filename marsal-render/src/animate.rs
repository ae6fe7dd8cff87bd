//! A game as an animated GIF: a frame per ply, fights held longer, each frame
//! only the rectangle that changed, every frame in one shared palette.

use crate::RenderError;
use crate::options::Options;
use crate::picture::{Picture, Viewpoint};
use crate::raster::Painter;
use marsal::{Game, Position};
use std::collections::HashMap;

/// How long each frame of an animation stays, in milliseconds (GIF counts in
/// hundredths of a second).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FrameTimes {
    /// A move without a fight.
    pub mv: u32,
    /// A move that fought: held longer so the eye can follow it.
    pub fight: u32,
    /// The last frame, before the animation starts again.
    pub last: u32,
}

impl Default for FrameTimes {
    fn default() -> FrameTimes {
        FrameTimes {
            mv: 400,
            fight: 1200,
            last: 3000,
        }
    }
}

/// The position of `game` after its first `ply` moves.
///
/// # Errors
/// [`RenderError::PlyPastEnd`] when the game has fewer moves.
///
/// ```
/// use marsal::{Game, Position, Ruleset};
/// use marsal_render::position_at;
/// let mut game = Game::from_position(Position::start(&Ruleset::barrage(), 1, 2)?);
/// let mut rng = marsal::Rng::new(7);
/// game.play_random(&mut rng);
/// assert_eq!(position_at(&game, 1)?.ply(), 1);
/// assert!(position_at(&game, 2).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn position_at(game: &Game, ply: u32) -> Result<Position, RenderError> {
    let plies = game.outcomes().len() as u32;
    if ply > plies {
        return Err(RenderError::PlyPastEnd { ply, plies });
    }
    let mut pos = *game.start_position();
    for mv in game.moves().take(ply as usize) {
        pos.play(mv)
            .map_err(|e| RenderError::Record(format!("move {mv} cannot be replayed: {e}")))?;
    }
    Ok(pos)
}

/// A direct-mapped cache from colours to palette entries.
struct Quantizer {
    palette: Vec<[u8; 3]>,
    cache: Vec<(u32, u8)>,
}

const CACHE_BITS: u32 = 16;

/// The palette entry of a pixel that did not change since the last frame.
const TRANSPARENT: u8 = 255;

impl Quantizer {
    /// A palette of the (at most 255) commonest colours of `samples` (RGBA);
    /// the 256th entry is [`TRANSPARENT`].
    fn from_samples(samples: &[Vec<u8>]) -> Quantizer {
        let mut counts: HashMap<[u8; 3], u64> = HashMap::new();
        for s in samples {
            for p in s.chunks_exact(4) {
                *counts.entry([p[0], p[1], p[2]]).or_default() += 1;
            }
        }
        let mut colors: Vec<([u8; 3], u64)> = counts.into_iter().collect();
        colors.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        colors.truncate(TRANSPARENT as usize);
        Quantizer {
            palette: colors.into_iter().map(|(c, _)| c).collect(),
            // Key 0 is never a real entry's: keys carry a set top bit.
            cache: vec![(0, 0); 1 << CACHE_BITS],
        }
    }

    fn index(&mut self, r: u8, g: u8, b: u8) -> u8 {
        let key = (1 << 24) | (r as u32) << 16 | (g as u32) << 8 | b as u32;
        let slot = (key.wrapping_mul(0x9E37_79B1) >> (32 - CACHE_BITS)) as usize;
        if self.cache[slot].0 == key {
            return self.cache[slot].1;
        }
        let mut best = (u32::MAX, 0u8);
        for (i, c) in self.palette.iter().enumerate() {
            let d = |a: u8, b: u8| (a as i32 - b as i32).pow(2) as u32;
            let dist = 2 * d(c[0], r) + 4 * d(c[1], g) + 3 * d(c[2], b);
            if dist < best.0 {
                best = (dist, i as u8);
            }
        }
        self.cache[slot] = (key, best.1);
        best.1
    }

    fn flat_palette(&self) -> Vec<u8> {
        let mut flat: Vec<u8> = self.palette.iter().flatten().copied().collect();
        flat.resize(256 * 3, 0);
        flat
    }
}

/// The smallest rectangle `(left, top, width, height)` holding every pixel
/// that differs between two RGBA frames of `width` pixels a row, or `None`.
fn changed(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let row = width * 4;
    let rows = a.len() / row;
    let differs = |y: usize| a[y * row..(y + 1) * row] != b[y * row..(y + 1) * row];
    let top = (0..rows).find(|&y| differs(y))?;
    let bottom = (0..rows).rev().find(|&y| differs(y)).unwrap_or(top);
    let (mut left, mut right) = (width, 0);
    for y in top..=bottom {
        let (ra, rb) = (&a[y * row..(y + 1) * row], &b[y * row..(y + 1) * row]);
        if let Some(x) = (0..left).find(|&x| ra[x * 4..x * 4 + 4] != rb[x * 4..x * 4 + 4]) {
            left = x;
        }
        if let Some(x) = (right..width)
            .rev()
            .find(|&x| ra[x * 4..x * 4 + 4] != rb[x * 4..x * 4 + 4])
        {
            right = x;
        }
    }
    let right = right.max(left);
    Some((left, top, right - left + 1, bottom - top + 1))
}

/// The plies `from..=to` of `game` from `viewpoint` as an animated GIF: a
/// frame per ply (the position after that many moves), a fight held for
/// `times.fight`, the last frame for `times.last`; the animation loops.
///
/// # Errors
/// [`RenderError::PlyPastEnd`] when `to` is past the game's end,
/// [`RenderError::EmptyRange`] when `from > to`, [`RenderError::SquareSize`]
/// for a bad square size.
///
/// ```
/// use marsal::{Game, Position, Ruleset};
/// use marsal_render::{FrameTimes, Options, Viewpoint, animated_gif};
/// let mut game = Game::from_position(Position::start(&Ruleset::barrage(), 1, 2)?);
/// let mut rng = marsal::Rng::new(7);
/// for _ in 0..4 { game.play_random(&mut rng); }
/// let gif = animated_gif(&game, Viewpoint::Referee, &Options::default(), 0, 4, FrameTimes::default())?;
/// assert_eq!(&gif[..6], b"GIF89a");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn animated_gif(
    game: &Game,
    viewpoint: Viewpoint,
    options: &Options,
    from: u32,
    to: u32,
    times: FrameTimes,
) -> Result<Vec<u8>, RenderError> {
    options.validate()?;
    if from > to {
        return Err(RenderError::EmptyRange { from, to });
    }
    let mut pos = position_at(game, from)?;
    position_at(game, to)?;
    let outcomes = game.outcomes();
    let moves: Vec<_> = game.moves().collect();
    let mut painter = Painter::new();

    // The palette, from a few frames spread over the range (the last one
    // included, so pieces that only show late are in it).
    let mut samples = Vec::new();
    let spread = ((to - from) / 6).max(1);
    let mut probe = pos;
    for ply in from..=to {
        if (ply - from) % spread == 0 || ply == to {
            let pm = painter.paint(&Picture::of(&probe, viewpoint), options)?;
            samples.push(pm.data().to_vec());
        }
        if ply < to {
            play(&mut probe, moves[ply as usize])?;
        }
    }
    let mut quant = Quantizer::from_samples(&samples);
    drop(samples);

    let (w, h) = {
        let pm = painter.paint(&Picture::of(&pos, viewpoint), options)?;
        (pm.width(), pm.height())
    };
    let (gw, gh) = (
        u16::try_from(w).map_err(|_| RenderError::TooLarge {
            width: w,
            height: h,
        })?,
        u16::try_from(h).map_err(|_| RenderError::TooLarge {
            width: w,
            height: h,
        })?,
    );
    let mut out = Vec::new();
    {
        let enc_err = |e: gif::EncodingError| RenderError::Encode(e.to_string());
        let mut enc =
            gif::Encoder::new(&mut out, gw, gh, &quant.flat_palette()).map_err(enc_err)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(enc_err)?;
        let mut prev: Vec<u8> = Vec::new();
        let mut indices = Vec::new();
        for ply in from..=to {
            let data = painter
                .paint(&Picture::of(&pos, viewpoint), options)?
                .data();
            let rect = if prev.is_empty() {
                Some((0, 0, w as usize, h as usize))
            } else {
                changed(&prev, data, w as usize)
            };
            // An unchanged frame still keeps its time: one pixel redrawn.
            let (left, top, fw, fh) = rect.unwrap_or((0, 0, 1, 1));
            indices.clear();
            for y in top..top + fh {
                let span = (y * w as usize + left) * 4..(y * w as usize + left + fw) * 4;
                let row = &data[span.clone()];
                if prev.is_empty() {
                    indices.extend(row.chunks_exact(4).map(|p| quant.index(p[0], p[1], p[2])));
                } else {
                    // Unchanged pixels are left transparent: long runs of one
                    // index, which the compression nearly removes.
                    let before = &prev[span];
                    indices.extend(row.chunks_exact(4).zip(before.chunks_exact(4)).map(
                        |(p, q)| {
                            if p == q {
                                TRANSPARENT
                            } else {
                                quant.index(p[0], p[1], p[2])
                            }
                        },
                    ));
                }
            }
            let ms = if ply == to {
                times.last
            } else if ply > 0 && outcomes[ply as usize - 1].is_attack() {
                times.fight
            } else {
                times.mv
            };
            let frame = gif::Frame {
                left: left as u16,
                top: top as u16,
                width: fw as u16,
                height: fh as u16,
                delay: (ms / 10).min(u16::MAX as u32) as u16,
                dispose: gif::DisposalMethod::Keep,
                transparent: Some(TRANSPARENT),
                buffer: std::borrow::Cow::Borrowed(&indices),
                ..gif::Frame::default()
            };
            enc.write_frame(&frame).map_err(enc_err)?;
            prev.clear();
            prev.extend_from_slice(data);
            if ply < to {
                play(&mut pos, moves[ply as usize])?;
            }
        }
    }
    Ok(out)
}

fn play(pos: &mut Position, mv: marsal::Move) -> Result<(), RenderError> {
    pos.play(mv)
        .map(|_| ())
        .map_err(|e| RenderError::Record(format!("move {mv} cannot be replayed: {e}")))
}
