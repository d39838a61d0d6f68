// Alhambra in Japanese and English: the log codes of server/games/alhambra (its
// `Entry(...)` calls), the intents as button labels, the view's keys and the options.
// Japanese terms follow the Brettspielwelt help page (建物タイル, リザーブ, 城壁, 得点計算, …).
import { extend, has, listText, logArgs, plural, t } from "../../i18n";
import type { View } from "../../store";
import type { GenericLabels } from "../generic";

const G = "alhambra";
const CURRENCIES = ["yellow", "orange", "blue", "green"];
const TYPES = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"];

const en: Record<string, string> = {
  "log.alhambra.start_money": "{player} starts with {coins}.",
  "log.alhambra.start_player": "{player} begins (fewest coins).",
  "log.alhambra.take": "{player} takes {coins}.",
  "log.alhambra.buy": "{player} buys {tile} from the {slot} slot with {coins}{exact}.",
  "log.alhambra.build": "{player} builds {tile} from the reserve into their Alhambra.",
  "log.alhambra.unbuild": "{player} moves {tile} from their Alhambra into the reserve.",
  "log.alhambra.place": "{player} places {tile} in their Alhambra.",
  "log.alhambra.swap": "{player} swaps {tile} from the reserve for {old} in their Alhambra.",
  "log.alhambra.reserve": "{player} puts {tile} into the reserve.",
  "log.alhambra.gift": "{player} gives {tile} to Dirk.",
  "log.alhambra.pass": "{player} passes.",
  "log.alhambra.reshuffle": "The spent money is shuffled into a new pile of {n} coins.",
  "log.alhambra.scoring": "Scoring {round}: {points}.",
  "log.alhambra.dirk_draw": "Dirk takes {tiles} from the bag{when}.",
  "log.alhambra.game_end": "The market cannot be refilled: the game ends.",
  "log.alhambra.leftover": "{tile} left in the {slot} slot goes to {whom}.",
  "log.alhambra.game_over": "Final scores: {scores}.",
  "al.exact": ", the exact price, and may take another action",
  "al.tiles.one": "1 tile",
  "al.tiles": "{n} tiles",
  "al.at_setup": " at the start",
  "al.after_scoring": " after scoring {round}",
  "al.nobody": "nobody (out of the game)",
  "al.dirk": "Dirk",
  "al.wall": "wall {n}",
  "al.score_of": "{name} scores {points} ({wall})",
  "al.dirk_scores": "Dirk scores {points}",
  "al.coin": "{currency} {v}",
  "al.coins": "{n} coins ({list})",
  "al.tile": "{type} {cost} ({walls})",
  "al.walls_none": "no walls",
  "al.walls": "walls {sides}",
  "al.side.N": "N",
  "al.side.E": "E",
  "al.side.S": "S",
  "al.side.W": "W",
  "al.cell": "({x}, {y})",
  "al.sep": ", ",
  "al.currency.yellow": "yellow",
  "al.currency.orange": "orange",
  "al.currency.blue": "blue",
  "al.currency.green": "green",
  "al.type.pavilion": "Pavilion",
  "al.type.seraglio": "Seraglio",
  "al.type.arcades": "Arcades",
  "al.type.chambers": "Chambers",
  "al.type.garden": "Garden",
  "al.type.tower": "Tower",
  "al.phase.action": "action",
  "al.phase.placement": "placing bought tiles",
  "al.phase.leftover": "placing the last market tiles",
  "al.phase.over": "game over",
  "al.intent.take": "Take money",
  "al.intent.buy": "Buy a building",
  "al.intent.build": "Build from the reserve",
  "al.intent.unbuild": "Move to the reserve",
  "al.intent.swap": "Swap with the reserve",
  "al.intent.place": "Place in your alhambra",
  "al.intent.reserve": "Put into the reserve",
  "al.intent.dirk": "Give to Dirk",
  "al.intent.done": "End the turn",
  "al.intent.pass": "Pass",
  "al.btn.take": "Take {coins}",
  "al.btn.buy": "{tile} for {coins}",
  "al.btn.build": "{tile} → {cell}",
  "al.btn.unbuild": "{tile} at {cell} → reserve",
  "al.btn.swap": "{tile} ⇄ {old} at {cell}",
  "al.btn.place": "{tile} at {cell}",
  "al.btn.reserve": "{tile} → reserve",
  "al.btn.dirk": "{tile} → Dirk",
  "al.btn.done": "End the turn without the extra action",
  "al.btn.pass": "Pass (nothing possible)",
  "al.ui.market": "Market",
  "al.ui.money": "Money on offer",
  "al.ui.take_selected": "Take the chosen coins",
  "al.ui.hand": "Your coins",
  "al.ui.no_coins": "no coins",
  "al.ui.pay_with": "Pay with:",
  "al.ui.cancel": "Cancel",
  "al.ui.empty_slot": "empty",
  "al.ui.to_place": "To place",
  "al.ui.bought": "Bought this turn",
  "al.ui.reserve": "Reserve",
  "al.ui.reserve_empty": "empty",
  "al.ui.score": "{n} points",
  "al.ui.coins_n": "{n} coins",
  "al.ui.wall_n": "wall {n}",
  "al.ui.fountain": "Fountain",
  "al.ui.to_reserve": "Into the reserve",
  "al.ui.to_dirk": "Give to Dirk",
  "al.ui.unbuild": "Move this tile into the reserve",
  "al.ui.dirk_title": "Dirk (the dummy player)",
  "al.ui.dirk_points": "{n} points from the scorings so far (not counted)",
  "al.ui.supply": "Bag: {bag} tiles · pile: {deck} coins · spent: {discard}",
  "al.status.sep": " · ",
  "al.status.round.0": "Before the 1st scoring",
  "al.status.round.1": "1st scoring done",
  "al.status.round.2": "2nd scoring done",
  "al.status.round.3": "Final scoring done",
  "al.status.over": "Game over after the final scoring",
  "al.status.move.you": "your move",
  "al.status.move.other": "{name} to move",
  "al.status.extra.you": "your extra action (exact payment)",
  "al.status.extra.other": "{name}'s extra action (exact payment)",
  "al.status.placing.you": "place the tiles you bought",
  "al.status.placing.other": "{name} places the tiles bought",
  "al.status.leftover": "the last market tiles are being placed",
  "al.seat.coins.one": "1 coin",
  "al.seat.coins": "{n} coins",
  "al.seat.coins_hint": "Coins in hand (how many; which ones only their owner sees)",
  "al.seat.reserve": "reserve {n}",
  "al.seat.reserve_hint": "Tiles in the reserve (they do not count in scorings)",
  "al.seat.type": "{type}: {n} in the alhambra",
  "al.seat.wall": "Longest outer wall: {n}",
  "al.seat.dirk_tag": "dummy",
  "al.seat.dirk_hint": "Dirk, the dummy player of the two-player game: his tiles count in every majority; only how many of each type is shown",
  "al.seat.dirk_type": "{type}: Dirk holds {n}",
  "al.ui.hint_action": "Take money (click coins on offer), buy a building (click a market slot) or rebuild with your reserve (click a reserve tile).",
  "al.ui.hint_extra": "Exact payment: you have one more action.",
  "al.ui.hint_place": "Place {tile}: click a highlighted square of your alhambra, or put it into the reserve.",
  "al.ui.hint_redesign": "{tile}: click a highlighted square to build it there, or a framed tile to swap them.",
  "al.ui.hint_choose": "Several sets contain these coins: choose more, or take just these.",
  "al.ui.hint_pay": "Choose how to pay for {tile}.",
  "al.ui.hint_wait": "Waiting for {names}.",
  "view.alhambra.phase": "phase",
  "view.alhambra.turn": "to move",
  "view.alhambra.extra": "extra action",
  "view.alhambra.round": "scorings done",
  "view.alhambra.market": "market (yellow, orange, blue, green)",
  "view.alhambra.display": "money on offer",
  "view.alhambra.hand": "your coins",
  "view.alhambra.hand_counts": "coins per player",
  "view.alhambra.alhambras": "alhambras (x, y, tile)",
  "view.alhambra.reserves": "reserves",
  "view.alhambra.walls": "longest wall",
  "view.alhambra.bought": "bought this turn",
  "view.alhambra.leftovers": "last market tiles to place",
  "view.alhambra.dirk": "Dirk's tiles (pavilion … tower)",
  "view.alhambra.dirk_score": "Dirk's points",
  "view.alhambra.bag": "tiles in the bag",
  "view.alhambra.deck": "coins in the pile",
  "view.alhambra.discard": "coins spent",
  "err.bad_slot": "The market has four slots.",
  "err.empty_slot": "That market slot is empty.",
  "err.not_enough": "The coins do not reach the price of the building.",
  "err.not_in_reserve": "That tile is not in your reserve.",
  "err.not_pending": "That tile is not waiting to be placed by you.",
  "err.unknown_tile": "There is no such building tile.",
  "err.cell_taken": "That cell already holds a tile.",
  "err.not_adjacent": "A tile must touch the alhambra along a side.",
  "err.walls_mismatch": "Touching sides must both have a wall or both be open.",
  "err.not_walkable": "The tile must be reachable on foot from the fountain.",
  "err.hole": "The alhambra may not enclose an empty space.",
  "err.no_tile": "There is no tile on that cell.",
  "err.fountain": "The fountain never moves.",
  "err.no_money": "There is no money on offer.",
  "err.bad_coins": "Choose one or more different coins on offer.",
  "err.too_much_money": "Several coins may be taken only if they add up to 5 or less.",
  "err.take_more": "Another coin on offer still fits within 5: take it too.",
};

