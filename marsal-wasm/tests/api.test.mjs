// Tests of the JavaScript API of marsal-wasm under node (node --test).
// Build the package first: bash marsal-wasm/build.sh (pkg.mjs finds it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { m } from './pkg.mjs';

const playToEnd = (game, bot, seed) => {
  for (let i = 0; !game.isOver; i++) game.play(game.botMove(bot, seed + i));
};

test('the presets are listed and read by name; an unknown one is an error naming them', () => {
  assert.deepEqual(m.presets(), ['marsal_a_spion', 'classic', 'barrage']);
  const r = m.Ruleset.preset('marsal_a_spion');
  assert.equal(r.files, 12);
  assert.equal(r.ranks, 12);
  assert.equal(r.diagonalSteps, true);
  assert.throws(() => m.Ruleset.preset('chess'), /no such preset .*classic/);
});

test('a ruleset goes to JSON and back; options are read and set, a bad value is refused', () => {
  const r = m.Ruleset.preset('classic');
  const back = m.Ruleset.fromJson(r.toJson());
  assert.equal(back.toJson(), r.toJson());
  assert.equal(r.option('diagonal_steps'), false);
  const d = r.withOption('diagonal_steps', true);
  assert.equal(d.option('diagonal_steps'), true);
  assert.equal(r.option('diagonal_steps'), false, 'withOption returns a copy');
  assert.equal(r.withOption('max_plies', 300).option('max_plies'), 300);
  assert.equal(r.option('max_plies'), null, 'the presets have no ply limit');
  assert.equal(r.ending().option('max_plies'), m.Ruleset.defaultMaxPlies());
  assert.equal(m.Ruleset.defaultMaxPlies(), 3000);
  assert.equal(r.withOption('max_plies', 300).ending().option('max_plies'), 300);
  assert.throws(() => r.withOption('no_move', 'sometimes'), /ruleset option no_move/);
  assert.throws(() => r.option('colour'), /no such option/);
  assert.throws(() => m.Ruleset.fromJson('{"board": 1}'), /ruleset JSON/);
  assert.throws(() => m.Ruleset.fromJson('nonsense'), /ruleset JSON/);
});

test('the board of the Czech preset has off-board corners, lakes and two setup zones', () => {
  const r = m.Ruleset.preset('marsal_a_spion');
  const board = r.board();
  assert.ok(board.length < 144, 'the corners are off the board');
  assert.ok(board.some((s) => s.lake));
  const zone = (side) => board.filter((s) => s.zone === side).length;
  assert.equal(zone('red'), zone('blue'));
  const kinds = r.kinds();
  assert.equal(kinds[0].kind, 'Marshal');
  assert.equal(kinds.at(-1).kind, 'Flag');
});

test('setups: random ones are legal, pieces round-trip, a wrong count is refused with the library message', () => {
  const r = m.Ruleset.preset('barrage');
  const text = r.randomSetup('red', 7);
  r.checkSetup('red', text);
  const pieces = r.setupPieces('red', text);
  assert.equal(Object.keys(pieces).length, 8);
  assert.equal(r.setupText('red', pieces), text);
  const flag = Object.keys(pieces).find((sq) => pieces[sq] === 'Flag');
  const twoFlags = { ...pieces };
  twoFlags[Object.keys(pieces).find((sq) => sq !== flag)] = 'Flag';
  assert.throws(() => r.setupText('red', twoFlags), /red setup: .*(Flag|flag)/);
  assert.throws(() => r.checkSetup('red', '..........'), /setup zone has 4 rows/);
  assert.throws(() => r.checkSetup('green', text), /side "green"/);
  assert.throws(() => r.randomSetup('red', -1), { name: 'RangeError', message: /^seed: .*2\^53 - 1, got -1$/ });
  assert.throws(() => r.randomSetup('red', 1.5), { name: 'RangeError', message: /^seed: .*got 1.5$/ });
});

test('a game: legal moves as text, play, status, undo, an illegal move refused with the message', () => {
  const r = m.Ruleset.preset('classic');
  const g = m.Game.random(r, 1, 2);
  assert.deepEqual(g.status(), { ongoing: { to_move: 'red' } });
  assert.equal(g.statusText(), 'Red to move');
  const moves = g.legalMoves();
  assert.ok(moves.length > 0 && moves.every((t) => /^[a-l]\d+[-x][a-l]\d+$/.test(t)));
  const out = g.play(moves[0]);
  assert.equal(out.side, 'red');
  assert.equal(`${out.mv.from}-${out.mv.to}`, moves[0]);
  assert.equal(g.ply, 1);
  assert.throws(() => g.play('a1-a9'), /move "a1-a9": /);
  assert.throws(() => g.play('nonsense'), /move "nonsense"/);
  assert.equal(g.ply, 1, 'a refused move changes nothing');
  g.undo();
  assert.equal(g.ply, 0);
  assert.throws(() => g.undo(), /undo: there is no move to undo/);
});

