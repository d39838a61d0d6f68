import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Client } from "../client";
import { gameUi } from "../games";
import { useCatalogue } from "../hooks";
import { SEAT_COLOURS } from "../games/types";
import { gameName, has, lang, logLine, t } from "../i18n";
import type { ChatLine, Room, SeatInfo } from "../protocol.gen";
import type { RoomState, Snapshot, View } from "../store";
import { AI_PACE_KEY, AiPaceChoice, aiPaceOf, DEFAULT_LEVEL, type Level, LevelChoice, SeatWho } from "./bots";
import { CLOCK_KEY, ClockChoice, receivedAt, SeatClock } from "./clock";
import { OptionsEditor, optionWords } from "./options";
import { accountHolders, ListedName, Watchers } from "./hallchat";
import { distinctNames, sharedNames } from "./names";
import { canHandToAi, nowSeconds, PRESENCE_TICK_MS } from "./presence";
import { InviteLink, LockIcon, PrivacySettings } from "./privacy";
import { isRated, RATED_KEY, RatedBox, UnratedMark } from "./rated";
import { OutOfTimeChoice, PaceBadge, PaceChoice, TurnClockChoice } from "./pace";
import { isTurnBased, OUT_OF_TIME_KEY, outOfTime, PACE_KEY } from "../turns";
import { KeptMark, RematchBar, RematchOfferCard, RematchPrivateNote } from "./rematch";
import { rematchOffer } from "../rematch";
import "./table.css";

/** Seat numbers to names: a table's seats, or a finished game's players; two seats
 * of one name are told apart ("Ada (2)"), an empty seat by its number. */
export function seatNames(seats: readonly ({ name: string; player?: string; bot?: boolean } | null)[] | undefined): (seat: number) => string {
  const shown = distinctNames(seats ?? []);
  return (seat: number) => shown[seat] ?? t("table.seat", { n: seat + 1 });
}

/** The names two speakers at a table (or a speaker and a seated player) share. */
export function chatSharedNames(lines: readonly ChatLine[], seats: readonly (SeatInfo | null)[]): Set<string> {
  const speakers = lines.flatMap((c) => (c.player ? [{ player: c.player, name: c.from }] : []));
  const seated = seats.flatMap((x) => (x && !x.bot ? [x] : []));
  return sharedNames([...speakers, ...seated]);
}

