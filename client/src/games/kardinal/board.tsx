// The Kardinal & König table: the map of Europe from the catalogue (countries,
// cloister spaces, roads, the cardinals' coat-of-arms circles), the own hand, the
// face-up cards and the deck, and the alliances. Clicks become intents only by
// picking them out of `view.legal` (model.ts); the full list stays below the board.

import { useEffect, useMemo, useState } from "preact/hooks";
import { t } from "../../i18n";
import { GenericBoard } from "../generic";
import { type BoardProps, SEAT_COLOURS } from "../types";
import {
  HIT_R,
  LABEL_DY,
  layout,
  MARK_HALF,
  MIN_SCALE,
  type MapData,
  polyPath,
  type Pt,
  readMap,
  SEAT_HIT_R,
  SEAT_R,
  SPACE_R,
} from "./layout";
import {
  canChoose,
  chosenCards,
  exchangeOf,
  highlighted,
  type Intent,
  type KardinalModel,
  paymentsAt,
  readIntents,
  readModel,
  recentPlacements,
  resolveClick,
  type Target,
  targetKey,
} from "./model";
import { cardName, countryName, labels, spaceName } from "./strings";
import "./board.css";

const seatColour = (seat: number) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** A pale land colour from a country's colour, so that seat-coloured pieces stand out. */
function pale(hex: string, amount = 0.55): string {
  const n = parseInt(hex.replace("#", ""), 16);
  if (!Number.isFinite(n)) return hex;
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `rgb(${mix((n >> 16) & 255)}, ${mix((n >> 8) & 255)}, ${mix(n & 255)})`;
}

/** Whether dark text reads better than white on this colour. */
function light(hex: string): boolean {
  const n = parseInt(hex.replace("#", ""), 16);
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > 160;
}

// Only the common keys: the generic view below the board shows just its list of
// legal intents (the view itself is drawn on the board).
const COMMON = ["game", "you", "active", "legal", "scores", "log", "result"];

