// One tile as SVG, drawn from its catalogue entry.

import { Component } from "preact";
import { SEAT_COLOURS } from "../types";
import { geometry, sideIndex, symbols, turn, type Pt, type TileDef } from "./geometry";
import type { Meeple } from "./model";

export const C = {
  field: "#8dbb55",
  fieldEdge: "#6f9a3f",
  city: "#d3aa6a",
  cityInner: "#c39456",
  wall: "#6b4b2a",
  road: "#f4ecd6",
  roadEdge: "#8c7b5c",
  river: "#3d9be0",
  riverEdge: "#1f6fae",
  shield: "#2456b5",
};

const MEEPLE =
  "M0,-9 C3,-9 4,-7 4,-5 C4,-3.5 3.4,-2.6 2.6,-2.2 L8,0 C9.2,0.6 9,2.6 7.4,2.6 L4,2 L6.4,8 C6.8,9 6,9.6 5,9.6 L1.6,9.6 L0,5.6 L-1.6,9.6 L-5,9.6 C-6,9.6 -6.8,9 -6.4,8 L-4,2 L-7.4,2.6 C-9,2.6 -9.2,0.6 -8,0 L-2.6,-2.2 C-3.4,-2.6 -4,-3.5 -4,-5 C-4,-7 -3,-9 0,-9 Z";

// A builder: a tall, narrow figure with a round hat; a pig: a body with ears and snout.
const BUILDER = "M0,-11 C2.6,-11 3.6,-9.4 3.4,-7.6 C3.2,-6.2 2.5,-5.4 1.8,-5 L4.4,9.6 L-4.4,9.6 L-1.8,-5 C-2.5,-5.4 -3.2,-6.2 -3.4,-7.6 C-3.6,-9.4 -2.6,-11 0,-11 Z";
const PIG =
  "M-9,0 C-9,-5 -4,-7 1,-7 L2.6,-10 L4.4,-6.4 C7,-5.6 8.6,-3.6 9,-1.6 L11,-1.2 L11,2.2 L8.8,2.6 C8,5 6,6 5,6.2 L5,9 L2.6,9 L2.4,6.6 L-3.6,6.6 L-3.8,9 L-6.2,9 L-6.4,5.4 C-8.2,4.2 -9,2.4 -9,0 Z";

/** The pieces a player may place, in the order the selector shows them. */
export const PIECES = ["follower", "large", "builder", "pig"] as const;

export function MeepleShape({ at, seat, kind, field }: { at: Pt; seat: number; kind: string; field: boolean }) {
  const big = kind.includes("large") || kind.includes("big");
  const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const line = { stroke: "#111", "stroke-width": 1.1, "stroke-linejoin": "round" as const };
  if (kind === "builder" || kind === "pig") {
    // Beside a follower that may share the feature: a little off the spot.
    return (
      <g transform={`translate(${at[0] + 7},${at[1] + 5}) scale(0.95)`} class="meeple" data-seat={seat} data-kind={kind}>
        {kind === "builder" ? (
          <path d={BUILDER} fill={colour} {...line} />
        ) : (
          <>
            <path d={PIG} fill={colour} {...line} />
            <circle cx="6.2" cy="-2.6" r="0.9" fill="#111" />
            <path d="M-9,-1 C-11.5,-2 -11.5,1.5 -9.6,1.2" fill="none" stroke="#111" stroke-width="1" />
          </>
        )}
      </g>
    );
  }
  // Farmers lie in their field, as on the printed tiles' rules sheet. The large
  // follower is half as big again, with a white ring round its head.
  return (
    <g
      transform={`translate(${at[0]},${at[1]}) rotate(${field ? -90 : 0}) scale(${big ? 1.5 : 1})`}
      class="meeple"
      data-seat={seat}
      data-kind={kind}
    >
      <path d={MEEPLE} fill={colour} {...line} stroke-width={big ? 0.9 : 1.1} />
      {big && <circle cy="-5.2" r="2" fill="#fff" stroke="#111" stroke-width="0.6" />}
    </g>
  );
}