export function Table({ client, s, room }: { client: Client; s: Snapshot; room: string }) {
  const tbl: RoomState | undefined = s.tables[room];
  const info = tbl?.room ?? null;
  const view = tbl?.view ?? null;
  const names = seatNames(info?.seats);
  const ui = gameUi(info?.game ?? view?.game ?? "");
  const catalogue = useCatalogue(client, info?.game, ui);

  // A player who resigned watches the AI play their seat: no moves to click. Nor while
  // the connection is down: a move could not be sent, and the view may be stale.
  const resigned = !!info && info.you !== null && !!info.seats[info.you]?.resigned;
  const offline = s.conn !== "open";
  const boardView = useMemo(() => (view && (resigned || offline) ? { ...view, legal: [] } : view), [view, resigned, offline]);

  if (!info) {
    return (
      <div class="card">
        <button class="link" onClick={() => client.toLobby()}>
          {t("table.back")}
        </button>
        <p class="muted">{t("table.loading")}</p>
      </div>
    );
  }
  const spectator = info.you === null;
  const Board = ui.Board;
  const send = client.send.bind(client);
  return (
    <div class="table" data-testid="table" data-room={room} data-status={info.status} data-v={tbl?.v ?? -1}>
      <div class="table-main">
        <div class="table-head">
          <button class="link" data-testid="back" onClick={() => client.toLobby()}>
            {t("table.back")}
          </button>
          <h2>
            {gameName(info.game)} <span class="muted small">#{room}</span>
          </h2>
          <span class={`status status-${info.status}`}>{t(`status.${info.status}`)}</span>
          {info.private && (
            <span class="tag lock" data-testid="table-lock" title={t(info.password ? "lobby.password_hint" : "lobby.private_hint")}>
              <LockIcon />
              {t(info.password ? "lobby.private_password" : "lobby.private")}
            </span>
          )}
          <UnratedMark info={info} />
          <PaceBadge options={info.options} />
          {spectator && (
            <span class="badge spectator" data-testid="spectator">
              {t("table.spectator")}
            </span>
          )}
          <Watchers s={s} room={room} count={info.watchers} />
        </div>
        {view && <TurnBanner view={view} seats={info.seats} names={names} resigned={resigned} offline={offline} />}
        {info.abandoned && (
          <div class="card abandoned" data-testid="abandoned" role="status">
            {t("table.abandoned")}
          </div>
        )}
        {(() => {
          // Play again: another player's offer, else (for a player) the button.
          const offer = rematchOffer(s, room);
          return offer ? (
            <RematchOfferCard client={client} offer={offer} />
          ) : (
            <>
              <RematchBar client={client} info={info} asked={!!s.rematch[room]?.asked} />
              <RematchPrivateNote info={info} />
            </>
          );
        })()}
        {view?.result && <ResultPanel view={view} names={names} />}
        {info.status === "waiting" || !view ? (
          <div class="card waiting">
            <p>{t("table.not_started")}</p>
            {(() => {
              const g = s.games.find((x) => x.name === info.game);
              const seated = info.seats.filter((x) => x !== null).length;
              return g ? (
                <p class="muted" data-testid="seats-needed">
                  {t("table.seated", { n: seated, min: g.min_seats, max: g.max_seats })}
                </p>
              ) : null;
            })()}
          </div>
        ) : (
          <Board
            view={boardView!}
            room={info}
            names={names}
            catalogue={catalogue}
            act={(intent) => client.act(room, intent)}
          />
        )}
        {/* While people gather, the invitation is in plain sight; during the game, at the side. */}
        {(info.status === "waiting" || !view) && <InviteLink info={info} />}
      </div>
      <aside class="table-side">
        <Players
          info={info}
          view={view}
          names={names}
          me={s.me?.player ?? null}
          offline={offline}
          extra={ui.seatExtra}
          extraSeats={ui.extraSeats}
          handToAi={(seat) => send({ t: "bot", room: info.room, seat })}
          accounts={accountHolders(s.hall)}
        />
        {info.status !== "waiting" && view && <InviteLink info={info} />}
        <Tools client={client} info={info} me={s.me?.player ?? null} />
        {view && <Log view={view} names={names} game={info.game} aiLog={info.ai_log ?? []} />}
        <Chat client={client} tbl={tbl} room={room} />
      </aside>
    </div>
  );
}

function TurnBanner({
  view,
  seats,
  names,
  resigned,
  offline,
}: {
  view: View;
  seats: Room["seats"];
  names: (n: number) => string;
  resigned: boolean;
  offline: boolean;
}) {
  if (view.result) return null;
  if (offline) {
    return (
      <div class="turn offline" data-testid="turn" data-offline="1" role="status">
        {t("table.offline_turn")}
      </div>
    );
  }
  if (resigned) {
    return (
      <div class="turn resigned" data-testid="turn">
        {t("table.resigned_you")}
      </div>
    );
  }
  const active = view.active ?? [];
  const mine = view.you !== null && view.you !== undefined && active.includes(view.you);
  // A person's seat the AI plays now (stood in, left, resigned): say so, not "waiting".
  const byAi = (i: number) => {
    const s = seats[i];
    return !!s && !s.bot && (s.standin || !!s.left || s.resigned);
  };
  const waiting = active.filter((i) => !byAi(i));
  const ai = active.filter(byAi);
  const parts = [
    ...(waiting.length ? [t("table.waiting_for", { names: waiting.map(names).join(", ") })] : []),
    ...(ai.length ? [t("table.ai_for", { names: ai.map(names).join(", ") })] : []),
  ];
  return (
    <div class={`turn ${mine ? "mine" : ""}`} data-testid="turn" data-ai={ai.length ? "1" : undefined}>
      {mine ? t("table.your_turn") : parts.join(" · ")}
    </div>
  );
}

