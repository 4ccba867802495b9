// Galaxy Trucker on screen: the words of the page (French first, English), the cards, goods and shots in words, and
// how each engine action and each question reads. The game's own names (cards, goods, sides, components) are the
// catalog's tables (py/cosmoludo/games/galaxy_trucker/words.py): a view names them by id and never writes them.
import { isEn, textsOf, tr } from "../../i18n.js";

const TEXT = {
  fr: {
    glass: (k, n, s) => `Sablier : cercle ${k}/${n}${k === n ? " (Départ)" : ""} — ${s} s`,
    glassOut: (k, n) => `Sablier écoulé sur le cercle ${k}/${n}${k === n ? " (Départ)" : ""}`,
    relaxed: "Mode détendu : pas de sablier.",
    flip: "Retourner le sablier",
    take: (n) => `Piocher face cachée (${n})`,
    ret: "Rendre face visible",
    aside: "Mettre de côté",
    lift: "Reprendre le dernier posé",
    rotL: "⟲ Tourner",
    rotR: "⟳ Tourner",
    hand: "En main",
    noHand: "Main vide.",
    faceup: "Composants face visible",
    asideTitle: "Mis de côté (2 au plus)",
    piles: "Cartes aventure",
    peek: (i) => `Regarder la pile ${i}`,
    secret: "Pile 4 (secrète)",
    unpeek: "Reposer la pile",
    seen: (i) => `Pile ${i} :`,
    pileFor: (i, n) => `Pile ${i} : pour ${n} uniquement ; les autres détournent les yeux.`,
    pileShow: (n) => `${n} regarde`,
    finish: (k) => `J'ai fini : tuile d'ordre ${k}`,
    buildPrompt: "Construisez : piochez un composant, tournez-le (touche R), posez-le sur une case verte (clic ou glisser).",
    placeHint: (n) => `${n} ${n < 2 ? "case possible" : "cases possibles"} dans cette orientation.`,
    finished: (k) => `Vous avez fini (tuile ${k}). Attendez les autres ou retournez le sablier.`,
    lateOrder: "Le sablier est écoulé : prenez une tuile d'ordre.",
    fix: "Contrôle du vaisseau : retirez un composant en défaut (cadre rouge).",
    keepPart: "Votre vaisseau est en morceaux : gardez une partie.",
    crew: "Équipage : placez un alien (facultatif) dans une cabine reliée à son support de vie, puis validez.",
    ready: "Carte suivante ? Vous pouvez aussi abandonner le vol.",
    autoReady: "La partie passe à la carte suivante pour vous. Vous pouvez encore abandonner le vol.",
    autoOnly: "Une seule réponse possible : la partie la donne pour vous.",
    wentOn: (card) => (card ? `Carte « ${card} » résolue : la partie est passée à la suivante pour vous.`
      : "Décollage : la partie est passée à la première carte pour vous."),
    lastCard: "Carte résolue :",
    results: (n) => `Résultats du vol ${n} : lisez-les, puis continuez vers le vol ${n + 1}.`,
    resultsTitle: (n) => `Résultats du vol ${n}`,
    resultLine: (total, lost) => `${total > 0 ? "+" : ""}${total} ${Math.abs(total) < 2 ? "crédit" : "crédits"} ; `
      + (lost ? `${lost} ${lost < 2 ? "composant perdu" : "composants perdus"}` : "aucun composant perdu"),
    next: (n) => `Continuer vers le vol ${n}`,
    power: (w) => `Combien de batteries pour vos ${w} ?`,
    engines: "réacteurs",
    cannons: "lasers",
    defendShield: "Un projectile touche une face protégée : activer le bouclier ?",
    defendCannon: "Un gros météorite arrive : tirer au laser double ?",
    accept: "Accepter l'offre ?",
    planet: "Choisissez une planète libre ou passez.",
    loseCrew: (n) => `Choisissez qui quitte le vaisseau (encore ${n}).`,
    drain: (n) => (n > 1 ? `Choisissez la batterie d'où vient chacune des ${n} capsules dépensées.` : "Choisissez la batterie d'où vient la capsule dépensée."),
    loseGoods: (n) => `Vous perdez ${n < 2 ? `${n} marchandise` : `${n} marchandises`}, les plus chères d'abord (puis des capsules de batterie) : choisissez d'où.`,
    rough: "Routes Rugueuses de ce vol : ",
    planet5: "Choisissez une planète libre, ou une planète occupée en laissant une marchandise (une seule fois par carte), ou passez.",
    acceptSecond: "Récompense réduite de 1 pour le second joueur : l'accepter ?",
    leave: (g) => `sans 1 ${g}`,
    load: (g) => `Rangez vos marchandises (${g || "aucune"}) : dans une soute verte (rouge : soute spéciale).`,
    keep: "Le vaisseau s'est brisé : choisissez la partie à garder.",
    waiting: (name) => `En attente de ${name}…`,
    summary: (s) => `Réacteurs ${s.engine[0]}–${s.engine[1]} · Lasers ${s.cannon[0]}–${s.cannon[1]} · Équipage ${s.crew} · Batteries ${s.batteries} · Connecteurs exposés ${s.exposed}${s.goods ? ` · Marchandises ${s.goods}` : ""}`,
    credits: (n) => `${n} ${Math.abs(n) < 2 ? "crédit" : "crédits"}`,
    loans: (n) => `${n} ${n < 2 ? "emprunt" : "emprunts"} (12 crédits à rendre chacun)`,
    faults: (n) => `${n} ${n < 2 ? "défaut" : "défauts"} à corriger`,
    flight: (n, c) => `Vol ${n} — classe ${c}`,
    deck: (n) => `Cartes restantes : ${n}`,
    gaveUp: "a abandonné",
    order: "Ordre de vol",
    you: "vous",
    bot: "robot",
    play: "Vous jouez :",
    score: "crédits",
    flightScores: "Crédits par vol",
    scoreHead: ["Vol", "Cartes", "Arrivée", "Plus beau", "Marchandises", "Perdus", "Total"],
    act: {
      go: "Continuer", give_up: "Abandonner le vol", accept: "Accepter", decline: "Refuser", pass: "Passer",
      done: "Terminer", crew_done: "Équipage placé",
    },
  },
  en: {
    glass: (k, n, s) => `Hourglass: circle ${k}/${n}${k === n ? " (Start)" : ""} — ${s} s`,
    glassOut: (k, n) => `Hourglass run out on circle ${k}/${n}${k === n ? " (Start)" : ""}`,
    relaxed: "Relaxed mode: no hourglass.",
    flip: "Turn the hourglass",
    take: (n) => `Draw face down (${n})`,
    ret: "Return face up",
    aside: "Set aside",
    lift: "Pick up the last placed",
    rotL: "⟲ Rotate",
    rotR: "⟳ Rotate",
    hand: "In hand",
    noHand: "Empty hand.",
    faceup: "Face-up components",
    asideTitle: "Set aside (2 at most)",
    piles: "Adventure cards",
    peek: (i) => `Look at pile ${i}`,
    secret: "Pile 4 (secret)",
    unpeek: "Put the pile back",
    seen: (i) => `Pile ${i}:`,
    pileFor: (i, n) => `Pile ${i}: for ${n} only; the others look away.`,
    pileShow: (n) => `${n} looks`,
    finish: (k) => `I'm done: order tile ${k}`,
    buildPrompt: "Build: draw a component, rotate it (R key), place it on a green cell (click or drag).",
    placeHint: (n) => `${n} possible ${n === 1 ? "cell" : "cells"} in this orientation.`,
    finished: (k) => `You have finished (tile ${k}). Wait for the others or turn the hourglass.`,
    lateOrder: "The hourglass has run out: take an order tile.",
    fix: "Ship check: remove a faulty component (red frame).",
    keepPart: "Your ship is in pieces: keep one.",
    crew: "Crew: place an alien (optional) in a cabin joined to its life support, then confirm.",
    ready: "Next card? You may also give up the flight.",
    autoReady: "The game goes on to the next card for you. You may still give up the flight.",
    autoOnly: "Only one possible answer: the game gives it for you.",
    wentOn: (card) => (card ? `Card “${card}” resolved: the game went on to the next one for you.`
      : "Lift-off: the game went on to the first card for you."),
    lastCard: "Card resolved:",
    results: (n) => `Results of flight ${n}: read them, then go on to flight ${n + 1}.`,
    resultsTitle: (n) => `Results of flight ${n}`,
    resultLine: (total, lost) => `${total > 0 ? "+" : ""}${total} ${Math.abs(total) === 1 ? "credit" : "credits"}; `
      + (lost ? `${lost} ${lost === 1 ? "component" : "components"} lost` : "no component lost"),
    next: (n) => `Go on to flight ${n}`,
    power: (w) => `How many batteries for your ${w}?`,
    engines: "engines",
    cannons: "cannons",
    defendShield: "A projectile hits a shielded side: raise the shield?",
    defendCannon: "A large meteor is coming: fire the double cannon?",
    accept: "Accept the offer?",
    planet: "Choose a free planet or pass.",
    rough: "Rough Roads of this flight: ",
    planet5: "Choose a free planet, or an occupied one leaving one good (once per card), or pass.",
    acceptSecond: "Reward reduced by 1 for the second player: accept it?",
    leave: (g) => `without 1 ${g}`,
    loseCrew: (n) => `Choose who leaves the ship (${n} left).`,
    drain: (n) => `Choose the battery ${n > 1 ? `each of the ${n} cells spent comes` : "the cell spent comes"} from.`,
    loseGoods: (n) => `You lose ${n} ${n === 1 ? "good" : "goods"}, the most valuable first (then battery cells): choose where from.`,
    load: (g) => `Stow your goods (${g || "none"}): in a green hold (red: special hold).`,
    keep: "The ship broke apart: choose the piece to keep.",
    waiting: (name) => `Waiting for ${name}…`,
    summary: (s) => `Engines ${s.engine[0]}–${s.engine[1]} · Cannons ${s.cannon[0]}–${s.cannon[1]} · Crew ${s.crew} · Batteries ${s.batteries} · Exposed connectors ${s.exposed}${s.goods ? ` · Goods ${s.goods}` : ""}`,
    credits: (n) => `${n} ${Math.abs(n) === 1 ? "credit" : "credits"}`,
    loans: (n) => `${n} ${n === 1 ? "loan" : "loans"} (12 credits to repay each)`,
    faults: (n) => `${n} ${n === 1 ? "fault" : "faults"} to fix`,
    flight: (n, c) => `Flight ${n} — class ${c}`,
    deck: (n) => `Cards left: ${n}`,
    gaveUp: "gave up",
    order: "Flight order",
    you: "you",
    bot: "bot",
    play: "You play:",
    score: "credits",
    flightScores: "Credits per flight",
    scoreHead: ["Flight", "Cards", "Finish", "Best-looking", "Goods", "Lost", "Total"],
    act: {
      go: "Go on", give_up: "Give up the flight", accept: "Accept", decline: "Decline", pass: "Pass",
      done: "Done", crew_done: "Crew placed",
    },
  },
};
export const L = textsOf(TEXT);
const isFr = () => !isEn();

