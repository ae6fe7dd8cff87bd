// The property test of the JS API: every export, called with random values of
// every JavaScript type (and on every kind of `this`), either works or throws
// a TypeError, RangeError or Error with a message; never a
// WebAssembly.RuntimeError (a trap) and never anything else. Afterwards a
// game still plays exactly as before. Needs fast-check
// (`npm ci` in marsal-wasm/tests) and the built package (pkg.mjs).
//   MARSAL_PROPERTY_RUNS=N   the number of cases (default 10,000)
//   MARSAL_PROPERTY_CENSUS=1 keep going after a trap and count the traps by export
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { m, pkgDir } from './pkg.mjs';

const RUNS = Number(process.env.MARSAL_PROPERTY_RUNS ?? 10000);

/** Every export to call: [name, call(thisValue, args)]. */
function exportsToCall() {
  const calls = [];
  for (const name of ['version', 'bots', 'presets', 'drawReasonWords', 'fightWords', 'statusWordsFor']) calls.push([name, (_, a) => m[name](...a)]);
  // randomPlayouts plays `games` games: the test keeps the count small (a
  // valid large count is no error, only slow); every other value goes in.
  calls.push(['randomPlayouts', (_, a) => {
    const [games, , maxPlies] = [a[1], a[2], a[3]];
    if (typeof games === 'number' && games > 3) a[1] = 3;
    if (typeof maxPlies === 'number' && maxPlies > 500) a[3] = 500;
    return m.randomPlayouts(...a);
  }]);
  for (const cls of [m.Ruleset, m.Game]) {
    for (const name of Object.getOwnPropertyNames(cls)) {
      if (['length', 'name', 'prototype', '__wrap'].includes(name) || typeof cls[name] !== 'function') continue;
      calls.push([`${cls.name}.${name}`, (self, a) => cls[name].apply(self === undefined ? cls : self, a)]);
    }
    calls.push([`new ${cls.name}`, (_, a) => new cls(...a)]);
    for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(cls.prototype))) {
      if (name === 'constructor' || name === '__destroy_into_raw') continue;
      if (d.get) calls.push([`${cls.name}#${name}`, (self) => d.get.call(self)]);
      else if (typeof d.value === 'function') {
        calls.push([`${cls.name}#${name}`, (self, a) => {
          // The search bot's budget is a count too: small here (a large one is slow, not wrong).
          if (name === 'botMove' && typeof a[0] === 'string' && /^search/.test(a[0])) a[0] = 'search:50';
          return d.value.apply(self, a);
        }]);
      }
    }
    for (const sym of Object.getOwnPropertySymbols(cls.prototype)) {
      calls.push([`${cls.name}#${String(sym)}`, (self) => cls.prototype[sym].call(self)]);
    }
  }
  return calls;
}

const CALLS = exportsToCall();

/** Values an export may be given, made fresh for each case (some get freed). */
const valueMakers = {
  'a Ruleset': () => m.Ruleset.preset('barrage'),
  'a freed Ruleset': () => { const r = m.Ruleset.preset('classic'); r.free(); return r; },
  'a Game': () => m.Game.random(m.Ruleset.preset('barrage'), 1, 2),
  'a freed Game': () => { const g = m.Game.random(m.Ruleset.preset('barrage'), 1, 2); g.free(); return g; },
  'a fake Game': () => Object.create(m.Game.prototype),
  'a fake Ruleset': () => Object.assign(Object.create(m.Ruleset.prototype), { __wbg_ptr: 8 }),
  'a forged pointer': () => ({ __wbg_ptr: 12345678 }),
};

