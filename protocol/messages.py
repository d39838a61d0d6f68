"""Every message of the wire protocol (protocol/README.md) as a msgspec Struct, tagged
on ``t``.

These Structs are the source of truth for the wire: the server decodes and encodes
with them, ``python -m protocol.codegen`` turns them into the client's TypeScript
types, and writes the message tables of protocol/README.md from their docstrings and
the ``doc(...)`` text of each field. Unknown fields are ignored so that a newer client
still talks to this server.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

PROTOCOL_VERSION = 1
SERVER_NAME = f"spieltisch/{PROTOCOL_VERSION}"
# The longest display name, in characters: one number for the server's check and the
# client's name box (exported to TypeScript), so that the box never takes a name the
# hall refuses.
NAME_MAX = 24
# The lobby's list: how many tables it shows unless asked, and at most.
LOBBY_DEFAULT = 100
LOBBY_MAX = 500
# The longest password of a private table, in characters (typed by people).
PASSWORD_MAX = 64
# An account's password, in characters.
ACCOUNT_PASSWORD_MIN = 8
ACCOUNT_PASSWORD_MAX = 256

Lang = Literal["ja", "en"]
Status = Literal["waiting", "playing", "finished"]


def doc(text: str) -> msgspec.Meta:
    """A field's meaning, for protocol/README.md; it constrains nothing on the wire."""
    return msgspec.Meta(description=text)


ROOM_ID = "The table's id (from `room_list`, or the `room` you got on `create`)."
TAG_DOC = (
    "A guest's tag: four characters that tell apart guests who share a name, the "
    'same for the same player wherever they are listed (see "Telling people '
    'apart"); null for an account holder, whose name is theirs alone, and for AI players.'
)


class _Client(msgspec.Struct, tag_field="t", kw_only=True):
    id: Annotated[
        int | None,
        doc(
            "Any integer the client picks. An `error` caused by this message carries it "
            "back as `ref`; `pong` echoes it; `ok` carries it back as `ref` when a message "
            "to a table was applied. An `act` sent again with the same `id`, `v` and "
            "`intent` is never applied twice."
        ),
    ] = None


# --- client -> server -------------------------------------------------------------


class Hello(_Client, tag="hello"):
    """Say who you are: the first message on a connection (only `ping` may come
    earlier). Answered by `welcome`; a second `hello` on the same connection is
    refused."""

    name: Annotated[
        str,
        doc(
            "Display name: non-printable characters are dropped, then 1 to "
            f"{NAME_MAX} characters (`NAME_MAX`). Refused with `bad_message` otherwise."
        ),
    ]
    token: Annotated[
        str | None,
        doc(
            "The token of an earlier `welcome`, to come back as that player with the same "
            "seats; null, or a token the hall no longer knows, starts a new session."
        ),
    ] = None
    lang: Annotated[Lang, doc("The player's language.")] = "en"
    password: Annotated[
        str | None,
        doc(
            "The hall's password, when the hall asks for one (`--hall-password`): "
            "without the right one, `hello` is refused with `hall_password`."
        ),
    ] = None
    compact: Annotated[
        str | None,
        doc(
            "The id of the string table the client decodes compact patches with "
            '(`STRINGS_ID`, see "Compact patches"): when it is the hall\'s own, this '
            "connection's `patch` messages come in compact form. MessagePack only; "
            "null (or another id) keeps them plain."
        ),
    ] = None


class Rooms(_Client, tag="rooms"):
    """Open the lobby, or change what it shows: answered by `room_list` at once, then,
    whenever tables change, by `room_changes` (when `changes` is true) or a new
    `room_list`, until this connection enters a table. The list is bounded: the newest
    `limit` tables that match `game` and `status`; `room_list.total` counts them all."""

    game: Annotated[str | None, doc("Only this game's tables; null for every game.")] = None
    status: Annotated[Status | None, doc("Only tables in this state; null for every state.")] = None
    limit: Annotated[int, doc(f"How many tables at most, 1 to {LOBBY_MAX}.")] = LOBBY_DEFAULT
    changes: Annotated[
        bool,
        doc(
            "Send updates as `room_changes` (only what changed) instead of the whole "
            "`room_list` each time."
        ),
    ] = False


class Create(_Client, tag="create"):
    """Open a new table. The sender becomes its host and sits in its first seat (seat
    0), so that adding AI players and starting need no `sit`; answered by `room`."""

    game: Annotated[str, doc("A game's name, as listed by `GET /api/games`.")]
    options: Annotated[
        dict[str, Any],
        doc("Options that differ from the game's defaults; the rest keep their default."),
    ] = {}


class Enter(_Client, tag="enter"):
    """Come to a table to watch it (or to come back to your seat). Answered by `room`,
    the table's recent chat (`chat_log`) when it has any, and, once the game has
    started, by the view: the patches after `v`, or a `snapshot`."""

    room: Annotated[str, doc(ROOM_ID)]
    v: Annotated[
        int | None,
        doc(
            "The last version of this table's view the client holds, when it comes back; "
            "null asks for a `snapshot`."
        ),
    ] = None
    key: Annotated[
        str | None,
        doc(
            "For a private table: its invitation secret (`room.invite`, the `key` of an "
            "invitation link) or its password. Its players and host need none."
        ),
    ] = None


class Sit(_Client, tag="sit"):
    """Take a seat before the start, entering the table first if need be. Sitting
    down elsewhere at the same table moves you; your own seat again changes nothing."""

    room: Annotated[str, doc(ROOM_ID)]
    seat: Annotated[
        int | None,
        doc(
            "The seat's index, from 0; null takes the first free seat, or keeps yours "
            "if you sit at this table already."
        ),
    ] = None


