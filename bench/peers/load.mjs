// The one load generator of the side-by-side run: the same "table load" scenario,
// spoken in each framework's own client protocol.
//
//   node load.mjs --fw ours|ours-plain|ours-default-gc|colyseus|bgio|bgio-delta --port P --rooms R --interval T
//
// R rooms of 4 players and 4 spectators; in each room the player whose turn it is
// places the next tile; move k of a room is due at start + k*T ms (T = 0: closed loop,
// the next player moves as soon as its own client shows its turn); 72 moves per room.
// For every move: the time from sending it to the last of the room's 8 clients seeing
// it in its decoded state. Prints "phase play" when every room is set up and the game
// starts, "phase done" when it is over, then one JSON line with the figures.
// Loopback only; every run stops by itself (--deadline seconds).

import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { applyOps, compactDecoder } from "./wire.mjs";

const require = createRequire(import.meta.url);

const SEATS = 4;
const SPECTATORS = 4;
const KINDS = "ABCDEFGHIJKLMNOPQRSTUVWX";

function args(argv) {
  const out = { fw: "ours", port: 8000, rooms: 10, interval: 1000, moves: 72, deadline: 180, concurrency: 8 };
  for (let i = 2; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    out[key] = key === "fw" ? argv[i + 1] : Number(argv[i + 1]);
  }
  return out;
}

const opts = args(process.argv);
const HOST = "127.0.0.1";

// The n-th tile, the same on every framework (and in tablegame.py's tile_for).
function tileFor(n) {
  return { x: (n % 9) - 4, y: Math.floor(n / 9) - 4, r: n % 4, kind: KINDS[n % KINDS.length] };
}

// ---- bytes on the wire: every websocket message payload the generator receives ----

const wire = { bytes: 0, counting: false };
for (const where of ["ws", "engine.io-client"]) {
  let WebSocket;
  try {
    const base = where === "ws" ? require.resolve("ws") : require.resolve("ws", { paths: [require.resolve("engine.io-client")] });
    WebSocket = require(base);
  } catch {
    continue;
  }
  const proto = WebSocket.prototype;
  if (proto.__counted) continue;
  const emit = proto.emit;
  proto.emit = function (event, data, ...rest) {
    if (event === "message" && wire.counting) {
      wire.bytes += Buffer.isBuffer(data) ? data.length : Array.isArray(data) ? data.reduce((s, b) => s + b.length, 0) : data.byteLength ?? Buffer.byteLength(String(data));
    }
    return emit.call(this, event, data, ...rest);
  };
  proto.__counted = true;
}

// ---- the scenario, common to all frameworks ----

const stats = {
  latencies: [],
  deliveries: 0,
  moves: 0,
  errors: 0,
  firstSend: 0,
  lastSeen: 0,
};

class RoomRun {
  constructor(index) {
    this.index = index;
    this.clients = [];
    this.sentAt = new Array(opts.moves).fill(0);
    this.seen = new Array(opts.moves).fill(0);
    this.start = 0;
    this.sent = -1; // the last move index sent
    this.done = false;
    this.onDone = null;
  }

  // Called by an adapter whenever a client's decoded state holds `count` tiles.
  update(client, count) {
    const now = performance.now();
    if (count <= client.count) return;
    for (let k = client.count; k < count; k++) {
      stats.deliveries++;
      this.seen[k]++;
      if (this.seen[k] === SEATS + SPECTATORS && this.sentAt[k] > 0) {
        stats.latencies.push(now - this.sentAt[k]);
        stats.lastSeen = now;
        if (k === opts.moves - 1 && !this.done) {
          this.done = true;
          this.onDone?.();
        }
      }
    }
    client.count = count;
    if (this.start > 0) this.maybeMove(client);
  }

