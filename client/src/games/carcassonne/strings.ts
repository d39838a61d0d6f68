// The Carcassonne log codes in both languages (server/games/carcassonne: `_log` calls),
// the board's words for the expansions' pieces, holders and goods.
import { extend, logArgs, t } from "../../i18n";

extend({
  en: {
    "log.carcassonne.game_start": "The game begins; {player} starts.",
    "log.carcassonne.tile_placed": "{player} places a tile at ({x}, {y}).",
    "log.carcassonne.meeple_placed": "{player} puts {piece} on a {kind}.",
    "log.carcassonne.meeple_skipped": "{player} places no follower.",
    "log.carcassonne.tile_removed": "No place fits the tile {player} drew; it leaves the game.",
    "log.carcassonne.score": "{seats} score {points} for {what}.",
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
    "opt.two_tile_city_points": "Points for a two-tile city",
    "opt.river_start_tile": "Start tile with the river",
    "opt.pig_old": "Pig under old farmer scoring: +1 per city",
  },
  ja: {
    "log.carcassonne.game_start": "ゲーム開始。{player}から始めます。",
    "log.carcassonne.tile_placed": "{player}がタイルを({x}, {y})に置きました。",
    "log.carcassonne.meeple_placed": "{player}が{kind}に{piece}を置きました。",
    "log.carcassonne.meeple_skipped": "{player}は部下を置きませんでした。",
    "log.carcassonne.tile_removed": "{player}が引いたタイルは置ける場所がないため除外されました。",
    "log.carcassonne.score": "{seats}が{what}で{points}点を獲得。",
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
    "opt.two_tile_city_points": "2枚で完成した都市の得点",
    "opt.river_start_tile": "川を使うときの開始タイル",
    "opt.pig_old": "旧ルールの草原得点での豚: 都市ごとに+1",
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

logArgs("carcassonne", (code, a) => {
  if (code === "score") return { what: scoreWhat(a) };
  if (code === "meeple_placed") {
    const piece = typeof a.piece === "string" ? a.piece : "follower";
    const key = `carc.a.${piece}`;
    const w = t(key);
    return { piece: w === key ? piece : w };
  }
  if (code === "goods_taken") {
    const goods = GOODS.filter((g) => typeof a[g] === "number" && (a[g] as number) > 0)
      .map((g) => `${t(`carc.good.${g}`)} ×${a[g] as number}`)
      .join(", ");
    return { goods: goods || "—" };
  }
  return null;
});
