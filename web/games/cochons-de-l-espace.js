// Les Cochons de l'Espace on screen: the hex galaxy on the shared canvas board (web/ui/board.js), troop stacks,
// Extra-Cochons, the order-of-play track, each clan's dashboard, the hand, combats, colonists and the election.
// The page decides no rule: every choice offered is one of view.legal_actions, every refusal comes from the engine.
import { el, fill, keepFocus } from "../ui/dom.js";
import { isEn, textsOf, tr } from "../i18n.js";
import { passOnly } from "../ui/timing.js";
import { askPassOnly, setAskPassOnly } from "../ui/autoanswer.js";
import { BoardChanges } from "../ui/recent.js";
import {
  NOT_SHOWN, actionSender, autoAnswerer, autoPasser, halfMadeChoice, hexView, idleText, linkStyles, promptBar, redrawOnResize, seatNamer, shellHooks, soleAnswer, soleNotice,
  viewerToMove,
} from "../ui/kit.js";

linkStyles("cochons-de-l-espace", import.meta.url);
const GAME_ID = "cochons-de-l-espace";
/** The questions the page answers alone when they have a single possible answer (issue 31; the setting brings them
 * back). « Terminer » is not one: a player may still undo before it. */
const SOLE = ["give", "marker", "call", "take", "target", "put", "put_gg"];

// Six clans' colours, each with its own glyph: colour is never the only cue.
const SEATS = [
  { fill: "#f08a24", ink: "#2b1400", glyph: "◆" },
  { fill: "#3f86f0", ink: "#001233", glyph: "●" },
  { fill: "#9a6a3a", ink: "#fff", glyph: "▲" },
  { fill: "#e5483e", ink: "#2a0500", glyph: "■" },
  { fill: "#3fb950", ink: "#002a0a", glyph: "★" },
  { fill: "#9b59d0", ink: "#fff", glyph: "✚" },
];
const ACORN = {
  rouge: { fill: "#d8453a", mark: "R", fr: "rouge", en: "red" },
  jaune: { fill: "#e6bf2e", mark: "J", markEn: "Y", fr: "jaune", en: "yellow" },
  bleu: { fill: "#3a7bd5", mark: "B", fr: "bleu", en: "blue" },
};
const BACK = { rouge: "#6e2420", jaune: "#6e5a14", bleu: "#1f3f6e", noir: "#222", soleil: "#b86b00" };
const EC_MARK = { pirates: "☠", porcophages: "ᴥ", ver: "§" };
// The hexes the other clans changed since the player's last action (recent.js): a solid violet ring, apart from the
// legal hexes' dashed green, the origin's yellow and the combat's red.
const CHANGED = "rgba(214, 170, 255, 0.95)";

