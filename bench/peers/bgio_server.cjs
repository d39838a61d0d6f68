// boardgame.io 0.50 serving the benchmark's Table game: node bgio_server.cjs PORT [delta]
// In-memory storage (the default); the lobby API opens matches and seats players.
const { Server, Origins } = require("boardgame.io/server");
const { makeTable } = require("./bgio_game.cjs");

const port = Number(process.argv[2] || 8000);
const delta = process.argv[3] === "delta";
const server = Server({ games: [makeTable(delta, Number(process.env.MOVES || 72))], origins: [Origins.LOCALHOST] });
server.run({ port }, () => console.log(`boardgame.io listening on ${port} (deltaState ${delta})`));