function Shield({ at }: { at: Pt }) {
  return (
    <g transform={`translate(${at[0]},${at[1]})`}>
      <path d="M-5,-5 H5 V0 C5,4 2,6 0,7 C-2,6 -5,4 -5,0 Z" fill={C.shield} stroke="#f4f0e0" stroke-width="1.2" />
      <path d="M0,-3 V4 M-3,0 H3" stroke="#f4f0e0" stroke-width="1.2" />
    </g>
  );
}

function Monastery() {
  return (
    <g class="monastery">
      <rect x="36" y="42" width="28" height="22" fill="#efe6d2" stroke="#5a4630" stroke-width="1.2" />
      <path d="M33,43 L50,28 L67,43 Z" fill="#b5452f" stroke="#5a4630" stroke-width="1.2" />
      <rect x="46" y="52" width="8" height="12" fill="#5a4630" />
      <path d="M50,17 V27 M46,21 H54" stroke="#5a4630" stroke-width="2" />
    </g>
  );
}

/** The symbols, each in a box about 16 units wide centred on its point (upright). */
export function Goods({ at, kind }: { at: Pt; kind: string }) {
  return (
    <g transform={`translate(${at[0]},${at[1]}) scale(1.35)`} class={`sym goods goods-${kind}`} data-sym={kind}>
      <circle r="8" fill="#fffaf0" stroke="#5a4630" stroke-width="1" />
      {kind === "wine" ? (
        // A bunch of grapes.
        <g fill="#6d1f6b">
          <path d="M0,-6.5 Q2,-7.5 3,-6" stroke="#3d6b1f" stroke-width="1.2" fill="none" />
          {[
            [-3, -3],
            [0, -3],
            [3, -3],
            [-1.5, 0],
            [1.5, 0],
            [0, 3],
          ].map(([x, y], i) => (
            <circle key={i} cx={x} cy={y} r="1.9" />
          ))}
        </g>
      ) : kind === "grain" ? (
        // A sheaf: three stalks tied in the middle.
        <g stroke="#b8860b" stroke-width="1.4" fill="#e8b923" stroke-linecap="round">
          <path d="M0,6 V-2 M-3,6 L-1,-1 M3,6 L1,-1" fill="none" />
          <ellipse cx="0" cy="-4" rx="1.6" ry="3" />
          <ellipse cx="-2.8" cy="-2.6" rx="1.4" ry="2.6" transform="rotate(-20 -2.8 -2.6)" />
          <ellipse cx="2.8" cy="-2.6" rx="1.4" ry="2.6" transform="rotate(20 2.8 -2.6)" />
          <path d="M-2.4,2.2 H2.4" stroke="#7a5a10" />
        </g>
      ) : (
        // A bolt of cloth.
        <g stroke="#1f3f7a" stroke-width="0.9">
          <path d="M-5,-4 H4 V4 H-5 Z" fill="#4a7fd0" />
          <ellipse cx="-5" cy="0" rx="1.8" ry="4" fill="#7fa8e8" />
          <path d="M4,4 L6,6.5 H-2 L-5,4" fill="#4a7fd0" />
        </g>
      )}
    </g>
  );
}

function Cathedral({ at }: { at: Pt }) {
  return (
    <g transform={`translate(${at[0]},${at[1]}) scale(1.45)`} class="sym cathedral" data-sym="cathedral">
      <rect x="-7" y="-3" width="14" height="10" fill="#ece6d6" stroke="#3d3d4a" stroke-width="1" />
      <path d="M-9,-3 L0,-9 L9,-3 Z" fill="#5b6d8a" stroke="#3d3d4a" stroke-width="1" />
      <rect x="-9.5" y="-8" width="4" height="15" fill="#ece6d6" stroke="#3d3d4a" stroke-width="1" />
      <rect x="5.5" y="-8" width="4" height="15" fill="#ece6d6" stroke="#3d3d4a" stroke-width="1" />
      <path d="M-10,-8 L-7.5,-12 L-5,-8 Z M5,-8 L7.5,-12 L10,-8 Z" fill="#5b6d8a" stroke="#3d3d4a" stroke-width="0.8" />
      <path d="M-2,7 V2.5 A2,2 0 0 1 2,2.5 V7" fill="#3d3d4a" />
      <path d="M0,-13 V-9 M-1.6,-11.5 H1.6" stroke="#3d3d4a" stroke-width="1" />
    </g>
  );
}

