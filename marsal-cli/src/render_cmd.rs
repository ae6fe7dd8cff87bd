//! `marsal render`: a picture of a recorded game (Game JSON or Gravon XML, as
//! `marsal match --record` writes them) at one ply as SVG or PNG, or a range
//! of plies as an animated GIF.

use marsal::Game;
use marsal::gravon;
use marsal_render::{
    FrameTimes, Options as RenderOptions, Orientation, Painter, Picture, Viewpoint, animated_gif,
    position_at, svg,
};
use std::path::{Path, PathBuf};

/// What `marsal render` was asked.
pub struct Options {
    /// The record.
    pub record: PathBuf,
    /// The ply of a still picture (default: the last).
    pub ply: Option<u32>,
    /// `red`, `blue` or `referee`.
    pub viewer: String,
    /// The output file: `.svg`, `.png` or (with `animate`) `.gif`.
    pub output: PathBuf,
    /// A frame per ply from `from` to `to`.
    pub animate: bool,
    /// The first ply of an animation.
    pub from: Option<u32>,
    /// The last ply of an animation.
    pub to: Option<u32>,
    /// Pixels per square.
    pub square: u32,
    /// `red` or `blue` at the bottom (default: the viewer's side).
    pub bottom: Option<String>,
    /// No file letters and rank numbers.
    pub no_coordinates: bool,
    /// Milliseconds a frame without a fight stays.
    pub frame_ms: u32,
}

/// The game a record file holds: Game JSON, or Gravon XML replayed under
/// the rules of its kind (and year, when its name says one).
pub fn read_record(path: &Path) -> Result<Game, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    if text.trim_start().starts_with('<') {
        let g = gravon::parse(&text).map_err(|e| format!("{name}: not a Gravon game: {e}"))?;
        let file_name = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
        let rules = gravon::rules_for_year(g.kind, gravon::year_from_file_name(file_name));
        let (game, report) = gravon::replay_game(&g, &rules)
            .map_err(|e| format!("{name}: the setups do not fit {}: {e}", g.kind))?;
        match report.illegal {
            Some(m) => Err(format!(
                "{name}: move {} ({}) is illegal: {}",
                m.number, m.mv, m.error
            )),
            None => Ok(game),
        }
    } else {
        serde_json::from_str(&text).map_err(|e| format!("{name}: not a Game JSON record: {e}"))
    }
}

/// The kind of file `path` names, by its extension.
fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// Runs `marsal render`: everything is made before anything is written, so
/// an error leaves no file behind.
pub fn run(o: Options) -> Result<(), String> {
    let ext = extension(&o.output);
    let out = o.output.display();
    match (o.animate, ext.as_str()) {
        (true, "gif") | (false, "svg" | "png") => {}
        (true, _) => return Err(format!("{out}: --animate writes a .gif file")),
        (false, "gif") => return Err(format!("{out}: a .gif is an animation: add --animate")),
        (false, _) => {
            return Err(format!(
                "{out}: write a .svg or .png file (or --animate a .gif)"
            ));
        }
    }
    if o.animate && o.ply.is_some() {
        return Err("--ply is a still picture's; an animation takes --from and --to".into());
    }
    let viewpoint: Viewpoint = o.viewer.parse().map_err(|e| format!("--as: {e}"))?;
    let orientation = match o.bottom.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => Orientation::Auto,
        Some("red") => Orientation::RedAtBottom,
        Some("blue") => Orientation::BlueAtBottom,
        Some(other) => return Err(format!("--bottom: {other:?} is neither red nor blue")),
    };
    let options = RenderOptions {
        square: o.square,
        orientation,
        coordinates: !o.no_coordinates,
    };
    options.validate().map_err(|e| format!("--size: {e}"))?;
    let game = read_record(&o.record)?;
    let plies = game.outcomes().len() as u32;
    let bytes = if o.animate {
        let times = FrameTimes {
            mv: o.frame_ms,
            fight: o.frame_ms.saturating_mul(3),
            ..FrameTimes::default()
        };
        let (from, to) = (o.from.unwrap_or(0), o.to.unwrap_or(plies));
        animated_gif(&game, viewpoint, &options, from, to, times).map_err(|e| e.to_string())?
    } else {
        let pos = position_at(&game, o.ply.unwrap_or(plies)).map_err(|e| e.to_string())?;
        let picture = Picture::of(&pos, viewpoint);
        if ext == "svg" {
            svg(&picture, &options)
                .map_err(|e| e.to_string())?
                .into_bytes()
        } else {
            Painter::new()
                .png(&picture, &options)
                .map_err(|e| e.to_string())?
        }
    };
    std::fs::write(&o.output, &bytes).map_err(|e| format!("{out}: {e}"))?;
    crate::outln!("{out}: {} bytes", bytes.len());
    Ok(())
}
