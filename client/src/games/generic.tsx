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
          <div class="legal" data-testid="legal">
            {legal.map((intent, i) => (
              <button key={i} class="intent" onClick={() => act(intent)}>
                {intentLabel(intent)}
              </button>
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
