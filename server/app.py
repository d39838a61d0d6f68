"""The Starlette application: the websocket hub at /ws, the client app at /, and a
few plain HTTP endpoints (health, metrics, the game list, game catalogues, archived
games' records)."""

from __future__ import annotations

import contextlib
import functools
import hmac
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from protocol import compact
from server import archive, games, wire
from server.accounts import Account, name_key
from server.broker import Broker, BrokerUnavailable, make_broker
from server.connection import Connection
from server.control import serve as serve_control
from server.games.described import describe
from server.hall import Hall
from server.limits import Limits

log = logging.getLogger("spieltisch.hub")

CLIENT_DIST = Path(__file__).resolve().parent.parent / "client" / "dist"

_NOT_BUILT = """<!doctype html><meta charset="utf-8"><title>spieltisch</title>
<p>The browser client is not built. Run <code>make run</code> from the project root,
or connect any websocket client to <code>/ws</code> (see protocol/README.md).</p>"""


def create_app(
    redis_url: str | None = None,
    limits: Limits | None = None,
    broker: Broker | None = None,
    client_dist: Path | None = CLIENT_DIST,
    redis_cluster_url: str | None = None,
    control: Path | None = None,
) -> Starlette:
    """``control``: where to listen for `python -m server.admin` (server/control.py),
    for a hall that keeps its data directory and holds it."""
    limits = limits or Limits()
    hall_box: list[Hall] = []  # the hall, once the app has started

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        b = broker if broker is not None else make_broker(redis_url, redis_cluster_url)
        hall = Hall(b, limits=limits)
        await hall.start()
        hall_box.append(hall)
        app.state.hall = hall
        admin = None
        if control is not None:
            try:
                admin = await serve_control(control, hall.signin)
            except OSError as e:
                # A path too long for a Unix socket (108 bytes), a file system without
                # them: the hall runs on, and `server.admin` says to stop it first.
                log.warning("no control socket at %s (%s)", control, e)
        try:
            yield
        finally:
            if admin is not None and control is not None:
                admin.close()
                control.unlink(missing_ok=True)
            await hall.close()
            await b.close()

    async def ws_endpoint(websocket: WebSocket) -> None:
        hall = hall_box[0]
        await websocket.accept()
        conn = Connection(websocket, hall.metrics, limits.send_queue, limits.rate, limits.burst)
        hall.connect(conn)
        try:
            while not conn.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                data = message.get("bytes")
                if data is None:
                    data = message.get("text")
                if data is not None:
                    await hall.receive(conn, data)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await hall.disconnect(conn)

    async def healthz(request: Request) -> Response:
        return PlainTextResponse("ok\n")

    async def metrics(request: Request) -> Response:
        return PlainTextResponse(
            hall_box[0].metrics.render(), media_type="text/plain; version=0.0.4"
        )

    async def game_list(request: Request) -> Response:
        out = []
        for name in games.names():
            g = games.get(name)
            out.append(
                {
                    "name": name,
                    "min_seats": g.min_seats,
                    "max_seats": g.max_seats,
                    "options": msgspec.to_builtins(g.Options()),
                    "described": msgspec.to_builtins(describe(g.Options)),
                }
            )
        return JSONResponse(out)

    async def catalogue(request: Request) -> Response:
        try:
            data = games.get(request.path_params["name"]).catalogue()
        except KeyError:
            data = None
        if data is None:
            return PlainTextResponse("no such catalogue\n", status_code=404)
        return Response(
            msgspec.json.encode(data),
            media_type="application/json",
            headers={"Cache-Control": "public, max-age=3600"},
        )

    async def strings(request: Request) -> Response:
        """The string table of compact patches (protocol/README.md, "Compact patches")."""
        return Response(
            msgspec.json.encode({"id": compact.ID, "strings": compact.STRINGS}),
            media_type="application/json",
            headers={"Cache-Control": "public, max-age=3600"},
        )

    def locked(request: Request) -> Response | None:
        """The refusal of a request without the hall's password, at a hall that has one."""
        password = limits.hall_password
        if not password:
            return None
        given = request.query_params.get("password") or request.headers.get("x-hall-password", "")
        if hmac.compare_digest(given.encode(), password.encode()):
            return None
        return PlainTextResponse(
            "this hall asks for its password: ?password=...\n", status_code=401
        )

    async def signed_in(request: Request) -> Account | None:
        """The account of the session named by ``Authorization: Bearer TOKEN``."""
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token:
            return None
        found = await hall_box[0].sessions.find(token.strip())
        return None if found is None else found[1]

    async def leaderboard(request: Request) -> Response:
        """A game's ranking, best first (README: "Ratings and rankings")."""
        refused = locked(request)
        if refused is not None:
            return refused
        try:
            board = await hall_box[0].profiles.leaderboard(request.path_params["game"])
        except BrokerUnavailable:
            return PlainTextResponse("the hall's storage is unreachable\n", status_code=503)
        if board is None:
            return PlainTextResponse("no such game\n", status_code=404)
        return JSONResponse(board)

    async def player(request: Request) -> Response:
        """A signed-in player's profile; their own, private games included, with their token."""
        refused = locked(request)
        if refused is not None:
            return refused
        name = request.path_params["name"]
        try:
            me = await signed_in(request)
            own = me is not None and name_key(me.name) == name_key(name)
            profile = await hall_box[0].profiles.profile(name, own)
        except BrokerUnavailable:
            return PlainTextResponse("the hall's storage is unreachable\n", status_code=503)
        if profile is None:
            return PlainTextResponse("no account has this name\n", status_code=404)
        return JSONResponse(profile)

    async def export(request: Request) -> Response:
        """Everything the hall keeps of a player, to that player alone."""
        refused = locked(request)
        if refused is not None:
            return refused
        try:
            me = await signed_in(request)
            if me is None or name_key(me.name) != name_key(request.path_params["name"]):
                return PlainTextResponse(
                    "sign in as this player: Authorization: Bearer TOKEN\n", status_code=403
                )
            data = await hall_box[0].profiles.export(me)
        except BrokerUnavailable:
            return PlainTextResponse("the hall's storage is unreachable\n", status_code=503)
        return Response(
            msgspec.json.encode(data),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="spieltisch-{me.player}.json"'},
        )

    async def archived_game(request: Request) -> Response:
        """A finished game's record, to download (protocol/README.md, "Archived games")."""
        game_id = request.path_params["game_id"]
        refused = locked(request)
        if refused is not None:
            return refused
        try:
            raw = await hall_box[0].broker.archived(game_id)
        except BrokerUnavailable:
            return PlainTextResponse("the hall's storage is unreachable\n", status_code=503)
        if raw is None:
            return PlainTextResponse(f"no finished game {game_id}\n", status_code=404)
        record = archive.decode_record(raw)
        return Response(
            archive.to_json(record),
            media_type="application/json",
            headers={
                "Content-Disposition": (f'attachment; filename="{record.game}-{record.id}.json"')
            },
        )

    async def not_built(request: Request) -> Response:
        return HTMLResponse(_NOT_BUILT)

    routes = [
        WebSocketRoute("/ws", ws_endpoint),
        Route("/healthz", healthz),
        Route("/metrics", metrics),
        Route("/api/games", game_list),
        Route("/api/strings.json", strings),
        Route("/games/{name}/catalogue.json", catalogue),
        Route("/api/archive/{game_id:str}.json", archived_game),
        Route("/api/leaderboard/{game:str}", leaderboard),
        Route("/api/players/{name:str}/export", export),
        Route("/api/players/{name:str}", player),
    ]
    if client_dist is not None and (client_dist / "index.html").exists():
        routes.append(Mount("/", StaticFiles(directory=client_dist, html=True), name="client"))
    else:
        routes.append(Route("/", not_built))

    def unwatched() -> None:
        # A connection whose transport's cycle the collector will have to find.
        if hall_box:
            hall_box[0].metrics.cycles_left += 1

    return _Exposing(unwatched, routes=routes, lifespan=lifespan)


class _Exposing(Starlette):
    """Starlette, with `wire.Exposed` outside its middleware: it must see the server's
    own `send` for HTTP requests too."""

    def __init__(self, unwatched: Callable[[], None], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._exposed = wire.Exposed(functools.partial(Starlette.__call__, self), unwatched)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._exposed(scope, receive, send)
