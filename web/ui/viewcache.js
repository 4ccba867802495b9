// The copy of the last screen the page showed the player at the device, one per save, drawn at once after a reload
// (read-only, « chargement du moteur… ») until the engine is up; dropped as soon as the save it belongs to changed.
//
// A copy is {v, game, fp, mode, seat, view}: `fp` the fingerprint of the save it was drawn from (its action count,
// the length and a hash of the save less its page-side meta, which never changes what is drawn), `mode` "human" or
// "over", `seat` the viewer it was drawn for. The game's catalog entry (its names and tables, which a view names by
// id) is kept once per game beside the copies, so that the screen can be drawn before the engine gives the catalog.
// Everything here is a cache: a copy that cannot be read, stored or trusted is removed and the page goes on as
// without it; a full storage never costs another entry anything (store.js drops the copies first).
import * as store from "../store.js";
import { canonicalSave, VIEW_PREFIX } from "../store.js";
import { viewModule } from "../games/index.js";

const TABLES_KEY = "cosmoludo.viewtables";
const VERSION = 1;
/** The copy keeps the end of the log only (the screen asks the engine for the whole log once it is up). */
const LOG_TAIL = 60;

function storage() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

function getItem(key) {
  try {
    const ls = storage();
    return ls ? ls.getItem(key) : null;
  } catch (_) {
    return null;
  }
}

/** Store quietly: a refusal (a full storage, say) leaves the cache without this entry, never another one. */
function setItem(key, text) {
  const ls = storage();
  if (!ls) return false;
  try {
    ls.setItem(key, text);
    return true;
  } catch (_) {
    try {
      ls.removeItem(key); // no stale copy stays behind a write that failed
    } catch (_e) { /* nothing to do */ }
    return false;
  }
}

/** Remove the copy of save `id` (also done by store.deleteSave with the save). */
export function forget(id) {
  try {
    const ls = storage();
    if (ls) ls.removeItem(VIEW_PREFIX + id);
  } catch (_) { /* a storage refused: nothing kept */ }
}

/** FNV-1a over the UTF-16 code units: a change anywhere in the text changes it (it guards a cache, not secrets). */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The fingerprint of a stored save's text, or null when it is not a readable save. */
export function fingerprint(raw) {
  if (typeof raw !== "string") return null;
  const parsed = store.parseSave(raw);
  if (parsed.error) return null;
  const { meta, ...bare } = parsed.save;
  const text = canonicalSave(bare);
  if (text === null) return null;
  return { actions: bare.actions.length, length: text.length, hash: hash(text) };
}

const sameFingerprint = (a, b) => Boolean(a && b && a.actions === b.actions && a.length === b.length && a.hash === b.hash);

function isSeat(seat) {
  return seat === null || (Number.isInteger(seat) && seat >= 0 && seat < 8);
}

/** The copy of save `id` if it is one and belongs to the stored text `raw`; else null, and a copy there is removed. */
export function recall(id, raw) {
  const text = getItem(VIEW_PREFIX + id);
  if (text === null) return null;
  let copy = null;
  try {
    copy = JSON.parse(text);
  } catch (_) { /* damaged: removed below */ }
  const whole = copy && typeof copy === "object" && copy.v === VERSION && typeof copy.game === "string"
    && (copy.mode === "human" || copy.mode === "over") && isSeat(copy.seat)
    && copy.view && typeof copy.view === "object" && !Array.isArray(copy.view) && copy.fp && typeof copy.fp === "object";
  if (!whole || !sameFingerprint(copy.fp, fingerprint(raw))) {
    forget(id);
    return null;
  }
  return copy;
}

/** The catalog entry of `game` kept beside the copies, or null. */
function keptEntry(game) {
  const text = getItem(TABLES_KEY);
  if (text === null) return null;
  try {
    const tables = JSON.parse(text);
    const entry = tables && typeof tables === "object" ? tables[game] : null;
    return entry && typeof entry === "object" && entry.id === game ? entry : null;
  } catch (_) {
    try {
      storage().removeItem(TABLES_KEY);
    } catch (_e) { /* nothing to do */ }
    return null;
  }
}

function keepEntry(entry) {
  if (!entry || typeof entry.id !== "string") return;
  let tables = {};
  try {
    tables = JSON.parse(getItem(TABLES_KEY) || "{}") || {};
  } catch (_) { /* damaged: written afresh */ }
  const text = JSON.stringify(entry);
  if (tables[entry.id] && JSON.stringify(tables[entry.id]) === text) return;
  tables[entry.id] = entry;
  setItem(TABLES_KEY, JSON.stringify(tables));
}

/**
 * What the page shows first of `copy` for a game whose players at the device are the seats `humans`: "view" (the
 * copy is of the seat the page shows, or of the game's end), "handover" (several players at the device: the copy's
 * player is asked to take the device, and nothing of the copy is shown), or null (not this copy).
 */
export function firstScreen(copy, humans) {
  if (copy.mode === "human" && humans.length >= 2) return humans.includes(copy.seat) ? "handover" : null;
  const viewer = humans.length === 1 ? humans[0] : null;
  return copy.seat === viewer ? "view" : null;
}