const ja: Record<string, string> = {
  "log.alhambra.start_money": "{player}の初期資金: {coins}",
  "log.alhambra.start_player": "{player}がスタートプレイヤーです（初期資金のコインが最少）。",
  "log.alhambra.take": "{player}がコイン{coins}を獲得。",
  "log.alhambra.buy": "{player}が{slot}の売り場の{tile}を{coins}で購入{exact}。",
  "log.alhambra.build": "{player}がリザーブの{tile}をアルハンブラに配置。",
  "log.alhambra.unbuild": "{player}がアルハンブラの{tile}をリザーブに退避。",
  "log.alhambra.place": "{player}が{tile}をアルハンブラに配置。",
  "log.alhambra.swap": "{player}がリザーブの{tile}とアルハンブラの{old}を入れ替え。",
  "log.alhambra.reserve": "{player}が{tile}をリザーブに置きました。",
  "log.alhambra.gift": "{player}が{tile}をダミープレイヤー（Dirk）に譲渡。",
  "log.alhambra.pass": "{player}はパスしました。",
  "log.alhambra.reshuffle": "使ったコインを混ぜて{n}枚の新しい山を作りました。",
  "log.alhambra.scoring": "第{round}回得点計算: {points}",
  "log.alhambra.dirk_draw": "ダミープレイヤー（Dirk）が袋から建物タイルを{tiles}受け取りました{when}。",
  "log.alhambra.game_end": "市場を補充できないため、ゲーム終了です。",
  "log.alhambra.leftover": "{slot}の売り場に残った{tile}は{whom}へ。",
  "log.alhambra.game_over": "最終得点: {scores}",
  "al.exact": "（ぴったり支払い: もう1アクション）",
  "al.at_setup": "（準備）",
  "al.after_scoring": "（第{round}回得点計算の後）",
  "al.nobody": "誰にも渡らず除外",
  "al.dirk": "Dirk",
  "al.wall": "城壁{n}",
  "al.score_of": "{name} {points}（{wall}）",
  "al.dirk_scores": "Dirk {points}",
  "al.tiles.one": "1枚",
  "al.tiles": "{n}枚",
  "al.coin": "{currency}{v}",
  "al.coins": "{n}枚（{list}）",
  "al.tile": "{type}{cost}（{walls}）",
  "al.walls_none": "城壁なし",
  "al.walls": "城壁: {sides}",
  "al.side.N": "北",
  "al.side.E": "東",
  "al.side.S": "南",
  "al.side.W": "西",
  "al.cell": "({x}, {y})",
  "al.sep": "、",
  "al.currency.yellow": "黄色",
  "al.currency.orange": "オレンジ",
  "al.currency.blue": "青",
  "al.currency.green": "緑",
  "al.type.pavilion": "パビリオン",
  "al.type.seraglio": "宮殿",
  "al.type.arcades": "アーケード",
  "al.type.chambers": "住居",
  "al.type.garden": "庭園",
  "al.type.tower": "塔",
  "al.phase.action": "アクション",
  "al.phase.placement": "購入したタイルの配置",
  "al.phase.leftover": "市場に残ったタイルの配置",
  "al.phase.over": "ゲーム終了",
  "al.intent.take": "コイン獲得",
  "al.intent.buy": "建物タイル購入",
  "al.intent.build": "リザーブから配置",
  "al.intent.unbuild": "リザーブに退避",
  "al.intent.swap": "リザーブと入れ替え",
  "al.intent.place": "アルハンブラに配置",
  "al.intent.reserve": "リザーブに置く",
  "al.intent.dirk": "Dirkに譲渡",
  "al.intent.done": "手番を終える",
  "al.intent.pass": "パス",
  "al.btn.take": "{coins}を取る",
  "al.btn.buy": "{tile}を{coins}で",
  "al.btn.build": "{tile} → {cell}",
  "al.btn.unbuild": "{cell}の{tile} → リザーブ",
  "al.btn.swap": "{tile} ⇄ {cell}の{old}",
  "al.btn.place": "{tile}を{cell}に",
  "al.btn.reserve": "{tile} → リザーブ",
  "al.btn.dirk": "{tile} → Dirk",
  "al.btn.done": "追加アクションをせずに手番を終える",
  "al.btn.pass": "パス（できる行動がない）",
  "al.ui.market": "建物タイル市場",
  "al.ui.money": "コイン獲得場",
  "al.ui.take_selected": "選んだコインを取る",
  "al.ui.hand": "手持ちコイン",
  "al.ui.no_coins": "コインなし",
  "al.ui.pay_with": "支払い方:",
  "al.ui.cancel": "やめる",
  "al.ui.empty_slot": "空き",
  "al.ui.to_place": "配置するタイル",
  "al.ui.bought": "この手番に購入したタイル",
  "al.ui.reserve": "リザーブ",
  "al.ui.reserve_empty": "なし",
  "al.ui.score": "{n}点",
  "al.ui.coins_n": "コイン{n}枚",
  "al.ui.wall_n": "城壁{n}",
  "al.ui.fountain": "噴水",
  "al.ui.to_reserve": "リザーブに置く",
  "al.ui.to_dirk": "Dirkに譲渡",
  "al.ui.unbuild": "このタイルをリザーブに退避",
  "al.ui.dirk_title": "Dirk（ダミープレイヤー）",
  "al.ui.dirk_points": "これまでの得点計算で{n}点相当（順位には数えません）",
  "al.ui.supply": "袋: 建物タイル{bag}枚・山: コイン{deck}枚・使用済み: {discard}枚",
  "al.status.sep": "・",
  "al.status.round.0": "第1回得点計算の前",
  "al.status.round.1": "第1回得点計算済み",
  "al.status.round.2": "第2回得点計算済み",
  "al.status.round.3": "最終得点計算済み",
  "al.status.over": "最終得点計算でゲーム終了",
  "al.status.move.you": "あなたの手番",
  "al.status.move.other": "{name}の手番",
  "al.status.extra.you": "あなたの追加アクション（ぴったり支払い）",
  "al.status.extra.other": "{name}の追加アクション（ぴったり支払い）",
  "al.status.placing.you": "購入したタイルを配置してください",
  "al.status.placing.other": "{name}が購入したタイルを配置中",
  "al.status.leftover": "市場に残ったタイルを配置中",
  "al.seat.coins": "コイン{n}枚",
  "al.seat.coins_hint": "手持ちコインの枚数（内容は本人にしか見えません）",
  "al.seat.reserve": "リザーブ{n}枚",
  "al.seat.reserve_hint": "リザーブ内の建物タイル（得点集計の対象外）",
  "al.seat.type": "{type}: アルハンブラに{n}枚",
  "al.seat.wall": "外側の城壁の最長: {n}",
  "al.seat.dirk_tag": "ダミー",
  "al.seat.dirk_hint": "Dirk（2人プレイのダミープレイヤー）: 建物タイルの枚数は順位の判定に加わります。各種類の枚数のみ表示されます",
  "al.seat.dirk_type": "{type}: Dirkが{n}枚",
  "al.ui.hint_action": "コインを取る（獲得場のコインをクリック）、建物タイルを買う（売り場をクリック）、またはリザーブで改築（リザーブのタイルをクリック）。",
  "al.ui.hint_extra": "ぴったり支払い: もう1アクションできます。",
  "al.ui.hint_place": "{tile}を配置: アルハンブラの光っているマスをクリック、またはリザーブに置いてください。",
  "al.ui.hint_redesign": "{tile}: 光っているマスをクリックで配置、枠のあるタイルをクリックで入れ替え。",
  "al.ui.hint_choose": "このコインを含む組み合わせが複数あります。さらに選ぶか、選んだコインだけを取ってください。",
  "al.ui.hint_pay": "{tile}の支払い方を選んでください。",
  "al.ui.hint_wait": "{names}の手番です。",
  "view.alhambra.phase": "フェーズ",
  "view.alhambra.turn": "手番",
  "view.alhambra.extra": "追加アクション",
  "view.alhambra.round": "済んだ得点計算",
  "view.alhambra.market": "建物タイル市場（黄色・オレンジ・青・緑）",
  "view.alhambra.display": "コイン獲得場",
  "view.alhambra.hand": "手持ちコイン",
  "view.alhambra.hand_counts": "各プレイヤーのコイン枚数",
  "view.alhambra.alhambras": "アルハンブラ（x, y, タイル）",
  "view.alhambra.reserves": "リザーブ",
  "view.alhambra.walls": "最長の城壁",
  "view.alhambra.bought": "この手番に購入したタイル",
  "view.alhambra.leftovers": "配置する市場の残りタイル",
  "view.alhambra.dirk": "Dirkのタイル（パビリオン…塔）",
  "view.alhambra.dirk_score": "Dirkの得点",
  "view.alhambra.bag": "袋の建物タイル",
  "view.alhambra.deck": "山のコイン",
  "view.alhambra.discard": "使われたコイン",
  "err.bad_slot": "市場の売り場は4つです。",
  "err.empty_slot": "その売り場は空です。",
  "err.not_enough": "コインが建物タイルの値段に届きません。",
  "err.not_in_reserve": "そのタイルはリザーブにありません。",
  "err.not_pending": "そのタイルはあなたが配置するタイルではありません。",
  "err.unknown_tile": "そのような建物タイルはありません。",
  "err.cell_taken": "そのマスにはすでにタイルがあります。",
  "err.not_adjacent": "タイルはアルハンブラに辺で接していなければなりません。",
  "err.walls_mismatch": "接する辺は、城壁同士か城壁なし同士でなければなりません。",
  "err.not_walkable": "噴水から徒歩で到達できなければなりません。",
  "err.hole": "アルハンブラの中に空きマスを囲ってはいけません。",
  "err.no_tile": "そのマスにタイルはありません。",
  "err.fountain": "噴水は動かせません。",
  "err.no_money": "コイン獲得場にコインがありません。",
  "err.bad_coins": "コイン獲得場のコインを1枚以上選んでください。",
  "err.too_much_money": "複数枚取れるのは合計5以下のときだけです。",
  "err.take_more": "合計5以下でまだ取れるコインがあります。それも取ってください。",
};

