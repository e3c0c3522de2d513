// atout card table: the page keeps the game (the server's `round`: deal and
// actions) in local storage and sends it with every request; the server
// rebuilds it, takes the decision and sends the new round back.
"use strict";

const STORE = "atout.table";
const params = new URLSearchParams(location.search);
// pause before each bot decision, so that a person sees the cards arrive
const BOT_DELAY = Number(params.get("delay") ?? 350);
const SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RED = new Set(["H", "D"]);

const $ = (id) => document.getElementById(id);
let T = { round: null, seat: 0, level: "easy", think: "normal", analyse: false, mode: "dd", view: null };
// how long the computer thinks: the player's `think` seconds (medium and hard)
const THINK = { quick: 0.5, normal: 1.5, long: 4 };
// calls and contracts in words
const CALL_WORDS = {
  pass: "pass", take: "take", guard: "guard", guard_without: "guard without the dog",
  guard_against: "guard against the dog", slam: "slam", no_slam: "no slam", no_handful: "no handful",
  handful: "handful (10 trumps)", double_handful: "double handful (13 trumps)",
  triple_handful: "triple handful (15 trumps)", S: "spades", H: "hearts", D: "diamonds", C: "clubs",
};
function callWords(token) {
  if (CALL_WORDS[token]) return CALL_WORDS[token];
  if (T.view && facts().numbered_bids && /^[0-9]+$/.test(token)) return `bid ${token}`;
  return String(token).replace(/_/g, " ");
}
let thinkingTimer = null;  // the "thinking" line's clock
let games = [];            // /api/games: each game's facts (the page names no game)
// the facts of a game (default: the one on the table)
function facts(name = T.view && T.view.game) { return games.find((g) => g.name === name) || {}; }
let busy = false;          // a request is in flight: clicks wait
let analysisAbort = null;  // AbortController of a running analysis or review
let latestAnalysis = null; // the AbortController of the last analysis started
let shownFor = null;       // the round length an analysis was shown for
let values = null;         // {token: {text, cls}} shown on the cards
let generation = 0;        // bumped by a new deal: answers about an older one are dropped

// -- the server ----------------------------------------------------------------

async function post(path, body) {
  const resp = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                   body: JSON.stringify(body) });
  const data = await resp.json();
  if (!resp.ok) throw new Error(data.error || resp.statusText);
  return data;
}

// NDJSON stream: progress lines, then the result; abort() cancels it.
async function postStream(path, body, onProgress, signal, onPlan = null) {
  const resp = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                   body: JSON.stringify({ ...body, stream: true }), signal });
  if (!resp.ok) throw new Error((await resp.json()).error || resp.statusText);
  const reader = resp.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n")) >= 0) {
      const line = JSON.parse(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 1);
      if (line.plan) { if (onPlan) onPlan(line.plan); }
      else if (line.progress) onProgress(line.progress.done, line.progress.total);
      else if (line.error) throw new Error(line.error);
      else if (line.result) return line.result;
    }
  }
  throw new Error("the answer ended early");
}

function save() {
  localStorage.setItem(STORE, JSON.stringify({ round: T.round, seat: T.seat, level: T.level, think: T.think,
                                               analyse: T.analyse, mode: T.mode }));
}

function showMessage(text) {
  const box = $("message");
  box.textContent = text || "";
  box.hidden = !text;
}

// -- cards -----------------------------------------------------------------------

function suitOf(token) {
  const head = token[0];
  return /[A-Z]/.test(head) && token !== "EX" && token !== "MT" ? head : "T";
}

function cardLabel(token) {
  if (token === "EX" || token === "MT") return token;   // the Excuse, the Matto: as atout writes them everywhere
  const suit = suitOf(token);
  if (suit === "T") return token;                      // a tarot trump: its number
  const rank = token.slice(1) === "T" ? "10" : token.slice(1);
  const symbol = T.view && !facts().french_suits ? suit : (SUIT_SYMBOLS[suit] || suit);
  return rank + symbol;
}

// a face-down card (a tarot2 pile's hidden cards)
function cardBack(small = true) {
  const el = document.createElement("span");
  el.className = "card back" + (small ? " small" : "");
  el.title = "face down";
  return el;
}

