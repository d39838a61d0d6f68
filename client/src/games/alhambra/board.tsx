// The Alhambra table as Brettspielwelt lays it out: the market with its four
// currencies, the money on offer, your own coins, every seat's alhambra around its
// fountain with its reserve, Dirk with two players, and below it all the legal
// moves as buttons (the generic list, for the keyboard). Whatever is clickable is a
// listed intent, sent verbatim.

import { useEffect, useMemo, useState } from "preact/hooks";
import { t } from "../../i18n";
import { GenericBoard } from "../generic";
import { type BoardProps, SEAT_COLOURS } from "../types";
import {
  activeTile,
  buysForSlot,
  buyValues,
  type Cell,
  cellPos,
  clickCoin,
  type Coin,
  CURRENCIES,
  exactTake,
  gridLayout,
  movableTiles,
  type Obj,
  plainIntent,
  readModel,
  statusParts,
  type Target,
  takeableCoins,
  targets,
  tileInfo,
  tileIntent,
  TYPES,
  typeColour,
  unbuildAt,
} from "./model";
import { labels, tileName } from "./strings";
import { Fountain, TileIcon, TileShape, tint } from "./tile";
import "./board.css";

const COIN_COLOURS: Record<string, string> = {
  yellow: "#f3cf3a",
  orange: "#f08c2a",
  blue: "#3f7fd6",
  green: "#3fa45a",
};

const seatColour = (seat: number) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

function CoinChip({ coin, small }: { coin: Coin; small?: boolean }) {
  return (
    <span
      class={`al-coin-chip${small ? " small" : ""}`}
      style={{ background: COIN_COLOURS[coin.c] ?? "#ccc" }}
      title={t("al.coin", { currency: t(`al.currency.${coin.c}`), v: coin.v })}
    >
      {coin.v}
    </span>
  );
}

