// Japanese and English. Keys are stable identifiers; `{name}` placeholders are
// filled from args. Game log entries use the key `log.<game>.<code>` first, then
// `log.<code>`, then a readable fallback, so a new code never shows as blank.

import { signal } from "./signal";

export type Lang = "ja" | "en";

type Dict = Record<string, string>;

const en: Dict = {
  "app.title": "Spieltisch",
  "app.tagline": "Board games at the table, in the browser",
  "conn.connecting": "connecting…",
  "conn.open": "online",
  "conn.reconnecting": "reconnecting…",
  "conn.offline": "offline",
  "name.prompt": "Choose a name to sit at the tables",
  "name.label": "Name",
  "name.go": "Enter the hall",
  "name.change": "change name",
  "name.change_hint": "{name}: click to change your name",
  "name.edit": "Change your name",
  "name.retry": "Choose another name",
  "name.hint": "Up to {max} characters; the others at a table see it.",
  "name.save": "Use this name",
  "name.cancel": "Cancel",
  "notice.dismiss": "Dismiss",
  "lang.switch": "日本語",
  "lobby.tables": "Tables",
  "lobby.none": "No tables yet. Open one!",
  "lobby.open": "Open a table",
  "lobby.game": "Game",
  "lobby.status": "Status",
  "lobby.seats": "Seats",
  "lobby.watchers": "Watchers",
  "lobby.options": "Options",
  "lobby.enter": "Enter",
  "lobby.create": "Open table",
  "lobby.no_games": "No games are available.",
  "options.value": "{option}: {value}",
  "options.yes_no": "yes or no",
  "options.range": "a whole number from {min} to {max}",
  "options.either": "{some} or {last}",
  "options.comma": ", ",
  "options.text": "a text",
  "lobby.players": "Players",
  "lobby.host": "host",
  "lobby.you": "you",
  "lobby.nobody": "nobody yet",
  "lobby.opened": "opened {when}",
  "lobby.running": "Your game of {game} is running.",
  "lobby.return": "Return to your game",
  "status.waiting": "waiting",
  "status.playing": "playing",
  "status.finished": "finished",
  "table.back": "← Hall",
  "table.players": "Players",
  "table.seat": "Seat {n}",
  "table.empty": "empty seat",
  "table.bot": "AI",
  "table.thinking": "thinking",
  "table.thinking_hint": "This AI player is choosing its move.",
  "level.random": "random",
  "level.random.hint": "Plays any legal move at random: the easiest.",
  "level.greedy": "greedy",
  "level.greedy.hint": "Takes the best-looking move, looking one step ahead.",
  "level.strong": "strong",
  "level.strong.hint": "Searches ahead before each move: the strongest, and the default. May take a second or so.",
  "presence.here": "here",
  "presence.here_hint": "{name} is at the table.",
  "presence.gone": "not here",
  "presence.gone_hint": "{name} is not at the table now.",
  "presence.away_moment": "away for <1 min",
  "presence.away_min": "away for {n} min",
  "presence.away_h": "away for {n} h",
  "presence.away_hint": "{name} has left the running game. Should their turn come and they stay away past the table's grace, the AI stands in until they are back.",
  "presence.standin": "AI stands in",
  "presence.standin_hint": "The AI plays {name}'s seat for now; they take over at their next decision when they are back.",
  "presence.standin_away_hint": "{name} has been {away}: the AI plays their seat until they are back.",
  "presence.resigned": "resigned",
  "presence.resigned_hint": "{name} resigned: the AI plays this seat to the end.",
  "table.resigned_you": "You resigned: the AI plays your seat to the end.",
  "table.offline_turn": "Connection lost — reconnecting… No moves can be made until it is back.",
  "presence.unknown": "not known",
  "presence.unknown_hint": "You are offline: whether {name} is at the table is known again once you are back.",
  "table.host": "host",
  "table.you": "you",
  "table.spectator": "Spectator",
  "table.watchers": "{n} watching",
  "table.log": "Game log",
  "table.chat": "Chat",
  "table.chat_placeholder": "Chat, or /join /start /option fluss /bot /stand /leave",
  "table.send": "Send",
  "table.options": "Options",
  "table.tools": "Game tools",
  "table.result": "Result",
  "table.rank": "{rank}.",
  "table.points": "{n} pts",
  "table.breakdown": "Points by category",
  "table.breakdown_total": "Total",
  "breakdown.carcassonne.roads": "Roads",
  "breakdown.carcassonne.cities": "Cities",
  "breakdown.carcassonne.cloisters": "Cloisters",
  "breakdown.carcassonne.fairy": "Fairy",
  "breakdown.carcassonne.roads_final": "Roads (final scoring)",
  "breakdown.carcassonne.cities_final": "Cities (final scoring)",
  "breakdown.carcassonne.cloisters_final": "Cloisters (final scoring)",
  "breakdown.carcassonne.farms": "Farms",
  "breakdown.carcassonne.king": "King",
  "breakdown.carcassonne.robber": "Robber Baron",
  "breakdown.carcassonne.goods": "Goods",
  "breakdown.stone_age.huts": "Huts",
  "breakdown.stone_age.card_points": "Card points",
  "breakdown.stone_age.hunger": "Hunger",
  "breakdown.stone_age.culture": "Culture sets",
  "breakdown.stone_age.farmer": "Farmers × fields",
  "breakdown.stone_age.tool_maker": "Tool makers × tools",
  "breakdown.stone_age.hut_builder": "Hut builders × huts",
  "breakdown.stone_age.shaman": "Shamans × people",
  "breakdown.stone_age.resources": "Resources left",
  "breakdown.alhambra.buildings_1": "1st scoring: buildings",
  "breakdown.alhambra.wall_1": "1st scoring: wall",
  "breakdown.alhambra.buildings_2": "2nd scoring: buildings",
  "breakdown.alhambra.wall_2": "2nd scoring: wall",
  "breakdown.alhambra.buildings_3": "3rd scoring: buildings",
  "breakdown.alhambra.wall_3": "3rd scoring: wall",
  "breakdown.kingsburg.buildings": "Buildings",
  "breakdown.kingsburg.advisors": "Advisors",
  "breakdown.kingsburg.battles": "Battles",
  "breakdown.kingsburg.other": "King's reward and buildings' gifts",
  "breakdown.kardinal.interim": "Interim scoring",
  "breakdown.kardinal.cloisters": "Final scoring: cloisters",
  "breakdown.kardinal.alliances": "Final scoring: cardinals",
  "breakdown.kardinal.chains": "Final scoring: chains",
  "table.waiting_for": "Waiting for {names}",
  "table.your_turn": "Your turn!",
  "table.not_started": "The game has not started. Sit down and start when enough players are seated.",
  "table.loading": "Loading the table…",
  "table.seated": "{n} seated; this game is for {min} to {max} players.",
  "table.game_over": "The game is over.",
  "table.winner": "{names} won!",
  "history.all": "Recent games",
  "history.mine": "My games",
  "history.refresh": "Refresh",
  "history.loading": "Loading the finished games…",
  "history.none": "No finished games yet.",
  "history.none_mine": "You have not finished a game here yet.",
  "history.moves": "{n} moves",
  "history.winner": "won",
  "history.replay": "Replay",
  "history.replay_hint": "Watch this game again, move by move",
  "history.just_now": "just now",
  "history.min_ago": "{n} min ago",
  "history.h_ago": "{n} h ago",
  "history.ended": "Ended {when}",
  "replay.title": "Replay",
  "replay.back": "← Back to the lobby",
  "replay.loading": "Loading the game…",
  "replay.unknown": "There is no finished game “{id}” in the archive. The link may be wrong, or the game is not over yet.",
  "replay.broken": "This game's record cannot be read at move {k}.",
  "replay.move": "Move {k} of {n}",
  "replay.slider": "Move",
  "replay.first": "To the start (Home)",
  "replay.back_one": "One move back (←)",
  "replay.forward": "One move forward (→)",
  "replay.last": "To the end (End)",
  "replay.show_as": "Show as",
  "replay.spectator": "spectator",
  "replay.seat_hint": "The game as {name} saw it, with their hand",
  "replay.showing": "shown",
  "replay.final_hint": "Place and score at the end of the game",
  "replay.now_hint": "Score at this move",
  "replay.download": "Download record (JSON)",
  "replay.copy": "Copy link",
  "replay.copied": "Link copied",
  "replay.copy_failed": "Copy the address from the address bar",
  "err.unknown_game": "There is no finished game with that id.",
  "err.too_many_tables": "You already host as many open tables as the hall allows; start or leave one first.",
  "err.too_many_tables.tables": "You already host {tables} tables waiting for players; start or leave one first.",
  "tool.join": "Sit (/join)",
  "tool.stand": "Stand (/stand)",
  "tool.bot": "Add AI (/bot)",
  "tool.bot_level": "AI level",
  "tool.start": "Start (/start)",
  "tool.leave": "Leave (/leave)",
  "tool.resync": "Reload view",
  "tool.resign": "Resign (/resign)",
  "tool.resign_confirm": "Give up this game? The AI plays your seat to the end.",
  "tool.resign_yes": "Yes, resign",
  "tool.resign_no": "Keep playing",
  "tool.hand_to_ai": "Let the AI play",
  "tool.hand_to_ai_hint": "{name} is away: the AI plays seat {n} from now on, until they are back (/bot {n}).",
  "clock.label": "Turn clock",
  "clock.none": "none",
  "clock.seconds": "{s} s",
  "clock.other": "other…",
  "clock.field": "Seconds per move (0.1 to 3600)",
  "clock.unit": "s / move",
  "clock.per_move": "clock {s} s / move",
  "clock.choice_hint": "Each player has a bank of time: two moves' worth at the start, one move's worth more each turn (up to three). It runs down on their turn; when it is empty the AI makes that move and the player plays on. The clocks stop while every player is away.",
  "clock.running_hint": "{name}: {left} left, running down.",
  "clock.stopped_hint": "{name}: {left} left (stopped).",
  "presence.standin_clock_hint": "{name}'s time ran out: the AI makes this move, then they play on.",
  "cmd.clock_usage": "Usage: /option clock SECONDS per move (0 for none, or 0.1 to 3600), e.g. /option clock 60",
  "err.bad_option.clock_max": "The clock is 0 (none) or {clock_min} to {clock_max} seconds per move.",
  "generic.legal": "Your moves",
  "generic.view": "Game state",
  "generic.no_moves": "Nothing to do right now.",
  "cmd.unknown": "Unknown command /{cmd}. Commands: {list}",
  "cmd.no_table": "{cmd} works at a table only.",
  "cmd.bad_seat": "“{value}” is not a seat number (1, 2, …).",
  "cmd.option_usage": "Usage: /option NAME [VALUE], e.g. /option fluss",
  "cmd.unknown_option": "This game has no option “{key}”. Options: {list}",
  "cmd.option_needs_value": "/option {key} needs a value (now {value}).",
  "cmd.bot_usage": "Usage: /bot [seat] [level], e.g. /bot 2 greedy; levels: random, greedy, strong.",
  "cmd.resign_usage": "Usage: /resign (nothing after it): you give up the running game and the AI plays your seat to the end.",
  "cmd.help": "Commands: /join [seat], /stand, /start, /option NAME [VALUE] (/option clock 60: a turn clock of 60 s per move), /bot [seat] [level] (random, greedy, strong; during a game /bot SEAT lets the AI play an away player's seat), /resign, /leave. Anything else is chat.",
  "err.bad_message": "The server did not understand that.",
  "err.bad_message.seats": "There is no seat {seat}; seats are 1 to {seats}.",
  "err.bad_message.name_max": "A name is 1 to {name_max} characters, and not only spaces.",
  "err.bad_message.game": "There is no game “{game}”.",
  "err.bad_message.away_seats": "Name the seat of a player who is away, 1 to {away_seats}: /bot SEAT.",
  "err.bad_message.resigned": "You have already resigned.",
  "err.too_large": "That message is too large.",
  "err.too_large.bytes": "That message is too large: at most {bytes} bytes.",
  "err.rate_limited": "Slow down a little.",
  "err.unknown_room": "That table does not exist (any more).",
  "err.not_seated": "You are not seated at this table.",
  "err.not_host": "Only the host can do that.",
  "err.seat_taken": "That seat is taken.",
  "err.seat_taken.seat": "Seat {seat} is taken.",
  "err.seat_taken.name": "Seat {seat} is taken by {name}.",
  "err.seat_taken.player": "{player} is here and plays seat {seat} themselves.",
  "err.seat_taken.ai_seat": "The AI already plays seat {ai_seat}.",
  "err.room_full": "The table is full.",
  "err.not_enough_players": "Not enough players to start.",
  "err.not_enough_players.min": "This game needs at least {min} players; {seated} seated.",
  "err.already_started": "The game has already started.",
  "err.not_started": "The game has not started yet.",
  "err.unknown_option": "Unknown option.",
  "err.bad_option": "That option value is not allowed.",
  "err.bad_option.level": "There is no AI level “{level}”. Levels: {levels}",
  "err.bad_option.allowed": "“{label}” takes {allowed}.",
  "err.not_your_turn": "It is not your turn.",
  "err.game_over": "The game is over.",
  "err.unavailable": "The server is busy; try again.",
  "err.internal_error": "The server failed on that; nothing was changed.",
  "err.illegal_placement": "The tile cannot be placed there.",
  "err.illegal_meeple": "A follower cannot be placed there.",
  "err.wrong_phase": "Not now: this move belongs to another step of the turn.",
  "err.bad_intent": "The game does not know that move.",
  "err.cannot_afford": "You cannot afford that.",
  "err.bad_payment": "That payment does not fit.",
  "err.no_pieces_left": "You have no pieces left for that.",
  "err.cannot_pass": "You cannot pass now.",
  "err.must_act": "You have to make a move first.",
  "err.space_taken": "That space is taken.",
  "metric.patch": "patch {ms} ms",
  "log.game_started": "The game started.",
  "log.game_over": "The game is over.",
  "log.turn": "{player}'s turn.",
  "log.score": "{player} scores {points}.",
  "log.pass": "{player} passes.",
  "list.sep": ", ",
  "list.last": " and ",
  "n.points.one": "1 point",
  "n.points": "{n} points",
  "carc.tiles_left": "Tiles left: {n}",
  "carc.rotate_left": "Rotate left",
  "carc.rotate_right": "Rotate right",
  "carc.skip": "No follower",
  "carc.drawn": "Drawn tile",
  "carc.place_hint": "Rotate the tile and click a highlighted square.",
  "carc.meeple_hint": "Click a white square to place a follower, or ✕ to skip.",
  "carc.wait": "{player} is placing a tile.",
  "carc.zoom": "Zoom",
  "carc.zoom_all": "Show the whole board (A)",
  "carc.zoom_n": "Zoom level {n}",
  "carc.followers": "followers",
  "carc.no_spot": "This rotation fits nowhere; try another.",
  "carc.removed": "Removed (fitted nowhere)",
  "game.carcassonne": "Carcassonne",
  "game.stone_age": "Stone Age",
  "game.alhambra": "Alhambra",
  "game.kingsburg": "Kingsburg",
  "game.kardinal": "Kardinal & König",
};

