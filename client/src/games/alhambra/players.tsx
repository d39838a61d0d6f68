// Alhambra's lines in the players panel, as Brettspielwelt's player list had them:
// score (the panel's own column), coins in hand (their number only), tiles in the
// reserve, and per building type the tiles placed, in the type's colour, with the
// longest outer wall last. With two players Dirk follows the seats, with his counts
// per type only (he has no coins, reserve or wall, and BSW showed no more of him).

import { plural, t } from "../../i18n";
import type { View } from "../../store";
import { readModel, seatLine, TYPES } from "./model";
import { tint, TypeIcon, WallIcon } from "./tile";
import "./players.css";

function TypeCounts({ counts, wall, typeKey }: { counts: number[]; wall: number | null; typeKey: string }) {
  return (
    <span class="al-se-types">
      {TYPES.map((type, i) => {
        const n = counts[i] ?? 0;
        return (
          <span
            key={type}
            class={`al-se-type${n ? "" : " zero"}`}
            data-testid="al-se-type"
            data-type={type}
            data-n={n}
            style={{ background: tint(type, null) }}
            title={t(typeKey, { type: t(`al.type.${type}`), n })}
          >
            <TypeIcon type={type} px={13} />
            {n}
          </span>
        );
      })}
      {wall !== null && (
        <span class="al-se-wall" data-testid="al-se-wall" data-n={wall} title={t("al.seat.wall", { n: wall })}>
          <WallIcon px={13} />
          {wall}
        </span>
      )}
    </span>
  );
}

/** A seat's extra words in the players panel. */
export function seatExtra(view: View, seat: number) {
  const line = seatLine(readModel(view), seat);
  if (!line) return null;
  return (
    <span class="al-seat-extra" data-testid="al-seat-extra" data-seat={seat}>
      <span class="al-se-stock">
        <span data-testid="al-se-coins" data-n={line.coins} title={t("al.seat.coins_hint")}>
          {plural("al.seat.coins", line.coins)}
        </span>
        <span aria-hidden="true">{t("al.status.sep").trim() || "·"}</span>
        <span data-testid="al-se-reserve" data-n={line.reserve} title={t("al.seat.reserve_hint")}>
          {t("al.seat.reserve", { n: line.reserve })}
        </span>
      </span>
      <TypeCounts counts={line.counts} wall={line.wall} typeKey="al.seat.type" />
    </span>
  );
}

/** Dirk's row after the seats, in a two-player game. */
export function dirkRow(view: View) {
  const m = readModel(view);
  if (!m.dirk) return null;
  return (
    <li class="seat al-dirk-seat" data-testid="al-dirk-seat" title={t("al.seat.dirk_hint")}>
      <span class="swatch al-dirk-swatch" />
      <span class="who">
        <span class="name">{t("al.dirk")}</span>
        <span class="tag">{t("al.seat.dirk_tag")}</span>
      </span>
      <span class="extra">
        <span class="al-seat-extra">
          <TypeCounts counts={m.dirk} wall={null} typeKey="al.seat.dirk_type" />
        </span>
      </span>
    </li>
  );
}