const special = fc.constantFrom(
  NaN, Infinity, -Infinity, -1, -0, 0.5, 3.5, 2 ** 32, 2 ** 32 + 1, 2 ** 53, 2 ** 64, Number.MAX_VALUE,
  -(2 ** 31), 1e308, Symbol('s'), 10n, -1n, { length: -1 }, { length: 2 ** 31 }, [], [1, 2], {},
  () => 1, new Date(0), new Map(), null, undefined, true, false, '', '\u0000', '\ud800',
  'red', 'blue', 'green', 'classic', 'barrage', 'marsal_a_spion', 'careful', 'random', 'search', 'search:5',
  'max_plies', 'repetition_draw', 'diagonal_steps', 'a4-a5', 'e2-e3', 'a1xa2', '{}', '[]', 'null', '{"board": 1}',
  'x'.repeat(10000),
);
const made = fc.constantFrom(...Object.keys(valueMakers)).map((k) => ({ make: k }));
const value = fc.oneof(
  { weight: 3, arbitrary: fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }) },
  { weight: 3, arbitrary: special },
  { weight: 2, arbitrary: made },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);
const thisValue = fc.oneof(made, special, fc.constant(undefined));
const callCase = fc.record({
  call: fc.integer({ min: 0, max: CALLS.length - 1 }),
  self: thisValue,
  args: fc.array(value, { maxLength: 5 }),
});

const live = [];
const realise = (v) => {
  if (v && typeof v === 'object' && 'make' in v && Object.keys(v).length === 1) {
    const x = valueMakers[v.make]();
    live.push(x);
    return x;
  }
  return v;
};

/** Runs one case; returns the trap (a RuntimeError or a non-Error throw) or null. */
function runCase({ call, self, args }) {
  const [name, f] = CALLS[call];
  let made = false;
  try {
    const a = args.map(realise);
    const me = realise(self);
    made = true;
    f(me, a);
    return null;
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) return `${made ? name : 'making the arguments'}: RuntimeError ${e.message}`;
    if (!(e instanceof Error)) return `${name}: threw a non-Error ${typeof e}`;
    if (!e.message) return `${name}: an Error with no message`;
    return null;
  } finally {
    for (const x of live.splice(0)) {
      try { x.free(); } catch { /* freed already, or a fake */ }
    }
  }
}

/** A game from fixed seeds, played to its end by the careful bot: its record. */
function referenceGame() {
  const g = m.Game.random(m.Ruleset.preset('barrage'), 5, 6);
  for (let i = 0; !g.isOver; i++) g.play(g.botMove('careful', i));
  const out = { json: g.toJson(), status: g.statusText(), ply: g.ply };
  g.free();
  return out;
}

test(`every export, given ${RUNS} random calls of every JS type, throws an Error or works, never traps`, () => {
  const before = referenceGame();
  if (process.env.MARSAL_PROPERTY_CENSUS) {
    const traps = new Map();
    for (const c of fc.sample(callCase, { numRuns: RUNS, seed: 36 })) {
      const trap = runCase(c);
      if (!trap) continue;
      const key = trap.replace(/RuntimeError (.*)/, (_, why) => `RuntimeError (${why.slice(0, 40)})`);
      traps.set(key, (traps.get(key) ?? 0) + 1);
    }
    console.log(`census of ${RUNS} cases: ${[...traps.values()].reduce((a, b) => a + b, 0)} traps`);
    for (const [k, n] of [...traps].sort((a, b) => b[1] - a[1])) console.log(`  ${n}\t${k}`);
    return;
  }
  fc.assert(fc.property(callCase, (c) => {
    const trap = runCase(c);
    if (trap) throw new Error(trap);
  }), { numRuns: RUNS, seed: Number(process.env.MARSAL_PROPERTY_SEED ?? 36) });
  assert.deepEqual(referenceGame(), before, 'a game plays the same after the random calls');
});

