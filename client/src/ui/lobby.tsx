import { useEffect, useState } from "preact/hooks";
import type { Client } from "../client";
import { gameName, t } from "../i18n";
import type { RoomSummary } from "../protocol.gen";
import { isMine, type LobbyFilter, myRunningGame, orderRooms } from "../rooms";
import type { GameInfo, OptionSpec, Snapshot } from "../store";
import { seatLabel } from "./bots";
import { CLOCK_KEY, ClockChoice } from "./clock";
import { HallPanel } from "./hallchat";
import { listedName, sharedNames } from "./names";
import { endedText, HistoryPanel } from "./history";
import { OptionsEditor, optionSummary, optionWords } from "./options";
import { gameUi } from "../games";
import { nowSeconds } from "./presence";
import { LockBadge, LockedPrompt, type PrivateChoice, PrivateFields, privateOptions } from "./privacy";
import { LobbyRankings } from "./rankings";
import { RatedBox, ratedOptions } from "./rated";
import { OutOfTimeChoice, PaceBadge, PaceChoice, TurnClockChoice } from "./pace";
import { type OutOfTime, type Pace, paceOptions, TURN_CLOCK_DEFAULT } from "../turns";
import { RematchOfferCard } from "./rematch";
import { NotifyCard } from "./notify";
import { rematchOffers } from "../rematch";

/** Who sits at a table, for its lobby row: names, AI players with their level, the
 * host and you marked. A private table's names are not told. */
export function RoomPlayers({ room, me }: { room: RoomSummary; me: string | null }) {
  if (room.private) {
    return (
      <span class="room-players" data-testid="room-players">
        <span class="muted">{t("lobby.hidden_players")}</span>
      </span>
    );
  }
  const seated = (room.players ?? []).filter((p) => p !== null);
  const hostSits = seated.some((p) => p.player === room.host);
  // Two guests of one name at a table are told apart by their tags.
  const shared = sharedNames(seated.filter((p) => !p.bot));
  return (
    <span class="room-players" data-testid="room-players">
      {seated.map((p) => (
        <span key={p.player} class={`room-player${p.bot ? " bot" : ""}`} data-player={p.player}>
          {p.bot ? seatLabel(p) : listedName(p, shared)}
          {p.player === room.host && <span class="tag host">{t("lobby.host")}</span>}
          {p.left ? (
            <span class="tag left" title={t("lobby.left_hint", { name: p.name })}>
              {t("lobby.left")}
            </span>
          ) : (
            p.player === me && <span class="tag you">{t("lobby.you")}</span>
          )}
        </span>
      ))}
      {!hostSits && room.host_name && (
        <span class="room-player muted">
          {room.host_name}
          <span class="tag host">{t("lobby.host")}</span>
        </span>
      )}
      {seated.length === 0 && !room.host_name && <span class="muted">{t("lobby.nobody")}</span>}
    </span>
  );
}

const STATUSES: (RoomSummary["status"] | null)[] = [null, "waiting", "playing", "finished"];

/** The options `create` may carry: those people are offered. A hidden one (the
 * operator's, a choice of one) keeps its default, and the hall refuses it when sent. */
export function offeredOptions(options: Record<string, unknown>, described: OptionSpec[] | undefined): Record<string, unknown> {
  if (!described) return options;
  const hidden = new Set(described.filter((o) => o.hidden).map((o) => o.key));
  return Object.fromEntries(Object.entries(options).filter(([k]) => !hidden.has(k)));
}

/** "30 of 250 tables" when the server has more that match than the list holds. */
export function RoomsCount({ shown, total }: { shown: number; total: number }) {
  if (shown >= total) return null;
  return (
    <span class="muted small" data-testid="rooms-count">
      {t("lobby.shown", { n: shown, total })}
    </span>
  );
}

