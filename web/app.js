// The page: draws the human side's view, takes clicks and keys, and talks to
// the worker that holds the game. The page holds no rules and no hidden
// information: everything it knows is in `state`, filled only from the
// worker's messages (the human's View, legal moves, words).

import { startWorker } from './online.js';

const ABBR = {
  Marshal: 'Ma', General: 'Ge', Colonel: 'Co', Major: 'Mj', Captain: 'Ca', Lieutenant: 'Lt',
  Sergeant: 'Se', Cadet: 'Cd', Corporal: 'Cp', Gunner: 'Gu', Scout: 'Sc', Miner: 'Mi',
  Spy: 'Sp', Mine: 'Mn', Bomb: 'Bo', Flag: 'Fl',
};

/** Everything the page knows (the browser test reads it as `window.marsalPage`). */
const state = {
  ready: false,
  phase: 'loading', // 'setup' | 'play' | 'over'
  board: null, // the ruleset's squares, kinds, size (public)
  setup: null, // the human's own setup while arranging
  view: null, // the human side's View
  revealed: null, // the enemy army (square -> kind), sent only once the game is over
  moves: [], // the human's legal moves (when it is to move)
  log: [], // the game in words, as the human saw it
  status: '',
  opponent: '',
  selected: null, // the square of the picked piece
  focus: null, // the square with keyboard focus
  message: '',
  busy: false,
  review: null, // {ply, plies} while stepping through a finished game
  fight: null, // the fight being shown on the board: {square, attacker, defender, loser}
  takeBack: false, // whether a take-back is possible now
};
window.marsalPage = state;

const $ = (id) => document.getElementById(id);
// The local referee (worker.js), or with a seat's link the game server (online.js).
const worker = startWorker();
const send = (msg) => {
  state.busy = true;
  document.body.classList.add('busy');
  worker.postMessage(msg);
};
/** How long a fight stays on the board before the next move is shown. */
const FIGHT_MS = 900;
const MOVE_MS = 180;
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** The request an error on screen answered (a refused setup text, ...), or null. */
let errorOf = null;

function say(text, kind = 'info', request = null) {
  errorOf = kind === 'error' ? request : null;
  state.message = text;
  const m = $('message');
  m.textContent = text;
  m.className = kind;
}

// ------------------------------------------------------------------ drawing

/** The squares in screen order: the human's side at the bottom. */
function screenOrder() {
  const { files, ranks, human } = state.board;
  const rows = [];
  for (let r = 0; r < ranks; r++) {
    const rank = human === 'red' ? ranks - 1 - r : r;
    const row = [];
    for (let f = 0; f < files; f++) row.push({ file: human === 'red' ? f : files - 1 - f, rank });
    rows.push(row);
  }
  return rows;
}

const fileName = (f) => String.fromCharCode(97 + f);
const squareName = (f, r) => `${fileName(f)}${r + 1}`;

function kindInfo(kind) {
  return state.board.kinds.find((k) => k.kind === kind);
}

function pieceHtml(kind) {
  const k = kindInfo(kind);
  const strength = k && k.moves ? k.strength : '';
  return `<span class="abbr">${ABBR[kind] ?? kind}</span>${strength !== '' ? `<span class="str">${strength}</span>` : ''}`;
}

function targetsOf(square) {
  return state.moves.filter((m) => m.slice(0, m.search(/[-x]/)) === square)
    .map((m) => m.slice(m.search(/[-x]/) + 1));
}

function lastMove() {
  const last = shownView()?.last;
  return last ? [last.mv.from, last.mv.to] : [];
}

function cellFor(name) {
  return document.querySelector(`#board [data-square="${name}"]`);
}

/** The view on the board: the game's, or the reviewed ply's. */
function shownView() {
  return state.review?.view ?? state.view;
}

