//! Text forms and parsers.

use super::*;

/// `text` with a few random edits (replace, insert or delete a character from
/// `alphabet`), driven by `edits`.
fn mutate(text: &str, alphabet: &[char], edits: &[(u16, u16, u8)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, what, op) in edits {
        let c = alphabet[what as usize % alphabet.len()];
        let i = if chars.is_empty() {
            0
        } else {
            at as usize % (chars.len() + 1)
        };
        match op % 3 {
            0 if i < chars.len() => chars[i] = c,
            1 => chars.insert(i, c),
            _ if i < chars.len() => {
                chars.remove(i);
            }
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

/// Calls every parser of the library on `s` (they must return, not panic).
fn parse_everything(rules: &Ruleset, pos: &Position, s: &str) {
    let _ = s.parse::<Square>();
    let _ = s.parse::<Move>();
    let _ = s.parse::<PieceKind>();
    let _ = s.parse::<Side>();
    let _ = rules.board.parse_square(s);
    for side in Side::BOTH {
        let _ = Setup::from_text(rules, side, s);
    }
    if let Ok(p) = Position::from_text(rules, s) {
        assert_eq!(p.hash(), p.hash_from_scratch());
    }
    let _ = pos.parse_move(s);
    let mut copy = *pos;
    let _ = copy.play_text(s);
    let _ = Game::from_position(*pos).play_text(s);
    let rows: Vec<&str> = s.split(['/', '\n']).collect();
    let _ = Geometry::from_diagram(&rows);
    #[cfg(feature = "serde")]
    {
        if let Ok(r) = serde_json::from_str::<Ruleset>(s) {
            let _ = r.validate();
        }
        let _ = serde_json::from_str::<Setup>(s);
        if let Ok(p) = serde_json::from_str::<Position>(s) {
            assert_eq!(p.hash(), p.hash_from_scratch());
            let _ = p.legal_moves();
            let _ = p.view(Side::Red);
        }
        let _ = serde_json::from_str::<Game>(s);
        let _ = serde_json::from_str::<Geometry>(s);
        let _ = serde_json::from_str::<Army>(s);
        let _ = serde_json::from_str::<KindSet>(s);
    }
}

const POSITION_ALPHABET: &[char] = &[
    '#', '~', '.', '/', ' ', 'r', 'b', 'M', 'G', 'C', 'J', 'K', 'L', 'R', 'D', 'P', 'U', 'S', 'N',
    'Y', 'X', 'B', 'F', 'm', 'g', 's', 'n', 'y', 'x', 'f', '\n', 'é', '1', '-',
];
const MOVE_ALPHABET: &[char] = &[
    'a', 'b', 'e', 'l', 'm', 'z', 'A', 'L', '0', '1', '2', '9', '-', 'x', 'X', ' ', '+', 'ř',
];
#[cfg(feature = "serde")]
const JSON_ALPHABET: &[char] = &[
    '{', '}', '[', ']', '"', ':', ',', '0', '1', '9', '-', 'e', 'a', 'r', 'n', 'u', 'l', 't', ' ',
    '\\', 'M', 'F', '#', '~', 'R', 'B', '.',
];

proptest! {
    #![proptest_config(config())]

    #[test]
    fn text_forms_round_trip_and_parsers_never_panic(
        case in cases(60),
        arbitrary in any::<String>(),
        square_like in "[a-mA-M]?[0-9]{0,3}",
        move_like in "[a-mA-M ]?[0-9]{0,2}[-xX ]?[a-m]?[0-9]{0,3}",
        diagram_like in prop::collection::vec("[#~.RB]{0,13}", 0..14),
        edits in prop::collection::vec((any::<u16>(), any::<u16>(), any::<u8>()), 0..6),
    ) {
        let rules = case.rules;
        let pos = case.walk(|_, _, _, _| Ok(()))?;

        // Squares, moves and move text.
        for sq in grid() {
            prop_assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        for mv in pos.legal_moves() {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            let text = pos.move_text(mv).to_string();
            prop_assert_eq!(pos.parse_move(&text), Ok(mv), "move text {}", text);
        }
        // Setups.
        for (side, seed) in [(Side::Red, case.red_seed), (Side::Blue, case.blue_seed)] {
            let setup = Setup::random(&rules, side, seed);
            let text = setup.to_text(&rules).to_string();
            prop_assert_eq!(Setup::from_text(&rules, side, &text), Ok(setup), "setup text {}", text);
        }
        // Positions.
        let text = pos.to_text().to_string();
        let again = Position::from_text(&rules, &text)
            .map_err(|e| fail(format!("{text}: {e}")))?;
        prop_assert_eq!(again.to_text().to_string(), text.clone());
        prop_assert_eq!(again.hash(), pos.hash());
        prop_assert_eq!(again.to_move(), pos.to_move());
        for sq in grid() {
            prop_assert_eq!(again.piece_at(sq), pos.piece_at(sq));
        }
        // The board diagram.
        let diagram: Vec<String> = rules.board.to_string().lines().map(String::from).collect();
        prop_assert_eq!(Geometry::from_diagram(&diagram), Ok(rules.board));

        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&rules).map_err(|e| fail(e.to_string()))?;
            prop_assert_eq!(serde_json::from_str::<Ruleset>(&json).ok(), Some(rules));
            let setup = Setup::random(&rules, Side::Blue, case.blue_seed);
            let sj = serde_json::to_string(&setup).map_err(|e| fail(e.to_string()))?;
            prop_assert_eq!(serde_json::from_str::<Setup>(&sj).ok(), Some(setup));
            let pj = serde_json::to_string(&pos).map_err(|e| fail(e.to_string()))?;
            prop_assert_eq!(serde_json::from_str::<Position>(&pj).ok(), Some(pos));
            let mut game = Game::from_position(case.start()?);
            for &c in case.choices.iter().take(30) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[c as usize % moves.len()];
                game.play(mv).map_err(|e| fail(e.to_string()))?;
            }
            let gj = serde_json::to_string(&game).map_err(|e| fail(e.to_string()))?;
            let game_back = serde_json::from_str::<Game>(&gj)
                .map_err(|e| fail(format!("game JSON refused: {e}")))?;
            prop_assert_eq!(&game_back, &game);
            for (valid, alphabet) in [
                (&json, JSON_ALPHABET),
                (&sj, JSON_ALPHABET),
                (&pj, JSON_ALPHABET),
                (&pj, POSITION_ALPHABET),
                (&gj, JSON_ALPHABET),
            ] {
                parse_everything(&rules, &pos, &mutate(valid, alphabet, &edits));
            }
        }

        // Parsers never panic: arbitrary strings, strings from the alphabets and
        // small edits of valid texts.
        for s in [&arbitrary, &square_like, &move_like] {
            parse_everything(&rules, &pos, s);
        }
        let _ = Geometry::from_diagram(&diagram_like);
        parse_everything(&rules, &pos, &diagram_like.join("/"));
        parse_everything(&rules, &pos, &mutate(&text, POSITION_ALPHABET, &edits));
        for side in Side::BOTH {
            let setup_text = Setup::random(&rules, side, case.red_seed).to_text(&rules).to_string();
            parse_everything(&rules, &pos, &mutate(&setup_text, POSITION_ALPHABET, &edits));
        }
        if let Some(mv) = pos.legal_moves().first() {
            parse_everything(&rules, &pos, &mutate(&pos.move_text(*mv).to_string(), MOVE_ALPHABET, &edits));
        }
        let rows: Vec<String> = diagram
            .iter()
            .map(|row| mutate(row, &['#', '~', '.', 'R', 'B', 'x', 'é'], &edits))
            .collect();
        let _ = Geometry::from_diagram(&rows);
    }
}

/// The custom-ruleset generator only makes valid rulesets, of every size and
/// with every option.
#[test]
fn custom_rulesets_are_valid_and_varied() {
    let mut sizes = std::collections::HashSet::new();
    let (mut diagonal, mut corner, mut loses, mut lakes, mut scouts) = (0, 0, 0, 0, 0);
    for seed in 0..2000u64 {
        let files = 3 + (seed % 10) as u8;
        let ranks = 3 + (seed / 10 % 10) as u8;
        let rules = custom_rules(files, ranks, 1 + (seed % 3) as u8, seed);
        assert_eq!(rules.validate(), Ok(()), "{rules:?}");
        sizes.insert((rules.board.files, rules.board.ranks));
        diagonal += usize::from(rules.diagonal_steps);
        corner += usize::from(rules.diagonal_steps && rules.corner_rule);
        loses += usize::from(rules.no_move == NoMoveRule::Loses);
        lakes += usize::from(!rules.board.lakes.is_empty());
        scouts += usize::from(rules.armies[0].count(PieceKind::Scout) > 0);
        let pos = Position::start(&rules, seed, seed + 1).unwrap();
        assert_eq!(pos.hash(), pos.hash_from_scratch());
    }
    assert_eq!(sizes.len(), 100);
    assert!(diagonal > 500 && corner > 200 && loses > 500 && lakes > 500 && scouts > 300);
}
