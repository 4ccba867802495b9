// Rencontre Cosmique on screen: the canvas board, seats and powers, the duel, the hand, the deal and its clock.
// The page decides no rule: every choice offered is one of view.legal_actions and every refusal comes from the engine.
import { el, fill, keepFocus, withNames } from "../ui/dom.js";
import { isEn, tr } from "../i18n.js";
import {
  NOT_SHOWN, actionSender, autoAnswerer, autoPasser, focusFirstChoice, focusRefusal, handRow, linkStyles, redrawOnResize, refusalLine,
  seatNamer, shellHooks, soleAnswer, soleNotice, viewerToMove, waitingText,
} from "../ui/kit.js";
import { showSeconds } from "../ui/clock.js";
import { passOnly } from "../ui/timing.js";
import { COLOURS, L } from "./rencontre-cosmique/text.js";
import { drawBoard, hitTest } from "./rencontre-cosmique/canvas.js";
import { flyTokens, tokenMoves } from "./rencontre-cosmique/motion.js";
import { icon, victoryStar } from "../art/rencontre.js";
import { reducedMotion } from "../art/svg.js";

linkStyles("rencontre-cosmique", import.meta.url);

/** Actions that name a planet: chosen on the board (or in the keyboard list under it). */
const PLANET_KEYS = {
  aim: "planet", send: "from", retrieve: "planet", place: "planet", lose: "planet", establish: "from",
  zombie_place: "planet", amibe_add: "from", amibe_remove: "to", reward: "planet",
  deal_give_base: "planet", deal_ask_base: "planet",
};
/** Actions that name a card of the hand: chosen by clicking the card. */
const HAND_TYPES = new Set(["play", "deal_give_card", "discard"]);
/** Order of the prompt's buttons: the decisive ones first, the « do nothing » ones last. */
const ORDER = ["deal_accept", "deal_propose", "second_duel", "escamote", "role", "power", "edict", "answer", "invite", "ally", "new_hand",
  "redraw", "reward", "clone", "steal", "vulch_keep", "vulch_take", "mutant_take", "keep_powers", "rotate_power", "drop_power",
  "send_done", "establish_done", "amibe_done", "mutant_done", "deal_give_base", "deal_ask_base", "deal_keep_card",
  "deal_ask_cards", "deal_zombie_return", "retrieve", "end_turn", "decline", "pass", "timeout"];
/** What spends an edict card or a power: where one is offered beside « Laisser passer », passing is the default. */
const SPENDING = new Set(["power", "edict", "zombie_place", "clone", "steal", "vulch_take", "second_duel"]);
/** Actions offered once per number (n = 0, 1, 2…): shown as one row of numbered buttons under this caption. */
const NUMBERED = { deal_ask_cards: "askCardsGroup", deal_zombie_return: "zombieReturnGroup" };
/** A power's own question that hidden powers ask every seat as a window; its holder is prompted with the question. */
const OWN_WINDOW_QUESTIONS = new Set(["zombie", "clone", "voleur", "vulch", "second_duel"]);
const AUTO_PASS_KEY = "cosmoludo.rencontre.autopass";

/** The picture of a card: its kind for attacks and compromises, its own for an edict. */
function cardPicture(meta, id) {
  return icon(meta.kind === "attaque" ? "attaque" : meta.kind === "compromis" ? "compromis" : id);
}

export function planetOf(a) {
  const key = PLANET_KEYS[a.type];
  const p = key ? a[key] : null;
  return Array.isArray(p) && p.length === 2 ? p : null;
}

/** The questions answered alone when they have one possible answer (issue 31). */
const SOLE = ["new_hand", "redraw", "lose", "discard", "play"];

function autoPassOn() {
  try {
    return localStorage.getItem(AUTO_PASS_KEY) !== "0";
  } catch {
    return true;
  }
}

/**
 * The Rencontre Cosmique view. `parts` holds the board and prompt elements the shell provides;
 * `host` gives the seats' names and kinds, the game's static tables (its catalog entry's: the cards' and powers'
 * texts, the Chercheur's questions, the colours' names, each by id) and `act(action)` → Promise of the engine's answer.
 */