extend({ en, ja });

const w = (key: string, args: Record<string, unknown> = {}) => t(key, args);
const maybe = (key: string) => (has(key) ? t(key) : null);

type Coin = { c: string; v: number };

export function coinName(c: Coin): string {
  return w("al.coin", { currency: w(`al.currency.${c.c}`), v: c.v });
}

export function coinsText(coins: Coin[]): string {
  const list = coins.map(coinName).join(w("al.sep"));
  return coins.length > 1 ? w("al.coins", { n: coins.length, list }) : list;
}

/** "pavilion_02_NEW" → "Pavilion 2 (walls N, E, W)". */
export function tileName(id: string): string {
  const m = /^([a-z]+)_(\d+)_(\w+)$/.exec(id);
  if (!m || !TYPES.includes(m[1])) return id;
  const walls =
    m[3] === "none"
      ? w("al.walls_none")
      : w("al.walls", { sides: [...m[3]].map((s) => w(`al.side.${s}`)).join(w("al.sep")) });
  return w("al.tile", { type: w(`al.type.${m[1]}`), cost: Number(m[2]), walls });
}

const cell = (x: unknown, y: unknown) => w("al.cell", { x, y });
const slotName = (slot: unknown) => w(`al.currency.${CURRENCIES[Number(slot)] ?? "?"}`);

