//! One C ABI call (or a short sequence of them) with arbitrary arguments,
//! and the checks of what it returns.

use super::*;

pub(crate) fn step(st: &mut State, op: Op) {
    unsafe {
        match op {
            Op::Version(null_out) => {
                let mut p: *const c_char = null();
                let s = ok_code(marsal_version(if null_out { null_mut() } else { &mut p }));
                assert_eq!(s == MarsalStatus::Ok, !null_out);
                if !null_out {
                    assert!(!p.is_null());
                }
            }
            Op::Preset(t, null_out) => {
                let c = st.text(&t);
                let mut out: *mut MarsalRuleset = null_mut();
                let s = ok_code(marsal_ruleset_preset(
                    ptr(&c),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null() && !null_out);
                    st.rulesets.push(out);
                } else {
                    assert!(out.is_null());
                }
            }
            Op::FromJson(t, null_out) => {
                let c = st.text(&t);
                let mut out: *mut MarsalRuleset = null_mut();
                let s = ok_code(marsal_ruleset_from_json(
                    ptr(&c),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null() && !null_out);
                    st.rulesets.push(out);
                } else {
                    assert!(out.is_null());
                }
            }
            Op::ToJson(r, b) => {
                let r = st.ruleset(r);
                if let Some(t) = text_out(&b, |p, cap, l| marsal_ruleset_to_json(r, p, cap, l)) {
                    let parsed: marsal::Ruleset =
                        serde_json::from_slice(&t).expect("valid ruleset JSON");
                    assert!(parsed.validate().is_ok());
                    st.remember(&t);
                }
            }
            Op::RulesetFree(i) => {
                let n = st.rulesets.len() + 1;
                let i = i as usize % n;
                let h = if i < st.rulesets.len() {
                    st.rulesets.swap_remove(i)
                } else {
                    null_mut()
                };
                assert_eq!(ok_code(marsal_ruleset_free(h)), MarsalStatus::Ok);
            }
            Op::SetupRandom(r, side, seed, b) => {
                let r = st.ruleset(r);
                if let Some(t) = text_out(&b, |p, cap, l| {
                    marsal_setup_random(r, side, seed, p, cap, l)
                }) {
                    assert!(side <= 1);
                    st.remember(&t);
                }
            }
            Op::GameNew(r, red, blue, null_out) => {
                let r = st.ruleset(r);
                let (red, blue) = (st.text(&red), st.text(&blue));
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_new(
                    r,
                    ptr(&red),
                    ptr(&blue),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null());
                    st.games.push((out, rules_of_handle(r)));
                } else {
                    assert!(out.is_null());
                }
            }
            Op::GameNewRandom(r, a, b, null_out) => {
                let r = st.ruleset(r);
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_new_random(
                    r,
                    a,
                    b,
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null());
                    st.games.push((out, rules_of_handle(r)));
                } else {
                    assert!(out.is_null());
                }
            }
            Op::GameFree(i) => {
                let n = st.games.len() + 1;
                let i = i as usize % n;
                let h = if i < st.games.len() {
                    st.games.swap_remove(i).0
                } else {
                    null_mut()
                };
                assert_eq!(ok_code(marsal_game_free(h)), MarsalStatus::Ok);
            }
            Op::LegalMoves(g, b) => {
                let g = st.game(g);
                let fill = MarsalMove {
                    from: MarsalSquare { file: 99, rank: 99 },
                    to: MarsalSquare { file: 99, rank: 99 },
                };
                let (_, moves) =
                    items_out(&b, fill, |p, cap, c| marsal_game_legal_moves(g, p, cap, c));
                if let Some(moves) = moves {
                    assert_eq!(moves, legal_moves(g));
                }
            }
            Op::Play(g, m, null_outcome) => {
                let g = st.game(g);
                let mv = match m {
                    MoveArg::Legal(i) if !g.is_null() => {
                        let l = legal_moves(g);
                        if l.is_empty() {
                            None
                        } else {
                            Some(l[i as usize % l.len()])
                        }
                    }
                    MoveArg::Legal(_) | MoveArg::Null => None,
                    MoveArg::Raw { from, to } => Some(MarsalMove {
                        from: MarsalSquare {
                            file: from.0 % 14,
                            rank: from.1 % 14,
                        },
                        to: MarsalSquare {
                            file: to.0 % 14,
                            rank: to.1 % 14,
                        },
                    }),
                };
                let text_before = position_text(g);
                let mut out = MarsalOutcome {
                    mv: MarsalMove {
                        from: MarsalSquare { file: 0, rank: 0 },
                        to: MarsalSquare { file: 0, rank: 0 },
                    },
                    side: 0,
                    piece: 0,
                    defender: 0,
                    battle: 0,
                    attacker_revealed: false,
                };
                let mvp = mv.as_ref().map_or(null(), |m| m as *const MarsalMove);
                let s = ok_code(marsal_game_play(
                    g,
                    mvp,
                    if null_outcome { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    let mv = mv.unwrap();
                    if !null_outcome {
                        assert_eq!(out.mv, mv);
                        check_outcome(&out);
                    }
                } else if !g.is_null() {
                    assert_eq!(
                        position_text(g),
                        text_before,
                        "a refused move changed the position"
                    );
                }
            }
            Op::PlayText(g, t, null_outcome) => {
                let g = st.game(g);
                let c = st.text(&t);
                let before = position_text(g);
                let mut out = std::mem::MaybeUninit::<MarsalOutcome>::zeroed().assume_init();
                let s = ok_code(marsal_game_play_text(
                    g,
                    ptr(&c),
                    if null_outcome { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    if !null_outcome {
                        check_outcome(&out);
                    }
                } else if !g.is_null() {
                    assert_eq!(position_text(g), before);
                }
            }
            Op::MoveText(g, m, b) => {
                let g = st.game(g);
                let mv = match m {
                    MoveArg::Legal(i) if !g.is_null() => {
                        let l = legal_moves(g);
                        if l.is_empty() {
                            None
                        } else {
                            Some(l[i as usize % l.len()])
                        }
                    }
                    MoveArg::Legal(_) | MoveArg::Null => None,
                    MoveArg::Raw { from, to } => Some(MarsalMove {
                        from: MarsalSquare {
                            file: from.0 % 14,
                            rank: from.1 % 14,
                        },
                        to: MarsalSquare {
                            file: to.0 % 14,
                            rank: to.1 % 14,
                        },
                    }),
                };
                let mvp = mv.as_ref().map_or(null(), |m| m as *const MarsalMove);
                if let Some(t) = text_out(&b, |p, cap, l| marsal_game_move_text(g, mvp, p, cap, l))
                {
                    st.remember(&t);
                }
            }
            Op::Undo(g, null_out) => {
                let g = st.game(g);
                let mut out = std::mem::MaybeUninit::<MarsalOutcome>::zeroed().assume_init();
                let s = ok_code(marsal_game_undo(
                    g,
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok && !null_out {
                    check_outcome(&out);
                }
            }
            Op::Status(g, null_out) => {
                let g = st.game(g);
                let mut out = MarsalGameStatus {
                    state: 77,
                    side: 77,
                    reason: 77,
                };
                let s = ok_code(marsal_game_status(
                    g,
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(out.state <= 2);
                    match out.state {
                        0 => {
                            assert!(out.side <= 1 && out.reason == MARSAL_NONE);
                            assert!(!legal_moves(g).is_empty(), "ongoing without legal moves");
                        }
                        1 => assert!(out.side <= 1 && out.reason <= 1),
                        _ => {
                            assert!(out.reason <= 5);
                            assert_eq!(out.side != MARSAL_NONE, out.reason == 0);
                            assert!(legal_moves(g).is_empty());
                        }
                    }
                }
            }
            Op::LastOutcome(g, null_out) => {
                let g = st.game(g);
                let mut out = std::mem::MaybeUninit::<MarsalOutcome>::zeroed().assume_init();
                let s = ok_code(marsal_game_last_outcome(
                    g,
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    check_outcome(&out);
                }
            }
            Op::BoardSize(g, nf, nr) => {
                let g = st.game(g);
                let (mut f, mut r) = (0u8, 0u8);
                let s = ok_code(marsal_game_board_size(
                    g,
                    if nf { null_mut() } else { &mut f },
                    if nr { null_mut() } else { &mut r },
                ));
                if s == MarsalStatus::Ok {
                    assert!((1..=12).contains(&f) && (1..=12).contains(&r));
                }
            }
            Op::View(g, side, b) => {
                let g = st.game(g);
                let fill = MarsalSquareView {
                    cell: 77,
                    kind: 77,
                    possible: 0xffff,
                };
                let (s, cells) =
                    items_out(&b, fill, |p, cap, c| marsal_game_view(g, side, p, cap, c));
                if s == MarsalStatus::Ok {
                    assert!(side <= 1);
                }
                if let Some(cells) = cells {
                    for c in cells {
                        assert!(c.cell <= 4);
                        match c.cell {
                            3 => assert!(c.kind < 16 && c.possible & (1 << c.kind) != 0),
                            4 => assert!(c.kind == MARSAL_NONE || c.possible == 1 << c.kind),
                            _ => assert!(c.kind == MARSAL_NONE && c.possible == 0),
                        }
                    }
                }
            }
            Op::Hash(g, null_out) => {
                let g = st.game(g);
                let mut h = 0u64;
                let s = ok_code(marsal_game_hash(
                    g,
                    if null_out { null_mut() } else { &mut h },
                ));
                if s == MarsalStatus::Ok {
                    // The hash is that of the position text's placement.
                    if let (Some(r), Some(t)) = (st.rules_of(g), position_text(g)) {
                        let pos = marsal::Position::from_text(&r, std::str::from_utf8(&t).unwrap())
                            .expect("the position text reads back");
                        assert_eq!(pos.hash(), h, "hash of {}", String::from_utf8_lossy(&t));
                    }
                }
            }
            Op::Ply(g, null_out) => {
                let g = st.game(g);
                let mut p = 0u32;
                ok_code(marsal_game_ply(
                    g,
                    if null_out { null_mut() } else { &mut p },
                ));
            }
            Op::PositionText(g, b) => {
                let g = st.game(g);
                if let Some(t) = text_out(&b, |p, cap, l| marsal_game_position_text(g, p, cap, l)) {
                    st.remember(&t);
                }
            }
            Op::PlayRandom(g, max_plies, seed, null_out) => {
                let g = st.game(g);
                let max_plies = u32::from(max_plies % 512);
                let before = if g.is_null() { 0 } else { ply(g) };
                let mut played = u32::MAX;
                let s = ok_code(marsal_game_play_random(
                    g,
                    max_plies,
                    seed,
                    if null_out { null_mut() } else { &mut played },
                ));
                assert_eq!(s == MarsalStatus::Ok, !g.is_null(), "{s:?}");
                if s == MarsalStatus::Ok {
                    let after = ply(g);
                    if !null_out {
                        assert!(played <= max_plies);
                        assert_eq!(after, before + played);
                    }
                    // Fewer plies than asked only when the game ended.
                    assert!(after - before == max_plies || is_over(g));
                }
            }
            Op::GamesPlayRandom(l, plies_each, seed, null_out) => {
                let list = st.list(&l);
                let plies_each = u32::from(plies_each % 64);
                let texts: Vec<_> = list.iter().map(|&g| position_text(g)).collect();
                let mut distinct = list.clone();
                distinct.sort();
                distinct.dedup();
                distinct.retain(|g| !g.is_null());
                let before: Vec<u32> = distinct.iter().map(|&g| ply(g)).collect();
                let mut total = u64::MAX;
                let arr = if l.null_array { null() } else { list.as_ptr() };
                let s = ok_code(marsal_games_play_random(
                    arr,
                    list.len(),
                    plies_each,
                    seed,
                    if null_out { null_mut() } else { &mut total },
                ));
                let any_null = list.iter().any(|g| g.is_null());
                let expect_ok = list.is_empty() || (!l.null_array && !any_null);
                assert_eq!(s == MarsalStatus::Ok, expect_ok, "{s:?}");
                if s == MarsalStatus::Ok {
                    let moved: u64 = distinct
                        .iter()
                        .zip(&before)
                        .map(|(&g, &b)| u64::from(ply(g) - b))
                        .sum();
                    if !null_out {
                        assert_eq!(total, moved);
                    }
                    assert!(moved <= u64::from(plies_each) * list.len() as u64);
                } else {
                    assert_eq!(s, MarsalStatus::NullPointer);
                    let after: Vec<_> = list.iter().map(|&g| position_text(g)).collect();
                    assert_eq!(after, texts, "a refused batch changed a game");
                }
            }
            Op::RandomPlayouts(r, games, seed, max_plies, null_out) => {
                let r = st.ruleset(r);
                let games = u32::from(games % 3);
                let max_plies = u32::from(max_plies % 300);
                let mut out = MarsalPlayoutSummary {
                    plies: u64::MAX,
                    games: 77,
                    red_wins: 77,
                    blue_wins: 77,
                    draws: 77,
                };
                let s = ok_code(marsal_random_playouts(
                    r,
                    games,
                    seed,
                    max_plies,
                    if null_out { null_mut() } else { &mut out },
                ));
                assert_eq!(
                    s == MarsalStatus::Ok,
                    !r.is_null() && !null_out && max_plies > 0,
                    "{s:?}"
                );
                if s == MarsalStatus::Ok {
                    assert_eq!(out.games, games);
                    assert_eq!(out.red_wins + out.blue_wins + out.draws, games);
                    assert!(out.plies <= u64::from(games) * u64::from(max_plies));
                } else {
                    assert_eq!(out.games, 77, "summary written on failure");
                }
            }
            Op::GamesView(l, side, b) => {
                let list: Vec<*const MarsalGame> =
                    st.list(&l).into_iter().map(|g| g.cast_const()).collect();
                let arr = if l.null_array { null() } else { list.as_ptr() };
                let fill = MarsalSquareView {
                    cell: 77,
                    kind: 77,
                    possible: 0xffff,
                };
                let (s, cells) = items_out(&b, fill, |p, cap, c| {
                    marsal_games_view(arr, list.len(), side, p, cap, c)
                });
                let any_null = list.iter().any(|g| g.is_null());
                if !list.is_empty() && (l.null_array || any_null) {
                    assert_eq!(s, MarsalStatus::NullPointer);
                    return;
                }
                let sizes: Vec<(u8, u8)> = list.iter().map(|&g| board_size(g.cast_mut())).collect();
                let same_size = sizes.windows(2).all(|w| w[0] == w[1]);
                if !same_size || side > 1 {
                    assert_eq!(s, MarsalStatus::InvalidArgument);
                    return;
                }
                assert!(
                    matches!(s, MarsalStatus::Ok | MarsalStatus::BufferTooSmall),
                    "{s:?}"
                );
                if let Some(cells) = cells {
                    let expected: Vec<MarsalSquareView> = list
                        .iter()
                        .flat_map(|&g| one_view(g.cast_mut(), side))
                        .collect();
                    assert_eq!(cells, expected, "games_view differs from game_view");
                }
            }
            Op::Clone(g, null_out) => {
                let g = st.game(g);
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_clone(
                    g,
                    if null_out { null_mut() } else { &mut out },
                ));
                assert_eq!(s == MarsalStatus::Ok, !g.is_null() && !null_out);
                if s == MarsalStatus::Ok {
                    assert_eq!(game_json(out), game_json(g));
                    st.games.push((out, rules_of_game(out)));
                }
            }
            Op::GameToJson(g, b) => {
                let g = st.game(g);
                if let Some(t) = text_out(&b, |p, cap, l| marsal_game_to_json(g, p, cap, l)) {
                    // It loads back to the same game.
                    let c = CString::new(t.clone()).unwrap();
                    let mut back = null_mut();
                    let s = ok_code(marsal_game_from_json(c.as_ptr(), &mut back));
                    assert_eq!(s, MarsalStatus::Ok);
                    assert_eq!(hash(back), hash(g));
                    assert_eq!(game_json(back), t);
                    assert_eq!(ok_code(marsal_game_free(back)), MarsalStatus::Ok);
                    st.remember(&t);
                }
            }
            Op::GameFromJson(t, null_out) => {
                let c = st.text(&t);
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_from_json(
                    ptr(&c),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null() && !null_out);
                    st.games.push((out, rules_of_game(out)));
                } else {
                    assert!(out.is_null());
                }
            }
            Op::FromPositionText(r, t, null_out) => {
                let r = st.ruleset(r);
                let c = st.text(&t);
                let mut out: *mut MarsalGame = null_mut();
                let s = ok_code(marsal_game_from_position_text(
                    r,
                    ptr(&c),
                    if null_out { null_mut() } else { &mut out },
                ));
                if s == MarsalStatus::Ok {
                    assert!(!out.is_null() && !null_out);
                    st.games.push((out, rules_of_handle(r)));
                } else {
                    assert!(out.is_null());
                }
            }
            Op::OptionNames(b) => {
                if let Some(t) = text_out(&b, |p, cap, l| marsal_ruleset_option_names(p, cap, l)) {
                    assert_eq!(String::from_utf8(t).unwrap(), OPTION_NAMES.join(","));
                }
            }
            Op::GetOption(r, n, b) => {
                let r = st.ruleset(r);
                let name = st.option_name(&n);
                if let Some(v) = text_out(&b, |p, cap, l| {
                    marsal_ruleset_get_option(r, ptr(&name), p, cap, l)
                }) {
                    // Setting the value read changes nothing.
                    let before = rules_of_handle(r);
                    let c = CString::new(v.clone()).unwrap();
                    let s = ok_code(marsal_ruleset_set_option(r, ptr(&name), c.as_ptr()));
                    assert_eq!(s, MarsalStatus::Ok);
                    assert_eq!(rules_of_handle(r), before);
                    st.remember(&v);
                }
            }
            Op::SetOption(r, n, v) => {
                let r = st.ruleset(r);
                let name = st.option_name(&n);
                let value = st.text(&v);
                let before = if r.is_null() {
                    None
                } else {
                    Some(rules_of_handle(r))
                };
                let s = ok_code(marsal_ruleset_set_option(r, ptr(&name), ptr(&value)));
                if let Some(before) = before {
                    let after = rules_of_handle(r);
                    assert!(after.validate().is_ok());
                    if s != MarsalStatus::Ok {
                        assert_eq!(after, before, "a refused option changed the ruleset");
                    }
                }
            }
            Op::ViewFull(g, side, b, null_info) => {
                let g = st.game(g);
                let fill = MarsalSquareView {
                    cell: 77,
                    kind: 77,
                    possible: 0xffff,
                };
                let mut info = std::mem::MaybeUninit::<MarsalViewInfo>::uninit();
                let info_ptr = if null_info {
                    null_mut()
                } else {
                    info.as_mut_ptr()
                };
                let (s, cells) = items_out(&b, fill, |p, cap, c| {
                    marsal_game_view_full(g, side, p, cap, c, info_ptr)
                });
                if s == MarsalStatus::Ok || s == MarsalStatus::BufferTooSmall {
                    assert!(side <= 1 && !null_info && !g.is_null());
                    let info = info.assume_init();
                    assert_eq!(info.side, side);
                    assert!(info.last.piece < 16 || info.last.piece == MARSAL_NONE);
                    if let Some(cells) = cells {
                        assert_eq!(cells, one_view(g, side));
                    }
                }
            }
            Op::GamesLegalMoves(l, b, null_offsets) => {
                let list: Vec<*const MarsalGame> =
                    st.list(&l).into_iter().map(|g| g.cast_const()).collect();
                let arr = if l.null_array { null() } else { list.as_ptr() };
                let mut offsets = vec![usize::MAX; list.len() + 1];
                let off = if null_offsets {
                    null_mut()
                } else {
                    offsets.as_mut_ptr()
                };
                let fill = MarsalMove {
                    from: MarsalSquare { file: 99, rank: 99 },
                    to: MarsalSquare { file: 99, rank: 99 },
                };
                let cap = b.cap as usize % 3000;
                let mut buf = vec![fill; cap.max(1)];
                let p = if b.null { null_mut() } else { buf.as_mut_ptr() };
                let mut total = usize::MAX;
                let tp = if b.null_len {
                    null_mut()
                } else {
                    &mut total as *mut usize
                };
                let s = ok_code(marsal_games_legal_moves(arr, list.len(), p, cap, off, tp));
                let any_null = list.iter().any(|g| g.is_null());
                if (!list.is_empty() && (l.null_array || any_null)) || null_offsets {
                    assert_eq!(s, MarsalStatus::NullPointer);
                    return;
                }
                let expected: Vec<Vec<MarsalMove>> =
                    list.iter().map(|&g| legal_moves(g.cast_mut())).collect();
                let n: usize = expected.iter().map(Vec::len).sum();
                assert_eq!(offsets[list.len()], n);
                if !b.null_len {
                    assert_eq!(total, n);
                }
                if s == MarsalStatus::Ok {
                    for (i, e) in expected.iter().enumerate() {
                        assert_eq!(&buf[offsets[i]..offsets[i + 1]], &e[..]);
                    }
                } else {
                    assert_eq!(s, MarsalStatus::BufferTooSmall);
                    assert!(n > cap || b.null);
                }
            }
            Op::GamesPlay(l, moves, null_outcomes, null_statuses) => {
                let list = st.list(&l);
                let mvs: Vec<MarsalMove> = list
                    .iter()
                    .enumerate()
                    .map(|(i, &g)| match moves.get(i) {
                        Some(m) => st.move_arg(g, m),
                        None => st.move_arg(g, &MoveArg::Legal(0)),
                    })
                    .collect();
                let texts: Vec<_> = list.iter().map(|&g| position_text(g)).collect();
                let arr = if l.null_array { null() } else { list.as_ptr() };
                let mut outcomes = vec![
                    MarsalOutcome {
                        mv: mvs.first().copied().unwrap_or(MarsalMove {
                            from: MarsalSquare { file: 0, rank: 0 },
                            to: MarsalSquare { file: 0, rank: 0 },
                        }),
                        side: 77,
                        piece: 77,
                        defender: 77,
                        battle: 77,
                        attacker_revealed: false,
                    };
                    list.len()
                ];
                let mut statuses = vec![MarsalStatus::Panic; list.len()];
                let s = ok_code(marsal_games_play(
                    arr,
                    list.len(),
                    mvs.as_ptr(),
                    if null_outcomes {
                        null_mut()
                    } else {
                        outcomes.as_mut_ptr()
                    },
                    if null_statuses {
                        null_mut()
                    } else {
                        statuses.as_mut_ptr()
                    },
                ));
                let any_null = list.iter().any(|g| g.is_null());
                if !list.is_empty() && (l.null_array || any_null) {
                    assert_eq!(s, MarsalStatus::NullPointer);
                    let after: Vec<_> = list.iter().map(|&g| position_text(g)).collect();
                    assert_eq!(after, texts, "a refused batch changed a game");
                    return;
                }
                if !null_statuses {
                    let first_bad = statuses.iter().find(|&&x| x != MarsalStatus::Ok);
                    assert_eq!(s, first_bad.copied().unwrap_or(MarsalStatus::Ok));
                    for (i, st_i) in statuses.iter().enumerate() {
                        ok_code(*st_i);
                        if *st_i == MarsalStatus::Ok && !null_outcomes {
                            check_outcome(&outcomes[i]);
                            assert_eq!(outcomes[i].mv, mvs[i]);
                        }
                    }
                }
            }
            Op::EncodingSpaces(r, side, action) => encoding_spaces(st.ruleset(r), side, action),
            Op::ActionMask(g, cap, null_mask) => action_mask(st.game(g), cap, null_mask),
            Op::Observation(g, side, cap) => observation(st.game(g), side, cap),
            Op::PlayAction(g, action) => play_action(st.game(g), action),
            Op::GamesActions(l, policy, seed, play) => {
                games_actions(&st.list(&l), policy, seed, play)
            }
            Op::VecEnv(run) => vec_env(st.ruleset(run.ruleset), &run),
            Op::LastError(b) => {
                let cap = b.cap as usize % 4096;
                let mut buf = vec![0x55u8 as c_char; cap.max(1)];
                let mut len = usize::MAX;
                let p = if b.null { null_mut() } else { buf.as_mut_ptr() };
                let lp = if b.null_len {
                    null_mut()
                } else {
                    &mut len as *mut usize
                };
                let s = marsal_last_error_message(p, cap, lp);
                assert!(
                    matches!(s, MarsalStatus::Ok | MarsalStatus::BufferTooSmall),
                    "{s:?}"
                );
                if s == MarsalStatus::BufferTooSmall && !b.null && !b.null_len {
                    assert!(len + 1 > cap);
                }
            }
        }
    }
}