function render() {
  const b = state.board;
  if (!b) return;
  const revealed = state.review?.revealed ?? state.revealed;
  const boardEl = $('board');
  boardEl.style.setProperty('--files', b.files);
  boardEl.style.setProperty('--ranks', b.ranks);
  const bySquare = new Map(b.squares.map((s) => [s.square, s]));
  const views = new Map((shownView()?.squares ?? []).map((s) => [s.square, s.view]));
  const targets = state.selected ? targetsOf(state.selected) : [];
  const [lastFrom, lastTo] = lastMove();
  const parts = [];
  const order = screenOrder();
  for (const row of order) {
    parts.push(`<span class="coord rank">${row[0].rank + 1}</span>`);
    for (const { file, rank } of row) {
      const name = squareName(file, rank);
      const sq = bySquare.get(name);
      if (!sq) {
        parts.push('<span class="cell off" aria-hidden="true"></span>');
        continue;
      }
      const cls = ['cell'];
      let content = '';
      let label = name;
      if (sq.lake) {
        cls.push('lake');
        label += ': lake';
      } else if (state.phase === 'setup') {
        if (sq.zone) cls.push(`zone-${sq.zone}`);
        const kind = state.setup?.pieces[name];
        if (kind) {
          cls.push('own', b.human);
          content = pieceHtml(kind);
          label += `: your ${kind}`;
        } else label += sq.zone === b.human ? ': empty square of your setup zone' : ': empty';
      } else {
        const v = views.get(name);
        if (v?.own) {
          cls.push('own', b.human);
          content = pieceHtml(v.own.kind);
          label += `: your ${v.own.kind}`;
          if (v.own.known_to_opponent.length === 1) {
            cls.push('exposed');
            label += ' (known to your opponent)';
          }
        } else if (v?.enemy) {
          const possible = v.enemy.possible;
          cls.push('enemy', b.human === 'red' ? 'blue' : 'red');
          const shown = revealed?.[name];
          if (possible.length === 1) {
            cls.push('known');
            content = pieceHtml(possible[0]);
            label += `: enemy ${possible[0]}`;
          } else if (shown) {
            cls.push('revealed');
            content = pieceHtml(shown);
            label += `: enemy ${shown} (revealed at the end)`;
          } else {
            label += `: enemy piece, may be ${possible.join(', ')}`;
          }
        } else label += ': empty';
      }
      if (state.fight?.square === name) {
        const f = state.fight;
        cls.push('fight');
        const lost = (who) => (f.loser === who || f.loser === 'both' ? ' loser' : '');
        content = `<span class="fighter ${f.sides[0]}${lost('attacker')}">${ABBR[f.attacker] ?? '?'}</span>` +
          `<span class="vs">×</span><span class="fighter ${f.sides[1]}${lost('defender')}">${ABBR[f.defender] ?? '?'}</span>`;
        label += `: fight, ${f.attacker} against ${f.defender}`;
      }
      if (name === state.selected) cls.push('selected');
      if (drag?.ghost && name === drag.from) cls.push('dragged');
      if (targets.includes(name)) {
        cls.push('target');
        label += ' (you can move here)';
      }
      if (name === lastFrom) cls.push('last-from');
      if (name === lastTo) cls.push('last-to');
      const tab = name === (state.focus ?? firstSquare()) ? 0 : -1;
      // The name is the words (a hidden span); the letters drawn are hidden from screen readers.
      parts.push(`<button type="button" class="${cls.join(' ')}" data-square="${name}" ` +
        `tabindex="${tab}" title="${label}"><span class="sr">${label}</span>` +
        `${content ? `<span class="face" aria-hidden="true">${content}</span>` : ''}</button>`);
    }
  }
  parts.push('<span class="coord"></span>');
  for (const { file } of order[0]) parts.push(`<span class="coord file">${fileName(file)}</span>`);
  const hadFocus = boardEl.contains(document.activeElement);
  boardEl.innerHTML = parts.join('');
  if (hadFocus && state.focus) cellFor(state.focus)?.focus();
  renderPanel();
}