export function createView(parts, host) {
  const { board, prompt } = parts;
  const mineBox = parts.mine || null; // the shell's place for the player's own hand (else under the table)
  const handRoot = mineBox || board;
  const {
    cards: cardTable = {}, power_texts: powerTable = {}, questions = {}, colour_names: colourNames = {}, words = {},
    escamotable = {},
  } = host.tables || {};
  let view = null;
  let opts = NOT_SHOWN;
  let picked = null; // {kind: "planet"|"card", key, actions}
  let hits = [];
  let layout = null; // where the canvas drew the Trou Noir, the oval, the ring and the planets (CSS px)
  let moves = []; // tokens that moved with the last view: flown once over the canvas (purely visual)
  let lastView = null;
  let flips = new Set(); // seats whose duel card was just laid or turned over (animated once)
  // Sends one action at a time and keeps the engine's refusal.
  const sender = actionSender(host, { onRefused: () => {
    if (view) paint();
    focusRefusal(prompt);
  } });
  const send = sender.send;
  const canvas = el("canvas", { class: "rc-canvas", testid: "rc-canvas", role: "img", tabindex: "-1" });
  const flights = el("div", { class: "rc-flights", "aria-hidden": "true" });
  const canvasBox = el("div", { class: "rc-canvas-box" }, canvas, flights);
  const resizeObserver = redrawOnResize(canvasBox, canvas, () => Boolean(view), () => drawCanvas());
  // The board area's height counts too (a notice above the table, a window made shorter): the canvas is fitted again.
  let boardHeight = 0;
  const heightObserver = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    if (view && board.clientHeight !== boardHeight) {
      boardHeight = board.clientHeight;
      drawCanvas();
    }
  });
  if (heightObserver) heightObserver.observe(board);
  canvas.addEventListener("click", (e) => {
    const rect = canvas.getBoundingClientRect();
    const planet = hitTest(hits, e.clientX - rect.left, e.clientY - rect.top);
    if (planet) choosePlanet(planet);
  });

  const hotSeat = host.seats.filter((x) => x && x.kind === "human").length >= 2;
  const name = seatNamer(host);
  const letters = () => Object.fromEntries(Object.entries(COLOURS).map(([k, c]) => [k, tr(c.letter)]));
  const colourOf = (seat) => view.colours[seat];
  const colourName = (c) => (colourNames[c] ? tr(colourNames[c]) : c);
  const colourLabel = (seat) => {
    const c = colourOf(seat);
    return `${COLOURS[c].glyph}${tr(COLOURS[c].letter)} ${colourName(c)}`;
  };
  const planetName = (pl) => tr(words.planet, { n: pl[1] + 1, colour: colourName(colourOf(pl[0])) });
  const cardName = (c) => (cardTable[c] ? tr(cardTable[c].name) : c);
  const powerName = (p) => (powerTable[p] ? tr(powerTable[p].name) : p);
  const questionText = (q) => (questions[q] ? tr(questions[q]) : q);
  const legal = () => (view && opts.interactive ? view.legal_actions || [] : []);
  const mine = () => viewerToMove(view, opts);

  // ---- acting -------------------------------------------------------------------
  function choose(matches, kind, key) {
    if (matches.length === 1) {
      picked = null;
      send(matches[0]);
    } else if (matches.length > 1) {
      sender.clicked();
      picked = { kind, key, actions: matches };
      paint();
      const first = prompt.querySelector("[data-testid^=pick-]");
      if (first) first.focus();
    }
  }

  function choosePlanet(pl) {
    const key = `${pl[0]},${pl[1]}`;
    const matches = legal().filter((a) => {
      const p = planetOf(a);
      return p && p[0] === pl[0] && p[1] === pl[1];
    });
    if (!matches.length && opts.interactive && mine() && legal().some(planetOf)) {
      // Not a legal planet: ask the engine anyway with the current kind of choice, so its reason is shown.
      const sample = legal().find(planetOf);
      const probe = { ...sample, [PLANET_KEYS[sample.type]]: [pl[0], pl[1]] };
      delete probe.defender;
      send(probe);
      return;
    }
    choose(matches, "planet", key);
  }

  function chooseCard(card) {
    choose(legal().filter((a) => HAND_TYPES.has(a.type) && a.card === card), "card", card);
  }

  // ---- words for actions ----------------------------------------------------------
  function label(a) {
    const A = L().a;
    const pl = planetOf(a);
    const pn = pl ? planetName(pl) : "";
    const kind = view.pending ? view.pending.kind : view.phase;
    switch (a.type) {
      case "pass":
        if (kind === "retrieve") return A.retrievePass;
        if (kind === "zombie" || (kind === "window" && view.pending.moment === "zombie")) return A.zombiePass;
        if (kind === "window" && view.pending.moment === "second_duel") return A.end_turn;
        if (kind === "window" || kind === "zap_react") return A.passWindow;
        return A.pass;
      case "aim": return a.defender !== undefined ? A.aimAgainst(pn, name(a.defender)) : A.aim(pn);
      case "send": return A.send(pn);
      case "retrieve": return pl ? A.retrieve(pn) : A.retrieveNone;
      case "invite": return a.seats.length ? A.invite(a.seats.map(name).join(", ")) : A.inviteNone;
      case "ally": return a.side === "offence" ? A.allyOff : A.allyDef;
      case "play": return A.play(cardName(a.card));
      case "edict":
        if (a.card === "peste") return A.peste(name(a.victim));
        if (a.card === "champ_de_force") return A.champ(a.allies.map(name).join(", "));
        if (a.card === "zap") return A.zap(powerName(a.power), name(a.target));
        return A.edict(cardName(a.card));
      case "power":
        if (a.power === "chercheur") return A.chercheur(name(a.seat), questionText(a.question));
        if (a.power === "esprit") return A.esprit(name(a.seat));
        if (a.power === "philantrope") return A.philantrope(cardName(a.card), name(a.to));
        return A.power(powerName(a.power));
      case "escamote": return A.escamote(escamotable[a.item] ? tr(escamotable[a.item]) : a.item);
      case "role": return A.role(powerName(a.power));
      case "drop_power": return A.drop_power(powerName(a.power));
      case "rotate_power": return A.rotate_power(powerName(a.power));
      case "answer": return a.yes ? A.yes : A.no;
      case "zombie_place": return A.zombie_place(pn);
      case "mutant_take": return a.from === "deck" ? A.mutantDeck : A.mutant_take(name(a.from));
      case "amibe_add": return A.amibe_add(pn);
      case "amibe_remove": return A.amibe_remove(pn);
      case "vulch_take": return A.vulch_take(cardName(a.card));
      case "discard": return A.discard(cardName(a.card));
      case "reward": return a.kind === "card" ? A.rewardCard : A.rewardToken(pn);
      case "place": return A.place(pn);
      case "lose": return A.lose(pn);
      case "establish": return A.establish(pn);
      case "deal_give_base": return pl ? A.give_base(pn) : A.give_base_none;
      case "deal_ask_base": return pl ? A.ask_base(pn) : A.ask_base_none;
      case "deal_give_card": return A.give_card(cardName(a.card));
      case "deal_keep_card": return A.keep_card(cardName(a.card));
      case "deal_ask_cards": return A.ask_cards(a.n);
      case "deal_zombie_return": return A.zombie_return(a.n);
      default:
        if (typeof A[a.type] === "string") return A[a.type];
        return A.other(JSON.stringify(a));
    }
  }

  function actionButton(a, testid, cls = "") {
    return el("button", {
      type: "button", class: `rc-act ${cls}`.trim(), testid, dataset: { action: JSON.stringify(a), type: a.type },
      onclick: () => {
        picked = null;
        send(a);
      },
    }, label(a));
  }

  // ---- the board ------------------------------------------------------------------
  function order() {
    const n = view.colours.length;
    const first = opts.viewer ?? 0;
    const out = [];
    for (let k = 0; k < n; k++) out.push((first + k) % n);
    return out;
  }

  function legalPlanets() {
    const set = new Set();
    for (const a of legal()) {
      const p = planetOf(a);
      if (p) set.add(`${p[0]},${p[1]}`);
    }
    return set;
  }

  /** The height left to the canvas in a board area of bounded height (the game screen's), below what is drawn above
   * it (a deal's clock); none on a page that scrolls (the replay screen). */
  function roomBelow() {
    if (!board.isConnected || board.clientHeight <= 0 || getComputedStyle(board).overflowY === "visible") return Infinity;
    const top = canvasBox.getBoundingClientRect().top - board.getBoundingClientRect().top + board.scrollTop;
    return board.clientHeight - top - 8;
  }

  function drawCanvas() {
    if (!view || !canvas.isConnected) return;
    const T = L();
    hits = drawBoard(canvas, {
      view, names: host.names, maxHeight: roomBelow(), order: order(), legal: legalPlanets(),
      picked: picked && picked.kind === "planet" ? picked.key : null, letters: letters(),
      labels: { trouNoir: tr({ fr: "Trou Noir", en: "Black Hole" }), cup: tr({ fr: "Tasse", en: "Cup" }),
        oval: tr({ fr: "Oval offensif", en: "Offensive oval" }), ring: tr({ fr: "Anneau défensif", en: "Defensive ring" }),
        beingLost: T.beingLostTitle },
    });
    layout = hits.layout || null;
    canvas.setAttribute("aria-label", T.board);
    // Test hook: where the legal planets are drawn (CSS pixels), so a test can click the canvas itself.
    const legalSet = legalPlanets();
    canvas.dataset.legal = JSON.stringify(hits.filter((h) => legalSet.has(`${h.planet[0]},${h.planet[1]}`))
      .map((h) => ({ planet: h.planet, x: Math.round(h.x), y: Math.round(h.y) })));
  }

  function tokenList(counts) {
    return counts.map((k, s) => [s, k]).filter(([, k]) => k > 0)
      .map(([s, k]) => `${COLOURS[colourOf(s)].glyph}${tr(COLOURS[colourOf(s)].letter)} ${k}`).join(", ");
  }

  function targetList() {
    const T = L();
    const planets = [];
    const byKey = new Map();
    for (const a of legal()) {
      const p = planetOf(a);
      if (!p) continue;
      const key = `${p[0]},${p[1]}`;
      if (!byKey.has(key)) {
        byKey.set(key, []);
        planets.push(p);
      }
      byKey.get(key).push(a);
    }
    if (!planets.length) return null;
    // One action on that planet: say what it does; several: name the planet (the prompt then asks which).
    const words = (p) => {
      const acts = byKey.get(`${p[0]},${p[1]}`);
      return acts.length === 1 ? label(acts[0]) : planetName(p);
    };
    return el("div", { class: "rc-targets", testid: "planet-targets", role: "group", "aria-label": T.targets },
      el("span", { class: "rc-targets-title" }, T.targets),
      planets.map((p) => el("button", {
        type: "button", class: "rc-target", testid: `target-${p[0]}-${p[1]}`,
        dataset: { legal: "true", action: byKey.get(`${p[0]},${p[1]}`).length === 1 ? JSON.stringify(byKey.get(`${p[0]},${p[1]}`)[0]) : undefined },
        onclick: () => choosePlanet(p),
      }, `✓ ${words(p)} (${tokenList(view.planets[p[0]][p[1]]) || T.tokensOn("")})`)));
  }

  function boardText() {
    const T = L();
    return el("details", { class: "rc-board-text", testid: "board-text" },
      el("summary", null, T.boardText),
      el("table", null, el("tbody", null, order().map((s) => el("tr", null,
        el("th", { scope: "row" }, T.system(colourLabel(s), name(s))),
        view.planets[s].map((counts, p) => el("td", { testid: `planet-${s}-${p}` },
          `${p + 1}: ${T.tokensOn(tokenList(counts))}`)))))),
      el("p", null, `${tr({ fr: "Trou Noir", en: "Black Hole" })} : ${T.tokensOn(tokenList(view.trou_noir))}`),
      (view.being_lost || []).some((k) => k > 0)
        ? el("p", { testid: "being-lost" }, T.beingLostList(tokenList(view.being_lost))) : null);
  }

  function powerItems(s) {
    const T = L();
    const info = view.powers[s];
    const items = info.powers.map((p) => {
      const meta = powerTable[p] || {};
      return el("details", { class: "rc-power", testid: `power-${s}-${p}` },
        el("summary", null, el("span", { class: "rc-power-pic" }, icon(p)), `✦ ${powerName(p)} — ${meta.mandatory ? T.mandatory : T.optional}`),
        el("p", null, meta.text ? tr(meta.text) : ""));
    });
    const hidden = info.count - info.powers.length;
    if (hidden > 0) items.push(el("span", { class: "count", testid: `hidden-powers-${s}` }, T.hiddenPowers(hidden)));
    const roles = view.roles && view.roles[s];
    if (roles && roles.length) items.push(el("span", { class: "count", testid: `roles-${s}` }, T.roles(roles.map(powerName).join(", "))));
    if (view.role && view.role[s]) items.push(el("span", { class: "count" }, T.role(powerName(view.role[s]))));
    if (!info.count) items.push(el("span", { class: "count" }, T.noPower));
    if (info.count && !info.active) items.push(el("span", { class: "count" }, T.powerLost));
    return items;
  }

  function seatPanel(s) {
    const T = L();
    const kind = (host.seats[s] || {}).kind;
    const isTurn = !view.over && (view.to_move || []).includes(s);
    const role = s === view.offence ? T.offence : s === view.defence ? T.defence
      : view.allies.offence.includes(s) ? T.allyOff : view.allies.defence.includes(s) ? T.allyDef : null;
    const c = COLOURS[colourOf(s)];
    return el("section", { class: `seat rc-seat${isTurn ? " active" : ""}${s === opts.viewer ? " mine" : ""}`, testid: `seat-${s}`,
      style: `border-left: 8px solid ${c.fill}` },
    el("header", { class: "seat-head" },
      el("span", { class: "rc-chip", style: `background:${c.fill};color:${c.ink}` }, `${c.glyph}${tr(c.letter)}`),
      el("h3", null, name(s)),
      el("span", { class: "count" }, colourName(colourOf(s))),
      s === opts.viewer ? el("span", { class: "badge you" }, T.you) : null,
      kind === "bot" ? el("span", { class: "badge botbadge" }, T.bot) : null,
      role ? el("span", { class: "badge rc-role" }, role) : null,
      isTurn ? el("span", { class: "badge turn", testid: `turn-${s}` }, T.turn) : null,
      view.eliminated[s] ? el("span", { class: "badge rc-out" }, T.eliminated) : null),
    el("p", { class: "rc-stats" },
      el("span", { testid: `bases-${s}` }, T.bases(view.foreign_bases[s])), " · ",
      el("span", { testid: `hand-count-${s}` }, T.handCount(view.hands[s].count)), " · ",
      T.trouNoir(view.trou_noir[s]),
      view.removed[s] ? ` · ${T.removed(view.removed[s])}` : "",
      view.being_lost && view.being_lost[s]
        ? el("span", { class: "rc-being-lost", testid: `being-lost-${s}` }, ` · ⚠ ${T.beingLost(view.being_lost[s])}`) : null),
    el("div", { class: "rc-powers", "aria-label": T.powers }, powerItems(s)));
  }

  function duelPanel() {
    const T = L();
    const bits = [];
    const cupLine = [T.cup(view.cup.count)];
    const aside = view.cup.aside || [];
    if (aside.length) cupLine.push(T.lastDisc(colourLabel(aside[aside.length - 1])));
    bits.push(el("p", { class: "rc-piles", testid: "rc-piles" }, cupLine.join(" — "), " · ", T.deck(view.deck_count), " · ",
      T.discard((view.discard || []).length)));
    if (view.escamote) {
      bits.push(el("p", { class: "rc-vanished", testid: "escamote" },
        T.vanished(escamotable[view.escamote] ? tr(escamotable[view.escamote]) : view.escamote)));
    }
    // Once the game is over there is no duel any more: no empty « Duel 2 » panel.
    if (!view.over && view.offence !== null && view.defence !== null) {
      bits.push(el("h3", null, `${T.duel(view.duel_no || 1)} — ${T.duelOf(name(view.offence), name(view.defence))}`));
      if (view.target) bits.push(el("p", { testid: "duel-target" }, T.target(planetName(view.target))));
      bits.push(el("p", { testid: "duel-cone" }, T.cone(view.oval.reduce((x, y) => x + y, 0)), " (",
        tokenList(view.oval) || "—", ") · ", T.ring(view.ring.reduce((x, y) => x + y, 0)), " (",
        tokenList(view.ring) || "—", ")"));
      const inv = [...new Set([...(view.invited.offence || []), ...(view.invited.defence || [])])];
      if (inv.length) bits.push(el("p", null, T.invited(inv.map(name).join(", "))));
      const sealed = [view.offence, view.defence].map((s) => {
        const c = view.sealed[s];
        let text = T.sealedNone;
        if (c === "hidden") text = T.sealedHidden;
        else if (c) text = view.revealed ? T.revealed(cardName(c)) : s === opts.viewer ? T.sealedMine(cardName(c)) : T.revealed(cardName(c));
        const known = c && c !== "hidden" && cardTable[c];
        return el("li", { testid: `sealed-${s}`, dataset: { card: c || "" },
          class: flips.has(s) ? "rc-flip" : null },
        known ? el("span", { class: "rc-sealed-pic" }, cardPicture(cardTable[c], c)) : el("span", { class: "rc-sealed-pic rc-back" }),
        `${name(s)} : ${text}`);
      });
      bits.push(el("ul", { class: "rc-sealed", testid: "sealed-cards" }, sealed));
      if (view.revealed && view.totals) bits.push(el("p", { class: "rc-totals", testid: "duel-totals" }, T.totals(view.totals[0], view.totals[1])));
    }
    return el("section", { class: "rc-duel", testid: "rc-duel" }, bits);
  }

  /** The winner's moment: a star in the winners' colours and shapes, above the board. */
  function victoryPanel() {
    if (!view.over) return null;
    const T = L();
    const winners = (view.result && view.result.winners) || [];
    if (!winners.length) return null;
    return el("section", { class: "rc-victory", testid: "victory", role: "status" },
      el("span", { class: "rc-victory-pic" }, victoryStar(winners.map((w) => COLOURS[colourOf(w)]))),
      el("div", null,
        el("p", { class: "rc-victory-title" }, T.victory(winners.map((w) => `${colourLabel(w)} ${name(w)}`).join(", "), winners.length)),
        el("p", { class: "rc-victory-why" }, T.victoryWhy)));
  }

  function termsText(t, by) {
    const T = L();
    if (!t) return T.nothing;
    const other = by === view.offence ? view.defence : view.offence;
    const parts2 = [];
    if (t.give_base) parts2.push(tr(words.deal_base, { to: name(other), planet: planetName(t.give_base) }));
    if (t.ask_base) parts2.push(tr(words.deal_base, { to: name(by), planet: planetName(t.ask_base) }));
    if (t.give_cards && t.give_cards.length) parts2.push(tr({ fr: `${name(by)} donne ${t.give_cards.map(cardName).join(", ")}`, en: `${name(by)} gives ${t.give_cards.map(cardName).join(", ")}` }));
    else if (t.give_cards_count) parts2.push(tr(t.give_cards_count === 1 ? words.deal_chosen_card : words.deal_chosen_cards, { n: t.give_cards_count, giver: name(by), to: name(other) }));
    if (t.ask_cards) parts2.push(tr(t.ask_cards === 1 ? words.deal_random_card : words.deal_random_cards, { n: t.ask_cards, giver: name(other), to: name(by) }));
    if (t.zombie_return) parts2.push(T.zombieReturn(t.zombie_return));
    return parts2.length ? parts2.join(isEn() ? "; " : " ; ") : T.nothing;
  }

  // The deal's minute is the shell's countdown (view.decision.due, ui/timing.js): it survives a reload, stands still
  // during a hand-over and sends « timeout » when it runs out; the view shows it.
  const secondsLeft = () => (host.dueLeft ? host.dueLeft() : null);

  function dealPanel() {
    const d = view.deal;
    if (!d) return null;
    const T = L();
    const left = secondsLeft();
    return el("section", { class: "rc-deal", testid: "deal", "aria-labelledby": "rc-deal-title" },
      el("h3", { id: "rc-deal-title" }, T.dealTitle(name(view.offence), name(view.defence))),
      el("p", { class: "rc-clock", testid: "deal-clock", role: "timer", "aria-label": T.clockLabel,
        dataset: { seconds: String(left ?? "") } }, T.clock(left ?? d.clock_seconds)),
      el("p", { testid: "deal-proposals" }, T.proposals(d.proposals, d.max_proposals)),
      el("p", { testid: "deal-standing" }, d.standing ? T.standing(name(d.standing.by), termsText(d.standing, d.standing.by)) : T.noStanding),
      d.draft ? el("p", { testid: "deal-draft" }, T.draft(termsText(d.draft, d.turn))) : null);
  }

  function lastLog(test) {
    const log = view.log || [];
    for (let i = log.length - 1; i >= 0; i--) if (test(log[i])) return log[i];
    return null;
  }

  function secretsPanel() {
    const T = L();
    const out = [];
    // The Esprit's look at a hand reaches only the Esprit's own log.
    const seen = lastLog((e) => /^Main de /.test(e.fr || ""));
    if (seen) out.push(el("section", { class: "rc-note", testid: "esprit-view" }, el("h3", null, T.esprit), el("p", null, withNames(tr(seen), host.names))));
    if (view.pending && view.pending.kind === "question" && mine()) {
      const q = lastLog((e) => /Chercheur/.test(e.fr || "") && /demande/.test(e.fr || ""));
      if (q) out.push(el("section", { class: "rc-note", testid: "chercheur-question" }, el("h3", null, T.question), el("p", null, withNames(tr(q), host.names))));
    }
    return out;
  }

  function handArea() {
    const T = L();
    const seat = opts.viewer;
    if (seat === null || seat === undefined || !view.hands[seat] || !view.hands[seat].cards) return null;
    const acts = legal().filter((a) => HAND_TYPES.has(a.type));
    const cards = view.hands[seat].cards;
    const offered = view.deal && view.deal.draft ? view.deal.draft.give_cards || [] : [];
    return handRow({ title: T.yourHand, cards, empty: T.emptyHand, cls: "hand rc-hand", card: (c, i) => {
        const meta = cardTable[c] || {};
        const can = acts.some((a) => a.card === c);
        const only = acts.filter((a) => HAND_TYPES.has(a.type) && a.card === c);
        const isPicked = picked && picked.kind === "card" && picked.key === c;
        const kindWord = meta.kind === "attaque" ? T.attack : meta.kind === "compromis" ? T.compromise : T.edict;
        return el("button", {
          type: "button", class: `card rc-card rc-${meta.kind || "x"}${isPicked ? " selected" : ""}${offered.includes(c) ? " offered" : ""}`,
          testid: `card-${i}`, dataset: { card: c, legal: can ? "true" : "false",
            action: only.length === 1 ? JSON.stringify(only[0]) : undefined }, disabled: !can,
          onclick: () => chooseCard(c),
        },
        el("span", { class: "card-icon-box" }, cardPicture(meta, c)),
        el("span", { class: "card-name" }, meta.kind === "attaque" ? `⚔ ${meta.value}` : meta.kind === "compromis" ? "⇄ " + cardName(c) : "§ " + cardName(c)),
        el("span", { class: "rc-kind" }, kindWord),
        el("span", { class: "card-text" }, meta.text ? tr(meta.text) : ""));
      } });
  }

  function autopassBox() {
    const T = L();
    return el("label", { class: "rc-autopass", title: T.autopassTitle },
      el("input", { type: "checkbox", testid: "autopass", checked: autoPassOn(),
        onchange: (e) => {
          try {
            localStorage.setItem(AUTO_PASS_KEY, e.target.checked ? "1" : "0");
          } catch { /* storage refused: the box just does not stick */ }
          maybeAutoPass();
        } }), " ", T.autopass,
      hotSeat ? el("small", { class: "rc-autopass-note", testid: "autopass-note" }, ` (${T.autopassHotseat})`) : null);
  }

  // ---- the prompt -----------------------------------------------------------------
  function promptText() {
    const T = L();
    const P = T.p;
    if (view.over) return T.over;
    const toMove = view.to_move || [];
    if (!opts.interactive || !toMove.includes(opts.viewer)) {
      if (view.phase === "cards" && view.sealed && view.sealed[opts.viewer] && opts.viewer !== null) return P.cardsWait;
      return waitingText(host, T, name, view, opts);
    }
    const q = view.pending;
    const acts = legal();
    if (q) {
      // The prompts that carry a figure or a name; every other question's prompt is the plain text P[kind].
      const withData = {
        zombie: () => P.zombie(q.left ?? 1),
        send: () => P.send(q.sent ?? 0, acts.filter((a) => a.type === "send").length ? 4 : q.sent ?? 0),
        invite: () => P.invite(q.side),
        reward: () => P.reward(q.left ?? 1),
        lose: () => P.lose(q.left ?? 1),
        establish: () => P.establish(q.planet ? planetName(q.planet) : "?"),
      };
      const ask = (kind) => (withData[kind] ? withData[kind]() : typeof P[kind] === "string" ? P[kind] : P.fallback);
      if (q.kind !== "window") return ask(q.kind);
      // With hidden powers, a power's own question is asked to every seat as a window: its holder sees it.
      if (OWN_WINDOW_QUESTIONS.has(q.moment) && acts.some((a) => a.type !== "pass")) return ask(q.moment);
      const powers = [...new Set(acts.filter((a) => a.type === "power").map((a) => powerName(a.power)))];
      return powers.length ? `${P.windowPower(powers.join(", "))} ${P.window}` : P.window;
    }
    if (view.phase === "cards") return P.cards;
    if (view.phase === "deal") return view.deal && view.deal.standing && view.deal.standing.by !== opts.viewer ? `${P.deal} ${P.dealAnswer}` : P.deal;
    return P.fallback;
  }

  function paintPrompt() {
    const T = L();
    const acts = legal();
    let buttons = [];
    let pickButtons = [];
    if (picked) {
      pickButtons = picked.actions.map((a, i) => actionButton(a, `pick-${i}`, i === 0 ? "primary" : ""));
    }
    if (mine() && !autoPassDue()) {
      const rest = acts.filter((a) => !planetOf(a) && !HAND_TYPES.has(a.type));
      // An optional window (an edict, a power, a Zap… or let it pass): passing is the default, first in the
      // focus order and highlighted; spending a card or a power takes a deliberate click.
      const optional = rest.some((a) => a.type === "pass") && rest.some((a) => SPENDING.has(a.type));
      const rank = (t) => (optional && t === "pass" ? -1 : ORDER.indexOf(t) < 0 ? 50 : ORDER.indexOf(t));
      rest.sort((x, y) => rank(x.type) - rank(y.type));
      const count = {};
      for (const a of rest) count[a.type] = (count[a.type] || 0) + 1;
      const seen = {};
      const groups = {};
      buttons = [];
      rest.forEach((a, i) => {
        seen[a.type] = (seen[a.type] || 0) + 1;
        const testid = count[a.type] > 1 ? `act-${a.type}-${seen[a.type] - 1}` : `act-${a.type}`;
        const primary = optional ? a.type === "pass"
          : i === 0 && !["pass", "decline", "timeout", "end_turn"].includes(a.type);
        const button = actionButton(a, testid, primary ? "primary" : "");
        // A long run of « ask 1, 2 … 7 cards » buttons: one row of numbers (the full words stay the accessible name).
        const caption = NUMBERED[a.type];
        if (caption && count[a.type] > 3 && Number.isInteger(a.n)) {
          button.setAttribute("aria-label", button.textContent);
          button.title = button.textContent;
          button.textContent = String(a.n);
          button.classList.add("rc-num");
          if (!groups[a.type]) {
            groups[a.type] = el("span", { class: "rc-num-group", role: "group", "aria-label": T.a[caption] },
              el("span", { class: "rc-num-caption" }, T.a[caption]));
            buttons.push(groups[a.type]);
          }
          groups[a.type].append(button);
        } else buttons.push(button);
      });
    }
    const text = picked ? (picked.kind === "planet" ? T.p.pick : T.p.pickCard) : autoPassDue() ? T.p.autoPassing : promptText();
    // What an offered power or edict does, in our words, right where the player decides.
    const offers = [];
    if (mine() && !autoPassDue()) {
      for (const p of new Set(acts.filter((a) => a.type === "power").map((a) => a.power))) {
        const meta = powerTable[p];
        if (meta) offers.push(el("li", { testid: `offer-power-${p}` }, el("span", { class: "rc-offer-pic" }, icon(p)), `✦ ${tr(meta.name)} : ${tr(meta.text)}`));
      }
      for (const c of new Set(acts.filter((a) => a.type === "edict").map((a) => a.card))) {
        const meta = cardTable[c];
        if (meta) offers.push(el("li", { testid: `offer-edict-${c}` }, el("span", { class: "rc-offer-pic" }, cardPicture(meta, c)), `§ ${tr(meta.name)} : ${tr(meta.text)}`));
      }
    }
    fill(prompt,
      el("p", { class: "prompt-text", testid: "prompt-text" }, withNames(text, host.names)),
      offers.length ? el("ul", { class: "rc-offers", testid: "offers" }, offers) : null,
      refusalLine(sender.refusal),
      pickButtons.length ? el("div", { class: "row prompt-actions rc-pick" }, pickButtons) : null,
      el("div", { class: "row prompt-actions rc-actions", testid: "actions" }, buttons));
  }

  function paint() {
    if (!view) return;
    keepFocus(board, () => {
      const seats = order();
      fill(board,
        el("div", { class: "rc-layout" },
          victoryPanel(), dealPanel(), canvasBox, targetList(), secretsPanel(),
          el("div", { class: "rc-info" }, duelPanel(), el("div", { class: "rc-seats" }, seats.slice(1).concat(seats.slice(0, 1)).map(seatPanel))),
          mineBox ? null : handArea(), el("div", { class: "row rc-foot" }, boardText(), mineBox ? null : autopassBox())));
    });
    if (mineBox) keepFocus(mineBox, () => fill(mineBox, handArea(), autopassBox()));
    const drawnBefore = layout;
    drawCanvas();
    if (moves.length && layout) flyTokens(flights, drawnBefore, layout, moves, (c) => COLOURS[c], letters());
    moves = [];
    flips = new Set();
    keepFocus(prompt, paintPrompt);
    sender.drawn(); // "ui:click-to-render": from a click to the board drawn again (engine round trips included)
  }

  function focusNext() {
    focusFirstChoice([board, prompt, handRoot], [[prompt, "button.primary"], [board, "[data-testid=planet-targets] button"],
      [handRoot, "[data-testid=hand] button.card:enabled"], [prompt, "button"]]);
  }

  /** The only thing to do is « let it pass » (an edict window without edict) and the player lets the page do it. */
  function autoPassDue() {
    return Boolean(view && mine() && autoPassOn() && passOnly(view));
  }

  const passer = autoPasser(sender, () => view, () => autoPassDue() && prompt.childElementCount > 0);
  // A question with one possible answer (a new hand when none is left, the only card one may play…): answered for
  // the lone human, with a note, under the same setting as the passes.
  const lone = host.seats.filter((x) => x && x.kind === "human").length < 2;
  const soleDue = (v = view, o = opts) => (lone && v && o.interactive && autoPassOn() ? soleAnswer(v, o, SOLE) : null);
  const soler = autoAnswerer(sender, () => view, () => soleDue(), (a) => host.notify && host.notify(soleNotice(label(a))));
  const maybeAutoPass = () => {
    passer();
    soler();
  };

  /** Keep the view received (shellHooks' `take`): what to animate once. */
  function take(v, o) {
    moves = lastView && !reducedMotion() ? tokenMoves(lastView, v) : [];
    flips = new Set();
    if (lastView && !reducedMotion() && v.sealed) {
      for (const seat of Object.keys(v.sealed)) {
        const was = lastView.sealed ? lastView.sealed[seat] : null;
        if (v.sealed[seat] && (v.sealed[seat] !== was || Boolean(v.revealed) !== Boolean(lastView.revealed))) flips.add(Number(seat));
      }
    }
    lastView = v;
    view = v;
    opts = o;
  }

  // The deal's minute, shown every quarter second.
  const ticker = setInterval(() => {
    const left = secondsLeft();
    if (!view || !view.deal || left === null) return;
    showSeconds(board.querySelector("[data-testid=deal-clock]"), left, L().clock(left));
  }, 250);

  return {
    ...shellHooks(sender, {
      decision: (v, o) => [v.legal_actions, v.hands, v.phase, v.to_move, o.viewer, o.interactive, v.pending, v.deal],
      reset: () => { picked = null; },
      take,
      paint,
      focus: focusNext,
      after: maybeAutoPass,
      teardown: () => {
        clearInterval(ticker);
        if (resizeObserver) resizeObserver.disconnect();
        if (heightObserver) heightObserver.disconnect();
        view = null;
      },
    }),
    /** The answer the page gives alone for `seat` in view `v` (the shell's undo counts it as the page's). */
    soleAnswer: (v, seat) => soleDue(v, { interactive: true, viewer: seat }),
    /** The page lets an edict window pass by itself for whoever has nothing to play when the auto-pass box is ticked. */
    autoPass() {
      return autoPassOn();
    },
    scoreLabel() {
      return tr({ fr: "bases étrangères", en: "foreign bases" });
    },
  };
}
