// Kardinal & König in Japanese and English: the log codes of server/games/kardinal
// (its `LogEntry(...)` calls), the intents as button labels, the view's keys and the
// options. English follows the browser game's log ("Mike has played an 'England /
// Schwaben' card and built a cloister in Schwaben"), with the countries' English names
// (France, Franconia, …, as in the English edition, Web of Power; see client/README.md);
// Japanese the seed's terms (修道院, 枢機卿, 中間決算, 最終決算, 同盟, ジョーカー).
import { extend, has, listText, logArgs, plural, t } from "../../i18n";
import type { GenericLabels } from "../generic";

const G = "kardinal";
const COUNTRIES = [
  "frankreich", "franken", "aragon", "bayern", "burgund", "england", "schwaben", "lothringen", "italien",
];
const CARDS: Record<string, string[]> = {
  frankreich: ["frankreich"],
  franken_aragon: ["franken", "aragon"],
  bayern_burgund: ["bayern", "burgund"],
  lothringen_italien: ["lothringen", "italien"],
  england_schwaben: ["england", "schwaben"],
};

const en: Record<string, string> = {
  "log.kardinal.start": "{player} is the start player.",
  "log.kardinal.placed": "{player} has played {cards} and {action}.",
  "log.kardinal.exchanged": "{player} has exchanged {cards}.",
  "log.kardinal.took_display": "{player} has taken {card} from the face-up cards.",
  "log.kardinal.revealed": "{card} is turned face up.",
  "log.kardinal.drew_card": "You have drawn {card}.",
  "log.kardinal.drew_hidden": "{player} has drawn a card from the deck.",
  "log.kardinal.passed": "{player} passes.",
  "log.kardinal.interim_scoring": "The deck has run out: interim scoring.",
  "log.kardinal.scored_cloisters": "Cloisters in {country}: {points}.",
  "log.kardinal.reshuffled": "The discard pile becomes a new deck of {cards} cards.",
  "log.kardinal.end_triggered": "The deck has run out again: the game ends after {last}'s turn.",
  "log.kardinal.final_scoring": "Final scoring.",
  "log.kardinal.scored_alliance": "Alliance {number} ({countries}): {points}.",
  "log.kardinal.scored_chains": "{player} scores {points} for chains of cloisters ({chains}).",
  "log.kardinal.game_over": "Final scores: {scores}.",
  "kk.card": "'{name}'",
  "kk.one_card": "a {card} card",
  "kk.one_card_an": "an {card} card",
  "kk.joker": "two {card} cards as a joker",
  "kk.built": "built a cloister in {country}",
  "kk.sent": "sent a cardinal to {country}",
  "kk.pts": "{name} scores {points}",
  "kk.pts_cloisters": "{name} scores {points} ({cloisters})",
  "kk.cloisters.one": "1 cloister",
  "kk.cloisters": "{n} cloisters",
  "kk.nobody": "nobody scores",
  "kk.sep": ", ",
  "kk.slash": " / ",
  "kk.pair": "{a} – {b}",
  "kk.space": "{country} {n}",
  "kk.country.frankreich": "France",
  "kk.country.franken": "Franconia",
  "kk.country.aragon": "Aragon",
  "kk.country.bayern": "Bavaria",
  "kk.country.burgund": "Burgundy",
  "kk.country.england": "England",
  "kk.country.schwaben": "Swabia",
  "kk.country.lothringen": "Lorraine",
  "kk.country.italien": "Italy",
  "kk.colour.frankreich": "purple",
  "kk.colour.franken_aragon": "red",
  "kk.colour.bayern_burgund": "green",
  "kk.colour.lothringen_italien": "yellow",
  "kk.colour.england_schwaben": "orange",
  "kk.phase.act": "place a piece or exchange",
  "kk.phase.more": "a second piece, or draw",
  "kk.phase.draw": "draw cards",
  "kk.phase.over": "game over",
  "kk.intent.place": "Place a piece",
  "kk.intent.draw": "Draw a card",
  "kk.intent.exchange": "Exchange cards",
  "kk.intent.end": "Stop placing",
  "kk.intent.pass": "Pass",
  "kk.btn.cloister": "Cloister on {space} ({cards})",
  "kk.btn.cardinal": "Cardinal to {country} ({cards})",
  "kk.btn.pay_joker": "2× {card} as joker",
  "kk.btn.deck": "Draw from the deck",
  "kk.btn.display": "Take {card} (face up)",
  "kk.btn.exchange": "Discard {cards}",
  "kk.btn.end": "Stop placing",
  "kk.btn.pass": "Pass",
  "kk.map": "Map of Kardinal & König",
  "kk.map.send_cardinal": "Send a cardinal to {country}",
  "kk.map.alliance": "Alliance {n}: {a} – {b}",
  "kk.map.whole": "Whole map",
  "kk.map.zoom": "Zoom in to tap",
  "kk.hand": "Your hand",
  "kk.hand.empty": "no cards",
  "kk.hint.place": "Click a card (two of one colour as a joker), then a lit place on the map; or click a lit place straight away.",
  "kk.hint.chosen": "Now click a lit place on the map, or the card again to put it back.",
  "kk.hint.more": "A second piece in {country} (a card, then a lit place), or draw a card to end placing.",
  "kk.hint.recent": "Ringed in white: pieces placed since your last move.",
  "kk.hint.pay": "Pay for {place}: click the card(s) in your hand, or choose here:",
  "kk.hint.draw": "Draw up to 3 cards: click the deck or a face-up card.",
  "kk.exchange": "Exchange the chosen cards",
  "kk.exchange.how": "Choose the cards to discard in your hand first",
  "kk.display": "Face-up cards and deck",
  "kk.deck": "deck",
  "kk.discard": "discard pile: {n}",
  "kk.ending": "Last round",
  "kk.alliances": "Alliances",
  "kk.seat_extra": "{cards} cards in hand; left: {cloisters} cloisters, {cardinals} cardinals",
  "view.kardinal.seats": "players",
  "view.kardinal.start": "start player",
  "view.kardinal.turn": "to move",
  "view.kardinal.phase": "step",
  "view.kardinal.deck": "cards in the deck",
  "view.kardinal.display": "face-up cards",
  "view.kardinal.discard": "discard pile",
  "view.kardinal.hands": "cards in hand per player",
  "view.kardinal.hand": "your hand",
  "view.kardinal.cloisters": "cloisters",
  "view.kardinal.cardinals": "cardinals (per player)",
  "view.kardinal.supply": "pieces left",
  "view.kardinal.turn_country": "country this turn",
  "view.kardinal.turn_pieces": "pieces this turn",
  "view.kardinal.exhaustions": "deck run out (times)",
  "view.kardinal.ending": "last round",
  "view.kardinal.last_seat": "last to move",
  "view.kardinal.breakdown": "points",
  "view.kardinal.interim": "interim scoring",
  "view.kardinal.alliances": "alliances",
  "view.kardinal.chains": "chains",
  "err.unknown_card": "There is no such card.",
  "err.card_not_in_hand": "That card is not in your hand.",
  "err.bad_cards": "Pay with one card, or two cards of one colour as a joker.",
  "err.card_does_not_fit": "That card does not name this country.",
  "err.joker_own_colour": "A joker pair cannot pay for its own colour.",
  "err.unknown_space": "There is no such cloister space.",
  "err.unknown_country": "There is no such country.",
  "err.wrong_country": "That space is not in that country.",
  "err.cardinal_limit": "No more cardinals fit in that country (most cloisters of one player).",
  "err.one_country": "All pieces of a turn go into one country.",
  "err.no_second_piece": "No second piece this turn.",
  "err.exchange_limit": "You may not discard that many cards.",
  "err.cannot_exchange": "You cannot exchange now.",
  "err.deck_empty": "The deck is empty.",
  "err.not_in_display": "That card is not face up.",
};

