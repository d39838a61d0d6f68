// The Stone Age table as Board Game Arena lays it out: the gathering spaces with
// their people, the village, the four civilization cards (the dearest leftmost) and
// the building stacks; the roll being resolved with the tools that may be added,
// dice for everyone and feeding; every seat's supply; and below it all the legal
// moves as buttons (the generic list, for the keyboard). People are placed as the
// seed page has it (a click on a space adds one, a right click or − takes one back,
// OK places them), and payments are put together one resource at a time in the
// seed's window (OK once they pay, ✕ while none is chosen). What is sent is a listed
// intent verbatim, or a payment of the same shape the engine accepts but did not
// list (model.ts, payChoices).

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { t } from "../../i18n";
import { GenericBoard } from "../generic";
import { PIPS } from "../pips";
import { type BoardProps, SEAT_COLOURS } from "../types";
import {
  addable,
  building,
  card,
  chosenPayment,
  clickSpace,
  type Counts,
  dieChoices,
  GOODS,
  heldOf,
  lastRoll,
  matchTools,
  noneChosen,
  type Obj,
  type PayChoice,
  payChoices,
  payments,
  payName,
  payOf,
  payRule,
  placeCounts,
  type Placing,
  placingBounds,
  placingIntent,
  plain,
  readModel,
  RESOURCES,
  rollYield,
  type SaModel,
  spaceAction,
  spaces,
  stepPay,
  stepPlacing,
  type Supply,
  toolChoice,
} from "./model";
import { buildingName, cardBottom, cardIsCulture, cardName, cardTop, goodName, labels, spaceTitle } from "./strings";
import "./board.css";

const seatColour = (seat: number) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** The good each gathering space yields (its divisor comes from the catalogue). */
const SPACE_GOOD: Record<string, string> = {
  hunting_grounds: "food",
  forest: "wood",
  clay_pit: "brick",
  quarry: "stone",
  river: "gold",
};

function Chip({ good, n }: { good: string; n?: number }) {
  return (
    <span class={`sa-chip sa-${good}`} title={goodName(good)}>
      <span class="sa-chip-icon">{t(`sa.ui.abbr.${good}`)}</span>
      {n !== undefined && <span class="sa-chip-n">{n}</span>}
    </span>
  );
}

function PayChips({ intent }: { intent: Obj }) {
  return (
    <>
      {payOf(intent).map(([r, n]) => (
        <Chip key={r} good={r} n={n} />
      ))}
    </>
  );
}

function Die({ face, size = 30 }: { face: number; size?: number }) {
  return (
    <svg class="sa-die" viewBox="0 0 40 40" width={size} height={size} data-face={face}>
      <title>{String(face)}</title>
      <rect x="1" y="1" width="38" height="38" rx="7" fill="#fffdf6" stroke="#5b4a2e" stroke-width="2" />
      {(PIPS[face] ?? []).map(([x, y], i) => (
        <circle key={i} cx={x * 10} cy={y * 10} r="3.6" fill="#2b2a26" />
      ))}
    </svg>
  );
}

/** The people on a space, then (while placing there) the ones being added, then the
 * free rings. */
function People({ here, capacity, adding = 0, seat: mine = -1 }: { here: number[]; capacity: number | null; adding?: number; seat?: number }) {
  const discs: number[] = [];
  here.forEach((n, seat) => {
    for (let i = 0; i < n; i++) discs.push(seat);
  });
  const free = capacity === null ? 0 : Math.max(0, capacity - discs.length - adding);
  return (
    <span class="sa-people">
      {discs.map((seat, i) => (
        <span key={i} class="sa-person" data-testid="sa-person" data-seat={seat} style={{ background: seatColour(seat) }} />
      ))}
      {Array.from({ length: adding }, (_, i) => (
        <span key={`a${i}`} class="sa-person adding" data-testid="sa-adding" style={{ background: seatColour(mine) }} />
      ))}
      {Array.from({ length: free }, (_, i) => (
        <span key={`f${i}`} class="sa-person free" />
      ))}
    </span>
  );
}