function Inn({ at }: { at: Pt }) {
  // An inn by its lake.
  return (
    <g transform={`translate(${at[0]},${at[1]}) scale(1.3)`} class="sym inn" data-sym="inn">
      <ellipse cx="3" cy="4" rx="8" ry="4.5" fill={C.river} stroke={C.riverEdge} stroke-width="0.8" />
      <rect x="-7" y="-4" width="9" height="7" fill="#f3e2bd" stroke="#5a3a20" stroke-width="1" />
      <path d="M-8.5,-4 L-2.5,-9 L3.5,-4 Z" fill="#c0392b" stroke="#5a3a20" stroke-width="1" />
      <rect x="-4" y="-1" width="3" height="4" fill="#5a3a20" />
    </g>
  );
}

function Princess({ at }: { at: Pt }) {
  return (
    <g transform={`translate(${at[0]},${at[1]}) scale(1.35)`} class="sym princess" data-sym="princess">
      <circle r="8" fill="#fff0f6" stroke="#a3275f" stroke-width="1" />
      <path d="M-4.5,6 L0,-1.5 L4.5,6 Z" fill="#e0559a" stroke="#a3275f" stroke-width="0.8" />
      <circle cy="-3.2" r="2" fill="#f6d2b8" stroke="#a3275f" stroke-width="0.6" />
      <path d="M-2.2,-5 L-2.2,-7.4 L-1,-6.2 L0,-7.8 L1,-6.2 L2.2,-7.4 L2.2,-5 Z" fill="#f2c400" stroke="#8a6d00" stroke-width="0.5" />
    </g>
  );
}

function Volcano({ at }: { at: Pt }) {
  return (
    <g transform={`translate(${at[0]},${at[1]})`} class="sym volcano" data-sym="volcano">
      <path d="M-15,10 L-5,-6 H5 L15,10 Z" fill="#6b4a35" stroke="#3b2a1d" stroke-width="1.3" />
      <path d="M-5,-6 Q0,-2 5,-6 L3,3 L1,-1 L-1,5 L-3,-1 Z" fill="#e8542a" />
      <path d="M-3,-8 Q-5,-12 -1,-14 M2,-8 Q4,-12 1,-15" stroke="#888" stroke-width="1.4" fill="none" />
    </g>
  );
}

function Dragon({ at }: { at: Pt }) {
  return (
    <g transform={`translate(${at[0]},${at[1]}) scale(1.35)`} class="sym dragon" data-sym="dragon">
      <circle r="8.5" fill="#fff3e8" stroke="#9b1c1c" stroke-width="1.3" />
      {/* A dragon's head in profile, facing right: horn, eye, open jaw, a flame. */}
      <path d="M-6,4 L-5,-1 Q-4,-5 0,-5 L2,-8 L2.4,-4.6 Q5,-4 6,-2 L3,-1 L6.5,1 L2,1.5 Q-1,2 -2,5 Z" fill="#b3261e" />
      <circle cx="0.6" cy="-2.6" r="0.8" fill="#fff" />
      <path d="M6.5,1 L8,0 L7.6,2 Z" fill="#f2a400" />
    </g>
  );
}