/**
 * The screen `screen` has just drawn `v` in its mode: in "human" (a player at the device decides) or "over", the
 * copy of save `screen.id` is stored, unless the one stored is for the same save, viewer and mode already.
 */
export function remember(screen, v) {
  const mode = screen.mode;
  if ((mode !== "human" && mode !== "over") || screen.storageProblem || typeof screen.base !== "string" || !screen.save) return;
  const seat = screen.viewer;
  const last = screen.viewCopy;
  if (last && last.base === screen.base && last.seat === seat && last.mode === mode) return;
  const fp = fingerprint(screen.base);
  if (!fp) return;
  screen.viewCopy = { base: screen.base, seat, mode };
  if (last && last.seat === seat && last.mode === mode && sameFingerprint(last.fp, fp)) {
    screen.viewCopy.fp = fp; // only the page's notes changed: the copy stored is still this screen
    return;
  }
  screen.viewCopy.fp = fp;
  const view = Array.isArray(v.log) && v.log.length > LOG_TAIL ? { ...v, log: v.log.slice(-LOG_TAIL) } : v;
  let text;
  try {
    text = JSON.stringify({ v: VERSION, game: screen.save.game, fp, mode, seat, view });
  } catch (_) {
    return;
  }
  if (setItem(VIEW_PREFIX + screen.id, text)) keepEntry(screen.ctx.gameEntry(screen.save.game));
}

/** The seats' kinds of a stored save, as the screen takes them (store.cleanSeats), or null. */
function humansOf(save, entry) {
  const levels = Array.isArray(entry.bots) ? entry.bots.map((b) => b.id) : [];
  const meta = save.meta && typeof save.meta === "object" ? save.meta : {};
  const seats = store.cleanSeats(meta.seats, save.players, levels);
  return seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
}

/**
 * For the page's boot (web/boot.js): the catalog to start the interface with before the engine is up (the one
 * game's kept entry), when the address `hash` is a game's with a copy that will be drawn; else null.
 */
export function earlyCatalog(hash) {
  const m = /^#\/partie\/(.+)$/.exec(hash || "");
  if (!m) return null;
  let id;
  try {
    id = decodeURIComponent(m[1]);
  } catch (_) {
    return null;
  }
  const raw = store.readRaw(id);
  const copy = raw === null ? null : recall(id, raw);
  if (!copy) return null;
  const entry = keptEntry(copy.game);
  const parsed = store.parseSave(raw);
  if (!entry || parsed.error || parsed.save.game !== copy.game) return null;
  if (!firstScreen(copy, humansOf(parsed.save, entry))) return null;
  viewModule(copy.game).catch(() => {}); // the game's view loads meanwhile (showCached asks for it again)
  return [entry];
}

/**
 * Draw the copy of the stored text `raw` on the game screen `screen` (GameScreen, game.js), read-only, in mode
 * "cached"; resolves to true when it did. The screen then opens the game in the engine as ever and draws it anew.
 */
export async function showCached(screen, raw) {
  const copy = recall(screen.id, raw);
  if (!copy || !screen.ctx.gameEntry(copy.game)) return false;
  const parsed = store.parseSave(raw);
  if (parsed.error || parsed.save.game !== copy.game) return false;
  const save = parsed.save;
  const meta = save.meta && typeof save.meta === "object" ? save.meta : {};
  screen.takeSeats(save.game, meta.seats, save.players);
  const first = firstScreen(copy, screen.humans);
  if (!first) return false;
  const module = await viewModule(save.game);
  if (!module || !screen.alive || screen.mode !== "loading") return false;
  screen.save = { ...save, meta: { ...meta, id: screen.id, seats: screen.seats } };
  screen.viewModule = module;
  screen.screen.dataset.game = save.game;
  screen.relabelShell();
  try {
    screen.makeView();
    if (first === "handover") {
      screen.viewer = null;
      screen.showHandover(copy.seat, copy.view);
      screen.lastView = null; // nothing of that player's view is drawn again before the hand-over (a relabel, say)
    } else {
      screen.viewer = copy.seat;
      screen.setMode("cached");
      screen.render(copy.view);
    }
    screen.setMode("cached");
  } catch (e) {
    // A copy this page's views cannot draw (from another version of the site, say): gone, and the screen as before.
    console.warn("Cosmoludo: the copy of the last screen could not be drawn:", e);
    forget(screen.id);
    screen.handover.hidden = true;
    screen.layout.hidden = false;
    screen.makeView();
    screen.setMode("loading");
    return false;
  }
  // Nothing is sent from the copy: the hand-over waits for the engine, and so does the end's « play again ».
  for (const b of [...screen.handover.querySelectorAll("button"), ...screen.endPanel.querySelectorAll("button")]) b.disabled = true;
  screen.logCount = -1; // the copy's log is its end only: the engine's whole log is drawn afresh
  performance.mark("page:cached"); // the browser bench's « reload → cached view drawn »
  return true;
}
