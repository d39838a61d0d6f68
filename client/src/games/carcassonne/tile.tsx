// One tile as SVG, drawn from its catalogue entry.

import { Component } from "preact";
import { SEAT_COLOURS } from "../types";
import { geometry, turn, type Pt, type TileDef } from "./geometry";
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

export function MeepleShape({ at, seat, kind, field }: { at: Pt; seat: number; kind: string; field: boolean }) {
  const big = kind.includes("large") || kind.includes("big");
  const s = big ? 1.35 : 1;
  const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  // Farmers lie in their field, as on the printed tiles' rules sheet.
  return (
    <g
      transform={`translate(${at[0]},${at[1]}) rotate(${field ? -90 : 0}) scale(${s})`}
      class="meeple"
      data-seat={seat}
      data-kind={kind}
    >
      <path d={MEEPLE} fill={colour} stroke="#111" stroke-width="1.1" stroke-linejoin="round" />
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

function Goods({ at, kind }: { at: Pt; kind: string }) {
  const colour = kind === "wine" ? "#7b2d7a" : kind === "grain" ? "#e0b400" : "#4a7fd0";
  return <circle cx={at[0]} cy={at[1]} r="4" fill={colour} stroke="#fff" stroke-width="1" />;
}

function Cathedral({ at }: { at: Pt }) {
  return (
    <g transform={`translate(${at[0] + 12},${at[1] + 12})`}>
      <rect x="-6" y="-4" width="12" height="9" fill="#e9e4d8" stroke="#4a4a4a" stroke-width="1" />
      <path d="M-7,-4 L0,-10 L7,-4 Z" fill="#5b6d8a" stroke="#4a4a4a" stroke-width="1" />
      <path d="M0,-15 V-10 M-2,-13 H2" stroke="#4a4a4a" stroke-width="1.2" />
    </g>
  );
}

function Inn({ at }: { at: Pt }) {
  return (
    <g transform={`translate(${at[0] + 10},${at[1] + 9})`}>
      <rect x="-5" y="-3" width="10" height="7" fill="#f3e2bd" stroke="#5a3a20" stroke-width="1" />
      <path d="M-6,-3 L0,-8 L6,-3 Z" fill="#c0392b" stroke="#5a3a20" stroke-width="1" />
    </g>
  );
}

function Volcano() {
  return (
    <g transform="translate(50,56)">
      <path d="M-22,14 L-7,-10 H7 L22,14 Z" fill="#6b4a35" stroke="#3b2a1d" stroke-width="1.5" />
      <path d="M-7,-10 Q0,-4 7,-10 L4,-16 Q0,-22 -4,-16 Z" fill="#e8542a" />
    </g>
  );
}

function Dragon() {
  return (
    <g transform="translate(84,86)">
      <circle r="8" fill="#fff3" stroke="#9b1c1c" stroke-width="1.5" />
      <path d="M-5,3 Q-2,-6 4,-4 L6,-6 L5,-1 Q2,4 -5,3 Z" fill="#b3261e" />
    </g>
  );
}

function Portal() {
  return (
    <g transform="translate(84,86)">
      <circle r="7" fill="none" stroke="#8e44ad" stroke-width="2.5" />
      <circle r="3" fill="#d7b8f0" />
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
          {g.roads.map(({ shape }, i) => (
            <g key={`rd${i}`}>
              <path d={shape.d} stroke={C.roadEdge} stroke-width="11" fill="none" stroke-linecap="butt" />
              <path d={shape.d} stroke={C.road} stroke-width="8" fill="none" />
            </g>
          ))}
          {g.roads.filter((r) => r.def.edges.length === 1 && r.def.terminus === "crossing").length >= 3 && (
            <rect x="42" y="42" width="16" height="16" fill="#a8553a" stroke="#5a3a20" stroke-width="1.2" />
          )}
          {g.cities.map(({ def: c, place }) =>
            place ? (
              <g key={c.id} transform={`rotate(${place.r * 90} 50 50)`}>
                <path d={place.shape.fill} fill={C.city} />
                {place.shape.wall && (
                  <path d={place.shape.wall} fill="none" stroke={C.wall} stroke-width="3.2" stroke-linecap="round" />
                )}
              </g>
            ) : null,
          )}
          {def.monastery && <Monastery />}
        </g>
        {g.cities.map(({ def: c, place }) =>
          place && c.shield ? <Shield key={`s${c.id}`} at={upright(turn(place.shape.shield, place.r))} /> : null,
        )}
        {g.cities.map(({ def: c }) => (c.goods ? <Goods key={`g${c.id}`} at={upright(g.anchors[c.id])} kind={c.goods} /> : null))}
        {g.cities.map(({ def: c }) => (c.cathedral ? <Cathedral key={`k${c.id}`} at={upright(g.anchors[c.id])} /> : null))}
        {g.roads.map(({ def: r }) => (r.inn ? <Inn key={`i${r.id}`} at={upright(g.anchors[r.id])} /> : null))}
        {def.volcano && <Volcano />}
        {def.dragon && <Dragon />}
        {def.magic_portal && <Portal />}
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
