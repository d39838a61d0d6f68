// The hall's finished games (the server's `history`): "Recent games" (everyone's) and
// "My games" (the games this browser's player played), newest first, each with its
// players and scores, the winner marked, when it ended, and a link to its replay.

import { useEffect, useState } from "preact/hooks";
import type { Client } from "../client";
import { gameName, lang, t } from "../i18n";
import type { GameSummary, PlayerResult } from "../protocol.gen";
import { replayHash } from "../replay";
import type { Snapshot } from "../store";
import { seatLabel } from "./bots";
import "./history.css";
import { finishedName, listedName, sharedNames } from "./names";
import { nowSeconds } from "./presence";

/** When a game ended, for a row: "just now", "5 min ago", "3 h ago" within a day, then
 * the local date and time (`ended` and `now` in Unix seconds). */
export function endedText(ended: number, now: number): string {
  const ago = Math.max(0, now - ended);
  if (ago < 60) return t("history.just_now");
  if (ago < 3600) return t("history.min_ago", { n: Math.floor(ago / 60) });
  if (ago < 86400) return t("history.h_ago", { n: Math.floor(ago / 3600) });
  return localTime(ended);
}

/** The local date and time in the reader's language, e.g. "Nov 24, 2026, 3:05 PM". */
export function localTime(at: number): string {
  return new Date(at * 1000).toLocaleString(lang.get() === "ja" ? "ja-JP" : "en-US", { dateStyle: "medium", timeStyle: "short" });
}

/** The seats that won (first place; tied seats share it). */
export function winners(game: GameSummary): number[] {
  // As the ratings count it: a seat that resigned or left is no winner, whatever its
  // score; an abandoned game has none (its ranks are 0).
  const stayed = game.players.filter((p) => !p.resigned && !p.left && p.rank > 0);
  const best = Math.min(...stayed.map((p) => p.rank));
  return game.players.flatMap((p, i) => (!p.resigned && !p.left && p.rank > 0 && p.rank === best ? [i] : []));
}

/** A player of a finished game with their score: "Ada 52 pts", "AI 1 · random 40 pts",
 * a deleted account's "former player 31 pts" (in the reader's language). */
export function playerScore(p: PlayerResult, shared: ReadonlySet<string> = new Set()): string {
  const name = finishedName(p.name);
  return `${seatLabel({ ...p, name: p.bot ? name : listedName({ ...p, name }, shared) })} ${t("table.points", { n: p.score })}`;
}

/** The names two people of a finished game share (AI players are numbered apart). */
function sharedInGame(game: GameSummary): Set<string> {
  return sharedNames(game.players.filter((p) => !p.bot).map((p) => ({ ...p, name: finishedName(p.name) })));
}

export function HistoryPanel({ client, s }: { client: Client; s: Snapshot }) {
  const [mine, setMine] = useState(false);
  // Asked for when the lobby opens, again after a reconnection, and when we are
  // someone else (signed in to an account of another player): "My games" are theirs.
  useEffect(() => {
    if (s.conn === "open") client.history();
  }, [s.conn, s.me?.player]);
  const games = mine ? s.history.mine : s.history.all;
  const now = nowSeconds();
  return (
    <section class="card history" data-testid="history">
      <div class="history-head">
        <div class="history-tabs" role="tablist">
          {([false, true] as const).map((m) => (
            <button
              key={String(m)}
              role="tab"
              aria-selected={mine === m}
              class={mine === m ? "on" : ""}
              data-testid={m ? "history-mine" : "history-all"}
              onClick={() => setMine(m)}
            >
              {t(m ? "history.mine" : "history.all")}
            </button>
          ))}
        </div>
        <button class="small refresh" data-testid="history-refresh" title={t("history.refresh")} aria-label={t("history.refresh")} onClick={() => client.history()}>
          ↻<span class="label"> {t("history.refresh")}</span>
        </button>
      </div>
      {games === null ? (
        <p class="muted">{t("history.loading")}</p>
      ) : games.length === 0 ? (
        <p class="muted" data-testid="history-empty">
          {t(mine ? "history.none_mine" : "history.none")}
        </p>
      ) : (
        <ul class="history-list" data-testid="history-list" data-mine={String(mine)}>
          {games.map((g) => (
            <HistoryRow key={g.id} game={g} now={now} onReplay={() => client.replay(g.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function HistoryRow({ game, now, onReplay, tag }: { game: GameSummary; now: number; onReplay: () => void; tag?: string }) {
  const won = winners(game);
  const shared = sharedInGame(game);
  return (
    <li class="history-row" data-testid="history-row" data-id={game.id} data-game={game.game}>
      <div class="history-what">
        <strong>{gameName(game.game)}</strong>
        <span class="muted small" data-testid="history-ended" title={t("history.ended", { when: localTime(game.ended) })}>
          {endedText(game.ended, now)}
        </span>
        <span class="muted small">{t("history.moves", { n: game.moves })}</span>
        {tag && <span class="tag">{tag}</span>}
        {game.abandoned && (
          <span class="tag abandoned" data-testid="history-abandoned" title={t("history.abandoned_hint")}>
            {t("history.abandoned")}
          </span>
        )}
      </div>
      <ul class="history-players">
        {game.players.map((p, i) => (
          <li key={i} class={won.includes(i) ? "winner" : ""} data-seat={i} title={won.includes(i) ? t("history.winner") : undefined}>
            {won.includes(i) && (
              <span class="star" aria-label={t("history.winner")}>
                ★{" "}
              </span>
            )}
            {playerScore(p, shared)}
            {p.account && (
              <span class="account-mark" data-testid="account-mark" aria-label={t("hall.account")} title={t("hall.account_hint", { name: p.name })}>
                ✓
              </span>
            )}
            {p.ai_finished && !p.bot && !game.abandoned && (
              <span class="tag ai-finished" data-testid="ai-finished" title={t("history.ai_finished_hint", { name: p.name })}>
                {t("history.ai_finished")}
              </span>
            )}
          </li>
        ))}
      </ul>
      {/* A link, so that it can also be opened in a tab of its own. */}
      <a
        class="button"
        href={`/${replayHash(game.id)}`}
        data-testid="replay-open"
        title={t("history.replay_hint")}
        onClick={(e) => {
          if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
          e.preventDefault();
          onReplay();
        }}
      >
        {t("history.replay")}
      </a>
    </li>
  );
}
