// One building tile in a 100×100 box: the type's colour and a small picture of it,
// the price in a corner and a thick wall on each walled side. The fountain too.

import { type TileInfo, TYPES } from "./model";
import { tileName } from "./strings";

// The catalogue names a colour per type (blue pavilion, red seraglio, …); these are
// lighter tints of them, so the price and the picture stay readable on top.
const TINTS: Record<string, string> = {
  blue: "#a9c9ee",
  red: "#eeaa9f",
  brown: "#d7b48a",
  white: "#f6f2e8",
  green: "#abd9a0",
  purple: "#cdb3e6",
};
const BY_TYPE = ["blue", "red", "brown", "white", "green", "purple"];

export function tint(type: string, colour: string | null): string {
  return TINTS[colour ?? ""] ?? TINTS[BY_TYPE[TYPES.indexOf(type)] ?? ""] ?? "#ddd";
}

// Simple silhouettes, one per type, so the types differ by more than colour.
const PICTURES: Record<string, string> = {
  pavilion: "M30 74 L30 58 Q50 22 70 58 L70 74 Z",
  seraglio: "M34 74 L34 58 Q34 47 50 36 Q66 47 66 58 L66 74 Z M48 36 L48 26 L52 26 L52 36 Z",
  arcades:
    "M24 74 L24 44 L76 44 L76 74 L70 74 L70 62 A7 7 0 0 0 56 62 L56 74 L54 74 L54 62 A4 4 0 0 0 46 62 L46 74 L44 74 L44 62 A7 7 0 0 0 30 62 L30 74 Z",
  chambers: "M30 74 L30 40 L70 40 L70 74 Z M36 46 L36 54 L46 54 L46 46 Z M54 46 L54 54 L64 54 L64 46 Z M45 62 L45 74 L55 74 L55 62 Z",
  garden: "M50 30 A20 18 0 1 1 49.9 30 Z M46 62 L46 76 L54 76 L54 62 Z",
  tower: "M38 76 L38 40 L35 40 L35 30 L42 30 L42 35 L47 35 L47 30 L53 30 L53 35 L58 35 L58 30 L65 30 L65 40 L62 40 L62 76 Z",
};

const WALL = "#6e4422";
const WALL_RECTS: Record<string, [number, number, number, number]> = {
  N: [0, 0, 100, 10],
  E: [90, 0, 10, 100],
  S: [0, 90, 100, 10],
  W: [0, 0, 10, 100],
};

export function TileShape({ info, colour }: { info: TileInfo; colour: string | null }) {
  return (
    <g class="al-tile" data-type={info.type}>
      <title>{tileName(info.id)}</title>
      <rect x="1.5" y="1.5" width="97" height="97" rx="5" fill={tint(info.type, colour)} stroke="#8d7b58" stroke-width="3" />
      <path d={PICTURES[info.type] ?? ""} fill="#3b3222" fill-opacity="0.45" fill-rule="evenodd" />
      {info.walls.map((s) => {
        const [x, y, w, h] = WALL_RECTS[s];
        return <rect key={s} x={x} y={y} width={w} height={h} fill={WALL} />;
      })}
      <circle cx="27" cy="27" r="13" fill="#fffbea" stroke="#8d7b58" stroke-width="2" />
      <text x="27" y="32.5" text-anchor="middle" font-size="16" font-weight="700" fill="#2b2a26">
        {info.cost}
      </text>
    </g>
  );
}

export function Fountain({ title }: { title: string }) {
  return (
    <g class="al-fountain">
      <title>{title}</title>
      <rect x="1.5" y="1.5" width="97" height="97" rx="5" fill="#e9e2cf" stroke="#8d7b58" stroke-width="3" />
      <circle cx="50" cy="50" r="30" fill="#b9a57c" />
      <circle cx="50" cy="50" r="24" fill="#5aa7d6" />
      <circle cx="50" cy="50" r="7" fill="#e9f5fb" />
    </g>
  );
}

/** A tile on its own (market, reserve, the tiles to place), `px` pixels wide. */
export function TileIcon({ info, colour, px }: { info: TileInfo; colour: string | null; px: number }) {
  return (
    <svg viewBox="0 0 100 100" width={px} height={px} class="al-tile-icon">
      <TileShape info={info} colour={colour} />
    </svg>
  );
}

/** A type's picture alone, for a count beside it (the players panel). */
export function TypeIcon({ type, px }: { type: string; px: number }) {
  return (
    <svg viewBox="20 22 60 58" width={px} height={px} aria-hidden="true" class="al-type-icon">
      <path d={PICTURES[type] ?? ""} fill="#3b3222" fill-opacity="0.75" fill-rule="evenodd" />
    </svg>
  );
}

/** A piece of crenellated wall, for the longest wall's length. */
export function WallIcon({ px }: { px: number }) {
  return (
    <svg viewBox="0 20 100 70" width={px} height={px} aria-hidden="true" class="al-type-icon">
      <path d="M5 88 L5 30 L20 30 L20 42 L35 42 L35 30 L50 30 L50 42 L65 42 L65 30 L80 30 L80 42 L95 42 L95 30 L95 88 Z" fill={WALL} />
    </svg>
  );
}
