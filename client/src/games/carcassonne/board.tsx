// The Carcassonne table: the board with zoom (1-4, A: buttons beside it), wheel and
// drag, and its follower step close up where the squares would be too small to tap; the drawn
// tile with rotate arrows; legal squares of the chosen rotation; white squares
// for the follower spots after placing, and ✕ to place none. Every clickable spot is
// reached with Tab and pressed with Enter or Space; below, the list of legal moves.

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { t } from "../../i18n";
import { intentLabel } from "../generic";
import { type BoardProps, SEAT_COLOURS } from "../types";
import { geometry, tileIndex, turn, type TileDef } from "./geometry";
import { chosenPiece, fairyTargets, scorePops, legalChoices, readIntents, readModel, spotsFor, throughPortal } from "./model";
import { CarcMoves, featureKind } from "./moves";
import "./board.css";
import { DragonFigure, FairyFigure, MeepleShape, TileSvg } from "./tile";
import { closeUp, fitBox, nearest, type Pt, TOUCH_PX, touchSide } from "./zoom";

const U = 100; // board units per tile
const ZOOM_PX = [0, 44, 70, 100, 140]; // pixels per tile for buttons 1-4

type Zoom = { mode: "all" } | { mode: "manual"; px: number; cx: number; cy: number };

/** A phone or a tablet: a narrow screen (as board.css has it) or a finger for a pointer. */
function touchScreen(): boolean {
  return typeof matchMedia !== "undefined" && (matchMedia("(max-width: 700px)").matches || matchMedia("(pointer: coarse)").matches);
}

/** A spot of the board as a button for the keyboard: in the Tab order, named for
 * screen readers, pressed with Enter or Space as a click would. */
function pressable(label: string, press: () => void) {
  return {
    tabindex: 0, // lowercase: Preact sets SVG attributes as written, and SVG names are case-sensitive
    role: "button" as const,
    "aria-label": label,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault(); // Space would scroll the page
      press();
    },
  };
}

