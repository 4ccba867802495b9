// Porco Crasso on screen: pigs with their stacks, the hand, piles, prompt bar, reactions, Cochonpétition.
// The page decides no rule: targets come from view.legal_actions and every refusal from the engine.
import { el, fill, keepFocus } from "../ui/dom.js";
import { textsOf, tr } from "../i18n.js";
import {
  NOT_SHOWN, actionSender, autoPasser, focusFirstChoice, focusRefusal, halfMadeChoice, handRow, linkStyles, promptBar, seatNamer,
  shellHooks,
} from "../ui/kit.js";
import { passOnly } from "../ui/timing.js";
import { askPassOnly } from "../ui/autoanswer.js";
import { cardIcon, pigArt } from "../art/porco.js";
import { reducedMotion } from "../art/svg.js";

linkStyles("porco-crasso", import.meta.url);

const TEXT = {
  fr: {
    you: "vous",
    bot: "robot",
    turn: "▶ à son tour",
    handCount: (n) => `${n} carte${n > 1 ? "s" : ""} en main`,
    pig: (n) => `Cochon ${n}`,
    dirty: "● Sale",
    clean: "○ Propre",
    coq: "♛ Coquettruie",
    under: (d) => `(dessous : ${d ? "sale" : "propre"})`,
    porcherie: "⌂ Porcherie",
    paratonnerre: "▲ Paratonnerre",
    barricade: "▦ Barricade",
    pepere: "★ Pépère",
    legal: "✓ cible possible",
    aimed: "◎ visé",
    sitsOut: "ne joue pas cette partie de départage",
    deck: (n) => `Pioche : ${n} carte${n > 1 ? "s" : ""}`,
    discard: (n, top) => `Défausse : ${n} carte${n > 1 ? "s" : ""}${top ? ` — dessus : ${top}` : ""}`,
    yourHand: "Votre main",
    emptyHand: "Aucune carte en main pour l'instant.",
    oiseauCards: "Cartes à jouer après l'Oiseau de bon augure",
    play: (c) => `Jouer ${c}`,
    discardCard: (c) => `Défausser ${c} sans effet`,
    cancel: "Choisir une autre carte",
    stuck: "Montrer ma main et la défausser",
    draw: (n) => (n > 0 ? `Piocher ${n} carte${n > 1 ? "s" : ""} et finir mon tour` : "Finir mon tour"),
    pass: "Laisser faire",
    reactSave: (c, n) => `${c} : garder mon cochon ${n} sale`,
    reactKeep: (c, n) => `${c} : garder la Coquettruie du cochon ${n}`,
    nextGame: "Lancer la partie suivante",
    choose: "À vous : choisissez une carte de votre main pour la jouer ou la défausser.",
    chooseOiseau: (n) => `Oiseau de bon augure : jouez ou défaussez vos autres cartes (${n} restante${n > 1 ? "s" : ""}).`,
    pickTarget: (c, n) => `${c} : choisissez un cochon marqué ✓ (${n} cible${n > 1 ? "s" : ""} possible${n > 1 ? "s" : ""}), ou défaussez la carte.`,
    noTarget: (c) => `${c} n'a aucune cible possible maintenant : défaussez-la ou choisissez une autre carte.`,
    noTargetNeeded: (c) => `${c} se joue sans cible : cliquez sur « Jouer ».`,
    reactionOnly: (c) => `${c} se joue seulement en réponse à une carte adverse ; vous pouvez la défausser.`,
    stuckPrompt: (n) => `Aucune de vos cartes ne peut être jouée : montrez votre main, défaussez-la et piochez ${n} nouvelles cartes.`,
    drawPrompt: (canUndo, discarded) => `${discarded ? "Carte défaussée" : "Carte jouée"}. Piochez pour finir votre tour${canUndo ? " (ou annulez votre coup tant que vous n'avez pas pioché)" : ""}.`,
    waitBot: (name) => `${name} (robot) réfléchit…`,
    waitHuman: (name) => `Au tour de ${name}.`,
    waitReact: (name) => `${name} peut répondre à la carte jouée…`,
    // The same words whether or not the player holds the answer card: only the buttons below differ.
    pendingPluie: (by) => `${by} fait tomber la Pluie sur vos cochons sales. Une Super gadoue en main peut en garder un sale ; sinon, laissez faire.`,
    pendingDecrassage: (by, n) => `${by} vise votre cochon ${n} avec un Décrassage. Une Super gadoue en main peut le garder sale ; sinon, laissez faire.`,
    pendingSauve: (by, n) => `${by} joue Sauve-qui-porc ! sur la Coquettruie de votre cochon ${n}. Un Rouge à lèvres en main peut la garder ; sinon, laissez faire.`,
    autoPass: "Vous n'avez pas de quoi répondre : la partie laisse faire pour vous.",
    betweenGames: (name, n) => `${name} a gagné la partie ${n} de la Cochonpétition.`,
    betweenYou: "Lancez la partie suivante quand tout le monde est prêt.",
    over: "Partie terminée.",
    match: (n) => `Cochonpétition — partie ${n}`,
    seauLeft: (l) => `Seaux de boue restants : ${l.length ? l.join(", ") : "aucun"}`,
    tropheeLeft: (l) => `Trophées restants : ${l.length ? l.join(", ") : "aucun"}`,
    tokens: (ts) => (ts.length ? ts.map((x) => `${x.kind === "seau" ? "Seau" : "Trophée"} ${x.points}`).join(", ") : "aucun jeton"),
    points: (n) => `${n} pt${n > 1 ? "s" : ""}`,
    tiebreak: (names) => `Partie de départage entre ${names}.`,
    scoreLabel: "cochons sales ou Coquettruies",
    scoreLabelMatch: "points de Cochonpétition",
    pigsOf: (name) => `Cochons de ${name}`,
    victory: (names, n) => (n > 1 ? `Victoire partagée : ${names} !` : `Victoire de ${names} !`),
    victoryWhy: "Des cochons bien crottés… ou bien coquets.",
  },
  en: {
    you: "you",
    bot: "bot",
    turn: "▶ to play",
    handCount: (n) => `${n} card${n > 1 ? "s" : ""} in hand`,
    pig: (n) => `Pig ${n}`,
    dirty: "● Dirty",
    clean: "○ Clean",
    coq: "♛ Coquettruie",
    under: (d) => `(beneath: ${d ? "dirty" : "clean"})`,
    porcherie: "⌂ Pig Sty",
    paratonnerre: "▲ Lightning Rod",
    barricade: "▦ Barricade",
    pepere: "★ Pépère",
    legal: "✓ possible target",
    aimed: "◎ targeted",
    sitsOut: "sits out this tie-break game",
    deck: (n) => `Deck: ${n} card${n > 1 ? "s" : ""}`,
    discard: (n, top) => `Discard: ${n} card${n > 1 ? "s" : ""}${top ? ` — top: ${top}` : ""}`,
    yourHand: "Your hand",
    emptyHand: "No card in hand for now.",
    oiseauCards: "Cards to play after the Lucky Bird",
    play: (c) => `Play ${c}`,
    discardCard: (c) => `Discard ${c} without effect`,
    cancel: "Choose another card",
    stuck: "Show my hand and discard it",
    draw: (n) => (n > 0 ? `Draw ${n} card${n > 1 ? "s" : ""} and end my turn` : "End my turn"),
    pass: "Let it happen",
    reactSave: (c, n) => `${c}: keep my pig ${n} dirty`,
    reactKeep: (c, n) => `${c}: keep the Coquettruie on pig ${n}`,
    nextGame: "Start the next game",
    choose: "Your turn: choose a card from your hand to play or discard.",
    chooseOiseau: (n) => `Lucky Bird: play or discard your other cards (${n} left).`,
    pickTarget: (c, n) => `${c}: choose a pig marked ✓ (${n} possible target${n > 1 ? "s" : ""}), or discard the card.`,
    noTarget: (c) => `${c} has no possible target right now: discard it or choose another card.`,
    noTargetNeeded: (c) => `${c} needs no target: click “Play”.`,
    reactionOnly: (c) => `${c} is only played in answer to an opponent's card; you may discard it.`,
    stuckPrompt: (n) => `None of your cards can be played: show your hand, discard it and draw ${n} new cards.`,
    drawPrompt: (canUndo, discarded) => `${discarded ? "Card discarded" : "Card played"}. Draw to end your turn${canUndo ? " (or undo your move while you have not drawn)" : ""}.`,
    waitBot: (name) => `${name} (bot) is thinking…`,
    waitHuman: (name) => `${name}'s turn.`,
    waitReact: (name) => `${name} may answer the card just played…`,
    pendingPluie: (by) => `${by} makes it rain on your dirty pigs. A Super Mud in hand can keep one of them dirty; otherwise, let it happen.`,
    pendingDecrassage: (by, n) => `${by} aims Scrubbing at your pig ${n}. A Super Mud in hand can keep it dirty; otherwise, let it happen.`,
    pendingSauve: (by, n) => `${by} plays Run, Piggy! on the Coquettruie of your pig ${n}. A Lipstick in hand can keep her; otherwise, let it happen.`,
    autoPass: "You have nothing to answer with: the game lets it happen for you.",
    betweenGames: (name, n) => `${name} won game ${n} of the Cochonpétition.`,
    betweenYou: "Start the next game when everybody is ready.",
    over: "Game over.",
    match: (n) => `Cochonpétition — game ${n}`,
    seauLeft: (l) => `Mud Buckets left: ${l.length ? l.join(", ") : "none"}`,
    tropheeLeft: (l) => `Trophies left: ${l.length ? l.join(", ") : "none"}`,
    tokens: (ts) => (ts.length ? ts.map((x) => `${x.kind === "seau" ? "Bucket" : "Trophy"} ${x.points}`).join(", ") : "no token"),
    points: (n) => `${n} pt${n > 1 ? "s" : ""}`,
    tiebreak: (names) => `Tie-break game between ${names}.`,
    scoreLabel: "dirty pigs or Coquettruies",
    scoreLabelMatch: "Cochonpétition points",
    pigsOf: (name) => `${name}'s pigs`,
    victory: (names, n) => (n > 1 ? `Shared victory: ${names}!` : `${names} wins!`),
    victoryWhy: "Pigs as muddy as can be… or as pretty.",
  },
};

