"""``meeple serve``: the web platform (registered by ``meeple.cli.main``)."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
        db: Annotated[
            str,
            typer.Option(
                help="Database URL: a SQLite file (default ./meeple.db) or "
                "postgresql://user:pass@host/name."
            ),
        ] = "sqlite:///meeple.db",
        bot_delay: Annotated[
            float, typer.Option(help="Seconds a bot waits before it moves.")
        ] = 0.3,
        bot_seconds: Annotated[
            float, typer.Option(help="A bot's time budget for one move, in seconds.")
        ] = 10.0,
        bot_workers: Annotated[
            int | None,
            typer.Option(
                help="Worker processes for bot moves and hints (default: the CPUs this "
                "process may use); 0 runs bots in threads of the server instead.",
                min=0,
            ),
        ] = None,
        secure_cookies: Annotated[
            bool, typer.Option(help="Mark session cookies Secure (behind HTTPS).")
        ] = False,
        log_level: Annotated[
            str, typer.Option(help="uvicorn's log level: debug, info, warning, error.")
        ] = "info",
        trusted_proxy: Annotated[
            list[str] | None,
            typer.Option(
                help="A proxy (address or network, repeatable) whose X-Forwarded-For and "
                "X-Forwarded-Proto are believed; none by default."
            ),
        ] = None,
        allowed_host: Annotated[
            list[str] | None,
            typer.Option(
                help="A host name the server answers to (repeatable; '*.example.org' for a "
                "domain's names, '*' for any); always: localhost, 127.0.0.1, [::1] and --host."
            ),
        ] = None,
    ) -> None:
        """Start the web platform: play in the browser with friends and bots."""
        import uvicorn

        from meeple.web import Settings, create_app
        from meeple.web.db import normalise_url

        settings = Settings(
            db_url=normalise_url(db),
            bot_delay=bot_delay,
            bot_seconds=bot_seconds,
            secure_cookies=secure_cookies,
        )
        if bot_workers is not None:
            settings.bot_workers = bot_workers
        settings.allowed_hosts = allowed_hosts(host, allowed_host or [])
        typer.echo(
            f"meeple: answering to {', '.join(settings.allowed_hosts)} (--allowed-host adds one)"
        )
        settings.trusted_proxies = tuple(trusted_proxy or ())
        typer.echo(f"meeple: open http://{host}:{port}/  (database {settings.db_url})")
        uvicorn.run(
            create_app(settings),
            host=host,
            port=port,
            log_level=log_level,
            # Forwarded headers are the app's to read (Settings.trusted_proxies), so that
            # uvicorn does not believe local clients by default.
            proxy_headers=False,
        )


def allowed_hosts(host: str, extra: list[str]) -> tuple[str, ...]:
    """The names the server answers to: the local ones, the address it listens on (on every
    address, ``0.0.0.0`` or ``::``: this machine's name and addresses) and those given."""
    from meeple.web import Settings

    names = list(Settings.allowed_hosts)
    if host in ("0.0.0.0", "::", ""):
        names += machine_names()
    else:
        names.append(host)
    names.extend(extra)
    bracketed = [f"[{n}]" if ":" in n and not n.startswith("[") else n for n in names]
    return tuple(dict.fromkeys(n.lower() for n in bracketed))


def machine_names() -> list[str]:
    """This machine's host name and the addresses it resolves to (what another machine on
    the network types to reach it)."""
    import contextlib
    import socket

    name = socket.gethostname()
    names = [name, socket.getfqdn()]
    with contextlib.suppress(OSError):  # a name that does not resolve: the name alone
        names += [str(info[4][0]) for info in socket.getaddrinfo(name, None)]
    return [n for n in names if n]
