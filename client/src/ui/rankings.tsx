// Ratings on screen: a game's ranking (`#ranking/<game>`), a player's profile
// (`#player/<name>`) with a chart of each rating over time (uPlot, loaded only when a
// profile shows one), and the lobby's short ranking of one game.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Client, Loaded } from "../client";
import { gameName, lang, t } from "../i18n";
import {
  chartSeries,
  isOwn,
  type Leaderboard,
  type Page,
  playerHash,
  type Profile,
  type ProfileGame,
  PROVISIONAL,
  profileGames,
  rankingHash,
  type RankingRow,
  rankingRows,
  ratingText,
  topRows,
} from "../rankings";
import type { GameInfo, Snapshot } from "../store";
import { AccountIcon } from "./account";
import { levelWord } from "./bots";
import type { Chart } from "./chart";
import { HistoryRow } from "./history";
import { nowSeconds } from "./presence";
import "./rankings.css";

/** The reader's locale for dates. */
function locale(): string {
  return lang.get() === "ja" ? "ja-JP" : "en-US";
}

/** A day in the reader's language: "Nov 27, 2026", 「2026/11/27」. */
export function localDate(at: number): string {
  return new Date(at * 1000).toLocaleDateString(locale(), { dateStyle: "medium" });
}

/** A link inside the app: a new tab on a middle click or with a key held, else the
 * page is shown in place. */
function AppLink({ href, onGo, children, ...rest }: { href: string; onGo: () => void; children: preact.ComponentChildren; [k: string]: unknown }) {
  return (
    <a
      {...rest}
      href={href}
      onClick={(e) => {
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onGo();
      }}
    >
      {children}
    </a>
  );
}

/** An AI level's name in a ranking: "AI · strong", 「AI · 強い」. */
export function aiName(level: string): string {
  return t("rank.ai", { level: levelWord(level) });
}

/** The name cell of a ranking's row: a person's name links to their profile. */
function RowName({ row, client }: { row: RankingRow; client: Client }) {
  if (row.ai) {
    return (
      <span class="rank-name ai" title={t("rank.ai_hint", { level: levelWord(row.name) })}>
        {aiName(row.name)}
      </span>
    );
  }
  return (
    <AppLink class="rank-name" href={`/${playerHash(row.link!)}`} onGo={() => client.page({ kind: "player", name: row.link! })} title={row.name} data-testid="rank-player-link">
      {row.name}
    </AppLink>
  );
}

/** A rating with its provisional mark and the mark's tooltip. */
function Rating({ text, provisional }: { text: string; provisional: boolean }) {
  return provisional ? (
    <span class="rating provisional" title={t("rank.provisional_hint", { n: PROVISIONAL })} data-provisional="1">
      {text}
    </span>
  ) : (
    <span class="rating">{text}</span>
  );
}

/** A game's ranking as a table: rank, name, rating, games, wins, last played; the
 * reader's row highlighted. On a phone the day of the last game goes under the name. */