const ja: Record<string, string> = {
  "log.kardinal.start": "{player}がスタートプレイヤーです。",
  "log.kardinal.placed": "{player}が{cards}を出して{action}。",
  "log.kardinal.exchanged": "{player}が{cards}を捨ててカードを交換しました。",
  "log.kardinal.took_display": "{player}が表向きの{card}を取りました。",
  "log.kardinal.revealed": "{card}が表向きになりました。",
  "log.kardinal.drew_card": "あなたは山札から{card}を引きました。",
  "log.kardinal.drew_hidden": "{player}が山札からカードを引きました。",
  "log.kardinal.passed": "{player}はパスしました。",
  "log.kardinal.interim_scoring": "山札が尽きました。中間決算です。",
  "log.kardinal.scored_cloisters": "{country}の修道院: {points}",
  "log.kardinal.reshuffled": "捨て札をシャッフルして{cards}枚の新しい山札にしました。",
  "log.kardinal.end_triggered": "山札がふたたび尽きました。{last}の手番の後にゲーム終了です。",
  "log.kardinal.final_scoring": "最終決算。",
  "log.kardinal.scored_alliance": "同盟{number}（{countries}）: {points}",
  "log.kardinal.scored_chains": "{player}が修道院の連続（{chains}）で{points}を獲得。",
  "log.kardinal.game_over": "最終得点: {scores}",
  "kk.card": "「{name}」",
  "kk.one_card": "{card}のカード",
  "kk.one_card_an": "{card}のカード",
  "kk.joker": "{card}のカード2枚（ジョーカー）",
  "kk.built": "{country}に修道院を建てました",
  "kk.sent": "{country}に枢機卿を送りました",
  "kk.pts": "{name} {points}",
  "kk.pts_cloisters": "{name} {points}（{cloisters}）",
  "kk.cloisters.one": "修道院1",
  "kk.cloisters": "修道院{n}",
  "kk.nobody": "なし",
  "kk.sep": "、",
  "kk.slash": "／",
  "kk.pair": "{a}－{b}",
  "kk.space": "{country}{n}",
  "kk.country.frankreich": "フランス",
  "kk.country.franken": "フランケン",
  "kk.country.aragon": "アラゴン",
  "kk.country.bayern": "バイエルン",
  "kk.country.burgund": "ブルゴーニュ",
  "kk.country.england": "イングランド",
  "kk.country.schwaben": "シュヴァーベン",
  "kk.country.lothringen": "ロートリンゲン",
  "kk.country.italien": "イタリア",
  "kk.colour.frankreich": "紫",
  "kk.colour.franken_aragon": "赤",
  "kk.colour.bayern_burgund": "緑",
  "kk.colour.lothringen_italien": "黄",
  "kk.colour.england_schwaben": "橙",
  "kk.phase.act": "コマを置くかカードを交換",
  "kk.phase.more": "2つ目のコマ、または補充",
  "kk.phase.draw": "カードの補充",
  "kk.phase.over": "ゲーム終了",
  "kk.intent.place": "コマを置く",
  "kk.intent.draw": "カードを補充",
  "kk.intent.exchange": "カードを交換",
  "kk.intent.end": "配置を終える",
  "kk.intent.pass": "パス",
  "kk.btn.cloister": "修道院を{space}に（{cards}）",
  "kk.btn.cardinal": "枢機卿を{country}に（{cards}）",
  "kk.btn.pay_joker": "{card}×2でジョーカー",
  "kk.btn.deck": "山札から引く",
  "kk.btn.display": "表向きの{card}を取る",
  "kk.btn.exchange": "{cards}を捨てる",
  "kk.btn.end": "配置を終える",
  "kk.btn.pass": "パス",
  "kk.map": "王と枢機卿の地図",
  "kk.map.send_cardinal": "{country}に枢機卿を送る",
  "kk.map.alliance": "同盟{n}: {a} – {b}",
  "kk.map.whole": "地図全体を見る",
  "kk.map.zoom": "拡大して選ぶ",
  "kk.hand": "あなたの手札",
  "kk.hand.empty": "手札なし",
  "kk.hint.place": "手札をクリック（同じ色2枚でジョーカー）してから、地図の光っている場所をクリック。光っている場所を直接クリックしても置けます。",
  "kk.hint.chosen": "地図の光っている場所をクリックしてください。もう一度カードをクリックすると選択を外します。",
  "kk.hint.more": "{country}に2つ目のコマを置く（カード→光っている場所）か、カードを補充して配置を終えます。",
  "kk.hint.recent": "白い輪: あなたの前回の手番の後に置かれたコマ。",
  "kk.hint.pay": "{place}への支払い: 手札のカードをクリックするか、ここで選んでください:",
  "kk.hint.draw": "手札が3枚になるまで補充: 山札か表向きのカードをクリック。",
  "kk.exchange": "選んだカードを交換",
  "kk.exchange.how": "先に手札から捨てるカードを選んでください",
  "kk.display": "表向きのカードと山札",
  "kk.deck": "山札",
  "kk.discard": "捨て札: {n}枚",
  "kk.ending": "最終ラウンド",
  "kk.alliances": "同盟",
  "kk.seat_extra": "手札{cards}枚、残り: 修道院{cloisters}、枢機卿{cardinals}",
  "view.kardinal.seats": "人数",
  "view.kardinal.start": "スタートプレイヤー",
  "view.kardinal.turn": "手番",
  "view.kardinal.phase": "段階",
  "view.kardinal.deck": "山札の枚数",
  "view.kardinal.display": "表向きのカード",
  "view.kardinal.discard": "捨て札",
  "view.kardinal.hands": "各プレイヤーの手札の枚数",
  "view.kardinal.hand": "あなたの手札",
  "view.kardinal.cloisters": "修道院",
  "view.kardinal.cardinals": "枢機卿（プレイヤーごと）",
  "view.kardinal.supply": "残りのコマ",
  "view.kardinal.turn_country": "この手番の国",
  "view.kardinal.turn_pieces": "この手番に置いたコマ",
  "view.kardinal.exhaustions": "山札が尽きた回数",
  "view.kardinal.ending": "最終ラウンド",
  "view.kardinal.last_seat": "最後の手番",
  "view.kardinal.breakdown": "得点の内訳",
  "view.kardinal.interim": "中間決算",
  "view.kardinal.alliances": "同盟",
  "view.kardinal.chains": "修道院の連続",
  "err.unknown_card": "そのカードはありません。",
  "err.card_not_in_hand": "そのカードは手札にありません。",
  "err.bad_cards": "カード1枚か、同じ色2枚（ジョーカー）で支払ってください。",
  "err.card_does_not_fit": "そのカードはこの国のカードではありません。",
  "err.joker_own_colour": "ジョーカーは元の色の国には使えません。",
  "err.unknown_space": "そのような修道院の場所はありません。",
  "err.unknown_country": "そのような国はありません。",
  "err.wrong_country": "その場所はその国にありません。",
  "err.cardinal_limit": "その国にはこれ以上枢機卿を置けません（修道院の最大会派の数まで）。",
  "err.one_country": "1回の手番で置けるのは1つの国だけです。",
  "err.no_second_piece": "この手番に2つ目のコマは置けません。",
  "err.exchange_limit": "その枚数は捨てられません。",
  "err.cannot_exchange": "今はカードを交換できません。",
  "err.deck_empty": "山札がありません。",
  "err.not_in_display": "そのカードは表向きにありません。",
};

