// Kingsburg: a board of its own (board.tsx), drawn from the catalogue's advisors and
// buildings; its words in strings.ts.
import type { GameUi } from "../types";
import { KingsburgBoard, seatExtra } from "./board";
import { knowCatalogue } from "./strings";

export const kingsburg: GameUi = {
  Board: KingsburgBoard,
  needsCatalogue: true,
  onCatalogue: knowCatalogue,
  seatExtra,
};
