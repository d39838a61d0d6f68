// The replay of a finished game (`#replay/<id>`): the game's own board, read-only, at
// any move; first / back / forward / last, a slider and the arrow keys to step; the
// players with their final places and scores; the log beside the board; whose view to
// show (a spectator's, or a seat's with its hand, since the game is over); the record
// as JSON and the address to share.

import { useEffect, useMemo, useState } from "preact/hooks";
import type { Client } from "../client";
import { gameUi } from "../games";
import type { GameUi } from "../games/types";
import { SEAT_COLOURS } from "../games/types";
import { useCatalogue } from "../hooks";
import { gameName, lang, t } from "../i18n";
import { storedHallPassword } from "../privacy";
import type { GameSummary, ReplayData } from "../protocol.gen";
import { clampMove, keyStep, recordUrl, ReplayViews, type Step, step } from "../replay";
import type { ReplayState, View } from "../store";
import { levelHint, levelWord } from "./bots";
import { localTime } from "./history";
import { listedName, sharedNames, shownSummary } from "./names";
import { Log, ResultPanel, seatNames } from "./table";
import "./replay.css";

export function ReplayScreen({ client, r }: { client: Client; r: ReplayState }) {
  const back = (
    <button class="link" data-testid="back" onClick={() => client.toLobby()}>
      {t("replay.back")}
    </button>
  );
  if (r.error || !r.data) {
    return (
      <div class="card replay-missing" data-testid="replay" data-state={r.error ? "error" : "loading"}>
        {back}
        <h2>{t("replay.title")}</h2>
        {r.error ? (
          <p class="replay-error" data-testid="replay-error" data-code={r.error} role="alert">
            {t("replay.unknown", { id: r.game })}
          </p>
        ) : (
          <p class="muted">{t("replay.loading")}</p>
        )}
      </div>
    );
  }
  return <Replay client={client} data={r.data} seat={r.seat} back={back} key={r.game} />;
}

function Replay({ client, data, seat, back }: { client: Client; data: ReplayData; seat: number | null; back: preact.JSX.Element }) {
  // A deleted account's name ("former player") in the reader's language, everywhere below.
  const summary = useMemo(() => shownSummary(data.summary), [data, lang.get()]);
  const ui = gameUi(summary.game);
  const catalogue = useCatalogue(client, summary.game, ui);
  // A new answer (another seat's view) starts a new cache; the move stays where it is.
  const views = useMemo(() => new ReplayViews(data.view as View, data.patches), [data]);
  const [k, setK] = useState(0);
  const moves = views.moves;
  const move = clampMove(k, moves);
  const go = (how: Step) => setK((cur) => step(clampMove(cur, moves), how, moves));

  let view: View | null = null;
  try {
    view = views.at(move);
  } catch {
    view = null; // a record that does not fit its own patches: said below
  }
  // Nothing on the board may be clicked: a view without legal moves offers none.
  const boardView = useMemo(() => (view ? { ...view, legal: [] } : null), [view]);
  const names = seatNames(summary.players);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      // The slider steps by itself with the arrows; fields keep their keys.
      if (el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT")) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const how = keyStep(e.key);
      if (!how) return;
      e.preventDefault();
      go(how);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [moves]);

  const Board = ui.Board;
  const loadingSeat = data.seat !== seat;
  return (
    <div class="table replay" data-testid="replay" data-id={summary.id} data-move={move} data-moves={moves} data-seat={data.seat ?? ""}>
      <div class="table-main">
        <div class="table-head">
          {back}
          <h2>
            {t("replay.title")} · {gameName(summary.game)}
          </h2>
          <span class="muted small">{t("history.ended", { when: localTime(summary.ended) })}</span>
        </div>
        <div class="card replay-controls" data-testid="replay-controls">
          <Controls move={move} moves={moves} go={go} to={(n) => setK(clampMove(n, moves))} byAi={(data.by_ai ?? []).includes(move)} />
          <ShowAs summary={summary} seat={seat} loading={loadingSeat} choose={(s) => client.replay(summary.id, s)} />
        </div>
        {view?.result && <ResultPanel view={view} names={names} />}
        {boardView ? (
          <Board view={boardView} names={names} catalogue={catalogue} act={() => undefined} />
        ) : (
          <p class="card replay-error" role="alert">
            {t("replay.broken", { k: move })}
          </p>
        )}
      </div>
      <aside class="table-side">
        <ReplayPlayers summary={summary} view={view} seat={data.seat} extra={ui.seatExtra} extraSeats={ui.extraSeats} />
        <Share id={summary.id} />
        {view && <Log view={view} names={names} game={summary.game} aiLog={data.ai_log ?? []} />}
      </aside>
    </div>
  );
}

function Controls({ move, moves, go, to, byAi }: { move: number; moves: number; go: (how: Step) => void; to: (k: number) => void; byAi: boolean }) {
  const button = (how: Step, label: string, hint: string, off: boolean) => (
    <button class="replay-step" data-testid={`replay-${how}`} title={t(hint)} aria-label={t(hint)} disabled={off} onClick={() => go(how)}>
      {label}
    </button>
  );
  return (
    <div class="replay-bar">
      <div class="replay-buttons">
        {button("first", "⇤", "replay.first", move === 0)}
        {button("back", "←", "replay.back_one", move === 0)}
        <span class="replay-move" data-testid="replay-move" aria-live="polite">
          {t("replay.move", { k: move, n: moves })}
        </span>
        {byAi && (
          <span class="tag ai-move" data-testid="replay-by-ai" title={t("log.by_ai_hint")}>
            {t("log.by_ai")}
          </span>
        )}
        {button("forward", "→", "replay.forward", move === moves)}
        {button("last", "⇥", "replay.last", move === moves)}
      </div>
      <input
        type="range"
        class="replay-slider"
        data-testid="replay-slider"
        aria-label={t("replay.slider")}
        min={0}
        max={moves}
        step={1}
        value={move}
        onInput={(e) => to(Number((e.target as HTMLInputElement).value))}
      />
    </div>
  );
}