extend({ en, ja });

const w = (key: string, args: Record<string, unknown> = {}) => t(key, args);
const maybe = (key: string) => (has(key) ? t(key) : null);

export function countryName(id: string): string {
  return maybe(`kk.country.${id}`) ?? id;
}

/** A card type: "'Franken / Aragon'" / "「フランケン／アラゴン」". */
export function cardName(id: string): string {
  const countries = CARDS[id];
  if (!countries) return id;
  return w("kk.card", { name: countries.map(countryName).join(w("kk.slash")) });
}

/** "schwaben-1" → "Schwaben 1". */
export function spaceName(id: string): string {
  const m = /^([a-z]+)-(\d+)$/.exec(id);
  return m && COUNTRIES.includes(m[1]) ? w("kk.space", { country: countryName(m[1]), n: m[2] }) : id;
}

/** "a 'Franken / Aragon' card", "an 'England / Schwaben' card". */
function aCard(id: string): string {
  const card = cardName(id);
  return w(/^\W?[AEIOU]/.test(card) ? "kk.one_card_an" : "kk.one_card", { card });
}

/** One card, or a joker pair of one type. */
function paid(cards: string[]): string {
  return cards.length === 2 ? w("kk.joker", { card: cardName(cards[0]) }) : aCard(cards[0] ?? "");
}

