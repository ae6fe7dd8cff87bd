// Online play on the page: "Play a friend" and "Play the bot on the server"
// create a game on the game server that served the page (`marsal serve`),
// and a link `#game=ID&seat=SIDE&secret=SECRET` opens this seat's game. The
// referee is the server; the page's worker for a linked game is
// online-worker.js (it speaks the server's WebSocket messages), for local
// play worker.js. The seat's secret stays in the link's fragment (never sent
// to a server but in the WebSocket's `join`); the friend's invitation link,
// known only to the person who created the game, is kept in this tab's
// sessionStorage so that a reload can still show it.

const $ = (id) => document.getElementById(id);

/** The seat's link in the fragment, or null (local play). */
export function linkOf(hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const game = p.get('game');
  const seat = p.get('seat');
  const secret = p.get('secret');
  if (!game || !/^[0-9a-z]{1,64}$/i.test(game)) return null;
  if (seat !== 'red' && seat !== 'blue') return { game, seat: null, secret: null };
  if (!secret || !/^[0-9a-f]{16,128}$/i.test(secret)) return { game, seat, secret: null };
  return { game, seat, secret };
}

const link = linkOf(location.hash);
const online = { link, last: null, tick: null };
window.marsalOnline = online;

/**
 * The worker the page talks to: the local referee, or (with a seat's link)
 * the online one. The page's handler sees every message; this module sees
 * the online ones too (`online`, `leave`).
 */
export function startWorker() {
  const playing = link?.seat && link?.secret;
  const file = playing ? './online-worker.js' : './worker.js';
  const worker = new Worker(new URL(file, import.meta.url), { type: 'module' });
  if (playing) worker.postMessage({ type: 'link', ...link, base: location.origin });
  let pageHandler = null;
  worker.onmessage = (e) => {
    seen(e.data);
    pageHandler?.(e);
  };
  return {
    postMessage: (msg) => worker.postMessage(msg),
    set onmessage(f) {
      pageHandler = f;
    },
  };
}

function panel() {
  let p = $('online');
  if (p) return p;
  p = document.createElement('section');
  p.id = 'online';
  p.setAttribute('aria-label', 'online play');
  $('panel').prepend(p);
  return p;
}

