// The hall's own games under load from Node: R tables of G, 4 players and 4 spectators
// each (8 websockets a table; --spectators N for another number), one move per table
// every T ms, random legal intents.
//
//   node bench/peers/hall_load.mjs --port P --game carcassonne --rooms 250 --interval 500 --seconds 15
//
// bench.hub runs it with `--generator node`: the same scenario as its Python clients,
// from a generator that costs a fraction of their CPU, so the hub's latency can be
// measured without the generator's own queueing in it. Each client asks for compact
// patches (the string table from GET /api/strings.json, as in load.mjs) and keeps its
// view by applying them. A table's move k+1 is due at start + k*T (tables staggered
// over one T); the seat that moves is one of those whose view offers `legal` intents,
// picking one at random. Latency: from sending a move to the last of the table's
// clients holding its version. Prints "phase play" and "phase done" as the measured
// window opens and closes, then one JSON line of figures. Loopback only.
//
// Its two libraries (ws, @msgpack/msgpack) are the browser client's, from
// client/node_modules (`make install`), so that it runs without the peers' packages.

import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { applyOps, compactDecoder } from "./wire.mjs";
import { playWindow } from "./window.mjs";

const require = createRequire(new URL("../../client/package.json", import.meta.url));
const WebSocket = require("ws");
const msgpack = require("@msgpack/msgpack");

const SEATS = 4;
const HOST = "127.0.0.1";

function args(argv) {
  const out = { port: 8000, game: "carcassonne", rooms: 10, spectators: 4, interval: 500, seconds: 15, seed: 1, concurrency: 16 };
  for (let i = 2; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    out[key] = key === "game" ? argv[i + 1] : Number(argv[i + 1]);
  }
  return out;
}
const opts = args(process.argv);
const SPECTATORS = opts.spectators; // each table's watchers (--spectators N)

// A small seeded generator (mulberry32), so runs pick the same intents.
let seed = opts.seed >>> 0;
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const stats = { latencies: [], moves: 0, deliveries: 0, bytes: 0, oks: 0, errors: {}, measuring: false };

const table = await (await fetch(`http://${HOST}:${opts.port}/api/strings.json`)).json();
const decode = compactDecoder(msgpack, table);

// ---- one client ----

function openClient(name, onPatch) {
  const ws = new WebSocket(`ws://${HOST}:${opts.port}/ws`, { perMessageDeflate: false, maxPayload: 1 << 22 });
  ws.binaryType = "nodebuffer";
  const c = { ws, v: -1, view: null, room: null, waiters: [], nextId: 1 };
  // Every message with an id, as the browser app sends them: a move is answered
  // with an `ok` after its patch.
  c.send = (msg) => ws.send(msgpack.encode({ ...msg, id: c.nextId++ }));
  c.expect = (t, match = {}) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timeout waiting for ${t}`)), 30000);
      c.waiters.push({ t, match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  ws.on("message", (raw) => {
    const msg = decode(raw);
    if (msg.t === "patch") {
      if (stats.measuring) stats.bytes += raw.length; // the patches' bytes, not the oks
      if (msg.room !== c.room || c.view === null) return;
      if (msg.v === c.v + 1) {
        c.view = applyOps(c.view, msg.ops);
        c.v = msg.v;
        onPatch(c);
      } else if (msg.v > c.v + 1) {
        c.send({ t: "resync", room: msg.room });
      }
      return;
    }
    if (msg.t === "snapshot" && msg.room === c.room) {
      c.view = msg.view;
      c.v = msg.v;
      onPatch(c);
    } else if (msg.t === "ok") {
      if (stats.measuring) stats.oks++;
    } else if (msg.t === "error") {
      stats.errors[msg.code] = (stats.errors[msg.code] || 0) + 1;
    }
    const i = c.waiters.findIndex((w) => w.t === msg.t && Object.entries(w.match).every(([k, v]) => msg[k] === v));
    if (i >= 0) c.waiters.splice(i, 1)[0].resolve(msg);
  });
  return new Promise((resolve, reject) => {
    ws.once("open", async () => {
      ws.on("error", () => (stats.errors.socket = (stats.errors.socket || 0) + 1));
      const welcome = c.expect("welcome");
      c.send({ t: "hello", name, token: null, lang: "en", compact: table.id });
      await welcome;
      resolve(c);
    });
    ws.once("error", reject);
  });
}

// ---- one table ----

class Table {
  constructor(index) {
    this.index = index;
    this.clients = [];
    this.sentAt = new Map(); // version -> when the move that makes it was sent
    this.reached = new Map(); // version -> clients holding it
    this.pending = false;
    this.timer = null;
    this.over = false;
  }

  onPatch(c) {
    const n = (this.reached.get(c.v) || 0) + 1;
    this.reached.set(c.v, n);
    if (stats.measuring && this.sentAt.has(c.v)) stats.deliveries++;
    if (n === SEATS + SPECTATORS) {
      this.reached.delete(c.v);
      const t = this.sentAt.get(c.v);
      if (t !== undefined) {
        this.sentAt.delete(c.v);
        if (stats.measuring) stats.latencies.push(performance.now() - t);
        this.pending = false;
      }
    }
    if (c.view && c.view.result) this.over = true;
  }

  async open() {
    const n = this.index;
    const onPatch = (c) => this.onPatch(c);
    const host = await openClient(`h${n}`, onPatch);
    const created = host.expect("room");
    host.send({ t: "create", game: opts.game, options: {} });
    const room = (await created).room;
    const seated = [host];
    for (let i = 1; i < SEATS; i++) seated.push(await openClient(`s${n}-${i}`, onPatch));
    for (const [i, c] of seated.entries()) {
      c.room = room;
      if (i === 0) continue; // the opener sits in the first seat at once
      const sat = c.expect("room", { you: i });
      c.send({ t: "sit", room, seat: i });
      await sat;
    }
    const watchers = [];
    for (let i = 0; i < SPECTATORS; i++) {
      const w = await openClient(`w${n}-${i}`, onPatch);
      w.room = room;
      const entered = w.expect("room");
      w.send({ t: "enter", room });
      await entered;
      watchers.push(w);
    }
    this.clients = [...seated, ...watchers];
    const snaps = this.clients.map((c) => c.expect("snapshot"));
    host.send({ t: "start", room });
    await Promise.all(snaps);
    this.seated = seated;
  }

  // One move now, if the last one has reached everybody.
  move() {
    if (this.over || this.pending) return;
    const movers = this.seated.filter((c) => c.view && c.view.legal && c.view.legal.length);
    if (!movers.length) return;
    const c = movers[Math.floor(random() * movers.length)];
    const intent = c.view.legal[Math.floor(random() * c.view.legal.length)];
    this.pending = true;
    this.sentAt.set(c.v + 1, performance.now());
    if (stats.measuring) stats.moves++;
    c.send({ t: "act", room: c.room, v: c.v, intent });
  }
}

const tables = Array.from({ length: opts.rooms }, (_, i) => new Table(i));
const measured = await playWindow(tables, opts, stats);
process.stdout.write(
  JSON.stringify({
    game: opts.game,
    rooms: opts.rooms,
    moves: stats.moves,
    oks: stats.oks,
    deliveries: stats.deliveries,
    bytes_per_patch: stats.deliveries ? stats.bytes / stats.deliveries : null,
    ...measured,
    errors: stats.errors,
    tables_over: tables.filter((t) => t.over).length,
  }) + "\n",
);
for (const t of tables) for (const c of t.clients) c.ws.terminate();
process.exit(0);
