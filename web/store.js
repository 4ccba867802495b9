// Saved games and settings in localStorage: one key per game, each value a DESIGN save with a "meta" key.
//
// Every entry is read on its own, so a damaged, foreign or future-version save is reported
// without touching the others; nothing here ever deletes an entry the player did not ask to delete.

const PREFIX = "cosmoludo.save.";
/** The copy of a save's last screen (web/ui/viewcache.js): a cache, removed with its save, dropped when space is short. */
export const VIEW_PREFIX = "cosmoludo.view.";
const SETTINGS_KEY = "cosmoludo.settings";
export const MAX_IMPORT_BYTES = 1_000_000;
export const MAX_NAME_LENGTH = 40;
const SEAT_KINDS = ["human", "bot"];

import { cleanName, cutName, distinctNames } from "./names.js";
import { INEXACT, inexact, isKept, parseExact } from "./exactjson.js";

const msg = (fr, en) => ({ fr, en });

/** A fresh save id: time plus randomness, safe in a storage key and a URL hash. */
export function newId() {
  const rand = Math.floor(Math.random() * 0x100000000).toString(36);
  return `${Date.now().toString(36)}-${rand}`;
}

function storage() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

/**
 * Whether the saves can be read at all: false when the browser gives no storage or every call to it throws (site
 * data blocked, some private modes). The page is then played without saving, and says so.
 */
export function readable() {
  const ls = storage();
  if (!ls) return false;
  try {
    ls.getItem(SETTINGS_KEY);
    return Number.isInteger(ls.length);
  } catch (_) {
    return false;
  }
}

/** Every stored save as {id, raw}, newest key order not guaranteed (the caller sorts); [] when unreadable. */
export function listRaw() {
  const ls = storage();
  if (!ls) return [];
  const out = [];
  try {
    for (let i = 0; i < ls.length; i++) {
      const key = ls.key(i);
      if (key && key.startsWith(PREFIX)) out.push({ id: key.slice(PREFIX.length), raw: ls.getItem(key) ?? "" });
    }
  } catch (_) {
    return []; // the storage refuses to be read: readable() says so
  }
  return out;
}

/** The raw text of one save, or null when it does not exist (or the storage cannot be read: see readable()). */
export function readRaw(id) {
  const ls = storage();
  try {
    return ls ? ls.getItem(PREFIX + id) : null;
  } catch (_) {
    return null;
  }
}

/** Parse a stored text; {save} or {error: {fr, en}}. Never throws. */
export function parseSave(raw) {
  let data;
  try {
    data = parseExact(raw);
  } catch (_) {
    return { error: msg("le texte enregistré n'est pas du JSON lisible.", "the stored text is not readable JSON.") };
  }
  if (inexact(raw)) return { save: null, data, error: INEXACT };
  const what = shapeProblem(data);
  if (what) return { save: null, data, error: what };
  return { save: data };
}

/**
 * What is wrong with the outer shape of a save, or null. The engine's check_save does the
 * real validation (replaying every action); this only catches what would break the page.
 */
export function shapeProblem(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return msg("ce n'est pas un objet de sauvegarde.", "it is not a save object.");
  }
  if (data.format !== "cosmoludo-save") {
    return msg("ce n'est pas une sauvegarde Cosmoludo.", "it is not a Cosmoludo save.");
  }
  if (!Number.isInteger(data.version)) {
    return msg("la version est illisible.", "the version is unreadable.");
  }
  if (typeof data.game !== "string") return msg("le jeu n'est pas indiqué.", "the game is missing.");
  if (!Number.isInteger(data.players) || data.players < 1 || data.players > 8) {
    return msg("le nombre de joueurs est illisible.", "the number of players is unreadable.");
  }
  if (data.options != null && (typeof data.options !== "object" || Array.isArray(data.options))) {
    return msg("les options de la partie sont abîmées.", "the game's options are damaged.");
  }
  if (!Array.isArray(data.actions)) return msg("la liste des actions manque.", "the action list is missing.");
  if (data.meta !== undefined && (data.meta === null || typeof data.meta !== "object" || Array.isArray(data.meta))) {
    return msg("les informations sur les joueurs sont abîmées.", "the player information is damaged.");
  }
  return null;
}

/**
 * Seats as the page uses them, rebuilt safely from whatever a save or a file holds: names without invisible
 * characters, cut to the limit, and told apart (names that are one to the eye are numbered: web/names.js).
 */
export function cleanSeats(seats, players, botLevels) {
  const out = [];
  for (let i = 0; i < players; i++) {
    const s = Array.isArray(seats) && seats[i] && typeof seats[i] === "object" ? seats[i] : {};
    const kind = SEAT_KINDS.includes(s.kind) ? s.kind : "human";
    const name = typeof s.name === "string" ? cutName(cleanName(s.name), MAX_NAME_LENGTH).trimEnd() : "";
    const seat = { kind, name };
    if (kind === "bot") {
      seat.level = botLevels.includes(s.level) ? s.level : botLevels.includes("normal") ? "normal" : botLevels[0];
      if (!seat.level) seat.kind = "human";
    }
    if (!name) seat.name = seat.kind === "bot" ? `Robot ${i + 1}` : `Joueur ${i + 1}`;
    out.push(seat);
  }
  distinctNames(out.map((s) => s.name), MAX_NAME_LENGTH).forEach((name, i) => { out[i].name = name; });
  return out;
}