export function CarcassonneBoard({ view, room, act, names, catalogue }: BoardProps) {
  const tiles = useMemo(() => tileIndex(catalogue), [catalogue]);
  const model = useMemo(() => readModel(view), [view]);
  const intents = useMemo(() => readIntents((view.legal ?? []) as Record<string, unknown>[]), [view.legal]);
  const [rot, setRot] = useState(0);
  const [hover, setHover] = useState<string | null>(null);
  // The piece chosen for the follower step (null: the default, an ordinary follower).
  const [pieceChoice, setPiece] = useState<string | null>(null);
  const [zoom, setZoom] = useState<Zoom>({ mode: "all" });
  const [size, setSize] = useState({ w: 800, h: 560 });
  const boxRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  // The follower step whose close-up the player undid with A (see `closeUp` in zoom.ts).
  const [wideStep, setWideStep] = useState("");
  const drag = useRef<{ x: number; y: number; cx: number; cy: number; moved: boolean } | null>(null);

  // Rotations that have somewhere to go; a new tile starts at the first of them.
  const rots = useMemo(() => [...new Set(intents.place.map((p) => p.rot))].sort(), [intents.place]);
  const placeKey = intents.place.length ? `${model.drawn}:${model.tiles.length}` : "";
  useEffect(() => {
    if (rots.length && !rots.includes(rot)) setRot(rots[0]);
  }, [placeKey]);
  // On a phone the drawn tile and the board are one screenful (board.css): when a tile
  // comes to be placed, that screenful is brought into view, unless the player is
  // typing (the chat below).
  useEffect(() => {
    const el = stageRef.current;
    if (!placeKey || !el || typeof matchMedia === "undefined" || !matchMedia("(max-width: 700px)").matches) return;
    const typing = document.activeElement?.matches("input, textarea, select");
    const b = el.getBoundingClientRect();
    if (!typing && (b.top < 0 || b.bottom > innerHeight)) el.scrollIntoView({ block: "nearest" });
  }, [placeKey]);

  useLayoutEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const measure = () => setSize({ w: Math.max(200, el.clientWidth), h: Math.max(200, el.clientHeight) });
    measure();
    const ro = typeof ResizeObserver !== "undefined" ? new ResizeObserver(measure) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);

  const spots = intents.place.filter((p) => p.rot === rot);
  // The selector's choices: the pieces with a listed intent, and the fairy (drache).
  const pieces = legalChoices(intents);
  const piece = chosenPiece(intents, pieceChoice);
  const fairyChosen = piece === "fairy";
  const meepleSpots = fairyChosen ? [] : spotsFor(intents, piece);
  const fairyTo = fairyChosen ? fairyTargets(intents) : { tiles: [], followers: [] };
  const portal = meepleSpots.some((m) => throughPortal(m, model.last));
  const dragonWalk = model.phase === "dragon";
  useEffect(() => setPiece(null), [model.tiles.length, model.drawn]);
  const occupied = new Set(model.tiles.map((p) => `${p.x},${p.y}`));

  // The follower step's squares, where they stand on the board (board units): drawn
  // below, and what the close-up frames.
  const meepleTile = model.last ?? (intents.meeple.length && model.tiles.length ? model.tiles[model.tiles.length - 1] : null);
  const at = new Map(model.tiles.map((p) => [`${p.x},${p.y}`, p]));
  const squares = meepleTile
    ? meepleSpots.flatMap((m) => {
        const x = m.x ?? meepleTile.x;
        const y = m.y ?? meepleTile.y;
        const p = at.get(`${x},${y}`);
        const def = p ? tiles.get(p.tile) : undefined;
        const a = def ? geometry(def).anchors[m.feature] : undefined;
        if (!p || !a) return [];
        const [ax, ay] = turn(a, p.rot);
        return [{ m, x, y, def, pt: [x * U + ax, -y * U + ay] as Pt }];
      })
    : [];
  const stepKey = squares.length ? `${model.tiles.length}:${piece}` : "";

  // The visible box: everything (A) or a window of fixed scale (1-4).
  let minX = 0,
    maxX = 0,
    minY = 0,
    maxY = 0;
  for (const p of [...model.tiles, ...intents.place]) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  let vb: [number, number, number, number];
  if (zoom.mode === "all") {
    const bx = (minX - 1) * U,
      by = -(maxY + 1) * U,
      bw = (maxX - minX + 3) * U,
      bh = (maxY - minY + 3) * U;
    // On a phone, never tiles narrower than a finger (zoom.ts): a large board is shown
    // around the latest tile, the rest a drag away.
    const latest = model.last ?? null;
    vb = fitBox([bx, by, bw, bh], size, U, latest && [latest.x * U + U / 2, -latest.y * U + U / 2], touchScreen() ? TOUCH_PX : 0);
  } else {
    const scale = U / zoom.px;
    const w = size.w * scale,
      h = size.h * scale;
    vb = [zoom.cx - w / 2, zoom.cy - h / 2, w, h];
  }
  // The follower step close up, when the whole board would set its squares closer
  // than a finger's width (zoom.ts); A during the step shows all the same.
  const near = zoom.mode === "all" && stepKey !== wideStep ? closeUp(squares.map((q) => q.pt), size, size.w / vb[2]) : null;
  if (near) vb = near;
  const unitsPerPx = vb[2] / size.w;
  const gaps = nearest(squares.map((q) => q.pt));

  function centre(): { cx: number; cy: number } {
    if (zoom.mode === "manual") return { cx: zoom.cx, cy: zoom.cy };
    // During the dragon's walk, zoom in around the dragon.
    const at = (dragonWalk && model.dragon) || model.last || (spots[0] ? { x: spots[0].x, y: spots[0].y } : { x: 0, y: 0 });
    return { cx: at.x * U + U / 2, cy: -at.y * U + U / 2 };
  }

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const rect = boxRef.current!.getBoundingClientRect();
    const mx = vb[0] + (e.clientX - rect.left) * unitsPerPx;
    const my = vb[1] + (e.clientY - rect.top) * unitsPerPx;
    const px = Math.min(220, Math.max(12, (U / unitsPerPx) * (e.deltaY < 0 ? 1.15 : 1 / 1.15)));
    const scale = U / px;
    // Keep the point under the cursor in place.
    const cx = mx - ((e.clientX - rect.left) - size.w / 2) * scale;
    const cy = my - ((e.clientY - rect.top) - size.h / 2) * scale;
    setZoom({ mode: "manual", px, cx, cy });
  };
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  });

  // Keys as the buttons: 1-4 and A zoom, ← → turn the drawn tile (not while typing).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT")) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key >= "1" && e.key <= "4") setZoom({ mode: "manual", px: ZOOM_PX[Number(e.key)], ...centre() });
      else if (e.key === "a" || e.key === "A") {
        setZoom({ mode: "all" });
        setWideStep(stepKey);
      }
      else if (e.key === "ArrowLeft" && intents.place.length) setRot((rot + 3) % 4);
      else if (e.key === "ArrowRight" && intents.place.length) setRot((rot + 1) % 4);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  });

  const onDown = (e: PointerEvent) => {
    // From the board as it is drawn (fitted, close up or zoomed).
    drag.current = { x: e.clientX, y: e.clientY, cx: vb[0] + vb[2] / 2, cy: vb[1] + vb[3] / 2, moved: false };
  };
  const onMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || (e.buttons & 1) === 0) return;
    const dx = e.clientX - d.x,
      dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 5) return;
    d.moved = true;
    setZoom({ mode: "manual", px: U / unitsPerPx, cx: d.cx - dx * unitsPerPx, cy: d.cy - dy * unitsPerPx });
  };
  const onUp = () => {
    setTimeout(() => (drag.current = null), 0);
  };
  const clickable = () => !drag.current?.moved;

  const drawnDef: TileDef | undefined = model.drawn ? tiles.get(model.drawn) : undefined;
  // What the latest turn scored, shown where it happened.
  const pops = scorePops(view.log ?? [], !!view.result);
  const myTurn = intents.place.length > 0;
  const meepleStep =
    intents.meeple.length > 0 || intents.fairy.length > 0 || intents.princess.length > 0 || (intents.skip !== null && intents.place.length === 0);
  // Where a follower stands on the board (its spot), in board units; null off the tiles.
  const spotAt = (x: number, y: number, feature: string): [number, number] | null => {
    const p = at.get(`${x},${y}`);
    const def = p ? tiles.get(p.tile) : undefined;
    const a = def ? geometry(def).anchors[feature] : undefined;
    if (!p || !a) return null;
    const [ax, ay] = turn(a, p.rot);
    return [x * U + ax, -y * U + ay];
  };
  // The figures stay readable when the whole board is shown on a small screen.
  const figScale = Math.min(2, Math.max(1, unitsPerPx * 0.6));
  const fairyAt: [number, number] | null = model.fairy
    ? (model.fairy.feature && spotAt(model.fairy.x, model.fairy.y, model.fairy.feature)
        ? (([px, py]) => [px + 13, py - 12] as [number, number])(spotAt(model.fairy.x, model.fairy.y, model.fairy.feature)!)
        : [model.fairy.x * U + 78, -model.fairy.y * U + 24])
    : null;
  const ring = Math.max(13, 9 * unitsPerPx);
  const activeSeat = (view.active ?? [])[0];

  return (
    <div class="carc">
      <div class="carc-stage" ref={stageRef} data-testid="carc-stage">
        <div class="carc-board" data-testid="carc-board">
          <div class="carc-view" ref={boxRef}>
            <svg
              class="board-svg"
              viewBox={vb.join(" ")}
              width={size.w}
              height={size.h}
              onPointerDown={onDown}
              onPointerMove={onMove}
              onPointerUp={onUp}
              onPointerLeave={onUp}
            >
              <defs>
                <pattern id="felt" width="40" height="40" patternUnits="userSpaceOnUse">
                  <rect width="40" height="40" fill="#2f5d3a" />
                  <path d="M0,40 L40,0" stroke="#2a5434" stroke-width="6" />
                </pattern>
              </defs>
              <rect x={vb[0]} y={vb[1]} width={vb[2]} height={vb[3]} fill="url(#felt)" />
              {model.tiles.map((p) => (
                <g key={`${p.x},${p.y}`} transform={`translate(${p.x * U},${-p.y * U})`} data-x={p.x} data-y={p.y} class="placed">
                  <TileSvg def={tiles.get(p.tile)} id={p.tile} rot={p.rot} meeples={p.meeples} src={p.src} />
                </g>
              ))}
              {model.last && (
                <rect
                  x={model.last.x * U + 2}
                  y={-model.last.y * U + 2}
                  width={U - 4}
                  height={U - 4}
                  fill="none"
                  stroke="#fff6a8"
                  stroke-width={Math.max(3, 2 * unitsPerPx)}
                  stroke-dasharray="10 6"
                  pointer-events="none"
                />
              )}
              {pops.map((p, i) => {
                const placed = model.tiles.find((q) => q.x === p.x && q.y === p.y);
                const def = placed ? tiles.get(placed.tile) : undefined;
                const a = def && p.feature ? geometry(def).anchors[p.feature] : undefined;
                const [ax, ay] = a ? turn(a, placed!.rot) : [50, 50];
                const seat = p.seats?.[0] ?? 0;
                return (
                  <g key={`pop${i}`} class="score-pop" data-testid="score-pop" transform={`translate(${p.x * U + ax},${-p.y * U + ay - 14}) scale(${Math.max(1, unitsPerPx * 0.9)})`} pointer-events="none">
                    <rect x="-15" y="-10" width="30" height="18" rx="9" fill={SEAT_COLOURS[seat % SEAT_COLOURS.length]} stroke="#fff" stroke-width="2" />
                    <text y="4" text-anchor="middle" font-size="12" font-weight="700" fill={seat === 2 ? "#222" : "#fff"}>
                      +{p.points ?? 0}
                    </text>
                  </g>
                );
              })}
              {model.walk?.visited.map((q, i) => (
                <g key={`w${i}`} class="dragon-visited" data-testid="dragon-visited" data-x={q.x} data-y={q.y} pointer-events="none">
                  <rect x={q.x * U + 4} y={-q.y * U + 4} width={U - 8} height={U - 8} rx="4" fill="#b3261e" fill-opacity="0.22" stroke="#b3261e" stroke-width={Math.max(3, 2 * unitsPerPx)} stroke-dasharray="6 5" />
                  <text x={q.x * U + 12} y={-q.y * U + 24} font-size={Math.max(14, 9 * unitsPerPx)} font-weight="700" fill="#fff" stroke="#7d1414" stroke-width="3" paint-order="stroke">
                    {i === 0 ? "" : i}
                  </text>
                </g>
              ))}
              {intents.dragon.map((d) => (
                <g
                  key={`d${d.x},${d.y}`}
                  class="spot dragon-step"
                  data-testid="dragon-step"
                  data-x={d.x}
                  data-y={d.y}
                  transform={`translate(${d.x * U},${-d.y * U})`}
                  onClick={() => clickable() && act(d.intent)}
                  {...pressable(`${t("carc.dragon_step")} (${d.x}, ${d.y})`, () => act(d.intent))}
                >
                  <rect x="3" y="3" width="94" height="94" rx="6" fill="#ff8a5c" fill-opacity="0.4" stroke="#ff5a1f" stroke-width={Math.max(5, 2.5 * unitsPerPx)} />
                  <title>{t("carc.dragon_step")}</title>
                </g>
              ))}
              {fairyTo.tiles.map((f) => (
                <g
                  key={`ft${f.x},${f.y}`}
                  class="spot fairy-target"
                  data-testid="fairy-target"
                  data-x={f.x}
                  data-y={f.y}
                  transform={`translate(${f.x * U},${-f.y * U})`}
                  onClick={() => clickable() && act(f.intent)}
                  {...pressable(`${t("carc.fairy_move")} (${f.x}, ${f.y})`, () => act(f.intent))}
                >
                  <rect x="4" y="4" width="92" height="92" rx="8" fill="#bfe8ff" fill-opacity="0.35" stroke="#3d7fb0" stroke-width="4" stroke-dasharray="9 4" />
                  <title>{t("carc.fairy_move")}</title>
                </g>
              ))}
              {model.dragon && <DragonFigure at={[model.dragon.x * U + 50, -model.dragon.y * U + 50]} scale={figScale} />}
              {fairyAt && <FairyFigure at={fairyAt} scale={figScale} />}
              {fairyTo.followers.map((f) => {
                const p = spotAt(f.x, f.y, f.feature!);
                return p ? (
                  <circle
                    key={`ff${f.x},${f.y},${f.feature}`}
                    class="fairy-target"
                    data-testid="fairy-target"
                    data-x={f.x}
                    data-y={f.y}
                    data-feature={f.feature}
                    cx={p[0]}
                    cy={p[1]}
                    r={ring}
                    fill="#bfe8ff"
                    fill-opacity="0.3"
                    stroke="#3d7fb0"
                    stroke-width={Math.max(3, 1.6 * unitsPerPx)}
                    stroke-dasharray="6 3"
                    onClick={() => clickable() && act(f.intent)}
                    {...pressable(`${t("carc.fairy_move")} (${f.x}, ${f.y})`, () => act(f.intent))}
                  >
                    <title>{t("carc.fairy_move")}</title>
                  </circle>
                ) : null;
              })}
              {intents.princess.map((k) => {
                const p = spotAt(k.x, k.y, k.feature);
                return p ? (
                  <circle
                    key={`pr${k.x},${k.y},${k.feature}`}
                    class="princess-target"
                    data-testid="princess-target"
                    data-x={k.x}
                    data-y={k.y}
                    data-feature={k.feature}
                    cx={p[0]}
                    cy={p[1]}
                    r={ring}
                    fill="#ffd6ea"
                    fill-opacity="0.35"
                    stroke="#e0559a"
                    stroke-width={Math.max(3.5, 2 * unitsPerPx)}
                    onClick={() => clickable() && act(k.intent)}
                    {...pressable(`${t("carc.princess_remove")} (${k.x}, ${k.y})`, () => act(k.intent))}
                  >
                    <title>{t("carc.princess_remove")}</title>
                  </circle>
                ) : null;
              })}
              {spots.map((p) => {
                const k = `${p.x},${p.y}`;
                if (occupied.has(k)) return null;
                return (
                  <g
                    key={k}
                    class="spot"
                    data-testid="place-spot"
                    data-x={p.x}
                    data-y={p.y}
                    transform={`translate(${p.x * U},${-p.y * U})`}
                    onPointerEnter={() => setHover(k)}
                    onPointerLeave={() => setHover((h) => (h === k ? null : h))}
                    onClick={() => clickable() && act(p.intent)}
                    // Focused from the keyboard, the square shows the tile as hovering does.
                    onFocus={() => setHover(k)}
                    onBlur={() => setHover((h) => (h === k ? null : h))}
                    {...pressable(t("carc.place_at", { x: p.x, y: p.y, deg: rot * 90 }), () => act(p.intent))}
                  >
                    {hover === k && drawnDef ? (
                      <g opacity="0.75">
                        <TileSvg def={drawnDef} id={model.drawn ?? ""} rot={rot} />
                      </g>
                    ) : null}
                    <rect x="3" y="3" width="94" height="94" rx="6" fill="#fff7b0" fill-opacity={hover === k ? 0.15 : 0.45} stroke="#ffe14d" stroke-width="4" />
                  </g>
                );
              })}
              {squares.map(({ m, x, y, def, pt }, i) => {
                // A touch target of TOUCH_PX pixels, or as large as the nearest other square
                // allows; on it the white square, 20 px where there is room (never under
                // 11 units: a close-up draws it larger), within the target.
                const hit = touchSide(gaps[i] / unitsPerPx) * unitsPerPx;
                const s = Math.max(Math.min(hit, 20 * unitsPerPx, 30), Math.min(11, hit));
                const far = throughPortal(m, meepleTile);
                return (
                  <g
                    key={i}
                    class={far ? "meeple-spot portal-spot" : "meeple-spot"}
                    data-testid="meeple-spot"
                    data-feature={m.feature}
                    data-piece={m.piece}
                    data-portal={far ? "1" : undefined}
                    data-x={x}
                    data-y={y}
                    onClick={() => clickable() && act(m.intent)}
                    {...pressable(`${t(`carc.piece.${m.piece}`)}: ${featureKind(def, m.feature)}`, () => act(m.intent))}
                  >
                    <rect class="touch" x={pt[0] - hit / 2} y={pt[1] - hit / 2} width={hit} height={hit} fill="transparent" />
                    <rect
                      class="look"
                      x={pt[0] - s / 2}
                      y={pt[1] - s / 2}
                      width={s}
                      height={s}
                      fill={far ? "#efe0ff" : m.piece === "follower" ? "#ffffff" : "#ffe9a8"}
                      stroke={far ? "#6c2e99" : "#222"}
                      stroke-width={Math.max(1.5, (far ? 1.8 : 1.2) * unitsPerPx)}
                    />
                    <title>{intentLabel(m.intent)}</title>
                  </g>
                );
              })}
            </svg>
          </div>
          {/* Beside the board, not over it: no square of the board lies under a button. */}
          <div class="zoom" data-testid="zoom">
            {[1, 2, 3, 4].map((n) => (
              <button
                key={n}
                title={t("carc.zoom_n", { n })}
                class={zoom.mode === "manual" && zoom.px === ZOOM_PX[n] ? "on" : ""}
                onClick={() => setZoom({ mode: "manual", px: ZOOM_PX[n], ...centre() })}
              >
                {n}
              </button>
            ))}
            <button
              title={t("carc.zoom_all")}
              class={zoom.mode === "all" && !near ? "on" : ""}
              onClick={() => {
                setZoom({ mode: "all" });
                setWideStep(stepKey);
              }}
            >
              A
            </button>
          </div>
        </div>
        <div class="carc-side">
          {!view.result && (
          <div class="drawn card">
            <div class="drawn-head">
              <span>{t("carc.drawn")}</span>
              <span class="tiles-left" data-testid="tiles-left">
                {model.tilesLeft !== null ? t("carc.tiles_left", { n: model.tilesLeft }) : ""}
              </span>
            </div>
            {model.extra && (
              <p class="extra-turn" data-testid="extra-turn">
                {t("carc.extra")}
              </p>
            )}
            {model.setAside !== null && model.setAside > 0 && (
              <p class="set-aside small" data-testid="set-aside">
                {t("carc.set_aside", { n: model.setAside })}
              </p>
            )}
            {dragonWalk && model.walk && (
              <div class="dragon-walk" data-testid="dragon-steps" data-steps={model.walk.stepsLeft} style={{ display: "flex", alignItems: "center", gap: "0.4rem", fontWeight: 700, margin: "0.2rem 0" }}>
                <svg viewBox="-34 -32 72 54" width="46" height="34" aria-hidden="true" style={{ flex: "none" }}>
                  <DragonFigure at={[0, 0]} />
                </svg>
                <span>{t("carc.dragon_steps", { n: model.walk.stepsLeft })}</span>
              </div>
            )}
            {meepleStep && pieces.length > 1 && (
              <div class="pieces" data-testid="pieces" role="radiogroup" aria-label={t("carc.piece")}>
                {pieces.map((p) => (
                  <button
                    key={p}
                    role="radio"
                    aria-checked={p === piece}
                    class={p === piece ? "piece on" : "piece"}
                    data-testid={`piece-${p}`}
                    title={t(`carc.piece.${p}`)}
                    onClick={() => setPiece(p)}
                  >
                    <svg viewBox="-13 -13 26 26" width="26" height="26" aria-hidden="true">
                      {p === "fairy" ? (
                        <FairyFigure at={[0, 0]} scale={0.62} />
                      ) : (
                        <MeepleShape at={p === "builder" || p === "pig" ? [-7, -5] : [0, 0]} seat={typeof view.you === "number" ? view.you : 0} kind={p} field={false} />
                      )}
                    </svg>
                    <span>{t(`carc.piece.${p}`)}</span>
                  </button>
                ))}
              </div>
            )}
            {meepleStep && intents.skip ? (
              <button class="skip" data-testid="skip" title={t("carc.skip")} onClick={() => act(intents.skip!)}>
                ✕<span>{t("carc.skip")}</span>
              </button>
            ) : dragonWalk ? null : drawnDef || model.drawn ? (
              <div class="drawn-tile">
                {myTurn && (
                  <div class="rots">
                    <button class="rot" data-testid="rotate-left" title={t("carc.rotate_left")} onClick={() => setRot((rot + 3) % 4)}>
                      ←
                    </button>
                    <button class="rot" data-testid="rotate-right" title={t("carc.rotate_right")} onClick={() => setRot((rot + 1) % 4)}>
                      →
                    </button>
                  </div>
                )}
                <svg viewBox="-4 -4 108 108" width="120" height="120" data-testid="drawn" data-rot={rot}>
                  <TileSvg def={drawnDef} id={model.drawn ?? ""} rot={myTurn ? rot : 0} />
                </svg>
              </div>
            ) : null}
            <p class="hint small" data-testid="carc-hint">
              {myTurn
                ? spots.length
                  ? t("carc.place_hint")
                  : t("carc.no_spot")
                : intents.dragon.length
                  ? t("carc.dragon_hint")
                  : intents.princess.length
                    ? t("carc.princess_hint")
                    : meepleStep
                      ? fairyChosen
                        ? t("carc.fairy_hint")
                        : t(pieces.length > 1 ? "carc.piece_hint" : "carc.meeple_hint")
                      : activeSeat !== undefined && !view.result
                        ? t(dragonWalk ? "carc.dragon_wait" : "carc.wait", { player: names(activeSeat) })
                        : ""}
            </p>
            {meepleStep && portal && !intents.princess.length && (
              <p class="hint small portal-hint" data-testid="portal-hint">
                {t("carc.portal_hint")}
              </p>
            )}
          </div>
          )}
          {model.removed.length > 0 && (
            <div class="card removed" data-testid="removed">
              <div class="drawn-head">
                <span>{t("carc.removed")}</span>
              </div>
              <div class="removed-tiles">
                {model.removed.map((id, i) => (
                  <svg key={i} viewBox="0 0 100 100" width="34" height="34">
                    <TileSvg def={tiles.get(id)} id={id} rot={0} />
                  </svg>
                ))}
              </div>
            </div>
          )}
          {intents.other.length > 0 && (
            <div class="card legal">
              {intents.other.map((it, i) => (
                <button key={i} class="intent" onClick={() => act(it)}>
                  {intentLabel(it)}
                </button>
              ))}
            </div>
          )}
        </div>
      </div>
      {/* A player's moves (not a watcher's, nor in a replay, which has no table). */}
      {room !== undefined && typeof view.you === "number" && (
        <CarcMoves intents={intents} model={model} tileAt={(x, y) => tiles.get(at.get(`${x},${y}`)?.tile ?? "")} act={act} />
      )}
    </div>
  );
}