logArgs(G, (code, a, names) => {
  const out: Record<string, unknown> = {};
  if (typeof a.tile === "string") out.tile = tileName(a.tile);
  if (typeof a.old === "string") out.old = tileName(a.old);
  if (Array.isArray(a.coins)) out.coins = coinsText(a.coins as Coin[]);
  if (a.x !== undefined) out.cell = cell(a.x, a.y);
  if (a.slot !== undefined) out.slot = slotName(a.slot);
  if (code === "buy") out.exact = a.exact ? w("al.exact") : "";
  if (code === "dirk_draw") out.tiles = plural("al.tiles", a.n);
  if (code === "dirk_draw") out.when = a.round ? w("al.after_scoring", { round: a.round }) : w("al.at_setup");
  if (code === "leftover") out.whom = typeof a.seat === "number" ? names(a.seat) : w("al.nobody");
  if (code === "scoring") {
    const points = (a.points as number[]) ?? [];
    const walls = (a.walls as number[]) ?? [];
    const parts = points.map((p, i) =>
      w("al.score_of", { name: names(i), points: plural("n.points", p), wall: w("al.wall", { n: walls[i] ?? 0 }) }),
    );
    if (typeof a.dirk === "number") parts.push(w("al.dirk_scores", { points: plural("n.points", a.dirk) }));
    out.points = listText(parts);
  }
  if (code === "game_over") out.scores = ((a.scores as number[]) ?? []).map((s, i) => `${names(i)} ${s}`).join(w("al.sep"));
  return out;
});

