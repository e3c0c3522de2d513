"""Benchmarks of `atout serve` through Starlette's test client (no network):
the page with its files, and one decision of an easy bot as the page asks for
it (the game rebuilt from its deal and actions, the decision, the view).

    python -m pytest bench/test_bench_web.py --benchmark-only -s

The targets of the card table: the page in under a second, an easy bot's
card at once.
"""

import warnings

import pytest

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from atout.web.app import app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PAGE = ("/", "/static/app.js", "/static/style.css", "/api/games")


@pytest.fixture(scope="module")
def client():
    with TestClient(app) as c:
        yield c


def load_page(client):
    for path in PAGE:
        assert client.get(path).status_code == 200


def test_bench_page(benchmark, client):
    benchmark(load_page, client)


def position_for_a_bot(client, game, seed, cards):
    """A round in the play with a bot to act, after ``cards`` of our cards."""
    data = client.post("/api/new", json={"game": game, "seat": 0, "seed": seed}).json()
    played = 0
    while True:
        view = data["view"]
        assert view["phase"] != "over"
        if view["to_act"] != 0 and view["phase"] == "play" and played >= cards:
            return data["round"]
        if view["to_act"] == 0:
            played += view["phase"] == "play"
            body = {"round": data["round"], "seat": 0, "action": view["legal"][0]}
        else:
            body = {"round": data["round"], "seat": 0, "level": "easy"}
        data = client.post("/api/play", json=body).json()


@pytest.mark.parametrize("game,seed", [("belote", 3), ("smear", 5)])
def test_bench_easy_bot_card(benchmark, client, game, seed):
    rnd = position_for_a_bot(client, game, seed, cards=2)

    def decide():
        response = client.post("/api/play", json={"round": rnd, "seat": 0, "level": "easy"})
        assert response.status_code == 200
    benchmark(decide)
