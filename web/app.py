"""The Starlette application of `atout serve`: the page and its JSON API.

The server keeps no game: every request carries the game as ``round`` (the
``Round.to_dict`` data: game, seed, options, deal, actions) and the server
rebuilds it by replaying the actions, answers, and sends the new ``round``
back. A restart loses nothing; the page keeps the round in local storage.

Endpoints (POST, JSON body; see the README):

- ``/api/new``      {game, seat, level?, seed?, deal?, options?} -> {round, view}
- ``/api/state``    {round, seat, open?} -> {round, view}
- ``/api/play``     {round, seat, action?, level?, think?} -> {round, view, played}: the
  seat's ``action``, or without one the bot on turn decides at ``level``
- ``/api/undo``     {round, seat} -> {round, view}: back to before the seat's last decision
- ``/api/hint``     {round, seat} -> `atout solve --all-cards --json` of the position
- ``/api/analyse``  {round, seat, samples?, seed?, stream?} -> `atout analyse --json`
  from the seat's view, with ``method`` and ``plan`` (what it does and should cost:
  the stream's first line); without samples, as many deals as fit the plan
- ``/api/review``   {round, stream?} -> `atout review --json` of the finished deal

``GET /api/games`` lists the games, levels and seats. With ``"stream": true``
the answer is NDJSON: ``{"progress": {"done", "total"}}`` lines, then
``{"result": ...}`` (or ``{"error": ...}`` if the work fails on the way);
closing the connection cancels the work. A bad request gets a 400
``{"error": "..."}`` and changes nothing, streamed or not.
"""

from __future__ import annotations

import contextlib
import json
import queue
import signal
import threading
from importlib import resources

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from atout.engine.errors import AtoutError
from atout.solver import Cancellation, cancellable_by

from . import compute, table

#: the largest request body accepted (a round is a deal and at most a few hundred actions)
MAX_BODY = 64 * 1024

STATIC = resources.files("atout.web") / "static"


class BadRequest(ValueError):
    """A request the server cannot use: answered with a 400 and its message."""


