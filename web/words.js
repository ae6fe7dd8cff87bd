// Words for a person: moves, fights and endings as one side saw them. Used by
// the worker, which sends the page only these words (built from the human
// side's view: its observations never name a kind that side was not shown).
// The words of a draw come from the library (its `drawReasonWords`: every
// host writes them alike); only what depends on the viewer ("you", "your
// opponent") is written here.

export const sideName = (side) => (side === 'red' ? 'Red' : 'Blue');

const move = (mv, attack) => `${mv.from}${attack ? 'x' : '-'}${mv.to}`;

/** The words of one observation (an entry of a view's log) for `viewer`. */
export function observationWords(obs, viewer, opponentName) {
  const mine = obs.side === viewer;
  const who = mine ? 'You' : opponentName;
  const piece = obs.piece ? (mine ? `your ${obs.piece}` : `their ${obs.piece}`) : 'a hidden piece';
  const text = move(obs.mv, obs.battle !== null);
  if (obs.battle === null) {
    return `${who} moved ${obs.piece && mine ? `${obs.piece} ` : ''}${text}.`;
  }
  const defender = mine ? `their ${obs.defender}` : `your ${obs.defender}`;
  const attacker = piece.charAt(0).toUpperCase() + piece.slice(1);
  switch (obs.battle) {
    case 'attacker_wins':
      return `${who} attacked ${text}: ${attacker} beats ${defender}, which is removed.`;
    case 'defender_wins':
      return `${who} attacked ${text}: ${attacker} loses to ${defender} and is removed.`;
    case 'both_removed':
      return `${who} attacked ${text}: ${attacker} and ${defender} are equal; both are removed.`;
    case 'mine_defused':
      return `${who} attacked ${text}: ${attacker} defuses ${defender}, which is removed.`;
    case 'flag_captured':
      return `${who} attacked ${text}: ${attacker} captures ${defender}!`;
    default:
      return `${who} attacked ${text}.`;
  }
}

const drawWords = (reason, viewer, reasonWords) => {
  if (typeof reason === 'object' && reason.no_legal_move) {
    const who = reason.no_legal_move === viewer ? 'You have' : 'Your opponent has';
    return `${who} no legal move (PAT: a player who cannot move draws)`;
  }
  try {
    return reasonWords(reason);
  } catch {
    return String(reason);
  }
};

/**
 * The status for `viewer`, in words; `reasonWords` is the library's
 * `drawReasonWords` (the words of a draw's reason).
 */
export function statusWords(status, viewer, reasonWords) {
  if (status.ongoing) {
    return status.ongoing.to_move === viewer ? 'Your move.' : 'Your opponent is thinking\u2026';
  }
  if (status.won) {
    const you = status.won.winner === viewer;
    const why = status.won.reason === 'flag_captured'
      ? (you ? 'you captured the enemy Flag' : 'your Flag was captured')
      : (you ? 'your opponent cannot move' : 'you cannot move');
    return `${you ? 'You win' : 'You lose'}: ${why}. Game over.`;
  }
  return `A draw: ${drawWords(status.drawn.reason, viewer, reasonWords)}. Game over.`;
}