const ja: Dict = {
  "app.title": "Spieltisch",
  "app.tagline": "ブラウザで遊ぶボードゲームのテーブル",
  "conn.connecting": "接続中…",
  "conn.open": "オンライン",
  "conn.reconnecting": "再接続中…",
  "conn.offline": "オフライン",
  "name.prompt": "テーブルに着く名前を決めてください",
  "name.label": "名前",
  "name.go": "ホールに入る",
  "name.change": "名前を変更",
  "name.change_hint": "{name}：クリックすると名前を変更できます",
  "name.edit": "名前を変更",
  "name.retry": "別の名前を決めてください",
  "name.hint": "{max}文字まで。同じテーブルの人に表示されます。",
  "name.save": "この名前にする",
  "name.cancel": "キャンセル",
  "notice.dismiss": "閉じる",
  "lang.switch": "English",
  "lobby.tables": "テーブル一覧",
  "lobby.none": "テーブルはまだありません。作ってみましょう！",
  "lobby.open": "テーブルを作る",
  "lobby.game": "ゲーム",
  "lobby.status": "状態",
  "lobby.seats": "席",
  "lobby.watchers": "観戦",
  "lobby.options": "オプション",
  "lobby.enter": "入る",
  "lobby.create": "テーブルを作る",
  "lobby.no_games": "遊べるゲームがありません。",
  "options.value": "{option}：{value}",
  "options.yes_no": "はい・いいえ",
  "options.range": "{min}〜{max}の整数",
  "options.either": "{some}、{last}のどれか",
  "options.comma": "、",
  "options.text": "文字列",
  "lobby.players": "プレイヤー",
  "lobby.host": "ホスト",
  "lobby.you": "あなた",
  "lobby.nobody": "まだ誰もいません",
  "lobby.opened": "作成: {when}",
  "lobby.running": "あなたの{game}が進行中です。",
  "lobby.return": "ゲームに戻る",
  "status.waiting": "募集中",
  "status.playing": "プレイ中",
  "status.finished": "終了",
  "table.back": "← ホール",
  "table.players": "プレイヤー",
  "table.seat": "{n}番席",
  "table.empty": "空席",
  "table.bot": "AI",
  "table.thinking": "考え中",
  "table.thinking_hint": "このAIが手を考えています。",
  "level.random": "ランダム",
  "level.random.hint": "合法手から無作為に選びます。いちばん弱い相手です。",
  "level.greedy": "貪欲",
  "level.greedy.hint": "一手先だけを読み、いちばん良さそうな手を選びます。",
  "level.strong": "強い",
  "level.strong.hint": "先を探索してから手を選びます。いちばん強く、既定の強さです。1手に1秒ほどかかることがあります。",
  "presence.here": "在席",
  "presence.here_hint": "{name}さんはテーブルにいます。",
  "presence.gone": "不在",
  "presence.gone_hint": "{name}さんは今テーブルにいません。",
  "presence.away_moment": "離席中（1分未満）",
  "presence.away_min": "離席中（{n}分）",
  "presence.away_h": "離席中（{n}時間）",
  "presence.away_hint": "{name}さんは対局中のテーブルを離れています。手番が来て猶予時間を過ぎても戻らなければ、戻るまでAIが代わりに打ちます。",
  "presence.standin": "AI代行中",
  "presence.standin_hint": "今は{name}さんの席をAIが打っています。戻れば次の判断から本人が打ちます。",
  "presence.standin_away_hint": "{name}さんは{away}：戻るまでAIがこの席を打ちます。",
  "presence.resigned": "投了",
  "presence.resigned_hint": "{name}さんは投了しました。最後までAIがこの席を打ちます。",
  "table.resigned_you": "投了しました。最後まであなたの席はAIが打ちます。",
  "table.offline_turn": "接続が切れました。再接続中… つながるまで手は打てません。",
  "presence.unknown": "不明",
  "presence.unknown_hint": "あなたがオフラインのため、{name}さんがテーブルにいるかは再接続まで分かりません。",
  "table.host": "ホスト",
  "table.you": "あなた",
  "table.spectator": "観戦者",
  "table.watchers": "{n}人が観戦中",
  "table.log": "ゲームログ",
  "table.chat": "チャット",
  "table.chat_placeholder": "チャット、または /join /start /option fluss /bot /stand /leave",
  "table.send": "送信",
  "table.options": "オプション",
  "table.tools": "ゲームツール",
  "table.result": "結果",
  "table.rank": "{rank}位",
  "table.points": "{n}点",
  "table.breakdown": "得点の内訳",
  "table.breakdown_total": "合計",
  "breakdown.carcassonne.roads": "道",
  "breakdown.carcassonne.cities": "都市",
  "breakdown.carcassonne.cloisters": "修道院",
  "breakdown.carcassonne.fairy": "妖精",
  "breakdown.carcassonne.roads_final": "道（最終得点）",
  "breakdown.carcassonne.cities_final": "都市（最終得点）",
  "breakdown.carcassonne.cloisters_final": "修道院（最終得点）",
  "breakdown.carcassonne.farms": "草原",
  "breakdown.carcassonne.king": "王",
  "breakdown.carcassonne.robber": "斥候",
  "breakdown.carcassonne.goods": "交易品",
  "breakdown.stone_age.huts": "小屋",
  "breakdown.stone_age.card_points": "カードの得点",
  "breakdown.stone_age.hunger": "飢え",
  "breakdown.stone_age.culture": "文化セット",
  "breakdown.stone_age.farmer": "農夫 × 農業",
  "breakdown.stone_age.tool_maker": "道具職人 × 道具",
  "breakdown.stone_age.hut_builder": "小屋職人 × 小屋",
  "breakdown.stone_age.shaman": "シャーマン × 人数",
  "breakdown.stone_age.resources": "残りの資源",
  "breakdown.alhambra.buildings_1": "第1得点計算：建物",
  "breakdown.alhambra.wall_1": "第1得点計算：城壁",
  "breakdown.alhambra.buildings_2": "第2得点計算：建物",
  "breakdown.alhambra.wall_2": "第2得点計算：城壁",
  "breakdown.alhambra.buildings_3": "第3得点計算：建物",
  "breakdown.alhambra.wall_3": "第3得点計算：城壁",
  "breakdown.kingsburg.buildings": "建物",
  "breakdown.kingsburg.advisors": "助言者",
  "breakdown.kingsburg.battles": "戦い",
  "breakdown.kingsburg.other": "王の褒賞と建物の効果",
  "breakdown.kardinal.interim": "中間得点計算",
  "breakdown.kardinal.cloisters": "最終得点計算：修道院",
  "breakdown.kardinal.alliances": "最終得点計算：枢機卿",
  "breakdown.kardinal.chains": "最終得点計算：連鎖",
  "table.waiting_for": "{names}の手番です",
  "table.your_turn": "あなたの手番です！",
  "table.not_started": "ゲームはまだ始まっていません。席に着き、人数が揃ったら開始してください。",
  "table.loading": "テーブルを読み込み中…",
  "table.seated": "現在{n}人が着席中。このゲームは{min}〜{max}人用です。",
  "table.game_over": "ゲーム終了です。",
  "table.winner": "{names}の勝ちです！",
  "history.all": "最近の対局",
  "history.mine": "自分の対局",
  "history.refresh": "更新",
  "history.loading": "終わった対局を読み込み中…",
  "history.none": "終わった対局はまだありません。",
  "history.none_mine": "ここで最後まで遊んだ対局はまだありません。",
  "history.moves": "{n}手",
  "history.winner": "勝ち",
  "history.replay": "再生",
  "history.replay_hint": "この対局を1手ずつ見直す",
  "history.just_now": "たった今",
  "history.min_ago": "{n}分前",
  "history.h_ago": "{n}時間前",
  "history.ended": "{when}に終了",
  "replay.title": "再生",
  "replay.back": "← ロビーに戻る",
  "replay.loading": "対局を読み込み中…",
  "replay.unknown": "「{id}」という終わった対局は記録にありません。リンクが間違っているか、まだ対局中です。",
  "replay.broken": "この対局の記録は{k}手目が読めません。",
  "replay.move": "{k}手目 / 全{n}手",
  "replay.slider": "手数",
  "replay.first": "最初へ (Home)",
  "replay.back_one": "1手戻る (←)",
  "replay.forward": "1手進む (→)",
  "replay.last": "最後へ (End)",
  "replay.show_as": "視点",
  "replay.spectator": "観戦者",
  "replay.seat_hint": "{name}から見た対局（手札も表示）",
  "replay.showing": "表示中",
  "replay.final_hint": "対局終了時の順位と得点",
  "replay.now_hint": "この手の時点の得点",
  "replay.download": "棋譜をダウンロード (JSON)",
  "replay.copy": "リンクをコピー",
  "replay.copied": "リンクをコピーしました",
  "replay.copy_failed": "アドレスバーからコピーしてください",
  "err.unknown_game": "そのIDの終わった対局はありません。",
  "err.too_many_tables": "募集中のテーブルをこれ以上作れません。どれかを始めるか、離れてください。",
  "err.too_many_tables.tables": "募集中のテーブルはすでに{tables}つあります。どれかを始めるか、離れてください。",
  "tool.join": "参加 (/join)",
  "tool.stand": "席を立つ (/stand)",
  "tool.bot": "AIを追加 (/bot)",
  "tool.bot_level": "AIの強さ",
  "tool.start": "開始 (/start)",
  "tool.leave": "退出 (/leave)",
  "tool.resync": "表示を更新",
  "tool.resign": "投了 (/resign)",
  "tool.resign_confirm": "このゲームを投了しますか？最後まであなたの席はAIが打ちます。",
  "tool.resign_yes": "投了する",
  "tool.resign_no": "続ける",
  "tool.hand_to_ai": "AIに任せる",
  "tool.hand_to_ai_hint": "{name}さんは離席中です。戻るまで{n}番席をAIが打ちます（/bot {n}）。",
  "clock.label": "持ち時間",
  "clock.none": "なし",
  "clock.seconds": "{s}秒",
  "clock.other": "その他…",
  "clock.field": "1手あたりの秒数（0.1〜3600）",
  "clock.unit": "秒／手",
  "clock.per_move": "持ち時間 1手{s}秒",
  "clock.choice_hint": "各プレイヤーは持ち時間を持ちます。開始時は2手分、手番ごとに1手分が加わります（最大3手分）。自分の手番の間だけ減り、なくなるとその手はAIが指し、その後は本人が続けます。全員が離席している間は時計が止まります。",
  "clock.running_hint": "{name}：残り{left}（進行中）",
  "clock.stopped_hint": "{name}：残り{left}（停止中）",
  "presence.standin_clock_hint": "{name}さんの持ち時間が切れました。この手はAIが指し、その後は本人が続けます。",
  "cmd.clock_usage": "使い方: /option clock 1手あたりの秒数（0でなし、または0.1〜3600）　例: /option clock 60",
  "err.bad_option.clock_max": "持ち時間は0（なし）か、1手あたり{clock_min}〜{clock_max}秒です。",
  "generic.legal": "選べる手",
  "generic.view": "ゲームの状態",
  "generic.no_moves": "今はできることがありません。",
  "cmd.unknown": "/{cmd} というコマンドはありません。コマンド: {list}",
  "cmd.no_table": "{cmd} はテーブルでのみ使えます。",
  "cmd.bad_seat": "「{value}」は席番号ではありません（1, 2, …）。",
  "cmd.option_usage": "使い方: /option 名前 [値]　例: /option fluss",
  "cmd.unknown_option": "このゲームに「{key}」というオプションはありません。オプション: {list}",
  "cmd.option_needs_value": "/option {key} には値が必要です（現在 {value}）。",
  "cmd.bot_usage": "使い方: /bot [席] [強さ]　例: /bot 2 greedy　強さ: random（ランダム）, greedy（貪欲）, strong（強い）",
  "cmd.resign_usage": "使い方: /resign（後ろに何も付けません）：対局中のゲームを投了し、最後まであなたの席はAIが打ちます。",
  "cmd.help": "コマンド: /join [席], /stand, /start, /option 名前 [値]（/option clock 60 で1手60秒の持ち時間）, /bot [席] [強さ]（random, greedy, strong。対局中は /bot 席 で離席中の人の席をAIに任せます）, /resign（投了）, /leave。それ以外はチャットになります。",
  "err.bad_message": "サーバーがメッセージを理解できませんでした。",
  "err.bad_message.seats": "{seat}番席はありません。席は1〜{seats}番です。",
  "err.bad_message.name_max": "名前は1〜{name_max}文字で、空白だけにはできません。",
  "err.bad_message.game": "「{game}」というゲームはありません。",
  "err.bad_message.away_seats": "離席中のプレイヤーの席番号（1〜{away_seats}）を指定してください: /bot 席",
  "err.bad_message.resigned": "すでに投了しています。",
  "err.too_large": "メッセージが大きすぎます。",
  "err.too_large.bytes": "メッセージが大きすぎます（最大{bytes}バイト）。",
  "err.rate_limited": "少し待ってから操作してください。",
  "err.unknown_room": "そのテーブルは存在しません。",
  "err.not_seated": "このテーブルの席に着いていません。",
  "err.not_host": "ホストだけができる操作です。",
  "err.seat_taken": "その席はふさがっています。",
  "err.seat_taken.seat": "{seat}番席はふさがっています。",
  "err.seat_taken.name": "{seat}番席には{name}さんが座っています。",
  "err.seat_taken.player": "{player}さんは在席中で、{seat}番席を自分で打っています。",
  "err.seat_taken.ai_seat": "{ai_seat}番席はすでにAIが打っています。",
  "err.room_full": "テーブルは満席です。",
  "err.not_enough_players": "開始するには人数が足りません。",
  "err.not_enough_players.min": "このゲームには{min}人以上必要です（現在{seated}人が着席中）。",
  "err.already_started": "ゲームはすでに始まっています。",
  "err.not_started": "ゲームはまだ始まっていません。",
  "err.unknown_option": "不明なオプションです。",
  "err.bad_option": "そのオプションの値は使えません。",
  "err.bad_option.level": "「{level}」というAIの強さはありません。強さ: {levels}",
  "err.bad_option.allowed": "「{label}」は{allowed}です。",
  "err.not_your_turn": "あなたの手番ではありません。",
  "err.game_over": "ゲームは終了しています。",
  "err.unavailable": "サーバーが混み合っています。もう一度お試しください。",
  "err.internal_error": "サーバーで問題が起きました。何も変更されていません。",
  "err.illegal_placement": "そこにはタイルを置けません。",
  "err.illegal_meeple": "そこには部下を置けません。",
  "err.wrong_phase": "今はその操作はできません（手番の別の段階の操作です）。",
  "err.bad_intent": "ゲームが知らない操作です。",
  "err.cannot_afford": "支払いが足りません。",
  "err.bad_payment": "その支払いは合いません。",
  "err.no_pieces_left": "そのためのコマが残っていません。",
  "err.cannot_pass": "今はパスできません。",
  "err.must_act": "先に手を指してください。",
  "err.space_taken": "その場所はふさがっています。",
  "metric.patch": "パッチ {ms} ms",
  "log.game_started": "ゲームが始まりました。",
  "log.game_over": "ゲームが終了しました。",
  "log.turn": "{player}の手番です。",
  "log.score": "{player}が{points}点を獲得。",
  "log.pass": "{player}はパスしました。",
  "list.sep": "、",
  "list.last": "、",
  "n.points.one": "1点",
  "n.points": "{n}点",
  "carc.tiles_left": "残りタイル: {n}枚",
  "carc.rotate_left": "左に回転",
  "carc.rotate_right": "右に回転",
  "carc.skip": "部下を置かない",
  "carc.drawn": "引いたタイル",
  "carc.place_hint": "タイルを回転させ、光っているマスをクリックしてください。",
  "carc.meeple_hint": "白い■をクリックして部下を置くか、✕で置かずに終わります。",
  "carc.wait": "{player}がタイルを置いています。",
  "carc.zoom": "ズーム",
  "carc.zoom_all": "全体表示 (A)",
  "carc.zoom_n": "拡大 {n}",
  "carc.followers": "部下",
  "carc.no_spot": "この向きでは置ける場所がありません。回転させてください。",
  "carc.removed": "除外されたタイル（置ける場所なし）",
  "game.carcassonne": "カルカソンヌ",
  "game.stone_age": "ストーンエイジ",
  "game.alhambra": "アルハンブラ",
  "game.kingsburg": "キングスブルグ",
  "game.kardinal": "枢機卿と王",
};

