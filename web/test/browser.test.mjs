// The browser test of the page: headless Chromium (the system's, Debian's
// package) driven by playwright-core. It serves target/web (build it first:
// `bash web/serve.sh --build-only`) on 127.0.0.1, then
// - draws each preset's board and checks its squares against the library;
// - arranges a setup by clicks and has a bad setup text refused with the
//   library's message;
// - plays a whole game by clicks until it ends: at every ply the page's
//   state and every message the worker sent are compared with the referee's
//   view for the human side, and no unknown enemy square shows or names
//   anything narrower than what that side may know;
// - refuses an illegal click with a message;
// - saves the game, plays on, loads the file and gets the saved game back;
// - runs axe-core at every impact on the setup, play (a long, scrolling move
//   list), fight, end and review screens at desktop and phone widths;
// - checks the page's own behaviour: a load before any game, a setup error
//   gone once a text is accepted, the review's hover text, a loaded game of
//   other rules in the Game menu, the phone's layout, the status during the
//   person's own fight, a dragged piece under the pointer;
// - keeps screenshots under target/web-screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { observationWords } from '../words.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
// MARSAL_WEB_DIR: another built page (to audit an older build).
const site = process.env.MARSAL_WEB_DIR ?? join(target, 'web');
const shots = join(target, 'web-screenshots');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

const { m: marsal } = await import('../../marsal-wasm/tests/pkg.mjs');

let server;
let url;
let browser;

before(async () => {
  assert.ok(existsSync(join(site, 'index.html')), `${site} is missing: run bash web/serve.sh --build-only`);
  mkdirSync(shots, { recursive: true });
  const port = 18000 + Math.floor(Math.random() * 2000);
  server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', site],
    { stdio: 'ignore' });
  url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

/** A page whose worker messages are recorded in window.__received (by the test only). */
async function openPage(viewport = { width: 1280, height: 900 }, query = '?seed=7') {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addInitScript(() => {
    const W = window.Worker;
    window.__received = [];
    window.Worker = class extends W {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => window.__received.push(e.data));
      }
    };
  });
  const page = await context.newPage();
  // window.confirm (new game, resign, load during a game): accepted, unless a test sets page.dismissDialogs.
  page.on('dialog', (d) => (page.dismissDialogs ? d.dismiss() : d.accept()));
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const t0 = performance.now();
  await page.goto(url + query);
  await page.waitForFunction(() => window.marsalPage?.phase === 'setup');
  const loadMs = performance.now() - t0;
  return { page, context, errors, loadMs };
}

const workerOf = async (page) => {
  for (let i = 0; i < 50 && !page.workers().length; i++) await page.waitForTimeout(50);
  return page.workers()[0];
};

async function choosePreset(page, preset, side = 'red') {
  // A phone shows the settings folded: open them, as a person would.
  if (!(await page.isVisible('#side'))) await page.click('#settings-summary');
  await page.selectOption('#side', side);
  await page.waitForFunction(() => window.marsalPage.phase === 'setup' && !window.marsalPage.busy);
  await page.selectOption('#preset', preset);
  await page.waitForFunction((p) => window.marsalPage.phase === 'setup' && window.marsalPage.board.preset === p
    && !window.marsalPage.busy, preset);
}

const PAGE_FIELDS = ['board', 'busy', 'fight', 'focus', 'log', 'message', 'moves', 'opponent', 'phase', 'ready',
  'revealed', 'review', 'selected', 'setup', 'status', 'takeBack', 'view'].sort();

const KIND_NAMES = ['Marshal', 'General', 'Colonel', 'Major', 'Captain', 'Lieutenant', 'Sergeant', 'Cadet',
  'Corporal', 'Gunner', 'Scout', 'Miner', 'Spy', 'Mine', 'Bomb', 'Flag'];
const kindsNamed = (text) => KIND_NAMES.filter((k) => new RegExp(`\\b${k}\\b`).test(text));

/**
 * The hidden-information check, at the current ply: the page's state holds
 * the referee's view for the human side and nothing else; every message the
 * worker sent since `seen` is that view at its ply; every unknown enemy
 * square is blank and names exactly the kinds it may be (or none).
 */
