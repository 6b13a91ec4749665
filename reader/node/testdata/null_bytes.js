// Writes null_bytes.json: node null_bytes.js > null_bytes.json (Node 20).
const util = require('util'), fs = require('fs');
const long = (n, c) => c.repeat(n);
const inputs = [
  "a\0b",
  "/tmp/sp16c/a\0b",
  "/tmp/x\0yé\n\u202e\"'z",
  "it's\0here",
  "it's \"q\"\0",
  "it's \"q\" `b`\0",
  "it's \"q\" ${x}\0",
  "tab\there\0\r\f\b\v\x1b[2J\x7f\u0085\u009b\u00a0\\",
  "/p/" + long(200, "x") + "\0",
  "/p/" + long(120, "é") + "\0" + long(10, "y"),
  "/p/" + long(60, "a") + "\n" + long(70, "b") + "\0\n" + "tail'",
  "\n" + long(130, "c") + "\0",
  "/p/" + long(123, "z") + "😀\0",
  "/p/" + long(122, "z") + "😀\0",
  "/p/" + long(10010, "w") + "\0",
  "emoji 😀\0 and \u200b\u202e",
];
const out = inputs.map((s) => {
  let msg;
  try { fs.accessSync(s); } catch (e) { msg = e.message; }
  return { path: s, inspect: util.inspect(s).toWellFormed(), message: msg.toWellFormed() };
});
// ASCII-only, one entry per line, as committed.
const ascii = (j) => j.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
console.log('[\n' + out.map((o) => ' ' + ascii(JSON.stringify(o))).join(',\n') + '\n]');
