// Words for a person: moves, fights and endings as one side saw them. Used by
// the worker, which sends the page only these words (built from the human
// side's view: its observations never name a kind that side was not shown).
// The words of a fight and of an ending come from the library (`lib`, the
// wasm package: its `fightWords` and `statusWordsFor`, the words every host
// says); only who moved and whose turn it is are written here.

export const sideName = (side) => (side === 'red' ? 'Red' : 'Blue');

const move = (mv, attack) => `${mv.from}${attack ? 'x' : '-'}${mv.to}`;

/**
 * The words of one observation (an entry of a view's log) for `viewer`;
 * `lib` is the wasm package (its `fightWords`).
 */
export function observationWords(obs, viewer, opponentName, lib) {
  const mine = obs.side === viewer;
  const who = mine ? 'You' : opponentName;
  const text = move(obs.mv, obs.battle !== null);
  if (obs.battle === null) {
    return `${who} moved ${obs.piece && mine ? `${obs.piece} ` : ''}${text}.`;
  }
  return `${who} attacked ${text}: ${lib.fightWords(obs.piece ?? null, obs.defender, obs.battle)}.`;
}

/**
 * The status for `viewer`, in words; `lib` is the wasm package (its
 * `statusWordsFor`: "You win: the Flag was captured", "A draw: ...").
 */
export function statusWords(status, viewer, lib) {
  if (status.ongoing) {
    return status.ongoing.to_move === viewer ? 'Your move.' : 'Your opponent is thinking\u2026';
  }
  return `${lib.statusWordsFor(status, viewer)}. Game over.`;
}