function perSeat(points: number[], names: (seat: number) => string, cloisters?: number[]): string {
  const parts = points
    .map((p, i) =>
      p > 0
        ? cloisters
          ? w("kk.pts_cloisters", { name: names(i), points: plural("n.points", p), cloisters: plural("kk.cloisters", cloisters[i]) })
          : w("kk.pts", { name: names(i), points: plural("n.points", p) })
        : "",
    )
    .filter(Boolean);
  return parts.length ? listText(parts) : w("kk.nobody");
}

logArgs(G, (code, a, names) => {
  const out: Record<string, unknown> = {};
  if (typeof a.country === "string") out.country = countryName(a.country);
  if (typeof a.card === "string") out.card = aCard(a.card);
  if (code === "placed") {
    out.cards = paid((a.cards as string[]) ?? []);
    out.action = w(a.piece === "cardinal" ? "kk.sent" : "kk.built", { country: out.country });
  }
  if (code === "exchanged") out.cards = listText(((a.cards as string[]) ?? []).map(aCard));
  if (code === "end_triggered") out.last = typeof a.last_seat === "number" ? names(a.last_seat) : "?";
  if (code === "scored_cloisters") out.points = perSeat((a.points as number[]) ?? [], names, a.cloisters as number[]);
  if (code === "scored_alliance") {
    const [x, y] = ((a.countries as string[]) ?? []).map(countryName);
    out.countries = w("kk.pair", { a: x, b: y });
    out.points = perSeat((a.points as number[]) ?? [], names);
  }
  if (code === "scored_chains") {
    out.chains = ((a.chains as number[]) ?? []).join(" + ");
    out.points = plural("n.points", a.points);
  }
  if (code === "game_over") {
    out.scores = ((a.scores as number[]) ?? []).map((s, i) => `${names(i)} ${s}`).join(w("kk.sep"));
  }
  return out;
});