test('a game goes to JSON and back, and a clone is independent', () => {
  const r = m.Ruleset.preset('marsal_a_spion');
  const g = m.Game.random(r, 3, 4);
  for (let i = 0; i < 20; i++) g.play(g.botMove('careful', i));
  const back = m.Game.fromJson(g.toJson());
  assert.equal(back.positionText(), g.positionText());
  assert.equal(back.ply, 20);
  const c = g.clone();
  c.play(c.legalMoves()[0]);
  assert.equal(g.ply, 20);
  assert.equal(c.ply, 21);
  assert.throws(() => m.Game.fromJson('{"start": 1}'), /game JSON/);
  const json = JSON.parse(g.toJson());
  json.moves[0] = { from: 'a1', to: 'a2' };
  assert.throws(() => m.Game.fromJson(JSON.stringify(json)), /move 1 \(a1-a2\) is illegal/);
});

test('a game from position text, and a bad position refused', () => {
  const r = m.Ruleset.preset('classic');
  const text = '....fs..../........../........../........../..~~..~~../' +
    '..~~..~~../........../........../....M...../....F..... r';
  const g = m.Game.fromPositionText(r, text);
  assert.ok(g.legalMoves().includes('e2-e3'));
  assert.throws(() => m.Game.fromPositionText(r, 'x'), /position "x"/);
});

test('a view holds only what its side knows: unknown enemy pieces list their possible kinds', () => {
  const r = m.Ruleset.preset('classic');
  const g = m.Game.random(r, 5, 6);
  const v = g.view('red');
  assert.equal(v.side, 'red');
  assert.equal(v.squares.length, 100);
  const enemies = v.squares.filter((s) => s.view.enemy);
  assert.equal(enemies.length, 40);
  assert.ok(enemies.every((s) => s.view.enemy.possible.length > 1));
  const own = v.squares.filter((s) => s.view.own);
  assert.equal(own.length, 40);
  // The same game with other hidden blue pieces gives red the same view.
  const h = new m.Game(r, r.randomSetup('red', 5), r.randomSetup('blue', 99));
  assert.deepEqual(h.view('red').squares.filter((s) => s.view.enemy).map((s) => s.square),
    enemies.map((s) => s.square));
  const same = new m.Game(r, r.randomSetup('red', 5), r.randomSetup('blue', 6));
  assert.equal(JSON.stringify(h.view('red')), JSON.stringify(same.view('red')));
  assert.throws(() => g.view('green'), /side "green"/);
});

test('every bot plays whole games to their end, in every preset', () => {
  assert.deepEqual(m.bots(), ['random', 'careful', 'search']);
  for (const name of m.presets()) {
    for (const bot of ['random', 'careful', 'search:300']) {
      const g = m.Game.random(m.Ruleset.preset(name), 11, 12);
      playToEnd(g, bot, 1);
      assert.ok(g.isOver, `${name} ${bot}`);
      assert.equal(g.botMove(bot, 1), undefined);
      assert.ok(!('ongoing' in g.status()));
    }
  }
  assert.throws(() => m.Game.random(m.Ruleset.preset('classic'), 1, 2).botMove('clever', 1), /unknown bot "clever"/);
  assert.throws(() => m.Game.random(m.Ruleset.preset('classic'), 1, 2).botMove('search:0', 1), /search budget/);
});

test('the words of a draw are the library\'s, and an unknown reason is refused', () => {
  assert.equal(m.drawReasonWords('ply_limit'), 'the limit on the number of moves was reached');
  for (const reason of ['neither_can_move', 'no_hope', 'no_attack_limit', 'repetition']) {
    assert.match(m.drawReasonWords(reason), /^[a-z]/, reason);
  }
  assert.throws(() => m.drawReasonWords('boredom'), /draw reason "boredom"/);
  assert.throws(() => m.drawReasonWords(5), TypeError);
});