export function RankingTable({ rows, client }: { rows: RankingRow[]; client: Client }) {
  return (
    <table class="ranking-table" data-testid="ranking-table">
      <thead>
        <tr>
          <th class="num" scope="col">
            {t("rank.col_rank")}
          </th>
          <th scope="col">{t("rank.col_name")}</th>
          <th class="num" scope="col">
            {t("rank.col_rating")}
          </th>
          <th class="num" scope="col">
            {t("rank.col_games")}
          </th>
          <th class="num" scope="col">
            {t("rank.col_wins")}
          </th>
          <th class="last" scope="col">
            {t("rank.col_last")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} class={r.mine ? "mine" : undefined} data-testid="ranking-row" data-name={r.name} data-ai={r.ai ? "1" : undefined} data-mine={r.mine ? "1" : undefined}>
            <td class="num rank">{r.rank}</td>
            <td class="who">
              <RowName row={r} client={client} />
              {r.mine && (
                <span class="tag you" title={t("rank.you_hint")}>
                  {t("lobby.you")}
                </span>
              )}
              <span class="last-under muted small">{r.last ? localDate(r.last) : ""}</span>
            </td>
            <td class="num">
              <Rating text={r.rating} provisional={r.provisional} />
            </td>
            <td class="num">{r.games}</td>
            <td class="num">{r.wins}</td>
            <td class="last muted small">{r.last ? localDate(r.last) : ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a page says while its data comes, or why it did not. */
function Loading({ loaded, what, name, onRetry }: { loaded: Loaded<unknown> | null; what: "rank" | "profile"; name: string; onRetry: () => void }) {
  if (loaded === null) return <p class="muted">{t(`${what}.loading`)}</p>;
  if (loaded.ok) return null;
  const words =
    loaded.error === "not_found"
      ? t(`${what}.not_found`, what === "rank" ? { game: name } : { name })
      : loaded.error === "hall_password"
        ? t("page.hall_password")
        : t(`${what}.failed`);
  return (
    <div class="page-error" role="alert" data-testid="page-error" data-error={loaded.error}>
      <p>{words}</p>
      {loaded.error === "failed" && (
        <button type="button" onClick={onRetry}>
          {t("rank.retry")}
        </button>
      )}
    </div>
  );
}

/** Fetch `load()` whenever `deps` change; `reload` fetches again. */
function useLoaded<T>(load: () => Promise<Loaded<T>>, deps: unknown[]): [Loaded<T> | null, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded(null);
    load().then((l) => {
      if (live) setLoaded(l);
    });
    return () => {
      live = false;
    };
  }, [...deps, round]);
  return [loaded, () => setRound((n) => n + 1)];
}

/** The games to choose from: the hall's, and the one asked for when the hall does not
 * list it (its page says there is no such game). */
function GameChooser({ games, value, onChange, testid }: { games: GameInfo[]; value: string; onChange: (g: string) => void; testid: string }) {
  const names = games.map((g) => g.name);
  if (value && !names.includes(value)) names.push(value);
  return (
    <select data-testid={testid} aria-label={t("rank.choose_game")} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
      {names.map((g) => (
        <option key={g} value={g}>
          {gameName(g)}
        </option>
      ))}
    </select>
  );
}

export function PageScreen({ client, s, page }: { client: Client; s: Snapshot; page: Page }) {
  const back = (
    <button class="link" data-testid="back" onClick={() => client.toLobby()}>
      {t("page.back")}
    </button>
  );
  return page.kind === "ranking" ? (
    <RankingPage client={client} s={s} game={page.game} back={back} key="ranking" />
  ) : (
    <ProfilePage client={client} s={s} name={page.name} back={back} key={`player-${page.name}`} />
  );
}

function RankingPage({ client, s, game, back }: { client: Client; s: Snapshot; game: string; back: preact.JSX.Element }) {
  const [loaded, reload] = useLoaded(() => client.leaderboard(game, true), [game]);
  const me = s.me?.player ?? null;
  const rows = loaded?.ok ? rankingRows(loaded.data, me) : [];
  return (
    <div class="card page ranking-page" data-testid="ranking-page" data-game={game} data-state={loaded === null ? "loading" : loaded.ok ? "ready" : "error"}>
      {back}
      <div class="page-head">
        <h2>{t("rank.title")}</h2>
        <GameChooser games={s.games} value={game} onChange={(g) => client.page({ kind: "ranking", game: g })} testid="ranking-game" />
      </div>
      <Loading loaded={loaded} what="rank" name={game} onRetry={reload} />
      {loaded?.ok &&
        (rows.length === 0 ? (
          <p class="muted" data-testid="ranking-empty">
            {t("rank.empty", { game: gameName(game) })}
          </p>
        ) : (
          <div class="ranking-box">
            <RankingTable rows={rows} client={client} />
          </div>
        ))}
      <p class="muted small how">{t("rank.how", { n: PROVISIONAL })}</p>
    </div>
  );
}

/** The lobby's short ranking: a game chosen, its first five (and the reader's row
 * when it is further down), and a link to the whole ranking. */
export function LobbyRankings({ client, s }: { client: Client; s: Snapshot }) {
  const [game, setGame] = useState("");
  const chosen = game || (s.games.find((g) => g.name === "carcassonne") ?? s.games[0])?.name || "";
  const [loaded] = useLoaded(() => (chosen ? client.leaderboard(chosen) : Promise.resolve(null as unknown as Loaded<Leaderboard>)), [chosen]);
  if (!chosen) return null;
  const rows = loaded?.ok ? topRows(rankingRows(loaded.data, s.me?.player ?? null)) : [];
  return (
    <section class="card lobby-rankings" data-testid="lobby-rankings" data-game={chosen}>
      <div class="lobby-rankings-head">
        <h2>{t("rank.title")}</h2>
        <GameChooser games={s.games} value={chosen} onChange={setGame} testid="lobby-rankings-game" />
      </div>
      {loaded?.ok ? (
        rows.length === 0 ? (
          <p class="muted small">{t("rank.lobby_none")}</p>
        ) : (
          <ol class="top-list" data-testid="lobby-top">
            {rows.map((r) => (
              <li key={r.key} class={r.mine ? "mine" : undefined} data-mine={r.mine ? "1" : undefined}>
                <span class="rank">{r.rank}</span>
                <RowName row={r} client={client} />
                <Rating text={r.rating} provisional={r.provisional} />
              </li>
            ))}
          </ol>
        )
      ) : loaded && !loaded.ok ? (
        <p class="muted small">{t("rank.failed")}</p>
      ) : (
        <p class="muted small">{t("rank.loading")}</p>
      )}
      <AppLink
        class="full-ranking"
        href={`/${rankingHash(chosen)}`}
        onGo={() => client.page({ kind: "ranking", game: chosen })}
        title={t("rank.open_hint", { game: gameName(chosen) })}
        data-testid="ranking-open"
      >
        {t("rank.full")} →
      </AppLink>
    </section>
  );
}

/** A rating's chart over time, drawn once uPlot has loaded (its own chunk). */
export function RatingChart({ history, label }: { history: ProfileGame["history"]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const l = lang.get();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: Chart | null = null;
    let gone = false;
    let seen: ResizeObserver | null = null;
    void import("./chart").then(({ drawRatingChart }) => {
      if (gone) return;
      chart = drawRatingChart(el, chartSeries(history), { label, locale: locale() });
      if (typeof ResizeObserver === "function") {
        seen = new ResizeObserver(() => chart?.resize(el.clientWidth));
        seen.observe(el);
      }
    });
    return () => {
      gone = true;
      seen?.disconnect();
      chart?.destroy();
    };
  }, [history, label, l]);
  return <div class="rating-chart" ref={box} data-testid="rating-chart" aria-label={label} />;
}