  maybeMove(client) {
    const k = client.count;
    if (client.seat === null || k >= opts.moves || k % SEATS !== client.seat || this.sent >= k) return;
    const due = opts.interval > 0 ? this.start + k * opts.interval : 0;
    const wait = due - performance.now();
    if (wait > 1) {
      if (client.timer) return;
      client.timer = setTimeout(() => {
        client.timer = null;
        this.maybeMove(client);
      }, wait);
      return;
    }
    this.sent = k;
    const now = performance.now();
    this.sentAt[k] = now;
    if (!stats.firstSend) stats.firstSend = now;
    stats.moves++;
    client.place(tileFor(k));
  }

  play(offset) {
    return new Promise((resolve) => {
      this.onDone = resolve;
      setTimeout(() => {
        this.start = performance.now();
        for (const c of this.clients) this.maybeMove(c);
      }, offset);
    });
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

async function inBatches(n, size, fn) {
  const out = new Array(n);
  let next = 0;
  async function worker() {
    while (next < n) {
      const i = next++;
      out[i] = await fn(i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, n) }, worker));
  return out;
}

// ---- ours: websocket + MessagePack, patches as in protocol/README.md ----
// Compact patches (as the browser app asks for them; "ours-plain" does not): the
// string table comes from the hall itself (GET /api/strings.json), as a client written
// without this repository would get it; the decoder undoes protocol/README.md's
// substitutions ("Compact patches").

async function compactDecoderFromHall(msgpack) {
  const table = await (await fetch(`http://${HOST}:${opts.port}/api/strings.json`)).json();
  return { id: table.id, decode: compactDecoder(msgpack, table) };
}

async function oursAdapter() {
  const WebSocket = require("ws");
  const msgpack = await import("@msgpack/msgpack");
  const { encode } = msgpack;
  const compact = opts.fw === "ours-plain" ? null : await compactDecoderFromHall(msgpack);
  const decode = compact ? compact.decode : msgpack.decode;
  const url = `ws://${HOST}:${opts.port}/ws`;

  async function openClient(run, name, seat) {
    const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 22 });
    ws.binaryType = "nodebuffer";
    const client = { seat, count: 0, timer: null, v: -1, view: null, roomId: null, waiters: [] };
    client.send = (msg) => ws.send(encode(msg));
    client.expect = (t, match = {}) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timeout waiting for ${t}`)), 30000);
        client.waiters.push({ t, match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    client.place = (tile) => client.send({ t: "act", room: client.roomId, v: client.v, intent: { t: "place", ...tile } });
    client.close = () => ws.terminate();
    client.final = () => ({ tiles: client.view.tiles, scores: client.view.scores });
    ws.on("message", (raw) => {
      const msg = decode(raw);
      if (msg.t === "patch") {
        if (msg.v === client.v + 1) {
          client.view = applyOps(client.view, msg.ops);
          client.v = msg.v;
          run.update(client, client.view.tiles.length);
        } else if (msg.v > client.v + 1) {
          client.send({ t: "resync", room: msg.room });
        }
        return;
      }
      if (msg.t === "snapshot") {
        client.view = msg.view;
        client.v = msg.v;
        run.update(client, client.view.tiles.length);
      } else if (msg.t === "error") {
        stats.errors++;
      }
      const i = client.waiters.findIndex((w) => w.t === msg.t && Object.entries(w.match).every(([k, v]) => msg[k] === v));
      if (i >= 0) client.waiters.splice(i, 1)[0].resolve(msg);
    });
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    ws.on("error", () => stats.errors++);
    const welcome = client.expect("welcome");
    client.send(compact ? { t: "hello", name, token: null, lang: "en", compact: compact.id } : { t: "hello", name, token: null, lang: "en" });
    await welcome;
    return client;
  }

  return {
    async open(run) {
      const n = run.index;
      const host = await openClient(run, `h${n}`, 0);
      const created = host.expect("room");
      host.send({ t: "create", game: "bench_table", options: { moves: opts.moves } });
      const roomId = (await created).room;
      const seated = [host];
      for (let i = 1; i < SEATS; i++) seated.push(await openClient(run, `s${n}-${i}`, i));
      for (const [i, c] of seated.entries()) {
        c.roomId = roomId;
        if (i === 0) continue; // the opener of a table sits in its first seat at once
        const sat = c.expect("room", { you: i });
        c.send({ t: "sit", room: roomId, seat: i });
        await sat;
      }
      const watchers = [];
      for (let i = 0; i < SPECTATORS; i++) {
        const w = await openClient(run, `w${n}-${i}`, null);
        w.roomId = roomId;
        const entered = w.expect("room");
        w.send({ t: "enter", room: roomId });
        await entered;
        watchers.push(w);
      }
      const all = [...seated, ...watchers];
      const snaps = all.map((c) => c.expect("snapshot"));
      host.send({ t: "start", room: roomId });
      await Promise.all(snaps);
      run.clients = all;
    },
  };
}

// ---- Colyseus 0.18: @colyseus/sdk, schema patches ----

async function colyseusAdapter() {
  // The SDK takes a global WebSocket when there is one (Node >= 22) and `ws` otherwise;
  // pin `ws`, the library the other clients use, so bytes are counted the same way.
  globalThis.WebSocket = require("ws");
  const { Client } = await import("@colyseus/sdk");
  const endpoint = `ws://${HOST}:${opts.port}`;