function cardElement(token, { button = false, small = false, legal = false } = {}) {
  const el = document.createElement(button ? "button" : "span");
  el.className = "card" + (small ? " small" : "") + (RED.has(suitOf(token)) && facts().french_suits ? " red" : "");
  el.dataset.card = token;
  if (token === "EX") el.title = "the Excuse";
  if (token === "MT") el.title = "the Matto";
  const face = document.createElement("span");
  face.textContent = cardLabel(token);
  el.appendChild(face);
  if (button) {
    el.type = "button";
    el.disabled = !legal;
    if (legal) {
      el.classList.add("legal");
      el.addEventListener("click", () => act(token));
    }
    const v = values && values[token];
    if (v) {
      const badge = document.createElement("span");
      badge.className = "badge " + (v.cls || "");
      badge.textContent = v.text;
      el.appendChild(badge);
    }
  }
  return el;
}

// cards grouped by suit, strongest first (the server sends them weakest first)
function bySuit(tokens) {
  const groups = new Map();
  for (const t of tokens) {
    const s = suitOf(t);
    if (!groups.has(s)) groups.set(s, []);
    groups.get(s).push(t);
  }
  const order = ["S", "H", "D", "C", "B", "T"];
  return [...groups.entries()].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
    .map(([s, ts]) => [s, ts.slice().reverse()]);
}

// -- seats around the table, the player at the bottom -----------------------------

function position(seat) {
  const v = T.view;
  const rel = (seat - v.seat + v.n_seats) % v.n_seats;
  if (v.n_seats === 2) return rel === 0 ? "bottom" : "top";
  return ["bottom", "left", "top", "right"][rel];
}

function seatName(seat) {
  if (facts().named_seats) return facts().seat_names[seat] + (seat === T.seat ? " (you)" : "");
  if (seat === T.seat) return "you";
  if (T.view.n_seats === 2) return "the opponent";
  const where = ["", "on your left", "opposite", "on your right"][(seat - T.seat + 4) % 4];
  return `seat ${seat} (${where})`;
}

// a side's name: yours or the opponents' (two players: each player)
function sideName(side) {
  const v = T.view;
  if (v.n_seats === 2) return side === T.seat ? "you" : "the opponent";
  if (facts().sides_by_taker) {
    const taker = v.public && v.public.taker !== undefined ? v.public.taker : null;
    const mine = taker !== null && (side === 0) === (taker === T.seat);
    return (side === 0 ? "the taker" : "the defence") + (mine ? " (you)" : "");
  }
  return side === v.sides[T.seat] ? "your side" : "the opponents";
}

// partner or opponent, in the games whose sides are fixed before the deal
function seatRole(seat) {
  const v = T.view;
  if (seat === T.seat || !facts().has_partners) return "";
  return v.sides[seat] === v.sides[T.seat] ? " \u00b7 partner" : " \u00b7 opponent";
}

// -- drawing ------------------------------------------------------------------------