async def read_json(request: Request) -> dict:
    """The request's JSON object, read up to ``MAX_BODY`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise BadRequest("bad Content-Length header")
        if int(declared) > MAX_BODY:
            raise BadRequest(f"request body of {declared} bytes: the limit is {MAX_BODY}")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(f"request body over {MAX_BODY} bytes")
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadRequest(f"the body is not JSON: {exc}") from None
    except RecursionError:
        raise BadRequest("the body is nested too deeply to be a request") from None
    if not isinstance(data, dict):
        raise BadRequest("the body must be a JSON object")
    return data


def _no_constant(name: str):
    """NaN and Infinity are not JSON: refused like any other non-JSON."""
    raise BadRequest(f"the body is not JSON: {name} is not a JSON number")


def message_of(exc: ValueError) -> str:
    """The one-line message of a bad request. atout's own errors name the
    problem; any other ValueError comes from Python reading a value of the
    wrong kind, whose words (``invalid literal for int()``) mean nothing to
    the person who sent it."""
    if isinstance(exc, (AtoutError, BadRequest)):
        return (str(exc) or type(exc).__name__).splitlines()[0]
    return "a field of the request has a value of the wrong kind"


def error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


#: the work under way, each with its Cancellation: a signal to stop the
#: server stops them all, so that nothing holds its exit
RUNNING: set = set()
RUNNING_LOCK = threading.Lock()
#: how often a waiting endpoint looks whether its client is still there (seconds)
WATCH = 0.05


def stop_all_work() -> None:
    with RUNNING_LOCK:
        running = list(RUNNING)
    for cancel in running:
        cancel.set()


def start_work(work, *args):
    """Run ``work(*args)`` in a daemon thread whose searches obey a new
    ``Cancellation``; returns (cancellation, done event, box with
    ``result`` or ``error``)."""
    cancel = Cancellation()
    done = threading.Event()
    box: dict = {}

    def run() -> None:
        try:
            with cancellable_by(cancel):
                box["result"] = work(*args, cancel) if getattr(work, "takes_cancel", False) else work(*args)
        except BaseException as exc:     # re-raised in the endpoint
            box["error"] = exc
        finally:
            with RUNNING_LOCK:
                RUNNING.discard(cancel)
            done.set()
    with RUNNING_LOCK:
        RUNNING.add(cancel)
    threading.Thread(target=run, name="atout-web-work", daemon=True).start()
    return cancel, done, box


async def run_watched(request: Request, work, *args):
    """``work(*args)`` in its own thread; if the client leaves first, the
    work is cancelled (its search stops at its next node) and None returned."""
    cancel, done, box = start_work(work, *args)
    while not done.is_set():
        if await request.is_disconnected():
            cancel.set()
            return None
        await anyio.sleep(WATCH)
    if isinstance(box.get("error"), KeyboardInterrupt):
        return None     # cancelled (the server stopping): a bot's decision stops as a whole
    if "error" in box:
        raise box["error"]
    return box["result"]


def api(work):
    """An endpoint from ``work(payload) -> dict`` (run in a thread of its
    own, stopped if the client leaves): every bad input becomes a 400 with
    its message; the server goes on."""
    async def endpoint(request: Request) -> Response:
        try:
            payload = await read_json(request)
            answer = await run_watched(request, work, payload)
            return JSONResponse(answer) if answer is not None else Response(status_code=204)
        except ValueError as exc:     # AtoutError, BadRequest, a bad number...
            return error(message_of(exc))
        except Exception as exc:      # a bug: say so, keep serving
            return error(f"internal error: {type(exc).__name__}: {exc}", 500)
    return endpoint


def long_api(prepare):
    """An endpoint for long work: ``prepare(payload)`` checks the request
    (a 400 if it is bad) and returns ``job(progress, cancel) -> dict``, run
    at once, or streamed with its progress when the body says ``"stream": true``.
    A job may have a ``plan`` (what it will cost): the stream's first line."""
    async def endpoint(request: Request) -> Response:
        try:
            payload = await read_json(request)
            job = await run_watched(request, prepare, payload)
            if job is None:
                return Response(status_code=204)
            if payload.get("stream") is True:
                return stream(job)
            answer = await run_watched(request, _quiet(job))
            return JSONResponse(answer) if answer is not None else Response(status_code=204)
        except ValueError as exc:
            return error(message_of(exc))
        except Exception as exc:
            return error(f"internal error: {type(exc).__name__}: {exc}", 500)
    return endpoint


def _quiet(job):
    """The job without progress, taking the cancellation of its thread."""
    def run(cancel):
        return job(None, cancel)
    run.takes_cancel = True
    return run


def stream(job) -> StreamingResponse:
    """Run ``job(progress, cancel)`` in a thread and send its plan (if it
    has one), its progress, then its result, as NDJSON lines. If the page
    closes the connection, the work stops: its search at its next node."""
    lines: queue.Queue = queue.Queue()
    plan = getattr(job, "plan", None)

    def progress(done: int, total: int) -> None:
        lines.put({"progress": {"done": done, "total": total}})

    def run(cancel) -> None:
        try:
            lines.put({"result": job(progress, cancel)})
        except ValueError as exc:
            lines.put({"error": message_of(exc)})
        except Exception as exc:      # a bug: say so on the stream
            lines.put({"error": f"internal error: {type(exc).__name__}: {exc}"})
    run.takes_cancel = True

    async def body():
        if plan is not None:
            yield json.dumps({"plan": plan}) + "\n"
        cancel, _, _ = start_work(run)
        try:
            while True:
                try:
                    line = lines.get_nowait()
                except queue.Empty:
                    await anyio.sleep(0.02)
                    continue
                yield json.dumps(line) + "\n"
                if "progress" not in line:
                    return
        finally:
            cancel.set()
    return StreamingResponse(body(), media_type="application/x-ndjson")


# -- the work of each endpoint (plain functions of the payload) ----------------------

def new_game(payload: dict) -> dict:
    rnd = table.new_round(payload)
    seat = table.seat_of(payload, rnd)
    return {"round": rnd.to_dict(), "view": table.view_json(rnd, seat)}


def state(payload: dict) -> dict:
    rnd = table.round_of(payload)
    seat = table.seat_of(payload, rnd)
    return {"round": rnd.to_dict(),
            "view": table.view_json(rnd, seat, open_hands=bool(payload.get("open")))}