function firstSquare() {
  return state.board.squares.find((s) => !s.lake)?.square;
}

function renderPanel() {
  const setup = state.phase === 'setup';
  document.body.dataset.phase = state.phase;
  $('setup-controls').hidden = !setup;
  $('play-controls').hidden = setup;
  const over = state.phase === 'over';
  $('save').hidden = setup;
  $('resign').hidden = over;
  $('takeback').hidden = !state.takeBack;
  $('review').hidden = !over || state.review !== null;
  $('review-controls').hidden = state.review === null;
  if (state.review) $('review-ply').textContent = `ply ${state.review.ply} of ${state.review.plies}`;
  $('letters').textContent = state.board ? `Letters: ${state.board.kinds.map((k) => `${k.letter} ${k.kind}`).join(', ')}; . an empty square.` : '';
  $('sensible').hidden = !state.board?.sensible;
  if (setup && state.setup) {
    if (document.activeElement !== $('setup-text')) $('setup-text').value = state.setup.text;
  }
  // While the person's own attack shows on the board, the status says what it
  // did (not yet "Your opponent is thinking"; that comes after, if it still is).
  const ownFight = state.fight && state.fight.sides[0] === state.board?.human;
  $('status').textContent = setup
    ? 'Arrange your pieces: pick one, then the square to move it to (or to swap it with). Then press Start.'
    : ownFight ? state.fight.words : state.status;
  const log = $('log');
  log.innerHTML = '';
  for (const line of state.review?.log ?? state.log) {
    const li = document.createElement('li');
    li.textContent = line;
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
  const lines = state.review?.log ?? state.log;
  $('last').textContent = lines.length ? lines.slice(-2).join(' ') : '';
  renderLegend();
}

function renderLegend() {
  const b = state.board;
  const remaining = shownView()?.remaining;
  const enemy = b.human === 'red' ? 'blue' : 'red';
  const rows = b.kinds.map((k) => {
    const left = remaining ? ` ${remaining[b.human][k.kind] ?? 0}/${remaining[enemy][k.kind] ?? 0}` : ` ${k[b.human]}`;
    return `<li><span class="chip ${b.human}">${ABBR[k.kind]}</span> ${k.kind}` +
      `${k.moves ? ` (${k.strength})` : ''}<span class="count">${left}</span></li>`;
  });
  $('legend').innerHTML = rows.join('');
  $('legend-head').textContent = remaining
    ? 'Pieces (strength) — left: yours/theirs'
    : 'Pieces (strength) — how many';
}

/** The hover (or tap) text of a square: what the board shows there now (the reviewed ply in a review). */
function showInfo(name) {
  const v = shownView()?.squares.find((s) => s.square === name)?.view;
  const shown = (state.review?.revealed ?? state.revealed)?.[name];
  const info = $('info');
  if (v?.enemy) {
    if (v.enemy.possible.length === 1) info.textContent = `${name}: enemy ${v.enemy.possible[0]}.`;
    else if (shown) info.textContent = `${name}: enemy ${shown} (revealed at the end).`;
    else info.textContent = `${name}: enemy piece; it may be ${v.enemy.possible.join(', ')}.`;
  } else if (v?.own) {
    const known = v.own.known_to_opponent;
    info.textContent = `${name}: your ${v.own.kind}` +
      (known.length === 1 ? ' (your opponent knows it).' : '.');
  } else info.textContent = '';
}

// ------------------------------------------------------------------ input

function clickSquare(name) {
  state.focus = name;
  if (state.busy) return;
  if (state.phase === 'setup') return clickSetup(name);
  showInfo(name);
  if (state.phase !== 'play') return;
  const v = state.view.squares.find((s) => s.square === name)?.view;
  if (v?.enemy && !state.selected) {
    // A tap on an enemy piece inspects it (the info line says what it may be).
    say('');
    return;
  }
  if (!state.moves.length) {
    say(state.view.status.ongoing ? 'Wait for your opponent\u2019s move.' : 'The game is over.');
    return;
  }
  if (state.selected) {
    if (name === state.selected) {
      state.selected = null;
      say('');
      return render();
    }
    if (v?.own && targetsOf(name).length) {
      state.selected = name;
      say('');
      return render();
    }
    const move = `${state.selected}${v?.enemy ? 'x' : '-'}${name}`;
    state.selected = null;
    say(`You play ${move}\u2026`);
    send({ type: 'play', move });
    return render();
  }
  if (v?.own) {
    if (!targetsOf(name).length) {
      say(`Your ${v.own.kind} on ${name} has no legal move.`, 'error');
      return;
    }
    state.selected = name;
    say(`${v.own.kind} on ${name}: pick a highlighted square.`);
    return render();
  }
  say('Pick one of your own pieces first.', 'error');
}

/**
 * Drag and drop: a press on one of the person's pieces that moves a few
 * pixels picks the piece (its targets light up) and a copy of it follows the
 * pointer; the release on a square is the move (or, in the setup, the swap),
 * anywhere else drops the pick. A press and release without moving is a
 * click, which the click handler has.
 */
let drag = null; // {from, x, y, ghost}
const DRAG_PX = 6;
$('board').addEventListener('pointerdown', (e) => {
  const cell = e.target.closest('[data-square]');
  drag = cell?.classList.contains('own') && e.button === 0
    ? { from: cell.dataset.square, x: e.clientX, y: e.clientY, ghost: null } : null;
});
window.addEventListener('pointermove', (e) => {
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_PX || state.busy) return;
    const cell = cellFor(drag.from);
    if (!cell) return;
    const r = cell.getBoundingClientRect();
    const ghost = document.createElement('div');
    ghost.id = 'drag-ghost';
    ghost.className = `${[...cell.classList].filter((c) => ['cell', 'own', 'red', 'blue'].includes(c)).join(' ')} ghost`;
    ghost.setAttribute('aria-hidden', 'true');
    ghost.innerHTML = cell.querySelector('.face')?.innerHTML ?? '';
    ghost.style.width = `${r.width}px`;
    ghost.style.height = `${r.height}px`;
    ghost.style.setProperty('--cell', `${r.width}px`);
    document.body.appendChild(ghost);
    drag.ghost = ghost;
    if (state.selected !== drag.from) clickSquare(drag.from);
    cellFor(drag.from)?.classList.add('dragged');
  }
  const g = drag.ghost;
  g.style.left = `${e.clientX - g.offsetWidth / 2}px`;
  g.style.top = `${e.clientY - g.offsetHeight / 2}px`;
});
/** When the last drag ended: the click the browser may send after it is not one. */
let dragEndedAt = -Infinity;
function endDrag(e) {
  const d = drag;
  drag = null;
  if (!d?.ghost) return; // a click: the click handler has it
  d.ghost.remove();
  dragEndedAt = performance.now();
  const to = e && document.elementFromPoint(e.clientX, e.clientY)?.closest('#board [data-square]')?.dataset.square;
  if (to && to !== d.from && state.selected === d.from) return clickSquare(to);
  if (state.selected === d.from) {
    state.selected = null;
    say('');
  }
  render();
}
window.addEventListener('pointerup', endDrag);
window.addEventListener('pointercancel', () => endDrag(null));

