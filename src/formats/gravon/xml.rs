//! Reading and writing Gravon's XML.

use super::*;

/// Line and column (from 1, the column in characters) of byte `offset` of `text`.
pub(super) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let bytes = &text.as_bytes()[..offset.min(text.len())];
    let line_start = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = 1 + bytes.iter().filter(|&&b| b == b'\n').count();
    let column = 1 + bytes[line_start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count();
    (line, column)
}

pub(super) fn xml_error(text: &str, offset: u64, error: &dyn fmt::Display) -> GravonError {
    let (line, column) = line_column(text, usize::try_from(offset).unwrap_or(usize::MAX));
    GravonError::Xml {
        line,
        column,
        message: error.to_string(),
    }
}

/// The attributes of an element by name (the wanted ones only), unescaped.
pub(super) fn attributes<const N: usize>(
    xml: &str,
    offset: u64,
    element: &BytesStart<'_>,
    names: [&str; N],
) -> Result<[Option<String>; N], GravonError> {
    let mut values = [const { None }; N];
    for attribute in element.attributes() {
        let attribute = attribute.map_err(|e| xml_error(xml, offset, &e))?;
        if let Some(i) = names
            .iter()
            .position(|n| n.as_bytes() == attribute.key.as_ref())
        {
            let value = attribute
                .unescape_value()
                .map_err(|e| xml_error(xml, offset, &e))?;
            values[i] = Some(value.into_owned());
        }
    }
    Ok(values)
}

pub(super) fn required(
    value: Option<String>,
    element: &'static str,
    attribute: &'static str,
) -> Result<String, GravonError> {
    value.ok_or(GravonError::MissingAttribute { element, attribute })
}

/// What has been read of the game so far.
#[derive(Default)]
pub(super) struct Reading {
    kind: Option<GravonKind>,
    field: Option<String>,
    moves: Vec<Move>,
    result: Option<GravonResult>,
}

impl Reading {
    /// Takes in one element inside `<game>`.
    fn element(&mut self, xml: &str, offset: u64, e: &BytesStart<'_>) -> Result<(), GravonError> {
        match e.name().as_ref() {
            b"field" => {
                if self.field.is_some() {
                    return Err(GravonError::DuplicateElement { element: "field" });
                }
                let [content] = attributes(xml, offset, e, ["content"])?;
                self.field = Some(required(content, "field", "content")?);
            }
            b"move" => {
                let number = self.moves.len() + 1;
                let bad = |problem| GravonError::BadMove { number, problem };
                let [id, source, target] = attributes(xml, offset, e, ["id", "source", "target"])?;
                let id = id.ok_or(bad(MoveProblem::MissingAttribute("id")))?;
                if id.trim().parse::<usize>().ok() != Some(number) {
                    return Err(bad(MoveProblem::WrongId { found: id }));
                }
                let square = |value: Option<String>, attribute| {
                    let value = value.ok_or(bad(MoveProblem::MissingAttribute(attribute)))?;
                    square_from_gravon(&value).map_err(|_| {
                        bad(MoveProblem::BadSquare {
                            attribute,
                            found: value,
                        })
                    })
                };
                let from = square(source, "source")?;
                let to = square(target, "target")?;
                self.moves.push(Move::new(from, to));
            }
            b"result" => {
                if self.result.is_some() {
                    return Err(GravonError::DuplicateElement { element: "result" });
                }
                let [code, winner] = attributes(xml, offset, e, ["type", "winner"])?;
                let code = required(code, "result", "type")?;
                let winner = required(winner, "result", "winner")?;
                let code = match code.trim().parse::<u8>() {
                    Ok(c) if GravonResult::is_known_code(c) => c,
                    _ => {
                        return Err(GravonError::BadResult {
                            attribute: "type",
                            found: code,
                        });
                    }
                };
                let winner = match winner.trim() {
                    "1" => Some(Side::Red),
                    "2" => Some(Side::Blue),
                    "3" => None,
                    _ => {
                        return Err(GravonError::BadResult {
                            attribute: "winner",
                            found: winner,
                        });
                    }
                };
                self.result = Some(GravonResult { code, winner });
            }
            _ => {}
        }
        Ok(())
    }
}

