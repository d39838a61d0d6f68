// bench.floor's server in Node (`python -m bench.floor --server node`): the same bare
// tables as bench/floor.py's, on Node's event loop and the `ws` library, so that the
// cost of a move without any game can be set beside another runtime's. Each
// connection at /floor/<table> joins that table; every message it sends is a move:
// one frame of BYTES bytes (its first 4 the table's move number, big-endian) to every
// connection of the table, then a one-byte `ok` to the mover.
//
//   node bench/peers/floor_server.mjs --port P --bytes 85
//
// Loopback only. Its library (ws) is the browser client's, from client/node_modules.

import { createRequire } from "node:module";
import http from "node:http";

const require = createRequire(new URL("../../client/package.json", import.meta.url));
const { WebSocketServer } = require("ws");

const opts = { port: 8000, bytes: 85 };
for (let i = 2; i < process.argv.length; i += 2) opts[process.argv[i].replace(/^--/, "")] = Number(process.argv[i + 1]);

const tables = new Map(); // table -> { members: Set, moves: number }
const OK = Buffer.from("k");

const server = http.createServer((req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
server.on("upgrade", (req, socket, head) => {
  if (!req.url.startsWith("/floor/")) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => {
    const name = req.url.slice("/floor/".length);
    let table = tables.get(name);
    if (!table) tables.set(name, (table = { members: new Set(), moves: 0 }));
    table.members.add(ws);
    ws.on("message", () => {
      table.moves++;
      const data = Buffer.alloc(Math.max(4, opts.bytes));
      data.writeUInt32BE(table.moves, 0);
      for (const member of table.members) member.send(data);
      ws.send(OK);
    });
    ws.on("close", () => table.members.delete(ws));
  });
});
server.listen(opts.port, "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