export function AlhambraBoard(props: BoardProps) {
  const { view, act, names, catalogue } = props;
  const m = useMemo(() => readModel(view), [view]);
  const legal = (view.legal ?? []) as Obj[];
  const [chosenCoins, setChosenCoins] = useState<number[]>([]);
  const [chosenTile, setChosenTile] = useState<string | null>(null);
  const [openSlot, setOpenSlot] = useState<number | null>(null);

  // A half-made choice belongs to the position it was made on.
  useEffect(() => {
    setChosenCoins([]);
    setOpenSlot(null);
  }, [view.legal, view.display]);

  const info = (id: string) => tileInfo(id, catalogue);
  const colourOf = (id: string) => typeColour(info(id).type, catalogue);
  const takeable = takeableCoins(legal);
  const movable = movableTiles(legal);
  const tile = activeTile(legal, chosenTile);
  const spots = targets(legal, tile);
  const takeChosen = exactTake(legal, chosenCoins);
  const active = view.active ?? [];
  const mine = legal.length > 0;

  const onCoin = (i: number) => {
    const r = clickCoin(legal, chosenCoins, i);
    if (r.send) {
      setChosenCoins([]);
      act(r.send);
    } else setChosenCoins(r.selected);
  };
  const onSlot = (slot: number) => {
    const buys = buysForSlot(legal, slot);
    if (buys.length === 1) act(buys[0]);
    else if (buys.length > 1) setOpenSlot(openSlot === slot ? null : slot);
  };
  const send = (intent: Obj) => {
    setChosenTile(null);
    act(intent);
  };

  let hint = "";
  if (!mine) hint = active.length && !view.result ? t("al.ui.hint_wait", { names: active.map(names).join(", ") }) : "";
  else if (openSlot !== null && m.market[openSlot]) hint = t("al.ui.hint_pay", { tile: tileName(m.market[openSlot]!) });
  else if (chosenCoins.length) hint = t("al.ui.hint_choose");
  else if (tile && movable.pending.includes(tile)) hint = t("al.ui.hint_place", { tile: tileName(tile) });
  else if (tile) hint = t("al.ui.hint_redesign", { tile: tileName(tile) });
  else hint = t("al.ui.hint_action") + (m.extra ? " " + t("al.ui.hint_extra") : "");

  const reserveIntent = tileIntent(legal, "reserve", tile);
  const dirkIntent = tileIntent(legal, "dirk", tile);
  const done = plainIntent(legal, "done");
  const pass = plainIntent(legal, "pass");
  // Your own alhambra first, then the others in seat order.
  const order = [...Array(m.seats).keys()].sort((a, b) => (a === m.you ? -1 : b === m.you ? 1 : a - b));

  return (
    <div class="al" data-testid="al-board" data-phase={m.phase}>
      <div class="al-top">
        <section class="al-market card">
          <h4>{t("al.ui.market")}</h4>
          <div class="al-slots">
            {CURRENCIES.map((cur, slot) => {
              const id = m.market[slot] ?? null;
              const buys = buysForSlot(legal, slot);
              return (
                <div class="al-slot-wrap" key={slot}>
                  <button
                    class={`al-slot${buys.length ? " buyable" : ""}${openSlot === slot ? " open" : ""}`}
                    data-testid="al-slot"
                    data-slot={slot}
                    data-buyable={buys.length > 0 ? "1" : "0"}
                    disabled={!buys.length}
                    style={{ borderTopColor: COIN_COLOURS[cur] }}
                    title={id ? tileName(id) : t("al.ui.empty_slot")}
                    onClick={() => onSlot(slot)}
                  >
                    <span class="al-slot-cur" style={{ background: COIN_COLOURS[cur] }}>
                      {t(`al.currency.${cur}`)}
                    </span>
                    {id ? <TileIcon info={info(id)} colour={colourOf(id)} px={70} /> : <span class="al-empty">{t("al.ui.empty_slot")}</span>}
                  </button>
                  {openSlot === slot && (
                    <div class="al-pay" data-testid="al-pay-options">
                      <span class="small muted">{t("al.ui.pay_with")}</span>
                      {buys.map((b, i) => (
                        <button key={i} class="al-pay-btn" data-testid="al-pay" onClick={() => act(b)}>
                          {buyValues(b).map((v, j) => (
                            <CoinChip key={j} coin={{ c: cur, v }} small />
                          ))}
                        </button>
                      ))}
                      <button class="link small" onClick={() => setOpenSlot(null)}>
                        {t("al.ui.cancel")}
                      </button>
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </section>
        <section class="al-money card">
          <h4>{t("al.ui.money")}</h4>
          <div class="al-display">
            {m.display.map((c, i) => (
              <button
                key={i}
                class={`al-coin${takeable.has(i) ? " takeable" : ""}${chosenCoins.includes(i) ? " chosen" : ""}`}
                data-testid="al-coin"
                data-i={i}
                disabled={!takeable.has(i)}
                onClick={() => onCoin(i)}
              >
                <CoinChip coin={c} />
              </button>
            ))}
          </div>
          {chosenCoins.length > 0 && (
            <button class="primary small" data-testid="al-take" disabled={!takeChosen} onClick={() => takeChosen && act(takeChosen)}>
              {t("al.ui.take_selected")}
            </button>
          )}
          <p class="small muted al-supply" data-testid="al-supply">
            {t("al.ui.supply", { bag: m.bag ?? "—", deck: m.deck ?? "—", discard: m.discard ?? "—" })}
            <br />
            <span data-testid="al-status">{statusParts(m, m.turn >= 0 ? names(m.turn) : "").map((p) => t(p.key, p.args)).join(t("al.status.sep"))}</span>
          </p>
        </section>
      </div>

      <section class="al-mine card">
        {m.hand !== null && (
          <div class="al-hand" data-testid="al-hand">
            <span class="al-label">{t("al.ui.hand")}</span>
            {m.hand.length ? m.hand.map((c, i) => <CoinChip key={i} coin={c} />) : <span class="muted small">{t("al.ui.no_coins")}</span>}
          </div>
        )}
        {movable.pending.length > 0 ? (
          <div class="al-pending">
            <span class="al-label">{t("al.ui.to_place")}</span>
            {movable.pending.map((id) => (
              <button
                key={id}
                class={`al-pick${id === tile ? " chosen" : ""}`}
                data-testid="al-pending"
                data-tile={id}
                onClick={() => setChosenTile(id)}
              >
                <TileIcon info={info(id)} colour={colourOf(id)} px={52} />
              </button>
            ))}
            {reserveIntent && (
              <button data-testid="al-to-reserve" onClick={() => send(reserveIntent)}>
                {t("al.ui.to_reserve")}
              </button>
            )}
            {dirkIntent && (
              <button data-testid="al-to-dirk" onClick={() => send(dirkIntent)}>
                {t("al.ui.to_dirk")}
              </button>
            )}
          </div>
        ) : (
          m.bought.length > 0 && (
            <div class="al-pending">
              <span class="al-label">{t("al.ui.bought")}</span>
              {m.bought.map((id, i) => (
                <TileIcon key={i} info={info(id)} colour={colourOf(id)} px={40} />
              ))}
            </div>
          )
        )}
        <div class="al-hint">
          <p class="hint small" data-testid="al-hint">
            {hint}
          </p>
          {done && (
            <button data-testid="al-done" onClick={() => send(done)}>
              {t("al.btn.done")}
            </button>
          )}
          {pass && (
            <button data-testid="al-pass" onClick={() => send(pass)}>
              {t("al.btn.pass")}
            </button>
          )}
        </div>
      </section>

      <div class="al-cities">
        {order.map((seat) => {
          const own = seat === m.you;
          return (
            <section key={seat} class={`al-city card${own ? " own" : ""}`} data-testid="al-city" data-seat={seat} style={{ borderLeftColor: seatColour(seat) }}>
              <div class="al-city-head">
                <span class="swatch" style={{ background: seatColour(seat) }} />
                <strong>{names(seat)}</strong>
                <span>{t("al.ui.score", { n: m.scores[seat] ?? 0 })}</span>
                <span class="muted">{t("al.ui.coins_n", { n: m.handCounts[seat] ?? 0 })}</span>
                <span class="muted" data-testid="al-city-wall" data-n={m.walls[seat] ?? 0}>
                  {t("al.ui.wall_n", { n: m.walls[seat] ?? 0 })}
                </span>
              </div>
              {!own && (m.leftovers[seat] ?? []).length > 0 && (
                <div class="al-pending">
                  <span class="al-label small">{t("al.ui.to_place")}</span>
                  {m.leftovers[seat].map((id, i) => (
                    <TileIcon key={i} info={info(id)} colour={colourOf(id)} px={28} />
                  ))}
                </div>
              )}
              <CityGrid
                cells={m.alhambras[seat] ?? []}
                spots={own ? spots : []}
                unbuilds={own && !tile ? legal : []}
                big={own || m.you === null}
                catalogue={catalogue}
                onAct={send}
              />
              <div class="al-reserve" data-testid="al-reserve">
                <span class="al-label small">{t("al.ui.reserve")}</span>
                {(m.reserves[seat] ?? []).length === 0 && <span class="muted small">{t("al.ui.reserve_empty")}</span>}
                {(m.reserves[seat] ?? []).map((id, i) =>
                  own && movable.reserve.includes(id) ? (
                    <button
                      key={i}
                      class={`al-pick${id === tile ? " chosen" : ""}`}
                      data-testid="al-reserve-tile"
                      data-tile={id}
                      onClick={() => setChosenTile(id === tile ? null : id)}
                    >
                      <TileIcon info={info(id)} colour={colourOf(id)} px={own ? 40 : 28} />
                    </button>
                  ) : (
                    <TileIcon key={i} info={info(id)} colour={colourOf(id)} px={own ? 40 : 28} />
                  ),
                )}
              </div>
            </section>
          );
        })}
        {m.dirk && (
          <section class="al-city al-dirk card" data-testid="al-dirk">
            <div class="al-city-head">
              <strong>{t("al.ui.dirk_title")}</strong>
              {m.dirkScore !== null && <span class="muted">{t("al.ui.dirk_points", { n: m.dirkScore })}</span>}
            </div>
            <div class="al-dirk-types">
              {TYPES.map((type, i) => (
                <span key={type} class="al-dirk-type" data-testid="al-dirk-type" data-n={m.dirk![i] ?? 0} style={{ background: tint(type, typeColour(type, catalogue)) }} title={t(`al.type.${type}`)}>
                  {t(`al.type.${type}`)} <strong>{m.dirk![i] ?? 0}</strong>
                </span>
              ))}
            </div>
          </section>
        )}
      </div>

      <div class="al-legal">
        <GenericBoard {...props} labels={labels} />
      </div>
    </div>
  );
}

/** One alhambra: its tiles around the fountain, the listed target cells of the
 * chosen tile highlighted, and a small button on each tile that may go to the reserve. */
function CityGrid({
  cells,
  spots,
  unbuilds,
  big,
  catalogue,
  onAct,
}: {
  cells: Cell[];
  spots: Target[];
  unbuilds: Obj[];
  big: boolean;
  catalogue: unknown;
  onAct: (intent: Obj) => void;
}) {
  const [hover, setHover] = useState<string | null>(null);
  const g = gridLayout(cells, spots);
  const px = big
    ? Math.max(34, Math.min(76, Math.floor(Math.min(560 / g.cols, 400 / g.rows))))
    : Math.max(16, Math.min(40, Math.floor(Math.min(240 / g.cols, 180 / g.rows))));
  const at = (x: number, y: number) => {
    const p = cellPos(g, x, y);
    return `translate(${p.col * 100},${p.row * 100})`;
  };
  const hovered = spots.find((s) => `${s.x},${s.y}` === hover);
  const preview = hovered ? (hovered.intent.tile as string) : null;
  return (
    <svg
      class="al-grid"
      viewBox={`-4 -4 ${g.cols * 100 + 8} ${g.rows * 100 + 8}`}
      width={g.cols * px + (8 * px) / 100}
      height={g.rows * px + (8 * px) / 100}
      data-testid="al-grid"
    >
      <g transform={at(0, 0)} data-testid="al-cell" data-x={0} data-y={0} data-tile="">
        <Fountain title={t("al.ui.fountain")} />
      </g>
      {cells.map((c) => {
        const un = unbuilds.length ? unbuildAt(unbuilds, c.x, c.y) : null;
        const i = tileInfo(c.tile, catalogue);
        return (
          <g key={`${c.x},${c.y}`} transform={at(c.x, c.y)} class="al-placed" data-testid="al-cell" data-x={c.x} data-y={c.y} data-tile={c.tile}>
            <TileShape info={i} colour={typeColour(i.type, catalogue)} />
            {un && (
              <g class="al-unbuild" data-testid="al-unbuild" onClick={() => onAct(un)}>
                <title>{t("al.ui.unbuild")}</title>
                <circle cx="76" cy="76" r="15" fill="#fffbea" stroke="#6e4422" stroke-width="3" />
                <path d="M76 66 L76 84 M69 77 L76 84 L83 77" stroke="#6e4422" stroke-width="4" fill="none" />
              </g>
            )}
          </g>
        );
      })}
      {spots.map((s) => {
        const k = `${s.x},${s.y}`;
        const on = hover === k;
        const swap = s.kind === "swap";
        return (
          <g
            key={k}
            class={`al-target ${s.kind}`}
            data-testid="al-target"
            data-kind={s.kind}
            data-x={s.x}
            data-y={s.y}
            transform={at(s.x, s.y)}
            onPointerEnter={() => setHover(k)}
            onPointerLeave={() => setHover((h) => (h === k ? null : h))}
            onClick={() => onAct(s.intent)}
          >
            {on && preview && !swap ? (
              <g opacity="0.7">
                <TileShape info={tileInfo(preview, catalogue)} colour={typeColour(tileInfo(preview, catalogue).type, catalogue)} />
              </g>
            ) : null}
            <rect
              x="4"
              y="4"
              width="92"
              height="92"
              rx="6"
              fill={swap ? "#f08c2a" : "#fff3a0"}
              fill-opacity={swap ? (on ? 0.35 : 0.15) : on ? 0.15 : 0.55}
              stroke={swap ? "#f08c2a" : "#e0b800"}
              stroke-width="6"
              stroke-dasharray={swap ? "12 6" : undefined}
            />
          </g>
        );
      })}
    </svg>
  );
}
