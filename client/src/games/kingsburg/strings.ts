// Kingsburg in Japanese and English: the log codes of server/games/kingsburg (its
// `_log` calls), the intents as button labels, the view's keys and the options.
// Japanese terms follow the Brettspielwelt rules in Japanese (助言者, 働きかけ, 伝令,
// +2マーカー, 王の援助, 王よりの報償, 兵士の雇用, 勝利点, 道化師, 天文学者, 貴族婦人, 将軍, 王女, …).
import { extend, has, listText, logArgs, plural, t } from "../../i18n";
import type { View } from "../../store";
import type { GenericLabels } from "../generic";
import { type Catalogue, GOODS, readCatalogue } from "./model";

const G = "kingsburg";

type Amounts = Partial<Record<string, number | boolean>>;

/** The catalogue (server/games/kingsburg/data.json as GET /games/kingsburg/catalogue.json
 * serves it) the words read from: which advisor has which number and help, what a
 * building costs and scores. It speaks English only, so the names of its ids in both
 * languages are the `kb.advisor.<id>` and `kb.building.<id>` keys below. Told when the
 * table fetches it (index.tsx), before any board, label or log line is drawn with it. */
let catalogue: Catalogue | null = null;

export function knowCatalogue(c: unknown): void {
  catalogue = readCatalogue(c);
}

const advisorOf = (n: unknown) => catalogue?.advisors.find((a) => a.number === Number(n));

