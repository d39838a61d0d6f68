// Colyseus 0.18 serving the benchmark's Table room: node colyseus_server.mjs PORT
// Turn-based: no patch clock (patchRate = null); each accepted move is sent at once
// with broadcastPatch().
import { Room, Server } from "colyseus";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { schema, t } from "@colyseus/schema";

const MOVES = Number(process.env.MOVES || 72);
const SEATS = 4;

const Tile = schema({ x: t.int16(), y: t.int16(), r: t.uint8(), kind: t.string() }, "Tile");
const TableState = schema(
  { tiles: t.array(Tile), scores: t.array("uint16"), turn: t.uint8() },
  "TableState",
);

class TableRoom extends Room {
  maxClients = 8;
  patchRate = null;

  onCreate() {
    const state = new TableState();
    for (let i = 0; i < SEATS; i++) state.scores.push(0);
    state.turn = 0;
    this.state = state;
    // With patchRate = null nothing flushes the changes made while building the state:
    // they would ride along with the first move's patch and, applied on top of the full
    // state a joining client got, leave it with a fifth score. Flush them now.
    this.broadcastPatch();
    this.onMessage("place", (client, m) => {
      const seat = client.userData?.seat;
      if (seat !== this.state.turn || this.state.tiles.length >= MOVES) return;
      this.state.tiles.push(new Tile().assign({ x: m.x, y: m.y, r: m.r, kind: m.kind }));
      this.state.scores[seat] += 1;
      this.state.turn = (this.state.turn + 1) % SEATS;
      this.broadcastPatch();
    });
  }

  onJoin(client, options) {
    client.userData = { seat: typeof options?.seat === "number" ? options.seat : null };
  }
}

const port = Number(process.argv[2] || 2567);
const server = new Server({ transport: new WebSocketTransport(), greet: false, logger: { info() {}, debug() {}, warn() {}, error: console.error } });
server.define("table", TableRoom);
await server.listen(port, "127.0.0.1");
console.log(`colyseus listening on ${port}`);
