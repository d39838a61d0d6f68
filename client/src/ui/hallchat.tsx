// The hall's meeting place, beside the lobby's tables: who is here (each person's
// name, whether it is an account's, and the tables they play or watch at, a click
// away) and the hall's chat. The server sends both once the connection joins the hall
// (`hall`, on every welcome) and keeps them current (`present_changes` at most once a
// second, `hall_chat` live). A table names its watchers from the same list.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Client } from "../client";
import { gameName, lang, t } from "../i18n";
import type { Person, Place } from "../protocol.gen";
import type { HallState, Snapshot } from "../store";
import "./hallchat.css";
import { type Listed, listedName, sharedNames } from "./names";

/** Everyone here, the reader first, then by name (people of one name by player id,
 * so that they keep their order). */
export function peopleHere(hall: HallState, me: string | null): Person[] {
  const people = Object.values(hall.people ?? {});
  return people.sort((a, b) => Number(b.player === me) - Number(a.player === me) || a.name.localeCompare(b.name) || a.player.localeCompare(b.player));
}

/** The people watching a table (not seated there), as the hall's list has them; a
 * private table is in nobody's places, so its watchers are only counted. */
export function watchersOf(hall: HallState, room: string): Person[] {
  return Object.values(hall.people ?? {})
    .filter((p) => p.places.some((pl) => pl.room === room && !pl.seated))
    .sort((a, b) => a.name.localeCompare(b.name) || a.player.localeCompare(b.player));
}

/** The player ids of the account holders here (a seat's own message does not say). */
export function accountHolders(hall: HallState): Set<string> {
  return new Set(Object.values(hall.people ?? {}).flatMap((p) => (p.account ? [p.player] : [])));
}

/** A name as listed, told apart from a namesake's by the guest's tag, with the
 * account holder's mark (a guest's is the word "guest" in the tooltip). */
export function ListedName({ p, shared }: { p: Listed; shared: ReadonlySet<string> }) {
  const shown = listedName(p, shared);
  return (
    <span class="listed-name" data-testid="listed-name" data-player={p.player} data-account={p.account ? "1" : undefined}>
      <span class="who" title={t(p.account ? "hall.account_hint" : "hall.guest_hint", { name: p.name })}>
        {shown}
      </span>
      {p.account && (
        <span class="account-mark" data-testid="account-mark" aria-label={t("hall.account")} title={t("hall.account_hint", { name: p.name })}>
          ✓
        </span>
      )}
    </span>
  );
}

function PlaceLink({ client, place }: { client: Client; place: Place }) {
  return (
    <button class="link place" data-testid="place" data-room={place.room} data-seated={place.seated ? "1" : "0"} title={t("hall.open_table")} onClick={() => client.open(place.room)}>
      {t(place.seated ? "hall.plays" : "hall.watches", { game: gameName(place.game) })}
    </button>
  );
}

export function WhoIsHere({ client, s }: { client: Client; s: Snapshot }) {
  const me = s.me?.player ?? null;
  const people = peopleHere(s.hall, me);
  const shared = sharedNames(people);
  return (
    <div class="who-is-here">
      <h3>{t("hall.here", { n: people.length })}</h3>
      {s.hall.people === null ? (
        <p class="muted small">{t("history.loading")}</p>
      ) : (
        <ul data-testid="who-is-here">
          {people.map((p) => (
            <li key={p.player} data-player={p.player} class={p.player === me ? "me" : undefined}>
              <ListedName p={p} shared={shared} />
              {p.player === me && <span class="tag you">{t("lobby.you")}</span>}
              {!p.account && <span class="muted small guest">{t("hall.guest")}</span>}
              <span class="places">
                {p.places.length === 0 ? <span class="muted small">{t("hall.in_lobby")}</span> : p.places.map((pl) => <PlaceLink key={pl.room} client={client} place={pl} />)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function HallChatBox({ client, s }: { client: Client; s: Snapshot }) {
  const [text, setText] = useState("");
  const ref = useRef<HTMLDivElement>(null);
  const lines = s.hall.chat;
  // Speakers are told apart among themselves and the people here.
  const shared = sharedNames([...lines, ...Object.values(s.hall.people ?? {})].map((l) => ("from" in l ? { ...l, name: l.from } : l)));
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, lines[lines.length - 1], lang.get()]);
  return (
    <div class="chat hall-chat">
      <h3>{t("hall.chat")}</h3>
      <div class="lines" ref={ref} data-testid="hall-chat-lines" aria-live="polite">
        {lines.length === 0 && <p class="muted small">{t("hall.no_chat")}</p>}
        {lines.map((c) => (
          <div key={`${c.at}-${c.player}`} class="line" data-player={c.player}>
            <b>
              <ListedName p={{ ...c, name: c.from }} shared={shared} />:{" "}
            </b>
            {c.text}
          </div>
        ))}
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          client.hallChat(text);
          setText("");
        }}
      >
        <input
          data-testid="hall-chat-input"
          value={text}
          placeholder={t("hall.chat_placeholder")}
          aria-label={t("hall.chat")}
          maxLength={500}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
        />
        <button type="submit" data-testid="hall-chat-send">
          {t("table.send")}
        </button>
      </form>
    </div>
  );
}

/** The hall's card in the lobby: who is here, and the chat. */
export function HallPanel({ client, s }: { client: Client; s: Snapshot }) {
  return (
    <section class="card hall" data-testid="hall">
      <WhoIsHere client={client} s={s} />
      <HallChatBox client={client} s={s} />
    </section>
  );
}

/** "2 watching: Ben · 5VWX, Carl" at a table: names from the hall's list; a watcher
 * the list does not have (a private table's) is only counted. */
export function Watchers({ s, room, count }: { s: Snapshot; room: string; count: number }) {
  const named = watchersOf(s.hall, room);
  const shared = sharedNames(named);
  if (named.length === 0) return <span class="muted small">{t("table.watchers", { n: count })}</span>;
  return (
    <span class="muted small watchers-named" data-testid="watchers">
      {t("table.watchers", { n: Math.max(count, named.length) })}:{" "}
      {named.map((p, i) => (
        <span key={p.player}>
          {i > 0 && ", "}
          <ListedName p={p} shared={shared} />
        </span>
      ))}
    </span>
  );
}