const en: Record<string, string> = {
  "log.kingsburg.start": "Turn order: {order}.",
  "log.kingsburg.year": "Year {year} begins.",
  "log.kingsburg.aid_die": "Aid from the King: {player} gets an extra die.",
  "log.kingsburg.aid_goods": "Aid from the King: {seats} each take a good of their choice.",
  "log.kingsburg.aid_goods.one": "Aid from the King: {seats} takes a good of their choice.",
  "log.kingsburg.aid_goods_taken": "{player} takes {goods} as the King's aid.",
  "log.kingsburg.season": "{season} begins.",
  "log.kingsburg.neutral": "Neutral dice {three} and {two} block {advisors}.",
  "log.kingsburg.merchants_guild": "{player}'s Merchants' Guild gives 1 gold.",
  "log.kingsburg.roll": "{player} rolls {dice}.",
  "log.kingsburg.statue": "{player} re-rolls one die with the Statue: {dice}.",
  "log.kingsburg.chapel": "{player} re-rolls all dice with the Chapel: {dice}.",
  "log.kingsburg.turn_order": "Turn order: {order}.",
  "log.kingsburg.influence": "{player} influences the {advisor}{envoy}.",
  "log.kingsburg.pass": "{player} passes{forced}.",
  "log.kingsburg.help": "The {advisor} helps {player}: {got}.",
  "log.kingsburg.help_none": "{player} takes nothing from the {advisor}.",
  "log.kingsburg.build": "{player} builds the {building} for {cost}{envoy}.",
  "log.kingsburg.inn": "{player}'s Inn gives {tokens}.",
  "log.kingsburg.embassy": "{player}'s Embassy gives 1 victory point.",
  "log.kingsburg.town_hall": "{player} gives {pay} to the Town Hall for 1 victory point.",
  "log.kingsburg.kings_reward": "The King's reward: {seats} score 1 victory point.",
  "log.kingsburg.kings_reward.one": "The King's reward: {seats} scores 1 victory point.",
  "log.kingsburg.envoy_returned": "{player} gives back the King's Envoy.",
  "log.kingsburg.envoy": "The King's Envoy goes to {player}.",
  "log.kingsburg.envoy_none": "Nobody receives the King's Envoy this year.",
  "log.kingsburg.recruit": "{player} recruits {troops} for {cost}.",
  "log.kingsburg.enemy": "The enemy attacks: {enemy}.",
  "log.kingsburg.kings_die": "The King sends reinforcements ({player} rolls): {die}.",
  "log.kingsburg.battle_win": "{player} defeats the enemy (strength {combat}).",
  "log.kingsburg.battle_draw": "{player} holds the enemy off (strength {combat}): a draw.",
  "log.kingsburg.battle_loss": "{player} loses to the enemy (strength {combat}).",
  "log.kingsburg.reward": "{player}'s reward: {got}.",
  "log.kingsburg.reward_goods": "{player} takes {goods} as a reward.",
  "log.kingsburg.fortress": "{player}'s Fortress gives 1 victory point.",
  "log.kingsburg.strongest": "{player} fought best and scores 1 victory point.",
  "log.kingsburg.penalty": "{player} loses {lost}.",
  "log.kingsburg.penalty_goods": "{player} gives up {goods}.",
  "log.kingsburg.cathedral": "{player}'s Cathedral scores {vp} victory points.",
  "log.kingsburg.game_over": "Final scores: {scores}.",
  "val.kingsburg.season.spring": "Spring",
  "val.kingsburg.season.summer": "Summer",
  "val.kingsburg.season.autumn": "Autumn",
  "kb.sep": ", ",
  "kb.plus": " + ",
  "kb.nothing": "nothing",
  "kb.with_envoy": " (with the Envoy)",
  "kb.forced": " (no possible move)",
  "kb.white": "{dice} (white: {white})",
  "kb.amount": "{n} {what}",
  "kb.vp": "{n} VP",
  "kb.plus2.one": "1 +2 token",
  "kb.plus2": "{n} +2 tokens",
  "kb.soldiers.one": "1 soldier",
  "kb.soldiers": "{n} soldiers",
  "kb.a_plus2": "a +2 token",
  "kb.peek": "a look at the enemy",
  "kb.paid": " for {pay}",
  "kb.destroyed": "the {building}",
  "kb.advisor": "{name} ({n})",
  "kb.enemy": "{type} (strength {strength})",
  "kb.seat_total": "{name} ({total})",
  "kb.good.gold": "gold",
  "kb.good.wood": "wood",
  "kb.good.stone": "stone",
  "kb.good.plus2": "+2 token",
  "kb.advisor.jester": "Jester",
  "kb.advisor.squire": "Squire",
  "kb.advisor.architect": "Architect",
  "kb.advisor.merchant": "Merchant",
  "kb.advisor.sergeant": "Sergeant",
  "kb.advisor.alchemist": "Alchemist",
  "kb.advisor.astronomer": "Astronomer",
  "kb.advisor.treasurer": "Treasurer",
  "kb.advisor.master_hunter": "Master Hunter",
  "kb.advisor.general": "General",
  "kb.advisor.swordsmith": "Swordsmith",
  "kb.advisor.duchess": "Duchess",
  "kb.advisor.champion": "Champion",
  "kb.advisor.smuggler": "Smuggler",
  "kb.advisor.inventor": "Inventor",
  "kb.advisor.wizard": "Wizard",
  "kb.advisor.queen": "Queen",
  "kb.advisor.king": "King",
  "kb.building.statue": "Statue",
  "kb.building.chapel": "Chapel",
  "kb.building.church": "Church",
  "kb.building.cathedral": "Cathedral",
  "kb.building.inn": "Inn",
  "kb.building.market": "Market",
  "kb.building.farms": "Farms",
  "kb.building.merchants_guild": "Merchants' Guild",
  "kb.building.guard_tower": "Guard Tower",
  "kb.building.blacksmith": "Blacksmith",
  "kb.building.barracks": "Barracks",
  "kb.building.wizards_guild": "Wizards' Guild",
  "kb.building.palisade": "Palisade",
  "kb.building.stable": "Stable",
  "kb.building.stone_wall": "Stone Wall",
  "kb.building.fortress": "Fortress",
  "kb.building.barricade": "Barricade",
  "kb.building.crane": "Crane",
  "kb.building.town_hall": "Town Hall",
  "kb.building.embassy": "Embassy",
  "kb.enemy_type.barbarians": "Barbarians",
  "kb.enemy_type.goblins": "Goblins",
  "kb.enemy_type.orcs": "Orcs",
  "kb.enemy_type.zombies": "Zombies",
  "kb.enemy_type.demons": "Demons",
  "kb.enemy_type.dragons": "Dragons",
  "kb.phase.aid_from_the_king": "1 Aid from the King",
  "kb.phase.spring": "2 Spring",
  "kb.phase.kings_reward": "3 The King's reward",
  "kb.phase.summer": "4 Summer",
  "kb.phase.kings_envoy": "5 The King's Envoy",
  "kb.phase.autumn": "6 Autumn",
  "kb.phase.recruit_soldiers": "7 Recruit soldiers",
  "kb.phase.winter_battle": "8 Winter: battle",
  "kb.step.aid": "the King's aid: a good of choice",
  "kb.step.reroll": "Statue / Chapel re-rolls",
  "kb.step.influence": "influence the advisors",
  "kb.step.help": "the advisors' help",
  "kb.step.build": "build",
  "kb.step.town_hall": "Town Hall",
  "kb.step.recruit": "recruit soldiers",
  "kb.step.battle": "battle: goods of choice",
  "kb.step.over": "game over",
  "kb.choice.aid_good": "a good of choice (aid)",
  "kb.choice.help": "the advisor's help",
  "kb.choice.penalty": "goods to give up",
  "kb.choice.reroll": "re-roll?",
  "kb.choice.reward": "goods of choice (reward)",
  "kb.choice.town_hall": "Town Hall",
  "kb.outcome.win": "win",
  "kb.outcome.draw": "draw",
  "kb.outcome.loss": "loss",
  "kb.intent.goods": "Goods of your choice",
  "kb.intent.reroll_one": "Statue: re-roll one die",
  "kb.intent.reroll_all": "Chapel: re-roll all dice",
  "kb.intent.influence": "Influence an advisor",
  "kb.intent.help": "The advisor's help",
  "kb.intent.build": "Build",
  "kb.intent.town_hall": "Town Hall: 1 victory point",
  "kb.intent.recruit": "Recruit soldiers",
  "kb.intent.pass": "Pass",
  "kb.btn.take": "Take {goods}",
  "kb.btn.give": "Give up {goods}",
  "kb.btn.reroll_one": "Re-roll die {n} (shows {face})",
  "kb.btn.reroll_all": "Re-roll all dice",
  "kb.btn.influence": "{advisor} with {dice}",
  "kb.btn.token": "+2 token",
  "kb.btn.market": "Market {m}",
  "kb.btn.envoy": "Envoy",
  "kb.btn.help": "{got}",
  "kb.btn.alchemist": "Give {pay} for {got}",
  "kb.btn.build": "{building} ({cost}; {vp} VP)",
  "kb.btn.build_envoy": "{building} ({cost}; {vp} VP), then a second with the Envoy",
  "kb.btn.town_hall": "Give {pay} for 1 VP",
  "kb.btn.recruit": "{soldiers} soldier(s) for {cost}",
  "kb.btn.pass": "Pass",
  // The board of its own (board.tsx).
  "kb.ui.advisors": "The King's advisors",
  "kb.ui.envoy": "King's Envoy: {name}",
  "kb.ui.envoy_none": "King's Envoy: nobody",
  "kb.ui.enemy_range": "Enemy this year: strength {min}–{max}",
  "kb.ui.enemy_hidden": "(card unseen)",
  "kb.ui.last_enemy": "Year {year}: {enemy}",
  "kb.ui.neutral": "neutral dice",
  "kb.ui.influence_this": "Influence the {advisor}",
  "kb.ui.hint_influence": "Choose dice, then a lit advisor (or an advisor first).",
  "kb.ui.hint_build": "Click a lit building on your sheet ({n} to build).",
  "kb.ui.hint_reroll": "Click a die to re-roll it.",
  "kb.ui.hint_help": "What the {advisor} gives you:",
  "kb.ui.cancel": "Cancel",
  "kb.ui.province": "{name}'s province",
  "kb.ui.dice": "Dice of this season",
  "kb.ui.no_dice": "no dice this season",
  "kb.ui.die": "Die {n}: {face}",
  "kb.ui.aid_die": "Die {n}: {face}, the King's aid die",
  "kb.res.gold": "gold",
  "kb.res.wood": "wood",
  "kb.res.stone": "stone",
  "kb.res.any_goods": "goods of your choice",
  "kb.res.soldiers": "soldiers",
  "kb.res.plus2": "+2 tokens",
  "kb.res.vp": "victory points",
  "kb.res.buildings": "buildings destroyed",
  "kb.res.peek_enemy": "a look at the enemy card",
  "kb.res_mark.gold": "G",
  "kb.res_mark.wood": "W",
  "kb.res_mark.stone": "S",
  "kb.res_mark.any_goods": "?",
  "kb.res_mark.soldiers": "⚔",
  "kb.res_mark.plus2": "+2",
  "kb.res_mark.vp": "★",
  "kb.res_mark.buildings": "⌂",
  "kb.res_mark.peek_enemy": "look",
  "kb.bld_help.statue": "3 VP. When all your dice show the same number, re-roll one.",
  "kb.bld_help.chapel": "5 VP. When your dice total 7 or less, re-roll them all.",
  "kb.bld_help.church": "7 VP. +1 strength against demons.",
  "kb.bld_help.cathedral": "9 VP. At the end, 1 VP for every 2 goods.",
  "kb.bld_help.inn": "A +2 token at the end of every summer.",
  "kb.bld_help.market": "1 VP. Once a season, change a group's total by 1.",
  "kb.bld_help.farms": "2 VP. An extra white die every season; −1 strength.",
  "kb.bld_help.merchants_guild": "4 VP. 1 gold before every season's roll.",
  "kb.bld_help.guard_tower": "1 VP. +1 strength.",
  "kb.bld_help.blacksmith": "2 VP. +1 strength.",
  "kb.bld_help.barracks": "4 VP. A soldier costs 1 good instead of 2.",
  "kb.bld_help.wizards_guild": "6 VP. +2 strength.",
  "kb.bld_help.palisade": "+1 strength, +1 more against zombies.",
  "kb.bld_help.stable": "2 VP. One more soldier from an advisor that gives soldiers.",
  "kb.bld_help.stone_wall": "2 VP. +1 strength; a draw with the enemy is a win.",
  "kb.bld_help.fortress": "4 VP. +1 strength; 1 VP for every battle won.",
  "kb.bld_help.barricade": "+1 strength against goblins.",
  "kb.bld_help.crane": "1 VP. The buildings of columns 3 and 4 cost 1 gold less.",
  "kb.bld_help.town_hall": "2 VP. At the end of a season, give a good or a +2 token for 1 VP.",
  "kb.bld_help.embassy": "4 VP. 1 VP at the end of every season.",
  "view.kingsburg.year": "year",
  "view.kingsburg.phase": "phase",
  "view.kingsburg.phase_name": "phase name",
  "view.kingsburg.step": "step",
  "view.kingsburg.order": "turn order",
  "view.kingsburg.turn": "to move",
  "view.kingsburg.builds_left": "builds left",
  "view.kingsburg.enemy_strength": "enemy strength (min, max)",
  "view.kingsburg.envoy": "King's Envoy",
  "view.kingsburg.aid": "King's aid die",
  "view.kingsburg.board": "advisors influenced",
  "view.kingsburg.advisor": "advisor",
  "view.kingsburg.seat": "player",
  "view.kingsburg.dice": "dice",
  "view.kingsburg.plus2": "+2 tokens",
  "view.kingsburg.market": "Market",
  "view.kingsburg.choices": "decisions owed",
  "view.kingsburg.kind": "what",
  "view.kingsburg.n": "how many",
  "view.kingsburg.players": "players",
  "view.kingsburg.gold": "gold",
  "view.kingsburg.wood": "wood",
  "view.kingsburg.stone": "stone",
  "view.kingsburg.soldiers": "soldiers",
  "view.kingsburg.vp": "victory points",
  "view.kingsburg.buildings": "buildings",
  "view.kingsburg.white": "white dice",
  "view.kingsburg.aid_die": "which die is the King's aid",
  "view.kingsburg.used": "dice used",
  "view.kingsburg.passed": "passed",
  "view.kingsburg.market_used": "Market used",
  "view.kingsburg.statue_used": "Statue used",
  "view.kingsburg.chapel_used": "Chapel used",
  "view.kingsburg.peek": "saw the enemy",
  "view.kingsburg.battles": "battles",
  "view.kingsburg.enemy": "enemy",
  "view.kingsburg.die": "King's die",
  "view.kingsburg.combat": "strength per player",
  "view.kingsburg.outcome": "outcome per player",
  "view.kingsburg.id": "card",
  "view.kingsburg.strength": "strength",
  "view.kingsburg.type": "type",
  "view.kingsburg.reward": "reward",
  "view.kingsburg.penalty": "penalty",
  "view.kingsburg.any_goods": "goods of choice",
  "err.advisor_occupied": "Someone already influenced this advisor.",
  "err.already_built": "You already own this building.",
  "err.bad_dice": "Those dice cannot be used.",
  "err.bad_goods": "That choice of goods does not fit.",
  "err.bad_market": "The Market changes a total by 1 at most.",
  "err.bad_soldiers": "Recruit one soldier or more (or pass).",
  "err.cannot_reroll": "That re-roll is not allowed now.",
  "err.envoy_not_needed": "The Envoy is only for an occupied advisor.",
  "err.envoy_used": "The Envoy gives one second building a step.",
  "err.no_second_build": "After this building you could afford no other: keep the Envoy.",
  "err.market_used": "The Market works once a season.",
  "err.must_choose": "This advisor's help must be taken.",
  "err.no_colored_die": "A group needs at least one die of your colour.",
  "err.plus2_aid_die": "A +2 token may not go with the King's aid die here.",
  "err.advisor_blocked": "The neutral dice block this advisor this season, for the Envoy too.",
  "err.no_envoy": "You do not hold the King's Envoy.",
  "err.no_market": "You need the Market to change a total.",
  "err.no_plus2": "You have no +2 token.",
  "err.plus2_used": "You already used a +2 token.",
  "err.not_buildable": "Build the buildings to its left in its row first.",
  "err.soldier_cap": "You may not have more soldiers.",
  "err.unknown_building": "There is no such building.",
  "err.wrong_advisor": "These dice reach another advisor.",
  "err.wrong_step": "That move is not possible now.",
};

