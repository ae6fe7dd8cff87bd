// The game lives here, in a Web Worker: the referee (a marsal Game) and the
// bot. The page gets only what the human side may know: that side's View,
// its legal moves, and words built from that View. Nothing else of the game
// is ever posted.
import init, * as marsal from './pkg/marsal_wasm.js';
import { observationWords, sideName, statusWords } from './words.js';

const ready = init();

/** The worker's state; `game` holds hidden information and never leaves. */
const s = {
  rules: null,
  preset: 'marsal_a_spion',
  game: null,
  human: 'red',
  bot: 'careful',
  botSetup: 'sensible',
  seed: 1,
  setup: null, // the human's setup text while arranging
};

const post = (msg) => self.postMessage(msg);
// A handle for the browser test, which reads the referee's state here to
// check the page against it (the page itself cannot reach the worker's globals).
self.marsalWorker = s;
const enemy = () => (s.human === 'red' ? 'blue' : 'red');
const botName = () => `${sideName(enemy())} (${s.bot} bot)`;
const nextSeed = () => (s.seed = (s.seed * 69069 + 1) % 2147483647);
const sensible = () => typeof s.rules?.sensibleSetup === 'function';

function setupFor(side, how) {
  if (how === 'sensible' && sensible()) return s.rules.sensibleSetup(side, nextSeed());
  return s.rules.randomSetup(side, nextSeed());
}

function boardMsg() {
  return {
    type: 'board',
    preset: s.preset,
    files: s.rules.files,
    ranks: s.rules.ranks,
    diagonal: s.rules.diagonalSteps,
    squares: s.rules.board(),
    kinds: s.rules.kinds(),
    human: s.human,
    bots: marsal.bots(),
    sensible: sensible(),
  };
}

function setupMsg() {
  return {
    type: 'setup',
    side: s.human,
    text: s.setup,
    pieces: s.rules.setupPieces(s.human, s.setup),
  };
}

/** What the human may know now. */
function stateMsg() {
  const g = s.game;
  const view = g.view(s.human);
  const status = view.status;
  const toMove = status.ongoing ? status.ongoing.to_move : null;
  const opponent = botName();
  return {
    type: 'state',
    view,
    moves: toMove === s.human ? g.legalMoves() : [],
    log: view.log.map((o) => observationWords(o, s.human, opponent)),
    status: statusWords(status, s.human),
    over: !status.ongoing,
    opponent,
  };
}

function botPlays() {
  while (!s.game.isOver && s.game.view(s.human).status.ongoing.to_move !== s.human) {
    s.game.play(s.game.botMove(s.bot, nextSeed()));
  }
}

const handlers = {
  // Choose a preset and side: a fresh setup to arrange.
  new(msg) {
    s.preset = msg.preset ?? s.preset;
    s.human = msg.side ?? s.human;
    s.bot = msg.bot ?? s.bot;
    s.seed = msg.seed ?? ((Date.now() % 1000000) + 1);
    s.rules = marsal.Ruleset.preset(s.preset);
    s.game = null;
    s.setup = setupFor(s.human, msg.setup ?? (sensible() ? 'sensible' : 'random'));
    post(boardMsg());
    post(setupMsg());
  },
  // A new setup for the human: random or sensible.
  arrange(msg) {
    s.setup = setupFor(s.human, msg.how);
    post(setupMsg());
  },
  // The human's own arrangement (square -> kind), checked by the library.
  place(msg) {
    s.setup = s.rules.setupText(s.human, msg.pieces);
    post(setupMsg());
  },
  // A setup typed as text, checked by the library.
  text(msg) {
    s.rules.checkSetup(s.human, msg.text);
    s.setup = msg.text.trim();
    post(setupMsg());
  },
  start(msg) {
    s.bot = msg.bot ?? s.bot;
    const mine = s.setup;
    const theirs = setupFor(enemy(), s.botSetup);
    const [red, blue] = s.human === 'red' ? [mine, theirs] : [theirs, mine];
    s.game = new marsal.Game(s.rules, red, blue);
    botPlays();
    post(stateMsg());
  },
  play(msg) {
    if (!s.game) throw new Error('no game: start one first');
    if (s.game.isOver) throw new Error('the game is over');
    s.game.play(msg.move);
    post(stateMsg());
    botPlays();
    post(stateMsg());
  },
  // Save: the Game JSON goes into a file the page downloads by its URL; the
  // page never reads it (it holds both armies).
  save() {
    if (!s.game) throw new Error('no game to save');
    const blob = new Blob([s.game.toJson()], { type: 'application/json' });
    post({
      type: 'saved',
      url: URL.createObjectURL(blob),
      name: `marsal-${s.preset}-ply${s.game.ply}.json`,
    });
  },
  // Load: the page hands over the chosen file unread.
  async load(msg) {
    const text = await msg.file.text();
    const game = marsal.Game.fromJson(text);
    s.game = game;
    s.rules = game.ruleset();
    s.preset = marsal.presets().find((p) => marsal.Ruleset.preset(p).toJson() === s.rules.toJson())
      ?? 'custom';
    s.human = msg.side ?? s.human;
    s.bot = msg.bot ?? s.bot;
    post(boardMsg());
    botPlays();
    post(stateMsg());
  },
};

self.onmessage = async (e) => {
  await ready;
  const msg = e.data;
  try {
    const h = handlers[msg.type];
    if (!h) throw new Error(`unknown request ${msg.type}`);
    await h(msg);
  } catch (err) {
    post({ type: 'refused', request: msg.type, message: String(err?.message ?? err) });
  }
};

ready.then(() => post({ type: 'ready', presets: marsal.presets(), bots: marsal.bots(), version: marsal.version() }));
