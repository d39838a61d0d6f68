// The Kingsburg table: the year and phase track with the enemy of the year, the
// King's 18 advisors with the dice placed on them this season, a box for the move
// you owe, and every seat's province sheet (buildings, goods, soldiers, tokens,
// points, dice). Clicks become intents only by picking them out of `view.legal`
// (model.ts); the full list of legal moves stays below the board for the keyboard.

import { useEffect, useMemo, useState } from "preact/hooks";
import { t } from "../../i18n";
import { GenericBoard } from "../generic";
import { PIPS } from "../pips";
import { type BoardProps, SEAT_COLOURS } from "../types";
import {
  type AdvisorInfo,
  type Amounts,
  type BuildingInfo,
  buildable,
  buttonIntents,
  type Catalogue,
  canChooseDie,
  clickAdvisor,
  clickBuilding,
  clickReroll,
  type EnemyCard,
  type Group,
  groupsOn,
  type Intent,
  isListed,
  type KbModel,
  litAdvisors,
  PHASES,
  readCatalogue,
  readModel,
  type Resolution,
  type Seat,
  sheetRows,
} from "./model";
import { advisorName, buildingName, enemyName, labels } from "./strings";
import "./board.css";

const seatColour = (seat: number) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

const ROMAN = ["I", "II", "III", "IV", "V"];

/** Whether dark pips read better than white ones on this colour. */
function light(hex: string): boolean {
  const n = parseInt(hex.replace("#", ""), 16);
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > 160;
}

// Only the common keys: the generic view below the board shows just its list of
// legal intents (the view itself is drawn on the board).
const COMMON = ["game", "you", "active", "legal", "scores", "log", "result"];

/** Where a choice between several listed intents is offered. */
interface Pending {
  at: string;
  options: Intent[];
}

