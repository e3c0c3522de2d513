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
let T = { round: null, seat: 0, level: "easy", analyse: false, mode: "dd", view: null };
let games = [];
let busy = false;          // a request is in flight: clicks wait
let analysisAbort = null;  // AbortController of a running analysis or review
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
async function postStream(path, body, onProgress, signal) {
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
      if (line.progress) onProgress(line.progress.done, line.progress.total);
      else if (line.error) throw new Error(line.error);
      else if (line.result) return line.result;
    }
  }
  throw new Error("the answer ended early");
}

function save() {
  localStorage.setItem(STORE, JSON.stringify({ round: T.round, seat: T.seat, level: T.level,
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
  if (token === "EX") return "Exc";
  if (token === "MT") return "Mat";
  const suit = suitOf(token);
  if (suit === "T") return token;                      // a tarot trump: its number
  const rank = token.slice(1) === "T" ? "10" : token.slice(1);
  const symbol = T.view && T.view.game === "tarocco" ? suit : (SUIT_SYMBOLS[suit] || suit);
  return rank + symbol;
}

function cardElement(token, { button = false, small = false, legal = false } = {}) {
  const el = document.createElement(button ? "button" : "span");
  el.className = "card" + (small ? " small" : "") + (RED.has(suitOf(token)) && T.view.game !== "tarocco" ? " red" : "");
  el.dataset.card = token;
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
  if (T.view.game === "bridge") return "NESW"[seat] + (seat === T.seat ? " (you)" : "");
  return seat === T.seat ? `you (seat ${seat})` : `seat ${seat}`;
}

// partner or opponent, in the games whose sides are fixed before the deal
function seatRole(seat) {
  const v = T.view;
  if (seat === T.seat || v.game === "tarot" || v.game === "tarot2") return "";
  return v.sides[seat] === v.sides[T.seat] ? " \u00b7 partner" : " \u00b7 opponent";
}

// what the double-dummy value counts, per game
const VALUE_MEANING = {
  tarot: "the taker's margin over the target, in points", tarot2: "player 0's margin, in points",
  tarocco: "card points of seats 0+2", belote: "the taker's side card points",
  smear: "points of the bidder's side (of 4)", bridge: "tricks of the declarer's side",
};

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
    line.textContent = [calls.length ? "bids: " + calls.join(", ") : "",
                        count !== null && s !== T.seat ? `${count} cards` : ""].filter(Boolean).join(" \u00b7 ");
    box.appendChild(line);
    if (v.public && v.public.face_up) {      // tarot2: the face-up tops of the piles
      const tops = document.createElement("div");
      tops.className = "open-hand";
      tops.append("piles: ");
      for (const [, t] of v.public.face_up[s]) tops.appendChild(cardElement(t, { small: true }));
      box.appendChild(tops);
    }
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
  if (pub.turned) parts.push(`turned ${cardLabel(pub.turned)}`);
  if (pub.contract) parts.push(pub.contract.replace("_", " "));
  if (pub.declarer) parts.push(`${pub.level}${pub.strain} by ${pub.declarer}`);
  if (pub.dog) parts.push(`dog ${pub.dog.map(cardLabel).join(" ")}`);
  if (pub.trump) parts.push(`trump ${SUIT_SYMBOLS[pub.trump] || pub.trump}`);
  if (pub.taker !== undefined) parts.push(`taker ${seatName(pub.taker)}`);
  if (pub.bidder !== undefined) parts.push(`bidder ${seatName(pub.bidder)} bid ${pub.bid}`);
  const options = T.round.options || {};
  if (options.variant) parts.push(`variant ${options.variant}`);
  if (options.widow) parts.push(`widow ${options.widow}`);
  for (const [s, what] of v.announcements) parts.push(`${seatName(s)}: ${what}`);
  $("contract").textContent = parts.join(" \u00b7 ");
  $("points").textContent = v.points ? `${v.points_unit}: ${v.points.map((p, i) => `side ${i}${i === v.sides[T.seat] ? " (yours)" : ""} ${p}`).join(", ")}` : "";
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
      b.textContent = SUIT_SYMBOLS[token] ? `${token} ${SUIT_SYMBOLS[token]}` : token;
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
  for (const t of legal) if (!tokens.includes(t)) tokens.push(t);   // bridge: the dummy's cards
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
  if (v.score) score.replaceChildren(scoreTable(v.score));
  $("analysis").hidden = !T.analyse && !$("progress").offsetParent;
}

// bridge: the dummy's seat once its cards are shown
function dummySeat(v) {
  if (v.game !== "bridge" || !v.public || !v.public.dummy) return null;
  return ("NESW".indexOf(v.public.declarer) + 2) % 4;
}

function scoreTable(score) {
  const wrap = document.createElement("div");
  const h = document.createElement("h2");
  h.textContent = score.void ? "Void deal: nobody took" : (score.made === undefined ? "Score" : score.made ? "Contract made" : "Contract failed");
  wrap.appendChild(h);
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
    $("thinking-text").textContent = `${seatName(who)} is thinking (${T.level})\u2026`;
    $("thinking").hidden = false;
    try {
      if (BOT_DELAY) await sleep(BOT_DELAY);
      if (gen !== generation) return;     // a new deal started meanwhile
      const data = await post("/api/play", { round: T.round, seat: T.seat, level: T.level, open: openHands() });
      if (gen !== generation) return;
      update(data);
    } catch (e) {
      if (gen === generation) showMessage(e.message);
      return;
    } finally {
      if (gen === generation) {
        busy = false;
        $("thinking").hidden = true;
        render();
      }
    }
  }
  maybeAnalyse();
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
  $("thinking").hidden = true;
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

function showProgress(on, done = 0, total = 1, label = "") {
  $("progress").hidden = !on;
  $("progress-bar").max = total;
  $("progress-bar").value = done;
  $("progress-text").textContent = on ? `${label} ${done} / ${total}` : "";
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
        ` (${VALUE_MEANING[v.game]}); ${line} (${hint.nodes} nodes, ${hint.seconds} s)`;
    } catch (e) {
      result.textContent = e.message;
    }
    render();
    return;
  }
  const controller = new AbortController();
  analysisAbort = controller;
  const samples = Number($("samples").value) || 40;
  result.textContent = "";
  showProgress(true, 0, samples, "deals sampled");
  try {
    const a = await postStream("/api/analyse", { round, seat: T.seat, samples },
                               (done, total) => showProgress(true, done, total, "deals sampled"), controller.signal);
    if (stale()) return;
    values = {};
    a.cards.forEach((c, i) => {
      const p = c.made_probability === null ? "?" : Math.round(100 * c.made_probability) + "%";
      values[c.card] = { text: `${fmt(c.value)} \u00b7 ${p}`, cls: i === 0 ? "best" : "" };
    });
    result.textContent = `From your hand only: ${a.samples} of ${a.samples_requested} deals sampled` +
      (a.interrupted ? " (cancelled: partial answer)" : "") +
      `; on each card its expected value and the probability of making the contract (${a.seconds} s).`;
  } catch (e) {
    result.textContent = e.name === "AbortError" ? "Analysis cancelled." : e.message;
  } finally {
    if (analysisAbort === controller) analysisAbort = null;
    showProgress(false);
    render();
  }
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

// the table options of a game (Round options): Belote's rule variants, Smear's widow
const GAME_OPTIONS = {
  belote: [["no-undertrump", "no forced undertrump"], ["no-partner-overtrump", "no overtrump over partner"]],
  smear: "widow",
};

function fillOptions() {
  const box = $("options");
  box.replaceChildren();
  const spec = GAME_OPTIONS[$("game").value];
  if (spec === "widow") {
    const label = document.createElement("label");
    label.append("Widow ");
    const select = document.createElement("select");
    select.id = "opt-widow";
    for (const n of [0, 1, 2, 3]) select.add(new Option(String(n), String(n)));
    label.appendChild(select);
    box.appendChild(label);
  } else if (spec) {
    for (const [flag, text] of spec) {
      const label = document.createElement("label");
      const check = document.createElement("input");
      check.type = "checkbox";
      check.className = "opt-variant";
      check.value = flag;
      label.append(check, " " + text);
      box.appendChild(label);
    }
  }
}

function chosenOptions() {
  const game = $("game").value;
  if (GAME_OPTIONS[game] === "widow") {
    const widow = Number($("opt-widow").value);
    return widow ? { widow } : {};
  }
  const flags = [...document.querySelectorAll(".opt-variant:checked")].map((c) => c.value);
  return flags.length ? { variant: flags.join(",") } : {};
}

function fillSeats() {
  const g = games.find((x) => x.name === $("game").value);
  const seat = $("seat");
  const keep = seat.value;
  seat.replaceChildren();
  for (let s = 0; s < g.seats; s++) seat.add(new Option(g.name === "bridge" ? "NESW"[s] : `seat ${s}`, s));
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
    $("level").value = T.level;
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
