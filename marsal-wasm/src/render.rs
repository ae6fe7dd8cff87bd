//! Pictures: `Game.svg(viewer, square)`, the board as an SVG document drawn
//! from one side's view or the referee's (marsal-render, SVG only).

use crate::api::Game;
use crate::args::{self, Error, Result};
use marsal_render::{Options, Picture, Viewpoint};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Game {
    /// The board as an SVG document: as `viewer` sees it (`"red"` or
    /// `"blue"`: enemy pieces it has not seen show `?`) or `"referee"`
    /// (every piece; a white dot on those the opponent knows); `square`
    /// pixels a square (8 to 256, default 40). Letters are paths: no fonts.
    pub fn svg(
        &self,
        #[wasm_bindgen(unchecked_param_type = "\"red\" | \"blue\" | \"referee\"")] viewer: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] square: JsValue,
    ) -> Result<String> {
        let text = args::text(&viewer, "viewer")?;
        let viewpoint: Viewpoint = text.parse().map_err(|e: marsal_render::RenderError| {
            Error::refused(format!("viewer {text:?}: {e}"))
        })?;
        let square = if square.is_undefined() {
            marsal_render::DEFAULT_SQUARE
        } else {
            args::integer(
                &square,
                "square",
                marsal_render::MIN_SQUARE as f64,
                marsal_render::MAX_SQUARE as f64,
            )? as u32
        };
        let options = Options {
            square,
            ..Options::default()
        };
        let picture = match viewpoint {
            Viewpoint::Side(side) => Picture::from_view(self.game.rules(), &self.game.view(side)),
            Viewpoint::Referee => Picture::from_position(self.game.position()),
        };
        marsal_render::svg(&picture, &options).map_err(|e| Error::refused(e.to_string()))
    }
}
