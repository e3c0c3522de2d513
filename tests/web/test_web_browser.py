"""The card table in a real browser: headless Chromium (Debian's ``chromium``
package) driven by Playwright plays a whole Belote deal, a whole Smear deal
and a whole two-player Tarot deal by clicking cards against `atout serve`
started on a free loopback port.

Two-player Tarot: the hand and the piles apart (each pile's face-down cards
shown as such), the card points counter equal to the engine's count and at
the end to the score's, every trick in the history, an undo, and the
analysis from the player's hand with its plan and a value on every card.

Checked: only the legal cards can be clicked (the others are disabled, and a
forced click on one changes nothing), the level changes in the middle of the
deal and the game goes on, a reload finds the game as it was, the score at the
end is the engine's, the analysis shows a value on every legal card, and the
review lists every card. With ``ATOUT_SCREENSHOTS=DIR`` the screenshots of the
README are written to DIR (``docs/img``).

Without chromium or Playwright the tests skip, except on CI (``CI=true``),
where they fail: a skipped browser test is not a passing one.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from atout.engine.round import Round

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.browser


def missing(what: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser test on CI: {what} (.ci/run installs it)")
    pytest.skip(what)


def compile_the_searches_first() -> None:
    """Compile Belote's and Smear's searches here (or load them), so that
    they are on disk before the server starts: a first compile takes a
    minute or more on a busy machine, and the waits for the bots below must
    not depend on whether an earlier test compiled them."""
    from atout.solver.precompile import compile_search
    for name in ("belote", "smear", "tarot2"):
        compile_search(name)


@pytest.fixture(scope="module")
def server():
    """`atout serve --port 0` in a child process; its printed address."""
    try:
        import uvicorn  # noqa: F401
    except ImportError:
        missing("the web extra is not installed: pip install -e '.[test,web,browser]'")
    compile_the_searches_first()
    proc = subprocess.Popen([sys.executable, "-m", "atout.cli.main", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = {}

    def read():
        first["line"] = proc.stdout.readline()
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(60)
    line = first.get("line", "")
    if "http://" not in line:
        proc.kill()
        pytest.fail(f"atout serve did not start: {line!r} {proc.stderr.read() if proc.poll() is not None else ''}")
    url = line.split()[2]
    assert url.startswith("http://127.0.0.1:")
    yield url
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        missing(f"{CHROMIUM} not found: apt-get install chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright not installed: pip install playwright")
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
            viewport={"width": 412, "height": 900})     # a phone-sized screen
        yield context
        context.close()


@pytest.fixture
def page(browser, server):
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # the browser keeps the last test's game in this origin's storage: clear
    # it from a page of the origin that does not run the table, for the
    # table restores a saved game on load and saves it again when the server
    # answers, which may land after a clear made from the table's own page
    page.goto(server + "static/style.css")
    page.evaluate("localStorage.clear()")
    page.goto(server + "?delay=0")
    page.wait_for_selector("#game option", state="attached")
    yield page
    page.close()
    assert errors == []     # no error in the page's JavaScript


def shots() -> Path | None:
    where = os.environ.get("ATOUT_SCREENSHOTS")
    if not where:
        return None
    path = Path(where)
    path.mkdir(parents=True, exist_ok=True)
    return path


SETTLED = """() => {
  const s = document.querySelector('#status');
  if (s.dataset.phase === 'over') return true;
  return document.querySelectorAll('#hand button.legal, #my-piles button.legal, #bids button.bid:not([disabled])').length > 0;
}"""


def wait_until(page, condition: str, timeout: int = 60_000) -> None:
    """Wait for a JavaScript condition; on a timeout, say what the page showed."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        page.wait_for_function(condition, timeout=timeout)
    except PlaywrightTimeout:
        shown = {name: page.inner_text(name) for name in ("#status", "#message", "#thinking", "#analysis")}
        raise AssertionError(f"waited {timeout / 1000:.0f} s for {condition!r}; the page showed {shown}") from None