test('the calls the issue found trapping now throw a TypeError or RangeError naming the argument', () => {
  const r = m.Ruleset.preset('classic');
  const g = m.Game.random(r, 1, 2);
  const type = (f, arg) => assert.throws(f, (e) => e instanceof TypeError && e.message.startsWith(`${arg}: expected`), arg);
  const range = (f, arg) => assert.throws(f, (e) => e instanceof RangeError && e.message.startsWith(`${arg}: expected`), arg);
  for (const bad of [5, true, {}, Symbol('x'), 10n, 3.5, { length: -1 }, undefined, null]) {
    type(() => g.play(bad), 'text');
    type(() => m.Ruleset.preset(bad), 'name');
    type(() => g.view(bad), 'side');
    type(() => g.botMove(bad, 1), 'bot');
    type(() => m.Game.fromJson(bad), 'json');
    type(() => new m.Game(r, bad, 'x'), 'redSetup');
    type(() => r.option(bad), 'name');
  }
  range(() => m.randomPlayouts(r, -1, 1, 10), 'games');
  range(() => m.randomPlayouts(r, 1e7, 1, 10), 'games');
  type(() => m.randomPlayouts(r, '5', 1, 10), 'games');
  range(() => m.randomPlayouts(r, 1, 1, 0), 'maxPlies');
  for (const bad of [NaN, Infinity, -Infinity]) range(() => r.withOption('max_plies', bad), 'value');
  type(() => r.withOption('max_plies', undefined), 'value');
  type(() => r.withOption('max_plies', [1, undefined]), 'value');
  range(() => r.withOption('max_plies', { a: [NaN] }), 'value');
  assert.equal(r.withOption('max_plies', null).option('max_plies'), null);
  range(() => g.botMove('careful', -1), 'seed');
  type(() => g.botMove('careful', '1'), 'seed');
  range(() => m.Game.random(r, 1, 2 ** 53), 'blueSeed');
  // The wrong `this`, a freed object, a forged one.
  assert.throws(() => m.Game.prototype.play.call(r, 'a4-a5'), (e) => e instanceof TypeError && /Game/.test(e.message));
  assert.throws(() => m.Game.prototype.free.call(r), (e) => e instanceof TypeError && /Game/.test(e.message));
  assert.throws(() => m.Ruleset.prototype.toJson.call({ __wbg_ptr: 8 }), TypeError);
  assert.throws(() => Object.getOwnPropertyDescriptor(m.Game.prototype, 'ply').get.call(undefined), TypeError);
  const freed = m.Game.random(r, 1, 2);
  freed.free();
  assert.throws(() => freed.legalMoves(), /freed/);
  assert.throws(() => m.Game.random(freed, 1, 2), /rules: .*freed|rules: expected a Ruleset/);
  const fr = m.Ruleset.preset('classic');
  fr.free();
  assert.throws(() => m.Game.random(fr, 1, 2), (e) => e instanceof TypeError && /^rules: .*freed/.test(e.message));
  assert.throws(() => m.Game.random({}, 1, 2), (e) => e instanceof TypeError && /^rules: expected a Ruleset/.test(e.message));
  freed.free(); // twice: no harm
  assert.equal(g.legalMoves().length > 0, true, 'the game still works');
});

test('the TypeScript declarations are exact: strings, numbers, sides and classes, no any for an argument but an option value', () => {
  const dts = readFileSync(join(pkgDir, 'marsal_wasm.d.ts'), 'utf8');
  for (const line of [
    'play(text: string): Outcome;',
    'view(side: Side): View;',
    'botMove(bot: string, seed: number): string | undefined;',
    'static preset(name: string): Ruleset;',
    'static fromJson(json: string): Game;',
    'constructor(rules: Ruleset, redSetup: string, blueSetup: string);',
    'static random(rules: Ruleset, redSeed: number, blueSeed: number): Game;',
    'withOption(name: string, value: any): Ruleset;',
    'randomSetup(side: Side, seed: number): string;',
    'export function randomPlayouts(rules: Ruleset, games: number, seed: number, maxPlies: number): number;',
  ]) assert.ok(dts.includes(line), `the .d.ts has ${line}`);
  const anyArgs = dts.split('\n').filter((l) => /\w+: any[,)]/.test(l) && !l.includes('readonly') && !l.includes('withOption') && !/init/.test(l));
  assert.deepEqual(anyArgs, [], 'no other argument is any');
});
