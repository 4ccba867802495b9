// The registry of game screens: each game's view module and rules page, loaded when first needed.
// A new game adds one entry here; the shell (ui/game.js, ui/rules.js) never names a game itself.
export const GAMES = {
  "porco-crasso": {
    view: () => import("./porco-crasso.js"),
    rules: () => import("../rules/porco-crasso.js"),
  },
  "rencontre-cosmique": {
    view: () => import("./rencontre-cosmique.js"),
    rules: () => import("../rules/rencontre-cosmique.js"),
  },
  "cochons-de-l-espace": {
    view: () => import("./cochons-de-l-espace.js"),
    rules: () => import("../rules/cochons-de-l-espace.js"),
  },
  "kroll-et-prumni": {
    view: () => import("./kroll-et-prumni.js"),
    rules: () => import("../rules/kroll-et-prumni.js"),
  },
  "galaxy-trucker": {
    view: () => import("./galaxy-trucker.js"),
    rules: () => import("../rules/galaxy-trucker.js"),
  },
};

/** The view module of `gameId` ({createView, …}), or null for a game with no screen. */
export async function viewModule(gameId) {
  const entry = Object.hasOwn(GAMES, gameId) ? GAMES[gameId] : null;
  return entry ? entry.view() : null;
}

/** The rules page of `gameId` ({fr, en} of {title, blocks}), or null. */
export async function rulesOf(gameId) {
  const entry = Object.hasOwn(GAMES, gameId) ? GAMES[gameId] : null;
  return entry ? (await entry.rules()).RULES : null;
}