function ProfileGameCard({ client, game, g, name }: { client: Client; game: string; g: ProfileGame; name: string }) {
  const rating = g.rating;
  return (
    <section class="profile-game" data-testid="profile-game" data-game={game}>
      <div class="profile-game-head">
        <h3>{gameName(game)}</h3>
        <AppLink class="small" href={`/${rankingHash(game)}`} onGo={() => client.page({ kind: "ranking", game })} title={t("rank.open_hint", { game: gameName(game) })}>
          {t("profile.ranking")} →
        </AppLink>
      </div>
      <dl class="profile-figures">
        <div>
          <dt>{t("profile.played")}</dt>
          <dd data-testid="profile-played">{g.played}</dd>
        </div>
        <div>
          <dt>{t("profile.won")}</dt>
          <dd data-testid="profile-won">{g.won}</dd>
        </div>
        <div>
          <dt>{t("profile.rating")}</dt>
          <dd data-testid="profile-rating">
            {rating ? (
              <Rating text={ratingText(rating)} provisional={rating.provisional} />
            ) : (
              <span class="muted" title={t("profile.unrated_hint")}>
                {t("profile.unrated")}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {g.history.length > 0 && (
        <figure class="profile-chart">
          <figcaption class="muted small">{t("profile.chart")}</figcaption>
          <RatingChart history={g.history} label={t("profile.chart_label", { name, game: gameName(game) })} />
        </figure>
      )}
    </section>
  );
}

function ProfilePage({ client, s, name, back }: { client: Client; s: Snapshot; name: string; back: preact.JSX.Element }) {
  const account = s.me?.account ?? null;
  const own = isOwn(name, account);
  // One's own profile is asked for again once signed in: it shows the private games too.
  const [loaded, reload] = useLoaded(() => client.profile(name), [name, own]);
  const [exporting, setExporting] = useState(false);
  const p: Profile | null = loaded?.ok ? loaded.data : null;
  const now = nowSeconds();
  return (
    <div class="card page profile-page" data-testid="profile-page" data-name={name} data-own={own ? "1" : undefined} data-state={loaded === null ? "loading" : loaded.ok ? "ready" : "error"}>
      {back}
      <div class="page-head">
        <h2 class="profile-name">
          <AccountIcon /> <span>{p?.name ?? name}</span>
        </h2>
        {own && p && (
          <button
            type="button"
            class="export"
            data-testid="profile-export"
            title={t("profile.export_hint")}
            disabled={exporting}
            onClick={() => {
              setExporting(true);
              void client.exportData().finally(() => setExporting(false));
            }}
          >
            ⤓ {t("profile.export")}
          </button>
        )}
      </div>
      <Loading loaded={loaded} what="profile" name={name} onRetry={reload} />
      {p && (
        <>
          <p class="profile-since muted" data-testid="profile-since">
            {t("profile.since", { date: localDate(p.since) })}
          </p>
          {own && <p class="muted small">{t("profile.own_note")}</p>}
          <div class="profile-favourites">
            <span class="label">{t("profile.favourites")}</span>
            {p.favourites.length === 0 ? (
              <span class="muted">{t("profile.no_favourites")}</span>
            ) : (
              p.favourites.map((g) => (
                <AppLink key={g} class="chip" href={`/${rankingHash(g)}`} onGo={() => client.page({ kind: "ranking", game: g })} data-testid="profile-favourite">
                  {gameName(g)}
                </AppLink>
              ))
            )}
          </div>
          {profileGames(p).length > 0 && (
            <div class="profile-games">
              {profileGames(p).map((g) => (
                <ProfileGameCard key={g} client={client} game={g} g={p.games[g]} name={p.name} />
              ))}
            </div>
          )}
          <section class="profile-recent history">
            <h3>{t("profile.recent")}</h3>
            {p.recent.length === 0 ? (
              <p class="muted">{t("profile.no_recent")}</p>
            ) : (
              <ul class="history-list" data-testid="profile-recent">
                {p.recent.map((g) => (
                  <HistoryRow key={g.id} game={g} now={now} onReplay={() => client.replay(g.id)} tag={g.private ? t("profile.private") : undefined} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