const ja: Record<string, string> = {
  "log.kingsburg.start": "手番順: {order}",
  "log.kingsburg.year": "{year}年目が始まります。",
  "log.kingsburg.aid_die": "王の援助: {player}が追加のサイコロを受け取ります。",
  "log.kingsburg.aid_goods": "王の援助: {seats}がそれぞれ資源を1つ選んで受け取ります。",
  "log.kingsburg.aid_goods.one": "王の援助: {seats}が資源を1つ選んで受け取ります。",
  "log.kingsburg.aid_goods_taken": "{player}が王の援助で{goods}を受け取りました。",
  "log.kingsburg.season": "{season}が始まります。",
  "log.kingsburg.neutral": "中立のサイコロ{three}と{two}で{advisors}が使用禁止になりました。",
  "log.kingsburg.merchants_guild": "{player}の商人ギルドが金1を生みました。",
  "log.kingsburg.roll": "{player}のサイコロ: {dice}",
  "log.kingsburg.statue": "{player}が彫像でサイコロ1つを振り直しました: {dice}",
  "log.kingsburg.chapel": "{player}が礼拝堂でサイコロを全部振り直しました: {dice}",
  "log.kingsburg.turn_order": "手番順: {order}",
  "log.kingsburg.influence": "{player}が{advisor}に働きかけました{envoy}。",
  "log.kingsburg.pass": "{player}はパスしました{forced}。",
  "log.kingsburg.help": "{advisor}が{player}を手助け: {got}",
  "log.kingsburg.help_none": "{player}は{advisor}から何も受け取りませんでした。",
  "log.kingsburg.build": "{player}が{cost}を払って{building}を建築しました{envoy}。",
  "log.kingsburg.inn": "{player}の宿屋で{tokens}を獲得。",
  "log.kingsburg.embassy": "{player}の大使館で1勝利点を獲得。",
  "log.kingsburg.town_hall": "{player}が市庁舎に{pay}を払い1勝利点を獲得。",
  "log.kingsburg.kings_reward": "王よりの報償: {seats}が1勝利点を獲得。",
  "log.kingsburg.kings_reward.one": "王よりの報償: {seats}が1勝利点を獲得。",
  "log.kingsburg.envoy_returned": "{player}が王の伝令を返しました。",
  "log.kingsburg.envoy": "王の伝令が{player}のもとへ送られました。",
  "log.kingsburg.envoy_none": "今年は伝令が送られません。",
  "log.kingsburg.recruit": "{player}が{cost}を払って{troops}を雇用しました。",
  "log.kingsburg.enemy": "敵が現れました: {enemy}",
  "log.kingsburg.kings_die": "王の援軍（{player}が振りました）: {die}",
  "log.kingsburg.battle_win": "{player}は敵に勝利しました（戦闘力 {combat}）。",
  "log.kingsburg.battle_draw": "{player}は敵と引き分けました（戦闘力 {combat}）。",
  "log.kingsburg.battle_loss": "{player}は敵に敗れました（戦闘力 {combat}）。",
  "log.kingsburg.reward": "{player}の報償: {got}",
  "log.kingsburg.reward_goods": "{player}が報償として{goods}を受け取りました。",
  "log.kingsburg.fortress": "{player}の要塞で1勝利点を獲得。",
  "log.kingsburg.strongest": "{player}が最も高い戦闘力で1勝利点を獲得。",
  "log.kingsburg.penalty": "{player}の損害: {lost}",
  "log.kingsburg.penalty_goods": "{player}が貢ぎ物として{goods}を払いました。",
  "log.kingsburg.cathedral": "{player}の大聖堂で{vp}勝利点を獲得。",
  "log.kingsburg.game_over": "最終得点: {scores}",
  "val.kingsburg.season.spring": "春",
  "val.kingsburg.season.summer": "夏",
  "val.kingsburg.season.autumn": "秋",
  "kb.sep": "、",
  "kb.plus": "＋",
  "kb.nothing": "なし",
  "kb.with_envoy": "（伝令を使用）",
  "kb.forced": "（できる行動なし）",
  "kb.white": "{dice}（王のサイコロ: {white}）",
  "kb.amount": "{what}{n}",
  "kb.vp": "{n}勝利点",
  "kb.plus2.one": "+2マーカー1個",
  "kb.plus2": "+2マーカー{n}個",
  "kb.soldiers.one": "兵士1人",
  "kb.soldiers": "兵士{n}人",
  "kb.peek": "敵を偵察",
  "kb.paid": "（{pay}を支払い）",
  "kb.destroyed": "{building}",
  "kb.advisor": "{name}（{n}）",
  "kb.enemy": "{type}（戦闘力 {strength}）",
  "kb.seat_total": "{name}（{total}）",
  "kb.good.gold": "金",
  "kb.good.wood": "木材",
  "kb.good.stone": "石材",
  "kb.good.plus2": "+2マーカー",
  "kb.a_plus2": "+2マーカー",
  "kb.advisor.jester": "道化師",
  "kb.advisor.squire": "従者",
  "kb.advisor.architect": "建築家",
  "kb.advisor.merchant": "商人",
  "kb.advisor.sergeant": "軍曹",
  "kb.advisor.alchemist": "錬金術師",
  "kb.advisor.astronomer": "天文学者",
  "kb.advisor.treasurer": "財務官",
  "kb.advisor.master_hunter": "狩猟長",
  "kb.advisor.general": "将軍",
  "kb.advisor.swordsmith": "刀鍛冶",
  "kb.advisor.duchess": "貴族婦人",
  "kb.advisor.champion": "闘士",
  "kb.advisor.smuggler": "密輸業者",
  "kb.advisor.inventor": "発明家",
  "kb.advisor.wizard": "魔法使い",
  "kb.advisor.queen": "王女",
  "kb.advisor.king": "王",
  "kb.building.statue": "彫像",
  "kb.building.chapel": "礼拝堂",
  "kb.building.church": "教会",
  "kb.building.cathedral": "大聖堂",
  "kb.building.inn": "宿屋",
  "kb.building.market": "市場",
  "kb.building.farms": "農場",
  "kb.building.merchants_guild": "商人ギルド",
  "kb.building.guard_tower": "監視塔",
  "kb.building.blacksmith": "鍛冶屋",
  "kb.building.barracks": "兵舎",
  "kb.building.wizards_guild": "魔術師ギルド",
  "kb.building.palisade": "矢来",
  "kb.building.stable": "厩舎",
  "kb.building.stone_wall": "石壁",
  "kb.building.fortress": "要塞",
  "kb.building.barricade": "バリケード",
  "kb.building.crane": "クレーン",
  "kb.building.town_hall": "市庁舎",
  "kb.building.embassy": "大使館",
  "kb.enemy_type.barbarians": "蛮族",
  "kb.enemy_type.goblins": "ゴブリン",
  "kb.enemy_type.orcs": "オーク",
  "kb.enemy_type.zombies": "ゾンビ",
  "kb.enemy_type.demons": "デーモン",
  "kb.enemy_type.dragons": "ドラゴン",
  "kb.phase.aid_from_the_king": "1 王の援助",
  "kb.phase.spring": "2 春",
  "kb.phase.kings_reward": "3 王よりの報償",
  "kb.phase.summer": "4 夏",
  "kb.phase.kings_envoy": "5 王よりの伝令",
  "kb.phase.autumn": "6 秋",
  "kb.phase.recruit_soldiers": "7 兵士の雇用",
  "kb.phase.winter_battle": "8 冬（戦闘）",
  "kb.step.aid": "王の援助: 資源を選ぶ",
  "kb.step.reroll": "彫像・礼拝堂の振り直し",
  "kb.step.influence": "助言者への働きかけ",
  "kb.step.help": "助言者の手助け",
  "kb.step.build": "建物の建築",
  "kb.step.town_hall": "市庁舎",
  "kb.step.recruit": "兵士の雇用",
  "kb.step.battle": "戦闘: 資源を選ぶ",
  "kb.step.over": "ゲーム終了",
  "kb.choice.aid_good": "資源を1つ選ぶ（援助）",
  "kb.choice.help": "助言者の手助け",
  "kb.choice.penalty": "貢ぎ物の資源",
  "kb.choice.reroll": "振り直すか",
  "kb.choice.reward": "資源を選ぶ（報償）",
  "kb.choice.town_hall": "市庁舎",
  "kb.outcome.win": "勝利",
  "kb.outcome.draw": "引き分け",
  "kb.outcome.loss": "敗戦",
  "kb.intent.goods": "好きな資源",
  "kb.intent.reroll_one": "彫像: サイコロ1つを振り直す",
  "kb.intent.reroll_all": "礼拝堂: 全部振り直す",
  "kb.intent.influence": "助言者への働きかけ",
  "kb.intent.help": "助言者の手助け",
  "kb.intent.build": "建築",
  "kb.intent.town_hall": "市庁舎: 1勝利点",
  "kb.intent.recruit": "兵士の雇用",
  "kb.intent.pass": "パス",
  "kb.btn.take": "{goods}を受け取る",
  "kb.btn.give": "{goods}を払う",
  "kb.btn.reroll_one": "サイコロ{n}（出目{face}）を振り直す",
  "kb.btn.reroll_all": "全部振り直す",
  "kb.btn.influence": "{advisor}に{dice}",
  "kb.btn.token": "+2マーカー",
  "kb.btn.market": "市場{m}",
  "kb.btn.envoy": "伝令",
  "kb.btn.help": "{got}",
  "kb.btn.alchemist": "{pay}を{got}に換える",
  "kb.btn.build": "{building}（{cost}、{vp}勝利点）",
  "kb.btn.build_envoy": "{building}（{cost}、{vp}勝利点）、伝令でもう1つ",
  "kb.btn.town_hall": "{pay}を払って1勝利点",
  "kb.btn.recruit": "兵士{soldiers}人（{cost}）",
  "kb.btn.pass": "パス",
  // 専用の盤面（board.tsx）。
  "kb.ui.advisors": "王の助言者",
  "kb.ui.envoy": "王の伝令: {name}",
  "kb.ui.envoy_none": "王の伝令: なし",
  "kb.ui.enemy_range": "今年の敵: 戦闘力 {min}〜{max}",
  "kb.ui.enemy_hidden": "（カードは伏せられています）",
  "kb.ui.last_enemy": "{year}年目: {enemy}",
  "kb.ui.neutral": "中立のサイコロ",
  "kb.ui.influence_this": "{advisor}に働きかける",
  "kb.ui.hint_influence": "サイコロを選んでから、光っている助言者をクリック（助言者を先に選んでも可）。",
  "kb.ui.hint_build": "自分の領地の光っている建物をクリック（あと{n}つ建築可能）。",
  "kb.ui.hint_reroll": "振り直すサイコロをクリック。",
  "kb.ui.hint_help": "{advisor}から受け取るもの:",
  "kb.ui.cancel": "取り消し",
  "kb.ui.province": "{name}の領地",
  "kb.ui.dice": "この季節のサイコロ",
  "kb.ui.no_dice": "この季節のサイコロなし",
  "kb.ui.die": "サイコロ{n}: {face}",
  "kb.ui.aid_die": "サイコロ{n}: {face}（王の援助のサイコロ）",
  "kb.res.gold": "金",
  "kb.res.wood": "木材",
  "kb.res.stone": "石材",
  "kb.res.any_goods": "好きな資源",
  "kb.res.soldiers": "兵士",
  "kb.res.plus2": "+2マーカー",
  "kb.res.vp": "勝利点",
  "kb.res.buildings": "壊される建物",
  "kb.res.peek_enemy": "敵のカードを偵察",
  "kb.res_mark.gold": "金",
  "kb.res_mark.wood": "木",
  "kb.res_mark.stone": "石",
  "kb.res_mark.any_goods": "?",
  "kb.res_mark.soldiers": "⚔",
  "kb.res_mark.plus2": "+2",
  "kb.res_mark.vp": "★",
  "kb.res_mark.buildings": "⌂",
  "kb.res_mark.peek_enemy": "偵察",
  "kb.bld_help.statue": "3勝利点。サイコロの目がすべて同じなら、1つを振り直せる。",
  "kb.bld_help.chapel": "5勝利点。サイコロの合計が7以下なら、全部を振り直せる。",
  "kb.bld_help.church": "7勝利点。デーモンに対して戦闘力+1。",
  "kb.bld_help.cathedral": "9勝利点。ゲーム終了時、資源2つごとに1勝利点。",
  "kb.bld_help.inn": "毎年、夏の終わりに+2マーカーを1個獲得。",
  "kb.bld_help.market": "1勝利点。1季節に1回、サイコロの組の合計を±1できる。",
  "kb.bld_help.farms": "2勝利点。毎季節、白いサイコロを1つ追加。戦闘力−1。",
  "kb.bld_help.merchants_guild": "4勝利点。毎季節、サイコロを振る前に金1を獲得。",
  "kb.bld_help.guard_tower": "1勝利点。戦闘力+1。",
  "kb.bld_help.blacksmith": "2勝利点。戦闘力+1。",
  "kb.bld_help.barracks": "4勝利点。兵士1人の雇用が資源2つでなく1つ。",
  "kb.bld_help.wizards_guild": "6勝利点。戦闘力+2。",
  "kb.bld_help.palisade": "戦闘力+1、ゾンビに対してさらに+1。",
  "kb.bld_help.stable": "2勝利点。兵士をくれる助言者から兵士をもう1人。",
  "kb.bld_help.stone_wall": "2勝利点。戦闘力+1。敵との引き分けは勝利になる。",
  "kb.bld_help.fortress": "4勝利点。戦闘力+1。戦闘に勝つたびに1勝利点。",
  "kb.bld_help.barricade": "ゴブリンに対して戦闘力+1。",
  "kb.bld_help.crane": "1勝利点。3列目と4列目の建物が金1安くなる。",
  "kb.bld_help.town_hall": "2勝利点。季節の終わりに資源1つか+2マーカーを払って1勝利点。",
  "kb.bld_help.embassy": "4勝利点。毎季節の終わりに1勝利点。",
  "view.kingsburg.year": "年",
  "view.kingsburg.phase": "フェーズ",
  "view.kingsburg.phase_name": "フェーズ名",
  "view.kingsburg.step": "段階",
  "view.kingsburg.order": "手番順",
  "view.kingsburg.turn": "手番",
  "view.kingsburg.builds_left": "残りの建築数",
  "view.kingsburg.enemy_strength": "敵の戦闘力（最小、最大）",
  "view.kingsburg.envoy": "王の伝令",
  "view.kingsburg.aid": "王の援助のサイコロ",
  "view.kingsburg.board": "働きかけた助言者",
  "view.kingsburg.advisor": "助言者",
  "view.kingsburg.seat": "プレイヤー",
  "view.kingsburg.dice": "サイコロ",
  "view.kingsburg.plus2": "+2マーカー",
  "view.kingsburg.market": "市場",
  "view.kingsburg.choices": "選択待ち",
  "view.kingsburg.kind": "内容",
  "view.kingsburg.n": "数",
  "view.kingsburg.players": "プレイヤー",
  "view.kingsburg.gold": "金",
  "view.kingsburg.wood": "木材",
  "view.kingsburg.stone": "石材",
  "view.kingsburg.soldiers": "兵士",
  "view.kingsburg.vp": "勝利点",
  "view.kingsburg.buildings": "建物",
  "view.kingsburg.white": "王のサイコロ",
  "view.kingsburg.aid_die": "王の援助のサイコロはどれか",
  "view.kingsburg.used": "使用済みのサイコロ",
  "view.kingsburg.passed": "パス済み",
  "view.kingsburg.market_used": "市場を使用済み",
  "view.kingsburg.statue_used": "彫像を使用済み",
  "view.kingsburg.chapel_used": "礼拝堂を使用済み",
  "view.kingsburg.peek": "敵を偵察済み",
  "view.kingsburg.battles": "戦闘",
  "view.kingsburg.enemy": "敵",
  "view.kingsburg.die": "王のサイコロ",
  "view.kingsburg.combat": "プレイヤーごとの戦闘力",
  "view.kingsburg.outcome": "プレイヤーごとの結果",
  "view.kingsburg.id": "カード",
  "view.kingsburg.strength": "戦闘力",
  "view.kingsburg.type": "種類",
  "view.kingsburg.reward": "報償",
  "view.kingsburg.penalty": "損害",
  "view.kingsburg.any_goods": "好きな資源",
  "err.advisor_occupied": "その助言者にはすでに働きかけがあります。",
  "err.already_built": "その建物はすでに建てています。",
  "err.bad_dice": "そのサイコロは使えません。",
  "err.bad_goods": "その資源の選び方は合いません。",
  "err.bad_market": "市場で変えられるのは合計±1までです。",
  "err.bad_soldiers": "兵士を1人以上雇用するか、パスしてください。",
  "err.cannot_reroll": "今はその振り直しはできません。",
  "err.envoy_not_needed": "伝令はすでに働きかけのある助言者にだけ使えます。",
  "err.envoy_used": "伝令で建てられるのは1回に2つ目の建物1つだけです。",
  "err.no_second_build": "この建物のあとに建てられる建物がないので、伝令は取っておきましょう。",
  "err.market_used": "市場は1季節に1回だけ使えます。",
  "err.must_choose": "この助言者の手助けは受け取らなければなりません。",
  "err.no_colored_die": "自分の色のサイコロを1つ以上使ってください。",
  "err.plus2_aid_die": "ここでは+2トークンを王の援助のサイコロと一緒に使えません。",
  "err.advisor_blocked": "この助言者は今季、中立のサイコロで塞がれています（伝令でも働きかけられません）。",
  "err.no_envoy": "王の伝令を持っていません。",
  "err.no_market": "合計を変えるには市場が必要です。",
  "err.no_plus2": "+2マーカーを持っていません。",
  "err.plus2_used": "+2マーカーはすでに使いました。",
  "err.not_buildable": "先に同じ列の左の建物を建ててください。",
  "err.soldier_cap": "これ以上兵士を持てません。",
  "err.unknown_building": "そのような建物はありません。",
  "err.wrong_advisor": "そのサイコロでは別の助言者になります。",
  "err.wrong_step": "今はその操作はできません。",
};

