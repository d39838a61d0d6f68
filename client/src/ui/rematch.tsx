// Play again on screen: at a finished table the players' "Play again" (with "rotate
// seats"), another player's offer ("Ben proposes a rematch — Join / No thanks"), and a
// waiting table's seats kept for the players of the game before ("kept for Ada").

import { useState } from "preact/hooks";
import type { Client } from "../client";
import { gameName, t } from "../i18n";
import type { KeptSeat, Room } from "../protocol.gen";
import type { RematchOffer } from "../rematch";
import "./rematch.css";

/** The offer of another player's rematch: who proposed it, Join and No thanks (or Go,
 * when we sit there already). Shown at the finished table and in the lobby. */
export function RematchOfferCard({ client, offer }: { client: Client; offer: RematchOffer }) {
  const game = gameName(offer.game);
  return (
    <section class="card rematch-offer" data-testid="rematch-offer" data-from={offer.from} data-to={offer.to} role="status">
      <div class="rematch-words">
        <strong data-testid="rematch-by">{offer.by ? t("rematch.offer", { name: offer.by }) : t("rematch.offer_anon")}</strong>
        <span class="muted small">{t(offer.seated ? "rematch.seated_text" : "rematch.offer_text", { game })}</span>
      </div>
      <div class="buttons">
        <button class="primary" data-testid="rematch-join" onClick={() => client.joinRematch(offer)}>
          {t(offer.seated ? "rematch.go" : "rematch.join")}
        </button>
        <button data-testid="rematch-decline" title={t("rematch.decline_hint")} onClick={() => client.declineRematch(offer)}>
          {t("rematch.decline")}
        </button>
      </div>
    </section>
  );
}

/** Whether a table offers "Play again": to its players, once the game is over, until
 * the rematch is open (then its offer, or nothing once answered, takes its place). */
export function offersPlayAgain(info: Room): boolean {
  return info.status === "finished" && info.you !== null && !info.rematch;
}

/** A finished table's "Play again" for its players, with "rotate seats"; once asked,
 * it waits for the new table (the client goes there when it is told). */
export function RematchBar({ client, info, asked }: { client: Client; info: Room; asked: boolean }) {
  const [rotate, setRotate] = useState(false);
  if (!offersPlayAgain(info)) return null;
  const waiting = asked;
  return (
    <section class="card rematch-bar" data-testid="rematch-bar">
      <button class="primary" data-testid="rematch" disabled={waiting} title={t("rematch.hint")} onClick={() => client.rematch(info.room, rotate)}>
        {waiting ? t("rematch.opening") : t("rematch.again")}
      </button>
      {info.seats.filter((s) => s !== null).length > 1 && (
        <label class="option option-bool" title={t("rematch.rotate_hint")}>
          <input type="checkbox" data-testid="rematch-rotate" checked={rotate} disabled={waiting} onChange={(e) => setRotate((e.target as HTMLInputElement).checked)} />
          <span class="option-label">{t("rematch.rotate")}</span>
        </label>
      )}
      <p class="muted small">{t("rematch.hint")}</p>
    </section>
  );
}

/** A watcher of a private table whose players play again: where they went is not told. */
export function RematchPrivateNote({ info }: { info: Room }) {
  if (info.status !== "finished" || info.you !== null || !info.rematch || !info.private) return null;
  return (
    <p class="card rematch-note muted" data-testid="rematch-private">
      {t("rematch.private_watch")}
    </p>
  );
}

/** An empty seat kept for a player of the game before: "kept for Ada". */
export function KeptMark({ kept, seat }: { kept: KeptSeat; seat: number }) {
  return (
    <span class="kept" data-testid="seat-kept" data-player={kept.player} title={t("rematch.kept_hint", { n: seat + 1, name: kept.name })}>
      {t("rematch.kept", { name: kept.name })}
    </span>
  );
}