export function KardinalBoard(props: BoardProps) {
  const { view, act, catalogue } = props;
  const map = useMemo(() => readMap(catalogue), [catalogue]);
  const geo = useMemo(() => (map ? layout(map) : null), [map]);
  const model = useMemo(() => readModel(view), [view]);
  const intents = useMemo(() => readIntents((view.legal ?? []) as Intent[]), [view.legal]);
  const recent = useMemo(() => recentPlacements(view.log, model.you), [view.log, model.you]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [pending, setPending] = useState<Target | null>(null);
  // On a phone the map is drawn big enough to tap and scrolls in its frame; this
  // shows it whole instead, to look over (the places are then too small to tap well).
  const [whole, setWhole] = useState(false);

  // A new list of legal intents (a move was made) starts the choice afresh.
  useEffect(() => {
    setChosen([]);
    setPending(null);
  }, [view.legal]);

  const cards = chosenCards(model.hand, chosen);
  const lit = highlighted(intents, cards);

  function send(intent: Intent) {
    setChosen([]);
    setPending(null);
    act(intent);
  }

  function clickTarget(target: Target) {
    const r = resolveClick(intents, target, cards);
    if (r.kind === "send") send(r.intent);
    else if (r.kind === "choose") setPending(target);
  }

  function clickCard(i: number) {
    if (chosen.includes(i)) {
      setChosen(chosen.filter((x) => x !== i));
      return;
    }
    if (!canChoose(intents, model.hand, chosen, i)) return;
    const next = [...chosen, i];
    setChosen(next);
    // A place clicked first waits for its cards: send once they name one intent.
    if (pending) {
      const r = resolveClick(intents, pending, chosenCards(model.hand, next));
      if (r.kind === "send") send(r.intent);
    }
  }

  const moves = Object.fromEntries(Object.entries(view).filter(([k]) => COMMON.includes(k))) as typeof view;
  return (
    <div class="kk">
      <div class="kk-top">
        <div class="kk-map-col">
          {map && geo && (
            <div class="kk-map-bar">
              <button class="small" data-testid="kk-zoom" aria-pressed={whole} onClick={() => setWhole(!whole)}>
                {whole ? t("kk.map.zoom") : t("kk.map.whole")}
              </button>
            </div>
          )}
          <div class="kk-map" data-testid="kk-map">
            {map && geo ? (
              <MapSvg
                map={map}
                geo={geo}
                whole={whole}
                model={model}
                lit={lit}
                recent={recent}
                pending={pending}
                onTarget={clickTarget}
              />
            ) : (
              <p class="muted">{t("table.loading")}</p>
            )}
          </div>
        </div>
        <div class="kk-side">
          <Hand
            model={model}
            map={map}
            chosen={chosen}
            pending={pending}
            intents={intents}
            recentCount={recent.spaces.size + recent.countries.size}
            onCard={clickCard}
            onSend={send}
          />
          <Supply model={model} map={map} intents={intents} onSend={send} />
          {map && <Alliances map={map} />}
        </div>
      </div>
      <div class="kk-moves">
        <GenericBoard {...props} view={moves} labels={labels} />
      </div>
    </div>
  );
}

function MapSvg({
  map,
  geo,
  whole,
  model,
  lit,
  recent,
  pending,
  onTarget,
}: {
  map: MapData;
  geo: ReturnType<typeof layout>;
  whole: boolean;
  model: KardinalModel;
  lit: Set<string>;
  recent: ReturnType<typeof recentPlacements>;
  pending: Target | null;
  onTarget: (t: Target) => void;
}) {
  const colour = Object.fromEntries(map.countries.map((c) => [c.id, c.colour]));
  const pendingKey = pending ? targetKey(pending) : "";
  /** A place on the map (a country's coat of arms, a cloister space): lit, a button
   * for the mouse and the keyboard (Enter or space) when a listed intent goes there
   * (and it is `free`), ringed while lit or while its payments are offered. */
  const place = (base: string, target: Target, free = true) => {
    const key = targetKey(target);
    const on = free && lit.has(key);
    const isPending = pendingKey === key;
    return {
      on,
      ringed: on || isPending,
      attrs: {
        class: `${base}${on ? " target" : ""}${isPending ? " pending" : ""}`,
        "data-target": on ? "1" : undefined,
        onClick: on ? () => onTarget(target) : undefined,
        onKeyDown: on
          ? (e: KeyboardEvent) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onTarget(target);
              }
            }
          : undefined,
        tabIndex: on ? 0 : undefined,
        role: on ? ("button" as const) : undefined,
      },
    };
  };
  return (
    <svg
      class="kk-svg"
      viewBox={`0 0 ${geo.width} ${geo.height}`}
      role="img"
      aria-label={t("kk.map")}
      data-testid="kk-svg"
      // Never smaller than a finger needs (MIN_SCALE): on a narrow screen the map is
      // wider than its frame, which then scrolls.
      style={whole ? undefined : { minWidth: `${Math.ceil(geo.width * MIN_SCALE)}px`, minHeight: `${Math.ceil(geo.height * MIN_SCALE)}px` }}
    >
      <rect class="kk-sea" x={0} y={0} width={geo.width} height={geo.height} />
      {map.countries.map((c) => (
        <path
          key={c.id}
          class="kk-land"
          d={polyPath(geo.land[c.id] ?? [])}
          fill={pale(c.colour)}
          stroke={pale(c.colour)}
          data-country={c.id}
        />
      ))}
      {map.roads.map((r, i) => {
        const a = geo.spaces[r.a],
          b = geo.spaces[r.b];
        return <line key={i} class={r.sea ? "kk-sea-lane" : "kk-road"} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />;
      })}
      <AllianceLines geo={geo} />
      {map.countries.map((c) => {
        const at = geo.seats[c.id];
        if (!at) return null;
        const p = place("kk-seat", { country: c.id });
        return (
          <g key={c.id} data-testid="country" data-country={c.id} transform={`translate(${at.x} ${at.y})`} {...p.attrs}>
            <title>{p.on ? t("kk.map.send_cardinal", { country: countryName(c.id) }) : countryName(c.id)}</title>
            <text class="kk-country-name" y={-LABEL_DY + 6}>
              {countryName(c.id)}
            </text>
            {p.on && <circle class="kk-hit" r={SEAT_HIT_R} />}
            {p.ringed && <Ring r={SEAT_R + 8} />}
            {recent.countries.has(c.id) && <circle class="kk-recent" r={SEAT_R + 5} />}
            <circle class="kk-arms" r={SEAT_R} stroke={c.colour} />
            <Cardinals counts={model.cardinals[c.id] ?? []} />
          </g>
        );
      })}
      {map.spaces.map((s) => {
        const at = geo.spaces[s.id];
        const owner = model.cloisters[s.id];
        const p = place("kk-space", { space: s.id }, owner === undefined);
        return (
          <g key={s.id} data-testid="space" data-space={s.id} transform={`translate(${at.x} ${at.y})`} {...p.attrs}>
            <title>{`${spaceName(s.id)}${s.label ? ` — ${s.label}` : ""}`}</title>
            {p.on && <circle class="kk-hit" data-testid="hit" r={HIT_R} />}
            {p.ringed && <Ring r={SPACE_R + 7} />}
            <circle class="kk-spot" r={SPACE_R} stroke={colour[s.country]} />
            {recent.spaces.has(s.id) && <circle class="kk-recent" r={SPACE_R + 4} />}
            {owner !== undefined && <Cloister seat={owner} />}
          </g>
        );
      })}
    </svg>
  );
}