function render() {
  $("samples-label").hidden = T.mode !== "sample";
  const v = T.view;
  if (!v) return;
  // the game chooser is the setup of the next deal: set when a game starts or
  // is restored, never by a view (a late view of the old game would undo the
  // player's new choice)
  const status = $("status");
  status.dataset.phase = v.phase;
  status.dataset.toAct = v.to_act === null ? "" : String(v.to_act);
  status.dataset.actions = String(T.round.actions.length);
  if (v.phase === "over") status.textContent = `${v.title}: the deal is over`;
  else if (v.to_act === T.seat) status.textContent = `${v.title}: your turn (${v.phase})`;
  else status.textContent = `${v.title}: ${seatName(v.to_act)} to ${v.phase === "play" ? "play" : "decide"}`;

  for (const pos of ["top", "left", "right", "bottom"]) $("seat-" + pos).replaceChildren();
  for (let s = 0; s < v.n_seats; s++) {
    const box = $("seat-" + position(s));
    box.classList.toggle("to-act", v.to_act === s);
    const name = document.createElement("div");
    name.className = "name";
    const calls = v.auction.filter(([seat]) => seat === s).map(([, t]) => t);
    name.textContent = seatName(s) + seatRole(s);
    box.appendChild(name);
    const line = document.createElement("div");
    const count = v.hand_sizes ? v.hand_sizes[s] : null;
    line.textContent = [calls.length ? "bids: " + calls.map(callWords).join(", ") : "",
                        count !== null && s !== T.seat ? `${count} cards` : ""].filter(Boolean).join(" \u00b7 ");
    box.appendChild(line);
    if (v.tarot2) box.appendChild(pilesElement(s));   // tarot2: each pile, its top face up
    const shown = v.hands ? v.hands[s] : (s === dummySeat(v) ? v.public.dummy : null);
    if (shown && s !== T.seat) {
      const open = document.createElement("div");
      open.className = "open-hand";
      for (const [, ts] of bySuit(shown)) for (const t of ts) open.appendChild(cardElement(t, { small: true }));
      box.appendChild(open);
    }
  }

  // the trick under way
  const trick = $("trick");
  trick.replaceChildren();
  v.trick.cards.forEach((t, i) => {
    const seat = (v.trick.leader + i) % v.n_seats;
    const el = cardElement(t);
    el.classList.add("pos-" + position(seat));
    el.title = seatName(seat);
    trick.appendChild(el);
  });

  // contract, points, the last trick
  const pub = v.public || {};
  const parts = [];
  if (facts().table_note) parts.push(facts().table_note);
  if (pub.turned) parts.push(`turned ${cardLabel(pub.turned)}`);
  if (pub.contract) parts.push(`contract: ${callWords(pub.contract)}`);
  if (pub.declarer) parts.push(`${pub.level}${pub.strain} by ${pub.declarer}`);
  if (pub.dog) parts.push(`dog ${pub.dog.map(cardLabel).join(" ")}`);
  if (pub.trump) parts.push(`trump ${SUIT_SYMBOLS[pub.trump] || pub.trump}`);
  if (pub.taker !== undefined) parts.push(`taker ${seatName(pub.taker)}`);
  if (pub.bidder !== undefined) parts.push(`bidder ${seatName(pub.bidder)} bid ${pub.bid}`);
  const options = T.round.options || {};
  if (options.variant) parts.push(`variant ${options.variant}`);
  if (options.widow) parts.push(`widow ${options.widow}`);
  for (const [s, what] of v.announcements) parts.push(`${seatName(s)}: ${callWords(what)}`);
  $("contract").textContent = parts.join(" \u00b7 ");
  $("points").textContent = pointsText(v);
  $("points").dataset.points = v.points ? JSON.stringify(v.points) : "";
  renderHistory(v);
  $("undo-button").disabled = busy || !T.round || !T.round.actions.length;
  const last = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  $("last-trick-button").disabled = !last;
  const lastBox = $("last-trick");
  lastBox.replaceChildren();
  if (last) {
    last.cards.forEach((t, i) => {
      const el = cardElement(t, { small: true });
      el.title = seatName((last.leader + i) % v.n_seats);
      lastBox.appendChild(el);
    });
    lastBox.append(` won by ${seatName(last.winner)}`);
  } else lastBox.hidden = true;

  // my decision: bids, or my cards
  const mine = v.to_act === T.seat && !busy;
  const bids = $("bids");
  bids.replaceChildren();
  bids.hidden = !(v.to_act === T.seat && v.legal_kind && v.legal_kind !== "card" && v.legal_kind !== "discard");
  if (!bids.hidden) {
    bids.append("Your call: ");
    for (const token of v.legal) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "bid";
      b.dataset.action = token;
      b.textContent = SUIT_SYMBOLS[token] ? `${callWords(token)} ${SUIT_SYMBOLS[token]}` : callWords(token);
      b.disabled = !mine;
      b.addEventListener("click", () => act(token));
      bids.appendChild(b);
    }
  }
  const cardChoice = v.to_act === T.seat && (v.legal_kind === "card" || v.legal_kind === "discard");
  const legal = new Set(cardChoice && mine ? v.legal : []);
  const hand = $("hand");
  hand.replaceChildren();
  const tokens = v.hand.slice();
  if (facts().has_dummy) {      // the dummy's cards, played by the declarer from this hand's rows
    for (const t of legal) if (!tokens.includes(t)) tokens.push(t);
  }
  for (const [suit, ts] of bySuit(tokens)) {
    const row = document.createElement("div");
    row.className = "suit-row";
    const label = document.createElement("span");
    label.className = "suit-label";
    label.textContent = SUIT_SYMBOLS[suit] || (suit === "T" ? "\u2605" : suit);
    row.appendChild(label);
    for (const t of ts) row.appendChild(cardElement(t, { button: true, legal: legal.has(t) }));
    hand.appendChild(row);
  }

  // the end
  const score = $("score");
  score.hidden = !v.score;
  $("review-box").hidden = !(v.score && !v.score.void);
  if (v.score) score.replaceChildren(scoreWords(v));
  $("analysis").hidden = !T.analyse && !$("progress").offsetParent;
}

