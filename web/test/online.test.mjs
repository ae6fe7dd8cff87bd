// The page playing online: starts the game server (`marsal serve`, the
// program MARSAL_BIN, else target/release/marsal, else target/debug/marsal)
// on an ephemeral loopback port with a temporary database, serving the built
// page (target/web). Two Chromium contexts play each other through the page:
// one creates the game ("Play a friend"), the other opens the invitation
// link; both set up, they play by clicks until a fight has been shown and
// several moves made, then one side reloads and resumes exactly, and the
// server is killed and started again: both pages reconnect on their own. Then a
// person plays the bot on the server. Screenshots of both browsers mid-game
// go to MARSAL_SCREENS (default target/web-screenshots).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const site = process.env.MARSAL_WEB_DIR ?? join(target, 'web');
const shots = process.env.MARSAL_SCREENS ?? join(target, 'web-screenshots');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const program = process.env.MARSAL_BIN
  ?? [join(target, 'release', 'marsal'), join(target, 'debug', 'marsal')].find((p) => existsSync(p));

let server;
let url;
let browser;
let dir;

before(async () => {
  assert.ok(existsSync(join(site, 'index.html')), `${site} is missing: run bash web/serve.sh --build-only`);
  assert.ok(program && existsSync(program), 'no marsal program: cargo build --release -p marsal-cli (or set MARSAL_BIN)');
  mkdirSync(shots, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'marsal-online-'));
  url = await startServer('127.0.0.1:0');
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

/** Starts `marsal serve` on `addr` (the same database each time); resolves to its URL. */
function startServer(addr) {
  server = spawn(program, ['serve', '--addr', addr, '--db', join(dir, 'games.sqlite'), '--web', site],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${text}`)), 20000);
    server.stderr.on('data', (d) => {
      text += d;
      const m = /listening on (http:\/\/\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(`${m[1].replace(/\/$/, '')}/`);
      }
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code}): ${text}`)));
  });
}