class Stand(_Client, tag="stand"):
    """Give your seat back before the start; you stay at the table, unseated."""

    room: Annotated[str, doc(ROOM_ID)]


class Option(_Client, tag="option"):
    """The host changes one of the table's options before the start."""

    room: Annotated[str, doc(ROOM_ID)]
    key: Annotated[str, doc("The option's name, as in `room.options`.")]
    value: Annotated[Any, doc("The new value; it must have the option's type.")] = None


class Bot(_Client, tag="bot"):
    """The host puts an AI player on an empty seat before the start; once the game
    runs, the host may hand the seat of a player who is away to the AI at once."""

    room: Annotated[str, doc(ROOM_ID)]
    seat: Annotated[
        int | None, doc("The seat's index, from 0; null takes the first free seat.")
    ] = None
    level: Annotated[
        str | None,
        doc(
            "How well it plays: `random`, `greedy` (the best-looking move one step "
            "ahead) or `strong` (a search over what its seat can see); null is `strong`. "
            "Another word is refused with `bad_option`."
        ),
    ] = None


class Start(_Client, tag="start"):
    """Start the game: the host may, seated, once enough seats are taken (anyone else
    is refused with `not_host`). Empty seats are dropped and the players renumbered
    from 0 in seat order."""

    room: Annotated[str, doc(ROOM_ID)]


class Act(_Client, tag="act"):
    """Make a move. An accepted move reaches every member as a `patch`; a refused
    one is answered by an `error` to the sender alone. With an `id`, the sender also
    gets `ok` once the move is applied, and the move is applied at most once: the same
    message sent again (the same `id`, `v` and `intent`, through any server process,
    e.g. after a dropped connection or an `unavailable`) is answered by `ok` with
    `again`, never applied twice. The table remembers the last 16 moves of each seat."""

    room: Annotated[str, doc(ROOM_ID)]
    v: Annotated[
        int,
        doc(
            "The version of the view the move was chosen on. The server judges the move "
            "against the table as it is now; it does not refuse a move for its `v`."
        ),
    ]
    intent: Annotated[
        dict[str, Any],
        doc(
            "The move: an entry of `view.legal`, sent back as it came. Its `t` names it; "
            "each game's README lists its intents."
        ),
    ]


class Chat(_Client, tag="chat"):
    """Say something at a table you are at; everyone there gets it as `chat`,
    the sender too."""

    room: Annotated[str, doc(ROOM_ID)]
    text: Annotated[str, doc("The line; non-printable characters are dropped, then it is trimmed.")]


class Resync(_Client, tag="resync"):
    """Ask for a fresh `snapshot` of a started table: after a gap in the versions,
    or a patch that does not apply. Enters the table first if need be."""

    room: Annotated[str, doc(ROOM_ID)]


class Resign(_Client, tag="resign"):
    """Give up a running game: the AI plays your seat to the end, and the table marks
    the seat as resigned. Only a seated player may; it cannot be taken back."""

    room: Annotated[str, doc(ROOM_ID)]


class Leave(_Client, tag="leave"):
    """Leave a table. Before the start this gives your seat back (and the host's role,
    to someone still there); once started, the seat stays yours. Nothing is sent back."""

    room: Annotated[str, doc(ROOM_ID)]


GAME_ID = "An archived game's id (from `history`, or a replay's link)."
HISTORY_MAX = 100  # games one `history` answer lists at most


class History(_Client, tag="history"):
    """Ask for finished games, newest first: answered by `history`."""

    mine: Annotated[
        bool, doc("Only the games this session's player played; false lists everyone's.")
    ] = False
    limit: Annotated[int, doc("How many games at most, 1 to 100.")] = 20


class Replay(_Client, tag="replay"):
    """Ask for a finished game move by move: answered by `replay`, or by an `error`
    `unknown_game`."""

    game: Annotated[str, doc(GAME_ID)]
    seat: Annotated[
        int | None,
        doc(
            "Whose view to replay, from 0: the game is over, so any seat's hidden parts "
            "(its hand) may be shown. Null replays it as a spectator saw it."
        ),
    ] = None


class Ping(_Client, tag="ping"):
    """Keep the connection alive; answered by `pong`. Allowed before `hello`."""


class Rematch(_Client, tag="rematch"):
    """At a finished table, play again (`/again`): a new table opens with the same game,
    options, clock, privacy and rating, its AI players at their levels in their seats,
    and the sender seated in theirs as its host; the other people's seats are kept for
    them (`room.kept`) until they sit (`sit` with `seat: null` takes the seat kept for
    you) or decline (`stand`). Everyone at the old table is told the new table's id in
    `room.rematch`. Answered by `ok`; a second `rematch` at the same table opens
    nothing more. Refused with `not_finished` or `not_seated` (only its players may)."""

    room: Annotated[str, doc(ROOM_ID)]
    rotate: Annotated[
        bool,
        doc("Rotate the seats: the second player starts, the first plays last."),
    ] = False


PASSWORD_DOC = (
    f"The account's password, {ACCOUNT_PASSWORD_MIN} to {ACCOUNT_PASSWORD_MAX} characters. "
    "The server keeps only a hash of it and never sends it back."
)


class Register(_Client, tag="register"):
    """Claim a name with a password (after `hello`): the account keeps your player id,
    so your seats and games stay yours, and you can sign in with it on any device.
    Answered by `welcome` with a new `token` and `account`; refused with `name_taken`
    or `bad_password`."""

    name: Annotated[str, doc("The name to claim, as `hello.name` takes it.")]
    password: Annotated[str, doc(PASSWORD_DOC)]