/** Whose view to show: a spectator's, or any seat's (its hand too: the game is over). */
function ShowAs({ summary, seat, loading, choose }: { summary: GameSummary; seat: number | null; loading: boolean; choose: (seat: number | null) => void }) {
  const choices: (number | null)[] = [null, ...summary.players.map((_, i) => i)];
  return (
    <div class="replay-as" role="group" aria-label={t("replay.show_as")} data-testid="replay-as" aria-busy={loading}>
      <span class="muted small">{t("replay.show_as")}:</span>
      {choices.map((c) => (
        <button
          key={String(c)}
          class={`small ${c === seat ? "on" : ""}`}
          aria-pressed={c === seat}
          data-testid="replay-seat"
          data-seat={c ?? ""}
          title={c === null ? undefined : t("replay.seat_hint", { name: summary.players[c].name })}
          onClick={() => c !== seat && choose(c)}
        >
          {c !== null && <span class="swatch" style={{ background: SEAT_COLOURS[c % SEAT_COLOURS.length] }} />}
          {c === null ? t("replay.spectator") : summary.players[c].name}
        </button>
      ))}
    </div>
  );
}

function shownName(p: GameSummary["players"][number], shared: ReadonlySet<string>): string {
  return p.bot ? p.name : listedName(p, shared);
}

/** The players: the score at this move, and their final place and score; account
 * holders marked. */
export function ReplayPlayers({
  summary,
  view,
  seat,
  extra,
  extraSeats,
}: {
  summary: GameSummary;
  view: View | null;
  seat: number | null;
  extra?: GameUi["seatExtra"];
  extraSeats?: GameUi["extraSeats"];
}) {
  const active = view?.result ? [] : (view?.active ?? []);
  // Guests who share a name are told apart by their tags, as in the history.
  const shared = sharedNames(summary.players.filter((p) => !p.bot));
  return (
    <section class="card players" data-testid="replay-players">
      <h3>{t("table.players")}</h3>
      {/* The two figures of each row said in words: their titles do not show on a touch screen. */}
      <p class="muted small" data-testid="replay-legend">
        {t("replay.legend")}
      </p>
      <ul>
        {summary.players.map((p, i) => (
          <li key={i} class={`seat ${active.includes(i) ? "moving" : ""}`} data-seat={i} data-rank={p.rank}>
            <span class="swatch" style={{ background: SEAT_COLOURS[i % SEAT_COLOURS.length] }} />
            <span class="who">
              <span class="name">{active.includes(i) ? `*${shownName(p, shared)}*` : shownName(p, shared)}</span>
              {p.account && (
                <span class="account-mark" data-testid="account-mark" aria-label={t("hall.account")} title={t("hall.account_hint", { name: p.name })}>
                  ✓
                </span>
              )}
              {p.bot && p.level && (
                <span class="level" title={levelHint(p.level)}>
                  · {levelWord(p.level)}
                </span>
              )}
              {i === seat && <span class="tag you">{t("replay.showing")}</span>}
              {p.bot && <span class="tag bot">{t("table.bot")}</span>}
              {p.resigned && <span class="presence presence-resigned">{t("presence.resigned")}</span>}
            </span>
            {view && (
              <span class="pts" data-testid="score" title={t("replay.now_hint")}>
                {view.scores?.[i] ?? 0}
              </span>
            )}
            <span class="final" data-testid="final" title={t("replay.final_hint")}>
              {t("table.rank", { rank: p.rank })} {t("table.points", { n: p.score })}
            </span>
            {view && extra && <span class="extra">{extra(view, i)}</span>}
          </li>
        ))}
        {view && extraSeats && extraSeats(view)}
      </ul>
    </section>
  );
}

/** The record as JSON, and the replay's address to pass on. */
function Share({ id }: { id: string }) {
  const [copied, setCopied] = useState<"" | "replay.copied" | "replay.copy_failed">("");
  const copy = () => {
    const done = (key: "replay.copied" | "replay.copy_failed") => {
      setCopied(key);
      setTimeout(() => setCopied(""), 2500);
    };
    if (!navigator.clipboard) return done("replay.copy_failed");
    navigator.clipboard.writeText(location.href).then(
      () => done("replay.copied"),
      () => done("replay.copy_failed"),
    );
  };
  return (
    <section class="card replay-share">
      <a class="button" href={recordUrl(id, storedHallPassword())} download={`${id}.json`} data-testid="replay-download">
        {t("replay.download")}
      </a>
      <button data-testid="replay-copy" onClick={copy}>
        {t("replay.copy")}
      </button>
      {copied && (
        <span class="muted small" role="status" data-testid="replay-copied">
          {t(copied)}
        </span>
      )}
    </section>
  );
}