extend({ en, ja });

const w = (key: string, args: Record<string, unknown> = {}) => t(key, args);
const maybe = (key: string) => (has(key) ? t(key) : null);

/** "Duchess (12)": the advisor of that number in the catalogue. */
export function advisorName(n: unknown): string {
  const a = advisorOf(n);
  return a ? w("kb.advisor", { name: w(`kb.advisor.${a.id}`), n }) : String(n);
}

export function buildingName(id: string): string {
  return maybe(`kb.building.${id}`) ?? id;
}

/** "y1_barbarians_2" → "Barbarians (strength 2)". */
export function enemyName(id: string): string {
  const m = /^y\d+_([a-z]+)_(\d+)$/.exec(id);
  if (!m) return id;
  return w("kb.enemy", { type: maybe(`kb.enemy_type.${m[1]}`) ?? m[1], strength: m[2] });
}

/** "1 gold, 2 stone" from {gold: 1, stone: 2}. */
export function goodsText(a: Amounts): string {
  const parts = GOODS.filter((g) => Number(a[g] ?? 0) > 0).map((g) =>
    w("kb.amount", { n: a[g], what: w(`kb.good.${g}`) }),
  );
  return parts.length ? parts.join(w("kb.sep")) : w("kb.nothing");
}

/** What a help or a reward gave: goods, tokens, points, soldiers, a peek. */
function gotText(a: Amounts): string {
  const parts: string[] = [];
  if (GOODS.some((g) => Number(a[g] ?? 0) > 0)) parts.push(goodsText(a));
  if (Number(a.plus2 ?? 0) > 0) parts.push(plural("kb.plus2", a.plus2));
  if (Number(a.vp ?? 0) > 0) parts.push(w("kb.vp", { n: a.vp }));
  if (Number(a.soldiers ?? 0) > 0) parts.push(plural("kb.soldiers", a.soldiers));
  if (a.peek || a.peek_enemy) parts.push(w("kb.peek"));
  return parts.length ? parts.join(w("kb.sep")) : w("kb.nothing");
}