class Login(_Client, tag="login"):
    """Sign in to an account (after `hello`): this connection becomes the account's
    player, with its seats and games; what it had entered as a guest is left (enter
    again), and the guest's seats are given up as by `leave` (the guest's session ends:
    nobody comes back as it). Answered by `welcome` with a new `token` and `account`;
    refused with `bad_login` or `too_many_attempts`, a moment late."""

    name: Annotated[str, doc("The account's name, in any case or width.")]
    password: Annotated[str, doc(PASSWORD_DOC)]


class Logout(_Client, tag="logout"):
    """Sign out: the session's token stops working, and this connection is as before
    its `hello` (send `hello` again, as a guest, to go on). Answered by `signed_out`.
    A guest may send it too, to leave a shared device: a `hello` with the old token
    then makes a new guest, so nobody comes back as the old one, and the guest's seats
    are given up as by `leave` (an account's are kept for its next sign-in)."""

    everywhere: Annotated[
        bool,
        doc(
            "Sign out every session of the account, on every device: connections still "
            "open there hear `signed_out` with `elsewhere` at once."
        ),
    ] = False


class Password(_Client, tag="password"):
    """Change the signed-in account's password: every other session of the account is
    signed out (connections still open hear `signed_out` with `elsewhere`). Answered by `welcome` with a new `token`; refused with `bad_login`,
    `bad_password`, `too_many_attempts` or `not_signed_in`."""

    old: Annotated[str, doc("The password now.")]
    new: Annotated[str, doc(PASSWORD_DOC)]


class DeleteAccount(_Client, tag="delete_account"):
    """Delete the signed-in account: its name is free again, every session of it is
    signed out, its ratings leave the rankings, and in its finished games it is called
    "former player" (the games stay, for the other players). At a table that has not
    started its seat is free again; in a game under way its seat is called "former
    player" too, and the AI plays it to the end; so are the lines it said in the
    hall's chat and at open tables, as newcomers get them. Answered by `signed_out`
    (everywhere); refused with `bad_login`, `too_many_attempts` or `not_signed_in`."""

    password: Annotated[str, doc("The account's password, to be sure.")]


HALL_CHAT_KEEP = 100  # lines the hall's chat keeps, as a table's does
CHAT_MAX = 500  # the longest chat line, in characters, at a table and in the hall
PRESENT_EVERY = 1.0  # seconds: who is here is told at most this often


class Hall(_Client, tag="hall"):
    """Come to the hall's meeting place (or stop listening, with `on` false): answered
    by `hall_chat_log` (its recent chat) and `present` (everyone here now); then,
    until the connection closes, every line said in the hall as `hall_chat` and what
    changed in who is here as `present_changes`, at most once a second. A connection
    at a table may stay in the hall too (the browser does: it shows the watchers'
    names from it)."""

    on: Annotated[bool, doc("Listen (true), or stop listening (false).")] = True


class HallChat(_Client, tag="hall_chat"):
    """Say something in the hall: everyone listening (`hall`) gets it as `hall_chat`,
    the sender too when listening. The same limits as a table's `chat`, and at most 5 lines at once,
    then one a second (`rate_limited`); at a hall that asks for accounts a guest may
    read but not speak (`account_required`)."""

    text: Annotated[str, doc("The line; non-printable characters are dropped, then it is trimmed.")]


class Turns(_Client, tag="turns"):
    """Ask which tables wait for a move of yours: answered by `turns` at once, and by
    a new `turns` whenever that list changes, until the connection closes (or `on` is
    false). Only turn-based tables (`pace` `turn_based`) are listed."""

    on: Annotated[bool, doc("Listen (true), or stop listening (false).")] = True


PUSH_TOPICS = ("your_turn", "game_over")  # what a device may be told about, by Web Push
PUSH_DEVICES = 10  # subscriptions a player keeps; a newer one replaces the oldest


class PushKeys(msgspec.Struct, kw_only=True):
    """A push subscription's keys, as the browser's `PushSubscription.toJSON()` gives them."""

    p256dh: Annotated[
        str, doc("The device's P-256 public key, unpadded base64url (65 bytes, uncompressed).")
    ]
    auth: Annotated[str, doc("The device's authentication secret, unpadded base64url (16 bytes).")]


class PushSubscription(msgspec.Struct, kw_only=True):
    """Where and how to reach one device by Web Push (the browser's `PushSubscription`)."""

    endpoint: Annotated[str, doc("The push service's URL for this device (https).")]
    keys: Annotated[PushKeys, doc("The keys the hall encrypts each push with.")]


class PushKey(_Client, tag="push_key"):
    """Ask for the hall's public VAPID key, which the browser needs to subscribe this
    device to pushes. Answered by `push_key`."""


class PushSubscribe(_Client, tag="push_subscribe"):
    """Have this device told about the chosen topics by Web Push, even with every tab of
    the hall closed: a push when it becomes your turn at a table (`your_turn`) and when
    a game of yours ends (`game_over`). The subscription belongs to the player of the
    session (signed in or not); sent again with the same endpoint, it replaces the
    topics. A player keeps at most 10 devices (`PUSH_DEVICES`): an eleventh replaces the one
    subscribed longest ago. Answered by `push_topics`; refused with `bad_subscription`
    or `push_off`."""

    subscription: Annotated[PushSubscription, doc("The device's subscription.")]
    topics: Annotated[
        list[str],
        doc("What to be told about: any of `your_turn`, `game_over`; empty: nothing."),
    ]
    lang: Annotated[Lang, doc("The language the pushes are worded in.")] = "en"


class PushUnsubscribe(_Client, tag="push_unsubscribe"):
    """Stop pushes to a device of yours. Answered by `push_topics` with no topics, also
    when the hall had no such subscription."""

    endpoint: Annotated[str, doc("The device's `subscription.endpoint`.")]