/** Which tables the lobby shows: a game (all by default) and a state, as chips. */
export function FilterBar({ filter, games, onChange }: { filter: LobbyFilter; games: GameInfo[]; onChange: (f: LobbyFilter) => void }) {
  return (
    <div class="lobby-filter" role="group" aria-label={t("lobby.filter")} data-testid="lobby-filter">
      <select
        data-testid="filter-game"
        aria-label={t("lobby.filter_game")}
        value={filter.game ?? ""}
        onChange={(e) => onChange({ ...filter, game: (e.target as HTMLSelectElement).value || null })}
      >
        <option value="">{t("lobby.all_games")}</option>
        {games.map((g) => (
          <option key={g.name} value={g.name}>
            {gameName(g.name)}
          </option>
        ))}
      </select>
      <span class="chips" role="group" aria-label={t("lobby.filter_status")}>
        {STATUSES.map((st) => (
          <button
            key={st ?? "all"}
            type="button"
            class={`chip${filter.status === st ? " on" : ""}`}
            aria-pressed={filter.status === st}
            data-testid={`filter-status-${st ?? "all"}`}
            onClick={() => onChange({ ...filter, status: st })}
          >
            {st ? t(`status.${st}`) : t("lobby.all_status")}
          </button>
        ))}
      </span>
    </div>
  );
}