/** The alliances as the printed board shows them: a line joining the two countries'
 * coats of arms and a square with the alliance's number on it. Under the places, and
 * no target for a finger or the mouse. */
function AllianceLines({ geo }: { geo: ReturnType<typeof layout> }) {
  return (
    <g class="kk-alliances-map" data-testid="alliance-lines">
      {geo.alliances.map((al) => {
        // From rim to rim of the two circles, not through them.
        const d = Math.hypot(al.b.x - al.a.x, al.b.y - al.a.y) || 1;
        const ux = ((al.b.x - al.a.x) / d) * SEAT_R,
          uy = ((al.b.y - al.a.y) / d) * SEAT_R;
        return <line key={al.number} class="kk-alliance" x1={al.a.x + ux} y1={al.a.y + uy} x2={al.b.x - ux} y2={al.b.y - uy} />;
      })}
      {geo.alliances.map((al) => (
        <g
          key={al.number}
          class="kk-mark"
          data-testid="alliance"
          data-alliance={al.number}
          data-countries={al.countries.join(" ")}
          transform={`translate(${al.mark.x} ${al.mark.y})`}
        >
          <title>
            {t("kk.map.alliance", { n: al.number, a: countryName(al.countries[0]), b: countryName(al.countries[1]) })}
          </title>
          <rect x={-MARK_HALF} y={-MARK_HALF} width={2 * MARK_HALF} height={2 * MARK_HALF} rx={2} />
          <text y={5}>{al.number}</text>
        </g>
      ))}
    </g>
  );
}

/** The mark of a place a listed intent can go: a white halo with a marching dark
 * ring, unlike any country or seat colour. */
function Ring({ r }: { r: number }) {
  return (
    <>
      <circle class="kk-halo" r={r} />
      <circle class="kk-ring" r={r} />
    </>
  );
}

/** A cloister: a small house in the seat's colour. */
function Cloister({ seat }: { seat: number }) {
  return (
    <path
      class="kk-cloister"
      data-testid="cloister"
      data-seat={seat}
      d="M-13 12V-3L0-15L13-3V12Z"
      fill={seatColour(seat)}
    />
  );
}

