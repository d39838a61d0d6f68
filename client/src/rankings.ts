// Ratings and rankings, without a screen: the pages' addresses (`#ranking/<game>`,
// `#player/<name>`), the hall's HTTP API for them (with the hall's password, and the
// session's bearer token for one's own profile and its export), a ranking's rows as
// the page shows them, and a profile's rating history as the chart's series.

import { sameName } from "./account";
import { withHallPassword } from "./privacy";
import type { GameSummary } from "./protocol.gen";

/** A row of a game's ranking (`GET /api/leaderboard/<game>`), best first. `rating` is
 * the conservative figure (mu - 3 sigma; it starts at 0). AI players are rated per
 * level: `name` is the level, `ai` true, `player` null. */
export interface Standing {
  player: string | null;
  name: string;
  rating: number;
  games: number;
  wins: number;
  ai: boolean;
  /** Fewer than `PROVISIONAL` rated games. */
  provisional: boolean;
  /** When their last rated game ended (Unix seconds). */
  last: number;
}

export interface Leaderboard {
  game: string;
  players: Standing[];
}

/** One game in a profile: games played and won there, the rating (null: never rated
 * there) and its history, `[when, rating]` after each rated game. */
export interface ProfileGame {
  played: number;
  won: number;
  rating: Standing | null;
  history: [number, number][];
}

/** `GET /api/players/<name>`: a signed-in player's profile. */
export interface Profile {
  name: string;
  player: string;
  /** When the account was made (Unix seconds). */
  since: number;
  games: Record<string, ProfileGame>;
  favourites: string[];
  /** The newest games first (with the private ones only on one's own profile). */
  recent: GameSummary[];
}

/** The rated games before a rating counts as settled (the server's `PROVISIONAL`). */
export const PROVISIONAL = 5;

/** A page of its own, in the address's hash (like a replay's). */
export type Page = { kind: "ranking"; game: string } | { kind: "player"; name: string };

export function rankingHash(game: string): string {
  return `#ranking/${encodeURIComponent(game)}`;
}

export function playerHash(name: string): string {
  return `#player/${encodeURIComponent(name)}`;
}

export function pageHash(page: Page): string {
  return page.kind === "ranking" ? rankingHash(page.game) : playerHash(page.name);
}

/** The page a hash names (`#ranking/<game>`, `#player/<name>`), or null. */
export function pageFromHash(hash: string): Page | null {
  const m = /^#(ranking|player)\/([^/?#]+)/.exec(hash);
  if (!m) return null;
  let value: string;
  try {
    value = decodeURIComponent(m[2]);
  } catch {
    return null;
  }
  if (!value) return null;
  return m[1] === "ranking" ? { kind: "ranking", game: value } : { kind: "player", name: value };
}

export function samePage(a: Page | null, b: Page | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === "ranking" && b.kind === "ranking") return a.game === b.game;
  if (a.kind === "player" && b.kind === "player") return a.name === b.name;
  return false;
}

export function leaderboardUrl(game: string, hallPassword: string | null = null): string {
  return withHallPassword(`/api/leaderboard/${encodeURIComponent(game)}`, hallPassword);
}

export function profileUrl(name: string, hallPassword: string | null = null): string {
  return withHallPassword(`/api/players/${encodeURIComponent(name)}`, hallPassword);
}

export function exportUrl(name: string, hallPassword: string | null = null): string {
  return withHallPassword(`/api/players/${encodeURIComponent(name)}/export`, hallPassword);
}

/** Whether a profile is the reader's own (the signed-in account's name, compared as
 * the hall compares names): then the bearer token goes with the request. */
export function isOwn(name: string, account: string | null | undefined): boolean {
  return !!account && sameName(name, account);
}

/** The headers of a request about `name`: the hall's password, and the session's
 * token when it is one's own profile (its private tables' games, the export). */
export function requestHeaders(own: boolean, token: string | null, hallPassword: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (own && token) headers.Authorization = `Bearer ${token}`;
  if (hallPassword) headers["X-Hall-Password"] = hallPassword;
  return headers;
}