function el(tag, attrs = {}, text = '') {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

const clockText = (ms) => {
  const t = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
};

function renderClock() {
  const c = online.last?.clock;
  const out = $('online-clock');
  if (!out) return;
  if (!c) {
    out.textContent = '';
    return;
  }
  const gone = online.last.connected && c.running ? Date.now() - online.last.at : 0;
  const left = (side) => c[`${side}_ms`] - (c.running === side ? gone : 0);
  out.textContent = `Clock: Red ${clockText(left('red'))}, Blue ${clockText(left('blue'))}` +
    (c.running ? ` (${c.running === 'red' ? 'Red' : 'Blue'}\u2019s time runs)` : '');
}

/** The online panel of a linked game: the seat, the connection, whose move, the clock, the invitation. */
function seen(msg) {
  if (msg.type === 'leave') {
    location.href = location.pathname + location.search;
    return;
  }
  if (msg.type !== 'online') return;
  online.last = msg;
  const p = panel();
  if (!$('online-status')) {
    p.append(el('p', { id: 'online-status', 'aria-live': 'polite' }), el('p', { id: 'online-clock' }));
    const invite = sessionStorage.getItem(`marsal-invite-${msg.game}`);
    if (invite) {
      const row = el('p', { id: 'online-invite' });
      const field = el('input', { id: 'invite-link', readonly: '', 'aria-label': 'the invitation link for your friend' });
      field.value = invite;
      const copy = el('button', { type: 'button', id: 'copy-invite' }, 'Copy the link');
      copy.addEventListener('click', async () => {
        field.select();
        try {
          await navigator.clipboard.writeText(invite);
          copy.textContent = 'Copied';
        } catch {
          copy.textContent = 'Select and copy it';
        }
      });
      row.append('Send your friend this link: ', field, copy);
      p.append(row);
    }
    online.tick = setInterval(renderClock, 250);
  }
  const side = msg.seat === 'red' ? 'Red' : 'Blue';
  let words = `Online game ${msg.game}: you play ${side}. `;
  if (!msg.connected) words += 'Connection lost: reconnecting\u2026';
  else if (msg.phase === 'setup') {
    words += msg.setupSent ? 'Your setup is with the server: waiting for your opponent\u2019s.' : 'Arrange your pieces and press Start.';
    if (msg.setupsDone && msg.setupsDone[msg.seat === 'red' ? 'blue' : 'red']) words += ' Your opponent is ready.';
  } else if (msg.phase === 'play') words += msg.toMove === msg.seat ? 'Your move.' : 'Your opponent\u2019s move.';
  else if (msg.phase === 'over') words += 'The game is over.';
  $('online-status').textContent = words;
  document.body.dataset.online = msg.connected ? 'connected' : 'lost';
  const start = $('start');
  if (start) start.disabled = !!msg.setupSent;
  renderClock();
}

/** Creates a game on the server with the choices on the page; opens the new seat's link. */
async function create(opponent) {
  const side = $('side').value;
  const other = side === 'red' ? 'blue' : 'red';
  const options = {};
  if ($('max-plies').value) options.max_plies = Number($('max-plies').value);
  if ($('repetition').value) options.repetition_draw = Number($('repetition').value);
  const body = {
    rules: $('preset').value, options,
    seats: { [side]: 'person', [other]: opponent === 'bot' ? { bot: $('bot').value } : 'person' },
  };
  const clock = $('online-clock-choice')?.value;
  if (clock) {
    const [base, inc] = clock.split('+').map(Number);
    body.clock = { base_ms: base * 60000, increment_ms: inc * 1000 };
  }
  const res = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(answer.message ?? `the server answered ${res.status}`);
  const mine = answer.seats[side];
  if (opponent === 'friend') sessionStorage.setItem(`marsal-invite-${answer.id}`, answer.seats[other].invite);
  location.hash = `game=${answer.id}&seat=${side}&secret=${mine.secret}`;
  location.reload();
}

/** The buttons for online play, when the page was served by a game server. */
async function offerOnline() {
  if (link?.seat && link?.secret) {
    // In an online game: its choices are the server's; New game goes back to local play.
    for (const id of ['preset', 'side', 'bot', 'max-plies', 'repetition', 'takeback-option']) {
      if ($(id)) $(id).disabled = true;
    }
    $('new').textContent = 'Leave: play locally';
    return;
  }
  if (link) {
    const p = panel();
    p.append(el('p', { role: 'alert' }, link.seat
      ? 'This link has no valid seat secret: ask for the invitation link again.'
      : 'Watching a game is not offered by this page (a spectator link): use the server\u2019s API.'));
  }
  let served = false;
  try {
    const res = await fetch('/healthz', { cache: 'no-store' });
    served = res.ok && (await res.text()).trim() === 'ok';
  } catch {
    served = false;
  }
  if (!served) return;
  const form = $('choices');
  const clock = el('label', {}, 'Clock ');
  const choice = el('select', { id: 'online-clock-choice' });
  for (const [v, t] of [['', 'none'], ['5+3', '5 min + 3 s'], ['10+5', '10 min + 5 s'], ['30+0', '30 min']]) {
    choice.append(el('option', { value: v }, t));
  }
  clock.append(choice);
  const friend = el('button', { type: 'button', id: 'play-friend' }, 'Play a friend');
  const bot = el('button', { type: 'button', id: 'play-server-bot' }, 'Play the bot on the server');
  const go = (what) => async () => {
    if (document.body.dataset.phase === 'play' && !window.confirm('Leave the local game in progress?')) return;
    try {
      await create(what);
    } catch (err) {
      const m = $('message');
      m.textContent = `The server refused the game: ${err.message}`;
      m.className = 'error';
    }
  };
  friend.addEventListener('click', go('friend'));
  bot.addEventListener('click', go('bot'));
  form.append(clock, friend, bot);
}

offerOnline();