export const dictionaries: Record<Lang, Dict> = { en, ja };

export function defaultLang(): Lang {
  try {
    const stored = localStorage.getItem("spieltisch.lang");
    if (stored === "ja" || stored === "en") return stored;
  } catch {
    /* no storage */
  }
  const langs = typeof navigator !== "undefined" ? navigator.languages ?? [navigator.language] : [];
  for (const l of langs) {
    if (l?.toLowerCase().startsWith("ja")) return "ja";
    if (l?.toLowerCase().startsWith("en")) return "en";
  }
  return "en";
}

export const lang = signal<Lang>(typeof window === "undefined" ? "en" : defaultLang());

export function setLang(l: Lang): void {
  try {
    localStorage.setItem("spieltisch.lang", l);
  } catch {
    /* no storage */
  }
  lang.set(l);
}

export function fill(template: string, args: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in args ? String(args[k]) : m));
}

export function translate(l: Lang, key: string, args: Record<string, unknown> = {}): string {
  const template = dictionaries[l][key] ?? dictionaries.en[key];
  return template === undefined ? key : fill(template, args);
}

export function t(key: string, args: Record<string, unknown> = {}): string {
  return translate(lang.get(), key, args);
}

export function has(key: string): boolean {
  return key in dictionaries[lang.get()] || key in dictionaries.en;
}