const TEXT = {
  fr: {
    family: { rouge: "rouge", jaune: "jaune", bleu: "bleue", noir: "noire" },
    face: { planete: "planète", double: "planète double", asteroide: "astéroïde", soleil: "soleil" },
    seq: { "1A": "1A Tirage des cartes", "1B": "1B Arrivée des colons", "1C": "1C Ordre de jeu", "1D": "1D Placement des colons",
      "1E": "1E Arrivée des Extra-Cochons", "2A": "2A Choix des voyages", "2B": "2B Voyages spatiaux", "3A": "3A Combats",
      "3B": "3B Réorganisation", "3C": "3C Combats des Extra-Cochons", "4A": "4A Production de glands", "4B": "4B Gouverneurs",
      "4C": "4C Élection", E: "E Réception des nouvelles troupes" },
    phase: (p) => ({ build: "Construction de la galaxie", turn: "Tour", deal: "1A Cartes", colonists_draw: "1B Colons", colonists_in: "1B Colons",
      order: "1C Ordre de jeu", place: "1D Placement", ec_arrival: "1E Extra-Cochons", markers: "2A Choix des voyages", voyages: "2B Voyages",
      combats: "3A Combats", combat_turn: "3A Combats", reorg: "3B Réorganisation", after_reorg: "3B Réorganisation", ec_move: "3C Extra-Cochons",
      ec_fight: "3C Extra-Cochons", production: "4A Production", governors: "4B Gouverneurs", election: "4C Élection", tally: "4C Élection",
      end_turn: "Fin du tour", over: "Partie terminée" }[p] || (p.startsWith("fight") ? "Combat" : p)),
    turn: (n) => `Tour ${n}`,
    pr: "Porc Royal",
    order: "Ordre de jeu",
    recipe: "Recette",
    secret: "secrète",
    production: "Production",
    governors: "Gouverneurs",
    markers: "Voyages restants",
    troops: (g, gg) => `${g} Goret${g > 1 ? "s" : ""}, ${gg} Gros Gruik${gg > 1 ? "s" : ""}`,
    reserve: (g, gg) => `réserve ${g} / ${gg}`,
    hand: "Votre main",
    cards: (n) => `${n} carte${n > 1 ? "s" : ""}`,
    combat: (h) => `Combat en ${h}`,
    round: (n) => `round ${n}`,
    tech: (n) => `technologie ${n}`,
    faceDown: (n) => `${n} carte${n > 1 ? "s" : ""} face cachée`,
    odds: (w, t, l) => `Prochain round : défense gagne ${w} %, égalité ${t} %, attaque gagne ${l} %`,
    event: "événement",
    layOdds: (w, t, n) => `1er round, avec ce que vous avez posé : ${w} % de victoire, ${t} % d'égalité${n ? ` (sans compter ${n > 1 ? `les ${n} cartes cachées` : "la carte cachée"} de l'adversaire)` : ""}.`,
    powersUsed: (p) => `Pouvoirs utilisés ce tour : ${p}`,
    waitBot: (n) => `${n} (robot) réfléchit…`,
    offerFrom: (n, c) => `${n} vous propose ${c} contre une carte de votre main : acceptez en choisissant la vôtre, ou refusez.`,
    waitHuman: (n) => `Au tour de ${n}.`,
    over: "Partie terminée.",
    winner: (n) => `Vainqueur : ${n}.`,
    pickHex: "Cliquez un hexagone en surbrillance (ou choisissez-le dans la liste).",
    pickTo: (h) => `Depuis ${h} : cliquez la destination en surbrillance.`,
    cancel: "Annuler",
    hexList: "Hexagones possibles",
    go: "Valider",
    gorets: "Gorets",
    gros: "Gros Gruiks",
    send: "Envoyer ces troupes",
    autoPass: "Rien à jouer dans cette fenêtre : la partie passe pour vous.",
    autoPassed: (what) => `${what} : rien à jouer, la partie a passé pour vous.`,
    windowOf: (seq) => `Fenêtre « ${seq} »`,
    askPass: "Me demander même quand je ne peux que passer",
    what: {
      lay: "Posez un hexagone sur un emplacement en surbrillance.", start: "Placez vos 5 Gorets de départ.",
      discard: "Défaussez des cartes ou gardez votre main.", swap: "Échange de cartes avec un allié de coalition.",
      swap_reply: "Un allié vous propose un échange de carte.", give: "Distribuez les pions colons (deux au plus par joueur).",
      settle: "Placez vos nouvelles troupes.", ec_place: "Placez les Extra-Cochons.", markers: "Choisissez en secret votre marqueur de voyages.",
      voyage: "Vos voyages : choisissez un hexagone de départ, ou terminez.", take: "Quelles troupes voyagent ?",
      boots: "Bottes à Réaction : continuez vers un hexagone voisin ou arrêtez-vous.", boots_take: "Quelles troupes continuent ?",
      reorg: "Réorganisation : déplacez des troupes vers un hexagone voisin où vous êtes, ou terminez.",
      ec_move: "Déplacez un groupe d'Extra-Cochons (ou aucun).", call: "Appelez le prochain votant.", vote: "Votez pour un candidat.",
      window: "Jouez une carte (ou un pouvoir) maintenant, ou passez.", target: "Choisissez la cible.",
      combat_cards: "Posez des cartes face cachée, ou terminez.", flee: "Fuir ou combattre ?", force: "Faire relancer un dé ?",
      tech: "Pécari Banzaï : modifier le niveau de technologie ?", porcus_bar: "Porcus : écarter un candidat ?",
      piga: "Princesse Piga : échangez jusqu'à deux cartes.",
    },
    a: {
      pass: "Passer", trade: "Échanger des cartes avec un allié", keep: "Garder mes cartes", done: "Terminer", end: "Terminer", stop: "S'arrêter", stay: "Ne rien déplacer",
      refuse: "Refuser", fight: "Combattre", promote: "Transformer 2 nouveaux Gorets en 1 Gros Gruik",
      discard: (c) => `Défausser ${c}`, offer: (c, n) => `Proposer ${c} à ${n}`, accept: (c) => `Accepter en donnant ${c}`,
      give: (v, n) => `Donner un pion ${v} à ${n}`, marker: (n) => `${n} voyages`, call: (n) => `Appeler ${n}`,
      vote: (n) => `Voter pour ${n}`, play: (c) => `Jouer ${c}`, power: (p) => `Pouvoir : ${p}`, card: (c) => `Poser ${c}`,
      reroll: (w) => (w === "d" ? "Relancer le dé du défenseur" : "Relancer le dé de l'attaquant"),
      tech: (n) => (n === 0 ? "Ne rien changer" : n > 0 ? "+1 en technologie" : "−1 en technologie"),
      bar: (n) => `Écarter ${n}`, swap: (m, t) => `Donner ${m} contre ${t}`, draw_hex: (f) => `Prendre un hexagone de la famille ${f}`,
      seat: (n) => n, put: (n) => (n === 1 ? "Un Goret ici" : `${n} Gorets ici`), put_gg: "Le Gros Gruik ici",
      take: (g, gg) => `Faire voyager ${[g ? `${g} Goret${g > 1 ? "s" : ""}` : "", gg ? `${gg} Gros Gruik${gg > 1 ? "s" : ""}` : ""]
        .filter(Boolean).join(" et ") || "aucune troupe"}`,
      viaCard: (c) => `avec ${c}`, plain: "voyage simple",
    },
    legendTitle: "Légende",
    legend: "Planètes : R rouge, J jaune, B bleu (● simple, ●● double) · ░ astéroïde · ☀ soleil · ? hexagone face cachée (couleur de sa famille) · troupes : symbole du clan, g Gorets, G Gros Gruiks · ☠ Pirates, ᴥ Porcophages, § Ver des Glands · ♛ Porc Royal.",
    zoom: "Glissez pour déplacer, pincez ou molette pour zoomer, 0 pour tout revoir.",
    scoreLabel: "glands produits",
  },
  en: {
    family: { rouge: "red", jaune: "yellow", bleu: "blue", noir: "black" },
    face: { planete: "planet", double: "double planet", asteroide: "asteroid", soleil: "sun" },
    seq: { "1A": "1A Cards", "1B": "1B Settlers arrive", "1C": "1C Order of play", "1D": "1D Placing settlers",
      "1E": "1E Extra-Pigs arrive", "2A": "2A Voyage choice", "2B": "2B Space voyages", "3A": "3A Combats",
      "3B": "3B Reorganisation", "3C": "3C Extra-Pig combats", "4A": "4A Acorn production", "4B": "4B Governors",
      "4C": "4C Election", E: "E New troops" },
    phase: (p) => ({ build: "Building the galaxy", turn: "Turn", deal: "1A Cards", colonists_draw: "1B Settlers", colonists_in: "1B Settlers",
      order: "1C Order of play", place: "1D Placing", ec_arrival: "1E Extra-Pigs", markers: "2A Voyage choice", voyages: "2B Voyages",
      combats: "3A Combats", combat_turn: "3A Combats", reorg: "3B Reorganisation", after_reorg: "3B Reorganisation", ec_move: "3C Extra-Pigs",
      ec_fight: "3C Extra-Pigs", production: "4A Production", governors: "4B Governors", election: "4C Election", tally: "4C Election",
      end_turn: "End of turn", over: "Game over" }[p] || (p.startsWith("fight") ? "Combat" : p)),
    turn: (n) => `Turn ${n}`,
    pr: "Royal Pig",
    order: "Order of play",
    recipe: "Recipe",
    secret: "secret",
    production: "Production",
    governors: "Governors",
    markers: "Voyage markers left",
    troops: (g, gg) => `${g} Piglet${g > 1 ? "s" : ""}, ${gg} Big Gruik${gg > 1 ? "s" : ""}`,
    reserve: (g, gg) => `stock ${g} / ${gg}`,
    hand: "Your hand",
    cards: (n) => `${n} card${n > 1 ? "s" : ""}`,
    combat: (h) => `Combat at ${h}`,
    round: (n) => `round ${n}`,
    tech: (n) => `technology ${n}`,
    faceDown: (n) => `${n} card${n > 1 ? "s" : ""} face down`,
    odds: (w, t, l) => `Next round: defence wins ${w} %, tie ${t} %, attack wins ${l} %`,
    event: "event",
    layOdds: (w, t, n) => `Round 1 with what you have laid: ${w} % win, ${t} % tie${n ? ` (not counting the opponent's ${n > 1 ? `${n} hidden cards` : "hidden card"})` : ""}.`,
    powersUsed: (p) => `Powers used this turn: ${p}`,
    waitBot: (n) => `${n} (bot) is thinking…`,
    offerFrom: (n, c) => `${n} offers you ${c} for a card of your hand: accept by choosing yours, or refuse.`,
    waitHuman: (n) => `${n}'s turn.`,
    over: "Game over.",
    winner: (n) => `Winner: ${n}.`,
    pickHex: "Click a highlighted hex (or choose it in the list).",
    pickTo: (h) => `From ${h}: click the highlighted destination.`,
    cancel: "Cancel",
    hexList: "Possible hexes",
    go: "OK",
    gorets: "Piglets",
    gros: "Big Gruiks",
    send: "Send these troops",
    autoPass: "Nothing to play in this window: the game passes for you.",
    autoPassed: (what) => `${what}: nothing to play, the game passed for you.`,
    windowOf: (seq) => `Window “${seq}”`,
    askPass: "Ask me even when I can only pass",
    what: {
      lay: "Lay a hex on a highlighted place.", start: "Place your 5 starting Piglets.", discard: "Discard cards or keep your hand.",
      swap: "Card swap with a coalition ally.", swap_reply: "An ally offers you a card swap.", give: "Hand out the settler tokens (two at most per player).",
      settle: "Place your new troops.", ec_place: "Place the Extra-Pigs.", markers: "Choose your voyage marker in secret.",
      voyage: "Your voyages: pick a starting hex, or finish.", take: "Which troops travel?",
      boots: "Jet Boots: go on to a neighbouring hex or stop.", boots_take: "Which troops go on?",
      reorg: "Reorganisation: move troops to a neighbouring hex of yours, or finish.", ec_move: "Move one Extra-Pig group (or none).",
      call: "Call the next voter.", vote: "Vote for a candidate.", window: "Play a card (or a power) now, or pass.", target: "Choose the target.",
      combat_cards: "Lay cards face down, or finish.", flee: "Flee or fight?", force: "Have a die rerolled?",
      tech: "Peccary Banzai: change the technology level?", porcus_bar: "Porcus: bar a candidate?", piga: "Princess Piga: swap up to two cards.",
    },
    a: {
      pass: "Pass", trade: "Swap cards with an ally", keep: "Keep my cards", done: "Finish", end: "Finish", stop: "Stop", stay: "Move nothing", refuse: "Refuse", fight: "Fight",
      promote: "Turn 2 new Piglets into 1 Big Gruik", discard: (c) => `Discard ${c}`, offer: (c, n) => `Offer ${c} to ${n}`,
      accept: (c) => `Accept, giving ${c}`, give: (v, n) => `Give a ${v} token to ${n}`, marker: (n) => `${n} voyages`,
      call: (n) => `Call ${n}`, vote: (n) => `Vote for ${n}`, play: (c) => `Play ${c}`, power: (p) => `Power: ${p}`, card: (c) => `Lay ${c}`,
      reroll: (w) => (w === "d" ? "Reroll the defender's die" : "Reroll the attacker's die"),
      tech: (n) => (n === 0 ? "Change nothing" : n > 0 ? "+1 technology" : "−1 technology"),
      bar: (n) => `Bar ${n}`, swap: (m, t) => `Give ${m} for ${t}`, draw_hex: (f) => `Take a hex of the ${f} family`,
      take: (g, gg) => `Move ${[g ? `${g} Piglet${g > 1 ? "s" : ""}` : "", gg ? `${gg} Big Gruik${gg > 1 ? "s" : ""}` : ""]
        .filter(Boolean).join(" and ") || "no troops"}`,
      seat: (n) => n, put: (n) => (n === 1 ? "One Piglet here" : `${n} Piglets here`), put_gg: "The Big Gruik here",
      viaCard: (c) => `with ${c}`, plain: "plain voyage",
    },
    legendTitle: "Legend",
    legend: "Planets: R red, Y yellow, B blue (● single, ●● double) · ░ asteroid · ☀ sun · ? face-down hex (its family's colour) · troops: clan symbol, g Piglets, G Big Gruiks · ☠ Pirates, ᴥ Porcophages, § Acorn Worm · ♛ Royal Pig.",
    zoom: "Drag to move, pinch or wheel to zoom, 0 to see it all.",
    scoreLabel: "acorns produced",
  },
};

const L = textsOf(TEXT);
const parseKey = (k) => k.split(",").map(Number);
const isHexKey = (v) => typeof v === "string" && /^-?\d+,-?\d+$/.test(v);

/** The hex an action names for a click on the board ("first" stage of a two-hex action: its origin). */
function hexOf(a, stage) {
  if (a.type === "go" || a.type === "ec_go") return stage ? a.to : a.from;
  for (const k of ["at", "to", "value"]) if (isHexKey(a[k])) return a[k];
  return null;
}

export function createView(parts, host) {
  const { board, prompt, mine: mineEl, tables, canvas, hexBoard, canvasBox } = hexView(parts, host, "ce",
    { aspect: 0.7, onHex: (h) => h && clickHex(`${h[0]},${h[1]}`) }, { tabindex: "0" });
  let view = null;
  let opts = NOT_SHOWN;
  const sender = actionSender(host, { onRefused: () => { if (view) paint(); } });
  let from = null; // the origin hex picked for a voyage / reorganisation / EC move
  const picked = halfMadeChoice(host, "ce-from"); // `from`, kept through a reload of the tab
  let choice = null; // {hex, actions}: several actions on one clicked hex
  let cellsKey = "";
  // The hexes whose stack or face another seat changed since the player's last action, each pulsing once as the
  // view that changed it arrives.
  const changes = new BoardChanges(canvas, {
    itemsOf: (v) => new Map((v.hexes || []).map((h) => [h.at, h])),
    sigOf: (h) => JSON.stringify([h.face || null, h.colour || null, h.back || null, h.troops || []]),
    hexesOf: (h) => [h.at],
    redraw: () => { if (view) hexBoard.render(); },
  });
  // A lone human among bots has nobody to hide from: when « pass » is all they may do, the page passes for them
  // (unless they asked to be asked). Between several humans never at the device: the pace would tell.
  const lone = (host.seats || []).filter((s) => s && s.kind === "human").length < 2;

  // The board's frame stays in place from one view to the next: the canvas is never moved in the page, and each
  // panel is drawn again only when what it shows has changed (see paint). The legend is built once per language
  // and kept: a new <details> summary, like any new list item, renumbers every list item after it in the page —
  // the whole log — which then has to be laid out again.
  const slot = (name) => el("div", { class: `ce-slot ce-slot-${name}` });
  const slots = { track: slot("track"), combat: slot("combat"), hand: slot("hand"), dashboards: slot("dashboards"),
    legend: slot("legend") };
  // On the game screen the galaxy (with the turn's track and the combat) is the board; the hand, the dashboards and
  // the legend go to the player's column.
  const sideBox = el("div", { class: "ce-side" }, slots.hand, slots.dashboards, slots.legend);
  const layoutBox = mineEl ? el("div", { class: "ce-layout" }, slots.track, canvasBox, slots.combat)
    : el("div", { class: "ce-layout" }, slots.track, canvasBox, slots.combat, sideBox);
  const shown = {}; // panel → the key of what it shows now
  // Draw again when the board's width changes; the canvas itself is watched: its width changes when the game's
  // stylesheet arrives (after the first drawing).
  const resizeObserver = redrawOnResize(canvas, canvas, () => Boolean(view), () => drawCanvas());

  const name = seatNamer(host);
  const seatTag = (s) => `${SEATS[s % 6].glyph}`;
  const clanName = (s) => (tables.clan_names[view.clans[s]] ? tr(tables.clan_names[view.clans[s]]) : view.clans[s]);
  const cardName = (c) => (tables.cards && tables.cards[c] ? tr(tables.cards[c].name) : c);
  const legal = () => (view && opts.interactive ? view.legal_actions || [] : []);
  const mine = () => viewerToMove(view, opts);
  const ask = () => (view.asks && view.asks.length ? view.asks[0] : null);
  const hexInfo = (k) => view.hexes.find((h) => h.at === k);
  const hexName = (k) => {
    const h = hexInfo(k);
    if (!h || !h.face) return `(${k})`;
    const T = L();
    const c = h.colour ? ` ${isEn() ? ACORN[h.colour].en : ACORN[h.colour].fr}` : "";
    return `${T.face[h.face]}${c} (${k})`;
  };

  // ---- acting --------------------------------------------------------------------------------------
  /** Send `action` (kit.js): a click on the board started the click → re-render measure already. */
  function send(action) {
    return changes.own(sender.send(action, { measured: sender.clickedAt === null }));
  }

  function stageActions() {
    const acts = legal();
    if (from !== null) return acts.filter((a) => (a.type === "go" || a.type === "ec_go") && a.from === from);
    return acts;
  }

  function legalHexes() {
    const set = new Set();
    for (const a of stageActions()) {
      const k = hexOf(a, from !== null);
      if (k) set.add(k);
    }
    return set;
  }

  function clickHex(k) {
    sender.clickedAt = performance.now();
    const acts = stageActions().filter((a) => hexOf(a, from !== null) === k);
    if (!acts.length) {
      if (mine() && legal().length) {
        // Not a legal hex: ask the engine with the current kind of choice so that its reason is shown.
        const sample = stageActions().find((a) => hexOf(a, from !== null));
        if (sample) {
          const probe = { ...sample };
          if (from !== null) probe.to = k;
          else if (sample.type === "go" || sample.type === "ec_go") probe.from = k;
          else for (const key of ["at", "to", "value"]) if (isHexKey(sample[key])) probe[key] = k;
          send(probe);
          return;
        }
      }
      return;
    }
    if (from === null && acts.every((a) => a.type === "go" || a.type === "ec_go")) {
      from = k;
      picked.set(opts.viewer, k);
      choice = null;
      paint();
      return;
    }
    if (acts.length === 1) {
      from = null;
      picked.set(opts.viewer, null);
      choice = null;
      send(acts[0]);
      return;
    }
    choice = { hex: k, actions: acts };
    paint();
  }

  // ---- words for actions ---------------------------------------------------------------------------
  function label(a) {
    const A = L().a;
    switch (a.type) {
      case "discard": return A.discard(cardName(a.card));
      case "offer": return A.offer(cardName(a.card), name(a.to));
      case "accept": return A.accept(cardName(a.card));
      case "give": return A.give(a.value, name(a.to));
      case "marker": return A.marker(a.n);
      case "call": return A.call(name(a.voter));
      case "vote": return A.vote(name(a.for));
      case "play": return A.play(cardName(a.card));
      case "power": return A.power(powerName(a.power));
      case "card": return A.card(cardName(a.card));
      case "reroll": return A.reroll(a.die);
      case "tech": return A.tech(a.change);
      case "bar": return A.bar(name(a.seat));
      case "swap": return A.swap(cardName(a.mine), cardName(a.theirs));
      case "draw_hex": return A.draw_hex(L().family[a.family]);
      case "put": return A.put(a.n);
      case "put_gg": return A.put_gg;
      case "take": return A.take(a.g, a.gg);
      case "lay": return a.tile ? `${tileName(a.tile)}` : `${L().family[a.family]}`;
      case "go": case "ec_go": return a.card ? A.viaCard(a.card === "pecari_teleport" ? powerName(a.card) : cardName(a.card))
        : a.power ? A.power(powerName(a.power)) : A.plain;
      case "target": return Number.isInteger(a.value) ? `${seatTag(a.value)} ${name(a.value)}` : hexName(a.value);
      case "flee": return `→ ${hexName(a.to)}`;
      case "on": return `→ ${hexName(a.to)}`;
      default: return typeof A[a.type] === "string" ? A[a.type] : a.type;
    }
  }
  const tileName = (t) => {
    const T = L();
    const face = t.endsWith("D") ? "double" : t.includes("A") ? "asteroide" : "planete";
    const c = { r: "rouge", j: "jaune", b: "bleu" }[t[0]];
    return `${T.face[face]}${face !== "asteroide" && c ? ` ${isEn() ? ACORN[c].en : ACORN[c].fr}` : ""}`;
  };
  const POWER_NAMES = {
    porcus_bar: { fr: "écarter un candidat", en: "bar a candidate" }, hylo_steal: { fr: "piocher une carte", en: "draw a card" },
    hylo_famine: { fr: "famine de glands", en: "acorn famine" }, phaco_assassin: { fr: "assassinat", en: "assassination" },
    phaco_again: { fr: "revoyager", en: "travel again" }, babi_convert: { fr: "conversion", en: "conversion" },
    babi_ban: { fr: "interdire un débarquement", en: "forbid a landing" }, babi_recover: { fr: "récupérer un Goret", en: "recover a Piglet" },
    scrofa_swap: { fr: "intervertir deux planètes", en: "swap two planets" }, scrofa_move: { fr: "Extra-Mouve", en: "Extra-Move" },
    scrofa_far: { fr: "réorganiser au loin", en: "reorganise far" }, pecari_teleport: { fr: "téléportation", en: "teleportation" },
    porcus_cards: { fr: "8 cartes", en: "8 cards" }, porcus_governor: { fr: "gouverneur de plus", en: "extra governor" },
    hylo_flee: { fr: "fuite avant le combat", en: "flee before the combat" }, phaco_ties: { fr: "égalité gagnée", en: "tie won" },
    pecari_reroll: { fr: "relance", en: "reroll" }, pecari_tech: { fr: "±1 technologie", en: "±1 technology" },
  };
  const powerName = (p) => (POWER_NAMES[p] ? tr(POWER_NAMES[p]) : p);

  // ---- the galaxy ----------------------------------------------------------------------------------
  /** The galaxy's hexes with their faces and troops: the board's static layer, drawn again when they change. */
  function paintGalaxy(ctx, b) {
    for (const h of view.hexes) {
      const hex = parseKey(h.at);
      b.hexPath(ctx, hex, 0.03);
      const face = h.face;
      ctx.fillStyle = !face ? BACK[h.back] || "#333" : face === "soleil" ? "#f5a623" : face === "asteroide" ? "#4b4f58"
        : ACORN[h.colour] ? "#141a2b" : "#333";
      ctx.fill();
      ctx.strokeStyle = "#8890a6";
      ctx.lineWidth = 1 * b.px;
      ctx.stroke();
      const c = b.center(hex);
      if (!face) {
        b.text(ctx, "?", c.x, c.y, { size: 16, color: "#ddd", min: 0.5 });
      } else if (face === "planete" || face === "double") {
        const col = ACORN[h.colour];
        const discs = face === "double" ? [[-0.28, -0.28], [0.28, -0.28]] : [[0, -0.3]];
        for (const [dx, dy] of discs) {
          ctx.beginPath();
          ctx.arc(c.x + dx, c.y + dy, face === "double" ? 0.24 : 0.3, 0, 2 * Math.PI);
          ctx.fillStyle = col.fill;
          ctx.fill();
        }
        b.text(ctx, isEn() && col.markEn ? col.markEn : col.mark, c.x, c.y - 0.3, { size: 10, color: "#000", weight: "800", min: 0.25 });
      } else if (face === "asteroide") {
        b.text(ctx, "░", c.x, c.y - 0.3, { size: 14, color: "#bbb", min: 0.3 });
      } else if (face === "soleil") {
        b.text(ctx, "☀", c.x, c.y, { size: 20, color: "#7a3b00", min: 0.5 });
      }
      // Troops, in arrival order (the first one holds the hex).
      const troops = h.troops || [];
      troops.forEach((t, i) => {
        const y = c.y + 0.18 + i * 0.3 - (troops.length > 2 ? 0.15 : 0);
        const text = t.seat < 0 ? `${EC_MARK[t.ec]}${t.g}`
          : `${SEATS[t.seat % 6].glyph}${[t.g ? `${t.g}g` : "", t.gg ? `${t.gg}G` : ""].filter(Boolean).join(" ")}`;
        ctx.fillStyle = t.seat < 0 ? "#000" : SEATS[t.seat % 6].fill;
        ctx.fillRect(c.x - 0.62, y - 0.13, 1.24, 0.26);
        b.text(ctx, text, c.x, y, { size: 10, color: t.seat < 0 ? "#fff" : SEATS[t.seat % 6].ink, weight: "700", min: 0.2 });
      });
    }
  }

  /** What changes at a click: the places to lay a hex, the legal hexes, the origin picked, the combat. */
  function paintBoard(ctx, b) {
    const lh = legalHexes();
    // Empty places where a hex may be laid (legal ones are highlighted below).
    b.highlight(ctx, (view.slots || []).filter((k) => !lh.has(k)).map(parseKey), { stroke: "#445", width: 1, dash: [3, 3] });
    const marks = [...lh].map(parseKey);
    b.highlight(ctx, marks, { fill: "rgba(123, 224, 168, 0.18)", stroke: "#7be0a8", width: 2.5, dash: [5, 3] });
    if (from !== null) b.highlight(ctx, [parseKey(from)], { stroke: "#ffe066", width: 3 });
    if (view.combat) b.highlight(ctx, [parseKey(view.combat.hex)], { stroke: "#ff5a4f", width: 3, inset: 0.02 });
    paintChanged(ctx, b);
  }

  /** The hexes another seat changed (recent.js marks): a ring inside the hex; a new change pulses out once. */
  function paintChanged(ctx, b) {
    const hexes = changes.hexes().map(parseKey);
    b.highlight(ctx, hexes, { stroke: CHANGED, width: 3, inset: 0.16 });
    const t = changes.progress();
    if (t >= 1) return;
    ctx.save();
    ctx.globalAlpha = 1 - t;
    b.highlight(ctx, [...changes.glide.keys()].map(parseKey), { stroke: CHANGED, width: 2 + 4 * (1 - t), inset: 0.16 - 0.2 * t });
    ctx.restore();
  }

  function drawCanvas() {
    if (!view) return;
    const cells = [...view.hexes.map((h) => h.at), ...(view.slots || [])];
    const k = cells.join(";");
    if (k !== cellsKey) {
      cellsKey = k;
      hexBoard.setCells(cells.map(parseKey));
    }
    hexBoard.aspect = (canvasBox.clientWidth || 800) < 600 ? 1.05 : 0.7; // taller on a phone
    hexBoard.paintStatic = paintGalaxy;
    hexBoard.staticKey = `${isEn()}|${JSON.stringify(view.hexes)}`;
    hexBoard.paint = paintBoard;
    // The legal hexes are written to data-legal at each drawing (pan and zoom included): HexBoard's `legal`.
    hexBoard.legal = [...legalHexes()].map(parseKey);
    hexBoard.render();
    canvas.setAttribute("aria-label", tr({ fr: "La galaxie", en: "The galaxy" }));
  }

  // ---- panels --------------------------------------------------------------------------------------
  function track() {
    const T = L();
    return el("div", { class: "ce-info", testid: "ce-info" },
      el("p", { testid: "ce-turn" }, view.phase === "build" || !view.turn ? T.phase("build")
        : `${T.turn(view.turn)} — ${view.over ? T.phase("over") : T.seq[view.sequence] || T.phase(view.phase)}`),
      el("ol", { class: "ce-track", testid: "ce-track", "aria-label": T.order }, view.order.map((s) => el("li", {
        class: `ce-seat-chip ${(view.to_move || []).includes(s) ? "ce-active" : ""}`, dataset: { seat: String(s) },
      }, `${seatTag(s)} ${name(s)}${view.porc_royal === s ? " ♛" : ""}`))));
  }

  function dashboard(s) {
    const T = L();
    const [g, gg] = view.hexes.reduce((acc, h) => {
      for (const t of h.troops) if (t.seat === s) { acc[0] += t.g; acc[1] += t.gg; }
      return acc;
    }, [0, 0]);
    const rec = view.recipes[s];
    const prod = view.production[s];
    const acorn = (c, n) => `${isEn() && ACORN[c].markEn ? ACORN[c].markEn : ACORN[c].mark}${n}`;
    return el("section", { class: "ce-dash", testid: `ce-dash-${s}`, style: `border-color: ${SEATS[s % 6].fill}` },
      el("h4", null, `${seatTag(s)} ${name(s)} — ${clanName(s)}${view.porc_royal === s ? ` ♛ ${T.pr}` : ""}`),
      el("p", null, `${T.troops(g, gg)} · ${T.reserve(view.reserve[s][0], view.reserve[s][1])}`),
      el("p", { testid: `ce-prod-${s}` }, `${T.production} : ${["rouge", "jaune", "bleu"].map((c) => acorn(c, prod[c])).join(" ")}`,
        " · ", `${T.recipe} : `, rec ? ["rouge", "jaune", "bleu"].map((c) => acorn(c, rec[c])).join(" ") : T.secret),
      el("p", null, `${T.governors} : ${view.governors[s]} · ${T.cards(view.hands[s].count)}`,
        view.rule === "complete" ? ` · ${T.markers} : ${view.markers_left[s].join(", ")}` : ""),
      view.powers && view.powers_used[s].length ? el("p", { testid: `ce-powers-${s}` },
        T.powersUsed(view.powers_used[s].map(powerName).join(", "))) : null);
  }

  /** The distribution of a sum of dice (sizes [6], [8], [6, 6], [6, 8]) as {total: probability}. */
  function sumDist(sizes) {
    let dist = new Map([[0, 1]]);
    for (const n of sizes) {
      const next = new Map();
      for (const [v, p] of dist) for (let f = 1; f <= n; f += 1) next.set(v + f, (next.get(v + f) || 0) + p / n);
      dist = next;
    }
    return dist;
  }

  /** Per cent chances that the defender wins, ties, or loses the next round. */
  function roundOdds(odds) {
    const d = sumDist(odds.d.dice);
    const a = sumDist(odds.a.dice);
    let win = 0;
    let tie = 0;
    for (const [x, p] of d) for (const [y, q] of a) {
      const sd = x + odds.d.plus;
      const sa = y + odds.a.plus;
      if (sd > sa) win += p * q;
      else if (sd === sa) tie += p * q;
    }
    const pc = (v) => Math.round(100 * v);
    return [pc(win), pc(tie), pc(1 - win - tie)];
  }

  /** The viewer's side in the fight ("d" or "a"), or null. */
  function mySide(c) {
    const s = opts.viewer;
    if (s === null || s === undefined || !c) return null;
    return c.defender === s ? "d" : c.attacker === s ? "a" : null;
  }

  /** While cards are laid face down: the viewer's chances (win, tie) in the first round if its side lays `cards`
   * on top of those it has laid, the other side's hidden cards not counted (they are unknown). */
  function layOdds(c, side, cards) {
    const spec = { d: { ...c.base.d }, a: { ...c.base.a } };
    for (const x of [...(c.cards[side] || []), ...cards]) {
      const info = tables.cards[x];
      if (info && info.kind === "combat") spec[side].plus += side === "a" ? info.attack : info.defence;
      if (x === "jaret") spec[side].dice = [6, 6];
    }
    const [dw, tie, aw] = roundOdds(spec);
    return [side === "d" ? dw : aw, tie];
  }

  /** A combat card's button: what it adds to the viewer's side, its technology, and the chance to win the first
   * round it gives (the prompt's note says what the per cent is). */
  function cardButtonLabel(a, c, side) {
    const T = L();
    const info = tables.cards[a.card];
    const bits = [];
    if (info && info.kind === "combat") bits.push(`+${side === "a" ? info.attack : info.defence}`, `tech ${info.tech}`);
    else bits.push(T.event);
    const [win] = layOdds(c, side, [a.card]);
    return `${L().a.card(cardName(a.card))} (${bits.join(", ")}) → ${win} %`;
  }

  function combatPanel() {
    const c = view.combat;
    if (!c) return null;
    const T = L();
    const who = (seat, ec) => (seat < 0 ? (tables.extra_pig_names[ec] ? tr(tables.extra_pig_names[ec]) : ec) : `${seatTag(seat)} ${name(seat)}`);
    const cards = (w) => (c.cards[w] ? c.cards[w].map(cardName).join(", ") || "—" : T.faceDown(c.card_counts[w]));
    return el("section", { class: "ce-combat", testid: "ce-combat" },
      el("h3", null, `⚔ ${T.combat(hexName(c.hex))} — ${T.round(Math.max(1, c.round))} · ${T.tech(c.tech)}`),
      el("p", null, `◇ ${who(c.defender, c.defender_ec)} : ${cards("d")} (+${c.bonus.d})`),
      el("p", null, `⚔ ${who(c.attacker, c.attacker_ec)} : ${cards("a")} (+${c.bonus.a})`),
      c.odds ? el("p", { testid: "ce-odds" }, T.odds(...roundOdds(c.odds))) : null,
      c.rounds.length ? el("ol", { class: "ce-rounds", testid: "ce-rounds" }, c.rounds.map((r) =>
        el("li", null, `${T.round(r[0])} : ◇ ${r[1].join("+")} → ${r[2]} · ⚔ ${r[3].join("+")} → ${r[4]}`))) : null);
  }

  function handPanel() {
    const s = opts.viewer;
    if (s === null || s === undefined || !view.hands[s] || !view.hands[s].cards) return null;
    const T = L();
    return el("section", { class: "ce-hand", testid: "ce-hand" }, el("h3", null, T.hand),
      el("ul", null, view.hands[s].cards.map((c) => {
        const info = tables.cards[c];
        const detail = info.kind === "combat" ? ` (+${info.attack} / +${info.defence}, tech ${info.tech})` : ` [${info.sequences.join(" ")}]`;
        return el("li", { title: tr(info.text) }, `${cardName(c)}${detail}`);
      })));
  }

  function legend() {
    const T = L();
    return el("details", { class: "ce-legend" }, el("summary", null, T.legendTitle), el("p", null, T.legend), el("p", null, T.zoom));
  }

  // ---- the prompt ----------------------------------------------------------------------------------
  function button(a, testid, primary = false, text = label(a)) {
    return el("button", { type: "button", class: primary ? "primary" : "", testid, dataset: { action: JSON.stringify(a) },
      onclick: () => { from = null; picked.set(opts.viewer, null); choice = null; send(a); } }, text);
  }

  function takePicker(acts) {
    const T = L();
    const maxG = Math.max(...acts.map((a) => a.g));
    const maxGG = Math.max(...acts.map((a) => a.gg));
    const sg = el("select", { testid: "ce-take-g", "aria-label": T.gorets },
      Array.from({ length: maxG + 1 }, (_, i) => el("option", { value: String(i), selected: i === maxG }, String(i))));
    const sgg = el("select", { testid: "ce-take-gg", "aria-label": T.gros },
      Array.from({ length: maxGG + 1 }, (_, i) => el("option", { value: String(i), selected: i === maxGG }, String(i))));
    const go = el("button", { type: "button", class: "primary", testid: "ce-take-go", onclick: () => {
      send({ type: "take", g: Number(sg.value), gg: Number(sgg.value) });
    } }, T.send);
    return el("div", { class: "row ce-take" }, el("label", null, `${T.gorets} `, sg), el("label", null, `${T.gros} `, sgg), go);
  }

  function hexPicker() {
    const T = L();
    const keys = [...legalHexes()].sort();
    if (!keys.length) return null;
    const select = el("select", { testid: "ce-hex-list", "aria-label": T.hexList },
      keys.map((k) => el("option", { value: k }, hexName(k))));
    return el("div", { class: "row ce-hexes" }, el("label", null, `${T.hexList} `, select),
      el("button", { type: "button", testid: "ce-hex-go", onclick: () => clickHex(select.value) }, T.go));
  }

  function paintPrompt() {
    const T = L();
    const bits = [];
    const buttons = [];
    const w = view.result && view.result.winners ? view.result.winners[0] : null;
    const over = `${T.over} ${w !== null && w !== undefined ? T.winner(name(w)) : ""}`;
    const auto = autoPassDue();
    const text = idleText(host, T, name, view, opts, over) ?? (auto ? T.autoPass : decision(T, bits, buttons));
    if (lone && opts.interactive && passOnly(view)) {
      const box = el("input", { type: "checkbox", testid: "ask-pass-only", checked: askPassOnly(GAME_ID),
        onchange: () => { setAskPassOnly(GAME_ID, box.checked); paint(); maybeAutoPass(); } });
      bits.push(el("label", { class: "ce-askpass" }, box, ` ${T.askPass}`));
    }
    promptBar(prompt, { text, names: host.names, extra: bits, refusal: sender.refusal, buttons,
      row: { cls: "ce-actions", testid: "actions" } });
  }

  /** The viewer's decision in the prompt: its text; its pickers go into `bits`, its buttons into `buttons`. */
  function decision(T, bits, buttons) {
    const a = ask();
    if (!a) return "";
    const acts = legal();
    let text = T.what[a.kind] || a.kind;
    if (a.kind === "swap_reply" && a.card) text = T.offerFrom(name(a.by), cardName(a.card));
    if (a.kind === "take" || a.kind === "boots_take") {
      bits.push(takePicker(acts));
    } else if (choice) {
      text = hexName(choice.hex);
      choice.actions.forEach((x, i) => buttons.push(button(x, `choice-${i}`, i === 0)));
      buttons.push(el("button", { type: "button", testid: "ce-cancel", onclick: () => { choice = null; paint(); } }, T.cancel));
    } else {
      const hexActs = acts.filter((x) => hexOf(x, false));
      if (from !== null) {
        text = T.pickTo(hexName(from));
        buttons.push(el("button", { type: "button", testid: "ce-cancel", onclick: () => { from = null; picked.set(opts.viewer, null); paint(); } }, T.cancel));
      } else if (hexActs.length) {
        text = `${text} ${T.pickHex}`;
      }
      if (hexActs.length) bits.push(hexPicker());
      const c = view.combat;
      const side = a.kind === "combat_cards" && c && c.base ? mySide(c) : null;
      if (side) {
        const [win, tie] = layOdds(c, side, []);
        const other = c.card_counts[side === "d" ? "a" : "d"];
        bits.push(el("p", { class: "prompt-note ce-lay-odds", testid: "ce-lay-odds" }, T.layOdds(win, tie, other)));
      }
      acts.filter((x) => !hexOf(x, false)).forEach((x, i) => buttons.push(button(x, `act-${x.type}-${i}`, i === 0 && x.type !== "pass",
        side && x.type === "card" ? cardButtonLabel(x, c, side) : label(x))));
    }
    return text;
  }

  /** Draw `slot` again with `make()` when `key` differs from what it shows. */
  function refresh(name, key, make) {
    if (shown[name] === key) return;
    shown[name] = key;
    fill(slots[name], make());
  }

  /** The lone human at the device may only pass in a card window: the page does it (see `lone`). */
  function autoPassDue() {
    return Boolean(lone && view && opts.interactive && opts.viewer !== null && opts.viewer !== undefined
      && (view.to_move || []).includes(opts.viewer) && passOnly(view) && !askPassOnly(GAME_ID));
  }

  const passer = autoPasser(sender, () => view, autoPassDue);
  /** A question with one possible answer, for the lone human (not a « Terminer », which an undo may precede). */
  const soleDue = (v = view, o = opts) => (lone && v && o.interactive && !askPassOnly(GAME_ID) ? soleAnswer(v, o, SOLE) : null);
  const soler = autoAnswerer(sender, () => view, () => soleDue(), (a) => host.notify && host.notify(soleNotice(label(a))));
  let told = null; // the view whose automatic pass the page has announced
  /** Pass for the player when due, saying which window it passed (the combat's hex, else the step of the turn). */
  function maybeAutoPass() {
    if (autoPassDue() && told !== view && host.notify) {
      told = view;
      const T = L();
      const c = view.combat;
      host.notify(T.autoPassed(c ? T.combat(hexName(c.hex)) : T.windowOf(T.seq[view.sequence] || view.sequence)));
    }
    passer();
    soler();
  }

  function paint() {
    if (!view) return;
    keepFocus(board, () => {
      const en = isEn();
      const names = host.names;
      refresh("track", JSON.stringify([en, names, view.phase, view.turn, view.over, view.sequence, view.order,
        view.to_move, view.porc_royal]), track);
      refresh("combat", JSON.stringify([en, names, view.combat || null, view.combat ? view.hexes : null]), combatPanel);
      const s = opts.viewer;
      refresh("hand", JSON.stringify([en, s, s !== null && s !== undefined && view.hands[s] ? view.hands[s] : null]), handPanel);
      refresh("dashboards", JSON.stringify([en, names, view.order, view.clans, view.porc_royal, view.hexes, view.recipes,
        view.production, view.reserve, view.governors, view.hands.map((h) => h.count), view.rule, view.markers_left,
        view.powers, view.powers_used]), () => view.order.map(dashboard));
      refresh("legend", String(en), legend);
      if (layoutBox.parentNode !== board) fill(board, layoutBox);
    });
    if (mineEl && sideBox.parentNode !== mineEl) fill(mineEl, sideBox);
    drawCanvas();
    keepFocus(prompt, paintPrompt);
    sender.drawn(); // "ui:click-to-render": from a click to the board drawn again
  }

  return {
    ...shellHooks(sender, {
      decision: (v, o) => [v.legal_actions, v.to_move, o.viewer, o.interactive],
      reset: () => {
        from = null;
        choice = null;
      },
      take: (v, o) => {
        view = v;
        opts = o;
        changes.take(v, { sending: sender.sending, actions: host.actions ? host.actions() : null, replay: Boolean(v.replay) });
        // After a reload, the start hex the player had picked (still a legal start at the same position).
        if (from === null && o.interactive) {
          const k = picked.get(o.viewer);
          if (k && legal().some((a) => (a.type === "go" || a.type === "ec_go") && a.from === k)) from = k;
        }
      },
      paint,
      after: maybeAutoPass,
      teardown: () => {
        changes.destroy();
        hexBoard.destroy();
        if (resizeObserver) resizeObserver.disconnect();
        view = null;
      },
    }),
    /** A card window where « pass » is the only answer of a player away from the device: the page sends it without
     * a hand-over (as Rencontre Cosmique's edict windows do); at the device the player passes themselves. */
    autoPass() {
      return true;
    },
    /** The game menu offers « ask me even when I can only pass » (autoanswer.js): the page passes for a lone human. */
    passSetting: true,
    /** The answer the page gives alone for `seat` in view `v` (the shell's undo counts it as the page's). */
    soleAnswer: (v, seat) => soleDue(v, { interactive: true, viewer: seat }),
    scoreLabel() {
      return L().scoreLabel;
    },
  };
}