/** Why a page could not be shown: not found (404), the hall's password (401), or
 * anything else (the line, the server's storage). */
export type LoadError = "not_found" | "hall_password" | "failed";

export function loadError(status: number): LoadError {
  return status === 404 ? "not_found" : status === 401 ? "hall_password" : "failed";
}

/** A rating as the page shows it: one decimal, "?" after a provisional one. */
export function ratingText(s: Pick<Standing, "rating" | "provisional">): string {
  const r = Math.round(s.rating * 10) / 10;
  const text = (Object.is(r, -0) ? 0 : r).toFixed(1);
  return s.provisional ? `${text}?` : text;
}

/** A row of the ranking page. `rank` is shared by equal ratings (1, 2, 2, 4); `mine`
 * marks the reader's own row; `link` is the name whose profile the row leads to (none
 * for an AI level). */
export interface RankingRow {
  key: string;
  rank: number;
  name: string;
  ai: boolean;
  link: string | null;
  rating: string;
  provisional: boolean;
  games: number;
  wins: number;
  last: number;
  mine: boolean;
}

/** The ranking's rows, best first as the server sends them; `me` is the reader's
 * player id (a guest has none in a ranking: only accounts are rated). */
export function rankingRows(board: Leaderboard, me: string | null): RankingRow[] {
  const rows: RankingRow[] = [];
  board.players.forEach((s, i) => {
    const prev = rows[i - 1];
    const rank = prev && board.players[i - 1].rating === s.rating ? prev.rank : i + 1;
    rows.push({
      key: s.ai ? `ai:${s.name}` : (s.player ?? s.name),
      rank,
      name: s.name,
      ai: s.ai,
      link: s.ai ? null : s.name,
      rating: ratingText(s),
      provisional: s.provisional,
      games: s.games,
      wins: s.wins,
      last: s.last,
      mine: !s.ai && me !== null && s.player === me,
    });
  });
  return rows;
}

/** The lobby's short list: the first `n` rows, and the reader's own row after them
 * when it is further down. */
export function topRows(rows: RankingRow[], n = 5): RankingRow[] {
  const top = rows.slice(0, n);
  const mine = rows.find((r) => r.mine);
  return mine && !top.includes(mine) ? [...top, mine] : top;
}

/** A rating history as uPlot's data: times (Unix seconds, ascending) and ratings.
 * The server appends after each rated game, so it is in order already; a history
 * out of order is sorted, and two points at the same second keep the later one. */
export function chartSeries(history: readonly (readonly [number, number])[]): [number[], number[]] {
  const points = history
    .filter(([at, r]) => Number.isFinite(at) && Number.isFinite(r))
    .map(([at, r], i) => ({ at, r, i }))
    .sort((a, b) => a.at - b.at || a.i - b.i);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of points) {
    if (xs.length && xs[xs.length - 1] === p.at) {
      ys[ys.length - 1] = Math.round(p.r * 100) / 100;
      continue;
    }
    xs.push(p.at);
    ys.push(Math.round(p.r * 100) / 100);
  }
  return [xs, ys];
}

/** The games of a profile in the order to show them: the favourites first, then by
 * games played, then by name. */
export function profileGames(profile: Profile): string[] {
  const fav = profile.favourites;
  return Object.keys(profile.games).sort((a, b) => {
    const fa = fav.indexOf(a);
    const fb = fav.indexOf(b);
    if (fa !== fb) return (fa < 0 ? Infinity : fa) - (fb < 0 ? Infinity : fb);
    return profile.games[b].played - profile.games[a].played || a.localeCompare(b);
  });
}

/** The file name of a player's export: the server's (Content-Disposition), else ours. */
export function exportFileName(disposition: string | null, name: string): string {
  const m = disposition ? /filename="?([^";]+)"?/.exec(disposition) : null;
  if (m) return m[1];
  const safe = name.replace(/[^\p{L}\p{N}_-]+/gu, "_");
  return `spieltisch-${safe || "player"}.json`;
}