/**
 * Store one save. Returns {ok:true} or {ok:false, reason:"quota"|"unavailable"}: the caller keeps
 * the game in memory and tells the player; the previous stored version stays as it was.
 */
export function writeSave(id, save, raw = JSON.stringify(save)) {
  const ls = storage();
  if (!ls) return { ok: false, reason: "unavailable" };
  for (let attempt = 0; ; attempt++) {
    try {
      ls.setItem(PREFIX + id, raw);
      return { ok: true };
    } catch (e) {
      const quota = e && (e.name === "QuotaExceededError" || e.code === 22 || e.code === 1014);
      // The copies of last screens are only a cache: a save is never refused for the room they take.
      if (quota && attempt === 0 && dropViewCopies(ls)) continue;
      return { ok: false, reason: quota ? "quota" : "unavailable" };
    }
  }
}

/** Remove every copy of a last screen (web/ui/viewcache.js); whether there was any. */
function dropViewCopies(ls) {
  try {
    const keys = [];
    for (let i = 0; i < ls.length; i++) {
      const key = ls.key(i);
      if (key && key.startsWith(VIEW_PREFIX)) keys.push(key);
    }
    for (const key of keys) ls.removeItem(key);
    return keys.length > 0;
  } catch (_) {
    return false;
  }
}

/**
 * The compare-and-set itself (synchronous): store `save` only if the stored text is still `expected`. See
 * writeSaveIf, which runs it under the save's lock.
 */
function compareAndSet(id, expected, save) {
  const ls = storage();
  if (!ls) return { ok: false, reason: "unavailable" };
  let current;
  try {
    current = ls.getItem(PREFIX + id);
  } catch (_) {
    return { ok: false, reason: "unavailable" };
  }
  if (current !== expected) return { ok: false, reason: current === null ? "gone" : "moved", raw: current };
  const raw = JSON.stringify(save);
  const written = writeSave(id, save, raw);
  return written.ok ? { ok: true, raw } : written;
}

/** The Web Locks API when this page may use it (a secure context: https, localhost, 127.0.0.1), else null. */
function lockManager() {
  try {
    const locks = typeof navigator !== "undefined" ? navigator.locks : null;
    return locks && typeof locks.request === "function" ? locks : null;
  } catch (_) {
    return null;
  }
}

/**
 * Run `fn` (synchronous, never throws) holding the save's exclusive lock, shared by every tab of this browser
 * on this site: no other tab reads-compares-writes or deletes that save in between. Without the Web Locks API
 * (a page opened from a file or over plain http, an old browser) or when it refuses, `fn` runs at once and the
 * compare-and-set alone guards the save (with the storage events, which tell a tab when it lost a race).
 */
export async function withSaveLock(id, fn) {
  const locks = lockManager();
  if (locks) {
    let ran = false;
    try {
      return await locks.request(`cosmoludo-save-${id}`, { mode: "exclusive" }, () => {
        ran = true;
        return fn();
      });
    } catch (e) {
      if (ran) throw e;
      console.warn("Cosmoludo: no lock for the save, written without one:", e);
    }
  }
  return fn();
}

/**
 * Store one save only if the stored text is still `expected` (compare-and-set, under the save's lock): the text
 * this tab last read or wrote, or null when the tab knows of no stored copy. So a tab whose game moved on in
 * another tab (or was deleted there) never overwrites it. Resolves to {ok:true, raw} (raw: the text now stored),
 * or {ok:false, reason} with reason "moved" (another tab changed it: `raw` is its text), "gone" (deleted
 * meanwhile), "quota" or "unavailable" (then the stored text is as it was).
 */
export function writeSaveIf(id, expected, save) {
  return withSaveLock(id, () => compareAndSet(id, expected, save));
}

/** Whether a storage event is about the save `id` (null: when the whole storage was cleared). */
export function isSaveEvent(event, id) {
  return event.storageArea === storage() && (event.key === null || event.key === PREFIX + id);
}

/** This tab's own id: sessionStorage keeps it through reloads of the tab, and a new tab gets another. */
let tab = null;
export function tabId() {
  if (tab) return tab;
  try {
    tab = window.sessionStorage.getItem("cosmoludo.tab");
    if (!tab) {
      tab = newId();
      window.sessionStorage.setItem("cosmoludo.tab", tab);
    }
  } catch (_) {
    tab = tab || newId(); // no sessionStorage: an id for this page's life
  }
  return tab;
}

/** Delete one save, under its lock (never between another tab's read and write of it). */
export function deleteSave(id) {
  return withSaveLock(id, () => {
    const ls = storage();
    try {
      if (ls) ls.removeItem(PREFIX + id);
      if (ls) ls.removeItem(VIEW_PREFIX + id);
    } catch (_) { /* a storage refused: nothing stored to delete */ }
  });
}