async function checkNoLeak(page, worker, seen) {
  const pageState = await page.evaluate(() => JSON.parse(JSON.stringify(window.marsalPage)));
  const received = await page.evaluate((n) => window.__received.slice(n), seen);
  const plies = received.filter((m) => m.type === 'state').map((m) => m.view.ply);
  const truth = await worker.evaluate((plies) => {
    const s = self.marsalWorker;
    const enemy = s.human === 'red' ? 'blue' : 'red';
    const at = {};
    for (const p of plies) {
      const g = s.game.clone();
      while (g.ply > p) g.undo();
      at[p] = g.view(s.human);
      g.free();
    }
    return { human: s.human, view: s.game.view(s.human), enemyView: s.game.view(enemy), at, opponent: '' };
  }, plies);
  assert.deepEqual(Object.keys(pageState).sort(), PAGE_FIELDS, 'the page state has only its fields');
  assert.deepEqual(pageState.view, truth.view, 'the page holds the human side\u2019s view');
  for (const m of received) {
    assert.ok(['ready', 'board', 'setup', 'state', 'saved', 'refused', 'review'].includes(m.type), m.type);
    if (m.type === 'saved' && m.sealed) assert.deepEqual(kindsNamed(m.text), [], 'a sealed save names no kind');
    if (m.type === 'state') {
      if (!m.over) assert.equal(m.revealed, null, 'the enemy army is revealed only at the end');
      assert.deepEqual(m.view, truth.at[m.view.ply], `the message at ply ${m.view.ply} is the human\u2019s view`);
      assert.deepEqual(m.log, m.view.log.map((o) => observationWords(o, truth.human, m.opponent, marsal)));
      if (m.view.status.ongoing?.to_move !== truth.human) assert.deepEqual(m.moves, []);
    }
    if (m.type === 'setup') assert.equal(m.side, truth.human);
  }
  const cells = await page.evaluate(() => [...document.querySelectorAll('#board [data-square]')].map((c) => ({
    square: c.dataset.square,
    text: c.querySelector('.face')?.textContent ?? '',
    attrs: [...c.attributes].map((a) => `${a.name}=${a.value}`).join(' ') + ` ${c.querySelector('.sr')?.textContent}`,
  })));
  const possibleAt = new Map(truth.view.squares.filter((s) => s.view.enemy).map((s) => [s.square, s.view.enemy.possible]));
  const hidden = truth.enemyView.squares.filter((s) => s.view.own && possibleAt.get(s.square)?.length > 1);
  if (pageState.phase === 'over') {
    // The game is over: the enemy army is shown, as it stands.
    assert.deepEqual(pageState.revealed, Object.fromEntries(truth.enemyView.squares.filter((s) => s.view.own)
      .map((s) => [s.square, s.view.own.kind])));
    return seen + received.length;
  }
  for (const { square } of hidden) {
    const cell = cells.find((c) => c.square === square);
    assert.equal(cell.text, '', `the unknown enemy piece on ${square} is drawn blank`);
    const named = kindsNamed(cell.attrs);
    if (named.length) assert.deepEqual(named.sort(), [...possibleAt.get(square)].sort(), `${square}: ${cell.attrs}`);
  }
  const info = await page.textContent('#info');
  const m = /^(\w+\d+): enemy/.exec(info);
  if (m && possibleAt.get(m[1])?.length > 1) {
    assert.deepEqual(kindsNamed(info).sort(), [...possibleAt.get(m[1])].sort(), info);
  }
  return seen + received.length;
}

const stateNow = (page) => page.evaluate(() => ({
  ply: window.marsalPage.view?.ply, phase: window.marsalPage.phase, moves: window.marsalPage.moves,
}));

async function waitHumanTurn(page, afterPly) {
  await page.waitForFunction((p) => {
    const s = window.marsalPage;
    return !s.busy && (s.phase === 'over' || (s.phase === 'play' && s.moves.length > 0 && s.view.ply > p));
  }, afterPly);
}

/** One move by clicks: a piece, then one of its highlighted targets (attacks preferred); `onFight` runs while a fight of it shows. */
async function playByClicks(page, rng, onFight = null) {
  const { moves, ply } = await stateNow(page);
  const from = [...new Set(moves.map((mv) => mv.split(/[-x]/)[0]))];
  const attacks = moves.filter((mv) => mv.includes('x'));
  const pick = attacks.length && rng() < 0.6
    ? attacks[Math.floor(rng() * attacks.length)].split('x')[0]
    : from[Math.floor(rng() * from.length)];
  await page.click(`#board [data-square="${pick}"]`);
  const targets = await page.$$eval('#board .cell.target', (cs) => cs.map((c) => c.dataset.square));
  const expected = moves.filter((mv) => mv.startsWith(pick) && /[-x]/.test(mv[pick.length]))
    .map((mv) => mv.slice(pick.length + 1));
  assert.deepEqual(targets.sort(), expected.sort(), 'the highlighted targets are the legal moves');
  const enemyTargets = moves.filter((mv) => mv.startsWith(pick + 'x')).map((mv) => mv.slice(pick.length + 1));
  const choices = enemyTargets.length && rng() < 0.8 ? enemyTargets : targets;
  const to = choices[Math.floor(rng() * choices.length)];
  await page.click(`#board [data-square="${to}"]`);
  if (onFight && enemyTargets.includes(to)) {
    await page.waitForFunction((sq) => window.marsalPage.fight?.square === sq, to);
    await onFight(to);
  }
  await waitHumanTurn(page, ply);
}

const rngFrom = (seed) => () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

