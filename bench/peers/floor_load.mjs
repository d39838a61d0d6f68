// The load of bench.hub's Node clients against bench.floor's server, which plays no
// game: R tables of 4 + S connections, one "move" (8 bytes) per table every T ms from
// the table's first connection; the server answers the mover with an `ok` and writes
// one frame to every connection of the table.
//
//   node bench/peers/floor_load.mjs --port P --rooms 250 --spectators 4 --interval 500 --seconds 15
//
// A frame's first 4 bytes are the table's move number (big-endian); the `ok` is 1
// byte. Latency: from sending a move to the last of the table's connections holding
// its frame. Prints "phase play" and "phase done" as the measured window opens and
// closes, then one JSON line of figures, as hall_load.mjs does. Loopback only; it
// stops by itself.
//
// Its library (ws) is the browser client's, from client/node_modules (`make install`).

import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { playWindow } from "./window.mjs";

const require = createRequire(new URL("../../client/package.json", import.meta.url));
const WebSocket = require("ws");

const SEATS = 4;
const HOST = "127.0.0.1";

function args(argv) {
  const out = { port: 8000, rooms: 10, spectators: 4, interval: 500, seconds: 15, concurrency: 32 };
  for (let i = 2; i < argv.length; i += 2) out[argv[i].replace(/^--/, "")] = Number(argv[i + 1]);
  return out;
}
const opts = args(process.argv);
const PER_TABLE = SEATS + opts.spectators;

const stats = { latencies: [], moves: 0, deliveries: 0, bytes: 0, oks: 0, errors: {}, measuring: false };

class Table {
  constructor(index) {
    this.index = index;
    this.clients = [];
    this.sent = 0; // moves sent
    this.sentAt = 0;
    this.reached = 0; // connections holding the last move
    this.pending = false;
    this.timer = null;
  }

  onFrame(raw) {
    if (raw.length === 1) {
      if (stats.measuring) stats.oks++;
      return;
    }
    if (raw.readUInt32BE(0) !== this.sent) {
      stats.errors.order = (stats.errors.order || 0) + 1;
      return;
    }
    if (stats.measuring) {
      stats.deliveries++;
      stats.bytes += raw.length;
    }
    if (++this.reached === PER_TABLE) {
      if (stats.measuring) stats.latencies.push(performance.now() - this.sentAt);
      this.pending = false;
    }
  }

  open() {
    const url = `ws://${HOST}:${opts.port}/floor/${this.index}`;
    return Promise.all(
      Array.from({ length: PER_TABLE }, () => {
        const ws = new WebSocket(url, { perMessageDeflate: false });
        ws.binaryType = "nodebuffer";
        ws.on("message", (raw) => this.onFrame(raw));
        this.clients.push(ws);
        return new Promise((resolve, reject) => {
          ws.once("open", () => {
            ws.on("error", () => (stats.errors.socket = (stats.errors.socket || 0) + 1));
            resolve();
          });
          ws.once("error", reject);
        });
      }),
    );
  }

  move() {
    if (this.pending) return;
    this.pending = true;
    this.reached = 0;
    this.sent++;
    this.sentAt = performance.now();
    if (stats.measuring) stats.moves++;
    const data = Buffer.alloc(8);
    data.writeUInt32BE(this.sent, 0);
    this.clients[0].send(data);
  }
}

const tables = Array.from({ length: opts.rooms }, (_, i) => new Table(i));
const measured = await playWindow(tables, opts, stats);
process.stdout.write(
  JSON.stringify({
    rooms: opts.rooms,
    moves: stats.moves,
    oks: stats.oks,
    deliveries: stats.deliveries,
    bytes_per_frame: stats.deliveries ? stats.bytes / stats.deliveries : null,
    ...measured,
    errors: stats.errors,
  }) + "\n",
);
for (const t of tables) for (const ws of t.clients) ws.terminate();
process.exit(0);
