// The list of legal moves below the Carcassonne board, as below every board: the same
// moves as buttons, for the keyboard and for anyone who prefers a list. A placement is
// one intent per square and rotation (often dozens), so they are grouped by square,
// each square with a button per rotation; followers by piece, each with its feature.

import { t } from "../../i18n";
import { intentLabel } from "../generic";
import type { TileDef } from "./geometry";
import type { CarcModel, Intents } from "./model";

type Obj = Record<string, unknown>;

/** A feature of a tile in words: its kind (city, road, field, monastery), read from
 * the tile type; the feature's id when the tile type is not known yet. */
export function featureKind(def: TileDef | undefined, feature: string): string {
  let kind: string | null = null;
  if (feature === "m" || feature === "monastery") kind = "monastery";
  else if (def?.cities.some((c) => c.id === feature)) kind = "city";
  else if (def?.roads.some((r) => r.id === feature)) kind = "road";
  else if (def?.fields.some((f) => f.id === feature)) kind = "field";
  return kind ? t(`val.carcassonne.kind.${kind}`) : feature;
}

/** Placements grouped by square, top row first, then left to right; each square's
 * rotations in order. */
export function placesBySquare(place: Intents["place"]): { x: number; y: number; rots: Intents["place"] }[] {
  const out = new Map<string, { x: number; y: number; rots: Intents["place"] }>();
  for (const p of place) {
    const k = `${p.x},${p.y}`;
    if (!out.has(k)) out.set(k, { x: p.x, y: p.y, rots: [] });
    out.get(k)!.rots.push(p);
  }
  const squares = [...out.values()].sort((a, b) => b.y - a.y || a.x - b.x);
  for (const s of squares) s.rots.sort((a, b) => a.rot - b.rot);
  return squares;
}

/** Each listed meeple intent's button text: the feature's kind, numbered when the tile
 * has two of that kind, and the square when it is another tile's (magic portal). */
function meepleLabels(intents: Intents, tileAt: (x: number, y: number) => TileDef | undefined, last: { x: number; y: number } | null): string[] {
  const words = intents.meeple.map((m) => {
    const x = m.x ?? last?.x;
    const y = m.y ?? last?.y;
    const word = featureKind(x !== undefined && y !== undefined ? tileAt(x, y) : undefined, m.feature);
    return m.x !== null && m.y !== null && !(last && m.x === last.x && m.y === last.y) ? `${word} (${m.x}, ${m.y})` : word;
  });
  // Two cities of one tile for one piece: "city 1", "city 2" (the tile's feature order).
  const key = (i: number) => `${intents.meeple[i].piece}|${words[i]}`;
  const count = new Map<string, number>();
  words.forEach((_, i) => count.set(key(i), (count.get(key(i)) ?? 0) + 1));
  const seen = new Map<string, number>();
  return words.map((w, i) => {
    if (count.get(key(i))! < 2) return w;
    const n = (seen.get(key(i)) ?? 0) + 1;
    seen.set(key(i), n);
    return `${w} ${n}`;
  });
}

function Group({ name, children }: { name: string; children: preact.ComponentChildren }) {
  return (
    <div class="legal-group">
      <span class="legal-name">{name}</span>
      <div class="legal">{children}</div>
    </div>
  );
}

export function CarcMoves({
  intents,
  model,
  tileAt,
  act,
}: {
  intents: Intents;
  model: CarcModel;
  tileAt: (x: number, y: number) => TileDef | undefined;
  act: (intent: Obj) => void;
}) {
  const squares = placesBySquare(intents.place);
  const labels = meepleLabels(intents, tileAt, model.last);
  const pieces = [...new Set(intents.meeple.map((m) => m.piece))];
  const any =
    squares.length + intents.meeple.length + intents.dragon.length + intents.princess.length + intents.fairy.length > 0 || intents.skip !== null;
  const button = (intent: Obj, text: string, title: string, i: number | string) => (
    <button key={i} class="intent" title={title} aria-label={title} onClick={() => act(intent)}>
      {text}
    </button>
  );
  return (
    <section class="card generic carc-moves">
      <h3>{t("generic.legal")}</h3>
      {!any ? (
        <p class="muted">{t("generic.no_moves")}</p>
      ) : (
        <div class="legal-groups" data-testid="legal">
          {intents.skip && <div class="legal">{button(intents.skip, `✕ ${t("carc.skip")}`, t("carc.skip"), "skip")}</div>}
          {squares.length > 0 && <p class="legal-note muted small">{t("carc.moves_place")}</p>}
          {squares.map((s) => (
            <Group key={`${s.x},${s.y}`} name={`(${s.x}, ${s.y})`}>
              {s.rots.map((p) => button(p.intent, `↻ ${p.rot * 90}°`, t("carc.place_at", { x: s.x, y: s.y, deg: p.rot * 90 }), p.rot))}
            </Group>
          ))}
          {pieces.map((piece) => (
            <Group key={piece} name={t(`carc.piece.${piece}`)}>
              {intents.meeple.map((m, i) =>
                m.piece === piece ? button(m.intent, labels[i], `${t(`carc.piece.${piece}`)}: ${labels[i]}`, i) : null,
              )}
            </Group>
          ))}
          {intents.princess.length > 0 && (
            <Group name={t("carc.princess_remove")}>
              {intents.princess.map((k, i) => button(k.intent, `(${k.x}, ${k.y}) ${featureKind(tileAt(k.x, k.y), k.feature)}`, t("carc.princess_remove"), i))}
            </Group>
          )}
          {intents.dragon.length > 0 && (
            <Group name={t("carc.dragon_step")}>{intents.dragon.map((d, i) => button(d.intent, `(${d.x}, ${d.y})`, t("carc.dragon_step"), i))}</Group>
          )}
          {intents.fairy.length > 0 && (
            <Group name={t("carc.piece.fairy")}>
              {intents.fairy.map((f, i) =>
                button(f.intent, f.feature ? `(${f.x}, ${f.y}) ${featureKind(tileAt(f.x, f.y), f.feature)}` : `(${f.x}, ${f.y})`, intentLabel(f.intent), i),
              )}
            </Group>
          )}
        </div>
      )}
    </section>
  );
}
