// Stone Age's table of its own (board.tsx), reading buildings, cards and spaces from
// the catalogue; its words are in strings.ts.
import type { GameUi } from "../types";
import { StoneAgeBoard } from "./board";

export const stone_age: GameUi = {
  Board: StoneAgeBoard,
  needsCatalogue: true,
};
