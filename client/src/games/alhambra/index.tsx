// Alhambra's table of its own (board.tsx), reading tiles from the catalogue; its
// words are in strings.ts.
import { t } from "../../i18n";
import type { View } from "../../store";
import type { GameUi } from "../types";
import { AlhambraBoard } from "./board";
import { readModel } from "./model";

export const alhambra: GameUi = {
  Board: AlhambraBoard,
  needsCatalogue: true,
  // Coins in hand and the longest wall, as BSW's player list shows them.
  seatExtra(view: View, seat: number) {
    const m = readModel(view);
    if (m.handCounts[seat] === undefined) return null;
    return (
      <span class="small muted" data-testid="al-seat-extra">
        {t("al.ui.coins_n", { n: m.handCounts[seat] })} · {t("al.ui.wall_n", { n: m.walls[seat] ?? 0 })}
      </span>
    );
  },
};