/// Reads a Gravon XML record (see the [module documentation](crate::gravon)): the first
/// `<game>` element, its type, board, moves and result. The setups are checked
/// against the game's preset ([`GravonKind::ruleset`]); the moves are only
/// read, not checked (see [`replay`]).
///
/// ```
/// use marsal::gravon::{self, GravonError, GravonKind};
/// let field = "MCDDEKLB".to_string() + &"A".repeat(34) + "__AA__AAAA__AA__"
///     + &"A".repeat(34) + "YNPPQWXO";
/// let xml = format!(
///     r#"<?xml version="1.0"?>
/// <stratego><game type="barrage">
///   <field content="{field}"/>
///   <move id="1" source="C1" target="C3"/>
///   <move id="2" source="K:" target="K9"/>
///   <result type="3" winner="1"/>
/// </game></stratego>"#
/// );
/// let game = gravon::parse(&xml)?;
/// assert_eq!(game.kind, GravonKind::Barrage);
/// assert_eq!(game.moves[0].to_string(), "c1-c3");
/// assert_eq!(game.moves[1].to_string(), "j10-j9");
/// assert_eq!(game.result.unwrap().winner, Some(marsal::Side::Red));
/// assert!(matches!(
///     gravon::parse(&xml.replace("K9", "J9")),
///     Err(GravonError::BadMove { number: 2, .. })
/// ));
/// # Ok::<(), GravonError>(())
/// ```
pub fn parse(xml: &str) -> Result<GravonGame, GravonError> {
    let mut reader = Reader::from_str(xml);
    let mut reading = Reading::default();
    // Open elements; `game_depth` is the depth of the first <game> while open.
    let mut depth = 0usize;
    let mut game_depth: Option<usize> = None;
    let mut game_done = false;
    loop {
        let offset = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|e| xml_error(xml, reader.error_position(), &e))?;
        let is_start = matches!(event, Event::Start(_));
        match event {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => {
                if game_depth.is_some() {
                    reading.element(xml, offset, &e)?;
                } else if !game_done && e.name().as_ref() == b"game" {
                    let [kind] = attributes(xml, offset, &e, ["type"])?;
                    let kind = required(kind, "game", "type")?;
                    reading.kind = Some(match kind.as_str() {
                        "classic" => GravonKind::Classic,
                        "barrage" => GravonKind::Barrage,
                        _ => return Err(GravonError::UnknownGameType { found: kind }),
                    });
                    if is_start {
                        game_depth = Some(depth);
                    } else {
                        game_done = true;
                    }
                }
                if is_start {
                    depth += 1;
                }
            }
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if game_depth == Some(depth) {
                    game_depth = None;
                    game_done = true;
                }
            }
            _ => {}
        }
    }
    if depth > 0 {
        return Err(xml_error(
            xml,
            xml.len() as u64,
            &"an element is not closed",
        ));
    }
    let kind = reading
        .kind
        .ok_or(GravonError::MissingElement { element: "game" })?;
    let field = reading
        .field
        .ok_or(GravonError::MissingElement { element: "field" })?;
    let (red, blue) = board_to_setups(&kind.ruleset(), &field)?;
    Ok(GravonGame {
        kind,
        red,
        blue,
        moves: reading.moves,
        result: reading.result,
    })
}

/// Writes a game as a Gravon XML record that [`parse`] reads back as the same
/// game (player names are not kept, so none are written).
///
/// ```
/// use marsal::gravon::{self, GravonGame, GravonKind, GravonResult};
/// use marsal::{Ruleset, Setup, Side};
/// let rules = Ruleset::barrage();
/// let game = GravonGame {
///     kind: GravonKind::Barrage,
///     red: Setup::random(&rules, Side::Red, 7),
///     blue: Setup::random(&rules, Side::Blue, 8),
///     moves: vec!["a4-a5".parse()?, "j7-j6".parse()?],
///     result: Some(GravonResult { code: 4, winner: None }),
/// };
/// let xml = gravon::to_xml(&game);
/// assert!(xml.contains(r#"<move id="2" source="K7" target="K6"/>"#));
/// assert!(xml.contains(r#"<result type="4" winner="3"/>"#));
/// assert_eq!(gravon::parse(&xml)?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_xml(game: &GravonGame) -> String {
    use core::fmt::Write;
    let mut s = String::with_capacity(200 + 45 * game.moves.len());
    // Writing to a String cannot fail.
    let _ = (|| -> fmt::Result {
        writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
        writeln!(s, "<stratego>")?;
        writeln!(s, r#" <game type="{}">"#, game.kind)?;
        writeln!(
            s,
            r#"  <field content="{}"/>"#,
            setups_to_board(&game.red, &game.blue)
        )?;
        for (i, mv) in game.moves.iter().enumerate() {
            writeln!(
                s,
                r#"  <move id="{}" source="{}" target="{}"/>"#,
                i + 1,
                square_to_gravon(mv.from),
                square_to_gravon(mv.to)
            )?;
        }
        if let Some(r) = game.result {
            let winner = match r.winner {
                Some(Side::Red) => 1,
                Some(Side::Blue) => 2,
                None => 3,
            };
            writeln!(s, r#"  <result type="{}" winner="{winner}"/>"#, r.code)?;
        }
        writeln!(s, " </game>")?;
        writeln!(s, "</stratego>")
    })();
    s
}