/** Goods in words, one colour word each (« rouge verte » / « red green »): the catalog's tables.goods, whose French
 * agrees with « marchandise » (py/cosmoludo/games/galaxy_trucker/words.py). */
function goodsText(goods, tables) {
  const names = (tables && tables.goods) || {};
  return Array.from(goods || "", (g) => (names[g] ? tr(names[g]) : g)).join(" ");
}

/** Meteors or shots in words; `sides` names each side (the catalog's tables.sides: {N: {fr, en}, …}). */
function shotText(list, sides) {
  const fr = isFr();
  const words = { small: fr ? "petit météorite" : "small meteor", big: fr ? "gros météorite" : "large meteor",
    light: fr ? "tir léger" : "light shot", heavy: fr ? "tir lourd" : "heavy shot" };
  return list.map((x) => {
    const [size, side] = x.split(":");
    return `${words[size]} ${fr ? "de" : "from"} ${sides[side] ? tr(sides[side]) : side}`;
  }).join(", ");
}

/** The card in words, from its data (French or English) and the game's `tables` (card names, sides: the catalog's). */
export function cardText(card, tables) {
  const fr = isFr();
  const { card_names: names = {}, sides = {} } = tables || {};
  const name = names[card.type] ? tr(names[card.type]) : card.type;
  const days = (d) => (fr ? `−${d} ${d < 2 ? "jour" : "jours"} de vol` : `−${d} flight ${d === 1 ? "day" : "days"}`);
  switch (card.type) {
    case "openspace": return `${name} : ${fr ? "chacun avance de sa force de réacteurs (0 : abandon)." : "each ship moves by its engine strength (0: gives up)."}`;
    case "stardust": return `${name} : ${fr ? "1 jour perdu par connecteur exposé." : "1 day lost per exposed connector."}`;
    case "epidemic": return `${name} : ${fr ? "chaque cabine occupée reliée à une autre cabine occupée perd 1 équipier." : "every occupied cabin joined to another occupied cabin loses 1 crew."}`;
    case "sabotage": return `${name} : ${fr ? "le plus petit équipage voit un composant détruit (colonne, rangée : 3 essais)." : "the smallest crew loses a component (column, row: 3 tries)."}`;
    case "abandonedship": return `${name} : ${fr ? `donner ${card.crew} équipiers → ${card.credits} crédits` : `give ${card.crew} crew → ${card.credits} credits`}, ${days(card.days)}.`;
    case "abandonedstation": return `${name} : ${fr ? `${card.crew} équipiers requis → ${goodsText(card.goods, tables)}` : `${card.crew} crew needed → ${goodsText(card.goods, tables)}`}, ${days(card.days)}.`;
    case "planets": return `${name} : ${card.planets.map((p, i) => `${i + 1}) ${goodsText(p, tables)}`).join(" ; ")} — ${days(card.days)}.`;
    case "smugglers": return `${name} (${fr ? "force" : "strength"} ${card.strength}) : ${fr ? `défaite : −${card.lose_goods} marchandises ; victoire : ${goodsText(card.goods, tables)}` : `defeat: −${card.lose_goods} goods; victory: ${goodsText(card.goods, tables)}`}, ${days(card.days)}.`;
    case "slavers": return `${name} (${fr ? "force" : "strength"} ${card.strength}) : ${fr ? `défaite : −${card.lose_crew} équipiers ; victoire : ${card.credits} crédits` : `defeat: −${card.lose_crew} crew; victory: ${card.credits} credits`}, ${days(card.days)}.`;
    case "pirates": return `${name} (${fr ? "force" : "strength"} ${card.strength}) : ${fr ? "défaite" : "defeat"} : ${shotText(card.shots, sides)} ; ${fr ? `victoire : ${card.credits} crédits` : `victory: ${card.credits} credits`}, ${days(card.days)}.`;
    case "meteoric": return `${name} : ${shotText(card.meteors, sides)}.`;
    case "combatzone": {
      const what = { crew: fr ? "le moins d'équipage" : "fewest crew", engines: fr ? "le moins de réacteurs" : "weakest engines",
        cannons: fr ? "le moins de lasers" : "weakest cannons" };
      const pen = (line) => (line.penalty === "days" ? days(line.value)
        : line.penalty === "crew" ? (fr ? `−${line.value} équipiers` : `−${line.value} crew`)
          : line.penalty === "goods" ? (fr ? `−${line.value} marchandises` : `−${line.value} goods`) : shotText(line.value, sides));
      return `${name} : ${card.lines.map((line) => `${what[line.fewest]} → ${pen(line)}`).join(" ; ")}.`;
    }
    default: return name;
  }
}