function Portal({ at }: { at: Pt }) {
  return (
    <g transform={`translate(${at[0]},${at[1]}) scale(1.35)`} class="sym portal" data-sym="magic_portal">
      <path d="M-6,8 V-1 A6,6 0 0 1 6,-1 V8 Z" fill="#d7b8f0" stroke="#6c2e99" stroke-width="2" />
      <path d="M0,-1 L0.9,1.6 L3.4,2 L0.9,2.6 L0,5.2 L-0.9,2.6 L-3.4,2 L-0.9,1.6 Z" fill="#fff" />
    </g>
  );
}

export interface TileProps {
  def: TileDef | undefined;
  id: string;
  rot: number;
  meeples?: Meeple[];
  /** Kept for shouldComponentUpdate: the view's object for this tile. */
  src?: unknown;
}

/** A tile in a 100×100 box at the origin; the caller places it. Redraws only when
 * its own part of the view changed (patches keep untouched tiles' identity). */
export class TileSvg extends Component<TileProps> {
  shouldComponentUpdate(next: TileProps): boolean {
    const p = this.props;
    if (next.src !== undefined && next.src === p.src && next.def === p.def) return false;
    return next.def !== p.def || next.id !== p.id || next.rot !== p.rot || next.meeples !== p.meeples || next.src !== p.src;
  }