export function ResultPanel({ view, names }: { view: View; names: (n: number) => string }) {
  const r = view.result!;
  const order = r.ranks.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const winners = order.filter((o) => o.rank === 1).map((o) => names(o.seat));
  return (
    <div class="card result" data-testid="result">
      <h3>
        {t("table.result")} — {t("table.winner", { names: winners.join(", ") })}
      </h3>
      <ol class="ranking">
        {order.map(({ rank, seat }) => (
          <li key={seat}>
            <span class="rank">{t("table.rank", { rank })}</span>
            <span class="swatch" style={{ background: SEAT_COLOURS[seat % SEAT_COLOURS.length] }} />
            <span class="name">{names(seat)}</span>
            <span class="score">{t("table.points", { n: r.scores[seat] })}</span>
          </li>
        ))}
      </ol>
      <BreakdownTable view={view} names={names} />
    </div>
  );
}

/** The view's `breakdown` (`{categories, seats}`, per seat the points of each
 * category), if it holds one that fits the result. */
export function readBreakdown(view: View): { categories: string[]; seats: number[][] } | null {
  const b = view.breakdown as { categories?: unknown; seats?: unknown } | null | undefined;
  if (!b || !Array.isArray(b.categories) || !Array.isArray(b.seats)) return null;
  const categories = b.categories.map(String);
  const seats = b.seats.map((row) => (Array.isArray(row) ? row.map((n) => Number(n) || 0) : []));
  if (!categories.length || seats.some((row) => row.length !== categories.length)) return null;
  return { categories, seats };
}

/** Points per scoring category: categories as rows, players as columns, totals last.
 * In a box of its own that scrolls sideways when the players do not fit. */