ClientMessage = (
    Hello
    | Rooms
    | Create
    | Enter
    | Sit
    | Stand
    | Option
    | Bot
    | Start
    | Act
    | Chat
    | Resync
    | Resign
    | Leave
    | History
    | Replay
    | Ping
    | Rematch
    | Register
    | Login
    | Logout
    | Password
    | DeleteAccount
    | Hall
    | HallChat
    | Turns
    | PushKey
    | PushSubscribe
    | PushUnsubscribe
)


# --- server -> client -------------------------------------------------------------


class _Server(msgspec.Struct, tag_field="t", kw_only=True):
    pass


class Welcome(_Server, tag="welcome"):
    """The answer to `hello`: who you are in this hall."""

    token: Annotated[
        str,
        doc(
            "The session's secret: send it in the `hello` of a later connection to come "
            "back as the same player. Keep it to yourself."
        ),
    ]
    player: Annotated[
        str, doc("Your player id, public: it names you in `room.seats` and `room.host`.")
    ]
    name: Annotated[str, doc("Your display name as the hall keeps it.")]
    server: Annotated[str, doc("The server and the protocol version, `spieltisch/<version>`.")] = (
        SERVER_NAME
    )
    compact: Annotated[
        bool,
        doc("This connection's patches come in compact form (`hello.compact` was accepted)."),
    ] = False
    account: Annotated[
        str | None,
        doc(
            "The name of the account this session is signed in to; null for a guest. "
            "A signed-in player's display name is the account's."
        ),
    ] = None


class LobbySeat(msgspec.Struct, kw_only=True):
    """Who sits in a seat, in `room_list`."""

    player: Annotated[str, doc("The player's id (an AI's is `bot-<table>-<n>`).")]
    name: Annotated[str, doc("The display name.")]
    bot: Annotated[bool, doc("An AI player.")] = False
    level: Annotated[str | None, doc("An AI player's level; null for a person.")] = None
    left: Annotated[
        bool, doc("A person who left the running game: the AI plays their seat now.")
    ] = False


class RoomSummary(msgspec.Struct, kw_only=True):
    """One table in `room_list`."""

    room: Annotated[str, doc("The table's id.")]
    game: Annotated[str, doc("The game's name.")]
    status: Annotated[Status, doc("`waiting`, `playing` or `finished`.")]
    seats: Annotated[int, doc("How many seats the table has.")]
    seated: Annotated[int, doc("How many of them are taken, AI players included.")]
    watchers: Annotated[int, doc("How many people are at the table without a seat.")]
    options: Annotated[dict[str, Any], doc("Every option of the table, defaults included.")]
    players: Annotated[
        list[LobbySeat | None],
        doc("Who sits where, one entry per seat, null when empty (as in `room.seats`)."),
    ] = []
    host: Annotated[str | None, doc("The host's player id; null if none.")] = None
    host_name: Annotated[str | None, doc("The host's display name, when known.")] = None
    created: Annotated[float, doc("When the table was opened, in seconds since 1970 (UTC).")] = 0.0
    private: Annotated[
        bool,
        doc(
            "A private table: entered only with its invitation or password. The lobby "
            "shows no names for it (`players` empty, `host` and `host_name` null)."
        ),
    ] = False
    password: Annotated[bool, doc("A private table that also takes a password.")] = False


class RoomList(_Server, tag="room_list"):
    """The lobby's tables, sent after `rooms` and, without `changes`, whenever a table
    opens, changes or closes while this connection is in the lobby."""

    rooms: Annotated[
        list[RoomSummary],
        doc("The newest tables that match the lobby's filter, at most its `limit`."),
    ]
    total: Annotated[
        int, doc("How many tables match the filter, including those beyond `limit`.")
    ] = 0


class RoomChanges(_Server, tag="room_changes"):
    """What changed in the lobby since the last `room_list` or `room_changes`, for a
    connection that asked for `changes`. Apply `gone`, then `rooms`, and keep the
    list ordered by `created`, the newest first."""

    rooms: Annotated[
        list[RoomSummary], doc("Tables new to the list, or changed: each replaces its old entry.")
    ]
    gone: Annotated[list[str], doc("Ids of tables no longer in the list.")] = []
    total: Annotated[int, doc("How many tables match the filter now.")] = 0


class SeatInfo(msgspec.Struct, kw_only=True):
    """Who sits in a seat, in `room.seats`."""

    player: Annotated[str, doc("The player's id (an AI's is `bot-<table>-<n>`).")]
    name: Annotated[str, doc("The display name (an AI's is `AI <n>`).")]
    bot: Annotated[bool, doc("An AI player, played by the server.")]
    online: Annotated[bool, doc("The player is at the table now; AI players always are.")]
    level: Annotated[
        str | None,
        doc("An AI player's level: `random`, `greedy` or `strong`; null for a person."),
    ] = None
    thinking: Annotated[
        bool, doc("The AI player is choosing its move now (a strong one may take a second).")
    ] = False
    away_since: Annotated[
        float | None,
        doc(
            "A person who has lost every connection to a running game: since when (Unix "
            "seconds). Null while they are here, and for AI players."
        ),
    ] = None
    standin: Annotated[
        bool,
        doc(
            "The AI plays this person's seat now: they were away on their turn for longer "
            "than the table's grace, the host handed the seat over, or they resigned. A "
            "returning player takes over again at their next decision (unless resigned)."
        ),
    ] = False
    resigned: Annotated[bool, doc("The player resigned; the AI plays the seat to the end.")] = False
    left: Annotated[
        bool,
        doc(
            "The person left the running game on purpose (`leave`): the AI took the seat at "
            "once. They take it back if they come back to the table."
        ),
    ] = False
    ai_moves: Annotated[
        int,
        doc(
            "How many moves of this game the AI has made for this person (stand-in, time "
            "run out, resigned or left); 0 for AI players."
        ),
    ] = 0
    clock: Annotated[
        float | None,
        doc(
            "At a table with a turn clock: the seconds left in this seat's bank when the "
            "message was made; null without a clock."
        ),
    ] = None
    clock_running: Annotated[
        bool, doc("The seat's clock is running now (it is on turn): count `clock` down.")
    ] = False


