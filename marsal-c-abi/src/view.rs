//! Views: what one side sees of a game (the board's size, the squares, and
//! everything else of the side's view), never more than that side may know.

use crate::game::MarsalGame;
use crate::pointers::{get_mut, try_mut, try_ref, write_items};
use crate::status::{MarsalStatus, boundary};
use crate::values::{
    MARSAL_GRID_SQUARES, MARSAL_KIND_COUNT, MarsalBattle, MarsalCell, MarsalKind, MarsalMove,
    MarsalObservation, MarsalSquare, MarsalSquareView, MarsalViewInfo, c_battle, c_move, c_status,
    side,
};
use arrayvec::ArrayVec;
use marsal::{Game, Side, Square, SquareView, View};

/// The cells of what `side` sees of `game`, exactly as `marsal_game_view`
/// writes them: `files * ranks` of them, square (file, rank) at index
/// `rank * files + file`.
pub(crate) fn view_cells(
    game: &Game,
    side: Side,
) -> ArrayVec<MarsalSquareView, MARSAL_GRID_SQUARES> {
    cells_of(&game.position().view(side))
}

/// The cells of `view` (see [`view_cells`]).
pub(crate) fn cells_of(view: &View) -> ArrayVec<MarsalSquareView, MARSAL_GRID_SQUARES> {
    let (files, ranks) = view.size();
    let none = MarsalKind::None as u8;
    let mut cells = ArrayVec::new();
    for rank in 0..ranks {
        for file in 0..files {
            let v = Square::new(file, rank).map_or(SquareView::OffBoard, |sq| view.at(sq));
            cells.push(match v {
                SquareView::OffBoard => MarsalSquareView {
                    cell: MarsalCell::OffBoard as u8,
                    kind: none,
                    possible: 0,
                },
                SquareView::Lake => MarsalSquareView {
                    cell: MarsalCell::Lake as u8,
                    kind: none,
                    possible: 0,
                },
                SquareView::Empty => MarsalSquareView {
                    cell: MarsalCell::Empty as u8,
                    kind: none,
                    possible: 0,
                },
                SquareView::Own {
                    kind,
                    known_to_opponent,
                } => MarsalSquareView {
                    cell: MarsalCell::Own as u8,
                    kind: kind as u8,
                    possible: known_to_opponent.bits(),
                },
                SquareView::Enemy { possible } => MarsalSquareView {
                    cell: MarsalCell::Enemy as u8,
                    kind: possible.single().map_or(none, |k| k as u8),
                    possible: possible.bits(),
                },
            });
        }
    }
    cells
}

/// Writes the board's size into `*files` and `*ranks`.
///
/// # Safety
/// `game` must be NULL or a live handle; `files` and `ranks` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_board_size(
    game: *const MarsalGame,
    files: *mut u8,
    ranks: *mut u8,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        // SAFETY: the caller's promise.
        let (f, r) = unsafe { (get_mut(files, "files")?, get_mut(ranks, "ranks")?) };
        *f = g.game.rules().board.files;
        *r = g.game.rules().board.ranks;
        Ok(())
    })
}

/// Writes what `side_code` (0 red, 1 blue) sees into `buf`: one
/// `MarsalSquareView` a square, `files * ranks` of them, square (file, rank) at
/// index `rank * files + file`; their number goes to `*count_out` (with `buf`
/// NULL or too small, only the count, and `MARSAL_STATUS_BUFFER_TOO_SMALL`). Enemy
/// pieces appear only as the kinds they may be: nothing hidden is written.
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable elements;
/// `count_out` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_view(
    game: *const MarsalGame,
    side_code: u8,
    buf: *mut MarsalSquareView,
    cap: usize,
    count_out: *mut usize,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        let side = side(side_code)?;
        let cells = view_cells(&g.game, side);
        // SAFETY: the caller's promise.
        unsafe { write_items(&cells, buf, cap, count_out, "squares") }
    })
}

/// Like `marsal_game_view` (the squares into `buf`, their number into
/// `*count_out`), and also writes the rest of what `side_code` (0 red, 1 blue)
/// knows into `*info`: the status, ply counters, the pieces each side has left
/// by kind, and the last move as that side saw it (a hidden attacker's kind
/// stays hidden: forward `info->last`, not `marsal_game_last_outcome`, to a
/// player). `*info` is written even when `buf` is too small (the call then
/// returns `MARSAL_STATUS_BUFFER_TOO_SMALL` after writing the count).
///
/// # Safety
/// `game` must be NULL or a live handle; `buf` NULL or `cap` writable elements;
/// `count_out` NULL or writable; `info` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn marsal_game_view_full(
    game: *const MarsalGame,
    side_code: u8,
    buf: *mut MarsalSquareView,
    cap: usize,
    count_out: *mut usize,
    info: *mut MarsalViewInfo,
) -> MarsalStatus {
    boundary(|| {
        let g = try_ref!(game, "game");
        let side = side(side_code)?;
        let info = try_mut!(info, "info");
        let view = g.game.position().view(side);
        *info = view_info(&view);
        let cells = cells_of(&view);
        // SAFETY: the caller's promise.
        unsafe { write_items(&cells, buf, cap, count_out, "squares") }
    })
}

fn view_info(view: &View) -> MarsalViewInfo {
    let none = MarsalKind::None as u8;
    let kind = |k: Option<marsal::PieceKind>| k.map_or(none, |k| k as u8);
    let mut remaining = [[0u8; MARSAL_KIND_COUNT]; 2];
    for side in Side::BOTH {
        for (k, n) in view.remaining(side).iter() {
            remaining[side.index()][k.index()] = n;
        }
    }
    let (files, ranks) = view.size();
    MarsalViewInfo {
        side: view.side() as u8,
        files,
        ranks,
        has_last: view.last().is_some(),
        status: c_status(view.status()),
        ply: view.ply(),
        plies_since_attack: view.plies_since_attack(),
        remaining,
        last: view.last().map_or(
            MarsalObservation {
                mv: MarsalMove {
                    from: MarsalSquare { file: 0, rank: 0 },
                    to: MarsalSquare { file: 0, rank: 0 },
                },
                side: 0,
                piece: none,
                defender: none,
                battle: MarsalBattle::NoFight as u8,
            },
            |o| MarsalObservation {
                mv: c_move(o.mv),
                side: o.side as u8,
                piece: kind(o.piece),
                defender: kind(o.defender),
                battle: c_battle(o.battle),
            },
        ),
    }
}