export function BreakdownTable({ view, names }: { view: View; names: (n: number) => string }) {
  const b = readBreakdown(view);
  if (!b) return null;
  const game = String(view.game ?? "");
  const label = (c: string) => (has(`breakdown.${game}.${c}`) ? t(`breakdown.${game}.${c}`) : c.replace(/_/g, " "));
  const seats = b.seats.map((_, i) => i);
  const totals = view.result?.scores ?? b.seats.map((row) => row.reduce((a, n) => a + n, 0));
  return (
    <div class="breakdown-box" data-testid="breakdown">
      <table class="breakdown">
        <caption>{t("table.breakdown")}</caption>
        <thead>
          <tr>
            <th scope="col" />
            {seats.map((seat) => (
              <th scope="col" key={seat} data-seat={seat}>
                <span class="swatch" style={{ background: SEAT_COLOURS[seat % SEAT_COLOURS.length] }} />
                {names(seat)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {b.categories.map((c, k) => (
            <tr key={c} data-category={c}>
              <th scope="row">{label(c)}</th>
              {seats.map((seat) => (
                <td key={seat}>{b.seats[seat][k]}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-category="total">
            <th scope="row">{t("table.breakdown_total")}</th>
            {seats.map((seat) => (
              <td key={seat}>{totals[seat]}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Players({
  info,
  view,
  names,
  me,
  offline,
  extra,
  extraSeats,
  handToAi,
  accounts,
}: {
  info: Room;
  view: View | null;
  names: (n: number) => string;
  me: string | null;
  /** The reader's connection is down: who is here is not known (greyed). */
  offline: boolean;
  extra?: (view: View, seat: number) => preact.JSX.Element | string | null;
  extraSeats?: (view: View) => preact.JSX.Element | null;
  handToAi: (seat: number) => void;
  /** The player ids of account holders, as far as the hall's list knows them. */
  accounts?: ReadonlySet<string>;
}) {
  const active = view?.active ?? [];
  const playing = info.status !== "waiting";
  const running = info.status === "playing";
  const host = info.host !== null && info.host === me;
  // "away for N min" counts up: look at the clock again every few seconds while a
  // person is away (stand-ins too: their tooltip says for how long).
  const [now, setNow] = useState(nowSeconds);
  // The seats' clocks count down from when this `room` message came.
  const at = receivedAt(info);
  const someoneAway = info.seats.some((x) => x !== null && !x.bot && x.away_since !== null && x.away_since !== undefined);
  useEffect(() => {
    if (!someoneAway) return;
    setNow(nowSeconds());
    const timer = setInterval(() => setNow(nowSeconds()), PRESENCE_TICK_MS);
    return () => clearInterval(timer);
  }, [someoneAway]);
  return (
    <section class={`card players ${offline ? "offline" : ""}`} data-testid="players" data-offline={offline ? "1" : undefined}>
      <h3>{t("table.players")}</h3>
      <ul>
        {info.seats.map((seat, i) => {
          const moving = playing && !view?.result && active.includes(i);
          return (
            <li key={i} class={`seat ${seat ? "" : "empty"} ${moving ? "moving" : ""}`} data-seat={i}>
              <span class="swatch" style={{ background: SEAT_COLOURS[i % SEAT_COLOURS.length] }} />
              {seat ? (
                <span class="who">
                  <SeatWho
                    seat={seat}
                    name={names(i)}
                    moving={moving}
                    you={seat.player === me}
                    host={seat.player === info.host}
                    now={now}
                    offline={offline}
                    turnBased={isTurnBased(info.options) ? outOfTime(info.options) : null}
                    account={accounts?.has(seat.player) ?? false}
                  />
                  {host && !offline && canHandToAi(seat, running) && (
                    <button
                      class="small hand-ai"
                      data-testid="hand-to-ai"
                      title={t("tool.hand_to_ai_hint", { name: seat.name, n: i + 1 })}
                      onClick={() => handToAi(i)}
                    >
                      {t("tool.hand_to_ai")}
                    </button>
                  )}
                </span>
              ) : info.kept?.[i] ? (
                <span class="who muted">
                  {names(i)} <KeptMark kept={info.kept[i]!} seat={i} />
                </span>
              ) : (
                <span class="who muted">{names(i) + " · " + t("table.empty")}</span>
              )}
              {/* The clock, the score and a game's counters stay together: beside the
                  name where they fit, else on a line of their own under it (table.css). */}
              {((seat && seat.clock !== null && seat.clock !== undefined) || (view && playing)) && (
                <span class="seat-side">
                  <span class="seat-nums">
                    {seat && seat.clock !== null && seat.clock !== undefined && <SeatClock seat={seat} at={at} />}
                    {view && playing && (
                      <span class="pts" data-testid="score">
                        {view.scores?.[i] ?? 0}
                      </span>
                    )}
                  </span>
                  {view && playing && extra && <span class="extra">{extra(view, i)}</span>}
                </span>
              )}
            </li>
          );
        })}
        {view && playing && extraSeats && extraSeats(view)}
      </ul>
    </section>
  );
}

function Tools({ client, info, me }: { client: Client; info: Room; me: string | null }) {
  const waiting = info.status === "waiting";
  const seated = info.you !== null;
  const host = info.host !== null && info.host === me;
  // A seat kept for a player of the game before is not free for anyone else.
  const open = info.seats.some((x, i) => x === null && !info.kept?.[i]);
  const keptForMe = me !== null && (info.kept ?? []).some((k) => k !== null && k.player === me);
  const free = open || keptForMe;
  const send = client.send.bind(client);
  const [level, setLevel] = useState<Level>(DEFAULT_LEVEL);
  const mine = info.you !== null ? info.seats[info.you] : null;
  const canResign = info.status === "playing" && mine !== null && !mine.resigned;
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!canResign) setConfirming(false);
  }, [canResign]);
  // Leaving a running game hands one's seat to the AI: asked first, like resigning.
  const [leaving, setLeaving] = useState(false);
  return (
    <section class="card tools" data-testid="tools">
      <h3>{t("table.tools")}</h3>
      <div class="buttons">
        {waiting && !seated && free && (
          <button data-testid="tool-join" onClick={() => send({ t: "sit", room: info.room, seat: null })}>
            {t("tool.join")}
          </button>
        )}
        {waiting && seated && (
          <button data-testid="tool-stand" onClick={() => send({ t: "stand", room: info.room })}>
            {t("tool.stand")}
          </button>
        )}
        {waiting && host && open && (
          <span class="bot-add">
            <button data-testid="tool-bot" onClick={() => send({ t: "bot", room: info.room, seat: null, level })}>
              {t("tool.bot")}
            </button>
            <LevelChoice value={level} onChange={setLevel} />
          </span>
        )}
        {waiting && seated && host && (
          <button class="primary" data-testid="tool-start" onClick={() => send({ t: "start", room: info.room })}>
            {t("tool.start")}
          </button>
        )}
        {!leaving && (
          <button data-testid="tool-leave" onClick={() => (canResign ? setLeaving(true) : client.leave(info.room))}>
            {t("tool.leave")}
          </button>
        )}
        {!waiting && (
          <button class="small" data-testid="tool-resync" title={t("tool.resync_hint")} onClick={() => send({ t: "resync", room: info.room })}>
            {t("tool.resync")}
          </button>
        )}
        {canResign && !confirming && (
          <button class="resign" data-testid="tool-resign" onClick={() => setConfirming(true)}>
            {t("tool.resign")}
          </button>
        )}
      </div>
      {canResign && leaving && (
        <div class="confirm" role="alertdialog" aria-labelledby="leave-q" data-testid="leave-confirm">
          <p id="leave-q">{t("tool.leave_confirm")}</p>
          <div class="buttons">
            <button class="danger" data-testid="leave-yes" onClick={() => client.leave(info.room)}>
              {t("tool.leave_yes")}
            </button>
            <button data-testid="leave-no" autoFocus onClick={() => setLeaving(false)}>
              {t("tool.leave_no")}
            </button>
          </div>
        </div>
      )}
      {canResign && confirming && (
        <div class="confirm" role="alertdialog" aria-labelledby="resign-q" data-testid="resign-confirm">
          <p id="resign-q">{t("tool.resign_confirm")}</p>
          <div class="buttons">
            <button
              class="danger"
              data-testid="resign-yes"
              onClick={() => {
                setConfirming(false);
                send({ t: "resign", room: info.room });
              }}
            >
              {t("tool.resign_yes")}
            </button>
            <button data-testid="resign-no" autoFocus onClick={() => setConfirming(false)}>
              {t("tool.resign_no")}
            </button>
          </div>
        </div>
      )}
      {(() => {
        const described = client.store.state.games.find((g) => g.name === info.game)?.described;
        const words = optionWords(info.options, described);
        return (
          <details open={waiting} class="table-options">
            <summary>
              {t("table.options")}
              {words.length > 0 && (
                <span class="opt-line muted small" data-testid="options-line">
                  {" — "}
                  <span class="opt-words">
                    {words.map((w) => (
                      <span key={w.key} class="opt-word" data-word={w.key}>
                        {w.text}
                      </span>
                    ))}
                  </span>
                </span>
              )}
            </summary>
            <PaceChoice
              value={isTurnBased(info.options) ? "turn_based" : "realtime"}
              disabled={!waiting || !host}
              onChange={(value) => send({ t: "option", room: info.room, key: PACE_KEY, value })}
            />
            {isTurnBased(info.options) ? (
              <>
                <TurnClockChoice
                  value={info.options[CLOCK_KEY]}
                  disabled={!waiting || !host}
                  onChange={(value) => send({ t: "option", room: info.room, key: CLOCK_KEY, value })}
                />
                <OutOfTimeChoice
                  value={outOfTime(info.options)}
                  disabled={!waiting || !host}
                  onChange={(value) => send({ t: "option", room: info.room, key: OUT_OF_TIME_KEY, value })}
                />
              </>
            ) : (
              <ClockChoice
                value={info.options[CLOCK_KEY]}
                disabled={!waiting || !host}
                onChange={(value) => send({ t: "option", room: info.room, key: CLOCK_KEY, value })}
              />
            )}
            {/* AI players, and stand-ins for people, play at the table's pace. */}
            <AiPaceChoice
              value={aiPaceOf(info.options)}
              disabled={!host || info.status === "finished"}
              onChange={(value) => send({ t: "option", room: info.room, key: AI_PACE_KEY, value })}
            />
            <PrivacySettings info={info} editable={waiting && host} send={(key, value) => send({ t: "option", room: info.room, key, value })} />
            <RatedBox
              rated={isRated(info.options)}
              disabled={!waiting || !host}
              testid="option-rated"
              onChange={(value) => send({ t: "option", room: info.room, key: RATED_KEY, value })}
            />
            <OptionsEditor
            options={info.options}
            described={described}
            marks={gameUi(info.game).optionMarks}
            disabled={!waiting || !host}
            onChange={(key, value) => send({ t: "option", room: info.room, key, value })}
            />
          </details>
        );
      })()}
    </section>
  );
}

/** Whether the log entry at ``index`` is in one of the ranges the AI wrote for a person. */
export function byAi(ranges: number[][], index: number): boolean {
  return ranges.some(([start, end]) => start <= index && index < end);
}

/** The log's last 200 entries; those the AI wrote for a person are marked. */
export function LogLines({ log, game, names, aiLog }: { log: NonNullable<View["log"]>; game: string; names: (n: number) => string; aiLog: number[][] }) {
  const first = Math.max(0, log.length - 200);
  return (
    <>
      {log.slice(first).map((e, i) => {
        const ai = byAi(aiLog, first + i);
        return (
          <li key={i} data-code={e.code} class={ai ? "by-ai" : undefined} data-ai={ai ? "1" : undefined}>
            {logLine(game, e, names)}
            {ai && (
              <span class="tag ai-move" title={t("log.by_ai_hint")}>
                {t("log.by_ai")}
              </span>
            )}
          </li>
        );
      })}
    </>
  );
}

export function Log({ view, names, game, aiLog = [] }: { view: View; names: (n: number) => string; game: string; aiLog?: number[][] }) {
  const ref = useRef<HTMLOListElement>(null);
  const log = view.log ?? [];
  // The newest line in sight: when one comes, and when the lines are written anew in
  // another language (their heights change, the scroll position would not follow).
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log.length, lang.get()]);
  return (
    <section class="card log">
      <h3>{t("table.log")}</h3>
      <ol ref={ref} data-testid="log">
        <LogLines log={log} game={game} names={names} aiLog={aiLog} />
      </ol>
    </section>
  );
}

function Chat({ client, tbl, room }: { client: Client; tbl: RoomState | undefined; room: string }) {
  const [text, setText] = useState("");
  const ref = useRef<HTMLDivElement>(null);
  const lines = tbl?.chat ?? [];
  const shared = chatSharedNames(lines, tbl?.room?.seats ?? []);
  // The last line may stay the same while the log before it arrives (chat_log).
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, lines[lines.length - 1], lang.get()]);
  return (
    <section class="card chat">
      <h3>{t("table.chat")}</h3>
      <div class="lines" ref={ref} data-testid="chat-lines">
        {lines.map((c, i) => (
          <div key={i} class={c.from ? "line" : "line system"}>
            {c.from && <b>{c.player ? <ListedName p={{ ...c, player: c.player, name: c.from }} shared={shared} /> : c.from}: </b>}
            {c.text}
          </div>
        ))}
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          client.chat(room, text);
          setText("");
        }}
      >
        <input
          data-testid="chat-input"
          value={text}
          placeholder={t("table.chat_placeholder")}
          maxLength={500}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
        />
        <button type="submit">{t("table.send")}</button>
      </form>
    </section>
  );
}