test('the words of a fight and of an ending are the library\'s, told to a player; bad input is refused', () => {
  assert.equal(m.fightWords('Scout', 'General', 'defender_wins'), 'Scout attacks General and loses: the attacker is removed');
  assert.equal(m.fightWords(null, 'Flag', 'flag_captured'), 'a hidden piece captures the Flag');
  assert.throws(() => m.fightWords('Dragon', 'Flag', 'flag_captured'), /attacker "Dragon"/);
  assert.throws(() => m.fightWords('Scout', 'Flag', 'draw'), /battle "draw"/);
  const won = { won: { winner: 'red', reason: 'flag_captured' } };
  assert.equal(m.statusWordsFor(won, 'red'), 'You win: the Flag was captured');
  assert.equal(m.statusWordsFor(won, 'blue'), 'You lose: the Flag was captured');
  const stuck = { won: { winner: 'blue', reason: 'opponent_cannot_move' } };
  assert.equal(m.statusWordsFor(stuck, 'red'), 'You lose: you have no piece that can move');
  assert.equal(m.statusWordsFor({ drawn: { reason: 'repetition' } }, 'blue'), 'A draw: the same position stood too often');
  assert.match(m.statusWordsFor({ drawn: { reason: { no_legal_move: 'red' } } }, 'blue'), /^A draw: Red is to move and has no legal move: PAT/);
  // The same game's ending in the words of statusText, told to each player.
  const g = m.Game.random(m.Ruleset.preset('barrage'), 3, 4);
  for (let i = 0; i < 10000 && !g.isOver; i++) g.play(g.botMove('careful', 7));
  assert.ok(g.isOver, 'the game ended');
  const text = g.statusText();
  for (const side of ['red', 'blue']) {
    const words = m.statusWordsFor(g.view(side).status, side);
    if (text.includes(' wins: ')) {
      const won = text.startsWith(side === 'red' ? 'Red' : 'Blue');
      assert.ok(words.startsWith(won ? 'You win: ' : 'You lose: '), `${text} / ${words}`);
    } else {
      assert.equal(words, `A${text.slice(1)}`);
    }
  }
  assert.throws(() => m.statusWordsFor({ won: { winner: 'red' } }, 'red'), /status: expected/);
  assert.throws(() => m.statusWordsFor({ won: { winner: 'green', reason: 'flag_captured' } }, 'red'), /side "green"/);
  assert.throws(() => m.statusWordsFor('won', 'red'), /status: expected/);
  assert.throws(() => m.statusWordsFor(won, 'green'), /side "green"/);
});

test('the search bot takes a time a move in its name, and refuses one out of range with a RangeError', () => {
  const g = m.Game.random(m.Ruleset.preset('classic'), 1, 2);
  // A node budget only the time stops within the test's patience.
  for (const bot of ['search:time=20', 'search:nodes=2000000,time=20']) {
    assert.ok(g.legalMoves().includes(g.botMove(bot, 1)), bot);
  }
  for (const bad of ['search:time=0', 'search:time=-1', 'search:time=NaN', 'search:time=3600001', 'search:nodes=0,time=5']) {
    assert.throws(() => g.botMove(bad, 1), RangeError, bad);
  }
  assert.throws(() => g.botMove('search:speed=3', 1), /search:nodes=N,time=MS/);
});

test('the search bot at its default budget chooses legal moves, the same for the same seed', () => {
  const g = m.Game.random(m.Ruleset.preset('marsal_a_spion'), 1, 2);
  for (let i = 0; i < 4; i++) {
    const mv = g.botMove('search', i);
    assert.equal(g.clone().botMove('search', i), mv, 'deterministic');
    assert.ok(g.legalMoves().includes(mv), mv);
    g.play(mv);
  }
});

test('a sensible setup is legal, puts the Flag on the back row, and is the same for the same seed', () => {
  for (const name of m.presets()) {
    const r = m.Ruleset.preset(name);
    for (const side of ['red', 'blue']) {
      const text = r.sensibleSetup(side, 3);
      r.checkSetup(side, text);
      assert.equal(r.sensibleSetup(side, 3), text);
      const pieces = r.setupPieces(side, text);
      const flag = Object.keys(pieces).find((sq) => pieces[sq] === 'Flag');
      const back = side === 'red' ? 1 : r.ranks;
      assert.equal(Number(flag.slice(1)), back, `${name} ${side}: Flag on ${flag}`);
    }
  }
});

test('fights are reported in outcomes and in each side\'s log as that side saw them', () => {
  const r = m.Ruleset.preset('barrage');
  const g = m.Game.random(r, 1, 2);
  playToEnd(g, 'careful', 1);
  const fights = g.outcomes().filter((o) => o.fight);
  assert.ok(fights.length > 0);
  const blue = g.view('blue').log;
  assert.equal(blue.length, g.ply);
  for (const [i, o] of g.outcomes().entries()) {
    const seen = blue[i];
    assert.deepEqual(seen.mv, o.mv);
    if (o.side === 'red' && !(o.fight && o.fight.attacker_revealed)) assert.equal(seen.piece, null);
  }
});

test('random playouts run inside wasm and count their plies', () => {
  const plies = m.randomPlayouts(m.Ruleset.preset('classic'), 5, 1, 3000);
  assert.ok(plies > 5);
  assert.equal(m.randomPlayouts(m.Ruleset.preset('classic'), 5, 1, 3000), plies, 'deterministic');
});
