import type { View } from "../../store";
import type { GameUi } from "../types";
import { CarcassonneBoard } from "./board";
import { t } from "../../i18n";
import { carcassonneMarks } from "./marks";
import { readModel, type Holder } from "./model";
import { GOODS } from "./strings";
import { Goods, MeepleShape } from "./tile";
import "./strings";

function Piece({ seat, kind, n, title, id }: { seat: number; kind: string; n: number; title: string; id: string }) {
  return (
    <span class="followers" title={title} data-testid={id}>
      <svg viewBox="-12 -12 24 24" width="14" height="14" aria-hidden="true">
        <MeepleShape at={kind === "builder" || kind === "pig" ? [-7, -5] : [0, 0]} seat={seat} kind={kind} field={false} />
      </svg>
      ×{n}
    </span>
  );
}

/** The King's crown or the Robber Baron's mask beside the seat that holds it, with
 * the size of the feature that won it. */
export function HolderMark({ which, h }: { which: "king" | "robber"; h: Holder }) {
  return (
    <span class={`holder ${which}`} data-testid={which} data-size={h.size} title={t(`carc.${which}`, { size: h.size })}>
      <svg viewBox="-10 -10 20 20" width="16" height="16" aria-hidden="true">
        {which === "king" ? (
          <path d="M-8,5 L-8,-5 L-4,0 L0,-7 L4,0 L8,-5 L8,5 Z" fill="#f2c400" stroke="#8a6d00" stroke-width="1.2" stroke-linejoin="round" />
        ) : (
          <g>
            <path d="M-8,-2 Q0,-9 8,-2 L6,1 Q0,-3 -6,1 Z" fill="#333" />
            <path d="M-8,1 Q0,-2 8,1 L7,5 Q4,7 1,4 H-1 Q-4,7 -7,5 Z" fill="#111" />
            <circle cx="-3.5" cy="3" r="1.2" fill="#fff" />
            <circle cx="3.5" cy="3" r="1.2" fill="#fff" />
          </g>
        )}
      </svg>
      {h.size}
    </span>
  );
}

export const carcassonne: GameUi = {
  Board: CarcassonneBoard,
  needsCatalogue: true,
  optionMarks: carcassonneMarks,
  seatExtra(view: View, seat: number) {
    const m = readModel(view);
    // Once the game is over the pieces left in supply are stale (the final scoring
    // counted the ones on the board, which stay there): not shown.
    const over = !!view.result;
    const n = over ? null : m.followers[seat];
    const parts = [];
    if (n !== null && n !== undefined) parts.push(<Piece key="f" seat={seat} kind="follower" n={n} title={t("carc.followers")} id="followers" />);
    if (m.large && !over) parts.push(<Piece key="l" seat={seat} kind="large" n={m.large[seat] ?? 0} title={t("carc.large_left")} id="large-left" />);
    if (m.builders && !over) parts.push(<Piece key="b" seat={seat} kind="builder" n={m.builders[seat] ?? 0} title={t("carc.builders_left")} id="builders-left" />);
    if (m.pigs && !over) parts.push(<Piece key="p" seat={seat} kind="pig" n={m.pigs[seat] ?? 0} title={t("carc.pigs_left")} id="pigs-left" />);
    if (m.goods?.[seat]) {
      const g = m.goods[seat];
      parts.push(
        <span key="g" class="goods-count" data-testid="goods">
          {GOODS.map((k) => (
            <span key={k} title={t(`carc.good.${k}`)} data-good={k}>
              <svg viewBox="-12 -12 24 24" width="14" height="14" aria-hidden="true">
                <Goods at={[0, 0]} kind={k} />
              </svg>
              {g[k]}
            </span>
          ))}
        </span>,
      );
    }
    if (m.king && m.king.seat === seat) parts.push(<HolderMark key="k" which="king" h={m.king} />);
    if (m.robber && m.robber.seat === seat) parts.push(<HolderMark key="r" which="robber" h={m.robber} />);
    // More than the followers and one more piece: a line of its own (style.css).
    return parts.length ? <span class={parts.length > 2 ? "carc-extra wide" : "carc-extra"}>{parts}</span> : null;
  },
};
