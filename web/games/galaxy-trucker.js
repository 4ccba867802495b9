// Galaxy Trucker on screen: real-time building (canvas ship grid, the pile, face-up components, set-aside slots,
// card piles, the hourglass, order tiles), the ship check, crew, the flight (track, card, choices) and the scores.
// The page decides no rule: every choice offered is one of view.legal_actions and every refusal comes from the engine.
// Building actions carry the game's clock, read from the shell (host.now()).
import { el, fill, fillKeeping, keepFocus, withNames } from "../ui/dom.js";
import { lang, tr } from "../i18n.js";
import {
  NOT_SHOWN, actionSender, focusRefusal, linkStyles, refusalLine, seatNamer, shellHooks, soleNotice, traceEnd,
  traceStart,
} from "../ui/kit.js";
import { SEAT_COLOURS, cellAt, drawShip, drawSingle, drawTrack, seatMarks } from "./galaxy-trucker/draw.js";
import { L, actionLabel, askText, cardText } from "./galaxy-trucker/words.js";
import { heldRotation } from "./galaxy-trucker/rotation.js";
import { icon } from "../ui/icons.js";
import { askPassOnly } from "../ui/autoanswer.js";
import * as store from "../store.js";

const GAME_ID = "galaxy-trucker";

linkStyles("galaxy-trucker", import.meta.url);

const cellKey = (c) => `${c[0]},${c[1]}`;

const BUILD_TYPES = new Set(["take", "take_up", "take_aside", "place", "return", "aside", "lift", "peek", "unpeek",
  "finish", "flip", "time_up"]);