class Room(_Server, tag="room"):
    """A table's settings and who is there: sent to a member on entering, and to
    every member on every change of seats, options, host, status or presence. It may
    repeat unchanged."""

    room: Annotated[str, doc("The table's id.")]
    game: Annotated[str, doc("The game's name.")]
    options: Annotated[dict[str, Any], doc("Every option of the table, defaults included.")]
    status: Annotated[
        Status,
        doc("`waiting` (seats and options may change), `playing` or `finished`."),
    ]
    host: Annotated[
        str | None,
        doc(
            "The host's player id: who may set options and add AI players; null if none "
            "(then the next person to enter the waiting table becomes its host)."
        ),
    ]
    seats: Annotated[
        list[SeatInfo | None],
        doc(
            "One entry per seat, null when empty. While waiting: the game's largest "
            "table; from the start: only the players, renumbered from 0."
        ),
    ]
    you: Annotated[int | None, doc("Your seat's index, or null if you have none.")]
    watchers: Annotated[int, doc("How many people are at the table without a seat.")]
    private: Annotated[
        bool,
        doc("The table is private: only its players and those with its invitation enter."),
    ] = False
    invite: Annotated[
        str | None,
        doc(
            "A private table's invitation secret, told only to those at the table: an "
            "invitation link carries it, and `enter` takes it as `key`."
        ),
    ] = None
    password: Annotated[bool, doc("The private table also takes a password.")] = False
    kept: Annotated[
        list[KeptSeat | None],
        doc(
            "While waiting, at a table opened by `rematch`: for each seat, the player it "
            "is kept for (until they sit or `stand`), or null. Empty otherwise."
        ),
    ] = []
    rematch: Annotated[
        str | None,
        doc("At a finished table: the id of the table its players opened to play again."),
    ] = None
    ai_log: Annotated[
        list[list[int]],
        doc(
            "Ranges `[start, end)` of entries in your view's `log` (by index from the "
            "first entry) that the AI wrote while playing a person's seat (a stand-in, a "
            "clock run out, a player who left or resigned): mark them as the AI's."
        ),
    ] = []
    abandoned: Annotated[
        bool,
        doc(
            "A finished table whose game was abandoned: every person at it left or "
            "resigned (or stayed away for the hall's wait) before the end. No result."
        ),
    ] = False


class KeptSeat(msgspec.Struct, kw_only=True):
    """A seat kept for a player of the game before, in `room.kept`."""

    player: Annotated[str, doc("Their player id.")]
    name: Annotated[str, doc("Their name.")]


class Snapshot(_Server, tag="snapshot"):
    """Your audience's whole view of a started table at version `v`; it replaces
    whatever view of the table you held."""

    room: Annotated[str, doc("The table's id.")]
    v: Annotated[int, doc("The view's version: 0 at the start, one more per accepted move.")]
    view: Annotated[dict[str, Any], doc('The view (see "The view").')]


class Patch(_Server, tag="patch"):
    """The change of your audience's view from version `v - 1` to `v`."""

    room: Annotated[str, doc("The table's id.")]
    v: Annotated[int, doc("The version this patch makes.")]
    ops: Annotated[
        list[Any],
        doc('Operations to apply in order (see "Patches"); empty when nothing you see changed.'),
    ]


class ChatLine(_Server, tag="chat"):
    """A chat line at a table you are at."""

    room: Annotated[str, doc("The table's id.")]
    from_: Annotated[str, doc("The speaker's display name.")] = msgspec.field(name="from")
    text: Annotated[str, doc("The line, cleaned as described for the client's `chat`.")]
    at: Annotated[float, doc("When the hall received it, in seconds since 1970 (UTC).")]
    player: Annotated[
        str | None,
        doc("The speaker's player id; null for a line kept from before lines named it."),
    ] = None
    account: Annotated[bool, doc("The speaker is signed in to an account of this name.")] = False
    tag: Annotated[str | None, doc(TAG_DOC)] = None


class ChatEntry(msgspec.Struct, kw_only=True):
    """One line of a table's recent chat, in `chat_log`: as it came in `chat`."""

    from_: Annotated[str, doc("The speaker's display name.")] = msgspec.field(name="from")
    text: Annotated[str, doc("The line, cleaned as described for the client's `chat`.")]
    at: Annotated[float, doc("When the hall received it, in seconds since 1970 (UTC).")]
    player: Annotated[
        str | None,
        doc("The speaker's player id; null for a line kept from before lines named it."),
    ] = None
    account: Annotated[bool, doc("The speaker is signed in to an account of this name.")] = False
    tag: Annotated[str | None, doc(TAG_DOC)] = None


class ChatLog(_Server, tag="chat_log"):
    """The table's recent chat, so that someone who arrives, reloads or comes back
    after a dropped connection has the conversation: sent after `room` (and before the
    view) on every `enter` (and `sit`, `resync` or `create` that enters) when the table has any chat.
    It holds every line the table still keeps and replaces whatever lines the client
    holds for the table. A line said while the client entered may come both in it and
    as a `chat` just before or after it (same `from`, `text` and `at`): show it once.
    A client may ignore this message."""

    room: Annotated[str, doc("The table's id.")]
    lines: Annotated[list[ChatEntry], doc("The table's last 100 chat lines at most, oldest first.")]