// bridge: the dummy's seat once its cards are shown
function dummySeat(v) {
  if (!facts().has_dummy || !v.public || !v.public.dummy) return null;
  return (facts().seat_names.indexOf(v.public.declarer) + 2) % 4;
}

// tarot2: a player's six piles, each its face-down cards under the top
function pilesElement(s) {
  const v = T.view;
  const mine = s === T.seat;
  const legal = new Set(mine && v.to_act === T.seat && !busy && v.legal_kind === "card" ? v.legal : []);
  const box = document.createElement("div");
  box.className = "piles";
  box.id = mine ? "my-piles" : `piles-${s}`;
  box.setAttribute("aria-label", mine ? "your piles" : "the opponent's piles");
  v.tarot2.piles[s].forEach((pile, k) => {
    const el = document.createElement("div");
    el.className = "pile";
    el.dataset.pile = String(k);
    for (let i = 0; i < pile.down; i++) el.appendChild(cardBack());
    if (pile.top) {
      el.appendChild(mine ? cardElement(pile.top, { button: true, small: true, legal: legal.has(pile.top) })
                          : cardElement(pile.top, { small: true }));
    }
    if (!pile.top && !pile.down) el.classList.add("empty");
    box.appendChild(el);
  });
  return box;
}

// the running count: card points (tarot2 with oudlers and the points each needs)
function pointsText(v) {
  if (!v.points) return "";
  if (v.tarot2) {
    return "card points: " + [T.seat, 1 - T.seat].map((p) => {
      const o = v.tarot2.oudlers[p];
      return `${sideName(p)} ${v.points[p]} (${o} oudler${o === 1 ? "" : "s"}: ${v.tarot2.targets[p]} needed)`;
    }).join(" \u00b7 ");
  }
  return `${v.points_unit}: ` + v.points.map((p, i) => `${sideName(i)} ${p}`).join(", ");
}

// every trick played: click one to see it
let historyShown = null;
function renderHistory(v) {
  const list = $("history-list");
  list.replaceChildren();
  $("history").hidden = !v.tricks.length;
  $("history-count").textContent = String(v.tricks.length);
  v.tricks.forEach((trick, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "trick-button" + (historyShown === i ? " shown" : "");
    b.dataset.trick = String(i);
    b.textContent = String(i + 1);
    b.title = `trick ${i + 1}, won by ${seatName(trick.winner)}`;
    b.addEventListener("click", () => { historyShown = historyShown === i ? null : i; renderHistory(T.view); });
    list.appendChild(b);
  });
  const shown = $("history-trick");
  shown.replaceChildren();
  if (historyShown !== null && historyShown < v.tricks.length) {
    const trick = v.tricks[historyShown];
    shown.append(`Trick ${historyShown + 1}: `);
    trick.cards.forEach((t, i) => {
      const el = cardElement(t, { small: true });
      el.title = seatName((trick.leader + i) % v.n_seats);
      shown.append(el, ` ${seatName((trick.leader + i) % v.n_seats)} `);
    });
    shown.append(`\u2014 won by ${seatName(trick.winner)}`);
  }
}

