// Every game is playable before it has a board of its own: the view shown as a
// readable tree, and each legal intent as a button.

import { t } from "../i18n";
import type { BoardProps } from "./types";

const COMMON = new Set(["game", "you", "active", "legal", "scores", "log", "result"]);

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

function Value({ v }: { v: unknown }): preact.JSX.Element {
  if (v === null || v === undefined) return <span class="muted">—</span>;
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) {
      return <span class="scalar-list">[{v.map((x) => (x === null ? "—" : String(x))).join(", ")}]</span>;
    }
    return (
      <ol class="tree" start={0}>
        {v.map((x, i) => (
          <li key={i}>
            <Value v={x} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof v === "object") {
    return (
      <dl class="tree">
        {Object.entries(v as Record<string, unknown>).map(([k, x]) => (
          <div class="kv" key={k}>
            <dt>{k}</dt>
            <dd>
              <Value v={x} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  if (typeof v === "boolean") return <span>{v ? "✓" : "✗"}</span>;
  return <span>{String(v)}</span>;
}

export function GenericBoard({ view, act }: BoardProps) {
  const own = Object.fromEntries(Object.entries(view).filter(([k]) => !COMMON.has(k)));
  const legal = view.legal ?? [];
  return (
    <div class="generic">
      <section>
        <h3>{t("generic.legal")}</h3>
        {legal.length === 0 ? (
          <p class="muted">{t("generic.no_moves")}</p>
        ) : (
          <div class="legal-groups" data-testid="legal">
            {groups(legal).map(([name, items]) => (
              <div class="legal-group" key={name}>
                <span class="legal-name">{name.replace(/_/g, " ")}</span>
                <div class="legal">
                  {items.map(({ intent, i }) => (
                    <button key={i} class="intent" title={intentLabel(intent)} onClick={() => act(intent)}>
                      {argsLabel(intent) || intentLabel(intent)}
                    </button>
                  ))}
                </div>
              </div>
            ))}
          </div>
        )}
      </section>
      <section>
        <h3>{t("generic.view")}</h3>
        <Value v={own} />
      </section>
    </div>
  );
}
