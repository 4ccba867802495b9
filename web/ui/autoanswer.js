// Whether the page answers by itself for the player at the device when « pass » is all they may do (issue 31):
// a per-game setting in store.js settings (`askPassOnly`: {gameId: true} brings the question back).
import * as store from "../store.js";

/** Whether the player chose to be asked even when they may only pass, in game `gameId`. */
export function askPassOnly(gameId) {
  const ask = store.settings().askPassOnly;
  return Boolean(ask && typeof ask === "object" && ask[gameId]);
}

/** Turn the question back on (`ask` true) or off for game `gameId`. */
export function setAskPassOnly(gameId, ask) {
  const cur = store.settings().askPassOnly;
  const next = { ...(cur && typeof cur === "object" ? cur : {}) };
  if (ask) next[gameId] = true;
  else delete next[gameId];
  store.setSetting("askPassOnly", next);
}
