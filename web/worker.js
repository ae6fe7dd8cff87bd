// The game lives here, in a Web Worker: the referee (a marsal Game) and the
// bot. The page gets only what the human side may know: that side's View,
// its legal moves, and words built from that View; the enemy army only once
// the game is over. Every seed of the bot and of its setup is drawn here from
// crypto.getRandomValues (a fixed seed only in the test mode the page shows);
// a save or autosave of a game in progress is sealed (seal.js) with a key
// that never leaves this worker.
import init, * as marsal from './pkg/marsal_wasm.js';
import { observationWords, sideName, statusWords } from './words.js';
import { isSealed, seal, seedSource, store, stored, unseal } from './seal.js';

const ready = init();

/** The worker's state; `game` holds hidden information and never leaves. */
const s = {
  rules: null,
  preset: 'marsal_a_spion',
  limits: {},
  game: null,
  human: 'red',
  bot: 'careful',
  opponent: null, // who plays the enemy side in the game, in words
  botSetup: 'sensible',
  testSeed: null, // a fixed seed: test mode only
  nextSeed: seedSource(null),
  setup: null, // the human's setup text while arranging
  resigned: false,
  takeBack: false,
  review: null, // the ply shown while reviewing a finished game
};

const post = (msg) => self.postMessage(msg);
// A handle for the browser test, which reads the referee's state here to
// check the page against it (the page itself cannot reach the worker's globals).
self.marsalWorker = s;
const other = (side) => (side === 'red' ? 'blue' : 'red');
const enemy = () => other(s.human);
const botName = (side, bot) => `${sideName(side)} (${bot} bot)`;
const sensible = () => typeof s.rules?.sensibleSetup === 'function';
// A record with both armies in it (a Game JSON or Gravon XML file, as Save
// writes a finished or resigned game) is reviewed, never played on: whoever
// holds it knows both armies.
const over = () => s.resigned || s.recordOnly || s.game.isOver;

function setupFor(side, how) {
  if (how === 'sensible' && sensible()) return s.rules.sensibleSetup(side, s.nextSeed());
  return s.rules.randomSetup(side, s.nextSeed());
}

/** The preset with the person's choice of limits (ply limit, repetition draw);
 * 'custom': the rules of the loaded game on the board. */
function rulesWith(preset, limits) {
  let rules = preset === 'custom' && s.rules ? marsal.Ruleset.fromJson(s.rules.toJson()) : marsal.Ruleset.preset(preset);
  try {
    for (const [name, value] of Object.entries(limits ?? {})) {
      if (!['max_plies', 'max_plies_without_attack', 'repetition_draw'].includes(name)) {
        throw new Error(`unknown limit ${name}`);
      }
      const next = rules.withOption(name, value);
      rules.free();
      rules = next;
    }
  } catch (err) {
    rules.free();
    throw err;
  }
  return rules;
}

