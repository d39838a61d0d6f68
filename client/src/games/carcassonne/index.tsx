import type { View } from "../../store";
import type { GameUi } from "../types";
import { CarcassonneBoard } from "./board";
import { t } from "../../i18n";
import { readModel } from "./model";
import { MeepleShape } from "./tile";
import "./strings";

export const carcassonne: GameUi = {
  Board: CarcassonneBoard,
  needsCatalogue: true,
  seatExtra(view: View, seat: number) {
    const n = readModel(view).followers[seat];
    return n === null || n === undefined ? null : (
      <span class="followers" title={t("carc.followers")} data-testid="followers">
        <svg viewBox="-10 -10 20 20" width="13" height="13" aria-hidden="true">
          <MeepleShape at={[0, 0]} seat={seat} kind="follower" field={false} />
        </svg>
        ×{n}
      </span>
    );
  },
};