/** A count with its noun: `key.one` for 1 where the language has it ("1 soldier"),
 * else `key` ("2 soldiers"; Japanese has only `key`, "兵士2人"). `{n}` is the count. */
export function plural(key: string, n: unknown, args: Record<string, unknown> = {}): string {
  const one = `${key}.one`;
  const k = Number(n) === 1 && one in dictionaries[lang.get()] ? one : key;
  return t(k, { ...args, n });
}

/** "Ada, Ben and Cleo" / "Ada、Ben、Cleo". */
export function listText(items: string[]): string {
  if (items.length < 2) return items.join("");
  return items.slice(0, -1).join(t("list.sep")) + t("list.last") + items[items.length - 1];
}

/** Add keys (a game's log codes, say) to both languages. */
export function extend(extra: Record<Lang, Dict>): void {
  Object.assign(en, extra.en);
  Object.assign(ja, extra.ja);
}

type ArgFormat = (
  code: string,
  args: Record<string, unknown>,
  names: (seat: number) => string,
) => Record<string, unknown> | null;
const argFormats: Record<string, ArgFormat> = {};

/** A game's own words for log args that are not plain (coins, payments, dice):
 * given the entry's raw args, it returns the placeholders to fill in or replace. */
export function logArgs(game: string, format: ArgFormat): void {
  argFormats[game] = format;
}

