// Guards the JavaScript glue wasm-bindgen writes (build.sh runs it on
// marsal_wasm.js): the glue hands a method's `this.__wbg_ptr`, and a class
// argument's `__wbg_ptr`, to the wasm as a raw pointer, so a method called on
// another class's object, on a forged `{__wbg_ptr: 8}` or on an object whose
// prototype was swapped would make the Rust side read another type's memory.
// After this rewrite, the glue remembers every object it made (a WeakMap from
// the object to its class and pointer); each method, getter and `free` and
// each class argument checks its value against that record and throws a
// TypeError naming the method or the argument (an Error for a freed object;
// `free` on a freed object does nothing).
//   node marsal-wasm/guard.mjs path/to/marsal_wasm.js
// The rewrite expects the glue of the pinned wasm-bindgen version and fails
// loudly when a pattern is missing (a new version needs a look here).
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
let js = readFileSync(file, 'utf8');
if (js.includes('__marsalLive')) {
  console.error(`${file}: guarded already`);
  process.exit(0);
}

/** Replaces every match of `re`; fails unless there are `min` at least. */
function rewrite(re, f, min, what) {
  let n = 0;
  js = js.replace(re, (...m) => {
    n += 1;
    return f(...m);
  });
  if (n < min) {
    console.error(`guard.mjs: expected ${min}+ ${what} in ${file}, found ${n}: is wasm-bindgen the pinned version?`);
    process.exit(1);
  }
  return n;
}

// Every object the glue makes is recorded (in __wrap and in constructors).
rewrite(/^( +)(\w+)Finalization\.register\((\w+), \3\.__wbg_ptr, \3\);$/gm,
  (line, indent, cls, obj) => `${line}\n${indent}__marsalLive.set(${obj}, { cls: ${cls}, ptr: ${obj}.__wbg_ptr });`,
  3, 'Finalization.register lines');
// ... and forgotten when it gives its pointer up.
rewrite(/^( +)(\w+)Finalization\.unregister\(this\);$/gm,
  (line, indent) => `${line}\n${indent}__marsalLive.delete(this);`, 2, 'Finalization.unregister lines');

// Methods, getters and free: the receiver is checked first.
let cls = null;
const lines = js.split('\n');
const out = [];
let methods = 0;
for (const line of lines) {
  const c = /^export class (\w+) \{$/.exec(line);
  if (c) cls = c[1];
  else if (line === '}') cls = null;
  out.push(line);
  if (!cls) continue;
  const m = /^ {4}(get |set )?([\w$]+)\([^)]*\) \{$/.exec(line);
  if (!m || ['constructor', '__destroy_into_raw'].includes(m[2])) continue;
  methods += 1;
  out.push(m[2] === 'free'
    ? `        if (__marsalThis(this, ${cls}, 'free', true)) return;`
    : `        __marsalThis(this, ${cls}, '${m[1] ? m[1].trim() + ' ' : ''}${m[2]}');`);
}
if (methods < 20) {
  console.error(`guard.mjs: expected 20+ methods in ${file}, found ${methods}`);
  process.exit(1);
}
js = out.join('\n');

// Class arguments: named in the message, checked against the record.
rewrite(/_assertClass\((\w+), (\w+)\);/g, (_, arg, k) => `_assertClass(${arg}, ${k}, '${arg}');`, 3, '_assertClass calls');
rewrite(/^function _assertClass\(instance, klass\) \{\n[^]*?\n\}\n/m, () => `function _assertClass(instance, klass, name) {
    __marsalCheck(instance, klass, \`\${name}: \`, false);
}
`, 1, 'the _assertClass function');

js += `
const __marsalLive = new WeakMap();

function __marsalDescribe(value) {
    if (value === null) return 'null';
    if (typeof value === 'object' || typeof value === 'function') {
        const name = value.constructor?.name;
        return typeof value === 'function' ? 'a function' : (name ? \`an object (\${name})\` : 'an object');
    }
    return typeof value === 'string' ? 'a string' : \`\${typeof value === 'number' ? 'the number ' : ''}\${String(value)}\`;
}

/** Throws unless \`value\` is a live object of class \`klass\` made by this glue; true when freed and \`freeOk\`. */
function __marsalCheck(value, klass, what, freeOk) {
    const live = (typeof value === 'object' && value !== null) ? __marsalLive.get(value) : undefined;
    if (live === undefined && value instanceof klass && value.__wbg_ptr === 0) {
        if (freeOk) return true;
        throw new TypeError(\`\${what}this \${klass.name} was freed (by free(), or given up to another call)\`);
    }
    if (live === undefined || live.cls !== klass || live.ptr !== value.__wbg_ptr) {
        const got = value instanceof klass ? \`a \${klass.name} not made by marsal-wasm\` : __marsalDescribe(value);
        throw new TypeError(\`\${what}expected a \${klass.name}, got \${got}\`);
    }
    return false;
}

function __marsalThis(self, klass, method, freeOk = false) {
    return __marsalCheck(self, klass, \`\${klass.name}.\${method}: \`, freeOk);
}
`;
writeFileSync(file, js);
console.error(`guard.mjs: ${methods} methods guarded in ${file}`);