export function KingsburgBoard(props: BoardProps) {
  const { view, act, names, catalogue } = props;
  const cat = useMemo(() => readCatalogue(catalogue), [catalogue]);
  const m = useMemo(() => readModel(view), [view]);
  const legal = (view.legal ?? []) as Intent[];
  const [chosen, setChosen] = useState<number[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const mine: Seat | undefined = m.you !== null ? m.players[m.you] : undefined;

  // A new list of legal intents (a move was made) starts the choice afresh.
  useEffect(() => {
    setChosen([]);
    setPending(null);
  }, [view.legal]);

  function send(intent: Intent) {
    // Belt and braces: only the very objects of the list leave the board.
    if (!isListed(legal, intent)) return;
    setChosen([]);
    setPending(null);
    act(intent);
  }

  function settle(at: string, r: Resolution) {
    if (r.kind === "send") send(r.intent);
    else if (r.kind === "choose") setPending({ at, options: r.options });
    else setPending(null);
  }

  function onAdvisor(n: number) {
    settle(`advisor:${n}`, clickAdvisor(legal, mine, chosen, n));
  }

  function onDie(i: number) {
    const reroll = clickReroll(legal, mine, i);
    if (reroll.kind === "send") return send(reroll.intent);
    if (chosen.includes(i)) {
      setChosen(chosen.filter((x) => x !== i));
      return;
    }
    if (!canChooseDie(legal, mine, chosen, i)) return;
    const next = [...chosen, i];
    setChosen(next);
    // An advisor clicked first waits for its dice: once they name one listed
    // influence it is sent, while several remain they stay offered.
    if (pending?.at.startsWith("advisor:")) {
      const r = clickAdvisor(legal, mine, next, Number(pending.at.slice(8)));
      if (r.kind === "send") send(r.intent);
      else if (r.kind === "choose") setPending({ at: pending.at, options: r.options });
    }
  }

  function onBuilding(id: string) {
    settle(`building:${id}`, clickBuilding(legal, id));
  }

  const lit = litAdvisors(legal, mine, chosen);
  const builds = buildable(legal);
  const rerolls = legal.some((i) => i.t === "reroll_one");
  const moves = Object.fromEntries(Object.entries(view).filter(([k]) => COMMON.includes(k))) as typeof view;
  const seats = m.players.map((_, i) => i);
  // Your own sheet large on the left (with the prices), the others beside it.
  const sheet = (s: number) =>
    cat && (
      <Sheet
        key={s}
        cat={cat}
        m={m}
        seat={s}
        names={names}
        own={s === m.you}
        chosen={s === m.you ? chosen : []}
        builds={s === m.you ? builds : new Set()}
        pending={s === m.you ? pending : null}
        diceClickable={(i) => s === m.you && (chosen.includes(i) || canChooseDie(legal, mine, chosen, i) || clickReroll(legal, mine, i).kind === "send")}
        onDie={onDie}
        onBuilding={onBuilding}
      />
    );

  return (
    <div class="kb">
      <Track m={m} names={names} />
      {cat ? (
        <>
          <Advisors
            cat={cat}
            m={m}
            lit={lit}
            pending={pending}
            names={names}
            onAdvisor={onAdvisor}
          />
          <Decide
            m={m}
            view={view}
            legal={legal}
            mine={mine}
            chosen={chosen}
            pending={pending}
            rerolls={rerolls}
            names={names}
            onSend={send}
            onCancel={() => {
              setChosen([]);
              setPending(null);
            }}
          />
          <div class={`kb-sheets${mine ? " with-own" : ""}`}>
            {mine && m.you !== null && sheet(m.you)}
            <div class="kb-others">{seats.filter((s) => s !== m.you).map(sheet)}</div>
          </div>
        </>
      ) : (
        <p class="muted">{t("table.loading")}</p>
      )}
      <div class="kb-moves">
        <GenericBoard {...props} view={moves} labels={labels} />
      </div>
    </div>
  );
}

// ---- the track: year, phase, enemy, envoy, turn order -----------------------------

function Track({ m, names }: { m: KbModel; names: (n: number) => string }) {
  return (
    <div class="kb-track" data-testid="kb-track" data-year={m.year} data-phase={m.phase}>
      <div class="kb-years" title={t("view.kingsburg.year")}>
        {ROMAN.map((r, i) => (
          <span key={r} class={`kb-year${i + 1 === m.year ? " now" : i + 1 < m.year ? " past" : ""}`}>
            {r}
          </span>
        ))}
      </div>
      <ol class="kb-phases">
        {PHASES.map((p, i) => (
          <li key={p} class={i + 1 === m.phase ? "now" : ""} data-phase={i + 1}>
            {t(`kb.phase.${p}`)}
          </li>
        ))}
      </ol>
      <div class="kb-track-info">
        <Enemy m={m} />
        <span class="kb-envoy" data-testid="kb-envoy">
          {m.envoy === null ? (
            t("kb.ui.envoy_none")
          ) : (
            <>
              <span class="swatch" style={{ background: seatColour(m.envoy) }} />
              {t("kb.ui.envoy", { name: names(m.envoy) })}
            </>
          )}
        </span>
        <span class="kb-order">
          {t("view.kingsburg.order")}:{" "}
          {m.order.map((s) => (
            <span key={s} class={`kb-order-seat${s === m.turn ? " now" : ""}`}>
              <span class="swatch" style={{ background: seatColour(s) }} />
              {names(s)}
            </span>
          ))}
        </span>
      </div>
    </div>
  );
}

function Enemy({ m }: { m: KbModel }) {
  const last = m.battles[m.battles.length - 1];
  return (
    <span class="kb-enemy">
      {m.strength && <span data-testid="kb-strength">{t("kb.ui.enemy_range", { min: m.strength[0], max: m.strength[1] })}</span>}
      {m.enemy ? <EnemyCardView card={m.enemy} /> : <span class="muted small">{t("kb.ui.enemy_hidden")}</span>}
      {last && last.year !== m.year && (
        <span class="muted small" title={t("view.kingsburg.battles")}>
          {t("kb.ui.last_enemy", { year: ROMAN[last.year - 1] ?? last.year, enemy: enemyName(last.enemy) })}
        </span>
      )}
    </span>
  );
}

function EnemyCardView({ card }: { card: EnemyCard }) {
  return (
    <span class="kb-enemy-card" data-testid="kb-enemy-card" data-enemy={card.id}>
      <strong>{enemyName(card.id)}</strong>
      <span>
        {t("view.kingsburg.reward")}: <Gains a={card.reward} />
      </span>
      <span>
        {t("view.kingsburg.penalty")}: <Gains a={card.penalty} />
      </span>
    </span>
  );
}

// ---- goods and dice -------------------------------------------------------------

const RES_ORDER = ["gold", "wood", "stone", "any_goods", "soldiers", "plus2", "vp", "buildings", "peek_enemy"];

/** Goods, soldiers, tokens and points as small coloured chips with their numbers. */
function Gains({ a, minus = false }: { a: Amounts; minus?: boolean }) {
  const keys = RES_ORDER.filter((k) => (a[k] ?? 0) !== 0);
  if (!keys.length) return <span class="muted">{t("kb.nothing")}</span>;
  return (
    <span class="kb-gains">
      {keys.map((k) => (
        <Res key={k} kind={k} n={k === "peek_enemy" ? null : (minus ? -1 : 1) * a[k]} />
      ))}
    </span>
  );
}

function Res({ kind, n }: { kind: string; n: number | null }) {
  return (
    <span class={`kb-res kb-${kind}`} title={t(`kb.res.${kind}`)}>
      <span class="kb-res-mark" aria-hidden="true">
        {t(`kb.res_mark.${kind}`)}
      </span>
      {/* "+2 ×1": a count of +2 tokens must not read as "+21". */}
      {n !== null && <span class="kb-res-n">{kind === "plus2" ? `×${n}` : n}</span>}
    </span>
  );
}

/** One die with its pips: in the seat's colour, white with a seat-coloured edge
 * (the Farms), light brown with one (the King's aid die, as Brettspielwelt draws it:
 * it follows rules of its own), or grey for the neutral dice. */
function Die({ value, seat, white = false, aid = false, size = 22 }: { value: number; seat: number | null; white?: boolean; aid?: boolean; size?: number }) {
  const fill = seat === null ? "#cfc8b8" : aid ? "#e3c99b" : white ? "#ffffff" : seatColour(seat);
  const edge = seat === null ? "#6b6455" : white ? seatColour(seat) : "#1a1a1a";
  const pip = light(fill) ? "#1a1a1a" : "#ffffff";
  return (
    <svg class="kb-die" width={size} height={size} viewBox="0 0 24 24" aria-label={String(value)} role="img">
      <rect x={1} y={1} width={22} height={22} rx={5} fill={fill} stroke={edge} stroke-width={white ? 2.5 : 1.5} />
      {(PIPS[value] ?? []).map(([x, y], k) => (
        <circle key={k} cx={x * 6} cy={y * 6} r={2.2} fill={pip} />
      ))}
    </svg>
  );
}

// ---- the advisors ---------------------------------------------------------------

function Advisors({
  cat,
  m,
  lit,
  pending,
  names,
  onAdvisor,
}: {
  cat: Catalogue;
  m: KbModel;
  lit: Set<number>;
  pending: Pending | null;
  names: (n: number) => string;
  onAdvisor: (n: number) => void;
}) {
  // The advisor whose help is being chosen (the player's own choice), ringed.
  const helping = m.you !== null ? m.choices[m.you] : null;
  return (
    <div class="kb-advisors" data-testid="kb-advisors" aria-label={t("kb.ui.advisors")}>
      {cat.advisors.map((a) => {
        const on = lit.has(a.number);
        const isPending = pending?.at === `advisor:${a.number}`;
        const help = helping?.kind === "help" && helping.advisor === a.number;
        const groups = groupsOn(m, a.number);
        const body = (
          <>
            <span class="kb-adv-head">
              <span class="kb-adv-num">{a.number}</span>
              <span class="kb-adv-name">{t(`kb.advisor.${a.id}`)}</span>
            </span>
            <AdvisorGains a={a} />
            <span class="kb-adv-groups">
              {groups.map((g, k) => (
                <GroupDice key={k} g={g} names={names} />
              ))}
            </span>
          </>
        );
        const cls = `kb-adv${on ? " target" : ""}${isPending ? " pending" : ""}${help ? " helping" : ""}${groups.length ? " taken" : ""}`;
        return on ? (
          <button
            key={a.number}
            class={cls}
            data-testid="kb-advisor"
            data-advisor={a.number}
            data-target="1"
            title={t("kb.ui.influence_this", { advisor: advisorName(a.number) })}
            onClick={() => onAdvisor(a.number)}
          >
            {body}
          </button>
        ) : (
          <div key={a.number} class={cls} data-testid="kb-advisor" data-advisor={a.number} title={advisorName(a.number)}>
            {body}
          </div>
        );
      })}
    </div>
  );
}

function AdvisorGains({ a }: { a: AdvisorInfo }) {
  return (
    <span class="kb-adv-gains">
      {a.options.map((o, k) => (
        <span key={k} class="kb-adv-option">
          {k > 0 && <span class="kb-or">/</span>}
          {Object.keys(o.pay).length > 0 && (
            <>
              <Gains a={o.pay} minus />
              <span class="kb-arrow">→</span>
            </>
          )}
          <Gains a={o.gain} />
        </span>
      ))}
    </span>
  );
}

function GroupDice({ g, names }: { g: Group; names: (n: number) => string }) {
  const who = g.seat === null ? t("kb.ui.neutral") : names(g.seat);
  const extras = [g.plus2 ? "+2" : "", g.market ? (g.market > 0 ? "+1" : "−1") : "", g.envoy ? t("kb.btn.envoy") : ""].filter(Boolean);
  return (
    <span class="kb-group" data-testid="kb-group" data-seat={g.seat ?? "neutral"} title={who}>
      {g.dice.map((v, k) => (
        <Die key={k} value={v} seat={g.seat} size={18} />
      ))}
      {extras.length > 0 && <span class="kb-group-extra">{extras.join(" ")}</span>}
    </span>
  );
}

// ---- the move you owe -----------------------------------------------------------

function Decide({
  m,
  view,
  legal,
  mine,
  chosen,
  pending,
  rerolls,
  names,
  onSend,
  onCancel,
}: {
  m: KbModel;
  view: BoardProps["view"];
  legal: Intent[];
  mine: Seat | undefined;
  chosen: number[];
  pending: Pending | null;
  rerolls: boolean;
  names: (n: number) => string;
  onSend: (i: Intent) => void;
  onCancel: () => void;
}) {
  if (!legal.length) {
    return (
      <div class="kb-decide idle" data-testid="kb-decide">
        <span class="kb-step">{t(`kb.step.${m.step}`)}</span>
      </div>
    );
  }
  const choice = m.you !== null ? m.choices[m.you] : null;
  const influencing = legal.some((i) => i.t === "influence");
  const building = legal.some((i) => i.t === "build");
  const hint = influencing
    ? t("kb.ui.hint_influence")
    : building
      ? t("kb.ui.hint_build", { n: m.buildsLeft })
      : rerolls
        ? t("kb.ui.hint_reroll")
        : choice?.kind === "help"
          ? t("kb.ui.hint_help", { advisor: advisorName(choice.advisor) })
          : null;
  const buttons = buttonIntents(legal);
  const label = (i: Intent) => labels.intent?.(i, view, names) ?? String(i.t);
  return (
    <div class="kb-decide" data-testid="kb-decide">
      <span class="kb-step">{choice ? t(`kb.choice.${choice.kind}`) : t(`kb.step.${m.step}`)}</span>
      {hint && <span class="kb-hint">{hint}</span>}
      {influencing && chosen.length > 0 && mine && (
        <span class="kb-chosen">
          {chosen.map((i) => (
            <Die key={i} value={mine.dice[i]} seat={m.you} white={mine.white[i]} aid={mine.aidDie === i} size={18} />
          ))}
          = {chosen.reduce((s, i) => s + (mine.dice[i] ?? 0), 0)}
        </span>
      )}
      {pending && (
        <span class="kb-options" data-testid="kb-options">
          {pending.options.map((i, k) => (
            <button key={k} class="kb-option" data-testid="kb-option" onClick={() => onSend(i)}>
              {label(i)}
            </button>
          ))}
        </span>
      )}
      {(pending || chosen.length > 0) && (
        <button class="link" data-testid="kb-cancel" onClick={onCancel}>
          {t("kb.ui.cancel")}
        </button>
      )}
      <span class="kb-actions">
        {buttons.map((i, k) => (
          <button
            key={k}
            class={`kb-action${i.t === "pass" ? " pass" : ""}`}
            data-testid={i.t === "pass" ? "kb-pass" : "kb-action"}
            data-t={String(i.t)}
            onClick={() => onSend(i)}
          >
            {label(i)}
          </button>
        ))}
      </span>
    </div>
  );
}

// ---- a province sheet -----------------------------------------------------------

function Sheet({
  cat,
  m,
  seat,
  names,
  own,
  chosen,
  builds,
  pending,
  diceClickable,
  onDie,
  onBuilding,
}: {
  cat: Catalogue;
  m: KbModel;
  seat: number;
  names: (n: number) => string;
  own: boolean;
  chosen: number[];
  builds: Set<string>;
  pending: Pending | null;
  diceClickable: (i: number) => boolean;
  onDie: (i: number) => void;
  onBuilding: (id: string) => void;
}) {
  const p = m.players[seat];
  const colour = seatColour(seat);
  const rows = sheetRows(cat);
  return (
    <section
      class={`kb-sheet${own ? " own" : ""}${m.turn === seat ? " to-move" : ""}`}
      data-testid="kb-sheet"
      data-seat={seat}
      style={{ borderColor: colour }}
    >
      <header class="kb-sheet-head">
        <span class="swatch" style={{ background: colour }} />
        <strong>{t("kb.ui.province", { name: names(seat) })}</strong>
        {m.envoy === seat && <span class="kb-tag">{t("kb.btn.envoy")}</span>}
        {p.passed && <span class="kb-tag muted">{t("view.kingsburg.passed")}</span>}
      </header>
      <div class="kb-stock" data-testid="kb-stock">
        {(["gold", "wood", "stone", "soldiers", "plus2", "vp"] as const).map((k) => (
          <span key={k} data-res={k} data-n={p[k]}>
            <Res kind={k} n={p[k]} />
          </span>
        ))}
      </div>
      <div class="kb-dice" aria-label={t("kb.ui.dice")}>
        {p.dice.length === 0 && <span class="muted small">{t("kb.ui.no_dice")}</span>}
        {p.dice.map((v, i) => {
          const click = own && diceClickable(i);
          const aid = p.aidDie === i;
          const die = <Die value={v} seat={seat} white={p.white[i]} aid={aid} size={own ? 30 : 22} />;
          const cls = `kb-die-slot${p.used[i] ? " used" : ""}${chosen.includes(i) ? " chosen" : ""}`;
          return click ? (
            <button
              key={i}
              class={`${cls} target`}
              data-testid="kb-die"
              data-die={i}
              data-value={v}
              data-aid={aid ? "1" : undefined}
              aria-pressed={chosen.includes(i)}
              title={t(aid ? "kb.ui.aid_die" : "kb.ui.die", { n: i + 1, face: v })}
              onClick={() => onDie(i)}
            >
              {die}
            </button>
          ) : (
            <span
              key={i}
              class={cls}
              data-testid="kb-die"
              data-die={i}
              data-value={v}
              data-aid={aid ? "1" : undefined}
              data-used={p.used[i] ? "1" : undefined}
              title={aid ? t("kb.ui.aid_die", { n: i + 1, face: v }) : undefined}
            >
              {die}
            </span>
          );
        })}
      </div>
      <div class="kb-buildings">
        {rows.map((row, r) => (
          <div class="kb-row" key={r}>
            {row.map((b) => (
              <BuildingCell
                key={b.id}
                b={b}
                built={p.buildings.includes(b.id)}
                on={builds.has(b.id)}
                pending={pending?.at === `building:${b.id}`}
                colour={colour}
                onClick={() => onBuilding(b.id)}
              />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}

function BuildingCell({
  b,
  built,
  on,
  pending,
  colour,
  onClick,
}: {
  b: BuildingInfo;
  built: boolean;
  on: boolean;
  pending: boolean;
  colour: string;
  onClick: () => void;
}) {
  const cls = `kb-bld${built ? " built" : ""}${on ? " target" : ""}${pending ? " pending" : ""}`;
  const style = built ? { background: colour, color: light(colour) ? "#1a1a1a" : "#ffffff" } : undefined;
  const body = (
    <>
      <span class="kb-bld-name">{buildingName(b.id)}</span>
      <span class="kb-bld-foot">
        <Gains a={b.cost} />
        {b.vp > 0 && <Res kind="vp" n={b.vp} />}
      </span>
    </>
  );
  const title = `${buildingName(b.id)} — ${t(`kb.bld_help.${b.id}`)}`;
  return on ? (
    <button class={cls} style={style} data-testid="kb-building" data-building={b.id} data-target="1" title={title} onClick={onClick}>
      {body}
    </button>
  ) : (
    <div class={cls} style={style} data-testid="kb-building" data-building={b.id} data-built={built ? "1" : undefined} title={title}>
      {body}
    </div>
  );
}

/** The players panel: goods, soldiers and tokens beside each name. */
export function seatExtra(view: BoardProps["view"], seat: number) {
  const p = readModel(view).players[seat];
  if (!p) return null;
  return (
    <span class="kb-seat-extra" data-testid="kb-seat-extra">
      <Res kind="gold" n={p.gold} />
      <Res kind="wood" n={p.wood} />
      <Res kind="stone" n={p.stone} />
      <Res kind="soldiers" n={p.soldiers} />
      <Res kind="plus2" n={p.plus2} />
    </span>
  );
}
