// Sealing for the worker: what the page must not read (a game in progress,
// with both armies) is encrypted with AES-GCM under a key the worker makes
// with WebCrypto as non-extractable and never posts. The key is kept in
// IndexedDB so a sealed save or autosave opens again after a reload; without
// IndexedDB it lives as long as the worker.
//
// Randomness for the bot: every seed is drawn from crypto.getRandomValues,
// except in the explicit test mode (a fixed seed the page shows as such).

const DB = 'marsal-worker';
const STORE = 'sealed';

/** A seed for the library: 53 random bits (an integer from 0 to 2^53 - 1). */
export function randomSeed() {
  const w = new Uint32Array(2);
  crypto.getRandomValues(w);
  return (w[0] & 0x1fffff) * 2 ** 32 + w[1];
}

/** A seed generator: random, or (test mode) a fixed sequence from `testSeed`. */
export function seedSource(testSeed) {
  if (testSeed === null || testSeed === undefined) return randomSeed;
  let x = BigInt(testSeed);
  // SplitMix64, cut to 53 bits: the same seeds for the same test seed.
  return () => {
    x = (x + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return Number((z ^ (z >> 31n)) >> 11n);
  };
}

function openDb() {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('no IndexedDB'));
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function withStore(mode, f) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = f(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req?.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Reads `key` from the worker's store (undefined when absent or no store). */
export async function stored(key) {
  try {
    return await withStore('readonly', (st) => st.get(key));
  } catch {
    return undefined;
  }
}

/** Writes (or with `undefined`, deletes) `key` in the worker's store. */
export async function store(key, value) {
  try {
    await withStore('readwrite', (st) => (value === undefined ? st.delete(key) : st.put(value, key)));
  } catch {
    /* no store: nothing kept across a reload */
  }
}

let keyPromise = null;

/** The sealing key: made once, never extractable, kept in the store. */
function sealKey() {
  keyPromise ??= (async () => {
    const old = await stored('key');
    if (old) return old;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await store('key', key);
    return key;
  })();
  return keyPromise;
}

const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const unb64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** `secret` (any JSON value) sealed, beside `open` (public facts), as text. */
export async function seal(secret, open) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await sealKey(),
    new TextEncoder().encode(JSON.stringify(secret)));
  return JSON.stringify({ marsal_sealed_game: 1, ...open, iv: b64(iv), data: b64(data) }, null, 1);
}

/** Whether `text` is a sealed file (by its form; it may still not open). */
export function isSealed(text) {
  try {
    return JSON.parse(text)?.marsal_sealed_game === 1;
  } catch {
    return false;
  }
}

/** The secret of a sealed text; throws when this browser did not seal it. */
export async function unseal(text) {
  const { iv, data } = JSON.parse(text);
  let plain;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(iv) }, await sealKey(), unb64(data));
  } catch {
    throw new Error('this saved game was sealed by another browser (or changed): it cannot be opened here');
  }
  return JSON.parse(new TextDecoder().decode(plain));
}