/** A game's log entry in the current language. `names` turns seat numbers in
 * `seat`/`player` args into names. */
export function logLine(
  game: string,
  entry: { code: string; args?: Record<string, unknown> },
  names: (seat: number) => string,
): string {
  const args: Record<string, unknown> = { ...(entry.args ?? {}) };
  for (const k of ["seat", "player", "by", "winner"]) {
    if (typeof args[k] === "number") args[k] = names(args[k] as number);
  }
  const oneSeat = Array.isArray(args.seats) && args.seats.length === 1;
  if (Array.isArray(args.seats)) args.seats = listText((args.seats as number[]).map(names));
  const plain = { ...args };
  if (args.player === undefined && args.seat !== undefined) args.player = args.seat;
  // Word-valued args (a feature kind, say) are translated too: `val.<game>.<arg>.<value>`.
  for (const [k, v] of Object.entries(args)) {
    if (typeof v === "string" && has(`val.${game}.${k}.${v}`)) args[k] = t(`val.${game}.${k}.${v}`);
  }
  Object.assign(args, argFormats[game]?.(entry.code, { ...(entry.args ?? {}) }, names) ?? {});
  for (const key of [`log.${game}.${entry.code}`, `log.${entry.code}`]) {
    if (!has(key)) continue;
    // A line about one seat of a `seats` list may have its own words ("Ada scores", not "score").
    const k = oneSeat && has(`${key}.one`) ? `${key}.one` : key;
    return sentence(template(k) ?? "", t(k, args));
  }
  const words = entry.code.replace(/_/g, " ");
  const rest = Object.entries(plain)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
  return rest ? `${words} (${rest})` : words;
}

