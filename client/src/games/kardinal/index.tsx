// Kardinal & König: the map board of its own (board.tsx), drawn from the catalogue;
// its words in strings.ts.
import type { GameUi } from "../types";
import { KardinalBoard, seatExtra } from "./board";

export const kardinal: GameUi = {
  Board: KardinalBoard,
  needsCatalogue: true,
  seatExtra,
};
