// Online play: the page's worker when the referee is the game server
// (`marsal serve`). It answers the page's requests as worker.js does for
// local play (board, setup, state, refused), but the game lives on the
// server: this worker holds only this seat's view, as the server sends it,
// and the library here only draws setups and checks their text. The seat's
// secret comes from the page (the link's fragment) and goes only to the
// server, in the `join` message of the game's WebSocket.
import init, * as marsal from './pkg/marsal_wasm.js';
import { observationWords, sideName, statusWords } from './words.js';

const ready = init();

/** What this seat knows; never more than the server's messages to it. */
const s = {
  link: null, // {game, seat, secret, base}
  rules: null, // the game's Ruleset (public)
  welcome: null,
  socket: null,
  connected: false,
  retry: 0,
  last: null, // the last `state` from the server
  log: [], // the seat's observations, in order
  setup: null, // the setup being arranged (before it is sent)
  sent: false, // whether the seat's setup is with the server
  revealed: null, // the enemy army, from the record once the game is over
  record: null, // the finished game (Game JSON), for review
  boardSent: false,
};

const post = (msg) => self.postMessage(msg);
const other = (side) => (side === 'red' ? 'blue' : 'red');
const KINDS = ['Marshal', 'General', 'Colonel', 'Major', 'Captain', 'Lieutenant', 'Sergeant', 'Cadet',
  'Corporal', 'Gunner', 'Scout', 'Miner', 'Spy', 'Mine', 'Bomb', 'Flag'];
const kindsOf = (bits) => KINDS.filter((_, i) => bits & (1 << i));
const seat = () => s.link.seat;
const opponentName = () => {
  const who = s.welcome?.seats?.[other(seat())] ?? 'person';
  return who.startsWith('bot:') ? `${sideName(other(seat()))} (${who.slice(4)} bot, on the server)` : sideName(other(seat()));
};
const sensible = () => typeof s.rules?.sensibleSetup === 'function';
const seed = () => crypto.getRandomValues(new Uint32Array(1))[0];

/** The server's View (the library's serde form) in the form the page draws (wasm's). */
function pageView(v) {
  const size = 12;
  const squares = [];
  v.squares.forEach((sq, i) => {
    const file = i % size;
    const rank = Math.floor(i / size);
    if (sq === 'off_board' || file >= v.files || rank >= v.ranks) return;
    let view = sq;
    if (sq.own) view = { own: { kind: sq.own.kind, known_to_opponent: kindsOf(sq.own.known_to_opponent) } };
    else if (sq.enemy) view = { enemy: { possible: kindsOf(sq.enemy.possible) } };
    squares.push({ square: `${String.fromCharCode(97 + file)}${rank + 1}`, file, rank, view });
  });
  const left = (r) => Object.fromEntries(Object.entries(r).filter(([, n]) => n > 0));
  return {
    side: v.side, status: v.status, ply: v.ply, plies_since_attack: v.plies_since_attack,
    files: v.files, ranks: v.ranks, squares,
    remaining: { red: left(v.remaining[0]), blue: left(v.remaining[1]) },
    last: v.last, log: s.log,
  };
}

function presetOf(json) {
  // Keys sorted: the server and the library may write the fields in other orders.
  const sorted = (v) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]))
    : Array.isArray(v) ? v.map(sorted) : v);
  const bare = (text) => JSON.stringify(sorted({ ...JSON.parse(text), max_plies: null, max_plies_without_attack: null, repetition_draw: null }));
  const mine = bare(json);
  return marsal.presets().find((p) => {
    const preset = marsal.Ruleset.preset(p);
    try {
      return bare(preset.toJson()) === mine;
    } finally {
      preset.free();
    }
  }) ?? 'custom';
}

function boardMsg() {
  return {
    type: 'board', preset: presetOf(JSON.stringify(s.welcome.rules)), files: s.rules.files, ranks: s.rules.ranks,
    diagonal: s.rules.diagonalSteps, squares: s.rules.board(), kinds: s.rules.kinds(), human: seat(),
    bots: marsal.bots(), sensible: sensible(), limits: {}, testSeed: null,
  };
}