export function createView(parts, host) {
  const { board, prompt } = parts;
  const tables = host.tables || {}; // the game's static tables (its catalog entry's): a view names them by id
  let view = null;
  let opts = NOT_SHOWN;
  let rot = 0;
  let handWas = null;
  let cursor = null;
  let geo = null;
  let dragging = false;
  let glassText = null;

  const name = seatNamer(host);
  const me = () => opts.viewer;
  const legal = () => (view && opts.interactive ? view.legal_actions || [] : []);
  const building = () => Boolean(view && view.asks && view.asks[0] && view.asks[0].kind === "build");

  // One action at a time; the engine's refusal is shown and focused. A building action carries the page's clock.
  const sender = actionSender(host, { onRefused: () => {
    paint();
    focusRefusal(prompt);
  } });
  function send(action) {
    return sender.send(BUILD_TYPES.has(action.type) && building() ? { ...action, t: host.now() } : action);
  }

  // Several humans building at one device (the new-game dialog makes it « Détendu »): the device goes from one to
  // the other with the « Jouer : … » buttons; a pile looked at is put back first, and shown to its player only
  // once the others look away (`unveiled`: "seat:pile" that player uncovered).
  const humansHere = () => host.seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
  let unveiled = null;
  async function handTo(s) {
    if (view.pile_seen) await send({ type: "unpeek", t: 0 });
    unveiled = null;
    host.setViewer(s);
  }

  // The component in hand keeps its rotation through a reload of the tab (heldRotation).
  const held = heldRotation(host);
  function turn(by) {
    rot = (rot + by) % 4;
    held.turned(me(), handWas, rot);
    paint();
  }

  function placeLegal() {
    return legal().filter((a) => a.type === "place" && a.rot === rot);
  }

  function placeAt(cell) {
    const hit = placeLegal().find((a) => a.cell[0] === cell[0] && a.cell[1] === cell[1]);
    if (hit) send(hit);
    else if (view.building && view.building.hand[me()] !== null) {
      send({ type: "place", cell, rot }); // the engine says why not
    }
  }

  function cellActions(cell) {
    return legal().filter((a) => Array.isArray(a.cell) && a.cell[0] === cell[0] && a.cell[1] === cell[1] && a.type !== "place");
  }

  function onShipClick(e, canvas) {
    if (!geo || !opts.interactive) return;
    const cell = cellAt(canvas, geo, e.clientX, e.clientY);
    cursor = cell;
    if (building()) placeAt(cell);
    else {
      const acts = cellActions(cell);
      if (acts.length === 1) send(acts[0]);
      else paint();
    }
  }

  function onKey(e) {
    if (!view || !opts.interactive) return;
    if (e.key === "r" || e.key === "R") {
      turn(e.key === "R" ? 3 : 1);
      e.preventDefault();
      return;
    }
    const ship = view.ships[me()];
    if (!ship) return;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (steps[e.key]) {
      const start = cursor || [7, 7];
      cursor = [start[0] + steps[e.key][0], start[1] + steps[e.key][1]];
      paint();
      e.preventDefault();
    } else if ((e.key === "Enter" || e.key === " ") && cursor && e.target.dataset.testid === "my-ship") {
      if (building()) placeAt(cursor);
      else {
        const acts = cellActions(cursor);
        if (acts.length) send(acts[0]);
      }
      e.preventDefault();
    }
  }
  board.addEventListener("keydown", onKey);

  // A press on the ship is a click once released over it, read here rather than from the canvas's "click": a bot's
  // move drawn between the press and the release (several a second while they build) would lose that click.
  let pressed = false;
  function onPointerUp(e) {
    if (!dragging && !pressed) return;
    const wasDrag = dragging;
    dragging = false;
    pressed = false;
    const canvas = board.querySelector('[data-testid="my-ship"]');
    if (!canvas || !geo) return;
    const box = canvas.getBoundingClientRect();
    if (e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom) {
      if (wasDrag) placeAt(cellAt(canvas, geo, e.clientX, e.clientY));
      else onShipClick(e, canvas);
    }
  }
  globalThis.addEventListener("pointerup", onPointerUp);

  let legalKeys = null; // the legal actions without their clock, as JSON: made once per drawing (see paint)
  function isLegal(action) {
    if (!legalKeys) legalKeys = new Set(legal().map((a) => JSON.stringify(strip(a))));
    return legalKeys.has(JSON.stringify(strip(action)));
  }

  function button(label, action, testid, extra = {}) {
    const ok = isLegal(action);
    return el("button", { type: "button", testid, disabled: !ok && !extra.always, class: extra.primary ? "primary" : null,
      "data-action": JSON.stringify(action), onclick: () => send(action) }, label);
  }
  const strip = (a) => {
    const { t, ...rest } = a;
    return rest;
  };

  function glassLine(t) {
    const T = L();
    const g = view.building && view.building.glass;
    if (!g) return T.relaxed;
    const left = Math.ceil((g.expires - t) / 1000);
    return left > 0 ? T.glass(g.circle + 1, g.runs, left) : T.glassOut(g.circle + 1, g.runs);
  }

  // Each ship's canvas, kept from one drawing to the next and drawn again only when what it shows changed (a bot's
  // move redraws its own ship alone): "seat|size|interactive" → {key, canvas, geo}.
  const shipCanvases = new Map();

  function shipCanvas(seat, size, interactiveShip) {
    const ship = view.ships[seat];
    const slot = `${seat}|${size}|${interactiveShip ? 1 : 0}`;
    let kept = shipCanvases.get(slot);
    if (!kept) {
      const canvas = el("canvas", { class: "gt-ship", testid: interactiveShip ? "my-ship" : `ship-${seat}`,
        tabindex: interactiveShip ? "0" : null, "aria-label": `${name(seat)}` });
      kept = { key: null, canvas, geo: null };
      if (interactiveShip) {
        const mine = kept;
        canvas.addEventListener("pointerdown", (e) => {
          if (e.button === 0) pressed = true;
        });
        canvas.addEventListener("pointermove", (e) => {
          if (!building() || !mine.geo) return;
          const c = cellAt(canvas, mine.geo, e.clientX, e.clientY);
          if (!cursor || c[0] !== cursor[0] || c[1] !== cursor[1]) {
            cursor = c;
            cursorSoon();
          }
        });
      }
      shipCanvases.set(slot, kept);
    }
    const canvas = kept.canvas;
    const faults = new Set((view.summary[seat].errors || []).map(cellKey));
    let legalCells = new Set();
    let picked = new Set();
    let preview = null;
    if (interactiveShip && building()) {
      legalCells = new Set(placeLegal().map((a) => cellKey(a.cell)));
      const hand = view.building.hand[seat];
      if (hand !== null && cursor && legalCells.has(cellKey(cursor))) preview = { tile: hand, rot, cell: cursor };
    } else if (interactiveShip) {
      picked = new Set(legal().filter((a) => Array.isArray(a.cell)).map((a) => cellKey(a.cell)));
    }
    const shown = { ship, legal: [...legalCells], faults: [...faults], picked: [...picked], preview,
      cursor: interactiveShip ? cursor : null };
    const key = JSON.stringify(shown);
    if (kept.key !== key) {
      kept.geo = drawShip(canvas, ship, { tiles: tables.tiles, cell: size, legal: legalCells, faults, picked,
        cursor: shown.cursor, preview });
      kept.key = key;
    }
    if (interactiveShip) {
      const g = kept.geo;
      geo = g;
      mine = { seat, size, canvas };
      canvas.dataset.r0 = String(g.r0);
      canvas.dataset.c0 = String(g.c0);
      canvas.dataset.cell = String(g.s);
      // The legal cells as places on the canvas (CSS pixels from its corner; the canvas may be drawn scaled).
      const k = (canvas.clientWidth || g.nc * g.s) / (g.nc * g.s);
      canvas.dataset.legal = JSON.stringify(shown.legal.map((cell) => {
        const [r, c] = cell.split(",").map(Number);
        return { cell, x: Math.round((c - g.c0 + 0.5) * g.s * k), y: Math.round((r - g.r0 + 0.5) * g.s * k) };
      }));
    }
    return canvas;
  }

  // The pointer over one's own ship moves the cursor (and the component's preview): that ship alone is drawn again, at
  // the next frame (the whole board was, which held up the answer to the click that followed).
  let mine = null; // {seat, size, canvas} of the ship drawn for clicks
  let soon = null;
  function cursorSoon() {
    if (soon) return;
    soon = requestAnimationFrame(() => {
      soon = null;
      if (view && mine && mine.canvas.isConnected) shipCanvas(mine.seat, mine.size, true);
    });
  }

  const tileCanvases = new Map(); // tile id → its small canvas, drawn once (the face-up list is long)
  const tileButtons = new Map(); // testid → {key, button}: kept while the component's button is the same
  function tileButton(tile, action, testid) {
    const kind = tables.tiles[String(tile)].kind;
    const label = tr(tables.kinds[kind]);
    const key = `${isLegal(action)}|${label}`;
    const kept = tileButtons.get(testid);
    if (kept && kept.key === key) return kept.button;
    let c = tileCanvases.get(tile);
    if (!c) {
      c = el("canvas", { "aria-hidden": "true" });
      drawSingle(c, tables.tiles[String(tile)], 0, 34);
      tileCanvases.set(tile, c);
    }
    const b = button([c, el("span", { class: "sr-only" }, label)], action, testid);
    b.title = label;
    b.classList.add("gt-tile");
    tileButtons.set(testid, { key, button: b });
    return b;
  }

  function buildPanel() {
    const T = L();
    const seat = me();
    const b = view.building;
    const ship = seat !== null ? view.ships[seat] : null;
    const hand = seat !== null ? b.hand[seat] : null;
    if (hand !== handWas) {
      rot = held.taken(seat, hand); // the rotation it had before a reload, else 0
      handWas = hand;
    }
    glassText = el("span", null, glassLine(host.now()));
    const glassBox = el("div", { class: "gt-glass", testid: "hourglass" }, icon("hourglass"), " ", glassText);
    const glassRow = el("div", { class: "row gt-row" }, glassBox,
      b.glass ? button(T.flip, { type: "flip", t: 0 }, "flip", { always: true }) : null);
    const handCanvas = el("canvas", { class: "gt-hand", testid: "hand", draggable: "false", dataset: { rot: String(rot) } });
    if (hand !== null) {
      drawSingle(handCanvas, tables.tiles[String(hand)], rot, 64);
      handCanvas.addEventListener("pointerdown", (e) => {
        dragging = true;
        e.preventDefault();
      });
    }
    const handBox = el("div", { class: "gt-handbox" },
      el("h3", null, T.hand),
      hand !== null ? [handCanvas, el("div", { class: "gt-kind", testid: "hand-kind" }, tr(tables.kinds[tables.tiles[String(hand)].kind])),
        el("p", { class: "gt-hint", testid: "place-hint" }, T.placeHint(placeLegal().length))] : el("p", null, T.noHand),
      el("div", { class: "row" },
        el("button", { type: "button", testid: "rot-left", disabled: hand === null, onclick: () => turn(3) }, T.rotL),
        el("button", { type: "button", testid: "rot-right", disabled: hand === null, onclick: () => turn(1) }, T.rotR)),
      el("div", { class: "row" },
        button(T.take(b.facedown), { type: "take", t: 0 }, "take", { primary: true }),
        button(T.ret, { type: "return", t: 0 }, "return"),
        button(T.aside, { type: "aside", t: 0 }, "set-aside"),
        button(T.lift, { type: "lift", t: 0 }, "lift")));
    const takeUp = (tile) => ({ type: "take_up", tile, t: 0 });
    const faceup = part("faceup", JSON.stringify([lang(), b.faceup, b.faceup.map((tile) => isLegal(takeUp(tile)))]), () =>
      el("section", { class: "gt-faceup", testid: "faceup" }, el("h3", null, `${T.faceup} (${b.faceup.length})`),
        el("div", { class: "gt-tiles" }, b.faceup.map((tile) => tileButton(tile, takeUp(tile), `up-${tile}`)))));
    const aside = ship ? el("section", { class: "gt-aside", testid: "aside" }, el("h3", null, T.asideTitle),
      el("div", { class: "gt-tiles" }, ship.aside.map((tile) => tileButton(tile, { type: "take_aside", tile, t: 0 }, `aside-${tile}`)))) : null;
    const seen = view.pile_seen;
    // Several humans at the device: the pile looked at is veiled until its player says the others look away.
    const veiled = seen && humansHere().length > 1 && unveiled !== `${seat}:${seen.pile}`;
    const piles = el("section", { class: "gt-piles", testid: "piles" }, el("h3", null, T.piles),
      el("div", { class: "row" }, [0, 1, 2].map((i) => button(T.peek(i + 1), { type: "peek", pile: i, t: 0 }, `peek-${i}`)),
        el("button", { type: "button", disabled: true }, T.secret),
        button(T.unpeek, { type: "unpeek", t: 0 }, "unpeek")),
      veiled ? el("div", { class: "gt-seen gt-veil", testid: "pile-veil" }, el("p", null, T.pileFor(seen.pile + 1, name(seat))),
        el("button", { type: "button", class: "primary", testid: "pile-show",
          onclick: () => { unveiled = `${seat}:${seen.pile}`; paint(); } }, T.pileShow(name(seat))))
        : seen ? el("div", { class: "gt-seen", testid: "pile-seen" }, el("strong", null, T.seen(seen.pile + 1)),
          el("ul", null, seen.cards.map((cid) => el("li", null, cardText(tables.cards[cid], tables))))) : null);
    const order = el("div", { class: "row gt-order", testid: "order" },
      legal().filter((a) => a.type === "finish").map((a) => button(T.finish(a.order), a, `finish-${a.order}`)));
    return fillKeeping(box("build", "gt-build"), glassRow,
      fillKeeping(box("build-main", "gt-build-main"),
        ship ? fillKeeping(box("build-ship", "gt-myship"), shipCanvas(seat, 48, opts.interactive)) : null,
        el("div", { class: "gt-side" }, handBox, order, aside, piles)),
      faceup);
  }

  /** A seat's mark as the track draws it (its colour, its letters), beside its name in the flight order. */
  const markChip = (s, marks) => el("span", { class: "gt-mark", testid: `mark-${s}`, style: `background:${SEAT_COLOURS[s % 4]}` }, marks[s]);

  let trackCanvas = null; // {key, canvas}: the track drawn again only when a ship moved
  function flightPanel() {
    const T = L();
    const initials = seatMarks(host.names);
    const trackKey = JSON.stringify([view.track, initials]);
    if (!trackCanvas || trackCanvas.key !== trackKey) {
      trackCanvas = { key: trackKey, canvas: el("canvas", { class: "gt-track", testid: "track" }) };
      drawTrack(trackCanvas.canvas, view.track, initials);
    }
    const track = trackCanvas.canvas;
    const order = el("ol", { class: "gt-flight-order", testid: "flight-order" },
      view.track.order.map((s) => el("li", null, markChip(s, initials), " ", name(s), ` (${view.track.pos[s]})`)),
      view.track.out.map((out, s) => (out && view.track.order.length ? el("li", { class: "gt-out" }, name(s), " — ", T.gaveUp) : null)));
    // Once resolved, the card stays in view (dimmed) until the next one is drawn: what just happened can be read
    // while the page goes on by itself (autoAnswer).
    const card = view.card ? el("div", { class: "gt-card", testid: "card" }, cardText(tables.cards[view.card], tables))
      : view.last_card && tables.cards[view.last_card] && view.cards_left > 0
        ? el("div", { class: "gt-card gt-card-done", testid: "last-card" }, el("strong", null, T.lastCard), " ",
          cardText(tables.cards[view.last_card], tables)) : null;
    return el("div", { class: "gt-flight" },
      el("div", { class: "gt-track-box" }, track, el("div", null, el("strong", null, T.order), order,
        el("p", null, T.deck(view.cards_left)))),
      card);
  }

  function shipsPanel(bigSeat) {
    const T = L();
    return fillKeeping(box("ships", "gt-ships", "ships"), view.ships.map((ship, seat) => {
      if (seat === bigSeat) return null;
      const s = view.summary[seat];
      const shown = [lang(), ship, s, view.credits[seat], building()];
      return part(`ship-box-${seat}`, JSON.stringify(shown), () => el("figure", { class: "gt-other", testid: `ship-box-${seat}` },
        shipCanvas(seat, 20, false),
        el("figcaption", null, el("strong", { style: `color:${SEAT_COLOURS[seat % 4]}` }, "■ "), name(seat),
          host.seats[seat] && host.seats[seat].kind === "bot" ? ` (${T.bot})` : "",
          " — ", T.credits(view.credits[seat]),
          el("div", { class: "gt-sum" }, T.summary(s)),
          s.errors.length && !building() ? el("div", { class: "gt-faults" }, T.faults(s.errors.length)) : null)));
    }));
  }

  // Parts of the board kept from one drawing to the next while what they show is the same, and boxes that stay put
  // (fillKeeping leaves them in place: no new layout for them, and a press on them is not lost to a bot's move).
  const keptParts = new Map(); // name → {key, node}
  function part(name, key, make) {
    const kept = keptParts.get(name);
    if (kept && kept.key === key) return kept.node;
    const node = make();
    keptParts.set(name, { key, node });
    return node;
  }
  const boxes = new Map(); // name → a div kept for good
  function box(name, cls, testid = null) {
    if (!boxes.has(name)) boxes.set(name, el("div", { class: cls, testid }));
    return boxes.get(name);
  }

  function promptBar() {
    const T = L();
    const ask = view.asks && view.asks[0];
    const seat = me();
    const items = [];
    if (view.over) return el("div", null);
    if (building()) {
      if (seat !== null && view.building.order[seat] !== null) items.push(el("p", null, T.finished(view.building.order[seat])));
      else if (opts.interactive) items.push(el("p", null, T.buildPrompt));
    } else if (ask && opts.interactive && ask.seats.includes(seat)) {
      const auto = autoAnswer();
      // Before a card the page's note replaces the question; a lone answer's note follows its question.
      if (!auto || ask.kind !== "ready") items.push(el("p", null, askText(ask, view, tables, legal)));
      // What the page answers by itself is not offered as a button (« Continuer » is never asked); giving up the
      // flight stays offered until it has gone on.
      const acts = auto ? legal().filter((a) => a.type === "give_up") : legal();
      if (auto) items.push(el("p", { class: "gt-auto", testid: "auto-note" }, ask.kind === "ready" ? T.autoReady : T.autoOnly));
      items.push(el("div", { class: "row gt-actions", testid: "actions" },
        acts.map((a, i) => el("button", { type: "button", class: i === 0 ? "primary" : null, testid: `act-${a.type}-${i}`,
          "data-action": JSON.stringify(a), onclick: () => send(a) }, actionLabel(a, view, tables, me)))));
    } else if (ask) {
      items.push(el("p", null, T.waiting(ask.seats.map(name).join(", "))));
    }
    const seatsIn = humansHere();
    if (building() && seatsIn.length > 1) {
      items.push(el("div", { class: "row" }, T.play, seatsIn.map((s) => el("button", { type: "button", testid: `seat-${s}`,
        disabled: s === seat, onclick: () => handTo(s) }, name(s)))));
    }
    if (sender.refusal) items.push(refusalLine(sender.refusal));
    return el("div", { class: "gt-prompt" }, items);
  }

  /** Between two flights: each seat's credits from the flight just flown and the components it lost. */
  function resultsPanel() {
    const T = L();
    const ask = view.asks && view.asks[0];
    const lines = view.scores && view.scores[view.scores.length - 1];
    if (!ask || ask.kind !== "results" || !lines) return null;
    return el("section", { class: "gt-results", testid: "flight-results" },
      el("h3", null, T.resultsTitle(view.scores.length)),
      el("ul", null, lines.map((line, s) => el("li", { testid: `result-${s}` },
        el("strong", { style: `color:${SEAT_COLOURS[s % 4]}` }, "■ "), name(s), " : ",
        T.resultLine(line.total ?? 0, -(line.lost ?? 0))))));
  }

  function scoresTable() {
    const T = L();
    if (!view.scores || !view.scores.length) return null;
    const keys = ["cards", "finish", "best_looking", "goods", "lost", "total"];
    return el("table", { class: "scores gt-scores", testid: "flight-scores" },
      el("caption", null, T.flightScores),
      el("thead", null, el("tr", null, el("th", null, ""), T.scoreHead.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", null, view.scores.flatMap((lines, f) => lines.map((line, seat) => el("tr", null,
        el("th", { scope: "row" }, name(seat)), el("td", null, String(f + 1)),
        keys.map((k) => el("td", null, String(line[k] ?? 0))))))));
  }

  function paint() {
    if (!view) return;
    const start = traceStart();
    legalKeys = null;
    const T = L();
    const seat = me();
    keepFocus(board, () => {
      const head = el("div", { class: "gt-head" }, el("strong", null, T.flight(view.flight, view.ship_class)),
        seat !== null ? [" · ", T.credits(view.credits[seat])] : null,
        seat !== null && view.loans && view.loans[seat]
          ? el("span", { testid: "my-loans" }, " · ", T.loans(view.loans[seat])) : null,
        view.rough_roads && view.rough_roads.length
          ? el("div", { class: "gt-rough", testid: "rough-roads" }, T.rough, view.rough_roads.map((c) => c[lang()] || c.fr).join(", "))
          : null);
      const mine = seat !== null && !building()
        ? fillKeeping(box("flight-ship", "gt-myship"), shipCanvas(seat, 40, opts.interactive),
          el("div", { class: "gt-sum", testid: "my-summary" }, T.summary(view.summary[seat])))
        : null;
      const summaryBuild = seat !== null && building()
        ? el("div", { class: "gt-sum", testid: "my-summary" }, T.summary(view.summary[seat])) : null;
      fillKeeping(board, head,
        resultsPanel(),
        building() ? [buildPanel(), summaryBuild] : [flightPanel(), mine],
        shipsPanel(seat),
        scoresTable());
    });
    fill(prompt, promptBar());
    traceEnd("ui:paint", start);
    sender.drawn(); // "ui:click-to-render": from a click to the board drawn again (engine round trips included)
  }

  /**
   * What the page answers by itself for the seat at the device, at the bot pace (store.settings().botDelay), unless
   * the player asked to be asked (« Demander mes passes », autoanswer.js): « go on » before each card (the card just
   * resolved stays in view), and the answer to a question that has only one. Never the results between two flights
   * (they wait for the player), never while building. The delay is the same whatever the question, so between
   * several humans at one device how soon the page goes on tells nothing. Returns {action, notice} or null.
   */
  function autoAnswer(v = view, o = opts) {
    const ask = v && v.asks && v.asks[0];
    if (!ask || v.over || !o.interactive || ask.kind === "build" || askPassOnly(GAME_ID)) return null;
    const seat = o.viewer;
    if (ask.kind === "results" || !ask.seats.includes(seat) || !(v.to_move || []).includes(seat)) return null;
    const acts = v.legal_actions || [];
    if (ask.kind === "ready") {
      const go = acts.find((a) => a.type === "go");
      const last = v.last_card && tables.cards[v.last_card];
      const cardName = last ? (tables.card_names[last.type] ? tr(tables.card_names[last.type]) : last.type) : null;
      return go ? { action: go, notice: () => L().wentOn(cardName) } : null;
    }
    if (acts.length !== 1) return null;
    const label = v === view ? actionLabel(acts[0], view, tables, me) : acts[0].type;
    return { action: acts[0], notice: () => soleNotice(label) };
  }

  let autoFor = null; // the view whose answer is scheduled (a later view, even an identical one, is a new object)
  let autoTimer = null;
  const autoPending = (on) => {
    if (host.autoPending) host.autoPending(on);
  };
  function cancelAuto() {
    if (autoTimer) {
      clearTimeout(autoTimer);
      autoTimer = null;
      autoPending(false);
    }
    autoFor = null;
  }
  function maybeAutoAnswer() {
    const due = autoAnswer();
    if (!due) {
      cancelAuto();
      return;
    }
    if (autoFor === view) return;
    cancelAuto();
    autoFor = view;
    autoPending(true); // the screen is not waiting for the player meanwhile (tests and tools wait on it)
    const delay = Math.max(0, Number(store.settings().botDelay) || 0);
    const scheduled = view;
    autoTimer = setTimeout(() => {
      autoTimer = null;
      const now = autoAnswer();
      if (view !== scheduled || !now || JSON.stringify(now.action) !== JSON.stringify(due.action)) {
        autoPending(false);
        return;
      }
      if (sender.sending) {
        autoPending(false);
        autoFor = null;
        autoTimer = setTimeout(maybeAutoAnswer, 150);
        return;
      }
      const notice = due.notice();
      sender.send(due.action, { measured: false, quiet: true }).then((answer) => {
        autoPending(false);
        if (answer && answer.ok) {
          if (host.notify) host.notify(notice);
        } else if (view === scheduled) {
          autoFor = null; // not taken (the screen was busy a moment): tried again on the same view
          setTimeout(maybeAutoAnswer, 150);
        }
      }, () => autoPending(false));
    }, delay);
  }

  return {
    ...shellHooks(sender, {
      take: (v, o) => {
        view = v;
        opts = o;
        if (!building()) cursor = cursor || null;
      },
      paint,
      after: maybeAutoAnswer,
      teardown: () => {
        cancelAuto();
        view = null;
        shipCanvases.clear();
        keptParts.clear();
        boxes.clear();
        tileButtons.clear();
        trackCanvas = null;
        if (soon) cancelAnimationFrame(soon);
        globalThis.removeEventListener("pointerup", onPointerUp);
      },
    }),
    // Building is real time and the page sends the last hourglass's run-out itself: the engine says so
    // (view.decision: timed, due), the shell does it (ui/timing.js).
    tick(t) {
      if (glassText && view && view.building) glassText.textContent = glassLine(t);
    },
    scoreLabel() {
      return L().score;
    },
    /** The game menu offers « Demander mes passes » (autoanswer.js): « Continuer » and lone answers asked again. */
    passSetting: true,
    /**
     * What the page answers alone for `seat` in view `v`, so that the shell's undo counts it as the page's and goes
     * back to the player's own choice before it. A lone human only: between several humans the player asked is
     * handed the device first, and the page answers after the same delay as ever.
     */
    soleAnswer(v, seat) {
      if ((host.seats || []).filter((x) => x && x.kind === "human").length >= 2) return null;
      const due = autoAnswer(v, { interactive: true, viewer: seat });
      return due ? due.action : null;
    },
    /** A bot reads the results between two flights at once: only the humans at the device are waited for. */
    botDelay(v, ms) {
      return v && v.asks && v.asks[0] && v.asks[0].kind === "results" ? 0 : ms;
    },
  };
}

// The card in words (galaxy-trucker/words.js) stays exported here, as before the words had a module of their own.
export { cardText, withNames };