function payText(p: unknown): string {
  if (p === "plus2") return w("kb.a_plus2");
  return typeof p === "string" ? w("kb.amount", { n: 1, what: w(`kb.good.${p}`) }) : String(p);
}

function seatList(order: unknown, names: (seat: number) => string, totals?: unknown): string {
  const list = Array.isArray(order) ? (order as number[]) : [];
  const tot = Array.isArray(totals) ? (totals as number[]) : null;
  return list
    .map((s) => (tot ? w("kb.seat_total", { name: names(s), total: tot[s] }) : names(s)))
    .join(w("kb.sep"));
}

function diceText(d: unknown): string {
  return Array.isArray(d) ? (d as number[]).join(w("kb.sep")) : String(d);
}

logArgs(G, (code, a, names) => {
  const out: Record<string, unknown> = {};
  if (code === "start" || code === "turn_order") out.order = seatList(a.order, names, a.totals);
  if (a.advisor !== undefined && code !== "neutral") out.advisor = advisorName(a.advisor);
  if (typeof a.building === "string") out.building = buildingName(a.building);
  if (a.envoy !== undefined && typeof a.envoy === "boolean") out.envoy = a.envoy ? w("kb.with_envoy") : "";
  if (typeof a.enemy === "string") out.enemy = enemyName(a.enemy);
  if (code === "pass") out.forced = a.forced ? w("kb.forced") : "";
  if (code === "roll") {
    const dice = (a.dice as number[]) ?? [];
    const white = Number(a.white ?? 0);
    out.dice = white
      ? w("kb.white", { dice: diceText(dice.slice(0, dice.length - white)), white: diceText(dice.slice(-white)) })
      : diceText(dice);
  }
  if (code === "statue" || code === "chapel") out.dice = diceText(a.dice);
  if (code === "neutral") {
    out.three = diceText(a.three);
    out.two = diceText(a.two);
    out.advisors = listText(((a.advisors as number[]) ?? []).map(advisorName));
  }
  if (code === "help" || code === "reward") {
    let got = gotText(a as Amounts);
    const paid = a.paid as Amounts | undefined;
    if (paid || a.vp_paid) {
      const pay = paid ? goodsText(paid) : w("kb.vp", { n: a.vp_paid });
      got = `${got}${w("kb.paid", { pay })}`;
    }
    out.got = got;
  }
  if (code === "build" || code === "recruit") out.cost = goodsText(a as Amounts);
  if (["aid_goods_taken", "reward_goods", "penalty_goods"].includes(code)) out.goods = goodsText(a as Amounts);
  if (code === "town_hall") out.pay = payText(a.pay);
  if (code === "inn") out.tokens = plural("kb.plus2", a.plus2);
  if (code === "recruit") out.troops = plural("kb.soldiers", a.soldiers);
  if (code === "penalty") {
    const parts: string[] = [];
    if (GOODS.some((g) => Number(a[g] ?? 0) > 0)) parts.push(goodsText(a as Amounts));
    if (Number(a.vp ?? 0) > 0) parts.push(w("kb.vp", { n: a.vp }));
    for (const b of (a.destroyed as string[]) ?? []) parts.push(w("kb.destroyed", { building: buildingName(b) }));
    out.lost = parts.length ? parts.join(w("kb.sep")) : w("kb.nothing");
  }
  if (code === "game_over") out.scores = ((a.scores as number[]) ?? []).map((s, i) => `${names(i)} ${s}`).join(w("kb.sep"));
  return out;
});