function clickSetup(name) {
  const sq = state.board.squares.find((s) => s.square === name);
  const pieces = { ...state.setup.pieces };
  if (!state.selected) {
    if (!pieces[name]) {
      say('Pick one of your pieces to move it.', 'error');
      return;
    }
    state.selected = name;
    say(`${pieces[name]} on ${name}: pick the square to move it to.`);
    return render();
  }
  const from = state.selected;
  state.selected = null;
  if (from === name) {
    say('');
    return render();
  }
  if (!sq || sq.zone !== state.board.human) {
    // Let the library say why (a piece outside the setup zone).
  }
  const moving = pieces[from];
  delete pieces[from];
  if (pieces[name]) pieces[from] = pieces[name];
  pieces[name] = moving;
  say('');
  send({ type: 'place', pieces });
  render();
}

function moveFocus(dr, df) {
  const order = screenOrder();
  let r = 0;
  let f = 0;
  order.forEach((row, i) => row.forEach((c, j) => {
    if (squareName(c.file, c.rank) === (state.focus ?? firstSquare())) [r, f] = [i, j];
  }));
  for (let step = 1; step < 24; step++) {
    const nr = r + dr * step;
    const nf = f + df * step;
    if (nr < 0 || nf < 0 || nr >= order.length || nf >= order[0].length) return;
    const c = order[nr][nf];
    const name = squareName(c.file, c.rank);
    if (cellFor(name)) {
      state.focus = name;
      render();
      cellFor(name).focus();
      showInfo(name);
      return;
    }
  }
}