function limitsOf(rules) {
  return {
    max_plies: rules.option('max_plies'),
    max_plies_without_attack: rules.option('max_plies_without_attack'),
    repetition_draw: rules.option('repetition_draw'),
  };
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
    limits: limitsOf(s.rules),
    testSeed: s.testSeed,
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

/** The enemy's pieces on the board of `game` (square -> kind): only once it is over. */
function enemyArmy(game) {
  const army = {};
  for (const { square, view } of game.view(enemy()).squares) {
    if (view.own) army[square] = view.own.kind;
  }
  return army;
}

/** What the human may know now (and, once the game is over, the enemy army). */
function stateMsg() {
  const g = s.game;
  const view = g.view(s.human);
  const status = view.status;
  const toMove = status.ongoing && !over() ? status.ongoing.to_move : null;
  const opponent = s.opponent;
  const done = over();
  return {
    type: 'state',
    view,
    moves: toMove === s.human ? g.legalMoves() : [],
    log: view.log.map((o) => observationWords(o, s.human, opponent, marsal)),
    status: s.resigned ? 'You resigned: you lose. Game over.'
      : s.recordOnly && status.ongoing ? 'A record with both armies in it: it is reviewed, not played on. Game over.'
        : statusWords(status, s.human, marsal),
    over: done,
    opponent,
    revealed: done ? enemyArmy(g) : null,
    plies: g.ply,
    takeBack: s.takeBack && !done && view.log.some((o) => o.side === s.human),
  };
}

/** A finished game at ply `ply`, both armies shown (review). */
function reviewMsg(ply) {
  const g = s.game.clone();
  try {
    while (g.ply > ply) g.undo();
    const view = g.view(s.human);
    return {
      type: 'review',
      ply,
      plies: s.game.ply,
      view,
      revealed: enemyArmy(g),
      log: view.log.map((o) => observationWords(o, s.human, s.opponent, marsal)),
    };
  } finally {
    g.free();
  }
}

function botPlays() {
  while (!s.game.isOver && s.game.view(s.human).status.ongoing.to_move !== s.human) {
    s.game.play(s.game.botMove(s.bot, s.nextSeed()));
  }
}

/** The secret part of a save: the whole game and how it is played. */
const secret = () => ({
  game: s.game.toJson(), human: s.human, bot: s.bot, opponent: s.opponent, preset: s.preset,
  resigned: s.resigned, takeBack: s.takeBack, testSeed: s.testSeed,
});

/** Keeps the game in progress, sealed, for a reload; forgets a finished one. */
async function autosave() {
  await store('autosave', s.game && !over() ? await seal(secret(), { autosave: true }) : undefined);
}

/** Replaces the rules in use, freeing the ones before (wasm memory is not
 * collected). */
function setRules(rules) {
  if (s.rules !== rules) s.rules?.free();
  s.rules = rules;
}

function restore(sec) {
  const game = marsal.Game.fromJson(sec.game);
  s.game?.free();
  s.game = game;
  setRules(game.ruleset());
  s.preset = sec.preset ?? 'custom';
  s.human = sec.human;
  s.bot = sec.bot ?? s.bot;
  s.opponent = sec.opponent ?? botName(other(s.human), s.bot);
  s.resigned = !!sec.resigned;
  s.recordOnly = !!sec.recordOnly;
  s.takeBack = !!sec.takeBack;
  s.testSeed = sec.testSeed ?? null;
  s.nextSeed = seedSource(s.testSeed);
  s.review = null;
  s.setup = null;
}

/** The preset a ruleset is (its limits aside), or 'custom'. */
function presetOf(rules) {
  const bare = (r) => JSON.stringify({ ...JSON.parse(r.toJson()), max_plies: null, max_plies_without_attack: null, repetition_draw: null });
  const mine = bare(rules);
  return marsal.presets().find((p) => {
    const preset = marsal.Ruleset.preset(p);
    try {
      return bare(preset) === mine;
    } finally {
      preset.free();
    }
  }) ?? 'custom';
}

const handlers = {
  // After a reload: the game in progress comes back from the sealed autosave.
  async resume(msg) {
    const text = await stored('autosave');
    if (text) {
      try {
        restore(await unseal(text));
        post(boardMsg());
        post({ ...stateMsg(), resumed: true });
        return;
      } catch {
        await store('autosave', undefined);
      }
    }
    handlers.new(msg);
  },
  // Choose a preset, limits and side: a fresh setup to arrange.
  new(msg) {
    const preset = msg.preset ?? s.preset;
    setRules(rulesWith(preset, msg.limits));
    s.preset = preset;
    s.limits = msg.limits ?? {};
    s.human = msg.side ?? s.human;
    s.bot = msg.bot ?? s.bot;
    s.takeBack = !!msg.takeBack;
    s.testSeed = msg.testSeed ?? null;
    s.nextSeed = seedSource(s.testSeed);
    s.game?.free();
    s.game = null;
    s.resigned = false;
    s.recordOnly = false;
    s.review = null;
    s.setup = setupFor(s.human, msg.setup ?? (sensible() ? 'sensible' : 'random'));
    post(boardMsg());
    post(setupMsg());
    return store('autosave', undefined);
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
    if (msg.takeBack !== undefined) s.takeBack = !!msg.takeBack;
    const mine = s.setup;
    const theirs = setupFor(enemy(), s.botSetup);
    const [red, blue] = s.human === 'red' ? [mine, theirs] : [theirs, mine];
    s.game = new marsal.Game(s.rules, red, blue);
    s.opponent = botName(enemy(), s.bot);
    s.resigned = false;
    s.recordOnly = false;
    botPlays();
    post(stateMsg());
    return autosave();
  },
  play(msg) {
    if (!s.game) throw new Error('no game: start one first');
    if (over()) throw new Error('the game is over');
    s.game.play(msg.move);
    post(stateMsg());
    botPlays();
    post(stateMsg());
    return autosave();
  },
  // Take-back (when the game was started with it): the person's last move
  // and the bot's answers after it.
  takeback() {
    if (!s.game || over()) throw new Error('no game in progress');
    if (!s.takeBack) throw new Error('take-back is off for this game');
    const log = s.game.view(s.human).log;
    if (!log.some((o) => o.side === s.human)) throw new Error('no move of yours to take back');
    while (s.game.ply > 0) {
      const undone = s.game.undo();
      if (undone.side === s.human) break;
    }
    post(stateMsg());
    return autosave();
  },
  resign() {
    if (!s.game || over()) throw new Error('no game in progress');
    s.resigned = true;
    post(stateMsg());
    return autosave();
  },
  // Review of a finished game: the position after `ply` plies, both armies shown.
  review(msg) {
    if (!s.game || !over()) throw new Error('only a finished game can be reviewed');
    const ply = Math.max(0, Math.min(s.game.ply, Math.trunc(Number(msg.ply) || 0)));
    post(reviewMsg(ply));
  },
  // Save: a game in progress is sealed (the page cannot read its hidden
  // part); a finished game is its whole Game JSON.
  async save() {
    if (!s.game) throw new Error('no game to save');
    const done = over();
    const text = done ? s.game.toJson() : await seal(secret(), { preset: s.preset, side: s.human, ply: s.game.ply });
    post({
      type: 'saved',
      text,
      sealed: !done,
      name: `marsal-${s.preset}-${done ? 'game' : 'sealed'}-ply${s.game.ply}.json`,
    });
  },
  // Load: the page hands over the chosen file unread. A sealed save is
  // played on as the side that was played (whatever the page asks); a Game
  // JSON or Gravon XML record is reviewed when finished, played on as the
  // chosen side when not (its owner holds both armies in it already). A
  // record does not say who played it: its enemy side is named by its colour
  // alone, whichever bot plays on.
  async load(msg) {
    const text = await msg.file.text();
    if (isSealed(text)) {
      restore(await unseal(text));
    } else {
      const gravon = text.trimStart().startsWith('<');
      const game = gravon ? marsal.Game.fromGravon(text, msg.file.name ?? '') : marsal.Game.fromJson(text);
      const rules = game.ruleset();
      try {
        const human = msg.side ?? s.human;
        restore({
          game: game.toJson(), human, bot: msg.bot ?? s.bot, opponent: sideName(other(human)), preset: presetOf(rules),
          recordOnly: true,
        });
      } finally {
        rules.free();
        game.free();
      }
    }
    post(boardMsg());
    if (!over()) botPlays();
    post({ ...stateMsg(), loaded: true });
    return autosave();
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

// One request at a time, in the order they came: a handler that waits (a
// seal, the store, a file) finishes before the next starts, so autosaves are
// written in the order of the moves and the last one is the game as it is.
let queue = ready;
self.onmessage = (e) => {
  queue = queue.then(() => handle(e.data));
};

ready.then(() => post({ type: 'ready', presets: marsal.presets(), bots: marsal.bots(), version: marsal.version() }));