function me(view: View): Record<string, unknown> | null {
  const players = view.players as Record<string, unknown>[] | undefined;
  return typeof view.you === "number" && players ? (players[view.you] ?? null) : null;
}

function myChoice(view: View): Record<string, unknown> | null {
  const choices = view.choices as (Record<string, unknown> | null)[] | undefined;
  return typeof view.you === "number" && choices ? (choices[view.you] ?? null) : null;
}

function influenceButton(intent: Record<string, unknown>, view: View): string {
  const dice = (me(view)?.dice as number[] | undefined) ?? [];
  const parts = ((intent.dice as number[]) ?? []).map((i) => String(dice[i] ?? "?"));
  if (intent.plus2) parts.push(w("kb.btn.token"));
  const m = Number(intent.market ?? 0);
  if (m) parts.push(w("kb.btn.market", { m: m > 0 ? "+1" : "−1" }));
  if (intent.envoy) parts.push(w("kb.btn.envoy"));
  return w("kb.btn.influence", { advisor: advisorName(intent.advisor), dice: parts.join(w("kb.plus")) });
}

function helpButton(intent: Record<string, unknown>, view: View): string {
  const advisor = Number(myChoice(view)?.advisor ?? 0);
  const option = advisorOf(advisor)?.options[Number(intent.option ?? 0)];
  const gain: Amounts = { ...(option?.gain ?? {}) };
  for (const g of GOODS) gain[g] = Number(gain[g] ?? 0) + Number(intent[g] ?? 0);
  const got = gotText(gain);
  if (option && Object.keys(option.pay).length) {
    const pay = option.pay.vp ? w("kb.vp", { n: option.pay.vp }) : goodsText(option.pay);
    return w("kb.btn.alchemist", { pay, got });
  }
  return w("kb.btn.help", { got });
}

