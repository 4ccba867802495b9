// The page's client of the rules engine: a module worker (web/engine_worker.js) running Pyodide and
// py/cosmoludo/worker.py. Sends JSON strings and returns the parsed answers of py/cosmoludo/bridge.py;
// no rule is decided here. index.html starts the worker first thing; without it (a test page), it starts here.

const WORKER_URL = new URL("./engine_worker.js", import.meta.url);
const started = globalThis.cosmoludoEngine || { worker: new Worker(WORKER_URL, { type: "module" }), early: [] };
const worker = started.worker;
const pending = new Map();
let nextId = 0;

let resolveBooted, rejectBooted, resolvePython;
const booted = new Promise((resolve, reject) => { resolveBooted = resolve; rejectBooted = reject; });
const pythonReady = new Promise((resolve) => { resolvePython = resolve; });
booted.catch(() => {}); // the failure reaches the loading screen through stages and ready

function failAll(error) {
  rejectBooted(error);
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function receive(data) {
  if (data.stage === "python") {
    performance.mark("engine:python-ready");
    resolvePython();
  } else if (data.stage === "ready") {
    resolveBooted();
  } else if (data.stage === "failed") {
    failAll(new Error(data.error));
  } else if (pending.has(data.id)) {
    const { resolve, reject } = pending.get(data.id);
    pending.delete(data.id);
    if ("error" in data) reject(new Error(data.error));
    else {
      // After a fatal error inside Pyodide a call may answer nothing, or not JSON: it still settles, as no answer
      // (which the page's safeEngine reports in both languages).
      let answer = null;
      try {
        answer = JSON.parse(data.result);
      } catch (_) { /* no answer */ }
      resolve(answer);
    }
  }
}

// A worker script that cannot be loaded (missing file, syntax error) fires "error" without a message of ours.
const failedToStart = (message) =>
  failAll(new Error(message || `The engine worker (${WORKER_URL.pathname}) could not be started.`));

worker.onmessage = ({ data }) => receive(data);
worker.onerror = (event) => {
  event.preventDefault();
  failedToStart(event.message);
};
for (const item of started.early.splice(0)) {
  if ("error" in item) failedToStart(item.error);
  else receive(item.data);
}

function call(name, ...args) {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, name, args });
  });
}

/** Milestone of the engine's start, for the loading screen: Python runs (the engine is imported next). */
export const stages = Object.freeze({
  pythonReady: Promise.race([pythonReady, booted]),
});

const asJSON = (value) => (typeof value === "string" ? value : JSON.stringify(value));
// `undefined` is not JSON; null is the spectator seat.
const seatOf = (seat) => (seat === undefined ? null : seat);

/**
 * Every method is async and resolves to the bridge's parsed answer: `{ok: true, ...}` or
 * `{ok: false, error: {fr, en}}` (catalog resolves to the list of games). Objects passed as
 * request, save or action are serialised here; strings are sent as they are.
 */
export const engine = Object.freeze({
  catalog: () => call("catalog"),
  create: (request) => call("create", asJSON(request)),
  open_save: (save) => call("open_save", asJSON(save)),
  check_save: (save) => call("check_save", asJSON(save)),
  view: (handle, seat = null) => call("view", handle, seatOf(seat)),
  act: (handle, seat, action) => call("act", handle, seatOf(seat), asJSON(action)),
  /** With `t` (a game with real-time bots): the bot's action at that clock reading, or null. */
  bot: (handle, seat, level, seed = 0, t = null) => call("bot", handle, seatOf(seat), level, seed, t),
  undo: (handle, seat) => call("undo", handle, seatOf(seat)),
  close: (handle) => call("close", handle),
  /**
   * {python: version, boot: "snapshot" (restored from the build's memory snapshot) or "import", trampoline:
   * how Python calls C functions, "wasm-gc" (fast) or "javascript"}.
   */
  about: () => call("about"),
  /** The browser benchmark's probe: {games, seconds, games_per_second, mean_actions} of n random games. */
  playouts: (game, players, n, seed = 0) => call("playouts", game, players, n, seed),
  /** Resolves to the catalog once the engine has answered its first call. */
  ready: booted.then(async () => {
    const catalog = await call("catalog");
    performance.mark("engine:ready");
    return catalog;
  }),
});