class HallChatLine(_Server, tag="hall_chat", kw_only=True):
    """A line said in the hall, to everyone listening (`hall`)."""

    player: Annotated[str, doc("The speaker's player id.")]
    from_: Annotated[str, doc("The speaker's display name.")] = msgspec.field(name="from")
    account: Annotated[bool, doc("The speaker is signed in to an account of this name.")]
    tag: Annotated[str | None, doc(TAG_DOC)] = None
    text: Annotated[str, doc("The line, cleaned as described for the client's `hall_chat`.")]
    at: Annotated[float, doc("When the hall received it, in seconds since 1970 (UTC).")]


class HallChatEntry(msgspec.Struct, kw_only=True):
    """One line of the hall's recent chat, in `hall_chat_log`: as it came in `hall_chat`."""

    player: Annotated[str, doc("The speaker's player id.")]
    from_: Annotated[str, doc("The speaker's display name.")] = msgspec.field(name="from")
    account: Annotated[bool, doc("The speaker is signed in to an account of this name.")]
    tag: Annotated[str | None, doc(TAG_DOC)] = None
    text: Annotated[str, doc("The line.")]
    at: Annotated[float, doc("When the hall received it, in seconds since 1970 (UTC).")]


class HallChatLog(_Server, tag="hall_chat_log"):
    """The hall's recent chat, sent on `hall` (also when empty). It replaces whatever
    lines the client holds; a line said meanwhile may come both in it and as a
    `hall_chat` (same `player`, `text` and `at`): show it once."""

    lines: Annotated[
        list[HallChatEntry],
        doc(f"The hall's last {HALL_CHAT_KEEP} chat lines at most, oldest first."),
    ]


class Place(msgspec.Struct, kw_only=True):
    """A table someone is at, in `present`."""

    room: Annotated[str, doc("The table's id.")]
    game: Annotated[str, doc("The game's name.")]
    seated: Annotated[bool, doc("They sit at it (false: they watch).")]


class Person(msgspec.Struct, kw_only=True):
    """Someone in the hall now (one entry per player, however many connections)."""

    player: Annotated[str, doc("Their player id.")]
    name: Annotated[str, doc("Their display name.")]
    account: Annotated[bool, doc("Signed in to an account of this name.")]
    tag: Annotated[str | None, doc(TAG_DOC)] = None
    places: Annotated[
        list[Place],
        doc(
            "The tables they sit at or watch, private tables left out (nobody outside "
            "a private table learns who is at it)."
        ),
    ] = []


class Present(_Server, tag="present"):
    """Who is in the hall now, sent on `hall`: everyone connected who has said hello."""

    people: Annotated[list[Person], doc("Everyone here, in no particular order.")]


class PresentChanges(_Server, tag="present_changes"):
    """What changed in who is here since the last `present` or `present_changes`:
    sent at most once a second, and only when something changed. Apply `gone`, then
    `people`."""

    people: Annotated[
        list[Person], doc("People new to the hall, or changed: each replaces their old entry.")
    ]
    gone: Annotated[list[str], doc("Player ids of people no longer here.")] = []


class Error(_Server, tag="error"):
    """A message was refused; it changed nothing."""

    ref: Annotated[
        int | None,
        doc("The `id` of the refused message; null if it had none or could not be read."),
    ]
    code: Annotated[str, doc('A stable code to switch on (see "Error codes").')]
    message: Annotated[
        str, doc("The reason in English, for a person; seats are counted from 1 in it.")
    ]
    args: Annotated[
        dict[str, Any],
        doc(
            "The values a client may word the reason with in its own language, e.g. "
            '`{"seat": 9, "seats": 6}` for a seat that does not exist (seats counted '
            'from 1, as people count them; "Error codes" lists them). Empty when the '
            "code says it all."
        ),
    ] = {}


class Ok(_Server, tag="ok"):
    """A message to a table that carried an `id` (`sit`, `stand`, `option`, `bot`,
    `start`, `act`, `resign`) was applied: sent to its sender alone, after what it
    changed (the `room`, the move's `patch`). Every such message gets exactly one
    answer, this or an `error` with the same `ref`, within a few seconds, even while its
    table moves from one server process to another. A client may ignore it."""

    ref: Annotated[int, doc("The `id` of the applied message.")]
    room: Annotated[str, doc("The table's id.")]
    v: Annotated[
        int | None,
        doc(
            "For `act`: the version its move made (the `patch` with this `v` is the "
            "move); null for the other messages."
        ),
    ] = None
    again: Annotated[
        bool,
        doc(
            "The message repeats an `act` applied before (the same `id`, `v` and "
            "`intent`): nothing was applied now; `v` is the version the move made then."
        ),
    ] = False


class PlayerResult(msgspec.Struct, kw_only=True):
    """One seat of a finished game, in `history` and `replay`."""

    player: Annotated[str, doc("The player's id (an AI's is `bot-<table>-<n>`).")]
    name: Annotated[str, doc("The display name the player had in that game.")]
    bot: Annotated[bool, doc("An AI player.")]
    level: Annotated[str | None, doc("An AI player's level; null for a person.")] = None
    resigned: Annotated[bool, doc("The player resigned; the AI finished the game.")] = False
    account: Annotated[
        bool,
        doc(
            "In `history` and `replay`: the player is an account holder now (false: a "
            "guest, an AI)."
        ),
    ] = False
    tag: Annotated[str | None, doc("In `history` and `replay`: " + TAG_DOC)] = None
    score: Annotated[int, doc("The final score (in an abandoned game: the score when it stopped).")]
    rank: Annotated[
        int, doc("The place, 1 = best; tied seats share a place. 0 in an abandoned game.")
    ]
    left: Annotated[bool, doc("The person left the game; the AI played their seat.")] = False
    ai_finished: Annotated[
        bool,
        doc(
            "A person's seat the AI was playing when the game ended (they resigned, left, "
            "or were away): the AI finished it for them."
        ),
    ] = False
    ai_moves: Annotated[int, doc("How many of this person's moves the AI made.")] = 0