// the score in sentences: who won, by how much, and why
function scoreWords(v) {
  const wrap = document.createElement("div");
  const h = document.createElement("h2");
  const words = v.score_words || [];
  h.textContent = words.length ? words[0] : "Score";
  wrap.appendChild(h);
  for (const line of words.slice(1)) {
    const p = document.createElement("p");
    p.textContent = line;
    wrap.appendChild(p);
  }
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = "the score's fields";
  details.append(summary, scoreTable(v.score));
  wrap.appendChild(details);
  return wrap;
}

function scoreTable(score) {
  const wrap = document.createElement("div");
  const table = document.createElement("table");
  for (const [k, val] of Object.entries(score)) {
    const tr = table.insertRow();
    tr.insertCell().textContent = k;
    tr.insertCell().textContent = Array.isArray(val) ? val.join(" / ") : String(val);
  }
  wrap.appendChild(table);
  return wrap;
}

// -- the flow of the game ----------------------------------------------------------------

function update(data) {
  T.round = data.round;
  T.view = data.view;
  save();
  render();
}

async function act(token) {
  if (busy) return;
  busy = true;
  const gen = generation;
  showMessage("");
  cancelWork();
  clearAnalysis();
  render();          // the choices are disabled until the answer
  try {
    const data = await post("/api/play", { round: T.round, seat: T.seat, action: token, open: openHands() });
    if (gen !== generation) return;
    update(data);
  } catch (e) {
    if (gen === generation) showMessage(e.message);
  } finally {
    if (gen === generation) {
      busy = false;
      render();
    }
  }
  if (gen === generation) proceed();
}

function openHands() { return T.analyse && T.mode === "dd"; }

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// bots decide one at a time on the server until it is my turn or the end
async function proceed() {
  while (T.view && T.view.phase !== "over" && T.view.to_act !== T.seat) {
    if (busy) return;
    busy = true;
    const gen = generation;
    const who = T.view.to_act;
    startThinking(who);
    try {
      if (BOT_DELAY) await sleep(BOT_DELAY);
      if (gen !== generation) return;     // a new deal started meanwhile
      const body = { round: T.round, seat: T.seat, level: T.level, open: openHands() };
      if (searches(T.level)) body.think = THINK[T.think] || THINK.normal;
      const data = await post("/api/play", body);
      if (gen !== generation) return;
      update(data);
    } catch (e) {
      if (gen === generation) showMessage(e.message);
      return;
    } finally {
      if (gen === generation) {
        busy = false;
        stopThinking();
        render();
      }
    }
  }
  maybeAnalyse();
}

// the levels that search (and so take the think time)
function searches(level) { return level === "medium" || level === "hard"; }

// "the opponent is thinking (hard, quick) 1.2 s": the clock runs while it thinks
function startThinking(who) {
  const start = performance.now();
  const how = searches(T.level) ? `${T.level}, ${T.think}: up to ${THINK[T.think]} s` : T.level;
  const tick = () => {
    const s = ((performance.now() - start) / 1000).toFixed(1);
    $("thinking-text").textContent = `${seatName(who)} ${seatName(who) === "you" ? "are" : "is"} thinking (${how})\u2026 ${s} s`;
  };
  tick();
  clearInterval(thinkingTimer);
  thinkingTimer = setInterval(tick, 100);
  $("thinking").hidden = false;
}

function stopThinking() {
  clearInterval(thinkingTimer);
  thinkingTimer = null;
  $("thinking").hidden = true;
}

// back to before my last decision (the bots' answers to it taken back too)
async function undo() {
  if (busy || !T.round) return;
  busy = true;
  const gen = generation;
  cancelWork();
  clearAnalysis();
  showMessage("");
  try {
    const data = await post("/api/undo", { round: T.round, seat: T.seat, open: openHands() });
    if (gen !== generation) return;
    historyShown = null;
    update(data);
  } catch (e) {
    if (gen === generation) showMessage(e.message);
  } finally {
    if (gen === generation) {
      busy = false;
      render();
    }
  }
  if (gen === generation) proceed();
}