/** The cardinals in a coat-of-arms circle: one disc per seat that has any, with its count. */
function Cardinals({ counts }: { counts: number[] }) {
  const there = counts.map((n, seat) => ({ n, seat })).filter((x) => x.n > 0);
  return (
    <g>
      {there.map(({ n, seat }, i) => {
        const a = (i / there.length) * 2 * Math.PI - Math.PI / 2;
        const r = there.length === 1 ? 0 : 16;
        const p: Pt = { x: r * Math.cos(a), y: r * Math.sin(a) };
        return (
          <g key={seat} data-testid="cardinals" data-seat={seat} transform={`translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`}>
            <circle class="kk-cardinal" r={11.5} fill={seatColour(seat)} />
            <text class={`kk-count${light(seatColour(seat)) ? " dark" : ""}`} y={4}>
              {n}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** A country's name on a card is one word: it never breaks inside (katakana would
 * otherwise break anywhere, "シュヴァー/ベン"), and a name longer than the card is wide
 * (about 6 full-width letters) is set a little smaller to fit on one line. */
function CountryOnCard({ name }: { name: string }) {
  const width = [...name].reduce((w, ch) => w + (/[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.55), 0);
  const fit = width > 6 ? `${Math.max(0.75, 6 / width).toFixed(2)}em` : undefined;
  return (
    <span style={{ wordBreak: "keep-all", lineBreak: "strict", whiteSpace: "nowrap", fontSize: fit }}>{name}</span>
  );
}

function CardFace({ card, map }: { card: string; map: MapData | null }) {
  const type = map?.cardTypes.find((c) => c.id === card);
  return (
    <>
      <span class="kk-card-band" style={{ background: type?.colour ?? "#999" }} />
      <span class="kk-card-names">
        {(type?.countries ?? [card]).map((c) => (
          <CountryOnCard key={c} name={countryName(c)} />
        ))}
      </span>
    </>
  );
}

function Hand({
  model,
  map,
  chosen,
  pending,
  intents,
  recentCount,
  onCard,
  onSend,
}: {
  model: KardinalModel;
  map: MapData | null;
  chosen: number[];
  pending: Target | null;
  intents: ReturnType<typeof readIntents>;
  recentCount: number;
  onCard: (i: number) => void;
  onSend: (intent: Intent) => void;
}) {
  if (model.you === null) return null;
  const cards = chosenCards(model.hand, chosen);
  const exchange = exchangeOf(intents, cards);
  const options = pending ? paymentsAt(intents, pending) : [];
  const canPlace = intents.place.length > 0;
  let hint = "";
  if (pending) hint = t("kk.hint.pay", { place: "space" in pending ? spaceName(pending.space) : countryName(pending.country) });
  else if (canPlace && cards.length) hint = t("kk.hint.chosen");
  else if (canPlace && model.phase === "more" && model.turnCountry)
    hint = t("kk.hint.more", { country: countryName(model.turnCountry) });
  else if (canPlace) hint = t("kk.hint.place");
  else if (intents.deck || Object.keys(intents.display).length) hint = t("kk.hint.draw");
  else if (recentCount > 0) hint = t("kk.hint.recent");
  return (
    <section class="kk-box">
      <h3>{t("kk.hand")}</h3>
      <div class="kk-cards">
        {model.hand.map((card, i) => {
          const on = chosen.includes(i);
          const usable = on || canChoose(intents, model.hand, chosen, i);
          return (
            <button
              key={i}
              class={`kk-card${on ? " chosen" : ""}`}
              data-testid="hand-card"
              data-card={card}
              aria-pressed={on}
              disabled={!usable}
              title={cardName(card)}
              onClick={() => onCard(i)}
            >
              <CardFace card={card} map={map} />
            </button>
          );
        })}
        {model.hand.length === 0 && <span class="muted small">{t("kk.hand.empty")}</span>}
      </div>
      {hint && (
        <p class="kk-hint" data-testid="kk-hint">
          {hint}
        </p>
      )}
      {options.length > 0 && (
        <div class="kk-pay">
          {options.map((p, i) => (
            <button key={i} class="intent" data-testid="pay-option" onClick={() => onSend(p.intent)}>
              {p.cards.length === 2 ? t("kk.btn.pay_joker", { card: cardName(p.cards[0]) }) : cardName(p.cards[0] ?? "")}
            </button>
          ))}
        </div>
      )}
      <div class="kk-actions">
        {intents.exchange.length > 0 && (
          <button
            data-testid="exchange"
            disabled={!exchange}
            title={t("kk.exchange.how")}
            onClick={() => exchange && onSend(exchange)}
          >
            {t("kk.exchange")}
          </button>
        )}
        {intents.end && (
          <button data-testid="end-turn" onClick={() => onSend(intents.end!)}>
            {t("kk.btn.end")}
          </button>
        )}
        {intents.pass && (
          <button data-testid="pass" onClick={() => onSend(intents.pass!)}>
            {t("kk.btn.pass")}
          </button>
        )}
      </div>
    </section>
  );
}

function Supply({
  model,
  map,
  intents,
  onSend,
}: {
  model: KardinalModel;
  map: MapData | null;
  intents: ReturnType<typeof readIntents>;
  onSend: (intent: Intent) => void;
}) {
  const discarded = Object.values(model.discard).reduce((a, b) => a + b, 0);
  return (
    <section class="kk-box">
      <h3>{t("kk.display")}</h3>
      <div class="kk-cards">
        {model.display.map((card, i) => {
          const take = intents.display[card];
          return (
            <button
              key={i}
              class={`kk-card${take ? " drawable" : ""}`}
              data-testid="display-card"
              data-card={card}
              disabled={!take}
              title={take ? t("kk.btn.display", { card: cardName(card) }) : cardName(card)}
              onClick={() => take && onSend(take)}
            >
              <CardFace card={card} map={map} />
            </button>
          );
        })}
        <button
          class={`kk-card kk-deck${intents.deck ? " drawable" : ""}`}
          data-testid="deck"
          disabled={!intents.deck}
          title={intents.deck ? t("kk.btn.deck") : t("kk.deck")}
          onClick={() => intents.deck && onSend(intents.deck)}
        >
          <span class="kk-deck-count">{model.deck}</span>
          <span class="small">{t("kk.deck")}</span>
        </button>
      </div>
      <p
        class="muted small kk-discard"
        title={Object.entries(model.discard)
          .filter(([, n]) => n > 0)
          .map(([card, n]) => `${cardName(card)} ×${n}`)
          .join("\n")}
      >
        {t("kk.discard", { n: discarded })}
      </p>
      {model.ending && <p class="kk-ending small">{t("kk.ending")}</p>}
    </section>
  );
}

function Alliances({ map }: { map: MapData }) {
  const colour = Object.fromEntries(map.countries.map((c) => [c.id, c.colour]));
  return (
    <section class="kk-box kk-alliances">
      <h3>{t("kk.alliances")}</h3>
      <ol>
        {map.alliances.map((a) => (
          <li key={a.number}>
            <span class="kk-num">{a.number}</span>
            {a.countries.map((c) => (
              <span key={c} class="kk-ally">
                <span class="swatch" style={{ background: colour[c] }} />
                {countryName(c)}
              </span>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Beside a seat in the players panel: cards in hand and pieces left. */
export function seatExtra(view: BoardProps["view"], seat: number): preact.JSX.Element | null {
  const m = readModel(view);
  const s = m.supply[seat];
  if (!s) return null;
  return (
    <span
      class="kk-seat-extra"
      data-testid="kk-seat-extra"
      title={t("kk.seat_extra", { cards: m.hands[seat] ?? 0, cloisters: s.cloisters, cardinals: s.cardinals })}
    >
      <svg viewBox="-8 -8 16 16" width="12" height="12" aria-hidden="true">
        <rect x={-5} y={-7} width={10} height={14} rx={2} class="kk-icon-card" />
      </svg>
      {m.hands[seat] ?? 0}
      <svg viewBox="-13 -14 26 26" width="12" height="12" aria-hidden="true">
        <path d="M-11 11V-3L0-13L11-3V11Z" fill={seatColour(seat)} class="kk-cloister" />
      </svg>
      {s.cloisters}
      <svg viewBox="-11 -11 22 22" width="12" height="12" aria-hidden="true">
        <circle r={9} fill={seatColour(seat)} class="kk-cardinal" />
      </svg>
      {s.cardinals}
    </span>
  );
}
