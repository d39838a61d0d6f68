// Alhambra's table of its own (board.tsx), reading tiles from the catalogue; its
// lines in the players panel (players.tsx); its words are in strings.ts.
import type { GameUi } from "../types";
import { AlhambraBoard } from "./board";
import { dirkRow, seatExtra } from "./players";

export const alhambra: GameUi = {
  Board: AlhambraBoard,
  needsCatalogue: true,
  seatExtra,
  extraSeats: dirkRow,
};
