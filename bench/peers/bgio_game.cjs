// The benchmark's Table game for boardgame.io 0.50, shared by its server and clients.
// The move runs on the server only (client: false), so a mover's own client sees its
// move when the server's update arrives, like every other client.
const SEATS = 4;

function makeTable(deltaState, moves = 72) {
  return {
    name: "table",
    minPlayers: SEATS,
    maxPlayers: SEATS,
    deltaState,
    setup: () => ({ tiles: [], scores: [0, 0, 0, 0] }),
    turn: { minMoves: 1, maxMoves: 1 },
    moves: {
      place: {
        client: false,
        move: ({ G, playerID }, tile) => {
          G.tiles.push({ x: tile.x, y: tile.y, r: tile.r, kind: tile.kind });
          G.scores[Number(playerID)] += 1;
        },
      },
    },
    endIf: ({ G }) => (G.tiles.length >= moves ? { done: true } : undefined),
  };
}

module.exports = { makeTable };
