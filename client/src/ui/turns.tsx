// "Your turns" in the header, on every screen: how many turn-based tables wait for a
// move of ours, and, opened, the list of them (game, opponents, time left, the one
// that has waited longest first), one click to each. The server sends the list
// (`turns`) and a new one whenever it changes; the time left is counted here.

import { useEffect, useRef, useState } from "preact/hooks";
import { gameName, listText, t } from "../i18n";
import type { TurnRoom } from "../protocol.gen";
import { oldestFirst, timeLeftWords, urgent } from "../turns";
import { nowSeconds } from "./presence";
import "./turns.css";

const TICK_MS = 30_000; // the words are to the minute

/** The list, as drawn (no state of its own: `now` in seconds since 1970). */
export function TurnsList({ rooms, now, onOpen }: { rooms: TurnRoom[]; now: number; onOpen: (room: string) => void }) {
  if (!rooms.length) {
    return (
      <p class="turns-none muted small" data-testid="turns-none">
        {t("turns.none")}
      </p>
    );
  }
  return (
    <ul class="turns-list" data-testid="turns-list">
      {oldestFirst(rooms).map((r) => (
        <li key={r.room}>
          <button type="button" class="turns-item" data-testid="turns-item" data-room={r.room} onClick={() => onOpen(r.room)}>
            <strong class="turns-game">{gameName(r.game)}</strong>
            <span class="turns-opponents muted small">{r.opponents.length ? t("turns.against", { names: listText(r.opponents) }) : ""}</span>
            <span class={`turns-left small${urgent(r.deadline, now) ? " urgent" : ""}`} data-testid="turns-left">
              {timeLeftWords(r.deadline, now)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The header's "Your turns (N)" and its list; null until the server has said. */
export function YourTurns({ rooms, onOpen }: { rooms: TurnRoom[] | null; onOpen: (room: string) => void }) {
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(nowSeconds);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    setNow(nowSeconds());
    const timer = setInterval(() => setNow(nowSeconds()), TICK_MS);
    // A click elsewhere, or Escape, closes the list.
    const away = (e: Event) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", esc);
    return () => {
      clearInterval(timer);
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", esc);
    };
  }, [open]);
  if (rooms === null) return null;
  const n = rooms.length;
  return (
    <div class={`your-turns${n ? " waiting" : ""}`} ref={ref} data-testid="your-turns" data-count={n}>
      <button
        type="button"
        class="your-turns-button"
        data-testid="your-turns-button"
        aria-expanded={open}
        aria-haspopup="true"
        title={t(n ? "turns.hint" : "turns.none")}
        onClick={() => setOpen(!open)}
      >
        <span class="your-turns-label">{t("turns.label")}</span>
        <span class="your-turns-count" data-testid="your-turns-count">
          {n}
        </span>
      </button>
      {open && (
        <div class="your-turns-menu" data-testid="your-turns-menu">
          <TurnsList
            rooms={rooms}
            now={now}
            onOpen={(room) => {
              setOpen(false);
              onOpen(room);
            }}
          />
        </div>
      )}
    </div>
  );
}