function BuildingFace({ id, catalogue }: { id: string; catalogue: unknown }) {
  const b = building(id, catalogue);
  return (
    <span class="sa-building" data-building={id} data-kind={b.kind} title={buildingName(id)}>
      <span class="sa-building-cost">
        {b.kind === "fixed" &&
          RESOURCES.flatMap((r) => Array.from({ length: b.cost[r] ?? 0 }, (_, i) => <Chip key={`${r}${i}`} good={r} />))}
        {b.kind === "kinds" && t("sa.ui.kinds_cost", { n: b.resources, k: b.kinds })}
        {b.kind === "any" && t("sa.ui.any_cost", { min: b.min, max: b.max })}
        {b.kind === "?" && id}
      </span>
      <span class="sa-points">{b.points !== null ? t("sa.ui.pts", { n: b.points }) : t("sa.ui.pts_sum")}</span>
    </span>
  );
}

function CardFace({ id, catalogue, small }: { id: string; catalogue: unknown; small?: boolean }) {
  const c = card(id, catalogue);
  const bottom = c?.bottom ?? null;
  const culture = cardIsCulture(id, bottom);
  return (
    <span class={`sa-card${small ? " small" : ""}`} data-card={id} title={cardName(id)}>
      <span class="sa-card-top">{cardTop(id, c?.top)}</span>
      <span class={`sa-card-bottom ${culture ? "culture" : "figure"}`}>{cardBottom(id, bottom)}</span>
    </span>
  );
}