export function Lobby({ client, s }: { client: Client; s: Snapshot }) {
  const [game, setGame] = useState<string>("");
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [privacy, setPrivacy] = useState<PrivateChoice>({ private: false, password: "" });
  // The table's turn clock (seconds per move, 0 for none): the table's, not the game's.
  const [clock, setClock] = useState(0);
  // Real-time or turn-based; a turn-based table's time per move and what happens out of time.
  const [pace, setPace] = useState<Pace>("realtime");
  const [turnClock, setTurnClock] = useState(TURN_CLOCK_DEFAULT);
  const [out, setOut] = useState<OutOfTime>("ai_move");
  // Rated by default: the game counts for the rankings when everyone is signed in.
  const [rated, setRated] = useState(true);
  const info = s.games.find((g) => g.name === game);

  useEffect(() => {
    if (!game && s.games.length) {
      const first = s.games.find((g) => g.name === "carcassonne") ?? s.games[0];
      setGame(first.name);
      setOptions({ ...first.options });
    }
  }, [s.games, game]);

  const me = s.me?.player ?? null;
  const rooms = orderRooms(s.rooms, me);
  const running = myRunningGame(s.rooms, me);
  const now = nowSeconds();
  const filtered = s.lobbyFilter.game !== null || s.lobbyFilter.status !== null;

  return (
    <div class="lobby">
      <div class="lobby-main">
      {s.locked && (
        <LockedPrompt
          key={`${s.locked.room}-${s.locked.refused}`}
          locked={s.locked}
          onKey={(key) => client.open(s.locked!.room, key)}
          onClose={() => client.store.lock(null)}
        />
      )}
      {rematchOffers(s).map((o) => (
        <RematchOfferCard key={o.from} client={client} offer={o} />
      ))}
      {running && (
        <section class="card return" data-testid="return-to-game">
          <span>{t("lobby.running", { game: gameName(running.game) })}</span>
          <button class="primary" onClick={() => client.open(running.room)}>
            {t("lobby.return")}
          </button>
        </section>
      )}
      <section class="card tables">
        <div class="tables-head">
          <h2>{t("lobby.tables")}</h2>
          <RoomsCount shown={s.rooms.length} total={s.roomsTotal} />
        </div>
        <FilterBar filter={s.lobbyFilter} games={s.games} onChange={(f) => client.filterLobby(f)} />
        {s.rooms.length === 0 ? (
          <p class="muted" data-testid="no-rooms">
            {t(filtered ? "lobby.none_match" : "lobby.none")}
          </p>
        ) : (
          <table class="room-list" data-testid="room-list">
            <thead>
              <tr>
                <th>{t("lobby.game")}</th>
                <th>{t("lobby.players")}</th>
                <th>{t("lobby.status")}</th>
                <th>{t("lobby.seats")}</th>
                <th>{t("lobby.watchers")}</th>
                <th>{t("lobby.options")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rooms.map((r) => (
                <tr
                  key={r.room}
                  data-room={r.room}
                  data-game={r.game}
                  data-status={r.status}
                  data-private={r.private ? "1" : undefined}
                  class={isMine(r, me) ? "mine" : undefined}
                >
                  <td>
                    <strong>{gameName(r.game)}</strong> <LockBadge room={r} /> <PaceBadge options={r.options} />{" "}
                    {r.created ? <span class="muted small">{t("lobby.opened", { when: endedText(r.created, now) })}</span> : null}
                  </td>
                  <td class="players-cell">
                    <RoomPlayers room={r} me={me} />
                  </td>
                  <td>
                    <span class={`status status-${r.status}`}>{t(`status.${r.status}`)}</span>
                  </td>
                  <td class="seats" data-label={t("lobby.seats")}>
                    {r.seated}/{r.seats}
                  </td>
                  <td class="watchers" data-label={t("lobby.watchers")}>
                    {r.watchers}
                  </td>
                  <td class="small options-cell" title={optionSummary(r.options, s.games.find((g) => g.name === r.game)?.options)}>
                    <span class="opt-words">
                      {optionWords(r.options, s.games.find((g) => g.name === r.game)?.described).map((w) => (
                        <span key={w.key} class="opt-word" data-option={w.key}>
                          {w.text}
                        </span>
                      ))}
                    </span>
                  </td>
                  <td>
                    <button data-testid="enter" onClick={() => client.openListed(r)}>
                      {t("lobby.enter")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {/* The finished games, and beside them (below on a narrow screen) the rankings. */}
      <div class="lobby-lists">
        <HistoryPanel client={client} s={s} />
        <LobbyRankings client={client} s={s} />
      </div>
      </div>
      <div class="lobby-side">
      <HallPanel client={client} s={s} />
      <section class="card create">
        <h2>{t("lobby.open")}</h2>
        {s.games.length === 0 ? (
          <p class="muted">{t("lobby.no_games")}</p>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!game) return;
              const timing = pace === "turn_based" ? paceOptions(pace, turnClock, out) : clock > 0 ? { [CLOCK_KEY]: clock } : {};
              const table = { ...timing, ...privateOptions(privacy), ...ratedOptions(rated) };
              client.create(game, { ...offeredOptions(options, info?.described), ...table });
            }}
          >
            <label>
              {t("lobby.game")}{" "}
              <select
                data-testid="game-select"
                value={game}
                onChange={(e) => {
                  const name = (e.target as HTMLSelectElement).value;
                  setGame(name);
                  setOptions({ ...(s.games.find((g) => g.name === name)?.options ?? {}) });
                }}
              >
                {s.games.map((g) => (
                  <option key={g.name} value={g.name}>
                    {gameName(g.name)} ({g.min_seats}–{g.max_seats})
                  </option>
                ))}
              </select>
            </label>
            <PaceChoice value={pace} onChange={setPace} testid="create-pace" />
            {pace === "turn_based" ? (
              <>
                <TurnClockChoice value={turnClock} onChange={setTurnClock} testid="create-turn-clock" />
                <OutOfTimeChoice value={out} onChange={setOut} testid="create-out-of-time" />
              </>
            ) : (
              <ClockChoice value={clock} onChange={setClock} />
            )}
            <PrivateFields value={privacy} onChange={setPrivacy} />
            <RatedBox rated={rated} onChange={setRated} testid="create-rated" />
            {info && Object.keys(options).length > 0 && (
              <OptionsEditor options={options} described={info.described} marks={gameUi(game).optionMarks} onChange={(k, v) => setOptions({ ...options, [k]: v })} />
            )}
            <button type="submit" class="primary" data-testid="create">
              {t("lobby.create")}
            </button>
          </form>
        )}
      </section>
      <NotifyCard client={client} s={s} />
      </div>
    </div>
  );
}