test('each preset\u2019s board is drawn with its squares, lakes and off-board squares', async () => {
  const { page, context, errors, loadMs } = await openPage();
  const loads = [];
  for (let i = 0; i < 5; i++) {
    const fresh = await openPage();
    await fresh.page.waitForFunction(() => window.marsalReadyMs !== undefined);
    loads.push(await fresh.page.evaluate(() => window.marsalReadyMs));
    await fresh.context.close();
  }
  loads.sort((a, b) => a - b);
  console.log(`page load, navigation to the first setup drawn: median ${loads[2].toFixed(0)} ms ` +
    `(${loads.map((x) => x.toFixed(0)).join(', ')} ms in 5 fresh contexts; ${loadMs.toFixed(0)} ms as the test saw the first)`);
  for (const preset of marsal.presets()) {
    await choosePreset(page, preset);
    const rules = marsal.Ruleset.preset(preset);
    const squares = rules.board();
    const cells = await page.$$eval('#board [data-square]', (cs) => cs.map((c) => ({
      square: c.dataset.square, lake: c.classList.contains('lake'), own: c.classList.contains('own'),
    })));
    assert.equal(cells.length, squares.length, preset);
    assert.deepEqual(cells.filter((c) => c.lake).map((c) => c.square).sort(),
      squares.filter((s) => s.lake).map((s) => s.square).sort(), `${preset} lakes`);
    const army = rules.kinds().reduce((n, k) => n + k.red, 0);
    assert.equal(cells.filter((c) => c.own).length, army, `${preset}: the whole red army is set up`);
    await page.screenshot({ path: join(shots, `setup-${preset}.png`) });
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a setup is arranged by clicks, and a bad setup text is refused with the library\u2019s message', async () => {
  const { page, context } = await openPage();
  await choosePreset(page, 'classic');
  const before = await page.evaluate(() => window.marsalPage.setup.pieces);
  const keys = Object.keys(before);
  const b = keys[0];
  const a = keys.find((sq) => before[sq] !== before[b]);
  await page.click(`#board [data-square="${a}"]`);
  await page.click(`#board [data-square="${b}"]`);
  await page.waitForFunction((a) => window.marsalPage.setup && !window.marsalPage.busy
    && window.marsalPage.selected === null, a);
  const afterSwap = await page.evaluate(() => window.marsalPage.setup.pieces);
  assert.equal(afterSwap[a], before[b]);
  assert.equal(afterSwap[b], before[a]);
  await page.fill('#setup-text', 'MMMM');
  await page.click('#use-text');
  await page.waitForFunction(() => /setup zone has 4 rows/.test(document.getElementById('message').textContent));
  assert.equal(await page.getAttribute('#message', 'class'), 'error');
  await context.close();
});

test('a whole game by clicks: illegal click refused, nothing hidden leaks at any ply, save and load restore', async () => {
  const t0 = performance.now();
  const { page, context, errors } = await openPage();
  await choosePreset(page, 'barrage');
  const worker = await workerOf(page);
  await page.click('#start');
  await waitHumanTurn(page, -1);
  let seen = await checkNoLeak(page, worker, 0);

  // An illegal click: a piece, then a square that is no target of it.
  const { moves } = await stateNow(page);
  const from = moves[0].split(/[-x]/)[0];
  const targets = moves.filter((mv) => mv.startsWith(from)).map((mv) => mv.slice(from.length + 1));
  const all = await page.$$eval('#board [data-square]:not(.lake):not(.own)', (cs) => cs.map((c) => c.dataset.square));
  const wrong = all.find((sq) => !targets.includes(sq));
  await page.click(`#board [data-square="${from}"]`);
  await page.click(`#board [data-square="${wrong}"]`);
  await page.waitForFunction(() => document.getElementById('message').className === 'error');
  const refusal = await page.textContent('#message');
  assert.match(refusal, new RegExp(`move "${from}[-x]${wrong}"`));
  assert.equal((await stateNow(page)).ply, 0, 'the refused move changed nothing');
  // A click on an enemy piece (with no piece picked) inspects it.
  const enemySquare = await page.$eval('#board .cell.enemy', (c) => c.dataset.square);
  await page.click(`#board [data-square="${enemySquare}"]`);
  assert.equal(await page.textContent('#message'), '');
  assert.match(await page.textContent('#info'), new RegExp(`^${enemySquare}: enemy piece; it may be `));

  const rng = rngFrom(11);
  let saved = null;
  let human = 0;
  let fightShot = false;
  const onFight = async (square) => {
    if (fightShot) return;
    fightShot = true;
    const text = await page.textContent(`#board [data-square="${square}"]`);
    assert.match(text, /×/, 'both pieces of the fight are on its square');
    await page.screenshot({ path: join(shots, 'fight.png') });
  };
  // Games until one brought a save (at the human's second move) and a fight of the
  // human's: the bot may win a barrage game in a few moves of random clicks.
  for (let games = 1; ; games++) {
    for (;;) {
      const now = await stateNow(page);
      if (now.phase === 'over') break;
      await playByClicks(page, rng, onFight);
      human += 1;
      seen = await checkNoLeak(page, worker, seen);
      if (human === 2) {
        await page.screenshot({ path: join(shots, 'mid-game.png') });
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
        const path = join(shots, 'saved-game.json');
        await download.saveAs(path);
        const view = await page.evaluate(() => window.marsalPage.view);
        saved = { path, view };
        assert.throws(() => marsal.Game.fromJson(readFileSync(path, 'utf8')), /game JSON/,
          'a save of a game in progress is sealed');
        // Play on, then load: the saved game comes back.
        if ((await stateNow(page)).phase !== 'over') {
          await playByClicks(page, rng);
          seen = await checkNoLeak(page, worker, seen);
          await page.setInputFiles('#load', path);
          await page.waitForFunction((p) => window.marsalPage.view?.ply === p && !window.marsalPage.busy, view.ply);
          assert.deepEqual(await page.evaluate(() => window.marsalPage.view), view, 'load restores the saved game');
          seen = await checkNoLeak(page, worker, seen);
        }
      }
      assert.ok(human < 3000, 'the game ends');
    }
    if (saved && fightShot) break;
    assert.ok(games < 5, 'five games bring a save and a fight');
    seen = await checkNoLeak(page, worker, seen);
    console.log(`# game ${games} ended at ply ${(await stateNow(page)).ply} before a save and a fight: another`);
    saved = null;
    human = 0;
    await page.click('#new');
    await page.waitForFunction(() => window.marsalPage.phase === 'setup' && !window.marsalPage.busy);
    await page.click('#start');
    await waitHumanTurn(page, -1);
  }
  seen = await checkNoLeak(page, worker, seen);
  assert.ok(saved, 'the game was saved');
  const status = await page.textContent('#status');
  assert.match(status, /(You win|You lose|A draw).*Game over\./);
  assert.match(await page.textContent('#message'), /^Game over\./);
  await page.screenshot({ path: join(shots, 'end.png') });
  assert.ok(fightShot, 'a fight was shown on the board');
  // Review: step through the finished game, both armies shown. Another bot
  // chosen now names nobody in it: its opponent is the bot that played it.
  const played = await page.$eval('#bot', (b) => b.value);
  const bots = await page.$$eval('#bot option', (os) => os.map((o) => o.value));
  await page.selectOption('#bot', bots.find((b) => b !== played));
  await page.click('#review');
  await page.waitForFunction(() => window.marsalPage.review?.ply === 0 && !window.marsalPage.busy);
  for (let i = 0; i < 6; i++) {
    const p = await page.evaluate(() => window.marsalPage.review.ply);
    await page.click('#review-next');
    await page.waitForFunction((p) => window.marsalPage.review?.ply === p + 1 && !window.marsalPage.busy, p);
  }
  assert.equal(await page.textContent('#review-ply'), `ply 6 of ${(await stateNow(page)).ply}`);
  const reviewed = await page.evaluate(() => window.marsalPage.review);
  const truthAt6 = await worker.evaluate(() => {
    const g = self.marsalWorker.game.clone();
    while (g.ply > 6) g.undo();
    const v = g.view(self.marsalWorker.human);
    g.free();
    return v;
  });
  assert.deepEqual(reviewed.view, truthAt6, 'the review shows the game at ply 6');
  const theirs = reviewed.log.filter((line) => !line.startsWith('You '));
  assert.equal(theirs.length, 3, 'Blue\u2019s three moves of the first six plies');
  for (const line of theirs) assert.ok(line.startsWith(`Blue (${played} bot) `), line);
  assert.equal(await page.$$eval('#board .cell.revealed', (cs) => cs.length) > 0, true, 'the enemy army is shown');
  await page.screenshot({ path: join(shots, 'review.png') });
  await page.click('#review-last');
  await page.waitForFunction(() => window.marsalPage.review?.ply === window.marsalPage.review?.plies);
  // Saved after the end: the whole record, both armies.
  const [record] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const recordPath = join(shots, 'finished-game.json');
  await record.saveAs(recordPath);
  assert.equal(marsal.Game.fromJson(readFileSync(recordPath, 'utf8')).ply, (await stateNow(page)).ply);
  const plies = (await stateNow(page)).ply;
  console.log(`whole game by clicks: ${human} human moves, ${plies} plies, ${((performance.now() - t0) / 1000).toFixed(1)} s; ${status}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone-sized screen the Czech board fits the width and the game is played by taps', async () => {
  const { page, context } = await openPage({ width: 390, height: 844 });
  await page.click('#start');
  await waitHumanTurn(page, -1);
  const worker = await workerOf(page);
  const rng = rngFrom(5);
  for (let i = 0; i < 6 && (await stateNow(page)).phase !== 'over'; i++) await playByClicks(page, rng);
  await checkNoLeak(page, worker, 0);
  const box = await page.$eval('#board', (b) => b.getBoundingClientRect().right);
  assert.ok(box <= 390, `the board fits: right edge ${box}`);
  await page.screenshot({ path: join(shots, 'phone.png'), fullPage: true });
  await context.close();
});

test('the keyboard picks and moves a piece', async () => {
  const { page, context } = await openPage();
  await choosePreset(page, 'classic');
  await page.click('#start');
  await waitHumanTurn(page, -1);
  const { moves } = await stateNow(page);
  const [from, to] = moves[0].split(/[-x]/);
  await page.focus(`#board [data-square="${from}"]`);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.marsalPage.selected), from);
  // Walk to the target with the arrow keys (red at the bottom: up is rank + 1).
  const df = to.charCodeAt(0) - from.charCodeAt(0);
  const dr = Number(to.slice(1)) - Number(from.slice(1));
  for (let i = 0; i < Math.abs(df); i++) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), to);
  await page.keyboard.press('Enter');
  await waitHumanTurn(page, 0);
  assert.ok((await stateNow(page)).ply >= 2);
  await context.close();
});

