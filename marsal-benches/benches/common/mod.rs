//! Fixed positions and rulesets shared by the benchmarks.
//!
//! The positions are hard-coded position texts (see `marsal::notation`), so a
//! change in the engine's random choices never changes what is measured. They
//! were made with the engine at commit fce1306 by `Position::start(&rules, 1, 2)`
//! (opening), then random play (`Position::play_random` with `Rng::new(seed)`)
//! for 60 plies (middle game), or until at most a quarter of the pieces were
//! left (end game); the seed and ply are noted with each. Barrage starts with
//! only 8 pieces a side, so its "middle" and "end" are 14 and 4 pieces.
#![allow(dead_code)] // each bench uses only part of this module

use criterion::Criterion;
use marsal::{Position, Ruleset};
use std::time::Duration;

/// The settings every benchmark runs with: 20 samples after half a second of
/// warm-up, each sample group measured for `seconds`.
pub fn criterion(seconds: u64) -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(seconds))
}

/// The 8 x 8 quick-battle ruleset of `examples/rulesets/quick_battle_8x8.json`.
pub fn quick_battle_8x8() -> Ruleset {
    let json = include_str!("../../../examples/rulesets/quick_battle_8x8.json");
    let rules: Ruleset = serde_json::from_str(json).expect("quick_battle_8x8.json");
    rules.validate().expect("quick_battle_8x8.json is valid");
    rules
}

/// The four rulesets measured: the presets and the 8 x 8 quick battle.
pub fn rulesets() -> [(&'static str, Ruleset); 4] {
    [
        ("classic", Ruleset::classic()),
        ("barrage", Ruleset::barrage()),
        ("marsal_a_spion", Ruleset::marsal_a_spion()),
        ("quick_battle_8x8", quick_battle_8x8()),
    ]
}

/// The phases of a game measured, in order.
pub const PHASES: [&str; 3] = ["opening", "middle", "end"];

/// The opening, middle-game and end-game position texts of the ruleset `name`.
pub fn texts(name: &str) -> [&'static str; 3] {
    match name {
        "classic" => [
            // 80 pieces, 7 legal moves
            "myblskbgks/krjbcjjnnk/nnlrssbcls/rblsfnsrbs/..~~..~~../..~~..~~../RRNKBLLBSR/CFSGCLKMBB/JSKRNBSSJB/NKYLSJNSNS r",
            // seed 1, ply 60: 73 pieces, 19 legal moves
            "myblskbgks/krjb.jjnnk/.nlsrcbc.l/nb.lfLr.b./.r~~..~~../.R~~..~~.R/RNSKBLLB../CFGRCK.MBB/JSK.NBSSJB/NKYLSJNSNS r",
            // seed 800, ply 1478: 20 pieces, 13 legal moves
            "..b...b.r./...b...l../....k.b.../....f...b./l.~~..~~n./K.~~..~~../.N.NB..B../.F......../.....B..../......M..J r",
        ],
        "barrage" => [
            // 16 pieces, 32 legal moves
            "m....f.g../..b.sny.../.......s../........../..~~..~~../..~~..~~../...F....../S..GS..M../B.......Y./.....N.... r",
            // seed 1, ply 60: 14 pieces, 14 legal moves
            "...s.fy.../.mb.n...../.......g../........../..~~..~~../..~~.M~~../...F....../........../B.G.N...../s.......Y. r",
            // seed 408, ply 841: 4 pieces, 4 legal moves
            ".....f..../..N......./.m......../........../..~~..~~../..~~..~~../...F....../........../........../.......... b",
        ],
        "marsal_a_spion" => [
            // 80 pieces, 30 legal moves
            "#mxxuspxgpn#/#psdxkddnyp#/#nxuussxkun#/.sxunfnssxs./...~~..~~.../...~....~.../...~....~.../...~~..~~.../.SSNPXUUXNS./#KFSGKUPMXX#/#DNPUYXNSDX#/#NPXUSDXSNS# r",
            // seed 1, ply 60: 78 pieces, 54 legal moves
            "#mxxuspxgpn#/#psdxkddnyp#/#nxus..xkun#/.Sxuuf.nsx../...~~.s~~..S/...~..Ps~.../..K~n...~s../...~~..~~.../...GNXUUX.N./#.FSKUUPMXX#/#DNP.YXNSDX#/#NPXUSDXSNS# r",
            // seed 15, ply 2653: 20 pieces (mostly Mines), 4 legal moves
            "#.xx...x...#/#...x......#/#.x....x...#/.....f...x../...~~..~~.../...~....~.../...~...n~.../...~~..~~.../.....X..X..G/#.F.K....XX#/#.....X...X#/#..X...X...# b",
        ],
        "quick_battle_8x8" => [
            // 20 pieces, 24 legal moves
            "..b...f./s.yb.n.m/s..g..n./..~..~../..~..~../..N...GN/B..S.M../..Y.FB.S r",
            // seed 1, ply 60: 16 pieces, 14 legal moves
            "..b.n.fm/...b.n../....g.../.y~..~../..~..~G./..N...M./B..Y..N./....FB.. r",
            // seed 29, ply 293: 5 pieces, 3 legal moves
            "..N...f./......../......../..~..~../..~..~../n......./......../....FB.. b",
        ],
        _ => panic!("no fixed positions for {name}"),
    }
}

/// The fixed position of `phase` (an index into [`PHASES`]) for `rules` named `name`.
pub fn position(name: &str, rules: &Ruleset, phase: usize) -> Position {
    let text = texts(name)[phase];
    Position::from_text(rules, text).unwrap_or_else(|e| panic!("{name} {}: {e}", PHASES[phase]))
}
