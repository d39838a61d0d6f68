// Alhambra's table of its own (board.tsx), reading tiles from the catalogue; its
// words are in strings.ts.
import type { GameUi } from "../types";
import { AlhambraBoard } from "./board";

export const alhambra: GameUi = {
  Board: AlhambraBoard,
  needsCatalogue: true,
};