export const labels: GenericLabels = {
  perSeat: (key) => ["players", "choices"].includes(key),
  group: (name) => maybe(`kb.intent.${name}`),
  intent(intent, view) {
    switch (intent.t) {
      case "goods":
        return w(myChoice(view)?.kind === "penalty" ? "kb.btn.give" : "kb.btn.take", { goods: goodsText(intent as Amounts) });
      case "reroll_one": {
        const dice = (me(view)?.dice as number[] | undefined) ?? [];
        const i = Number(intent.die);
        return w("kb.btn.reroll_one", { n: i + 1, face: dice[i] ?? "?" });
      }
      case "reroll_all":
        return w("kb.btn.reroll_all");
      case "influence":
        return influenceButton(intent, view);
      case "help":
        return helpButton(intent, view);
      case "build": {
        // Its cost and points from the catalogue; until that has come, the plain label.
        const b = catalogue?.buildings.find((x) => x.id === intent.building);
        if (!b) return null;
        return w(intent.envoy ? "kb.btn.build_envoy" : "kb.btn.build", {
          building: buildingName(b.id),
          cost: goodsText(b.cost),
          vp: b.vp,
        });
      }
      case "town_hall":
        return w("kb.btn.town_hall", { pay: payText(intent.pay) });
      case "recruit":
        return w("kb.btn.recruit", { soldiers: intent.soldiers, cost: goodsText(intent as Amounts) });
      case "pass":
        return w("kb.btn.pass");
      default:
        return null;
    }
  },
  key: (key) => maybe(`view.${G}.${key}`),
  value(key, v, names) {
    if (typeof v === "number") {
      if (["turn", "envoy", "aid", "seat", "order"].includes(key) && v >= 0) return names(v);
      if (key === "advisor" || key === "advisors") return advisorName(v);
      return null;
    }
    if (key === "phase_name") return maybe(`kb.phase.${v}`);
    if (key === "step") return maybe(`kb.step.${v}`);
    if (key === "kind") return maybe(`kb.choice.${v}`);
    if (key === "outcome") return maybe(`kb.outcome.${v}`);
    if (key === "type") return maybe(`kb.enemy_type.${v}`);
    if (key === "buildings") return buildingName(v);
    if (key === "id" || key === "enemy") return enemyName(v);
    return null;
  },
};