def settle(page) -> None:
    """Wait until it is the player's decision (the bots have played) or the end."""
    wait_until(page, SETTLED)


def saved(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('atout.table')"))


def hand_buttons(page) -> dict:
    """Card token -> clickable, for the cards of the hand."""
    return page.eval_on_selector_all("#hand button.card",
                                     "els => Object.fromEntries(els.map(e => [e.dataset.card, !e.disabled]))")


def pile_buttons(page) -> dict:
    """Card token -> clickable, for the face-up tops of my piles (tarot2)."""
    return page.eval_on_selector_all("#my-piles button.card",
                                     "els => Object.fromEntries(els.map(e => [e.dataset.card, !e.disabled]))")


def card_button(token: str) -> str:
    """The selector of my card ``token``, in the hand or on a pile."""
    return f"#hand button.card[data-card='{token}'], #my-piles button.card[data-card='{token}']"


WATCH_THINKING = """() => {
  window.thinkingShown = 0;
  new MutationObserver(() => { if (!document.querySelector('#thinking').hidden) window.thinkingShown++; })
    .observe(document.querySelector('#thinking'), { attributes: true });
  window.thinkingTexts = [];
  new MutationObserver(() => { window.thinkingTexts.push(document.querySelector('#thinking-text').textContent); })
    .observe(document.querySelector('#thinking-text'), { childList: true, characterData: true, subtree: true });
}"""


def new_deal(page, game: str, seed: int, level: str = "random", setup=None) -> None:
    page.evaluate(WATCH_THINKING)     # counts the times the "thinking" line appears
    page.select_option("#game", game)
    if setup:
        setup(page)
    page.select_option("#seat", "0")
    page.select_option("#level", level)
    page.click("#paste summary")
    page.fill("#seed", str(seed))
    page.click("#deal-button")
    # the new deal is in play once saved (until then the page shows what it
    # showed before, which may be a finished game)
    page.wait_for_function(f"(JSON.parse(localStorage.getItem('atout.table') || 'null')?.round || {{}})"
                           f".seed === {seed}")


def click_and_wait(page, selector: str) -> None:
    """Click a choice and wait until the game has taken it."""
    count = len(saved(page)["round"]["actions"])
    page.click(selector)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('atout.table')).round.actions.length > {count}")


def bid(page, prefer: list[str]) -> None:
    options = page.eval_on_selector_all("#bids button.bid", "els => els.map(e => e.dataset.action)")
    choice = next((p for p in prefer if p in options), options[0])
    click_and_wait(page, f"#bids button.bid[data-action='{choice}']")


def check_only_legal_clickable(page) -> list[str]:
    """The clickable cards are exactly the legal ones of the engine; a forced
    click on another card changes nothing. Returns the legal cards."""
    rnd = Round.from_dict(saved(page)["round"])
    legal = sorted(a.token for a in rnd.legal_actions())
    buttons = hand_buttons(page)
    piles = pile_buttons(page)
    assert sorted(c for c, on in {**buttons, **piles}.items() if on) == legal
    assert sorted(buttons) == sorted(rnd.game.deck.token(c) for c in rnd.view(0).hand)
    assert not set(buttons) & set(piles)       # a pile's card is never in the hand's rows
    others = [c for c, on in {**buttons, **piles}.items() if not on]
    if others:
        before = saved(page)["round"]["actions"]
        page.click(card_button(others[0]), force=True)
        page.wait_for_timeout(100)
        assert saved(page)["round"]["actions"] == before
    return legal


def rnd_deck_token(game: str, card) -> str:
    from atout.engine import get_game
    return get_game(game).deck.token(card)


