// Random playouts inside wasm under node, the same games as the native
// `cargo run --release --example playout` (same seeds, setups and moves):
//   node marsal-wasm/bench/playout.mjs [--ruleset NAME] [--games N] [--seed S] [--max-plies P]
// The last line is `plies/s: X games/s: Y mean plies: Z`.
import { m } from '../tests/pkg.mjs';

const o = { ruleset: 'classic', games: 1000, seed: 1, 'max-plies': 3000 };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 2) {
  const key = args[i].replace(/^--/, '');
  if (!(key in o) || args[i + 1] === undefined) {
    console.error('usage: playout.mjs [--ruleset NAME] [--games N] [--seed S] [--max-plies P]');
    process.exit(2);
  }
  o[key] = key === 'ruleset' ? args[i + 1] : Number(args[i + 1]);
}
const rules = m.Ruleset.preset(o.ruleset);
const t0 = process.hrtime.bigint();
const c0 = process.cpuUsage();
const plies = m.randomPlayouts(rules, o.games, o.seed, o['max-plies']);
const secs = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(c0);
const cpuSecs = (cpu.user + cpu.system) / 1e6;
console.log(`${o.games} games, wasm, ${secs.toFixed(3)} s (CPU ${cpuSecs.toFixed(3)} s, ${(plies / cpuSecs).toFixed(0)} plies per CPU second), ${plies} plies`);
console.log(`plies/s: ${(plies / secs).toFixed(0)} games/s: ${(o.games / secs).toFixed(1)} mean plies: ${(plies / o.games).toFixed(1)}`);