$('board').addEventListener('click', (e) => {
  if (performance.now() - dragEndedAt < 300) return;
  const cell = e.target.closest('[data-square]');
  if (cell) clickSquare(cell.dataset.square);
});
$('board').addEventListener('mouseover', (e) => {
  const cell = e.target.closest('[data-square]');
  if (cell) showInfo(cell.dataset.square);
});
$('board').addEventListener('keydown', (e) => {
  const keys = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (state.review && (e.key === 'ArrowLeft' || e.key === 'ArrowRight') && e.shiftKey) {
    e.preventDefault();
    return reviewAt(state.review.ply + (e.key === 'ArrowLeft' ? -1 : 1));
  }
  if (keys[e.key]) {
    e.preventDefault();
    moveFocus(...keys[e.key]);
  } else if (e.key === 'Escape') {
    state.selected = null;
    say('');
    render();
  }
});

/**
 * The test mode's fixed seed from `?seed=N` (an integer from 0 to 2^53 - 1),
 * or null: without it every seed is drawn in the worker from
 * crypto.getRandomValues. A bad value is refused with a message.
 */
function testSeed() {
  const text = new URLSearchParams(location.search).get('seed');
  if (text === null) return null;
  const n = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n)) {
    say(`?seed=${text.slice(0, 20)} is no seed (an integer from 0 to 2^53 - 1): ignored, the seeds are random.`, 'error');
    return null;
  }
  return n;
}

/** The request for a new game with the choices on the page. */
function newGameMsg(type = 'new') {
  return {
    type, preset: $('preset').value, side: $('side').value, bot: $('bot').value,
    testSeed: testSeed(),
    takeBack: $('takeback-option').checked,
    limits: {
      max_plies: $('max-plies').value ? Number($('max-plies').value) : null,
      repetition_draw: $('repetition').value ? Number($('repetition').value) : null,
    },
  };
}

/** A game in progress is given up only when the person confirms it. */
function confirmLeave(what) {
  return state.phase !== 'play' || window.confirm(`${what}? The game in progress will be lost.`);
}

/**
 * The Game menu shows the game on the board: a preset, or (a loaded game of
 * other rules) an entry for it, which goes when a preset is chosen again.
 */
function showPreset(board) {
  const menu = $('preset');
  let custom = menu.querySelector('option[value="custom"]');
  if (board.preset === 'custom') {
    if (!custom) {
      custom = document.createElement('option');
      custom.value = 'custom';
      menu.appendChild(custom);
    }
    custom.textContent = `Loaded game: other rules (${board.files}\u00d7${board.ranks})`;
  } else custom?.remove();
  menu.value = board.preset;
  updateSummary();
}

/** The settings' one-line summary (a phone shows it folded). */
function updateSummary() {
  const pick = (id) => $(id).selectedOptions[0]?.textContent ?? '';
  $('settings-summary').textContent = `Settings: ${pick('preset')}, ${pick('side').split(' ')[0]}, ${pick('bot')} bot`;
}