  render() {
    const { def, id, rot, meeples } = this.props;
    if (!def) {
      return (
        <g class="tile unknown">
          <rect width="100" height="100" fill="#ccc" stroke="#888" />
          <text x="50" y="55" font-size="10" text-anchor="middle">
            {id}
          </text>
        </g>
      );
    }
    const g = geometry(def);
    const upright = (p: Pt) => turn(p, rot);
    const fieldIds = new Set(def.fields.map((f) => f.id));
    const city = ({ def: c, place }: (typeof g.cities)[number]) =>
      place ? (
        <g key={c.id} transform={`rotate(${place.r * 90} 50 50)`} data-city={c.id}>
          {c.id === g.upper && <path d={place.shape.fill} fill="#000" opacity="0.25" transform="translate(2.5,2.5)" />}
          <path d={place.shape.fill} fill={c.id === g.upper ? "#dcb577" : C.city} />
          {place.shape.wall && <path d={place.shape.wall} fill="none" stroke={C.wall} stroke-width="3.2" stroke-linecap="round" />}
        </g>
      ) : null;
    // A road that crosses another straight one passes over it on a bridge.
    const straight = (r: (typeof g.roads)[number]) => r.def.edges.length === 2 && (sideIndex(r.def.edges[0]) + 2) % 4 === sideIndex(r.def.edges[1]);
    const bridge = g.roads.filter(straight).length >= 2 ? g.roads.find(straight)!.def.id : null;
    const road = ({ def: r, shape }: (typeof g.roads)[number]) => (
      <g key={`rd${r.id}`} data-road={r.id}>
        {r.id === bridge && <path d={shape.d} stroke="#000" stroke-opacity="0.3" stroke-width="17" fill="none" transform="translate(2,2)" />}
        <path d={shape.d} stroke={C.roadEdge} stroke-width={r.id === bridge ? 15 : 11} fill="none" stroke-linecap="butt" />
        <path d={shape.d} stroke={C.road} stroke-width="8" fill="none" />
        {r.id === bridge && (
          <g transform={`rotate(${sideIndex(r.edges[0]) * 90} 50 50)`} stroke="#6b4b2a" stroke-width="2.2">
            <path d="M42.5,30 V70 M57.5,30 V70" />
            <path d="M40,30 H45 M55,30 H60 M40,70 H45 M55,70 H60" />
          </g>
        )}
      </g>
    );
    return (
      <g class="tile" data-tile={id}>
        <g transform={`rotate(${rot * 90} 50 50)`}>
          <rect width="100" height="100" fill={C.field} />
          {g.rivers.map(({ shape }, i) => (
            <g key={`rv${i}`}>
              <path d={shape.d} stroke={C.riverEdge} stroke-width="17" fill="none" />
              <path d={shape.d} stroke={C.river} stroke-width="13" fill="none" />
            </g>
          ))}
          {def.river_role === "source" && <circle cx="50" cy="50" r="10" fill={C.river} stroke={C.riverEdge} stroke-width="2" />}
          {def.river_role === "lake" && <ellipse cx="48" cy="50" rx="26" ry="20" fill={C.river} stroke={C.riverEdge} stroke-width="2" />}
          {g.hedges.map(([a, b], i) => (
            <path key={`h${i}`} d={`M${a[0]},${a[1]} L${b[0]},${b[1]}`} stroke="#3f6b25" stroke-width="3.2" stroke-dasharray="1 3.2" stroke-linecap="round" class="hedge" />
          ))}
          {g.roads.filter((r) => r.def.id !== bridge).map(road)}
          {g.roads.filter((r) => r.def.edges.length === 1 && r.def.terminus === "crossing").length >= 3 && (
            <rect x="42" y="42" width="16" height="16" fill="#a8553a" stroke="#5a3a20" stroke-width="1.2" />
          )}
          {g.house && (
            <g>
              <rect x={g.house[0] - 7} y={g.house[1] - 4} width="14" height="11" fill="#efe6d2" stroke="#5a4630" stroke-width="1.2" />
              <path d={`M${g.house[0] - 9},${g.house[1] - 4} L${g.house[0]},${g.house[1] - 12} L${g.house[0] + 9},${g.house[1] - 4} Z`} fill="#b5452f" stroke="#5a4630" stroke-width="1.2" />
            </g>
          )}
          {g.cities.filter((c) => c.def.id !== g.upper).map(city)}
          {g.cities.filter((c) => c.def.id === g.upper).map(city)}
          {bridge && road(g.roads.find((r) => r.def.id === bridge)!)}
          {Object.entries(g.tunnels).map(([rid, [a, b]]) => (
            <g key={`t${rid}`} class="tunnel">
              <path d={`M${a[0]},${a[1]} L${b[0]},${b[1]}`} stroke={C.roadEdge} stroke-width="3" stroke-dasharray="4 3" opacity="0.8" />
              {[a, b].map((p, i) => (
                <circle key={i} cx={p[0]} cy={p[1]} r="5.5" fill="#2b1d10" stroke={C.wall} stroke-width="1.5" />
              ))}
            </g>
          ))}
          {def.monastery && <Monastery />}
        </g>
        {symbols(def).map(({ sym, at, feature }, i) => {
          const p = upright(at);
          const key = `${sym}${feature ?? ""}${i}`;
          switch (sym) {
            case "shield":
              return <Shield key={key} at={p} />;
            case "cathedral":
              return <Cathedral key={key} at={p} />;
            case "princess":
              return <Princess key={key} at={p} />;
            case "inn":
              return <Inn key={key} at={p} />;
            case "volcano":
              return <Volcano key={key} at={p} />;
            case "dragon":
              return <Dragon key={key} at={p} />;
            case "magic_portal":
              return <Portal key={key} at={p} />;
            default:
              return <Goods key={key} at={p} kind={sym} />;
          }
        })}
        <rect width="100" height="100" fill="none" stroke="#3b3b2b" stroke-opacity="0.35" stroke-width="1" />
        {(meeples ?? []).map((m, i) => {
          const a = g.anchors[m.feature];
          return a ? (
            <MeepleShape key={i} at={upright(a)} seat={m.seat} kind={m.kind} field={fieldIds.has(m.feature)} />
          ) : null;
        })}
      </g>
    );
  }
}

