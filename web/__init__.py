"""`atout serve`: a card table in the browser. ``app`` is the Starlette
application (JSON API and the page), ``table`` replays a game from its deal
and actions, ``compute`` gives the solver's answers in the CLI's JSON fields.
Needs the ``web`` extra (Starlette, uvicorn)."""
