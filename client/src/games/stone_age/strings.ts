// Stone Age in Japanese and English: the log codes of server/games/stone_age (its
// `_log` calls), the intents as button labels, the view's keys and the options.
// Japanese terms follow the Board Game Arena help page (人間コマ, 狩場, 工房, 文明カード, …).
import { extend, has, logArgs, plural, t } from "../../i18n";
import type { View } from "../../store";
import type { GenericLabels } from "../generic";

const G = "stone_age";
const RESOURCES = ["wood", "brick", "stone", "gold"] as const;
const VALUE: Record<string, number> = { wood: 3, brick: 4, stone: 5, gold: 6 };
const LETTER: Record<string, string> = { W: "wood", B: "brick", S: "stone", G: "gold" };
const DICE_REWARD: Record<number, string> = { 1: "wood", 2: "brick", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture" };

/** Each civilization card: its top (immediate effect) and bottom (final scoring),
 * pasted from server/games/stone_age/data.json. */
const CARDS: Record<string, [string, string]> = {
  C01: ["tool", "art"], C02: ["roll:gold", "art"], C03: ["food:5", "medicine"],
  C04: ["any_two", "medicine"], C05: ["points:3", "music"], C06: ["points:3", "music"],
  C07: ["food:7", "pottery"], C08: ["dice", "pottery"], C09: ["agriculture", "sundial"],
  C10: ["dice", "sundial"], C11: ["res:stone:2", "transport"], C12: ["dice", "transport"],
  C13: ["food:3", "weaving"], C14: ["food:1", "weaving"], C15: ["extra_card", "writing"],
  C16: ["dice", "writing"], C17: ["dice", "farmer:1"], C18: ["agriculture", "farmer:1"],
  C19: ["res:stone:1", "farmer:1"], C20: ["food:3", "farmer:2"], C21: ["dice", "farmer:2"],
  C22: ["dice", "tool_maker:2"], C23: ["dice", "tool_maker:2"], C24: ["one_use:4", "tool_maker:1"],
  C25: ["one_use:3", "tool_maker:1"], C26: ["one_use:2", "tool_maker:2"], C27: ["dice", "hut_builder:1"],
  C28: ["food:4", "hut_builder:1"], C29: ["dice", "hut_builder:2"], C30: ["food:2", "hut_builder:2"],
  C31: ["points:3", "hut_builder:3"], C32: ["res:stone:1", "shaman:1"], C33: ["res:gold:1", "shaman:1"],
  C34: ["roll:stone", "shaman:1"], C35: ["res:brick:1", "shaman:2"], C36: ["roll:wood", "shaman:2"],
};

/** Every log code the engine emits (a test checks each has both languages). */
export const LOG_CODES = [
  "round", "place", "resolve", "roll", "tools", "gain", "tools_now", "people_now", "agriculture_now",
  "build", "buy_card", "decline", "extra_card", "take_resources", "dice_for_everyone", "die", "feed",
  "feed_resources", "starve", "refill", "game_end",
] as const;

export const OPTIONS = ["agriculture_surplus_kept", "tiebreak", "any_two_resources", "hidden_cards"] as const;

const en: Record<string, string> = {
  "log.stone_age.round": "Round {round} begins; {start} is the start player.",
  "log.stone_age.place": "{player} places {people} on {space}.",
  "log.stone_age.resolve": "{player} uses {space}.",
  "log.stone_age.roll": "{player} rolls for {good} {where}: {dice}.",
  "log.stone_age.tools": "{player} uses tools: {tools}.",
  "log.stone_age.gain": "{player} takes {amount} {good} (dice total {total}).",
  "log.stone_age.tools_now": "{player}'s tools are now {tools}.",
  "log.stone_age.people_now": "{player} now has {people}.",
  "log.stone_age.agriculture_now": "{player}'s agriculture is now {agriculture}.",
  "log.stone_age.build": "{player} builds {building} with {pay} and scores {points}.",
  "log.stone_age.buy_card": "{player} buys the civilization card “{card}” from slot {slot} with {pay}.",
  "log.stone_age.decline": "{player} leaves {space}.",
  "log.stone_age.extra_card": "{player} draws an extra civilization card (face down).",
  "log.stone_age.take_resources": "{player} takes {gain}.",
  "log.stone_age.dice_for_everyone": "{player} rolls the dice for everyone: {dice}.",
  "log.stone_age.die": "{player} takes the die showing {face} and gets {reward}.",
  "log.stone_age.feed": "{player} feeds the people with {food} food{short}.",
  "log.stone_age.feed_resources": "{player} feeds the rest with {pay}.",
  "log.stone_age.starve": "{player} cannot feed everyone and loses {points}.",
  "log.stone_age.refill": "The display gets {cards}; {deck}.",
  "log.stone_age.game_end": "Game over ({reason}). Final scores: {scores}.",
  "sa.short": " but is {n} food short",
  "sa.at": "at {space}",
  "sa.with_card": "with a civilization card",
  "sa.new_cards.one": "1 new civilization card",
  "sa.new_cards": "{n} new civilization cards",
  "sa.deck_left.one": "1 card remains in the deck",
  "sa.deck_left": "{n} cards remain in the deck",
  "sa.people_count.one": "1 person",
  "sa.people_count": "{n} people",
  "sa.nothing": "nothing (at the limit)",
  "sa.none": "nothing",
  "sa.used_tool": "{n} (used)",
  "sa.and": ", ",
  "sa.amount": "{n} {what}",
  "sa.people": "{n} people",
  "sa.person": "1 person",
  "sa.card": "{top} · {bottom}",
  "sa.slot": "card slot {n} (costs {n})",
  "sa.stack": "building stack {n}",
  "sa.building_fixed": "a building ({cost}, {points} pts)",
  "sa.building_kinds": "a building ({n} resources of {k} kinds)",
  "sa.building_any": "a building (1–7 resources of any kind)",
  "sa.top.tool": "a tool",
  "sa.top.roll": "roll 2 dice for {good}",
  "sa.top.food": "{n} food",
  "sa.top.any_two": "2 resources of your choice",
  "sa.top.points": "{n} points",
  "sa.top.agriculture": "+1 agriculture",
  "sa.top.dice": "dice for everyone",
  "sa.top.res": "{n} {good}",
  "sa.top.extra_card": "an extra card",
  "sa.top.one_use": "one-use tool {n}",
  "sa.bottom.figure": "{figure} ×{n}",
  "sa.culture.art": "art",
  "sa.culture.medicine": "medicine",
  "sa.culture.music": "music",
  "sa.culture.pottery": "pottery",
  "sa.culture.sundial": "sundial",
  "sa.culture.transport": "transport",
  "sa.culture.weaving": "weaving",
  "sa.culture.writing": "writing",
  "sa.figure.farmer": "farmer",
  "sa.figure.tool_maker": "tool maker",
  "sa.figure.hut_builder": "hut builder",
  "sa.figure.shaman": "shaman",
  "sa.good.food": "food",
  "sa.good.wood": "wood",
  "sa.good.brick": "brick",
  "sa.good.stone": "stone",
  "sa.good.gold": "gold",
  "sa.good.tool": "a tool",
  "sa.good.agriculture": "+1 agriculture",
  "sa.space.hunting_grounds": "the hunting grounds",
  "sa.space.forest": "the forest",
  "sa.space.clay_pit": "the clay pit",
  "sa.space.quarry": "the quarry",
  "sa.space.river": "the river",
  "sa.space.tool_maker": "the tool maker",
  "sa.space.hut": "the hut",
  "sa.space.field": "the field",
  "sa.end.cards": "no civilization cards to fill the display",
  "sa.end.buildings": "a building stack is empty",
  "sa.end.round_limit": "round limit",
  "sa.phase.place": "1: place people",
  "sa.phase.resolve": "2: use the actions",
  "sa.phase.feed": "3: feed the people",
  "sa.phase.over": "game over",
  "sa.pending.gather": "gathering: choose tools",
  "sa.pending.building": "building: pay or leave",
  "sa.pending.card": "civilization card: pay or leave",
  "sa.pending.any_two": "choose 2 resources",
  "sa.pending.dice": "dice for everyone",
  "sa.pending.feed": "feeding: cover the shortfall",
  "sa.intent.place": "Place people",
  "sa.intent.resolve": "Use a space",
  "sa.intent.use_tools": "Tools",
  "sa.intent.build": "Build (pay)",
  "sa.intent.buy_card": "Buy the card (pay)",
  "sa.intent.decline": "Leave it",
  "sa.intent.pick_die": "Take a die",
  "sa.intent.take_resources": "Take 2 resources",
  "sa.intent.feed": "Feed with resources",
  "sa.intent.starve": "Lose 10 points",
  "sa.btn.place": "{space}: {people}",
  "sa.btn.no_tools": "No tools: {total} → {amount} {good}",
  "sa.btn.tools": "+{bonus} ({tools}): {total} → {amount} {good}",
  "sa.btn.tools_plain": "Tools {tools}",
  "sa.btn.one_use": "one-use {n}",
  "sa.btn.pay": "Pay {pay}",
  "sa.btn.die": "Die {face}: {reward}",
  "sa.btn.take": "Take {pay}",
  "sa.btn.decline": "Leave it",
  "sa.btn.starve": "Lose 10 points, keep the resources",
  "sa.ui.round": "Round {n}",
  "sa.ui.start": "Start player: {name}",
  "sa.ui.gathering": "Gathering",
  "sa.ui.village": "Village",
  "sa.ui.cards": "Civilization cards",
  "sa.ui.buildings": "Buildings",
  "sa.ui.deck": "{n} in the deck",
  "sa.ui.left": "{n} left",
  "sa.ui.cost": "cost {n}",
  "sa.ui.no_limit": "no limit",
  "sa.ui.divisor": "1 per {n}",
  "sa.ui.empty": "empty",
  "sa.ui.gone": "none left",
  "sa.ui.cancel": "Cancel",
  "sa.ui.roll": "{player} rolls for {good}",
  "sa.ui.last_roll": "Last roll: {player}, {good}",
  "sa.ui.yield": "total {total} → {amount} {good}",
  "sa.ui.gave": "→ {amount} {good}",
  "sa.ui.tools_hint": "Click tools to add them, then OK.",
  "sa.ui.ok": "OK",
  "sa.ui.dice_everyone": "Dice for everyone",
  "sa.ui.order": "choosing: {names}",
  "sa.ui.feed_short": "{n} food short: pay with resources, or lose 10 points.",
  "sa.ui.take_two": "Take 2 resources of your choice:",
  "sa.ui.food": "Food",
  "sa.ui.tools": "Tools",
  "sa.ui.tool": "tool {n}",
  "sa.ui.one_use": "one-use",
  "sa.ui.agriculture": "Agriculture",
  "sa.ui.people": "People",
  "sa.ui.people_home": "{home} of {people} at home",
  "sa.ui.score": "{n} pts",
  "sa.ui.hidden_cards": "+{n} face down",
  "sa.ui.any_two": "2-resource tokens: {n}",
  "sa.ui.you": "you",
  "sa.ui.hint_place": "Click a space to place people.",
  "sa.ui.hint_resolve": "Click one of your spaces (ringed) to use it.",
  "sa.ui.hint_pay": "Pay for {space}: click your resources one at a time, then OK; or ✕ to leave it.",
  "sa.ui.hint_tools": "Add tools to the roll, then OK.",
  "sa.ui.hint_dice": "Take one die.",
  "sa.ui.hint_feed": "Feed your people.",
  "sa.ui.hint_take": "Choose 2 resources.",
  "sa.ui.hint_wait": "Waiting for {names}.",
  "sa.ui.abbr.food": "F",
  "sa.ui.abbr.wood": "W",
  "sa.ui.abbr.brick": "B",
  "sa.ui.abbr.stone": "S",
  "sa.ui.abbr.gold": "G",
  "sa.ui.pts": "{n} pts",
  "sa.ui.pts_sum": "pts = their value",
  "sa.ui.any_cost": "{min}–{max} of any",
  "sa.ui.kinds_cost": "{n} of {k} kinds",
  "sa.ui.more": "One person more",
  "sa.ui.fewer": "One person fewer",
  "sa.ui.hint_placing": "{space}: {n}. Click it again for one more, right-click or − for one fewer, then OK.",
  "sa.ui.or_pick": "or pick:",
  "sa.ui.pay_building": "Pay for the building:",
  "sa.ui.pay_card": "Pay for the card: {n} × any resource",
  "sa.ui.pay_feed": "{n} food short: pay with resources, or ✕ to lose 10 points.",
  "sa.ui.your_resources": "Your resources (click one to pay with it):",
  "sa.ui.chosen": "Chosen (click one to take it back):",
  "sa.ui.none_chosen": "nothing yet",
  "sa.ui.cannot_pay": "You cannot pay for it.",
  "sa.ui.all_payments": "List of payments",
  "sa.ui.pay_hint": "OK appears once the chosen resources pay; ✕ only while none is chosen.",
  "view.stone_age.phase": "phase",
  "view.stone_age.round": "round",
  "view.stone_age.start": "start player",
  "view.stone_age.turn": "to move",
  "view.stone_age.board": "board (people per seat)",
  "view.stone_age.display": "civilization cards (slot 1 first)",
  "view.stone_age.deck": "cards in the deck",
  "view.stone_age.stacks": "building stacks",
  "view.stone_age.top": "top",
  "view.stone_age.left": "tiles",
  "view.stone_age.players": "players",
  "view.stone_age.people": "people",
  "view.stone_age.home": "not yet placed",
  "view.stone_age.food": "food",
  "view.stone_age.wood": "wood",
  "view.stone_age.brick": "brick",
  "view.stone_age.stone": "stone",
  "view.stone_age.gold": "gold",
  "view.stone_age.tools": "tools",
  "view.stone_age.value": "value",
  "view.stone_age.used": "used",
  "view.stone_age.one_use": "one-use tools",
  "view.stone_age.agriculture": "agriculture",
  "view.stone_age.score": "score",
  "view.stone_age.buildings": "buildings",
  "view.stone_age.cards": "civilization cards",
  "view.stone_age.hidden_cards": "hidden cards",
  "view.stone_age.any_two": "2-resource tokens",
  "view.stone_age.pending": "now deciding",
  "view.stone_age.kind": "what",
  "view.stone_age.seat": "player",
  "view.stone_age.space": "space",
  "view.stone_age.good": "good",
  "view.stone_age.divisor": "divisor",
  "view.stone_age.dice": "dice",
  "view.stone_age.order": "order",
  "view.stone_age.shortfall": "food short",
  "view.stone_age.final": "final scoring",
  "view.stone_age.running": "during the game",
  "view.stone_age.resources": "resources",
  "view.stone_age.culture": "culture sets",
  "view.stone_age.multipliers": "multipliers",
  "view.stone_age.farmer": "farmers",
  "view.stone_age.tool_maker": "tool makers",
  "view.stone_age.hut_builder": "hut builders",
  "view.stone_age.shaman": "shamans",
  "view.stone_age.total": "total",
  "view.stone_age.end": "ended by",
  "opt.agriculture_surplus_kept": "Agriculture yields food; surplus kept (printed rules)",
  "opt.tiebreak": "Tie-break: sequential (BGA) or sum (printed rules)",
  "opt.any_two_resources": "Card with 2 resources of your choice: immediate (BGA) or any_time (printed rules)",
  "opt.hidden_cards": "Civilization cards hidden from the others",
  "err.bad_die": "No remaining die shows that face.",
  "err.bad_tools": "Those tools cannot be used.",
  "err.not_placed": "You have no people on that space.",
};

const ja: Record<string, string> = {
  "log.stone_age.round": "第{round}ラウンド開始。スタートプレイヤーは{start}です。",
  "log.stone_age.place": "{player}が{space}に{people}を配置しました。",
  "log.stone_age.resolve": "{player}が{space}の行動をします。",
  "log.stone_age.roll": "{player}が{good}のダイスを振りました（{where}）: {dice}",
  "log.stone_age.tools": "{player}が道具を使いました: {tools}",
  "log.stone_age.gain": "{player}が{good}を{amount}個獲得（ダイス合計 {total}）。",
  "log.stone_age.tools_now": "{player}の道具: {tools}",
  "log.stone_age.people_now": "{player}の人間コマが{people}になりました。",
  "log.stone_age.agriculture_now": "{player}の農耕地が{agriculture}になりました。",
  "log.stone_age.build": "{player}が{pay}を払って{building}を建て、{points}を獲得。",
  "log.stone_age.buy_card": "{player}が{pay}を払って{slot}番目の文明カード「{card}」を獲得。",
  "log.stone_age.decline": "{player}は{space}を見送りました。",
  "log.stone_age.extra_card": "{player}が文明カードを1枚追加で引きました（伏せたまま）。",
  "log.stone_age.take_resources": "{player}が{gain}を獲得。",
  "log.stone_age.dice_for_everyone": "{player}が全員のためのダイスを振りました: {dice}",
  "log.stone_age.die": "{player}がダイス{face}を選びました: {reward}",
  "log.stone_age.feed": "{player}が食料{food}個を消費しました{short}。",
  "log.stone_age.feed_resources": "{player}が不足分を{pay}で補いました。",
  "log.stone_age.starve": "{player}は食料が足りず{points}を失いました。",
  "log.stone_age.refill": "文明カードを{cards}補充しました。{deck}。",
  "log.stone_age.game_end": "ゲーム終了（{reason}）。最終得点: {scores}",
  "sa.short": "（{n}個不足）",
  "sa.at": "{space}",
  "sa.with_card": "文明カード",
  "sa.new_cards.one": "1枚",
  "sa.new_cards": "{n}枚",
  "sa.deck_left.one": "山札の残りは1枚です",
  "sa.deck_left": "山札の残りは{n}枚です",
  "sa.people_count.one": "1個",
  "sa.people_count": "{n}個",
  "sa.nothing": "なし（上限）",
  "sa.none": "なし",
  "sa.used_tool": "{n}（使用済み）",
  "sa.and": "、",
  "sa.amount": "{what}{n}個",
  "sa.people": "人間コマ{n}個",
  "sa.person": "人間コマ1個",
  "sa.card": "{top}・{bottom}",
  "sa.slot": "文明カード{n}（資源{n}個）",
  "sa.stack": "建物タイル{n}",
  "sa.building_fixed": "建物タイル（{cost}、{points}点）",
  "sa.building_kinds": "建物タイル（{k}種類の資源{n}個）",
  "sa.building_any": "建物タイル（任意の資源1〜7個）",
  "sa.top.tool": "道具1つ",
  "sa.top.roll": "ダイス2個で{good}",
  "sa.top.food": "食料{n}個",
  "sa.top.any_two": "好きな資源2個",
  "sa.top.points": "{n}点",
  "sa.top.agriculture": "農耕地+1",
  "sa.top.dice": "全員でダイス",
  "sa.top.res": "{good}{n}個",
  "sa.top.extra_card": "文明カード1枚追加",
  "sa.top.one_use": "使い捨て道具{n}",
  "sa.bottom.figure": "{figure}×{n}",
  "sa.culture.art": "芸術",
  "sa.culture.medicine": "医療",
  "sa.culture.music": "音楽",
  "sa.culture.pottery": "陶芸",
  "sa.culture.sundial": "日時計",
  "sa.culture.transport": "運輸",
  "sa.culture.weaving": "織物",
  "sa.culture.writing": "文字",
  "sa.figure.farmer": "農民",
  "sa.figure.tool_maker": "道具職人",
  "sa.figure.hut_builder": "建築家",
  "sa.figure.shaman": "シャーマン",
  "sa.good.food": "食料",
  "sa.good.wood": "木材",
  "sa.good.brick": "レンガ",
  "sa.good.stone": "石材",
  "sa.good.gold": "金",
  "sa.good.tool": "道具1つ",
  "sa.good.agriculture": "農耕地+1",
  "sa.space.hunting_grounds": "狩場",
  "sa.space.forest": "森",
  "sa.space.clay_pit": "レンガ切り出し場",
  "sa.space.quarry": "石切り場",
  "sa.space.river": "川",
  "sa.space.tool_maker": "工房",
  "sa.space.hut": "家",
  "sa.space.field": "畑",
  "sa.end.cards": "文明カードが4枚並べられない",
  "sa.end.buildings": "建物タイルの山が尽きた",
  "sa.end.round_limit": "ラウンド上限",
  "sa.phase.place": "フェーズ1: 人間コマの配置",
  "sa.phase.resolve": "フェーズ2: 人間コマの行動",
  "sa.phase.feed": "フェーズ3: ラウンド精算（食糧）",
  "sa.phase.over": "ゲーム終了",
  "sa.pending.gather": "資源獲得: 道具を使うか決める",
  "sa.pending.building": "建物タイル: 払うか見送るか",
  "sa.pending.card": "文明カード: 払うか見送るか",
  "sa.pending.any_two": "好きな資源を2個選ぶ",
  "sa.pending.dice": "全員でダイス",
  "sa.pending.feed": "食料の不足を補う",
  "sa.intent.place": "人間コマを配置",
  "sa.intent.resolve": "行動する場所",
  "sa.intent.use_tools": "道具",
  "sa.intent.build": "建物タイルを建てる（支払い）",
  "sa.intent.buy_card": "文明カードを獲得（支払い）",
  "sa.intent.decline": "見送る",
  "sa.intent.pick_die": "ダイスを選ぶ",
  "sa.intent.take_resources": "好きな資源2個",
  "sa.intent.feed": "資源で食料を補う",
  "sa.intent.starve": "10点を失う",
  "sa.btn.place": "{space}: {people}",
  "sa.btn.no_tools": "道具なし: {total} → {good}{amount}個",
  "sa.btn.tools": "+{bonus}（{tools}）: {total} → {good}{amount}個",
  "sa.btn.tools_plain": "道具 {tools}",
  "sa.btn.one_use": "使い捨て{n}",
  "sa.btn.pay": "{pay}を払う",
  "sa.btn.die": "ダイス{face}: {reward}",
  "sa.btn.take": "{pay}を獲得",
  "sa.btn.decline": "見送る",
  "sa.btn.starve": "10点を失い、資源は残す",
  "sa.ui.round": "第{n}ラウンド",
  "sa.ui.start": "スタートプレイヤー: {name}",
  "sa.ui.gathering": "資源獲得場",
  "sa.ui.village": "村",
  "sa.ui.cards": "文明カード",
  "sa.ui.buildings": "建物タイル",
  "sa.ui.deck": "山札 {n}枚",
  "sa.ui.left": "残り{n}枚",
  "sa.ui.cost": "資源{n}個",
  "sa.ui.no_limit": "制限なし",
  "sa.ui.divisor": "{n}ごとに1個",
  "sa.ui.empty": "なし",
  "sa.ui.gone": "山なし",
  "sa.ui.cancel": "キャンセル",
  "sa.ui.roll": "{player}の{good}のダイス",
  "sa.ui.last_roll": "直前のダイス: {player}、{good}",
  "sa.ui.yield": "合計{total} → {good}{amount}個",
  "sa.ui.gave": "→ {good}{amount}個",
  "sa.ui.tools_hint": "使用する道具をクリックして[OK]で確定します。",
  "sa.ui.ok": "OK",
  "sa.ui.dice_everyone": "全員でダイス",
  "sa.ui.order": "選ぶ順: {names}",
  "sa.ui.feed_short": "食料が{n}個不足: 資源で補填するか、得点10点を支払います。",
  "sa.ui.take_two": "好きな資源を2個獲得:",
  "sa.ui.food": "食料",
  "sa.ui.tools": "道具",
  "sa.ui.tool": "道具 {n}",
  "sa.ui.one_use": "使い捨て",
  "sa.ui.agriculture": "農耕地",
  "sa.ui.people": "人間コマ",
  "sa.ui.people_home": "{people}個中{home}個が未配置",
  "sa.ui.score": "{n}点",
  "sa.ui.hidden_cards": "伏せ{n}枚",
  "sa.ui.any_two": "好きな資源2個の権利: {n}",
  "sa.ui.you": "あなた",
  "sa.ui.hint_place": "人間コマを配置する場所をクリックします。",
  "sa.ui.hint_resolve": "行動する場所（印のついた場所）をクリックします。",
  "sa.ui.hint_pay": "{space}の支払い: 使用する資源を1つずつクリックして[OK]、見送るときは✕。",
  "sa.ui.hint_tools": "道具を使うか決めて[OK]をクリックします。",
  "sa.ui.hint_dice": "ダイスを1つ選びます。",
  "sa.ui.hint_feed": "食料の不足を補填します。",
  "sa.ui.hint_take": "好きな資源を2個選びます。",
  "sa.ui.hint_wait": "{names}の手番です。",
  "sa.ui.abbr.food": "食",
  "sa.ui.abbr.wood": "木",
  "sa.ui.abbr.brick": "レ",
  "sa.ui.abbr.stone": "石",
  "sa.ui.abbr.gold": "金",
  "sa.ui.pts": "{n}点",
  "sa.ui.pts_sum": "資源の価値の合計点",
  "sa.ui.any_cost": "任意の資源{min}〜{max}個",
  "sa.ui.kinds_cost": "{k}種類の資源{n}個",
  "sa.ui.more": "人間コマを1つ増やす",
  "sa.ui.fewer": "人間コマを1つ減らす",
  "sa.ui.hint_placing": "{space}に{n}個。もう一度クリックで1つ増やし、右クリックか−で1つ減らし、[OK]で確定します。",
  "sa.ui.or_pick": "数を選ぶ:",
  "sa.ui.pay_building": "建物の支払い:",
  "sa.ui.pay_card": "文明カードの支払い: 好きな資源{n}個",
  "sa.ui.pay_feed": "食料が{n}個不足: 資源で補填するか、✕で得点10点を支払います。",
  "sa.ui.your_resources": "保有資源（クリックで1つずつ選択）:",
  "sa.ui.chosen": "選択した資源（クリックで取り消し）:",
  "sa.ui.none_chosen": "未選択",
  "sa.ui.cannot_pay": "支払える資源がありません。",
  "sa.ui.all_payments": "支払い方法の一覧",
  "sa.ui.pay_hint": "必要な資源がそろうと[OK]が現れます。✕は何も選んでいないときだけ現れます。",
  "view.stone_age.phase": "フェーズ",
  "view.stone_age.round": "ラウンド",
  "view.stone_age.start": "スタートプレイヤー",
  "view.stone_age.turn": "手番",
  "view.stone_age.board": "ボード（席ごとの人間コマ）",
  "view.stone_age.display": "文明カード（1番目から）",
  "view.stone_age.deck": "山札の文明カード",
  "view.stone_age.stacks": "建物タイルの山",
  "view.stone_age.top": "一番上",
  "view.stone_age.left": "枚数",
  "view.stone_age.players": "プレイヤー",
  "view.stone_age.people": "人間コマ",
  "view.stone_age.home": "未配置",
  "view.stone_age.food": "食料",
  "view.stone_age.wood": "木材",
  "view.stone_age.brick": "レンガ",
  "view.stone_age.stone": "石材",
  "view.stone_age.gold": "金",
  "view.stone_age.tools": "道具",
  "view.stone_age.value": "能力",
  "view.stone_age.used": "使用済み",
  "view.stone_age.one_use": "使い捨て道具",
  "view.stone_age.agriculture": "農耕地",
  "view.stone_age.score": "得点",
  "view.stone_age.buildings": "建物タイル",
  "view.stone_age.cards": "文明カード",
  "view.stone_age.hidden_cards": "伏せた文明カード",
  "view.stone_age.any_two": "好きな資源2個の権利",
  "view.stone_age.pending": "決定待ち",
  "view.stone_age.kind": "内容",
  "view.stone_age.seat": "プレイヤー",
  "view.stone_age.space": "場所",
  "view.stone_age.good": "獲得物",
  "view.stone_age.divisor": "割る数",
  "view.stone_age.dice": "ダイス",
  "view.stone_age.order": "順番",
  "view.stone_age.shortfall": "食料の不足",
  "view.stone_age.final": "最終得点",
  "view.stone_age.running": "ゲーム中の得点",
  "view.stone_age.resources": "資源",
  "view.stone_age.culture": "文化セット",
  "view.stone_age.multipliers": "倍率",
  "view.stone_age.farmer": "農民",
  "view.stone_age.tool_maker": "道具職人",
  "view.stone_age.hut_builder": "建築家",
  "view.stone_age.shaman": "シャーマン",
  "view.stone_age.total": "合計",
  "view.stone_age.end": "終了条件",
  "opt.agriculture_surplus_kept": "農耕地の分だけ食料を得て、余りは残す（ボードゲーム版ルール）",
  "opt.tiebreak": "同点時の判定: sequential（BGA: 農耕地→道具→人間コマ）または sum（合計、ボードゲーム版）",
  "opt.any_two_resources": "好きな資源2個の文明カード: immediate（すぐ選ぶ、BGA）または any_time（いつでも、ボードゲーム版）",
  "opt.hidden_cards": "獲得した文明カードを他のプレイヤーに伏せる",
  "err.bad_die": "その目のダイスは残っていません。",
  "err.bad_tools": "その道具は使えません。",
  "err.not_placed": "その場所にあなたの人間コマはありません。",
};

extend({ en, ja });

const w = (key: string, args: Record<string, unknown> = {}) => t(key, args);
/** The word for `key`, or null when there is none (the raw value is shown). */
const maybe = (key: string) => (has(key) ? t(key) : null);

function good(g: unknown): string {
  return w(`sa.good.${String(g)}`);
}

/** "2 wood, 1 brick" from {wood: 2, brick: 1, ...}. */
export function pay(p: unknown): string {
  const parts = RESOURCES.filter((r) => Number((p as Record<string, unknown>)?.[r] ?? 0) > 0).map((r) =>
    w("sa.amount", { n: (p as Record<string, number>)[r], what: good(r) }),
  );
  return parts.length ? parts.join(w("sa.and")) : w("sa.none");
}

export function cardName(id: string): string {
  const c = CARDS[id];
  if (!c) return id;
  const [top, bottom] = c;
  const [kind, a, b] = top.split(":");
  const topText =
    kind === "roll" ? w("sa.top.roll", { good: good(a) })
    : kind === "res" ? w("sa.top.res", { good: good(a), n: b })
    : w(`sa.top.${kind}`, { n: a });
  const [cult, count] = bottom.split(":");
  const bottomText = count
    ? w("sa.bottom.figure", { figure: w(`sa.figure.${cult}`), n: count })
    : w(`sa.culture.${cult}`);
  return w("sa.card", { id, top: topText, bottom: bottomText });
}

/** A card's top (what it gives at once) in a few words: from the catalogue's
 * `top` when it is there, else from the table above. */
export function cardTop(id: string, top?: Record<string, unknown> | null): string {
  if (top && typeof top.type === "string") {
    switch (top.type) {
      case "roll":
        return w("sa.top.roll", { good: good(top.resource) });
      case "resources": {
        const gain = (top.gain ?? {}) as Record<string, number>;
        return RESOURCES.filter((r) => gain[r]).map((r) => w("sa.top.res", { good: good(r), n: gain[r] })).join(w("sa.and"));
      }
      case "one_use_tool":
        return w("sa.top.one_use", { n: top.value });
      default:
        return w(`sa.top.${top.type}`, { n: top.amount });
    }
  }
  const c = CARDS[id];
  if (!c) return id;
  const [kind, a, b] = c[0].split(":");
  if (kind === "roll") return w("sa.top.roll", { good: good(a) });
  if (kind === "res") return w("sa.top.res", { good: good(a), n: b });
  return w(`sa.top.${kind}`, { n: a });
}

/** A card's bottom (what it scores at the end): a culture or a figure with its count. */
export function cardBottom(id: string, bottom?: Record<string, unknown> | null): string {
  if (bottom && typeof bottom.culture === "string") return w(`sa.culture.${bottom.culture}`);
  if (bottom && typeof bottom.figure === "string") {
    return w("sa.bottom.figure", { figure: w(`sa.figure.${bottom.figure}`), n: bottom.count });
  }
  const c = CARDS[id];
  if (!c) return "";
  const [cult, count] = c[1].split(":");
  return count ? w("sa.bottom.figure", { figure: w(`sa.figure.${cult}`), n: count }) : w(`sa.culture.${cult}`);
}

/** Whether a card's bottom is a culture (green on the board) rather than a figure. */
export function cardIsCulture(id: string, bottom?: Record<string, unknown> | null): boolean {
  if (bottom) return typeof bottom.culture === "string";
  return !(CARDS[id]?.[1] ?? "").includes(":");
}

/** A good's name for a heading ("Wood", not "wood"). */
export function goodName(g: string): string {
  const s = good(g);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A space's name as a heading says it (see bare below). */
export function spaceTitle(space: string): string {
  return bare(space);
}

export function buildingName(id: string): string {
  const fixed = /^BLD_([WBSG]{3})$/.exec(id);
  if (fixed) {
    const res = [...fixed[1]].map((l) => LETTER[l]);
    const points = res.reduce((s, r) => s + VALUE[r], 0);
    return w("sa.building_fixed", { cost: res.map(good).join("+"), points });
  }
  const kinds = /^BLD_(\d)R(\d)K$/.exec(id);
  if (kinds) return w("sa.building_kinds", { n: kinds[1], k: kinds[2] });
  if (id.startsWith("BLD_ANY")) return w("sa.building_any");
  return id;
}

export function spaceName(space: string): string {
  let m = /^card_(\d)$/.exec(space);
  if (m) return w("sa.slot", { n: m[1] });
  m = /^building_(\d)$/.exec(space);
  if (m) return w("sa.stack", { n: m[1] });
  if (CARDS[space]) return cardName(space);
  const key = `sa.space.${space}`;
  const s = w(key);
  return s === key ? space.replace(/_/g, " ") : s;
}

/** A space as a button or a heading says it: "Clay pit", not "the clay pit". */
function bare(space: string): string {
  const s = spaceName(space).replace(/^the /, "");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function people(n: unknown): string {
  return Number(n) === 1 ? w("sa.person") : w("sa.people", { n });
}

function diceText(d: unknown): string {
  const dice = Array.isArray(d) ? (d as number[]) : [];
  const sum = dice.reduce((s, x) => s + x, 0);
  return dice.length > 1 ? `${dice.join(", ")} (= ${sum})` : dice.join(", ");
}

function dieReward(r: unknown): string {
  return r ? good(r) : w("sa.nothing");
}

logArgs(G, (code, a, names) => {
  const out: Record<string, unknown> = {};
  if (typeof a.start === "number") out.start = names(a.start);
  if (typeof a.space === "string") out.space = spaceName(a.space);
  if (code === "roll") out.where = String(a.space) in CARDS ? w("sa.with_card") : w("sa.at", { space: out.space });
  if (code === "people_now") out.people = plural("sa.people_count", a.people);
  if (code === "refill") {
    out.cards = plural("sa.new_cards", a.cards);
    out.deck = plural("sa.deck_left", a.deck);
  }
  if (code === "build" || code === "starve") out.points = plural("n.points", a.points);
  if (a.good !== undefined) out.good = good(a.good);
  if (code === "place") out.people = people(a.people);
  if (code === "roll" || code === "dice_for_everyone") out.dice = diceText(a.dice);
  if (code === "tools") {
    const list = [...((a.tools as number[]) ?? []).map(String)];
    for (const v of (a.one_use as number[]) ?? []) list.push(w("sa.btn.one_use", { n: v }));
    out.tools = list.join(w("sa.and"));
  }
  if (code === "tools_now") out.tools = ((a.tools as number[]) ?? []).join(w("sa.and")) || w("sa.none");
  if (a.pay !== undefined) out.pay = pay(a.pay);
  if (a.gain !== undefined) out.gain = pay(a.gain);
  if (typeof a.building === "string") out.building = buildingName(a.building);
  if (typeof a.card === "string") out.card = cardName(a.card);
  if (code === "die") out.reward = dieReward(a.reward);
  if (code === "feed") out.short = a.short ? w("sa.short", { n: a.short }) : "";
  if (code === "game_end") {
    out.reason = w(`sa.end.${String(a.reason)}`);
    out.scores = ((a.scores as number[]) ?? []).map((s, i) => `${names(i)} ${s}`).join(w("sa.and"));
  }
  return out;
});

function you(view: View): Record<string, unknown> | null {
  const players = view.players as Record<string, unknown>[] | undefined;
  return typeof view.you === "number" && players ? (players[view.you] ?? null) : null;
}

function toolsButton(intent: Record<string, unknown>, view: View): string {
  const me = you(view);
  const tools = (me?.tools as { value: number }[] | undefined) ?? [];
  const values = ((intent.tools as number[]) ?? []).map((i) => tools[i]?.value ?? 0);
  const oneUse = (intent.one_use as number[]) ?? [];
  const parts = [...values.map(String), ...oneUse.map((n) => w("sa.btn.one_use", { n }))];
  const pending = view.pending as Record<string, unknown> | null | undefined;
  const dice = (pending?.dice as number[] | undefined) ?? [];
  const divisor = Number(pending?.divisor ?? 0);
  if (!divisor) return w("sa.btn.tools_plain", { tools: parts.join(" + ") || w("sa.none") });
  const bonus = values.reduce((s, x) => s + x, 0) + oneUse.reduce((s, x) => s + x, 0);
  const total = dice.reduce((s, x) => s + x, 0) + bonus;
  const args = { total, amount: Math.floor(total / divisor), good: good(pending?.good), bonus, tools: parts.join(" + ") };
  return bonus ? w("sa.btn.tools", args) : w("sa.btn.no_tools", args);
}

export const labels: GenericLabels = {
  perSeat: (key) => ["players", "final"].includes(key),
  group: (name) => maybe(`sa.intent.${name}`),
  intent(intent, view) {
    switch (intent.t) {
      case "place":
        return w("sa.btn.place", { space: bare(String(intent.space)), people: people(intent.people ?? 1) });
      case "resolve":
        return bare(String(intent.space));
      case "use_tools":
        return toolsButton(intent, view);
      case "build":
      case "buy_card":
      case "feed":
        return w("sa.btn.pay", { pay: pay(intent) });
      case "take_resources":
        return w("sa.btn.take", { pay: pay(intent) });
      case "pick_die":
        return w("sa.btn.die", { face: intent.face, reward: good(DICE_REWARD[Number(intent.face)]) });
      case "decline":
        return w("sa.btn.decline");
      case "starve":
        return w("sa.btn.starve");
      default:
        return null;
    }
  },
  key(key) {
    if (key.startsWith("card_") || key.startsWith("building_") || `sa.space.${key}` in en) return bare(key);
    return maybe(`view.${G}.${key}`);
  },
  value(key, v, names) {
    if (typeof v === "number") return ["start", "turn", "seat", "order"].includes(key) && v >= 0 ? names(v) : null;
    if (key === "phase") return maybe(`sa.phase.${v}`);
    if (key === "kind") return maybe(`sa.pending.${v}`);
    if (key === "good") return maybe(`sa.good.${v}`);
    if (key === "space") return spaceName(v);
    if (key === "end") return maybe(`sa.end.${v}`);
    if (key === "top" || key === "buildings") return buildingName(v);
    if (key === "display" || key === "cards") return cardName(v);
    return null;
  },
  compact(key, v) {
    // tools: [{value, used}] → "2, 1 (used)"
    if (key !== "tools" || !Array.isArray(v)) return null;
    if (v.length === 0) return w("sa.none");
    return (v as { value: number; used: boolean }[])
      .map((x) => (x.used ? w("sa.used_tool", { n: x.value }) : String(x.value)))
      .join(w("sa.and"));
  },
};