function newGame() {
  if (!confirmLeave('Start a new game')) {
    // Put the choices back as they are for the game going on.
    if (state.board) {
      $('side').value = state.board.human;
      showPreset(state.board);
    }
    return;
  }
  state.phase = 'loading';
  state.review = null;
  state.revealed = null;
  state.fight = null;
  state.view = null;
  state.log = [];
  state.moves = [];
  state.selected = null;
  say('');
  send(newGameMsg());
}

$('new').addEventListener('click', newGame);
$('bot').addEventListener('change', updateSummary);
// A phone folds the settings into their one-line summary (above the board);
// a wider screen shows them (style.css hides the summary there).
const narrow = window.matchMedia('(max-width: 760px)');
const foldSettings = () => { $('settings').open = !narrow.matches; };
foldSettings();
narrow.addEventListener?.('change', foldSettings);
$('preset').addEventListener('change', newGame);
$('side').addEventListener('change', newGame);
$('random').addEventListener('click', () => send({ type: 'arrange', how: 'random' }));
$('sensible').addEventListener('click', () => send({ type: 'arrange', how: 'sensible' }));
$('use-text').addEventListener('click', () => send({ type: 'text', text: $('setup-text').value }));
$('start').addEventListener('click', () => {
  state.selected = null;
  send({ type: 'start', bot: $('bot').value });
});
$('save').addEventListener('click', () => {
  say('');
  send({ type: 'save' });
});
$('resign').addEventListener('click', () => {
  if (state.phase === 'play' && window.confirm('Resign this game?')) send({ type: 'resign' });
});
$('takeback').addEventListener('click', () => {
  say('');
  send({ type: 'takeback' });
});
function reviewAt(ply) {
  if (state.phase !== 'over') return;
  const plies = state.review?.plies ?? state.view.ply;
  send({ type: 'review', ply: Math.max(0, Math.min(plies, ply)) });
}
$('review').addEventListener('click', () => reviewAt(0));
$('review-first').addEventListener('click', () => reviewAt(0));
$('review-prev').addEventListener('click', () => reviewAt(state.review.ply - 1));
$('review-next').addEventListener('click', () => reviewAt(state.review.ply + 1));
$('review-last').addEventListener('click', () => reviewAt(state.review.plies));
$('zoom').addEventListener('click', () => {
  const on = document.body.classList.toggle('zoomed');
  $('zoom').setAttribute('aria-pressed', String(on));
});
$('load').addEventListener('change', () => {
  const file = $('load').files[0];
  if (file && confirmLeave('Load a game')) {
    say('');
    state.review = null;
    send({ type: 'load', file, side: $('side').value, bot: $('bot').value });
  }
  $('load').value = '';
});

// ------------------------------------------------------------------ worker

// The worker's messages are shown in order; a fight holds the board for a
// moment (both pieces shown, the loser fading) before the next one.
const queue = [];
let holding = false;
worker.onmessage = (e) => {
  queue.push(e.data);
  if (!holding) drain();
};

function drain() {
  while (queue.length && !holding) {
    const msg = queue.shift();
    if (!queue.length) {
      state.busy = false;
      document.body.classList.remove('busy');
    }
    const hold = handle(msg);
    if (hold) {
      holding = true;
      setTimeout(() => {
        holding = false;
        state.fight = null;
        render();
        drain();
      }, hold);
    }
  }
}

/** The fight of a new last move, as the person saw it, or null. */
function fightOf(view, before, words) {
  const last = view.last;
  if (!last || last.battle === null || view.ply === before) return null;
  const loser = { attacker_wins: 'defender', defender_wins: 'attacker', both_removed: 'both', mine_defused: 'defender', flag_captured: 'defender' }[last.battle] ?? null;
  const other = last.side === 'red' ? 'blue' : 'red';
  return { square: last.mv.to, attacker: last.piece, defender: last.defender, loser, sides: [last.side, other], words };
}