  function wrap(run, room, seat) {
    const client = { seat, count: 0, timer: null };
    client.place = (tile) => room.send("place", tile);
    client.close = () => room.leave(true).catch(() => {});
    client.final = () => ({
      tiles: room.state.tiles.map((t) => [t.x, t.y, t.r, t.kind]),
      scores: room.state.scores.toJSON(),
    });
    room.onStateChange((state) => run.update(client, state.tiles.length));
    room.onError(() => stats.errors++);
    return client;
  }

  return {
    async open(run) {
      const first = await new Client(endpoint).create("table", { seat: 0 });
      const clients = [wrap(run, first, 0)];
      for (let i = 1; i < SEATS; i++) clients.push(wrap(run, await new Client(endpoint).joinById(first.roomId, { seat: i }), i));
      for (let i = 0; i < SPECTATORS; i++) clients.push(wrap(run, await new Client(endpoint).joinById(first.roomId, { seat: null }), null));
      run.clients = clients;
    },
  };
}

// ---- boardgame.io 0.50: socket.io client, with or without deltaState ----

async function bgioAdapter(delta) {
  const { Client } = require("boardgame.io/client");
  const { SocketIO } = require("boardgame.io/multiplayer");
  const { makeTable } = require("./bgio_game.cjs");
  const game = makeTable(delta, opts.moves);
  const server = `http://${HOST}:${opts.port}`;

  async function post(path, body) {
    const res = await fetch(`${server}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json();
  }

  function makeClient(run, matchID, seat, credentials) {
    const c = Client({
      game,
      numPlayers: SEATS,
      matchID,
      playerID: seat === null ? undefined : String(seat),
      credentials,
      debug: false,
      multiplayer: SocketIO({ server, socketOpts: { transports: ["websocket"] } }),
    });
    const client = { seat, count: 0, timer: null };
    client.place = (tile) => c.moves.place(tile);
    client.close = () => c.stop();
    client.final = () => {
      const { G } = c.getState();
      return { tiles: G.tiles.map((t) => [t.x, t.y, t.r, t.kind]), scores: G.scores };
    };
    c.subscribe((state) => {
      if (state && state.G && state.G.tiles) {
        client.synced = true;
        run.update(client, state.G.tiles.length);
      }
    });
    c.start();
    return client;
  }

  return {
    async open(run) {
      const { matchID } = await post(`/games/table/create`, { numPlayers: SEATS });
      const clients = [];
      for (let i = 0; i < SEATS; i++) {
        const { playerCredentials } = await post(`/games/table/${matchID}/join`, { playerID: String(i), playerName: `p${run.index}-${i}` });
        clients.push(makeClient(run, matchID, i, playerCredentials));
      }
      for (let i = 0; i < SPECTATORS; i++) clients.push(makeClient(run, matchID, null, undefined));
      // ready once every client holds the match's state
      const t0 = performance.now();
      while (!clients.every((c) => c.synced)) {
        if (performance.now() - t0 > 30000) throw new Error("bgio sync timeout");
        await new Promise((r) => setTimeout(r, 20));
      }
      run.clients = clients;
    },
  };
}

// ---- main ----

async function main() {
  const adapter =
    opts.fw.startsWith("ours") ? await oursAdapter() :
    opts.fw === "colyseus" ? await colyseusAdapter() :
    opts.fw === "bgio" ? await bgioAdapter(false) :
    opts.fw === "bgio-delta" ? await bgioAdapter(true) :
    null;
  if (!adapter) throw new Error(`unknown framework ${opts.fw}`);
  const hard = setTimeout(() => finish(true), opts.deadline * 1000);
  const runs = Array.from({ length: opts.rooms }, (_, i) => new RoomRun(i));
  const setupStart = performance.now();
  await inBatches(opts.rooms, opts.concurrency, (i) => adapter.open(runs[i]));
  const setup = (performance.now() - setupStart) / 1000;
  await new Promise((r) => setTimeout(r, 500)); // let join traffic settle before counting
  process.stdout.write("phase play\n");
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  wire.counting = true;
  // spread the rooms' first moves over one interval (closed loop: all at once)
  await Promise.all(runs.map((run, i) => run.play(opts.interval > 0 ? (i * opts.interval) / opts.rooms : 0)));
  finish(false);

  function finish(timedOut) {
    clearTimeout(hard);
    wire.counting = false;
    process.stdout.write("phase done\n");
    const wall = (performance.now() - wall0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const active = stats.lastSeen > stats.firstSend ? (stats.lastSeen - stats.firstSend) / 1000 : wall;
    const sorted = stats.latencies.slice().sort((a, b) => a - b);
    // every client of a finished room must hold the 72 tiles sent, in order, and the scores
    const want = JSON.stringify({
      tiles: Array.from({ length: opts.moves }, (_, k) => Object.values(tileFor(k))),
      scores: Array.from({ length: SEATS }, (_, seat) => Math.floor(opts.moves / SEATS) + (seat < opts.moves % SEATS ? 1 : 0)),
    });
    let checked = 0;
    let mismatched = 0;
    for (const run of runs) {
      if (!run.done) continue;
      for (const c of run.clients) {
        checked++;
        let got = null;
        try {
          got = JSON.stringify(c.final());
        } catch {}
        if (got !== want) {
          mismatched++;
          if (process.env.LOAD_DEBUG) process.stderr.write(`mismatch: ${got}\n`);
        }
      }
    }
    const complete = sorted.length;
    const report = {
      fw: opts.fw,
      rooms: opts.rooms,
      interval: opts.interval,
      clients: opts.rooms * (SEATS + SPECTATORS),
      setup_s: +setup.toFixed(2),
      timed_out: timedOut,
      moves_sent: stats.moves,
      moves_complete: complete,
      expected_moves: opts.rooms * opts.moves,
      deliveries: stats.deliveries,
      errors: stats.errors,
      clients_checked: checked,
      clients_mismatched: mismatched,
      play_s: +active.toFixed(2),
      moves_per_s: +(complete / active).toFixed(1),
      deliveries_per_s: +(stats.deliveries / active).toFixed(1),
      p50_ms: percentile(sorted, 50),
      p99_ms: percentile(sorted, 99),
      max_ms: complete ? sorted[complete - 1] : null,
      bytes_per_move_client: stats.deliveries ? +(wire.bytes / stats.deliveries).toFixed(1) : null,
      gen_cpu_s: +((cpu.user + cpu.system) / 1e6).toFixed(2),
      gen_cpu_pct: +((100 * (cpu.user + cpu.system)) / 1e6 / wall).toFixed(1),
    };
    process.stdout.write(JSON.stringify(report) + "\n");
    for (const run of runs) for (const c of run.clients) c.close?.();
    setTimeout(() => process.exit(0), 300);
  }
}

main().catch((e) => {
  process.stderr.write(`load: ${e.stack || e}\n`);
  process.exit(1);
});
