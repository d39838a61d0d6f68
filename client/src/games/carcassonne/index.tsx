import type { View } from "../../store";
import type { GameUi } from "../types";
import { CarcassonneBoard } from "./board";
import { readModel } from "./model";
import "./strings";

export const carcassonne: GameUi = {
  Board: CarcassonneBoard,
  needsCatalogue: true,
  seatExtra(view: View, seat: number) {
    const n = readModel(view).followers[seat];
    return n === null || n === undefined ? null : (
      <span class="followers" title="followers">
        ♟×{n}
      </span>
    );
  },
};