/** JSON text of `v` with the keys of every object sorted: equal for equal data, whatever the key order. */
function canonical(v) {
  if (isKept(v)) return v.rawJSON; // an integer beyond 2^53, as its digits
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

/** canonical(bare) of a save less its meta, or null when it is nested too deeply to write (web/ui/viewcache.js). */
export function canonicalSave(bare) {
  try {
    return canonical(bare);
  } catch (_) {
    return null;
  }
}

/** The id of a stored save holding the same game as `bare` (a save less its meta), or null. */
function alreadyListed(bare) {
  let want;
  try {
    want = canonical(bare);
  } catch (_) {
    return null; // nested too deeply to compare: the engine's check says what is wrong with it
  }
  for (const { id, raw } of listRaw()) {
    try {
      const data = parseExact(raw);
      if (!data || typeof data !== "object" || Array.isArray(data)) continue;
      const { meta, ...other } = data;
      if (canonical(other) === want) return id;
    } catch (_) {
      // an unreadable stored text is no copy of anything
    }
  }
  return null;
}

/**
 * Validate an imported file's text and store it under a new id.
 * Checks, in order: size, JSON, outer shape, then a full replay by the engine.
 * Returns {ok:true, id} or {ok:false, reason:{fr,en}} (with `duplicate`: the id of the same game already stored);
 * nothing is stored unless every check passed.
 */
export async function importText(engine, text, catalog) {
  if (typeof text !== "string") return { ok: false, reason: msg("fichier illisible.", "unreadable file.") };
  if (new Blob([text]).size > MAX_IMPORT_BYTES) {
    const kb = Math.round(MAX_IMPORT_BYTES / 1000);
    return { ok: false, reason: msg(`le fichier dépasse ${kb} Ko.`, `the file is larger than ${kb} KB.`) };
  }
  let data;
  try {
    data = parseExact(text);
  } catch (_) {
    return { ok: false, reason: msg("le fichier n'est pas du JSON lisible.", "the file is not readable JSON.") };
  }
  if (inexact(text)) return { ok: false, reason: INEXACT };
  const problem = shapeProblem(data);
  if (problem) return { ok: false, reason: problem };
  const { meta, ...bare } = data;
  // The same game (same options, seed and actions) already in the list: nothing is added twice.
  const same = alreadyListed(bare);
  if (same) return { ok: false, duplicate: same, reason: msg("cette partie est déjà dans la liste.", "this game is already in the list.") };
  let checked;
  try {
    checked = await engine.check_save(JSON.stringify(bare));
  } catch (e) {
    console.error("Cosmoludo: the engine could not check an imported file:", e);
    return { ok: false, reason: msg("le moteur n'a pas pu vérifier le fichier.", "the engine could not check the file.") };
  }
  if (!checked || !checked.ok) return { ok: false, reason: (checked && checked.error) || msg("refusée.", "refused.") };
  const entry = catalog.find((g) => g.id === bare.game);
  const levels = entry && Array.isArray(entry.bots) ? entry.bots.map((b) => b.id) : [];
  const now = Date.now();
  const id = newId();
  const m = meta && typeof meta === "object" ? meta : {};
  const save = {
    ...bare,
    meta: {
      id,
      seats: cleanSeats(m.seats, bare.players, levels),
      created: Number.isFinite(m.created) ? m.created : now,
      updated: now,
      imported: now,
    },
  };
  const written = writeSave(id, save);
  if (!written.ok) {
    return {
      ok: false,
      reason: written.reason === "quota"
        ? msg("la mémoire du navigateur est pleine.", "the browser's storage is full.")
        : msg("le navigateur refuse l'enregistrement local.", "the browser refuses local storage."),
    };
  }
  return { ok: true, id };
}

/** Offer a save as a downloaded .json file (the exact stored text, so an import gives it back). */
export function exportSave(id, raw, gameId) {
  const blob = new Blob([raw], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
  a.href = url;
  a.download = `cosmoludo-${String(gameId || "partie").replace(/[^a-z0-9-]/gi, "")}-${stamp}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- settings --------------------------------------------------------------------

const DEFAULT_SETTINGS = { botDelay: 700 };
// Settings chosen during this visit: they hold even when the storage is full or refused.
const visitSettings = {};

export function settings() {
  const ls = storage();
  let data = {};
  try {
    data = ls ? JSON.parse(ls.getItem(SETTINGS_KEY) || "{}") : {};
  } catch (_) { /* unreadable: the defaults */ }
  return { ...DEFAULT_SETTINGS, ...(data && typeof data === "object" ? data : {}), ...visitSettings };
}

export function setSetting(key, value) {
  visitSettings[key] = value;
  const next = settings();
  const ls = storage();
  try {
    if (ls) ls.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch (_) { /* the setting lasts for this visit only (visitSettings) */ }
  return next;
}