function mine(view: View, key: string): unknown[] {
  const all = view[key] as unknown[][] | undefined;
  return typeof view.you === "number" && all ? (all[view.you] ?? []) : [];
}

function tileAt(view: View, x: unknown, y: unknown): string {
  const hit = (mine(view, "alhambras") as [number, number, string][]).find((p) => p[0] === x && p[1] === y);
  return hit ? tileName(hit[2]) : "?";
}

export const labels: GenericLabels = {
  perSeat: (key) => ["alhambras", "reserves", "leftovers"].includes(key),
  group: (name) => maybe(`al.intent.${name}`),
  intent(intent, view) {
    const tile = typeof intent.tile === "string" ? tileName(intent.tile) : "";
    const at = cell(intent.x, intent.y);
    switch (intent.t) {
      case "take": {
        const display = (view.display as Coin[] | undefined) ?? [];
        const coins = ((intent.coins as number[]) ?? []).map((i) => display[i]).filter(Boolean);
        return w("al.btn.take", { coins: coinsText(coins) });
      }
      case "buy": {
        const market = (view.market as (string | null)[] | undefined) ?? [];
        const slot = Number(intent.slot);
        const currency = CURRENCIES[slot] ?? "?";
        const coins = ((intent.values as number[]) ?? []).map((v) => ({ c: currency, v }));
        const id = market[slot];
        return w("al.btn.buy", { tile: id ? tileName(id) : slotName(slot), coins: coinsText(coins) });
      }
      case "build":
        return w("al.btn.build", { tile, cell: at });
      case "unbuild":
        return w("al.btn.unbuild", { tile: tileAt(view, intent.x, intent.y), cell: at });
      case "swap":
        return w("al.btn.swap", { tile, old: tileAt(view, intent.x, intent.y), cell: at });
      case "place":
        return w("al.btn.place", { tile, cell: at });
      case "reserve":
        return w("al.btn.reserve", { tile });
      case "dirk":
        return w("al.btn.dirk", { tile });
      case "done":
        return w("al.btn.done");
      case "pass":
        return w("al.btn.pass");
      default:
        return null;
    }
  },
  key: (key) => maybe(`view.${G}.${key}`),
  value(key, v, names) {
    if (typeof v === "number") return key === "turn" && v >= 0 ? names(v) : null;
    if (key === "phase") return maybe(`al.phase.${v}`);
    if (key === "c") return maybe(`al.currency.${v}`);
    return /^[a-z]+_\d+_\w+$/.test(v) ? tileName(v) : null;
  },
  compact(key, v) {
    const isCoin = (x: unknown): x is Coin => typeof x === "object" && x !== null && "c" in x && "v" in x;
    if (isCoin(v)) return coinName(v);
    if (Array.isArray(v) && v.length > 0 && v.every(isCoin)) return v.map(coinName).join(w("al.sep"));
    if (key === "alhambras" && Array.isArray(v) && v.length === 3 && typeof v[2] === "string") {
      return `${cell(v[0], v[1])} ${tileName(v[2])}`;
    }
    return null;
  },
};