class GameSummary(msgspec.Struct, kw_only=True):
    """A finished game, in `history` and `replay`."""

    id: Annotated[str, doc("The archived game's id.")]
    game: Annotated[str, doc("The game's name.")]
    options: Annotated[dict[str, Any], doc("Every option the game was played with.")]
    players: Annotated[list[PlayerResult], doc("One entry per seat, in seat order.")]
    moves: Annotated[int, doc("How many moves the game took.")]
    started: Annotated[float, doc("When the game started, in seconds since 1970 (UTC).")]
    ended: Annotated[float, doc("When it ended, in seconds since 1970 (UTC).")]
    private: Annotated[
        bool,
        doc("Played at a private table: listed only to its players (in their `history`)."),
    ] = False
    abandoned: Annotated[
        bool,
        doc(
            "Every person left or resigned before the end: the game stopped where it was. "
            "It has no winner, and is not rated."
        ),
    ] = False


class HistoryList(_Server, tag="history"):
    """The answer to `history`: finished games, newest first."""

    games: Annotated[list[GameSummary], doc("The games, newest first.")]
    mine: Annotated[bool, doc("Whether only your own games were asked for.")]


class ReplayData(_Server, tag="replay"):
    """The answer to `replay`: a finished game's views from its start to its end, one
    audience's, rebuilt by the server from the archived log. The view at move `k` is
    `view` with `patches[0]` to `patches[k - 1]` applied in order."""

    summary: Annotated[GameSummary, doc("The game.")]
    seat: Annotated[int | None, doc("Whose view this is; null for a spectator's.")]
    view: Annotated[dict[str, Any], doc("The view at the start (move 0).")]
    patches: Annotated[
        list[list[Any]], doc('Per move, the operations that make its view (see "Patches").')
    ]
    by_ai: Annotated[
        list[int],
        doc("The moves (numbered from 1) the AI made for a person: a stand-in, a clock run out."),
    ] = []
    ai_log: Annotated[
        list[list[int]],
        doc("Ranges `[start, end)` of the view's `log` that those moves wrote (as `room.ai_log`)."),
    ] = []


class SignedOut(_Server, tag="signed_out"):
    """The answer to `logout` (and to `delete_account`), and what every other connection
    of the account hears when it is signed out everywhere: the session's token no longer
    works, and this connection waits for a new `hello`."""

    everywhere: Annotated[bool, doc("Every session of the account was signed out.")]
    elsewhere: Annotated[
        bool,
        doc(
            "Not this connection's asking: another device of the account signed out "
            "everywhere, changed the password or deleted the account, or whoever runs "
            "the hall set a new password (`python -m server.admin`). Every connection "
            "signed in under the old password or before the sign-out hears it at once."
        ),
    ] = False


class Pong(_Server, tag="pong"):
    """The answer to `ping`."""

    id: Annotated[int | None, doc("The `id` of the `ping`.")] = None


class TurnRoom(msgspec.Struct, kw_only=True):
    """A table waiting for your move, in `turns`."""

    room: Annotated[str, doc("The table's id.")]
    game: Annotated[str, doc("The game's name.")]
    deadline: Annotated[
        float,
        doc(
            "When your time for this move runs out, in seconds since 1970 (UTC); then "
            "the table's `out_of_time` applies."
        ),
    ]
    since: Annotated[float, doc("When it became your move, in seconds since 1970 (UTC).")]
    opponents: Annotated[
        list[str], doc("The display names in the table's other seats, in seat order.")
    ] = []


class TurnList(_Server, tag="turns"):
    """The tables waiting for a move of yours, after `turns` and whenever the list
    changes (at most a couple of times a second)."""

    rooms: Annotated[
        list[TurnRoom], doc("The tables, the one whose move has waited longest first.")
    ]


class PushKeyAnswer(_Server, tag="push_key"):
    """The answer to `push_key`: the hall's public VAPID key."""

    key: Annotated[
        str | None,
        doc(
            "The key, unpadded base64url (the browser's `applicationServerKey`); null when "
            "the hall sends no pushes."
        ),
    ]


class PushTopics(_Server, tag="push_topics"):
    """The answer to `push_subscribe` and `push_unsubscribe`: what the device is told
    about now."""

    endpoint: Annotated[str, doc("The device's `subscription.endpoint`.")]
    topics: Annotated[list[str], doc("Its topics; empty when it is told nothing.")]


ServerMessage = (
    Welcome
    | RoomList
    | RoomChanges
    | Room
    | Snapshot
    | Patch
    | ChatLine
    | ChatLog
    | HistoryList
    | ReplayData
    | Error
    | Ok
    | SignedOut
    | Pong
    | HallChatLine
    | HallChatLog
    | Present
    | PresentChanges
    | TurnList
    | PushKeyAnswer
    | PushTopics
)

CLIENT_MESSAGES: tuple[type[msgspec.Struct], ...] = ClientMessage.__args__  # type: ignore[attr-defined]
SERVER_MESSAGES: tuple[type[msgspec.Struct], ...] = ServerMessage.__args__  # type: ignore[attr-defined]
# Shapes nested in server messages; each gets a table of its own in protocol/README.md.
NESTED: tuple[type[msgspec.Struct], ...] = (
    RoomSummary,
    LobbySeat,
    SeatInfo,
    KeptSeat,
    ChatEntry,
    HallChatEntry,
    Person,
    Place,
    GameSummary,
    PlayerResult,
    TurnRoom,
    PushSubscription,
    PushKeys,
)