const TARGETED = new Set(["boue", "porcherie", "paratonnerre", "barricade", "foudre", "decrassage", "coquettruie", "sauve_qui_porc"]);
const REACTION_ONLY = new Set(["super_gadoue", "rouge_a_levres"]);

const L = textsOf(TEXT);

/**
 * The Porco Crasso view. `parts` holds the board and prompt elements the shell provides;
 * `host` gives the seats' names and kinds and `act(action)` → Promise of the engine's answer.
 */
export function createView(parts, host) {
  const { board, prompt } = parts;
  const mineBox = parts.mine || null; // the shell's place for the player's own hand (else under the table)
  const tables = host.tables || {}; // the game's static tables (its catalog entry's): a view names them by id
  let view = null;
  let opts = NOT_SHOWN;
  let selected = null; // {card, from: "hand"|"oiseau", index}
  // Sends one action at a time; keeps the engine's refusal ({fr, en}) and measures click → re-render.
  const sender = actionSender(host, { onRefused: () => {
    paint();
    focusRefusal(prompt);
  } });
  const send = sender.send;
  let lastSent = null; // the type of the last action sent from this board
  // The same, kept through a reload of the tab at the position it led to (the draw prompt after a reload).
  const sentKind = halfMadeChoice(host, "porco-sent");
  // What changed since the last view (drawn once with a short animation, purely visual): pigs, the discard pile.
  let lastLook = null; // {pigs: Map "seat,pig" → look, discard: count}
  let changed = { pigs: new Set(), discard: false };

  const name = seatNamer(host);
  // Several humans share the device: the questions the engine asks every player a card is played against must look the
  // same to all (a hand-over for each, « let it happen » for everyone). A lone human among bots has nobody to hide
  // from: when « let it happen » is all they may do, the page does it for them (see `unattended`).
  const lone = (host.seats || []).filter((s) => s && s.kind === "human").length < 2;
  const cardName = (k) => (tables.cards && tables.cards[k] ? tr(tables.cards[k].name) : k);
  const cardText = (k) => (tables.cards && tables.cards[k] ? tr(tables.cards[k].text) : "");
  const legal = () => (view && opts.interactive ? view.legal_actions || [] : []);

  const onKey = (e) => {
    if (e.key === "Escape" && selected) {
      selected = null;
      sender.refusal = null;
      paint();
    }
  };
  board.addEventListener("keydown", onKey);
  prompt.addEventListener("keydown", onKey);
  if (mineBox) mineBox.addEventListener("keydown", onKey);
  const handRoot = mineBox || board;

  /** On a new decision, put the keyboard on its main button (or the first card), unless the focus is elsewhere. */
  function focusNext() {
    // A new turn must not scroll the prompt out of sight.
    focusFirstChoice([board, prompt, handRoot], [[prompt, "button.primary"],
      [handRoot, "[data-testid=oiseau-cards] button.card:enabled, [data-testid=hand] button.card:enabled"]],
    { preventScroll: true });
  }

  function select(card, from, index) {
    sender.clicked();
    selected = selected && selected.from === from && selected.index === index ? null : { card, from, index };
    paint();
    if (!selected) return;
    const first = board.querySelector('.pig[data-legal="true"]') || prompt.querySelector('[data-testid="play-card"]')
      || prompt.querySelector('[data-testid="discard-card"]');
    if (first) first.focus();
  }

  // ---- board ------------------------------------------------------------------
  function pigButton(seat, i, pig, targets) {
    const T = L();
    const aiming = selected && TARGETED.has(selected.card);
    const isTarget = aiming && targets.some((a) => a.seat === seat && a.pig === i);
    const aimed = view.pending && view.pending.seat === seat && view.pending.pig === i;
    const state = pig.coquettruie ? T.coq : pig.dirty ? T.dirty : T.clean;
    const stack = [];
    if (pig.porcherie) stack.push(el("li", { class: "tag porcherie" }, T.porcherie));
    if (pig.paratonnerre) stack.push(el("li", { class: "tag paratonnerre" }, T.paratonnerre));
    if (pig.barricade) stack.push(el("li", { class: "tag barricade" }, T.barricade));
    const cls = ["pig", pig.coquettruie ? "coq" : pig.dirty ? "dirty" : "clean"];
    if (pig.pepere) cls.push("pepere");
    if (aiming) cls.push(isTarget ? "target" : "not-target");
    if (aimed) cls.push("aimed");
    const words = [T.pig(i + 1), state, pig.coquettruie ? T.under(pig.dirty) : "",
      ...[pig.porcherie && T.porcherie, pig.paratonnerre && T.paratonnerre, pig.barricade && T.barricade,
        pig.pepere && T.pepere].filter(Boolean), isTarget ? T.legal : "", aimed ? T.aimed : ""]
      .filter(Boolean).map((w) => w.replace(/^[^\p{L}\d(]+/u, ""));
    if (changed.pigs.has(`${seat},${i}`)) cls.push("pc-changed");
    return el("button", {
      type: "button", class: cls.join(" "), testid: `pig-${seat}-${i}`,
      dataset: { legal: isTarget ? "true" : "false", state: pig.coquettruie ? "coquettruie" : pig.dirty ? "dirty" : "clean",
        action: isTarget && selected ? JSON.stringify({ type: "play", card: selected.card, seat, pig: i }) : undefined },
      disabled: !aiming || !opts.interactive,
      "aria-label": `${name(seat)} — ${words.join(", ")}`,
      onclick: () => send({ type: "play", card: selected.card, seat, pig: i }),
    },
    el("span", { class: "pig-pic" }, pigArt({ state: pig.coquettruie ? "coquettruie" : pig.dirty ? "dirty" : "clean",
      porcherie: pig.porcherie, paratonnerre: pig.paratonnerre, barricade: pig.barricade, pepere: pig.pepere,
      under: pig.coquettruie ? (pig.dirty ? "dirty" : "clean") : null })),
    el("span", { class: "pig-no" }, T.pig(i + 1)),
    el("span", { class: "pig-state" }, state),
    pig.coquettruie ? el("span", { class: "pig-under" }, T.under(pig.dirty)) : null,
    stack.length ? el("ul", { class: "stack" }, stack) : null,
    pig.pepere ? el("span", { class: "badge pepere-badge", testid: `pepere-${seat}-${i}` }, T.pepere) : null,
    isTarget ? el("span", { class: "mark legal-mark" }, T.legal) : null,
    aimed ? el("span", { class: "mark aimed-mark" }, T.aimed) : null);
  }

  function seatPanel(seat, targets) {
    const T = L();
    const s = host.seats[seat] || { kind: "human" };
    const hand = view.hands[seat] || { count: 0, cards: null };
    const isTurn = !view.over && (view.to_move || []).includes(seat);
    const inGame = !view.in_game || view.in_game[seat];
    const points = view.match ? view.match.points[seat] : null;
    const head = el("header", { class: "seat-head" },
      el("h3", null, name(seat)),
      seat === opts.viewer ? el("span", { class: "badge you" }, T.you) : null,
      s.kind === "bot" ? el("span", { class: "badge botbadge" }, T.bot) : null,
      isTurn ? el("span", { class: "badge turn", testid: `turn-${seat}` }, T.turn) : null,
      inGame ? el("span", { class: "count", testid: `hand-count-${seat}` }, T.handCount(hand.count)) : null,
      points !== null ? el("span", { class: "count" }, T.points(points)) : null);
    const pigs = inGame
      ? el("div", { class: "pigs", role: "group", "aria-label": T.pigsOf(name(seat)) },
        (view.pigs[seat] || []).map((p, i) => pigButton(seat, i, p, targets)))
      : el("p", { class: "sits-out" }, T.sitsOut);
    return el("section", { class: `seat${isTurn ? " active" : ""}${seat === opts.viewer ? " mine" : ""}`, testid: `seat-${seat}` },
      head, pigs);
  }

  function cardButton(card, from, index, enabled) {
    const isSel = selected && selected.from === from && selected.index === index;
    const testid = from === "hand" ? `card-${index}` : `oiseau-card-${index}`;
    return el("button", {
      type: "button", class: `card card-${card}${isSel ? " selected" : ""}`, testid,
      dataset: { card }, "aria-pressed": isSel ? "true" : "false", disabled: !enabled,
      title: cardText(card), onclick: () => select(card, from, index),
    }, el("span", { class: "card-icon-box" }, cardIcon(card)),
    el("span", { class: "card-name" }, isSel ? `➜ ${cardName(card)}` : cardName(card)),
    el("span", { class: "card-text" }, cardText(card)));
  }

  function handArea() {
    const T = L();
    const seat = opts.viewer;
    if (seat === null || seat === undefined || !view.hands[seat] || !view.hands[seat].cards) return null;
    const mine = opts.interactive && view.to_move.includes(seat);
    const blocks = [];
    // The rest of the hand after an Oiseau is seen by its owner alone (also while an answer is pending).
    const bird = view.oiseau && view.oiseau.left ? view.oiseau.left : null;
    if (bird) {
      const canPlay = mine && view.phase === "oiseau";
      blocks.push(handRow({ title: T.oiseauCards, cards: bird, empty: "", testid: "oiseau-cards",
        cls: "hand oiseau pc-hand", card: (c, i) => cardButton(c, "oiseau", i, canPlay) }));
      if (!view.hands[seat].cards.length) return blocks;
    }
    const canPick = mine && view.phase === "play";
    blocks.push(handRow({ title: T.yourHand, cards: view.hands[seat].cards, empty: T.emptyHand, cls: "hand pc-hand",
      card: (c, i) => cardButton(c, "hand", i, canPick) }));
    return blocks;
  }

  function piles() {
    const T = L();
    return el("div", { class: "piles" },
      el("div", { class: "pile deck", testid: "deck-count" }, el("span", { class: "pile-pic" }, cardIcon("deck")),
        el("span", null, T.deck(view.deck_count))),
      el("div", { class: `pile discard${changed.discard ? " pc-landed" : ""}`, testid: "discard",
        dataset: { top: view.discard_top || "" } },
      view.discard_top ? el("span", { class: "pile-pic" }, cardIcon(view.discard_top)) : null,
      el("span", null, T.discard(view.discard_count, view.discard_top ? cardName(view.discard_top) : ""))));
  }

  /** The winner's moment: the winning pigs crowned, in the board above everything else. */
  function victory() {
    if (!view.over) return null;
    const T = L();
    const winners = (view.result && view.result.winners) || [];
    if (!winners.length) return null;
    const confetti = [];
    for (let k = 0; k < 14; k++) {
      confetti.push(el("span", { class: `pc-confetti pc-confetti-${k % 4}`, style: `--x:${(k * 37) % 100}%;--d:${(k % 5) * 40}ms` }));
    }
    return el("section", { class: "pc-victory", testid: "victory", role: "status" },
      el("div", { class: "pc-confetti-box", "aria-hidden": "true" }, confetti),
      el("div", { class: "pc-victory-pigs" }, winners.map((w) => {
        const pigs = view.pigs[w] || [];
        const state = pigs.length && pigs.every((p) => p.coquettruie) ? "coquettruie" : "dirty";
        return el("span", { class: "pc-victory-pig" }, pigArt({ state, crowned: true }));
      })),
      el("div", null,
        el("p", { class: "pc-victory-title" }, `★ ${T.victory(winners.map(name).join(", "), winners.length)}`),
        el("p", { class: "pc-victory-why" }, T.victoryWhy)));
  }

  function scoreboard() {
    const m = view.match;
    if (!m) return null;
    const T = L();
    const rows = view.pigs.map((_, s) => el("tr", null,
      el("th", { scope: "row" }, name(s)),
      el("td", null, T.tokens(m.tokens[s] || [])),
      el("td", { testid: `match-points-${s}` }, T.points(m.points[s]))));
    return el("section", { class: "scoreboard", testid: "scoreboard" },
      el("h3", null, T.match(m.game_no)),
      el("p", null, T.seauLeft(m.seau), " · ", T.tropheeLeft(m.trophee)),
      m.tiebreak ? el("p", { class: "tiebreak" }, T.tiebreak(m.tiebreak.map(name).join(", "))) : null,
      el("table", null, el("tbody", null, rows)));
  }

  // ---- prompt -----------------------------------------------------------------
  function promptParts() {
    const T = L();
    const acts = legal();
    const buttons = [];
    let text = "";
    const viewer = opts.viewer;
    if (view.over) return { text: T.over, buttons };
    const toMove = view.to_move || [];
    const actor = toMove.includes(viewer) ? viewer : toMove[0];
    if (!opts.interactive || actor !== viewer) {
      if (view.phase === "between_games" && view.game_winner !== null && view.match) {
        text = T.betweenGames(name(view.game_winner), view.match.game_no) + " ";
      }
      const s = host.seats[actor] || {};
      if (view.pending && view.pending.seat === actor) text += T.waitReact(name(actor));
      else text += s.kind === "bot" ? T.waitBot(name(actor)) : T.waitHuman(name(actor));
      return { text, buttons };
    }
    const button = (testid, label, action, cls = "") => el("button", {
      type: "button", class: cls, testid, "data-action": JSON.stringify(action), onclick: () => {
        lastSent = action.type; // the draw prompt then says whether the card was played or discarded
        const seat = view.seat;
        send(action).then((answer) => { if (answer && answer.ok) sentKind.set(seat, action.type); });
      } }, label);

    if (view.phase === "react" && view.pending) {
      const p = view.pending;
      const by = name(p.by);
      const reaction = cardName(p.reaction);
      if (autoPassDue()) return { text: T.autoPass, buttons };
      text = p.card === "pluie" ? T.pendingPluie(by)
        : p.card === "decrassage" ? T.pendingDecrassage(by, p.pig + 1) : T.pendingSauve(by, p.pig + 1);
      // « Let it happen » first, the default (highlighted, keyboard focus) for holder and non-holder alike: the
      // screen looks the same whatever the hand, and spending the answer card takes a deliberate choice.
      if (acts.some((a) => a.type === "pass")) buttons.push(button("pass", T.pass, { type: "pass" }, "primary"));
      for (const a of acts) {
        if (a.type === "react") {
          const label = a.card === "rouge_a_levres" ? T.reactKeep(reaction, a.pig + 1) : T.reactSave(reaction, a.pig + 1);
          buttons.push(button(`react-${a.pig}`, label, a));
        }
      }
      return { text, buttons };
    }
    if (view.phase === "draw") {
      const need = Math.max(0, view.hand_size - view.hands[viewer].count);
      buttons.push(button("draw", T.draw(need), { type: "draw" }, "primary"));
      const sent = lastSent !== null ? lastSent : sentKind.get(view.seat);
      return { text: T.drawPrompt(view.can_undo, sent === "discard"), buttons };
    }
    if (view.phase === "between_games") {
      text = `${view.match ? T.betweenGames(name(view.game_winner), view.match.game_no) : ""} ${T.betweenYou}`;
      buttons.push(button("next-game", T.nextGame, { type: "next_game" }, "primary"));
      return { text, buttons };
    }
    if (acts.length === 1 && acts[0].type === "stuck") {
      text = T.stuckPrompt(view.hand_size);
      buttons.push(button("stuck", T.stuck, { type: "stuck" }, "primary"));
    } else if (view.phase === "oiseau" && view.oiseau) {
      text = T.chooseOiseau(view.oiseau.count);
    } else {
      text = T.choose;
    }
    if (selected) {
      const c = selected.card;
      const cn = cardName(c);
      if (REACTION_ONLY.has(c)) text = T.reactionOnly(cn);
      else if (TARGETED.has(c)) {
        const n = acts.filter((a) => a.type === "play" && a.card === c && "pig" in a).length;
        text = n ? T.pickTarget(cn, n) : T.noTarget(cn);
      } else {
        text = T.noTargetNeeded(cn);
        buttons.push(button("play-card", T.play(cn), { type: "play", card: c }, "primary"));
      }
      buttons.push(button("discard-card", T.discardCard(cn), { type: "discard", card: c }));
      buttons.push(el("button", { type: "button", testid: "cancel-selection",
        onclick: () => { selected = null; sender.refusal = null; paint(); } }, T.cancel));
    }
    return { text, buttons };
  }

  function paintPrompt() {
    const { text, buttons } = promptParts();
    promptBar(prompt, { text, names: host.names, refusal: sender.refusal, buttons, row: { testid: "actions" } });
  }

  function paint() {
    if (!view) return;
    const targets = selected && TARGETED.has(selected.card)
      ? legal().filter((a) => a.type === "play" && a.card === selected.card && "pig" in a)
      : [];
    keepFocus(board, () => {
      const order = [];
      const n = view.pigs.length;
      const first = opts.viewer ?? 0;
      // The viewer's own seat comes last, next to their hand; the others follow turn order.
      for (let k = 1; k <= n; k++) order.push((first + k) % n);
      const table = el("div", { class: "table pc-table" }, victory(), scoreboard(), piles(), order.map((s) => seatPanel(s, targets)));
      if (mineBox) fill(board, table);
      else fill(board, table, handArea());
    });
    if (mineBox) keepFocus(mineBox, () => fill(mineBox, handArea()));
    keepFocus(prompt, paintPrompt);
    changed = { pigs: new Set(), discard: false }; // animated once, not again on the next repaint
    sender.drawn(); // "ui:click-to-render": from a click to the board drawn again (engine round trips included)
  }

  /** The lone human at the device may only let a card played against them happen: the page does it. */
  function autoPassDue() {
    return Boolean(lone && view && opts.interactive && opts.viewer !== null && (view.to_move || []).includes(opts.viewer)
      && passOnly(view) && !askPassOnly("porco-crasso"));
  }

  const maybeAutoPass = autoPasser(sender, () => view, autoPassDue);

  /** Note what view `v` changes on the table (a pig's state or stack, a card on the discard pile) to animate it once. */
  function noteChanges(v) {
    const look = { pigs: new Map(), discard: v.discard_count };
    (v.pigs || []).forEach((pigs, seat) => (pigs || []).forEach((p, i) => {
      look.pigs.set(`${seat},${i}`, [p.dirty, p.coquettruie, p.porcherie, p.paratonnerre, p.barricade].join());
    }));
    changed = { pigs: new Set(), discard: false };
    if (lastLook && !reducedMotion()) {
      for (const [key, value] of look.pigs) if (lastLook.pigs.has(key) && lastLook.pigs.get(key) !== value) changed.pigs.add(key);
      changed.discard = look.discard > lastLook.discard;
    }
    lastLook = look;
  }

  return {
    ...shellHooks(sender, {
      decision: (v, o) => [v.legal_actions, v.hands, v.phase, v.to_move, o.viewer, o.interactive, v.oiseau],
      reset: () => { selected = null; },
      take: (v, o) => {
        noteChanges(v);
        view = v;
        opts = o;
      },
      paint,
      focus: focusNext,
      after: maybeAutoPass,
      teardown: () => { view = null; },
    }),
    /**
     * Whether the page plays « let it happen » by itself when that is all a seat may do: for a lone human (an undo
     * then takes it back with the human's action before it). Between several humans never: every player asked gets
     * the device, holder of the answer card or not, so that a hand-over tells the others nothing.
     */
    autoPass(humans) {
      return humans < 2;
    },
    /** The game menu offers « ask me even when I can only pass » (autoanswer.js) for the lone human's answers. */
    passSetting: true,
    /** A bot asked whether it answers a card answers at once, holder or not: the pace tells nothing either. */
    botDelay(v, ms) {
      return v && v.phase === "react" ? 0 : ms;
    },
    scoreLabel(v) {
      return v.match ? L().scoreLabelMatch : L().scoreLabel;
    },
  };
}