export const labels: GenericLabels = {
  perSeat: (key) => ["supply", "breakdown"].includes(key),
  group: (name) => maybe(`kk.intent.${name}`),
  intent(intent) {
    const cards = (intent.cards as string[] | undefined) ?? [];
    const pay = cards.length === 2 ? w("kk.btn.pay_joker", { card: cardName(cards[0]) }) : cardName(cards[0] ?? "");
    switch (intent.t) {
      case "place":
        return intent.piece === "cardinal"
          ? w("kk.btn.cardinal", { country: countryName(String(intent.country)), cards: pay })
          : w("kk.btn.cloister", { space: spaceName(String(intent.space)), cards: pay });
      case "draw":
        return intent.source === "display"
          ? w("kk.btn.display", { card: cardName(String(intent.card)) })
          : w("kk.btn.deck");
      case "exchange":
        return w("kk.btn.exchange", { cards: cards.map(cardName).join(w("kk.sep")) });
      case "end":
        return w("kk.btn.end");
      case "pass":
        return w("kk.btn.pass");
      default:
        return null;
    }
  },
  key(key) {
    if (COUNTRIES.includes(key)) return countryName(key);
    if (CARDS[key]) return cardName(key);
    if (/^[a-z]+-\d+$/.test(key)) return spaceName(key);
    return maybe(`view.${G}.${key}`);
  },
  value(key, v, names) {
    if (typeof v === "number") {
      const seatKey = ["start", "turn", "last_seat"].includes(key) || /^[a-z]+-\d+$/.test(key);
      return seatKey && v >= 0 ? names(v) : null;
    }
    if (key === "phase") return maybe(`kk.phase.${v}`);
    if (key === "turn_country") return countryName(v);
    if (key === "display" || key === "hand") return cardName(v);
    return null;
  },
};