# The hub's stable error codes (protocol/README.md); games add their own for refused
# intents. `internal_error` (a bug on the server's side) is not among them: it is in
# ERROR_MEANINGS below, but no client can count on provoking it.
ERROR_CODES = (
    "bad_message",
    "too_large",
    "rate_limited",
    "unknown_room",
    "not_seated",
    "not_host",
    "seat_taken",
    "room_full",
    "not_enough_players",
    "already_started",
    "not_started",
    "unknown_option",
    "bad_option",
    "not_your_turn",
    "game_over",
    "unavailable",
    "unknown_game",
    "too_many_tables",
    "private_table",
    "hall_password",
    "name_taken",
    "name_registered",
    "bad_password",
    "bad_login",
    "too_many_attempts",
    "not_signed_in",
    "account_required",
    "not_finished",
    "bad_subscription",
    "push_off",
)

# What each of the hub's codes means and when it is sent, for protocol/README.md.
ERROR_MEANINGS: dict[str, str] = {
    "bad_message": (
        "The frame is not a message of this protocol (not MessagePack or JSON, an unknown "
        "`t`, a field missing or of the wrong type), or the message makes no sense: "
        "anything but `hello` or `ping` before `hello`, a second `hello`, an unusable "
        "name, an unknown game in `create`, a seat that does not exist, an intent that "
        "is none of the game's shapes, an empty chat line."
    ),
    "too_large": "A frame over the frame limit, or a chat line over the chat limit.",
    "rate_limited": (
        "The connection sends faster than its rate limit; the frame was dropped. Or "
        "`hall_chat` faster than the hall's chat allows (5 lines at once, then one a second)."
    ),
    "unknown_room": (
        "No table has that id (it never did, or it has closed); or `chat` at a table "
        "you have not entered."
    ),
    "not_seated": "`stand` or `start` without a seat; `act` by someone watching.",
    "not_host": "`option`, `bot` or `start` from someone who is not the table's host.",
    "seat_taken": "`sit` or `bot` on a seat someone else holds.",
    "room_full": "`sit` or `bot` without a seat number when every seat is taken.",
    "not_enough_players": "`start` with fewer players seated than the game needs.",
    "already_started": "`sit`, `stand`, `option`, `bot` or `start` once the game has started.",
    "not_started": "`act` or `resync` before the game has started.",
    "unknown_option": "`create` or `option` names an option the game does not have.",
    "bad_option": (
        "`create` or `option` gives an option a value of the wrong type; or, at `start`, "
        "the game refuses its options with this many players (a game's own checks "
        "of the values run then)."
    ),
    "not_your_turn": "`act` from a seat that may not act now (not in `view.active`).",
    "game_over": "`act` once the game is over.",
    "unavailable": (
        "Only with several server processes: the storage they share cannot be reached, "
        "or the table is moving to another process (a message to it waited 2 seconds, "
        "`--answer-within`, for the table's new owner). Nothing was changed: send the "
        "message again; an `act` sent again with the same `id` is never applied twice."
    ),
    "unknown_game": "`replay` of a game the hall has not archived (a wrong id, or not finished).",
    "too_many_tables": (
        "`create` from someone who already hosts as many tables waiting for players as "
        "the hall allows (5 by default, `--open-tables`), or from an address whose "
        "visitors host as many as one address may (20 by default, "
        "`--open-tables-per-address`); `args.tables` is the limit."
    ),
    "private_table": (
        "`enter` (or `sit`, `resync`) at a private table without its invitation secret "
        "or password, or with a wrong one; `args.password` says whether it takes a "
        "password. Nothing of the table is sent."
    ),
    "hall_password": (
        "`hello` without the hall's password, or with a wrong one, at a hall that asks "
        "for one. Send `hello` again with `password`; after 5 wrong ones the connection "
        "is closed."
    ),
    "name_taken": "`register` with a name that an account has already (in any case or width).",
    "name_registered": (
        "`hello` as a guest with the name of an account (in any case or width): sign in "
        "with `login` instead, or choose another name. `args.name` is the name."
    ),
    "bad_password": (
        "`register` or `password` with a new password that is too short or too long; "
        "`args.min` and `args.max` are the bounds."
    ),
    "bad_login": (
        "`login` or `password` with a name and password that match no account. The "
        "answer comes a moment late; failed tries are counted."
    ),
    "too_many_attempts": (
        "`login` or `password` after too many failed tries for that account from this "
        "address or from everywhere, or from this address over all names: wait "
        "`args.minutes` minutes. The connection is unharmed."
    ),
    "not_signed_in": "`password` from a guest.",
    "account_required": (
        "The hall asks for an account to play (`--accounts required`): a guest may "
        "watch (and read the hall's chat), but `create`, `sit`, `chat` and `hall_chat` need "
        "`register` or `login` first."
    ),
    "not_finished": "`rematch` at a table whose game is not over.",
    "bad_subscription": (
        "`push_subscribe` with a subscription the hall cannot use: its endpoint is not an "
        "https URL of a push service, its keys are not a P-256 public key (65 bytes) and "
        "a 16-byte secret in base64url, or a topic is none of `your_turn`, `game_over` "
        "(`args.topic` names it)."
    ),
    "push_off": "`push_subscribe` at a hall that sends no pushes (`--no-push`).",
    "internal_error": "The server failed on this message (a bug); nothing was changed.",
}