async function newGame(event) {
  if (event) event.preventDefault();
  cancelWork();
  showMessage("");
  clearAnalysis();
  T.seat = Number($("seat").value);
  T.level = $("level").value;
  const body = { game: $("game").value, seat: T.seat, level: T.level, options: chosenOptions() };
  const deal = $("deal-text").value.trim();
  const seed = $("seed").value.trim();
  if (deal) body.deal = deal;
  if (seed) body.seed = Number(seed);
  const gen = ++generation;
  busy = true;
  historyShown = null;
  stopThinking();
  try {
    const data = await post("/api/new", body);
    if (gen !== generation) return;
    update(data);
  } catch (e) {
    if (gen === generation) showMessage(e.message);
    return;
  } finally {
    if (gen === generation) {
      busy = false;
      $("review").replaceChildren();
      render();
    }
  }
  proceed();
}

// -- analysis ------------------------------------------------------------------------------

function clearAnalysis() {
  values = null;
  shownFor = null;
  $("analysis-result").replaceChildren();
}

function cancelWork() {
  if (analysisAbort) analysisAbort.abort();
  analysisAbort = null;
}

function showProgress(on, done = 0, total = 1, label = "", tail = "") {
  $("progress").hidden = !on;
  $("progress-bar").max = total;
  $("progress-bar").value = done;
  $("progress-text").textContent = on ? `${label} ${done} / ${total}${tail}` : "";
  $("analysis").hidden = !on && !T.analyse;
}

function fmt(x, digits = 1) { return x === null || x === undefined ? "?" : Number(x).toFixed(digits).replace(/\.0+$/, ""); }

async function maybeAnalyse() {
  const v = T.view;
  if (!T.analyse || !v || v.phase !== "play" || v.to_act !== T.seat) return;
  if (shownFor === T.round.actions.length) return;
  shownFor = T.round.actions.length;
  cancelWork();      // a sampling still running for another mode or position
  const round = T.round;
  const gen = generation;
  // the answer is about this position: drop it if the game moved on (a
  // refresh from the server rebuilds the same game: that is no move)
  const stale = () => gen !== generation || T.round.actions.length !== round.actions.length;
  $("analysis").hidden = false;
  const result = $("analysis-result");
  if (T.mode === "dd") {
    result.textContent = "Solving\u2026";
    try {
      const hint = await post("/api/hint", { round, seat: T.seat });
      if (stale()) return;
      // a card not solved exactly is ranked by its lower bound, as the server ranks it
      const best = Math.max(...Object.values(hint.cards).map((x) => Array.isArray(x) ? x[0] : x));
      const worst = Math.min(...Object.values(hint.cards).map((x) => Array.isArray(x) ? x[0] : x));
      const maximizing = hint.maximizing;
      values = {};
      for (const [card, x] of Object.entries(hint.cards)) {
        const n = Array.isArray(x) ? x[0] : x;
        const good = maximizing ? n === best : n === worst;
        values[card] = { text: Array.isArray(x) ? `${x[0]}..${x[1]}` : String(x), cls: good ? "best" : "worse" };
      }
      const line = hint.line.length ? `best line ${hint.line.slice(0, 4).join(" ")}\u2026`
        : "not exact within the node limit: each card's proven bounds";
      result.textContent = `Double dummy, every hand seen: value ${hint.lower === hint.upper ? hint.lower : `${hint.lower}..${hint.upper}`}` +
        ` (${facts().value_meaning}); ${line} (${hint.nodes} nodes, ${hint.seconds} s)`;
    } catch (e) {
      result.textContent = e.message;
    }
    render();
    return;
  }
  const controller = new AbortController();
  analysisAbort = controller;
  latestAnalysis = controller;
  // an analysis replaced by a newer one leaves the page to it
  const superseded = () => latestAnalysis !== controller;
  const asked = $("samples").value.trim();
  const body = { round, seat: T.seat };
  if (asked) body.samples = Number(asked);
  result.textContent = "";
  showProgress(true, 0, 1, "deals sampled");
  const started = performance.now();
  let plan = null;
  const onProgress = (done, total) => {
    if (superseded()) return;
    const spent = (performance.now() - started) / 1000;
    const left = done ? spent / done * (total - done) : null;
    showProgress(true, done, total, "deals sampled", left === null ? "" : `, about ${Math.ceil(left)} s left`);
  };
  try {
    const a = await postStream("/api/analyse", body, onProgress, controller.signal, (p) => {
      if (superseded()) return;
      plan = p;
      $("analysis-plan").textContent = `About ${p.seconds} s: ${p.samples} deals; ${p.what}.`;
      showProgress(true, 0, p.samples, "deals sampled");
    });
    if (stale()) return;
    values = {};
    a.cards.forEach((c, i) => { values[c.card] = { text: cardValueText(c, a), cls: i === 0 ? "best" : "" }; });
    const how = a.method === "playout"
      ? "on each card its estimated value (greedy playouts, the end solved: not a proof) and how often the contract was made"
      : "on each card its expected value (bounds where the node limit left it open) and the probability of making the contract";
    result.textContent = `From your hand only: ${a.samples} of ${a.samples_requested} deals sampled` +
      (a.interrupted ? " (cancelled: partial answer)" : "") + `; ${how} (${a.seconds} s).` +
      (facts().value_meaning ? ` Values: ${facts().value_meaning}.` : "");
  } catch (e) {
    if (!superseded()) result.textContent = e.name === "AbortError" ? "Analysis cancelled." : e.message;
  } finally {
    if (analysisAbort === controller) analysisAbort = null;
    if (!superseded()) {
      $("analysis-plan").textContent = "";
      showProgress(false);
      render();
    }
  }
}