def play_deal(page, game: str, seed: int, prefer: list[str], screenshot_prefix: str | None = None,
              setup=None, each=None) -> dict:
    """Play one deal as seat 0 to the end; the level changes after three of
    our cards, the page reloads after five. ``each(page, cards_played)``
    is called at each of our cards, before it is chosen; when it returns
    True (it took a card back), the count goes one down and the turn is
    looked at again. Returns the last saved game."""
    rng = random.Random(seed)
    new_deal(page, game, seed, setup=setup)
    cards_played = 0
    while True:
        settle(page)
        status = page.get_attribute("#status", "data-phase")
        if status == "over":
            break
        if page.is_visible("#bids button.bid"):
            bid(page, prefer)
            continue
        legal = check_only_legal_clickable(page)
        if Round.from_dict(saved(page)["round"]).phase != "play":    # a discard
            click_and_wait(page, f"#hand button.card[data-card='{rng.choice(legal)}']")
            continue
        if each is not None and each(page, cards_played):
            cards_played -= 1
            continue
        if cards_played == 3:
            page.select_option("#level", "easy")        # the game goes on at the new level
            assert saved(page)["level"] == "easy"
            if shots() and screenshot_prefix:
                page.screenshot(path=str(shots() / f"{screenshot_prefix}-play.png"), full_page=True)
        if cards_played == 4:   # the last trick, one click away
            last = Round.from_dict(saved(page)["round"]).state.tricks[-1]
            page.click("#last-trick-button")
            shown = page.eval_on_selector_all("#last-trick .card", "els => els.map(e => e.dataset.card)")
            assert shown == [rnd_deck_token(game, c) for c in last.cards]
            page.click("#last-trick-button")
            assert not page.is_visible("#last-trick")
        if cards_played == 5:
            assert page.evaluate("window.thinkingShown") > 0   # the bots were seen thinking
            before = saved(page)
            hand = hand_buttons(page)
            piles = pile_buttons(page)
            trick = page.eval_on_selector_all("#trick .card", "els => els.map(e => e.dataset.card)")
            page.reload()
            settle(page)
            assert saved(page)["round"] == before["round"]
            assert hand_buttons(page) == hand and pile_buttons(page) == piles
            assert page.eval_on_selector_all("#trick .card", "els => els.map(e => e.dataset.card)") == trick
            assert page.input_value("#level") == "easy"
        click_and_wait(page, card_button(rng.choice(legal)))
        cards_played += 1
    final = saved(page)
    rnd = Round.from_dict(final["round"])
    assert rnd.is_over() and rnd.state is not None and rnd.state.is_over()
    assert cards_played == len(rnd.state.tricks)
    assert page.is_visible("#score")
    score = page.inner_text("#score")
    from atout.web.table import score_words
    assert score_words(rnd, 0)[0] in score         # the score in words: who won, by how much
    return final


def test_a_whole_belote_deal_by_clicking_cards(page):
    final = play_deal(page, "belote", 3, ["take"], "belote")
    assert final["round"]["game"] == "belote" and final["level"] == "easy"


def test_a_whole_smear_deal_then_its_review(page):
    play_deal(page, "smear", 5, ["2"], "smear")
    page.click("#review-button")
    wait_until(page, "document.querySelector('#review-table') !== null", 180_000)
    rows = page.eval_on_selector_all("#review-table tr", "els => els.length")
    assert rows == 1 + 24


def test_a_smear_deal_with_the_widow_pick_up_and_discard(page):
    def widow(page):
        page.select_option("#opt-widow", "2")
    final = play_deal(page, "smear", 5, ["4", "S", "H", "D", "C"], setup=widow)
    assert final["round"]["options"] == {"widow": 2}
    rnd = Round.from_dict(final["round"])
    assert [t for s, t in rnd.view(0).auction][0] == "4"          # seat 0 bid 4 and took the widow
    kinds = [a.kind for a in rnd.actions]
    assert kinds.count("trump") == 1 and kinds.count("discard") == 2