function setupMsg() {
  return { type: 'setup', side: seat(), text: s.setup, pieces: s.rules.setupPieces(seat(), s.setup) };
}

/** What the page shows of the server's `state` (a seat's). */
function stateMsg(st, fresh) {
  const view = pageView(st.view);
  const ending = st.ending;
  let status;
  if (ending && (ending.reason === 'resigned' || ending.reason === 'time')) {
    const you = ending.winner === seat();
    status = `${you ? 'You win' : 'You lose'}: ${ending.words}. Game over.`;
  } else if (ending) {
    status = statusWords(st.view.status, seat(), marsal);
  } else {
    status = st.to_move === seat() ? 'Your move.' : 'Your opponent is thinking\u2026';
  }
  return {
    type: 'state', view, moves: st.legal ?? [], log: s.log.map((o) => observationWords(o, seat(), opponentName(), marsal)),
    status, over: st.phase === 'over', opponent: opponentName(), revealed: s.revealed, plies: st.ply,
    takeBack: false, resumed: fresh && st.ply > 0 && st.phase === 'play',
  };
}

function onlineMsg() {
  const st = s.last;
  return {
    type: 'online', game: s.link.game, seat: seat(), connected: s.connected, seats: s.welcome?.seats ?? null,
    phase: st?.phase ?? null, toMove: st?.to_move ?? null, clock: st?.clock ?? null,
    setupsDone: st?.setups_done ?? null, setupSent: s.sent, at: Date.now(),
    record: st?.phase === 'over' ? `/api/games/${s.link.game}/record.json` : null,
  };
}

/** Once over: the record (both armies) for the enemy army and the review. */
async function fetchRecord() {
  if (s.record) return;
  const res = await fetch(new URL(`/api/games/${s.link.game}/record.json`, s.link.base));
  if (!res.ok) return;
  const text = await res.text();
  const rec = JSON.parse(text);
  delete rec.result;
  const game = marsal.Game.fromJson(JSON.stringify(rec));
  const army = {};
  for (const { square, view } of game.view(other(seat())).squares) {
    if (view.own) army[square] = view.own.kind;
  }
  s.record?.free();
  s.record = game;
  s.revealed = army;
}

async function onState(st, fresh) {
  const before = s.last;
  s.last = st;
  s.sent = !!st.setup || !!st.setups_done?.[seat()];
  if (st.phase === 'setup') {
    if (!s.boardSent) {
      post(boardMsg());
      s.boardSent = true;
    }
    if (st.setup) s.setup = st.setup;
    if (!s.setup) s.setup = sensible() ? s.rules.sensibleSetup(seat(), seed()) : s.rules.randomSetup(seat(), seed());
    if (!before || before.phase !== 'setup' || fresh) post(setupMsg());
    post(onlineMsg());
    return;
  }
  // The whole log comes after `join` and `sync` (as many entries as plies);
  // other states carry the last move only.
  if (st.view.log && st.view.log.length === st.ply) s.log = st.view.log.slice();
  else if (st.view.last && st.ply > (before?.ply ?? 0) && st.ply === s.log.length + 1) s.log.push(st.view.last);
  else if (st.view.last && st.ply !== s.log.length) {
    // Out of step (a message missed): ask for the whole view again.
    send({ type: 'sync' });
  }
  if (st.phase === 'over') {
    try {
      await fetchRecord();
    } catch {
      // The record is for the review; the game is shown without it.
    }
  }
  if (!s.boardSent || (before && before.phase === 'setup')) {
    post(boardMsg());
    s.boardSent = true;
  }
  post(stateMsg(st, fresh));
  post(onlineMsg());
}

function send(msg) {
  if (!s.socket || s.socket.readyState !== WebSocket.OPEN) throw new Error('not connected to the server: reconnecting\u2026');
  s.socket.send(JSON.stringify(msg));
}