/** The enemy army at the start of the worker's game (square -> kind): the referee's truth, for the attacks. */
const enemyStartArmy = (worker) => worker.evaluate(() => {
  const s = self.marsalWorker;
  const g = s.game.clone();
  while (g.ply > 0) g.undo();
  const army = {};
  for (const { square, view } of g.view(s.human === 'red' ? 'blue' : 'red').squares) {
    if (view.own) army[square] = view.own.kind;
  }
  g.free();
  return army;
});

const sameKinds = (a, b) => Object.keys(b).filter((sq) => a[sq] === b[sq]).length;

test('the attacks on the hidden army find nothing: seed from the clock and the setup, the save, loading as the other side', async () => {
  const rules = marsal.Ruleset.preset('classic');
  const t0 = Date.now();
  const { page, context, errors } = await openPage(undefined, '');
  await choosePreset(page, 'classic');
  assert.equal(await page.isHidden('#test-mode'), true, 'no test mode without ?seed=');
  const mine = await page.evaluate(() => window.marsalPage.setup.text);
  const worker = await workerOf(page);
  await page.click('#start');
  await waitHumanTurn(page, -1);
  const t1 = Date.now();
  const army = await enemyStartArmy(worker);
  assert.equal(Object.keys(army).length, 40);

  // Attack 1: the seed from the clock (as the page once drew it: the time in
  // ms, mod 10^6, + 1, then an LCG), from the seconds, or a small seed found
  // from the person's own setup; then the bot's setup predicted from it.
  const predictions = [];
  const tryFrom = (seed) => {
    let x = seed;
    const lcg = () => (x = (x * 69069 + 1) % 2147483647);
    const first = lcg();
    if (rules.sensibleSetup('red', first) === mine) predictions.push(lcg());
    if (rules.sensibleSetup('red', seed) === mine) predictions.push(seed + 1);
  };
  for (let ms = t0 - 3000; ms <= t1 + 3000; ms++) tryFrom((ms % 1000000) + 1);
  for (let sec = Math.floor(t0 / 1000) - 5; sec <= t1 / 1000 + 5; sec++) tryFrom(sec);
  for (let seed = 0; seed < 20000; seed++) tryFrom(seed);
  let best = 0;
  for (const p of predictions) {
    best = Math.max(best, sameKinds(rules.setupPieces('blue', rules.sensibleSetup('blue', p)), army));
  }
  // Without a seed, the best guess of the bot's army: its sensible setup for a few seeds.
  let chance = 0;
  for (let seed = 0; seed < 50; seed++) {
    chance = Math.max(chance, sameKinds(rules.setupPieces('blue', rules.sensibleSetup('blue', seed)), army));
  }
  console.log(`attack 1 (seed from the clock and the person's setup, ${t1 - t0 + 6000} ms of clock and 20,000 ` +
    `small seeds): ${predictions.length} seeds reproduce the person's setup; best prediction ${best}/40 pieces ` +
    `(the best of 50 sensible setups by chance: ${chance}/40)`);
  assert.equal(predictions.length, 0, 'no seed the attacker can guess reproduces the person\u2019s setup');

  // Attack 2: the save of a game in progress, as the page receives it and as the file.
  const rng = rngFrom(3);
  for (let i = 0; i < 3 && (await stateNow(page)).phase === 'play'; i++) await playByClicks(page, rng);
  assert.equal((await stateNow(page)).phase, 'play');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const path = join(shots, 'sealed-save.json');
  await download.saveAs(path);
  const file = readFileSync(path, 'utf8');
  const received = await page.evaluate(() => window.__received.filter((m) => m.type === 'saved').map((m) => m.text));
  const autosave = await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('marsal-worker');
    req.onsuccess = () => {
      const get = req.result.transaction('sealed').objectStore('sealed').get('autosave');
      get.onsuccess = () => resolve(get.result);
    };
  }));
  for (const [what, text] of [['the file', file], ['the message', received[0]], ['the autosave', autosave]]) {
    assert.equal(typeof text, 'string', what);
    assert.deepEqual(kindsNamed(text), [], `${what} names no kind`);
    assert.throws(() => marsal.Game.fromJson(text), /game JSON/, `${what} is no Game JSON`);
    assert.ok(!text.includes(Object.values(army).join('')), what);
  }
  console.log(`attack 2 (the save): the file, the message and the autosave are sealed (${file.length} bytes, ` +
    `fields ${Object.keys(JSON.parse(file)).join(', ')}); no kind named, no Game JSON`);

  // Attack 3: switch "You play" to the other side, then load the save.
  const view = await page.evaluate(() => window.marsalPage.view);
  await page.selectOption('#side', 'blue');
  await page.waitForFunction(() => window.marsalPage.phase === 'setup' && window.marsalPage.board.human === 'blue');
  const seen = await page.evaluate(() => window.__received.length);
  await page.setInputFiles('#load', path);
  await page.waitForFunction(() => window.marsalPage.phase === 'play' && !window.marsalPage.busy);
  const loaded = await page.evaluate(() => ({ view: window.marsalPage.view, human: window.marsalPage.board.human }));
  assert.equal(loaded.human, 'red', 'the load keeps the side that was played');
  assert.deepEqual(loaded.view, view, 'the loaded game is the saved one, seen by red');
  await checkNoLeak(page, worker, seen);
  console.log('attack 3 (load as the other side): the page plays on as red, the side that was played; no enemy kind shown');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a fixed seed is a test mode the page shows; a bad ?seed= is refused and the seeds stay random', async () => {
  const { page, context } = await openPage();
  assert.match(await page.textContent('#test-mode'), /Test mode: fixed seed 7/);
  await context.close();
  const bad = await openPage(undefined, '?seed=abc');
  assert.match(await bad.page.textContent('#message'), /\?seed=abc is no seed/);
  assert.equal(await bad.page.isHidden('#test-mode'), true);
  await bad.context.close();
});

