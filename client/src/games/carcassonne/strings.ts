// The Carcassonne log codes in both languages (server/games/carcassonne: `_log` calls),
// the board's words for the expansions' pieces, holders and goods.
import { extend, listText, logArgs, plural, t } from "../../i18n";

extend({
  en: {
    "log.carcassonne.game_start": "The game begins; {player} starts.",
    "log.carcassonne.tile_placed": "{player} places a tile.",
    "log.carcassonne.meeple_placed": "{player} puts {piece} on a {kind}.",
    "log.carcassonne.meeple_skipped": "{player} places no follower.",
    "log.carcassonne.tile_removed": "No place fits the tile {player} drew; it leaves the game.",
    "log.carcassonne.score": "{seats} score {points} for {what}.",
    "log.carcassonne.score.one": "{seats} scores {points} for {what}.",
    "carc.goods_n": "{n} {good}",
    "log.carcassonne.final_scoring": "Final scoring.",
    "log.carcassonne.game_end": "The game is over.",
    "log.carcassonne.king_taken": "{player} takes the King (a city of {size} tiles).",
    "log.carcassonne.robber_taken": "{player} takes the Robber Baron (a road of {size} tiles).",
    "log.carcassonne.goods_taken": "{player} takes goods: {goods}.",
    "log.carcassonne.builder_turn": "{player}'s builder brings an extra tile.",
    "val.carcassonne.kind.city": "city",
    "val.carcassonne.kind.road": "road",
    "val.carcassonne.kind.field": "field",
    "val.carcassonne.kind.monastery": "monastery",
    "val.carcassonne.kind.farm_city": "city beside a farm",
    "carc.what.city": "a city",
    "carc.what.road": "a road",
    "carc.what.field": "a field",
    "carc.what.monastery": "a monastery",
    "carc.what.farm_city": "a city beside a farm",
    "carc.what.road_inn": "a road with an inn",
    "carc.what.city_cathedral": "a city with a cathedral",
    "carc.what.king": "the King",
    "carc.what.robber": "the Robber Baron",
    "carc.what.goods": "the most {good}",
    "carc.a.follower": "a follower",
    "carc.a.large": "a large follower",
    "carc.a.builder": "the builder",
    "carc.a.pig": "the pig",
    "carc.piece": "Piece to place",
    "carc.piece.follower": "Follower",
    "carc.piece.large": "Large follower",
    "carc.piece.builder": "Builder",
    "carc.piece.pig": "Pig",
    "carc.piece_hint": "Choose the piece, then click a square; ✕ places none.",
    "carc.good.wine": "wine",
    "carc.good.grain": "grain",
    "carc.good.cloth": "cloth",
    "carc.large_left": "large followers",
    "carc.builders_left": "builders",
    "carc.pigs_left": "pigs",
    "carc.king": "King: the largest finished city ({size} tiles)",
    "carc.robber": "Robber Baron: the longest finished road ({size} tiles)",
    "carc.extra": "Builder: an extra tile this turn",
    "carc.expansions": "Expansions",
    "err.feature_occupied": "That feature already has a follower.",
    "err.unknown_feature": "The tile has no such place for a follower.",
    "err.no_meeples": "You have no follower left.",
    "log.carcassonne.dragon_placed": "{player} places a volcano; the dragon flies there.",
    "log.carcassonne.dragon_moved": "{player} moves the dragon.",
    "log.carcassonne.eaten": "The dragon eats {player}'s {what}.",
    "log.carcassonne.princess": "{player}'s princess sends {victim}'s knight home.",
    "log.carcassonne.fairy_moved": "{player} moves the fairy.",
    "log.carcassonne.set_aside": "A dragon tile is set aside until a volcano brings the dragon.",
    "log.carcassonne.reshuffled": "The dragon is here: {count} tiles set aside are shuffled back into the pile.",
    "log.carcassonne.piece_returned": "{player}'s {what} goes home: no follower of theirs is left beside it.",
    "carc.what.fairy": "the fairy",
    "carc.name.follower": "follower",
    "carc.name.large": "large follower",
    "carc.name.builder": "builder",
    "carc.name.pig": "pig",
    "carc.piece.fairy": "Move the fairy",
    "carc.set_aside": "Dragon tiles set aside: {n}",
    "carc.dragon_steps": "The dragon: {n} steps left",
    "carc.dragon_step": "Move the dragon here",
    "carc.dragon_hint": "Your step of the dragon: click a lit square beside it.",
    "carc.dragon_wait": "{player} steers the dragon.",
    "carc.princess_hint": "The princess joined a city with knights: you must send one of them home. Click a ringed knight.",
    "carc.princess_remove": "Send this knight home",
    "carc.fairy_hint": "Click a lit place to move the fairy there instead of placing a piece; ✕ does neither.",
    "carc.fairy_move": "Move the fairy here",
    "carc.moves_place": "Place the tile: on a square (x, y; y grows upwards), turned clockwise by:",
    "carc.place_at": "Place the tile at ({x}, {y}), turned {deg}°",
    "carc.portal_hint": "Magic portal: a follower may also go onto a free place of another tile (purple squares).",
    "err.volcano_tile": "Nothing may be placed on a volcano tile.",
    "err.portal_target": "The magic portal cannot send that piece there.",
    "err.feature_completed": "The magic portal cannot reach a completed feature.",
    "err.princess_required": "The princess must first send a knight home.",
    "err.princess_target": "The princess cannot send that piece home.",
    "err.bad_fairy_move": "The fairy cannot go there.",
    "err.no_dragon_step": "The dragon cannot step there.",
  },
  ja: {
    "log.carcassonne.game_start": "ゲーム開始。{player}から始めます。",
    "log.carcassonne.tile_placed": "{player}がタイルを置きました。",
    "log.carcassonne.meeple_placed": "{player}が{kind}に{piece}を置きました。",
    "log.carcassonne.meeple_skipped": "{player}は部下を置きませんでした。",
    "log.carcassonne.tile_removed": "{player}が引いたタイルは置ける場所がないため除外されました。",
    "log.carcassonne.score": "{seats}が{what}で{points}を獲得。",
    "log.carcassonne.score.one": "{seats}が{what}で{points}を獲得。",
    "carc.goods_n": "{good}×{n}",
    "log.carcassonne.final_scoring": "最終得点計算。",
    "log.carcassonne.game_end": "ゲーム終了。",
    "log.carcassonne.king_taken": "{player}が王を獲得（{size}タイルの都市）。",
    "log.carcassonne.robber_taken": "{player}が斥候を獲得（{size}タイルの道）。",
    "log.carcassonne.goods_taken": "{player}が商品を獲得: {goods}。",
    "log.carcassonne.builder_turn": "{player}の建築士により、もう1枚タイルを引きます。",
    "val.carcassonne.kind.city": "都市",
    "val.carcassonne.kind.road": "道",
    "val.carcassonne.kind.field": "草原",
    "val.carcassonne.kind.monastery": "修道院",
    "val.carcassonne.kind.farm_city": "草原に接する都市",
    "carc.what.city": "都市",
    "carc.what.road": "道",
    "carc.what.field": "草原",
    "carc.what.monastery": "修道院",
    "carc.what.farm_city": "草原に接する都市",
    "carc.what.road_inn": "宿屋のある道",
    "carc.what.city_cathedral": "大聖堂のある都市",
    "carc.what.king": "王",
    "carc.what.robber": "斥候",
    "carc.what.goods": "{good}の最多",
    "carc.a.follower": "部下",
    "carc.a.large": "大きな部下",
    "carc.a.builder": "建築士",
    "carc.a.pig": "豚",
    "carc.piece": "置くコマ",
    "carc.piece.follower": "部下",
    "carc.piece.large": "大きな部下",
    "carc.piece.builder": "建築士",
    "carc.piece.pig": "豚",
    "carc.piece_hint": "コマを選んでから■をクリックしてください。✕で置かずに終わります。",
    "carc.good.wine": "ワイン",
    "carc.good.grain": "小麦",
    "carc.good.cloth": "布",
    "carc.large_left": "大きな部下",
    "carc.builders_left": "建築士",
    "carc.pigs_left": "豚",
    "carc.king": "王: 完成した最大の都市（{size}タイル）",
    "carc.robber": "斥候: 完成した最長の道（{size}タイル）",
    "carc.extra": "建築士: この手番はもう1枚",
    "carc.expansions": "拡張",
    "err.feature_occupied": "その地形にはすでに部下がいます。",
    "err.unknown_feature": "そのタイルにその場所はありません。",
    "err.no_meeples": "部下が残っていません。",
    "log.carcassonne.dragon_placed": "{player}が火山を置き、ドラゴンがそこへ飛んできました。",
    "log.carcassonne.dragon_moved": "{player}がドラゴンを動かしました。",
    "log.carcassonne.eaten": "ドラゴンが{player}の{what}を食べました。",
    "log.carcassonne.princess": "{player}の王女が{victim}の騎士を手元に戻しました。",
    "log.carcassonne.fairy_moved": "{player}が妖精を移しました。",
    "log.carcassonne.set_aside": "ドラゴンのタイルは、火山がドラゴンを呼ぶまで脇に置かれます。",
    "log.carcassonne.reshuffled": "ドラゴンが現れたので、脇に置かれた{count}枚のタイルを山に戻して混ぜました。",
    "log.carcassonne.piece_returned": "{player}の{what}は、そばに同じ色の部下がいなくなったので手元に戻りました。",
    "carc.what.fairy": "妖精",
    "carc.name.follower": "部下",
    "carc.name.large": "大きな部下",
    "carc.name.builder": "建築士",
    "carc.name.pig": "豚",
    "carc.piece.fairy": "妖精を移す",
    "carc.set_aside": "脇に置かれたドラゴンのタイル: {n}枚",
    "carc.dragon_steps": "ドラゴン: 残り{n}歩",
    "carc.dragon_step": "ドラゴンをここへ動かす",
    "carc.dragon_hint": "あなたがドラゴンを1歩動かす番です。隣の光っているマスをクリックしてください。",
    "carc.dragon_wait": "{player}がドラゴンを動かしています。",
    "carc.princess_hint": "王女が騎士のいる都市につながりました。騎士を1人必ず手元に戻します。円で囲まれた騎士をクリックしてください。",
    "carc.princess_remove": "この騎士を手元に戻す",
    "carc.fairy_hint": "光っている場所をクリックすると、コマを置く代わりに妖精をそこへ移します。✕でどちらもしません。",
    "carc.fairy_move": "妖精をここへ移す",
    "carc.moves_place": "タイルを置く: マス (x, y。yは上へ増える) と時計回りの回転:",
    "carc.place_at": "タイルを({x}, {y})に{deg}°回して置く",
    "carc.portal_hint": "魔法の門: 他のタイルの空いている場所（紫の■）にも部下を置けます。",
    "err.volcano_tile": "火山のタイルには何も置けません。",
    "err.portal_target": "魔法の門でそのコマをそこへ送ることはできません。",
    "err.feature_completed": "魔法の門で完成した地形へは送れません。",
    "err.princess_required": "先に王女で騎士を1人手元に戻してください。",
    "err.princess_target": "王女はそのコマを戻せません。",
    "err.bad_fairy_move": "妖精はそこへ移せません。",
    "err.no_dragon_step": "ドラゴンはそこへ動けません。",
  },
});

