// A dev page: every tile type of the catalogue in a grid, as drawn on the board
// (open /#tiles; /#tiles-spots adds the follower spots and sample pieces). The
// e2e test `carcassonne.e2e.ts` takes its screenshot; nothing links to it.

import { useEffect, useState } from "preact/hooks";
import { geometry, tileIndex, turn, type TileDef } from "./geometry";
import { PIECES, TileSvg } from "./tile";
import type { Meeple } from "./model";

export function TileGallery({ spots, size = 96, only }: { spots: boolean; size?: number; only?: string }) {
  const [tiles, setTiles] = useState<TileDef[] | null>(null);
  useEffect(() => {
    fetch("/games/carcassonne/catalogue.json")
      .then((r) => r.json())
      .then((c) => setTiles([...new Set(tileIndex(c).values())].filter((t) => !only || t.id.startsWith(only))));
  }, []);
  if (!tiles) return <p>…</p>;
  return (
    <div class="tile-gallery" data-testid="tile-gallery" style={{ display: "flex", flexWrap: "wrap", gap: "6px", padding: "6px", background: "#2f5d3a" }}>
      {tiles.map((t, n) => {
        const g = geometry(t);
        const ids = Object.keys(g.anchors).filter((k) => k !== "m" || !("monastery" in g.anchors));
        // Sample pieces: each kind once, in turn, on the tile's first features.
        const meeples: Meeple[] = spots
          ? ids.slice(0, 2).map((f, i) => ({ seat: (n + i) % 6, feature: f, kind: PIECES[(n + i) % 4] }))
          : [];
        return (
          <figure key={t.id} style={{ margin: 0, width: `${size}px`, textAlign: "center" }} data-tile={t.id}>
            <svg viewBox="-2 -2 104 104" width={size} height={size}>
              <TileSvg def={t} id={t.id} rot={0} meeples={meeples} />
              {spots &&
                ids.map((f) => {
                  const [x, y] = turn(g.anchors[f], 0);
                  return (
                    <g key={f}>
                      <rect x={x - 4} y={y - 4} width="8" height="8" fill="#fff" fill-opacity="0.7" stroke="#222" stroke-width="0.8" />
                      <text x={x} y={y + 2.5} font-size="6.5" text-anchor="middle">
                        {f}
                      </text>
                    </g>
                  );
                })}
            </svg>
            <figcaption style={{ fontSize: "9px", color: "#fff", lineHeight: 1.1, wordBreak: "break-all" }}>{t.id}</figcaption>
          </figure>
        );
      })}
    </div>
  );
}