// one card's answer: its value (or the bounds the limit left), and P(make)
// (or its range, when some deals were not settled); never a bare "?"
function cardValueText(c, a) {
  let value;
  if (c.value !== null && c.value !== undefined) value = (a.method === "playout" ? "\u2248" : "") + fmt(c.value);
  else if (c.value_bounds) value = `${fmt(c.value_bounds[0])}..${fmt(c.value_bounds[1])}`;
  else value = "open";
  let p;
  if (c.made_probability !== null && c.made_probability !== undefined) p = Math.round(100 * c.made_probability) + "%";
  else {
    const n = c.made + c.failed + c.unsettled;
    p = n ? `${Math.round(100 * c.made / n)}-${Math.round(100 * (c.made + c.unsettled) / n)}%` : "";
  }
  return p ? `${value} \u00b7 ${p}` : value;
}

async function runReview() {
  cancelWork();
  const controller = new AbortController();
  analysisAbort = controller;
  const box = $("review");
  box.textContent = "";
  $("analysis").hidden = false;
  showProgress(true, 0, 1, "cards solved");
  try {
    const r = await postStream("/api/review", { round: T.round },
                               (done, total) => showProgress(true, done, total, "cards solved"), controller.signal);
    const table = document.createElement("table");
    table.id = "review-table";
    const head = table.insertRow();
    for (const h of ["trick", "seat", "card", "value after", "gave away"]) {
      const th = document.createElement("th");
      th.textContent = h;
      head.appendChild(th);
    }
    for (const c of r.cards) {
      const tr = table.insertRow();
      if (c.loss) tr.className = "mistake";
      tr.insertCell().textContent = Math.floor(c.index / T.view.n_seats) + 1;
      tr.insertCell().textContent = seatName(c.seat);
      tr.insertCell().textContent = cardLabel(c.card);
      tr.insertCell().textContent = Array.isArray(c.value_after) ? c.value_after.join("..") : c.value_after;
      tr.insertCell().textContent = c.loss ? String(c.loss) : "";
    }
    const mistakes = r.cards.filter((c) => c.loss).length;
    box.replaceChildren(`Double-dummy value at the start: ${r.start}; ${mistakes} card(s) gave value away` +
                        (r.interrupted ? " (cancelled: the cards solved so far)" : "") + ".", table);
  } catch (e) {
    box.textContent = e.name === "AbortError" ? "Review cancelled." : e.message;
  } finally {
    if (analysisAbort === controller) analysisAbort = null;
    showProgress(false);
  }
}