const axeSource = readFileSync(join(here, '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/** Every violation axe-core finds on the page now, at every impact (minor, moderate, serious, critical). */
async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })));
}

/** `n` of the human's moves, quiet ones when it has any, sent to the worker as the page sends them. */
async function playQuickly(page, worker, n) {
  for (let i = 0; i < n; i++) {
    const { phase, moves, ply } = await stateNow(page);
    if (phase !== 'play' || !moves.length) return;
    const quiet = moves.filter((mv) => mv.includes('-'));
    const mv = (quiet.length ? quiet : moves)[i % (quiet.length || moves.length)];
    await worker.evaluate((move) => self.onmessage({ data: { type: 'play', move } }), mv);
    await waitHumanTurn(page, ply);
  }
}

test('axe-core finds nothing at any impact: setup, play with a long scrolling move list, a fight, review and end, desktop and phone', async () => {
  const findings = {};
  for (const [device, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const { page, context, errors } = await openPage(viewport);
    await choosePreset(page, 'classic');
    findings[`${device} setup`] = await axeViolations(page);
    const worker = await workerOf(page);
    await page.click('#start');
    await waitHumanTurn(page, -1);
    await playQuickly(page, worker, 30);
    const scroll = await page.$eval('#log', (l) => ({ lines: l.children.length, scrolls: l.scrollHeight > l.clientHeight }));
    assert.ok(scroll.scrolls, `the move list scrolls (${scroll.lines} lines)`);
    findings[`${device} play, ${scroll.lines} moves listed`] = await axeViolations(page);
    // A fight on the board, while its loser fades (the attack of the test's
    // move: any legal attack of the human).
    const attackNow = async () => (await stateNow(page)).moves.find((mv) => mv.includes('x'));
    for (let i = 0; i < 60 && !(await attackNow()) && (await stateNow(page)).phase === 'play'; i++) {
      await playQuickly(page, worker, 1);
    }
    const attack = await attackNow();
    assert.ok(attack, 'an attack to show a fight');
    {
      await page.evaluate(() => document.getAnimations().forEach((a) => a.pause()));
      await worker.evaluate((move) => self.onmessage({ data: { type: 'play', move } }), attack);
      await page.waitForFunction(() => window.marsalPage.fight !== null);
      // The loser's animation at its end (the faintest it gets).
      await page.evaluate(() => document.getAnimations().forEach((a) => { a.pause(); a.currentTime = a.effect.getTiming().duration; }));
      findings[`${device} fight`] = await axeViolations(page);
      await page.waitForFunction(() => window.marsalPage.fight === null && !window.marsalPage.busy);
    }
    await page.click('#resign');
    await page.waitForFunction(() => window.marsalPage.phase === 'over' && !window.marsalPage.busy);
    findings[`${device} end`] = await axeViolations(page);
    await page.click('#review');
    await page.waitForFunction(() => window.marsalPage.review?.ply === 0 && !window.marsalPage.busy);
    await page.click('#review-next');
    await page.waitForFunction(() => window.marsalPage.review?.ply === 1 && !window.marsalPage.busy);
    findings[`${device} review at ply 1`] = await axeViolations(page);
    await page.click('#review-last');
    await page.waitForFunction(() => window.marsalPage.review?.ply === window.marsalPage.review?.plies
      && !window.marsalPage.busy);
    findings[`${device} review at the end`] = await axeViolations(page);
    assert.deepEqual(errors, []);
    await context.close();
  }
  const found = Object.entries(findings).filter(([, v]) => v.length);
  console.log(`axe-core, every impact, on ${Object.keys(findings).length} screens: ` +
    (found.length ? JSON.stringify(Object.fromEntries(found), null, 1) : 'no violation'));
  assert.deepEqual(Object.fromEntries(found), {});
});

test('a game with the limits and take-backs chosen: take back, a refused new game, resign; axe-core finds nothing', async () => {
  const { page, context, errors } = await openPage();
  await choosePreset(page, 'barrage');
  assert.deepEqual(await axeViolations(page), [], 'the setup screen');
  assert.match(await page.textContent('#letters'), /Letters: M Marshal, G General, .*F Flag/);
  await page.selectOption('#max-plies', '500');
  await page.selectOption('#repetition', '3');
  await page.check('#takeback-option');
  await page.click('#new');
  await page.waitForFunction(() => window.marsalPage.phase === 'setup' && !window.marsalPage.busy
    && window.marsalPage.board.limits.max_plies === 500);
  assert.deepEqual(await page.evaluate(() => window.marsalPage.board.limits),
    { max_plies: 500, max_plies_without_attack: null, repetition_draw: 3 });
  await page.click('#start');
  await waitHumanTurn(page, -1);
  assert.deepEqual(await axeViolations(page), [], 'the game screen');
  // A tap on an enemy piece inspects it.
  const enemySq = await page.$eval('#board .cell.enemy', (c) => c.dataset.square);
  await page.click(`#board [data-square="${enemySq}"]`);
  assert.match(await page.textContent('#info'), new RegExp(`^${enemySq}: enemy`));
  assert.equal(await page.getAttribute('#message', 'class'), 'info');
  // A move by dragging, then taken back.
  const { moves } = await stateNow(page);
  const [from, to] = moves.find((mv) => mv.includes('-')).split('-');
  await page.dragAndDrop(`#board [data-square="${from}"]`, `#board [data-square="${to}"]`);
  await waitHumanTurn(page, 0);
  const after = await stateNow(page);
  assert.ok(after.ply >= 1, 'the drag played the move');
  if (after.phase === 'play') {
    assert.equal(await page.isVisible('#takeback'), true);
    await page.click('#takeback');
    await page.waitForFunction(() => window.marsalPage.view.ply === 0 && !window.marsalPage.busy);
  }
  // New game refused at the confirmation: the game goes on.
  page.dismissDialogs = true;
  await page.selectOption('#side', 'blue');
  await page.click('#new');
  assert.equal((await stateNow(page)).phase, 'play');
  assert.equal(await page.inputValue('#side'), 'red', 'the choice is put back');
  page.dismissDialogs = false;
  await page.click('#resign');
  await page.waitForFunction(() => window.marsalPage.phase === 'over');
  assert.match(await page.textContent('#status'), /You resigned/);
  assert.ok(await page.$$eval('#board .cell.revealed', (cs) => cs.length) > 0, 'the enemy army is shown at the end');
  assert.deepEqual(await axeViolations(page), [], 'the end screen');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game in progress comes back after a reload (the sealed autosave)', async () => {
  const { page, context } = await openPage();
  await choosePreset(page, 'barrage');
  await page.click('#start');
  await waitHumanTurn(page, -1);
  await playByClicks(page, rngFrom(9));
  const view = await page.evaluate(() => window.marsalPage.view);
  if ((await stateNow(page)).phase === 'play') {
    await page.reload();
    await page.waitForFunction(() => window.marsalPage?.phase === 'play' && !window.marsalPage.busy);
    assert.deepEqual(await page.evaluate(() => window.marsalPage.view), view);
    assert.match(await page.textContent('#message'), /restored/);
  }
  await context.close();
});

test('requests are handled in order: a move and a resignation sent at once leave no autosave behind', async () => {
  const { page, context } = await openPage();
  await choosePreset(page, 'barrage');
  const worker = await workerOf(page);
  await page.click('#start');
  await waitHumanTurn(page, -1);
  // A move (its autosave seals the game, which waits for the crypto) and a
  // resignation (the game is over: the autosave is removed) in one tick.
  await worker.evaluate(() => {
    const s = self.marsalWorker;
    const move = s.game.legalMoves()[0];
    self.onmessage({ data: { type: 'play', move } });
    self.onmessage({ data: { type: 'resign' } });
  });
  await page.waitForFunction(() => window.marsalPage.phase === 'over' && !window.marsalPage.busy);
  await page.reload();
  await page.waitForFunction(() => ['setup', 'play'].includes(window.marsalPage?.phase) && !window.marsalPage.busy);
  assert.equal(await page.evaluate(() => window.marsalPage.phase), 'setup', 'the resigned game is not resumed');
  await context.close();
});

test('a Gravon XML record loads and is reviewed move by move, both armies shown', async () => {
  const name = 'barrage-game.xml';
  const xmlPath = join(here, name);
  const truth = marsal.Game.fromGravon(readFileSync(xmlPath, 'utf8'), name);
  assert.ok(truth.isOver, 'the record is a finished game');
  const { page, context, errors } = await openPage();
  await choosePreset(page, 'barrage');
  await page.setInputFiles('#load', xmlPath);
  await page.waitForFunction(() => window.marsalPage.phase === 'over' && !window.marsalPage.busy);
  await page.click('#review');
  await page.waitForFunction(() => window.marsalPage.review?.ply === 0 && !window.marsalPage.busy);
  for (let p = 0; p < 4; p++) {
    await page.click('#review-next');
    await page.waitForFunction((p) => window.marsalPage.review?.ply === p + 1 && !window.marsalPage.busy, p);
  }
  const reviewed = await page.evaluate(() => window.marsalPage.review);
  const at4 = truth.clone();
  while (at4.ply > 4) at4.undo();
  assert.deepEqual(reviewed.view, at4.view('red'), 'the review shows the record at ply 4');
  // The record says nothing of who played it: no bot is named, on the page or in the review.
  assert.equal(await page.evaluate(() => window.marsalPage.opponent), 'Blue');
  const theirs = reviewed.log.filter((line) => !line.startsWith('You '));
  assert.equal(theirs.length, 2, 'Blue\u2019s two moves of the first four plies');
  for (const line of theirs) assert.match(line, /^Blue (moved|attacked) /);
  assert.equal(reviewed.plies, truth.ply);
  assert.ok(await page.$$eval('#board .cell.revealed', (cs) => cs.length) > 0, 'the enemy army is shown');
  await page.screenshot({ path: join(shots, 'review-gravon.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

/** A finished game of `rules` (the careful bot on both sides), as a Game JSON file; returns its path and the game. */
function finishedGameFile(rules, name) {
  const game = marsal.Game.random(rules, 3, 4);
  while (!game.isOver && game.ply < 3000) game.play(game.botMove('careful', game.ply));
  assert.ok(game.isOver, 'the game ended');
  const path = join(shots, name);
  writeFileSync(path, game.toJson());
  return { path, game };
}

test('a game loads before any game starts, from the setup screen, with no confirmation', async () => {
  const { path } = finishedGameFile(marsal.Ruleset.preset('barrage'), 'load-at-setup.json');
  const { page, context, errors } = await openPage();
  let dialogs = 0;
  page.on('dialog', () => { dialogs += 1; });
  await choosePreset(page, 'barrage');
  assert.equal(await page.isVisible('label[for="load"]'), true, 'Load game is there at the setup');
  assert.equal(await page.isVisible('#save'), false, 'nothing to save yet');
  await page.setInputFiles('#load', path);
  await page.waitForFunction(() => window.marsalPage.phase === 'over' && !window.marsalPage.busy);
  assert.equal(dialogs, 0, 'no game was in progress: nothing to confirm');
  assert.match(await page.textContent('#message'), /Loaded a finished game/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an error about a setup text goes once a correct text is accepted', async () => {
  const { page, context } = await openPage();
  await choosePreset(page, 'classic');
  const good = await page.evaluate(() => window.marsalPage.setup.text);
  await page.fill('#setup-text', 'MMMM');
  await page.click('#use-text');
  await page.waitForFunction(() => document.getElementById('message').className === 'error');
  await page.fill('#setup-text', good);
  await page.click('#use-text');
  await page.waitForFunction(() => !window.marsalPage.busy);
  assert.equal(await page.textContent('#message'), '', 'the refusal of the earlier text is gone');
  assert.notEqual(await page.getAttribute('#message', 'class'), 'error');
  await context.close();
});

test('in a review the hover text describes the reviewed ply; the review\u2019s first button is not labelled like Start', async () => {
  const { path, game } = finishedGameFile(marsal.Ruleset.preset('barrage'), 'review-hover.json');
  const { page, context } = await openPage();
  await choosePreset(page, 'barrage');
  await page.setInputFiles('#load', path);
  await page.waitForFunction(() => window.marsalPage.phase === 'over' && !window.marsalPage.busy);
  await page.click('#review');
  await page.waitForFunction(() => window.marsalPage.review?.ply === 0 && !window.marsalPage.busy);
  assert.equal(await page.textContent('#review-first'), 'First');
  assert.notEqual(await page.textContent('#review-first'), await page.textContent('#start'));
  // A square where Blue had a piece at the start and has none, or another, at the end.
  const start = game.clone();
  while (start.ply > 0) start.undo();
  const blueAt = (g) => new Map(g.view('blue').squares.filter((s) => s.view.own).map((s) => [s.square, s.view.own.kind]));
  const before = blueAt(start);
  const after = blueAt(game);
  const [square, kind] = [...before].find(([sq, k]) => after.get(sq) !== k);
  await page.hover(`#board [data-square="${square}"]`);
  assert.equal(await page.textContent('#info'), `${square}: enemy ${kind} (revealed at the end).`);
  // And a square of Red's that changed.
  const redAt = (g) => new Map(g.view('red').squares.filter((s) => s.view.own).map((s) => [s.square, s.view.own.kind]));
  const redBefore = redAt(start);
  const redAfter = redAt(game);
  const [mine, myKind] = [...redBefore].find(([sq, k]) => redAfter.get(sq) !== k);
  await page.hover(`#board [data-square="${mine}"]`);
  assert.match(await page.textContent('#info'), new RegExp(`^${mine}: your ${myKind}`));
  start.free();
  await context.close();
});

test('a loaded game of other rules shows in the Game menu, and New game plays those rules again', async () => {
  const rules = marsal.Ruleset.preset('barrage').withOption('diagonal_steps', true);
  const { path } = finishedGameFile(rules, 'custom-rules.json');
  const { page, context } = await openPage();
  await choosePreset(page, 'classic');
  await page.setInputFiles('#load', path);
  await page.waitForFunction(() => window.marsalPage.phase === 'over' && !window.marsalPage.busy);
  assert.equal(await page.inputValue('#preset'), 'custom', 'the menu shows the loaded game, not classic');
  assert.match(await page.$eval('#preset', (m) => m.selectedOptions[0].textContent), /Loaded game: other rules \(10\u00d710\)/);
  await page.click('#new');
  await page.waitForFunction(() => window.marsalPage.phase === 'setup' && !window.marsalPage.busy);
  assert.equal(await page.evaluate(() => window.marsalPage.board.diagonal), true, 'the same rules: diagonal steps');
  assert.equal(await page.evaluate(() => window.marsalPage.board.preset), 'custom');
  await choosePreset(page, 'classic');
  assert.equal(await page.$$eval('#preset option[value="custom"]', (o) => o.length), 0, 'gone once a preset is chosen');
  await context.close();
});

test('on a phone the settings fold above the board and the squares are as large as the width allows; zoomed, 44 px', async () => {
  const { page, context } = await openPage({ width: 390, height: 844 });
  // (Less the test mode's banner, which only ?seed= shows.)
  const top = await page.$eval('#board', (b) => b.getBoundingClientRect().top
    - document.getElementById('test-mode').getBoundingClientRect().height);
  assert.ok(top <= 80, `the board starts ${top} px from the top (the settings folded into one line)`);
  assert.match(await page.textContent('#settings-summary'), /^Settings: Maršál a špión .*, Red, \w+ bot$/);
  const cell = async () => page.$eval('#board .cell:not(.off)', (c) => c.getBoundingClientRect().width);
  const fit = await cell();
  assert.ok(fit >= 29, `12 x 12 squares of ${fit} px on a 390 px screen`);
  const right = await page.$eval('#board', (b) => b.getBoundingClientRect().right);
  assert.ok(right <= 390, `the board fits the width: right edge ${right}`);
  await page.click('#zoom');
  assert.ok(await cell() >= 44, `zoomed: ${await cell()} px`);
  await page.click('#settings-summary');
  assert.equal(await page.isVisible('#preset'), true, 'the settings open from their summary');
  await choosePreset(page, 'classic');
  await page.click('#zoom');
  const ten = await cell();
  assert.ok(ten >= 35, `10 x 10 squares of ${ten} px`);
  console.log(`phone, 390 px: the board ${top.toFixed(0)} px from the top; squares ${fit.toFixed(1)} px (12 x 12), ${ten.toFixed(1)} px (10 x 10), 44 px zoomed`);
  await context.close();
});

test('while the person\u2019s own fight shows, the status says what it did, not that the opponent is thinking', async () => {
  const { page, context } = await openPage();
  await choosePreset(page, 'barrage');
  const worker = await workerOf(page);
  await page.click('#start');
  await waitHumanTurn(page, -1);
  const attackNow = async () => (await stateNow(page)).moves.find((mv) => mv.includes('x'));
  for (let i = 0; i < 200 && !(await attackNow()) && (await stateNow(page)).phase === 'play'; i++) {
    await playQuickly(page, worker, 1);
  }
  const attack = await attackNow();
  assert.ok(attack, 'an attack to make');
  await worker.evaluate((move) => self.onmessage({ data: { type: 'play', move } }), attack);
  await page.waitForFunction(() => window.marsalPage.fight?.sides[0] === window.marsalPage.board.human);
  const status = await page.textContent('#status');
  assert.doesNotMatch(status, /thinking/);
  const words = await page.evaluate(() => window.marsalPage.log.at(-1));
  assert.ok(words.includes(attack), words);
  assert.equal(status, words, 'the status is the attack in words');
  await page.waitForFunction(() => window.marsalPage.fight === null && !window.marsalPage.busy);
  await context.close();
});

test('a dragged piece follows the pointer, and dropping it on a target plays the move', async () => {
  const { page, context, errors } = await openPage();
  await choosePreset(page, 'classic');
  await page.click('#start');
  await waitHumanTurn(page, -1);
  const { moves } = await stateNow(page);
  const [from, to] = moves.find((mv) => mv.includes('-')).split('-');
  const box = async (sq) => page.$eval(`#board [data-square="${sq}"]`, (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  const a = await box(from);
  const b = await box(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  const mid = { x: (a.x + b.x) / 2 + 7, y: (a.y + b.y) / 2 + 5 };
  await page.mouse.move(mid.x, mid.y, { steps: 4 });
  const ghost = await page.$eval('#drag-ghost', (g) => {
    const r = g.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, text: g.textContent };
  });
  assert.ok(Math.abs(ghost.x - mid.x) <= 2 && Math.abs(ghost.y - mid.y) <= 2,
    `the piece is under the pointer: ${JSON.stringify(ghost)} at ${JSON.stringify(mid)}`);
  assert.ok(ghost.text.length > 0, 'the copy shows the piece');
  assert.equal(await page.evaluate(() => window.marsalPage.selected), from, 'picked: its targets show');
  assert.ok(await page.$eval(`#board [data-square="${from}"]`, (c) => c.classList.contains('dragged')));
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
  assert.equal(await page.$('#drag-ghost'), null, 'the copy goes at the drop');
  await waitHumanTurn(page, 0);
  const log = await page.evaluate(() => window.marsalPage.log);
  assert.ok(log[0].includes(`${from}-${to}`), `the dragged move was played: ${log[0]}`);
  assert.deepEqual(errors, []);
  await context.close();
});