def play(payload: dict) -> dict:
    rnd = table.round_of(payload)
    seat = table.seat_of(payload, rnd)
    played = table.play(rnd, seat, payload.get("action"), table.level_field(payload), payload.get("think"))
    return {"round": rnd.to_dict(), "view": table.view_json(rnd, seat, open_hands=bool(payload.get("open"))),
            "played": played}


def undo(payload: dict) -> dict:
    rnd = table.round_of(payload)
    seat = table.seat_of(payload, rnd)
    rnd = table.undo(rnd, seat)
    return {"round": rnd.to_dict(), "view": table.view_json(rnd, seat, open_hands=bool(payload.get("open")))}


def hint(payload: dict) -> dict:
    rnd = table.round_of(payload)
    seat = table.seat_of(payload, rnd)
    return compute.hint(table.play_state(rnd, seat))


def analyse(payload: dict):
    rnd = table.round_of(payload)
    seat = table.seat_of(payload, rnd)
    samples = payload.get("samples")
    if samples is not None:
        samples = table.int_field(payload, "samples", None, 1, compute.MAX_SAMPLES)
    seed = table.int_field(payload, "seed", 0, 0, 2**31 - 1)
    view = rnd.view(seat)
    compute.check_analysis(view, samples or 1)
    plan = compute.plan_analysis(rnd.state, len(view.legal), samples)

    def job(progress, cancel):
        answer = compute.analyse(view, samples=plan["samples"], seed=seed, progress=progress,
                                 cancel=cancel, method=plan["method"])
        return {**answer, "plan": plan}
    job.plan = plan
    return job


def review(payload: dict):
    start, played = table.finished_play(table.round_of(payload))
    return lambda progress, cancel: compute.review(start, played, progress=progress, cancel=cancel)


def games(request: Request) -> JSONResponse:
    return JSONResponse(table.games_json())


async def index(request: Request) -> Response:
    return FileResponse(str(STATIC / "index.html"), media_type="text/html")


#: after a signal to stop, how long the server may wait for its answers in
#: flight (the work is cancelled at once; this covers what no search runs,
#: such as a first compile) before it exits without them (seconds)
EXIT_GRACE = 3.0


def stop_work_on_exit_signals():
    """Wrap the server's SIGINT and SIGTERM handlers (uvicorn's, which wait
    for the open connections to close) so that a signal first cancels the
    work under way, then, if the server still runs ``EXIT_GRACE`` seconds
    later, forces its exit. Returns the undo. Only in the main thread (the
    test client runs the app in another: no signal there)."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    installed = {}

    def wrap(previous):
        def handler(sig, frame):
            stop_all_work()
            if callable(previous):
                previous(sig, frame)
            server = getattr(previous, "__self__", None)
            if server is not None and hasattr(server, "force_exit"):
                def force():
                    server.force_exit = True
                timer = threading.Timer(EXIT_GRACE, force)
                timer.daemon = True
                timer.start()
        return handler

    for sig in (signal.SIGINT, signal.SIGTERM):
        previous = signal.getsignal(sig)
        installed[sig] = (previous, wrap(previous))
        signal.signal(sig, installed[sig][1])

    def undo():
        for sig, (previous, mine) in installed.items():
            if signal.getsignal(sig) is mine:
                signal.signal(sig, previous)
    return undo


@contextlib.asynccontextmanager
async def lifespan(app):
    undo = stop_work_on_exit_signals()
    try:
        yield
    finally:
        stop_all_work()
        undo()


def create_app() -> Starlette:
    routes = [
        Route("/", index),
        Route("/api/games", games, methods=["GET"]),
        Route("/api/new", api(new_game), methods=["POST"]),
        Route("/api/state", api(state), methods=["POST"]),
        Route("/api/play", api(play), methods=["POST"]),
        Route("/api/undo", api(undo), methods=["POST"]),
        Route("/api/hint", api(hint), methods=["POST"]),
        Route("/api/analyse", long_api(analyse), methods=["POST"]),
        Route("/api/review", long_api(review), methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


app = create_app()