// -- setup ------------------------------------------------------------------------------------

// the table options of the game chosen (its Round options, from /api/games):
// a number to choose (Smear's widow) or flags to tick (Belote's rule variants)
function fillOptions() {
  const box = $("options");
  box.replaceChildren();
  for (const [name, choices] of Object.entries(facts($("game").value).options || {})) {
    if (choices.every((c) => typeof c === "number")) {
      const label = document.createElement("label");
      label.append(name[0].toUpperCase() + name.slice(1) + " ");
      const select = document.createElement("select");
      select.id = `opt-${name}`;
      for (const n of choices) select.add(new Option(String(n), String(n)));
      label.appendChild(select);
      box.appendChild(label);
    } else {
      for (const [flag, text] of choices) {
        const label = document.createElement("label");
        const check = document.createElement("input");
        check.type = "checkbox";
        check.className = `opt-${name}`;
        check.value = flag;
        label.append(check, " " + text);
        box.appendChild(label);
      }
    }
  }
}

// the options chosen: a number only when not 0, flags comma-separated
function chosenOptions() {
  const out = {};
  for (const [name, choices] of Object.entries(facts($("game").value).options || {})) {
    if (choices.every((c) => typeof c === "number")) {
      const n = Number($(`opt-${name}`).value);
      if (n) out[name] = n;
    } else {
      const flags = [...document.querySelectorAll(`.opt-${name}:checked`)].map((c) => c.value);
      if (flags.length) out[name] = flags.join(",");
    }
  }
  return out;
}

function fillSeats() {
  const g = games.find((x) => x.name === $("game").value);
  const seat = $("seat");
  const keep = seat.value;
  seat.replaceChildren();
  for (let s = 0; s < g.seats; s++) seat.add(new Option(g.named_seats ? g.seat_names[s] : `seat ${s}`, s));
  if (keep && Number(keep) < g.seats) seat.value = keep;
}

async function init() {
  const info = await (await fetch("/api/games")).json();
  games = info.games;
  for (const g of games) $("game").add(new Option(g.title, g.name));
  for (const l of info.levels) $("level").add(new Option(l, l));
  $("game").value = "belote";
  $("level").value = "easy";
  fillSeats();
  fillOptions();
  $("game").addEventListener("change", () => { fillSeats(); fillOptions(); });
  $("setup").addEventListener("submit", newGame);
  $("level").addEventListener("change", () => { T.level = $("level").value; save(); });
  $("think").addEventListener("change", () => { T.think = $("think").value; save(); });
  $("undo-button").addEventListener("click", undo);
  $("analyse").addEventListener("change", async () => {
    T.analyse = $("analyse").checked; save(); clearAnalysis(); await refresh(); maybeAnalyse();
  });
  $("mode").addEventListener("change", async () => {
    T.mode = $("mode").value; save(); clearAnalysis(); await refresh(); maybeAnalyse();
  });
  $("samples").addEventListener("change", () => { clearAnalysis(); maybeAnalyse(); });
  $("cancel").addEventListener("click", cancelWork);
  $("last-trick-button").addEventListener("click", () => { $("last-trick").hidden = !$("last-trick").hidden; });
  $("review-button").addEventListener("click", runReview);

  const saved = JSON.parse(localStorage.getItem(STORE) || "null");
  if (saved && saved.round) {
    Object.assign(T, saved);
    if (!THINK[T.think]) T.think = "normal";
    $("level").value = T.level;
    $("think").value = T.think;
    $("analyse").checked = T.analyse;
    $("mode").value = T.mode;
    $("game").value = T.round.game;
    fillSeats();
    fillOptions();
    $("seat").value = String(T.seat);
    try {
      await refresh();
    } catch (e) {
      showMessage(`The saved game could not be restored: ${e.message}`);
      localStorage.removeItem(STORE);
      return;
    }
    proceed();
  }
}

// the game again from the server (rebuilt from its deal and actions)
async function refresh() {
  if (!T.round) return;
  update(await post("/api/state", { round: T.round, seat: T.seat, open: openHands() }));
}

init().catch((e) => showMessage(e.message));