def test_the_analysis_view_shows_a_value_on_every_legal_card(page):
    new_deal(page, "belote", 3)
    while True:
        settle(page)
        if page.is_visible("#bids button.bid"):
            bid(page, ["take"])
            continue
        break
    page.check("#analyse")
    page.select_option("#mode", "dd")
    wait_until(page, "document.querySelector('#hand button.legal .badge') !== null", 180_000)
    legal = page.eval_on_selector_all("#hand button.legal", "els => els.map(e => e.dataset.card)")
    badges = page.eval_on_selector_all("#hand button.legal .badge", "els => els.map(e => e.textContent)")
    assert len(badges) == len(legal) and all(b.strip() for b in badges)
    # the best line's first card is marked best for the player on turn
    first = re.search(r"best line (\S+)", page.inner_text("#analysis-result")).group(1)
    assert "best" in page.get_attribute(f'#hand button.legal[data-card="{first}"] .badge', "class")
    # all hands shown: the three other hands are open on the table
    assert page.eval_on_selector_all(".open-hand", "els => els.length") == 3
    if shots():
        page.screenshot(path=str(shots() / "belote-analysis.png"), full_page=True)
    # from my hand only: expected value and P(make), with progress; a long one is cancelled
    page.select_option("#mode", "sample")
    # as many deals as the page allows: this sampling runs for seconds, so it
    # is still running when the cancel arrives (40 deals of Belote can end first)
    page.fill("#samples", "2000")
    page.dispatch_event("#samples", "change")
    wait_until(page, "document.querySelector('#progress-text').textContent.includes('/ 2000')")
    # the Cancel button does not slide sideways as the progress text changes
    # (it followed the text's width once, and a click could land beside it)
    where = page.locator("#cancel").bounding_box()["x"]
    text = page.inner_text("#progress-text")
    wait_until(page, f"document.querySelector('#progress-text').textContent !== {json.dumps(text)}")
    assert page.locator("#cancel").bounding_box()["x"] == where
    page.click("#cancel")
    wait_until(page, "document.querySelector('#analysis-result').textContent.includes('cancelled')")
    assert not page.is_visible("#progress")
    page.fill("#samples", "6")
    page.dispatch_event("#samples", "change")
    wait_until(page, "document.querySelector('#analysis-result').textContent.includes('deals sampled')", 180_000)
    badges = page.eval_on_selector_all("#hand button.legal .badge", "els => els.map(e => e.textContent)")
    assert len(badges) == len(legal) and all("%" in b for b in badges)
    if shots():
        page.screenshot(path=str(shots() / "belote-analysis-sampled.png"), full_page=True)


def check_tarot2_table(page, cards_played: int) -> bool:
    """At each of our cards in tarot2: the hand and the piles apart (each
    pile's face-down cards shown as such), the points counter the engine's
    count, the history of every trick; an undo once."""
    rnd = Round.from_dict(saved(page)["round"])
    state = rnd.state
    deck = rnd.game.deck
    hand = hand_buttons(page)
    assert sorted(hand) == sorted(deck.token(c) for c in state.hands[0])
    tops = {deck.token(c) for c in state.face_up(0).values()}
    assert set(pile_buttons(page)) == tops and not tops & set(hand)
    backs = page.eval_on_selector_all("#my-piles .pile", "els => els.map(e => e.querySelectorAll('.back').length)")
    assert backs == [down for _, down in state.public_cards(0)["piles"][0]]
    assert page.eval_on_selector_all("#piles-1 .pile", "els => els.length") == 6
    half, _ = state.tally_so_far()
    assert json.loads(page.get_attribute("#points", "data-points")) == [h / 2 for h in half]
    assert "card points" in page.inner_text("#points")
    assert page.eval_on_selector_all("#history-list button", "els => els.length") == len(state.tricks)
    if cards_played == 1:       # the first trick, one click away in the history
        page.click("#history-list button[data-trick='0']")
        shown = page.eval_on_selector_all("#history-trick .card", "els => els.map(e => e.dataset.card)")
        assert shown == [deck.token(c) for c in state.tricks[0].cards]
        if shots():
            page.screenshot(path=str(shots() / "tarot2-play.png"), full_page=True)
    if cards_played == 3:       # how long the computer thinks: a choice kept with the game
        page.select_option("#think", "quick")
        assert saved(page)["think"] == "quick"
    if cards_played == 4:       # (before the reload) the bots were seen thinking, with the clock of how long
        texts = page.evaluate("window.thinkingTexts")
        assert texts and all(re.search(r"^the opponent is thinking \(\w+.*\)\u2026 \d+\.\d s$", t)
                             for t in texts), texts[:3]
    if cards_played == 6:       # after the reload
        assert page.input_value("#think") == "quick"
    if cards_played == 2 and not getattr(check_tarot2_table, "undone", False):
        check_tarot2_table.undone = True
        before = len(saved(page)["round"]["actions"])
        page.click("#undo-button")
        page.wait_for_function(f"JSON.parse(localStorage.getItem('atout.table')).round.actions.length < {before}")
        settle(page)
        after = Round.from_dict(saved(page)["round"])
        assert after.to_act == 0 and len(after.state.tricks) == len(state.tricks) - 1
        return True
    return False