after(async () => {
  await browser?.close();
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(link) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('dialog', (d) => d.accept());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(link);
  return { page, context, errors };
}

const phase = (page) => page.evaluate(() => window.marsalPage.phase);
const idle = (page) => page.waitForFunction(() => !window.marsalPage.busy);

/** Creates an online game from a local page: returns the page, on its seat's link. */
async function create(button, preset, side, bot, clock) {
  const a = await open(url);
  await a.page.waitForFunction(() => window.marsalPage?.phase === 'setup');
  await a.page.waitForSelector(`#${button}`);
  if (!(await a.page.isVisible('#preset'))) await a.page.click('#settings-summary');
  await a.page.selectOption('#side', side);
  await a.page.waitForFunction(() => window.marsalPage.phase === 'setup' && !window.marsalPage.busy);
  await a.page.selectOption('#preset', preset);
  await a.page.waitForFunction((p) => window.marsalPage.board?.preset === p && !window.marsalPage.busy, preset);
  if (bot) await a.page.selectOption('#bot', bot);
  if (clock) await a.page.selectOption('#online-clock-choice', clock);
  await a.page.click(`#${button}`);
  await a.page.waitForFunction(() => window.marsalOnline?.last?.phase === 'setup' && window.marsalPage.phase === 'setup');
  assert.match(a.page.url(), /#game=[0-9a-f]+&seat=(red|blue)&secret=[0-9a-f]{32,}/);
  return a;
}

/** One move by clicks on the page whose turn it is (an attack when there is one); returns it. */
async function clickMove(page) {
  await idle(page);
  const moves = await page.evaluate(() => window.marsalPage.moves);
  const move = moves.find((m) => m.includes('x')) ?? moves[Math.floor(Math.random() * moves.length)];
  const [from, to] = move.split(/[-x]/);
  await page.click(`#board [data-square="${from}"]`);
  await page.click(`#board [data-square="${to}"]`);
  return move;
}

const ply = (page) => page.evaluate(() => window.marsalPage.view?.ply ?? 0);

/**
 * Two browsers start a game of Barrage through the server and play by clicks
 * until fights were shown; with random setups an attack can take a Flag
 * before that: then that game is closed and another started.
 */
async function playUntilFights() {
  for (let game = 0; game < 8; game++) {
    const played = await playOnce();
    if (played) return played;
  }
  throw new Error('eight games in a row ended before the reload');
}

async function playOnce() {
  const red = await create('play-friend', 'barrage', 'red');
  const invite = await red.page.inputValue('#invite-link');
  assert.match(invite, /#game=[0-9a-f]+&seat=blue&secret=[0-9a-f]{32,}$/);
  const blue = await open(invite);
  await blue.page.waitForFunction(() => window.marsalPage?.phase === 'setup' && window.marsalOnline?.last?.phase === 'setup');
  assert.equal(await blue.page.evaluate(() => window.marsalPage.board.human), 'blue');

  await red.page.click('#start');
  await red.page.waitForFunction(() => window.marsalOnline.last.setupSent);
  assert.equal(await phase(red.page), 'setup', 'red waits for blue\u2019s setup');
  await blue.page.click('#random');
  await idle(blue.page);
  await blue.page.click('#start');
  for (const p of [red.page, blue.page]) await p.waitForFunction(() => window.marsalPage.phase === 'play');

  let fights = 0;
  let shot = false;
  for (let n = 0; n < 120; n++) {
    const plies = await ply(red.page);
    const [mover, waiter] = (await red.page.evaluate(() => window.marsalPage.moves.length)) ? [red, blue] : [blue, red];
    if (await phase(red.page) === 'over') break;
    await mover.page.waitForFunction(() => window.marsalPage.moves.length > 0);
    await clickMove(mover.page);
    for (const p of [red.page, blue.page]) {
      await p.waitForFunction((k) => window.marsalPage.view.ply > k, plies);
    }
    const last = await waiter.page.evaluate(() => window.marsalPage.view.last);
    if (last.battle !== null) fights++;
    // Both browsers say who is to move.
    const status = await Promise.all([red.page, blue.page].map((p) => p.textContent('#online-status')));
    assert.ok(status.every((t) => /move|over/.test(t)), status.join(' | '));
    if (fights && n >= 6 && !shot) {
      await mover.page.waitForTimeout(1000);
      await red.page.screenshot({ path: join(shots, 'online-red.png') });
      await blue.page.screenshot({ path: join(shots, 'online-blue.png') });
      shot = true;
    }
    if (fights && n >= 8) break;
  }
  if (await phase(red.page) === 'over') {
    await red.context.close();
    await blue.context.close();
    return null;
  }
  return { red, blue, fights };
}

test('two browsers play each other through the server: invite link, setups, moves, a fight, a reload that resumes', async () => {
  const { red, blue, fights } = await playUntilFights();
  assert.ok(fights > 0, 'a fight was shown');

  // A reload resumes exactly: the same view, log and moves.
  await idle(blue.page);
  const before = await blue.page.evaluate(() => ({ view: window.marsalPage.view, log: window.marsalPage.log, moves: window.marsalPage.moves }));
  await blue.page.reload();
  await blue.page.waitForFunction(() => window.marsalPage?.phase === 'play' && window.marsalOnline?.last?.connected);
  const after = await blue.page.evaluate(() => ({ view: window.marsalPage.view, log: window.marsalPage.log, moves: window.marsalPage.moves }));
  assert.deepEqual(after, before, 'the reloaded page is the game as it was');

  // A lost connection: the server is killed (SIGKILL) and started again on
  // the same database and port; both pages see the loss, join again on their
  // own and show the game as it was.
  const views = await Promise.all([red.page, blue.page].map((p) => p.evaluate(() => window.marsalPage.view)));
  const dead = new Promise((r) => server.once('exit', r));
  server.kill('SIGKILL');
  await dead;
  for (const p of [red.page, blue.page]) await p.waitForFunction(() => window.marsalOnline.last.connected === false);
  assert.match(await red.page.textContent('#online-status'), /reconnecting/);
  await startServer(new URL(url).host);
  for (const p of [red.page, blue.page]) await p.waitForFunction(() => window.marsalOnline.last.connected === true, null, { timeout: 15000 });
  for (const p of [red.page, blue.page]) await idle(p);
  assert.deepEqual(await Promise.all([red.page, blue.page].map((p) => p.evaluate(() => window.marsalPage.view))), views,
    'after the restart both pages show the game as it was');

  // And play goes on after the reload and the restart.
  const plies = await ply(red.page);
  const mover = (await red.page.evaluate(() => window.marsalPage.moves.length)) ? red : blue;
  await clickMove(mover.page);
  for (const p of [red.page, blue.page]) await p.waitForFunction((k) => window.marsalPage.view.ply > k, plies);

  // No enemy piece on either page is named before the game is over unless its side saw it.
  for (const p of [red.page, blue.page]) {
    const revealed = await p.evaluate(() => window.marsalPage.revealed);
    assert.equal(revealed, null, 'no army revealed during play');
  }
  // Red resigns: both see the end, and the page shows blue's army to red.
  await red.page.click('#resign');
  for (const p of [red.page, blue.page]) await p.waitForFunction(() => window.marsalPage.phase === 'over');
  assert.match(await red.page.textContent('#status'), /You lose/);
  assert.match(await blue.page.textContent('#status'), /You win/);
  await red.page.waitForFunction(() => window.marsalPage.revealed !== null);
  assert.deepEqual([...red.errors, ...blue.errors], []);
  console.log(`online: two browsers, ${await ply(red.page)} plies, ${fights} fights shown, a reload and a server restart resumed`);
  await red.context.close();
  await blue.context.close();
});

test('a person plays the bot on the server', async () => {
  const me = await create('play-server-bot', 'barrage', 'blue', 'random', '5+3');
  await me.page.click('#start');
  await me.page.waitForFunction(() => window.marsalPage.phase === 'play' && window.marsalPage.moves.length > 0);
  for (let i = 0; i < 4; i++) {
    const k = await ply(me.page);
    if (await phase(me.page) === 'over') break;
    await clickMove(me.page);
    // The bot answers on the server: the person is to move again (or the game ended).
    await me.page.waitForFunction((p) => window.marsalPage.view.ply >= p + 2 || window.marsalPage.phase === 'over', k);
  }
  assert.ok(await ply(me.page) >= 8 || await phase(me.page) === 'over');
  assert.match(await me.page.textContent('#online-status'), /you play Blue/);
  // The clock: both sides' time, the increment added after each move.
  const clock = await me.page.textContent('#online-clock');
  assert.match(clock, /^Clock: Red \d+:\d\d, Blue \d+:\d\d/, clock);
  const c = await me.page.evaluate(() => window.marsalOnline.last.clock);
  assert.equal(c.increment_ms, 3000);
  assert.ok(c.red_ms > 0 && c.blue_ms > 0 && c.blue_ms <= 5 * 60000 + 4 * 3000, JSON.stringify(c));
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('local play: the save of a resigned game is reviewed after Load, never played on', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on('dialog', (d) => d.accept());
  await page.goto(`${url}?seed=7`);
  await page.waitForFunction(() => window.marsalPage?.phase === 'setup' && !window.marsalPage.busy);
  await page.click('#start');
  await page.waitForFunction(() => window.marsalPage.phase === 'play' && window.marsalPage.moves.length > 0);
  await clickMove(page);
  await page.waitForFunction(() => window.marsalPage.moves.length > 0 && !window.marsalPage.busy);
  await page.click('#resign');
  await page.waitForFunction(() => window.marsalPage.phase === 'over' && !window.marsalPage.busy);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const file = join(dir, 'resigned.json');
  await download.saveAs(file);
  await page.click('#new');
  await page.waitForFunction(() => window.marsalPage.phase === 'setup' && !window.marsalPage.busy);
  await page.setInputFiles('#load', file);
  await page.waitForFunction(() => window.marsalPage.phase === 'over' && !window.marsalPage.busy);
  assert.deepEqual(await page.evaluate(() => window.marsalPage.moves), [], 'no move offered');
  assert.match(await page.textContent('#status'), /reviewed, not played on/);
  // A click on a piece plays nothing.
  const ply0 = await ply(page);
  const own = await page.evaluate(() => window.marsalPage.view.squares.find((s) => s.view.own)?.square);
  await page.click(`#board [data-square="${own}"]`);
  assert.equal(await ply(page), ply0);
  await context.close();
});
