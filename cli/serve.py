"""`atout serve`: the card table in the browser (needs the ``web`` extra)."""

from __future__ import annotations

import socket

import click

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def listening_socket(host: str, port: int) -> socket.socket:
    """A bound socket (port 0: a free port chosen by the system), so the
    address printed is the one served."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise click.UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(128)
    return sock


@click.command(epilog="\b\nExample: atout serve --port 8765  (then open http://127.0.0.1:8765/)")
@click.option("--port", "-p", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (loopback unless told otherwise).")
def serve(port: int, host: str) -> None:
    """Serve the card table on a local web page: play any game against the
    bots, and see the solver's value on every card. Prints the address."""
    try:
        import uvicorn

        from atout.web.app import app
    except ImportError as exc:
        raise click.UsageError(f"atout serve needs the web extra ({exc.name} is missing):"
                               " pip install 'atout[web]'") from None
    sock = listening_socket(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"atout serve: http://{shown}:{bound}/  (Ctrl-C to stop)", nl=True)
    if host not in LOOPBACK:
        click.echo(f"atout serve: warning: listening on {host}, not only on this machine", err=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
