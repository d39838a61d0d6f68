// Every game is playable before it has a board of its own: the view shown as a
// readable tree, and each legal intent as a button.

import { t } from "../i18n";
import type { View } from "../store";
import type { BoardProps } from "./types";

/** Optional per-game words for the generic view (each game's `strings.ts`);
 * whatever a function leaves out (returns null) falls back to the raw rendering. */
export interface GenericLabels {
  /** A button's text for one legal intent. */
  intent?: (intent: Record<string, unknown>, view: View, names: (seat: number) => string) => string | null;
  /** The heading over the intents of one `t`. */
  group?: (t: string) => string | null;
  /** A key of the view tree. */
  key?: (key: string) => string | null;
  /** A scalar of the view tree, under `key` (the nearest named key above it). */
  value?: (key: string, v: string | number, names: (seat: number) => string) => string | null;
  /** A small map or list of the view tree (a coin, a tool) in a few words, under `key`. */
  compact?: (key: string, v: object, names: (seat: number) => string) => string | null;
  /** Whether the list under `key` has one entry per seat (shown under the players' names). */
  perSeat?: (key: string) => boolean;
}

const COMMON = new Set(["game", "you", "active", "legal", "scores", "log", "result", "breakdown"]);

export function intentLabel(intent: Record<string, unknown>): string {
  const rest = Object.entries(intent)
    .filter(([k]) => k !== "t")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
  const name = String(intent.t ?? "?").replace(/_/g, " ");
  return rest.length ? `${name} (${rest.join(", ")})` : name;
}

/** Intents grouped by their name, in the order the game listed them. */
function groups(legal: Record<string, unknown>[]): [string, { intent: Record<string, unknown>; i: number }[]][] {
  const out = new Map<string, { intent: Record<string, unknown>; i: number }[]>();
  legal.forEach((intent, i) => {
    const name = String(intent.t ?? "?");
    if (!out.has(name)) out.set(name, []);
    out.get(name)!.push({ intent, i });
  });
  return [...out.entries()];
}

function argsLabel(intent: Record<string, unknown>): string {
  return Object.entries(intent)
    .filter(([k]) => k !== "t")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

interface TreeCtx {
  labels: GenericLabels;
  names: (seat: number) => string;
  /** Inside one seat's entry of a per-seat list (its own lists are not per seat). */
  inSeat?: boolean;
}

function scalar(x: unknown, k: string, c: TreeCtx): string {
  if (x === null || x === undefined) return "—";
  if (typeof x === "boolean") return x ? "✓" : "✗";
  if (typeof x === "string" || typeof x === "number") return c.labels.value?.(k, x, c.names) ?? String(x);
  return String(x);
}

function Value({ v, k = "", c }: { v: unknown; k?: string; c: TreeCtx }): preact.JSX.Element {
  if (v === null || v === undefined) return <span class="muted">—</span>;
  const short = typeof v === "object" ? c.labels.compact?.(k, v, c.names) : null;
  if (short != null) return <span>{short}</span>;
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) {
      return <span class="scalar-list">[{v.map((x) => scalar(x, k, c)).join(", ")}]</span>;
    }
    if (!c.inSeat && c.labels.perSeat?.(k)) {
      return (
        <dl class="tree">
          {v.map((x, i) => (
            <div class="kv" key={i}>
              <dt>{c.names(i)}</dt>
              <dd>
                <Value v={x} k={k} c={{ ...c, inSeat: true }} />
              </dd>
            </div>
          ))}
        </dl>
      );
    }
    return (
      <ol class="tree" start={0}>
        {v.map((x, i) => (
          <li key={i}>
            <Value v={x} k={k} c={c} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof v === "object") {
    return (
      <dl class="tree">
        {Object.entries(v as Record<string, unknown>).map(([key, x]) => (
          <div class="kv" key={key}>
            <dt title={key}>{c.labels.key?.(key) ?? key}</dt>
            <dd>
              <Value v={x} k={key} c={c} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{scalar(v, k, c)}</span>;
}

export function GenericBoard({ view, room, act, names, labels = {} }: BoardProps & { labels?: GenericLabels }) {
  const own = Object.fromEntries(Object.entries(view).filter(([k]) => !COMMON.has(k)));
  const legal = view.legal ?? [];
  // "Your moves" only for a player at the table: a watcher (no seat) has none to make,
  // and neither has anyone in a replay (no table).
  const plays = room !== undefined && typeof view.you === "number";
  return (
    <div class="generic">
      {plays && (
      <section class="generic-moves">
        <h3>{t("generic.legal")}</h3>
        {legal.length === 0 ? (
          <p class="muted">{t("generic.no_moves")}</p>
        ) : (
          <div class="legal-groups" data-testid="legal">
            {groups(legal).map(([name, items]) => (
              <div class="legal-group" key={name}>
                <span class="legal-name">{labels.group?.(name) ?? name.replace(/_/g, " ")}</span>
                <div class="legal">
                  {items.map(({ intent, i }) => (
                    <button key={i} class="intent" title={intentLabel(intent)} onClick={() => act(intent)}>
                      {labels.intent?.(intent, view, names) ?? (argsLabel(intent) || intentLabel(intent))}
                    </button>
                  ))}
                </div>
              </div>
            ))}
          </div>
        )}
      </section>
      )}
      <section class="generic-view">
        <h3>{t("generic.view")}</h3>
        <Value v={own} c={{ labels, names }} />
      </section>
    </div>
  );
}
