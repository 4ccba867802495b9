// The page's client of the rules engine: calls the PyScript worker named "engine" (web/engine_worker.py),
// sends JSON strings and returns the parsed answers of py/cosmoludo/bridge.py. No rule is decided here.

const WORKER_SELECTOR = 'script[type="py"][worker][name="engine"]';
// Imported here rather than by a <script> tag so that a failure to load it is reported (index.html preloads it).
const PYSCRIPT = "./vendor/pyscript/core.js";
const POLL_MS = 20;

/** The worker's xworker once PyScript has created it (it sets `script.xworker` without an event). */
function whenWorkerCreated() {
  const script = document.querySelector(WORKER_SELECTOR);
  if (!script) {
    return Promise.reject(new Error(`index.html has no ${WORKER_SELECTOR} element`));
  }
  return new Promise((resolve) => {
    const poll = () => (script.xworker ? resolve(script.xworker) : setTimeout(poll, POLL_MS));
    poll();
  });
}

const created = import(PYSCRIPT).then(whenWorkerCreated);
/** The xworker once Python has started and imported the engine (rejects when the worker fails). */
const booted = created.then(async (xworker) => {
  performance.mark("engine:worker-created");
  await xworker.ready;
  performance.mark("engine:python-ready");
  return xworker;
});

/** Milestones of the engine's start, for the loading screen: the worker exists, then Python runs. */
export const stages = Object.freeze({
  workerCreated: created.then(() => undefined),
  pythonReady: booted.then(() => undefined),
});

const asJSON = (value) => (typeof value === "string" ? value : JSON.stringify(value));
// `undefined` does not survive the worker channel; null is the spectator seat.
const seatOf = (seat) => (seat === undefined ? null : seat);

async function call(name, ...args) {
  const xworker = await booted;
  return JSON.parse(await xworker.sync[name](...args));
}

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
  bot: (handle, seat, level, seed = 0) => call("bot", handle, seatOf(seat), level, seed),
  undo: (handle, seat) => call("undo", handle, seatOf(seat)),
  close: (handle) => call("close", handle),
  /** Resolves to the catalog once the engine has answered its first call. */
  ready: booted.then(async () => {
    const catalog = await call("catalog");
    performance.mark("engine:ready");
    return catalog;
  }),
});