/** A legal action `a` as its button reads, in `view` (the seat being shown: `me()`). */
export function actionLabel(a, view, tables, me) {
  const T = L();
  const fr = isFr();
  if (a.leave && a.type === "accept") return `${T.act.accept} (${T.leave(goodsText(a.leave, tables))})`;
  if (T.act[a.type]) return T.act[a.type];
  const at = a.cell ? `${a.cell[0]}-${a.cell[1]}` : "";
  switch (a.type) {
    case "power": {
      const ask = view.asks[0];
      const force = ask && ask.strengths ? ` → ${fr ? "force" : "strength"} ${ask.strengths[a.n]}` : "";
      const n = a.n * ((ask && ask.cost) || 1); // Bum Batteries (Rough Roads): 2 cells a use
      return (fr ? `${n} ${n < 2 ? "batterie" : "batteries"}` : `${n} battery ${n === 1 ? "cell" : "cells"}`) + force;
    }
    case "defend": {
      const n = (view.asks[0] && view.asks[0].cost) || 1;
      if (!a.use) return fr ? "Encaisser" : "Take the hit";
      return fr ? `Se défendre (${n} ${n < 2 ? "batterie" : "batteries"})` : `Defend (${n} battery ${n === 1 ? "cell" : "cells"})`;
    }
    case "land": {
      const card = tables.cards[view.card];
      const goods = a.leave ? card.planets[a.planet].replace(a.leave, "") : card.planets[a.planet];
      return `${fr ? "Planète" : "Planet"} ${a.planet + 1} (${goodsText(goods, tables)})`
        + (a.leave ? ` — ${T.leave(goodsText(a.leave, tables))}` : "");
    }
    case "crew": return `${fr ? "Équipier en" : "Crew at"} ${at}`;
    case "store": return `${fr ? "Ranger" : "Stow"} ${goodsText(a.good, tables)} → ${at}`;
    case "drop": return `${fr ? "Jeter" : "Drop"} ${goodsText(a.good, tables)} (${at})`;
    case "drain": return `${fr ? "Batterie en" : "Battery at"} ${at} (${charge(a.cell, view, me)})`;
    case "lose_good": return `${fr ? "Perdre" : "Lose"} ${goodsText(a.good, tables)} (${fr ? "soute" : "hold"} ${at})`;
    case "lose_battery": return `${fr ? "Perdre une capsule : batterie en" : "Lose a cell: battery at"} ${at} (${charge(a.cell, view, me)})`;
    case "keep": return `${fr ? "Garder la partie de" : "Keep the piece with"} ${at}`;
    case "remove": return `${fr ? "Retirer" : "Remove"} ${at}`;
    case "alien": return `${fr ? "Alien" : "Alien"} ${a.colour === "brown" ? (fr ? "marron" : "brown") : (fr ? "violet" : "purple")} → ${at}`;
    case "finish": return L().finish(a.order);
    case "continue": return L().next(view.flight + 1);
    default: return a.type;
  }
}