export function StoneAgeBoard(props: BoardProps) {
  const { view, act, names, catalogue } = props;
  const m = useMemo(() => readModel(view), [view]);
  const legal = (view.legal ?? []) as Obj[];
  const sp = spaces(catalogue);
  const [placing, setPlacing] = useState<Placing | null>(null);
  const [payOpen, setPayOpen] = useState(false);
  const [paySel, setPaySel] = useState<Counts>([0, 0, 0, 0]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [chosenOne, setChosenOne] = useState<number[]>([]);

  // A half-made choice (people to place, tools, resources, a payment list) belongs
  // to the position it was made on.
  useEffect(() => {
    setPlacing(null);
    setPayOpen(false);
    setPaySel([0, 0, 0, 0]);
    setChosen([]);
    setChosenOne([]);
  }, [view.legal]);

  // Every intent leaves through here, and only one that is in the list.
  const send = (intent: Obj | null) => {
    if (intent && legal.includes(intent)) act(intent);
  };

  const me = m.you !== null ? (m.players[m.you] ?? null) : null;
  const pend = m.pending;
  const minePending = pend !== null && pend.seat === m.you && legal.length > 0;
  const payKind = pend?.kind === "building" ? "build" : pend?.kind === "card" ? "buy_card" : null;
  const decline = plain(legal, "decline");
  // The payment being put together, resource by resource (building, card, feeding).
  const pn = minePending ? payName(pend) : null;
  const choices = pn ? payChoices(legal, pn, payRule(m, catalogue), heldOf(me)) : [];
  // A listed payment, or one of the same shape its rule allows (payChoices).
  const sendPay = (sel: Counts) => {
    const hit = chosenPayment(choices, sel);
    if (hit) act(hit.intent);
  };

  // A left click on a space: its one listed placement at once, else one more person
  // on it (the first click takes it up); a resolve; or the payment list.
  const onSpace = (space: string) => {
    const action = spaceAction(legal, space, pend, m.you);
    if (action === "pay") {
      setPayOpen(!payOpen);
      return;
    }
    const r = clickSpace(legal, space);
    if (r.send) send(r.send);
    else if (r.counts.length) setPlacing(stepPlacing(legal, placing, space, 1));
  };
  // A right click takes one person back, as on the seed's board.
  const onSpaceBack = (space: string, e: MouseEvent) => {
    if (placing?.space !== space) return;
    e.preventDefault();
    setPlacing(stepPlacing(legal, placing, space, -1));
  };

  const active = view.active ?? [];
  let hint = "";
  if (!legal.length) hint = active.length && !view.result ? t("sa.ui.hint_wait", { names: active.map(names).join(", ") }) : "";
  else if (placing) hint = t("sa.ui.hint_placing", { space: spaceTitle(placing.space), n: placing.people });
  else if (pend?.kind === "gather") hint = t("sa.ui.hint_tools");
  else if (pend?.kind === "dice") hint = t("sa.ui.hint_dice");
  else if (pend?.kind === "feed") hint = t("sa.ui.hint_feed");
  else if (pend?.kind === "any_two") hint = t("sa.ui.hint_take");
  else if (payKind && pend?.space) hint = t("sa.ui.hint_pay", { space: spaceTitle(pend.space) });
  else if (legal.some((it) => it.t === "resolve")) hint = t("sa.ui.hint_resolve");
  else if (legal.some((it) => it.t === "place")) hint = t("sa.ui.hint_place");

  const inPlay = (list: string[]) => list.filter((s) => s in m.board);
  const buildingSpaces = Object.keys(m.board).filter((s) => s.startsWith("building_"));

  const space = (id: string, kind: "gather" | "village" | "card" | "building") => {
    const action = spaceAction(legal, id, pend, m.you);
    const here = m.board[id] ?? [];
    const gi = sp.gather.indexOf(id);
    const good = SPACE_GOOD[id];
    let capacity: number | null = null;
    if (kind === "gather" && id !== "hunting_grounds") capacity = sp.capacity;
    else if (kind === "card" || kind === "building") capacity = 1;
    else if (id === "hut") capacity = 2;
    else if (kind === "village") capacity = 1;
    const sel = placing?.space === id ? placing : null;
    const slot = kind === "card" ? sp.cards.indexOf(id) : -1;
    const stack = kind === "building" ? m.stacks[Number(id.split("_")[1]) - 1] : undefined;
    const resolving = pend?.space === id && (pend.kind === "building" || pend.kind === "card");
    return (
      <div
        key={id}
        class={`sa-space sa-k-${kind}${action ? ` can-${action}` : ""}${resolving ? " resolving" : ""}`}
        data-testid="sa-space"
        data-space={id}
        data-action={action ?? ""}
      >
        <button
          class="sa-space-hit"
          data-testid="sa-space-btn"
          disabled={!action}
          onClick={() => onSpace(id)}
          onContextMenu={(e) => onSpaceBack(id, e)}
          title={spaceTitle(id)}
        >
          <span class="sa-space-name">
            {kind === "card" ? t("sa.ui.cost", { n: slot + 1 }) : kind === "building" ? t("sa.ui.left", { n: stack?.left ?? 0 }) : spaceTitle(id)}
          </span>
          {kind === "gather" && (
            <span class="sa-space-sub">
              {good && <Chip good={good} />} {gi >= 0 ? t("sa.ui.divisor", { n: sp.divisors[gi] }) : ""}
              {id === "hunting_grounds" && <span class="muted"> · {t("sa.ui.no_limit")}</span>}
            </span>
          )}
          {kind === "card" &&
            (m.display[slot] ? <CardFace id={m.display[slot]!} catalogue={catalogue} /> : <span class="sa-empty">{t("sa.ui.empty")}</span>)}
          {kind === "building" &&
            (stack?.top ? <BuildingFace id={stack.top} catalogue={catalogue} /> : <span class="sa-empty">{t("sa.ui.gone")}</span>)}
          <People here={here} capacity={capacity} adding={sel?.people ?? 0} seat={m.you ?? -1} />
        </button>
        {sel && <PlacingControls legal={legal} sel={sel} setPlacing={setPlacing} send={send} />}
      </div>
    );
  };

  return (
    <div class="sa" data-testid="sa-board" data-phase={m.phase} data-round={m.round}>
      <div class="sa-head">
        <strong>{t("sa.ui.round", { n: m.round })}</strong>
        <span>{t(`sa.phase.${m.phase}`)}</span>
        {m.start >= 0 && (
          <span class="muted">
            <span class="sa-swatch" style={{ background: seatColour(m.start) }} /> {t("sa.ui.start", { name: names(m.start) })}
          </span>
        )}
        <span class="hint small sa-hint" data-testid="sa-hint">
          {hint}
        </span>
      </div>

      <section class="sa-row card">
        <h4>{t("sa.ui.gathering")}</h4>
        <div class="sa-spaces gather">{inPlay(sp.gather).map((s) => space(s, "gather"))}</div>
      </section>
      <div class="sa-pair">
        <section class="sa-row card">
          <h4>{t("sa.ui.village")}</h4>
          <div class="sa-spaces village">{inPlay(sp.village).map((s) => space(s, "village"))}</div>
        </section>
        <section class="sa-row card">
          <h4>{t("sa.ui.buildings")}</h4>
          <div class="sa-spaces buildings">{buildingSpaces.map((s) => space(s, "building"))}</div>
        </section>
      </div>
      <section class="sa-row card">
        <h4>
          {t("sa.ui.cards")} <span class="muted small" data-testid="sa-deck">{t("sa.ui.deck", { n: m.deck })}</span>
        </h4>
        {/* As on the seed's board: the dearest card leftmost, the cards sliding right
            towards the cheap end. */}
        <div class="sa-spaces cards">
          {inPlay(sp.cards)
            .reverse()
            .map((s) => space(s, "card"))}
        </div>
      </section>

      <Decision
        m={m}
        legal={legal}
        me={me}
        names={names}
        send={send}
        chosen={chosen}
        setChosen={setChosen}
        chosenOne={chosenOne}
        setChosenOne={setChosenOne}
        log={view.log}
        diceRewards={sp.diceRewards}
        pay={
          pn ? (
            <PayWindow
              m={m}
              catalogue={catalogue}
              me={me}
              choices={choices}
              listed={pn ? payments(legal, pn) : []}
              sel={paySel}
              setSel={setPaySel}
              sendPay={sendPay}
              leave={pn === "feed" ? plain(legal, "starve") : decline}
              leaveLabel={pn === "feed" ? t("sa.btn.starve") : t("sa.btn.decline")}
              send={send}
              listOpen={payOpen}
              setListOpen={setPayOpen}
            />
          ) : null
        }
      />

      <div class="sa-supplies">
        {m.players.map((p, seat) => (
          <SupplyPanel key={seat} p={p} seat={seat} m={m} names={names} catalogue={catalogue} />
        ))}
      </div>

      <div class="sa-legal">
        <GenericBoard {...props} labels={labels} />
      </div>
    </div>
  );
}

/** What is being decided now: the roll and its tools, dice for everyone, feeding, two
 * resources of one's choice; between decisions, the latest roll. */
function Decision({
  m,
  legal,
  me,
  names,
  send,
  chosen,
  setChosen,
  chosenOne,
  setChosenOne,
  log,
  diceRewards,
  pay,
}: {
  m: SaModel;
  legal: Obj[];
  me: Supply | null;
  names: (seat: number) => string;
  send: (intent: Obj | null) => void;
  chosen: number[];
  setChosen: (v: number[]) => void;
  chosenOne: number[];
  setChosenOne: (v: number[]) => void;
  log: unknown;
  diceRewards: Record<string, string>;
  /** The payment window, while this seat pays for a building or card or feeds. */
  pay: preact.JSX.Element | null;
}) {
  const pend = m.pending;
  const mine = pend !== null && pend.seat === m.you && legal.length > 0;
  const takes = payments(legal, "take_resources");
  const parts: preact.JSX.Element[] = [];

  if (pend?.kind === "gather") {
    const tools = me?.tools ?? [];
    const oneUse = me?.oneUse ?? [];
    const choice = mine ? toolChoice(legal) : { tools: false, oneUse: false };
    const bonus = chosen.reduce((s, i) => s + (tools[i]?.value ?? 0), 0) + chosenOne.reduce((s, i) => s + (oneUse[i] ?? 0), 0);
    const y = rollYield(pend.dice, mine ? bonus : 0, pend.divisor);
    const ok = mine ? matchTools(legal, tools, chosen, oneUse, chosenOne) : null;
    const toggle = (xs: number[], i: number) => (xs.includes(i) ? xs.filter((x) => x !== i) : [...xs, i]);
    parts.push(
      <div class="sa-roll" data-testid="sa-roll" key="gather">
        <span class="sa-label">
          <span class="sa-swatch" style={{ background: seatColour(pend.seat) }} /> {t("sa.ui.roll", { player: names(pend.seat), good: goodName(pend.good ?? "") })}
        </span>
        <span class="sa-dice">
          {pend.dice.map((f, i) => (
            <Die key={i} face={f} />
          ))}
        </span>
        <strong data-testid="sa-yield">{t("sa.ui.yield", { total: y.total, amount: y.amount, good: goodName(pend.good ?? "") })}</strong>
        {mine && (choice.tools || choice.oneUse) && (
          <span class="sa-tools" data-testid="sa-tools">
            {tools.map((tool, i) => (
              <button
                key={i}
                class={`sa-tool${chosen.includes(i) ? " chosen" : ""}`}
                data-testid="sa-tool"
                data-i={i}
                disabled={tool.used || !choice.tools}
                onClick={() => setChosen(toggle(chosen, i))}
                title={tool.used ? t("sa.used_tool", { n: tool.value }) : t("sa.ui.tool", { n: tool.value })}
              >
                {tool.value}
              </button>
            ))}
            {oneUse.map((v, i) => (
              <button
                key={`o${i}`}
                class={`sa-tool one-use${chosenOne.includes(i) ? " chosen" : ""}`}
                data-testid="sa-one-use"
                data-i={i}
                disabled={!choice.oneUse}
                onClick={() => setChosenOne(toggle(chosenOne, i))}
                title={t("sa.btn.one_use", { n: v })}
              >
                {v}
              </button>
            ))}
            <button class="primary" data-testid="sa-tools-ok" disabled={!ok} onClick={() => send(ok)}>
              {t("sa.ui.ok")}
            </button>
          </span>
        )}
        {mine && <span class="small muted">{t("sa.ui.tools_hint")}</span>}
      </div>,
    );
  } else if (pend?.kind === "dice") {
    const faces = mine ? dieChoices(legal) : new Map<number, Obj>();
    parts.push(
      <div class="sa-roll" data-testid="sa-everyone" key="dice">
        <span class="sa-label">{t("sa.ui.dice_everyone")}</span>
        <span class="sa-dice">
          {pend.dice.map((f, i) => {
            const it = faces.get(f) ?? null;
            return (
              <button key={i} class={`sa-pick${it ? " can" : ""}`} data-testid="sa-pick-die" data-face={f} disabled={!it} onClick={() => send(it)}>
                <Die face={f} />
                <span class="small">{diceRewards[String(f)] ? goodName(diceRewards[String(f)]) : ""}</span>
              </button>
            );
          })}
        </span>
        <span class="small muted">{t("sa.ui.order", { names: pend.order.map(names).join(" → ") })}</span>
      </div>,
    );
  } else if (pend?.kind === "feed" && !pay) {
    // Another seat feeds (this seat's own shortfall is the payment window's title).
    parts.push(
      <div class="sa-roll" data-testid="sa-feed" key="feed">
        <span class="sa-label">
          <span class="sa-swatch" style={{ background: seatColour(pend.seat) }} /> {names(pend.seat)}:{" "}
          {t("sa.ui.feed_short", { n: pend.shortfall ?? 0 })}
        </span>
      </div>,
    );
  } else if (!pend) {
    const roll = lastRoll(log);
    if (roll && roll.dice.length) {
      parts.push(
        <div class="sa-roll last" data-testid="sa-last-roll" key="last">
          <span class="sa-label muted">
            <span class="sa-swatch" style={{ background: seatColour(roll.seat) }} /> {t("sa.ui.last_roll", { player: names(roll.seat), good: goodName(roll.good) })}
          </span>
          <span class="sa-dice">
            {roll.dice.map((f, i) => (
              <Die key={i} face={f} size={22} />
            ))}
          </span>
          {roll.amount !== null && <span class="muted">{t("sa.ui.gave", { amount: roll.amount, good: goodName(roll.good) })}</span>}
        </div>,
      );
    }
  }
  if (pay) parts.push(pay);
  if (takes.length) {
    parts.push(
      <div class="sa-roll" data-testid="sa-take" key="take">
        <span class="sa-label">{t("sa.ui.take_two")}</span>
        <span class="sa-pay-list">
          {takes.map((p, i) => (
            <button key={i} class="sa-pay-btn" data-testid="sa-take-pay" onClick={() => send(p)}>
              <PayChips intent={p} />
            </button>
          ))}
        </span>
      </div>,
    );
  }
  return <section class="sa-decision card" data-testid="sa-decision">{parts}</section>;
}

/** Beside the space being taken up: − and + (the right and left click, for a phone
 * or a keyboard), the number and OK; and the listed numbers, each placing at once. */
function PlacingControls({
  legal,
  sel,
  setPlacing,
  send,
}: {
  legal: Obj[];
  sel: Placing;
  setPlacing: (p: Placing | null) => void;
  send: (intent: Obj | null) => void;
}) {
  const bounds = placingBounds(legal, sel);
  const ok = placingIntent(legal, sel);
  const counts = placeCounts(legal, sel.space);
  return (
    <div class="sa-placing" data-testid="sa-placing">
      <div class="sa-stepper">
        <button
          class="sa-step"
          data-testid="sa-fewer"
          aria-label={t("sa.ui.fewer")}
          title={t("sa.ui.fewer")}
          disabled={!bounds.fewer}
          onClick={() => setPlacing(stepPlacing(legal, sel, sel.space, -1))}
        >
          −
        </button>
        <strong class="sa-placing-n" data-testid="sa-placing-n" aria-live="polite">
          {sel.people}
        </strong>
        <button
          class="sa-step"
          data-testid="sa-more"
          aria-label={t("sa.ui.more")}
          title={t("sa.ui.more")}
          disabled={!bounds.more}
          onClick={() => setPlacing(stepPlacing(legal, sel, sel.space, 1))}
        >
          +
        </button>
        <button class="primary sa-place-ok" data-testid="sa-place-ok" disabled={!ok} onClick={() => send(ok)}>
          {t("sa.ui.ok")}
        </button>
      </div>
      {counts.length > 1 && (
        <div class="sa-counts" data-testid="sa-counts">
          <span class="small">{t("sa.ui.or_pick")}</span>
          {counts.map((c) => (
            <button key={c.people} class="sa-count" data-testid="sa-count" data-n={c.people} onClick={() => send(c.intent)}>
              {c.people}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The seed's payment window: the resources held above, those chosen below (a click
 * moves one down or back up), OK once the chosen ones pay, ✕ (leave it, or lose 10
 * points when feeding) only while none is chosen; and the listed payments whole, on
 * request, for the keyboard. */
function PayWindow({
  m,
  catalogue,
  me,
  choices,
  listed,
  sel,
  setSel,
  sendPay,
  leave,
  leaveLabel,
  send,
  listOpen,
  setListOpen,
}: {
  m: SaModel;
  catalogue: unknown;
  me: Supply | null;
  choices: PayChoice[];
  listed: Obj[];
  sel: Counts;
  setSel: (c: Counts) => void;
  sendPay: (c: Counts) => void;
  leave: Obj | null;
  leaveLabel: string;
  send: (intent: Obj | null) => void;
  listOpen: boolean;
  setListOpen: (b: boolean) => void;
}) {
  const pend = m.pending!;
  const held = heldOf(me);
  const can = addable(choices, sel);
  const hit = chosenPayment(choices, sel);
  const empty = noneChosen(sel);
  const ref = useRef<HTMLDivElement>(null);
  // The window opens where the player looks next, as the seed's pops up.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [pend.kind, pend.space]);
  const top = pend.kind === "building" ? (m.stacks[Number((pend.space ?? "").split("_")[1]) - 1]?.top ?? null) : null;
  return (
    <div class="sa-paywin" data-testid="sa-paywin" data-kind={pend.kind} ref={ref}>
      <div class="sa-label">
        {pend.kind === "building" && (
          <>
            {t("sa.ui.pay_building")} {top && <BuildingFace id={top} catalogue={catalogue} />}
          </>
        )}
        {pend.kind === "card" && t("sa.ui.pay_card", { n: Number((pend.space ?? "").split("_")[1]) })}
        {pend.kind === "feed" && t("sa.ui.pay_feed", { n: pend.shortfall ?? 0 })}
      </div>
      {choices.length === 0 && <span class="muted small">{t("sa.ui.cannot_pay")}</span>}
      <div class="sa-pay-row">
        <span class="small muted">{t("sa.ui.your_resources")}</span>
        <span class="sa-pay-list">
          {RESOURCES.map((r, i) => (
            <button
              key={r}
              class="sa-pay-add"
              data-testid="sa-pay-add"
              data-good={r}
              disabled={!can[i]}
              onClick={() => setSel(stepPay(choices, sel, i, 1))}
              title={goodName(r)}
            >
              <Chip good={r} n={held[i] - sel[i]} />
            </button>
          ))}
        </span>
      </div>
      <div class="sa-pay-row">
        <span class="small muted">{t("sa.ui.chosen")}</span>
        <span class="sa-pay-list" data-testid="sa-pay-chosen-list">
          {empty && <span class="muted small">{t("sa.ui.none_chosen")}</span>}
          {RESOURCES.flatMap((r, i) =>
            Array.from({ length: sel[i] }, (_, k) => (
              <button
                key={`${r}${k}`}
                class="sa-pay-chosen"
                data-testid="sa-pay-chosen"
                data-good={r}
                onClick={() => setSel(stepPay(choices, sel, i, -1))}
                title={goodName(r)}
              >
                <Chip good={r} />
              </button>
            )),
          )}
        </span>
      </div>
      <div class="sa-pay-actions">
        {hit && (
          <button class="primary sa-pay-ok" data-testid="sa-pay-ok" onClick={() => sendPay(sel)}>
            {t("sa.ui.ok")}
          </button>
        )}
        {empty && leave && (
          <button class="sa-pay-x" data-testid="sa-pay-x" onClick={() => send(leave)}>
            ✕ {leaveLabel}
          </button>
        )}
        {listed.length > 0 && (
          <button class="small" data-testid="sa-pay-list-toggle" aria-expanded={listOpen} onClick={() => setListOpen(!listOpen)}>
            {t("sa.ui.all_payments")}
          </button>
        )}
      </div>
      {choices.length > 0 && <span class="small muted">{t("sa.ui.pay_hint")}</span>}
      {listOpen && listed.length > 0 && (
        <div class="sa-pay-list" data-testid="sa-pay-options">
          {listed.map((p, i) => (
            <button key={i} class="sa-pay-btn" data-testid="sa-pay" onClick={() => send(p)}>
              <PayChips intent={p} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function SupplyPanel({
  p,
  seat,
  m,
  names,
  catalogue,
}: {
  p: Supply;
  seat: number;
  m: SaModel;
  names: (seat: number) => string;
  catalogue: unknown;
}) {
  const goods: Record<string, number> = { food: p.food, wood: p.wood, brick: p.brick, stone: p.stone, gold: p.gold };
  return (
    <section class={`sa-supply card${seat === m.you ? " own" : ""}`} data-testid="sa-supply" data-seat={seat} style={{ borderLeftColor: seatColour(seat) }}>
      <div class="sa-supply-head">
        <span class="sa-swatch" style={{ background: seatColour(seat) }} />
        <strong>{names(seat)}</strong>
        {seat === m.you && <span class="muted small">({t("sa.ui.you")})</span>}
        <span class="sa-score" data-testid="sa-score">
          {t("sa.ui.score", { n: m.scores[seat] ?? p.score })}
        </span>
      </div>
      <div class="sa-goods">
        {GOODS.map((g) => (
          <span key={g} data-testid="sa-res" data-good={g}>
            <Chip good={g} n={goods[g]} />
          </span>
        ))}
      </div>
      <div class="sa-stats small">
        <span title={t("sa.ui.people_home", { home: p.home, people: p.people })}>
          {t("sa.ui.people")}{" "}
          <span class="sa-person inline" style={{ background: seatColour(seat) }} /> {p.home}/{p.people}
        </span>
        <span>
          {t("sa.ui.agriculture")} <strong>{p.agriculture}</strong>
        </span>
        <span class="sa-toolset">
          {t("sa.ui.tools")}{" "}
          {p.tools.length === 0 && <span class="muted">—</span>}
          {p.tools.map((x, i) => (
            <span key={i} class={`sa-tool-tile${x.used ? " used" : ""}`} title={x.used ? t("sa.used_tool", { n: x.value }) : t("sa.ui.tool", { n: x.value })}>
              {x.value}
            </span>
          ))}
          {p.oneUse.map((v, i) => (
            <span key={`o${i}`} class="sa-tool-tile one-use" title={t("sa.btn.one_use", { n: v })}>
              {v}
            </span>
          ))}
        </span>
        {p.anyTwo > 0 && <span>{t("sa.ui.any_two", { n: p.anyTwo })}</span>}
      </div>
      {(p.buildings.length > 0 || p.cards.length > 0 || p.hiddenCards > 0) && (
        <div class="sa-held">
          {p.buildings.map((id, i) => (
            <BuildingFace key={`b${i}`} id={id} catalogue={catalogue} />
          ))}
          {p.cards.map((id, i) => (
            <CardFace key={`c${i}`} id={id} catalogue={catalogue} small />
          ))}
          {p.hiddenCards > 0 && <span class="muted small">{t("sa.ui.hidden_cards", { n: p.hiddenCards })}</span>}
        </div>
      )}
    </section>
  );
}