export const GOODS = ["wine", "grain", "cloth"] as const;

/** What a `score` entry scored for, in words: the feature kind, with its inn or
 * cathedral, or the King, the Robber Baron, the most of one good. */
export function scoreWhat(a: Record<string, unknown>): string {
  const kind = String(a.kind ?? "");
  if (kind === "goods") return t("carc.what.goods", { good: t(`carc.good.${String(a.good ?? "")}`) });
  if (kind === "road" && a.inn) return t("carc.what.road_inn");
  if (kind === "city" && a.cathedral) return t("carc.what.city_cathedral");
  const key = `carc.what.${kind}`;
  const w = t(key);
  return w === key ? kind.replace(/_/g, " ") : w;
}

logArgs("carcassonne", (code, a, names) => {
  if (code === "score") return { what: scoreWhat(a), points: plural("n.points", a.points) };
  if (code === "meeple_placed") {
    const piece = typeof a.piece === "string" ? a.piece : "follower";
    const key = `carc.a.${piece}`;
    const w = t(key);
    return { piece: w === key ? piece : w };
  }
  if (code === "eaten" || code === "piece_returned") {
    const piece = typeof a.piece === "string" ? a.piece : "follower";
    const key = `carc.name.${piece}`;
    const w = t(key);
    return { what: w === key ? piece : w };
  }
  if (code === "princess" && typeof a.victim === "number") return { victim: names(a.victim) };
  if (code === "goods_taken") {
    const goods = GOODS.filter((g) => typeof a[g] === "number" && (a[g] as number) > 0)
      .map((g) => t("carc.goods_n", { n: a[g] as number, good: t(`carc.good.${g}`) }));
    return { goods: listText(goods) || "—" };
  }
  return null;
});