// The neutral figures of Princess & Dragon, drawn over the tiles, each centred on its
// point: a red dragon (about 60 units wide, bigger than any piece) and a fairy with
// wings and a wand (about 30 units), both with a white outline so they stand out on
// any tile and from the seat colours.
const DRAGON_PARTS: { d: string; fill: string }[] = [
  // far wing, tail, body, near wing, neck and head, legs
  { d: "M-6,-4 L-12,-27 L-6,-22 L-1,-30 L3,-21 L10,-25 L6,-6 Z", fill: "#7d1414" },
  { d: "M-13,3 Q-24,3 -27,12 L-31,9 L-29,17 L-22,13 Q-19,9 -11,9 Z", fill: "#b3261e" },
  { d: "M-15,3 Q-15,-7 0,-7 Q13,-7 14,2 Q13,11 0,11 Q-15,11 -15,3 Z", fill: "#c62f22" },
  { d: "M-2,-3 L-5,-23 L1,-18 L6,-25 L9,-15 L15,-16 L9,-1 Z", fill: "#e0483a" },
  { d: "M8,-2 Q13,-11 18,-15 L27,-16 Q31,-14 28,-10 L22,-9 Q19,-3 14,5 Z", fill: "#c62f22" },
  { d: "M-9,9 L-10,17 L-6,17 L-5,10 Z M5,9 L6,17 L10,17 L9,9 Z", fill: "#8c1b12" },
];

export function DragonFigure({ at, scale = 1 }: { at: Pt; scale?: number }) {
  return (
    <g transform={`translate(${at[0]},${at[1]}) scale(${scale})`} class="figure dragon-figure" data-testid="dragon" pointer-events="none">
      <ellipse cy="19" rx="22" ry="4" fill="#000" opacity="0.3" />
      {DRAGON_PARTS.map((p, i) => (
        <path key={`o${i}`} d={p.d} fill="none" stroke="#fff" stroke-width="4.5" stroke-linejoin="round" />
      ))}
      {DRAGON_PARTS.map((p, i) => (
        <path key={i} d={p.d} fill={p.fill} stroke="#3a0a0a" stroke-width="1.2" stroke-linejoin="round" />
      ))}
      <circle cx="23" cy="-12.6" r="1.6" fill="#fff" />
      <circle cx="23.4" cy="-12.6" r="0.7" fill="#111" />
      <path d="M18,-15 L17,-20 L21,-16 Z" fill="#f2c400" stroke="#3a0a0a" stroke-width="0.6" />
      <path d="M29,-12 L36,-15 L33,-11 L37,-8 L30,-9 Z" fill="#f6a21a" stroke="#b35a00" stroke-width="0.6" />
    </g>
  );
}

export function FairyFigure({ at, scale = 1 }: { at: Pt; scale?: number }) {
  return (
    <g transform={`translate(${at[0]},${at[1]}) scale(${scale * 1.3})`} class="figure fairy-figure" data-testid="fairy" pointer-events="none">
      <circle r="15" fill="#fffbe0" opacity="0.75" />
      <ellipse cx="-6.5" cy="-3" rx="6" ry="9" transform="rotate(-25 -6.5 -3)" fill="#bfe8ff" stroke="#3d7fb0" stroke-width="1" opacity="0.95" />
      <ellipse cx="6.5" cy="-3" rx="6" ry="9" transform="rotate(25 6.5 -3)" fill="#bfe8ff" stroke="#3d7fb0" stroke-width="1" opacity="0.95" />
      <path d="M0,-3 L-6,11 H6 Z" fill="#e87ac0" stroke="#7a1f5c" stroke-width="1.1" stroke-linejoin="round" />
      <circle cy="-6.5" r="3.6" fill="#f8dcc4" stroke="#7a1f5c" stroke-width="0.9" />
      <path d="M-3.5,-8 Q0,-12.5 3.5,-8" fill="none" stroke="#e2b100" stroke-width="1.6" />
      <path d="M4,1 L11,-8" stroke="#7a5a10" stroke-width="1.1" />
      <path d="M11,-12 L12.1,-9.1 L15,-8.6 L12.6,-7 L13.2,-4 L11,-5.8 L8.8,-4 L9.4,-7 L7,-8.6 L9.9,-9.1 Z" fill="#ffd400" stroke="#9a7400" stroke-width="0.6" />
    </g>
  );
}