/** The cells left in the battery at `cell` of the seat being shown, e.g. "2 ⚡". */
function charge(cell, view, me) {
  const ship = view.ships[me()];
  const hit = ship && ship.charge.find((c) => c[0] === cell[0] && c[1] === cell[1]);
  return hit ? `${hit[2]} ⚡` : "";
}

/** The question `ask` in words, in `view` (its legal actions: `legal()`). */
export function askText(ask, view, tables, legal) {
  const T = L();
  switch (ask.kind) {
    case "late_order": return T.lateOrder;
    case "fix": return legal().some((a) => a.type === "keep") ? T.keepPart : T.fix;
    case "crew": return T.crew;
    case "ready": return T.ready;
    case "results": return T.results(view.flight);
    case "power": return T.power(ask.what === "engine" ? T.engines : T.cannons);
    case "defend": return ask.how === "shield" ? T.defendShield : T.defendCannon;
    case "accept": return `${T.accept} ${tables.cards[ask.offer] ? cardText(tables.cards[ask.offer], tables) : ""}`;
    case "planet": return T.planet;
    case "planet5": return T.planet5;
    case "accept_second": return `${T.acceptSecond} ${tables.cards[ask.offer] ? cardText(tables.cards[ask.offer], tables) : ""}`;
    case "lose_crew": return T.loseCrew(ask.n);
    case "drain": return T.drain(ask.n);
    case "lose_goods": return T.loseGoods(ask.n);
    case "load": return T.load(goodsText(ask.goods, tables));
    case "keep": return T.keep;
    default: return "";
  }
}