function connect() {
  const url = new URL(`/api/games/${s.link.game}/ws`, s.link.base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(url);
  s.socket = ws;
  let fresh = true;
  ws.onopen = () => ws.send(JSON.stringify({ type: 'join', secret: s.link.secret }));
  ws.onmessage = (e) => {
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch {
      return;
    }
    queue = queue.then(async () => {
      if (msg.type === 'welcome') {
        s.welcome = msg;
        s.connected = true;
        s.retry = 0;
        if (!s.rules) s.rules = marsal.Ruleset.fromJson(JSON.stringify(msg.rules));
        post(onlineMsg());
      } else if (msg.type === 'state') {
        await onState(msg, fresh);
        fresh = false;
      } else if (msg.type === 'error') {
        if (msg.code === 'bad_secret') s.fatal = true;
        post({ type: 'refused', request: 'server', message: `${msg.message} (${msg.code})` });
        if (msg.code === 'conflict') send({ type: 'sync' });
      }
    }).catch((err) => post({ type: 'refused', request: 'server', message: String(err?.message ?? err) }));
  };
  ws.onclose = () => {
    if (s.socket !== ws) return;
    s.connected = false;
    s.socket = null;
    post(onlineMsg());
    if (s.fatal) return;
    // A lost connection or a restarted server: join again, a little later each time.
    s.retry = Math.min(s.retry + 1, 5);
    setTimeout(connect, 500 * s.retry);
  };
}

const handlers = {
  link(msg) {
    s.link = { game: msg.game, seat: msg.seat, secret: msg.secret, base: msg.base };
  },
  resume() {
    if (!s.link) throw new Error('no game link');
    connect();
  },
  // A new game of local play: the page leaves the online game (it stays on the server).
  new() {
    post({ type: 'leave' });
  },
  arrange(msg) {
    if (s.sent) throw new Error('your setup is with the server already');
    s.setup = msg.how === 'sensible' && sensible() ? s.rules.sensibleSetup(seat(), seed()) : s.rules.randomSetup(seat(), seed());
    post(setupMsg());
  },
  place(msg) {
    if (s.sent) throw new Error('your setup is with the server already');
    s.setup = s.rules.setupText(seat(), msg.pieces);
    post(setupMsg());
  },
  text(msg) {
    if (s.sent) throw new Error('your setup is with the server already');
    s.rules.checkSetup(seat(), msg.text);
    s.setup = msg.text.trim();
    post(setupMsg());
  },
  start() {
    if (s.sent) throw new Error('your setup is with the server already: waiting for your opponent\u2019s');
    send({ type: 'setup', text: s.setup });
  },
  play(msg) {
    send({ type: 'move', ply: s.last?.ply ?? 0, move: msg.move });
  },
  resign() {
    send({ type: 'resign' });
  },
  takeback() {
    throw new Error('no take-backs in a game on the server');
  },
  review(msg) {
    if (!s.record) throw new Error('only a finished game can be reviewed');
    const g = s.record.clone();
    try {
      const plies = s.record.ply;
      const ply = Math.max(0, Math.min(plies, Math.trunc(Number(msg.ply) || 0)));
      while (g.ply > ply) g.undo();
      const view = g.view(seat());
      const army = {};
      for (const { square, view: v } of g.view(other(seat())).squares) if (v.own) army[square] = v.own.kind;
      post({ type: 'review', ply, plies, view, revealed: army, log: view.log.map((o) => observationWords(o, seat(), opponentName(), marsal)) });
    } finally {
      g.free();
    }
  },
  save() {
    if (!s.record) throw new Error('the server keeps this game: its link resumes it; the record can be saved once it is over');
    post({ type: 'saved', text: s.record.toJson(), sealed: false, name: `marsal-online-${s.link.game}.json` });
  },
  load() {
    throw new Error('a saved game is loaded in local play: press New game first');
  },
};

async function handle(msg) {
  try {
    const h = Object.hasOwn(handlers, msg?.type) ? handlers[msg.type] : null;
    if (!h) throw new Error(`unknown request ${msg?.type}`);
    await h(msg);
  } catch (err) {
    post({ type: 'refused', request: msg?.type, message: String(err?.message ?? err) });
  }
}

let queue = ready;
self.onmessage = (e) => {
  queue = queue.then(() => handle(e.data));
};

ready.then(() => post({ type: 'ready', presets: marsal.presets(), bots: marsal.bots(), version: marsal.version() }));