def test_a_whole_tarot2_deal_by_clicking_cards(page):
    check_tarot2_table.undone = False
    final = play_deal(page, "tarot2", 2, [], each=check_tarot2_table)
    assert check_tarot2_table.undone
    rnd = Round.from_dict(final["round"])
    score = rnd.score()
    # the running count ends equal to the score's card points
    assert json.loads(page.get_attribute("#points", "data-points")) == [float(p) for p in score["points"]]
    assert page.eval_on_selector_all("#history-list button", "els => els.length") == 39
    assert "oudler" in page.inner_text("#score")

    if shots():
        page.screenshot(path=str(shots() / "tarot2-score.png"), full_page=True)


def test_the_tarot2_analysis_from_my_hand_says_its_cost_and_answers(page):
    new_deal(page, "tarot2", 2)
    settle(page)
    page.select_option("#mode", "sample")
    page.check("#analyse")
    wait_until(page, "document.querySelector('#analysis-plan').textContent.includes('About')", 120_000)
    plan = page.inner_text("#analysis-plan")
    assert "deals" in plan and "estimated" in plan
    wait_until(page, "document.querySelector('#analysis-result').textContent.includes('deals sampled')", 120_000)
    legal = page.eval_on_selector_all("#hand button.legal, #my-piles button.legal", "els => els.map(e => e.dataset.card)")
    badges = page.eval_on_selector_all("#hand button.legal .badge, #my-piles button.legal .badge",
                                       "els => els.map(e => e.textContent)")
    assert len(badges) == len(legal) and all("%" in b and "?" not in b for b in badges)
    best = page.eval_on_selector_all(".badge.best", "els => els.map(e => e.textContent)")
    assert len(best) == 1 and "?" not in best[0]
    if shots():
        page.screenshot(path=str(shots() / "tarot2-analysis.png"), full_page=True)


def test_a_missing_browser_fails_on_ci_and_skips_elsewhere(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception):
        missing("no chromium")
    monkeypatch.setenv("CI", "")
    with pytest.raises(pytest.skip.Exception):
        missing("no chromium")


def test_a_new_deal_while_the_bots_play_replaces_the_old_one(page):
    new_deal(page, "smear", 5)
    page.fill("#seed", "6")
    page.click("#deal-button")             # at once, while the first deal's bots decide
    page.wait_for_function("JSON.parse(localStorage.getItem('atout.table') || 'null')?.round.seed === 6")
    settle(page)
    page.wait_for_timeout(300)             # an answer about the first deal would land here
    round_now = saved(page)["round"]
    assert round_now["seed"] == 6 and round_now["deal"] == Round.new("smear", seed=6).to_dict()["deal"]
    if page.is_visible("#hand button.legal"):
        check_only_legal_clickable(page)