/** A short slide of the piece that just moved, from its square to the new one. */
function animateMove(view, before) {
  const last = view.last;
  if (!last || last.battle !== null || view.ply === before || reducedMotion()) return;
  const from = cellFor(last.mv.from)?.getBoundingClientRect();
  const to = cellFor(last.mv.to);
  if (!from || !to?.animate) return;
  const r = to.getBoundingClientRect();
  to.animate([{ transform: `translate(${from.left - r.left}px, ${from.top - r.top}px)` }, { transform: 'none' }],
    { duration: MOVE_MS, easing: 'ease-out' });
}

/** Shows one message of the worker; returns how long to hold it (ms) before the next. */
function handle(msg) {
  switch (msg.type) {
    case 'ready': {
      state.ready = true;
      $('version').textContent = `marsal ${msg.version}`;
      $('bot').innerHTML = msg.bots.map((b) => `<option value="${b}">${b}</option>`).join('');
      $('bot').value = msg.bots.includes('search') ? 'search' : 'careful';
      updateSummary();
      send(newGameMsg('resume'));
      break;
    }
    case 'board': {
      const { type, ...board } = msg;
      state.board = board;
      showPreset(board);
      $('side').value = board.human;
      state.focus = null;
      $('test-mode').hidden = board.testSeed === null;
      $('test-mode').textContent = board.testSeed === null ? ''
        : `Test mode: fixed seed ${board.testSeed}. The opponent's army and moves can be predicted; open the page without ?seed= for a real game.`;
      break;
    }
    case 'setup':
      // The load time: from navigation to the first setup on the board.
      if (window.marsalReadyMs === undefined) {
        requestAnimationFrame(() => { window.marsalReadyMs = performance.now(); });
      }
      state.phase = 'setup';
      state.setup = { text: msg.text, pieces: msg.pieces };
      // A setup accepted: an error about an earlier setup request is no longer true.
      if (['text', 'place', 'arrange'].includes(errorOf)) say('');
      render();
      break;
    case 'state': {
      const wasOver = state.phase === 'over';
      const before = state.phase === 'play' ? state.view?.ply : msg.view.ply;
      state.phase = msg.over ? 'over' : 'play';
      state.review = null;
      state.takeBack = msg.takeBack;
      state.view = msg.view;
      state.moves = msg.moves;
      state.log = msg.log;
      state.status = msg.status;
      state.opponent = msg.opponent;
      state.setup = null;
      state.revealed = msg.revealed;
      if (msg.resumed) say('Your game in progress was restored.');
      else if (msg.loaded) say(msg.over ? 'Loaded a finished game.' : 'Loaded: play on.');
      else if (msg.over && !wasOver) say('Game over. Press New game to play again, or Save game to keep it.', 'end');
      else if (state.message.startsWith('You play')) say('');
      state.fight = fightOf(msg.view, before, msg.log[msg.log.length - 1] ?? '');
      render();
      animateMove(msg.view, before);
      if (state.fight && !reducedMotion()) return FIGHT_MS;
      state.fight = null;
      break;
    }
    case 'review':
      state.review = { ply: msg.ply, plies: msg.plies, view: msg.view, revealed: msg.revealed, log: msg.log };
      render();
      break;
    case 'saved': {
      const a = document.createElement('a');
      const url = URL.createObjectURL(new Blob([msg.text], { type: 'application/json' }));
      setTimeout(() => URL.revokeObjectURL(url), 60000);
      a.href = url;
      a.download = msg.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      say(msg.sealed
        ? `Saved as ${msg.name}: the opponent's army in it is sealed (only this browser can open it, to play on).`
        : `Saved as ${msg.name}: the whole game, both armies.`);
      break;
    }
    case 'refused':
      say(msg.message.replace(/^Error: /, ''), 'error', msg.request);
      if (state.phase === 'loading' && state.board) state.phase = 'setup';
      render();
      break;
    default:
      break;
  }
  return 0;
}