function template(key: string): string | undefined {
  return dictionaries[lang.get()][key] ?? dictionaries.en[key];
}

/** An English log line starts with a capital letter ("A 'France' card is turned face
 * up."), unless it starts with a person's name, which stays as its owner spells it. */
function sentence(words: string, line: string): string {
  if (lang.get() !== "en" || /^\{(player|seat|seats|by|winner|start|last|victim)\}/.test(words)) return line;
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** A refusal (`error`) in the reader's language. The server words its reason in
 * English and gives the values in it as `args`; a refusal that names a value has its
 * own sentence, `err.<code>.<arg>` (when several fit, the one that uses the most of
 * the args). Else the code's sentence, `err.<code>`; English readers get the server's
 * own then, which is English already and may say more. The server's message alone
 * only for a code this client has no words for. */
export function errorText(code: string, message: string, args: Record<string, unknown> = {}): string {
  const base = `err.${code}`;
  let best: string | null = null;
  let most = -1;
  for (const arg of Object.keys(args)) {
    const words = template(`${base}.${arg}`);
    if (words === undefined) continue;
    const holes = [...words.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (holes.every((h) => h in args) && holes.length > most) {
      best = `${base}.${arg}`;
      most = holes.length;
    }
  }
  if (best !== null) return t(best, args);
  if (!has(base)) return message || code;
  return lang.get() === "en" && message ? message : t(base);
}

export function gameName(name: string): string {
  const key = `game.${name}`;
  return has(key) ? t(key) : name.replace(/_/g, " ");
}

