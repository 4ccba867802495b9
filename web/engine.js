// The page's client of the rules engine: the PyScript worker named "engine" (index.html), whose interpreter
// (web/engine_interpreter.js) starts Pyodide with py/cosmoludo/worker.py and whose code (web/engine_worker.py)
// exports the engine's calls. Each call goes through the worker's `xworker.sync` (PyScript's own worker
// interface) with JSON strings in, and returns the parsed answers of py/cosmoludo/bridge.py; no rule is
// decided here.

import { parseExact } from "./exactjson.js";

const PYSCRIPT = "./vendor/pyscript/core.js"; // index.html preloads it from its first lines
const WORKER_SELECTOR = 'script[type="py"][worker][name="engine"]';
const POLL_MS = 10;

let resolvePython;
const pythonReady = new Promise((resolve) => { resolvePython = resolve; });

/**
 * The worker's xworker, as soon as PyScript creates it: PyScript's main-thread `onWorker` hook is called right
 * after the worker starts, before it can send anything (PyScript then sets `script.xworker`, without an event;
 * if it already has, this is too late for the hook and takes that).
 */
function whenWorkerCreated({ hooks }) {
  const script = document.querySelector(WORKER_SELECTOR);
  if (!script) return Promise.reject(new Error(`The page has no ${WORKER_SELECTOR} element.`));
  if (script.xworker) return Promise.resolve(script.xworker);
  return new Promise((resolve) => {
    const created = (_, xworker) => {
      hooks.main.onWorker.delete(created);
      resolve(xworker);
    };
    hooks.main.onWorker.add(created);
    const poll = () => (script.xworker ? created(null, script.xworker) : setTimeout(poll, POLL_MS));
    setTimeout(poll, POLL_MS); // in case this PyScript calls no hook for it
  });
}

/**
 * The engine's downloads the page started from its first lines (web/engine_prefetch.js), handed to the worker's
 * interpreter through the port it sent: the list of names at once, then each download as it settles (its buffer
 * moved, not copied; null if it failed, and the worker fetches that file itself).
 */
function handDownloads(port) {
  const downloads = window.cosmoludoDownloads || {};
  delete window.cosmoludoDownloads;
  port.postMessage({ names: Object.keys(downloads) });
  for (const [name, download] of Object.entries(downloads)) {
    download.then((value) => port.postMessage({ name, value }, value instanceof ArrayBuffer ? [value] : []),
      () => port.postMessage({ name, value: null }));
  }
}

// Imported here (the page's <link rel=modulepreload> has already fetched it) so that a failure to load
// PyScript reaches the loading screen.
const booted = import(PYSCRIPT).then(whenWorkerCreated).then(async (xworker) => {
  performance.mark("engine:worker-created");
  // The interpreter module asks for the page's downloads, says when Python runs (the engine's exports follow)
  // and marks each step of its start on the page's timeline ("worker:<step>").
  xworker.addEventListener("message", ({ data, ports }) => {
    if (!data || !data.cosmoludo) return;
    if (data.cosmoludo === "downloads" && ports.length) {
      handDownloads(ports[0]);
    } else if (data.cosmoludo === "python") {
      performance.mark("engine:python-ready");
      resolvePython();
    } else if (data.cosmoludo === "mark") {
      performance.mark(`worker:${data.step}`, { startTime: data.at - performance.timeOrigin });
    }
  });
  await xworker.ready; // rejects with the worker's error when Python or the engine could not start
  performance.mark("engine:exports-ready");
  return xworker.sync;
});
booted.catch(() => {}); // the failure reaches the loading screen through stages and ready

// The browser benchmark's trace (off unless `engine.trace(true)`): each call's round trip as a performance measure
// "engine:<name>" whose detail holds the answer's size in characters, and the page's own marks (see `tracing`).
let tracing = false;
let traceSeq = 0;

/** One exported call of web/engine_worker.py (cosmoludo.worker.EXPORTS), its answer parsed. */
async function call(name, ...args) {
  const start = tracing ? performance.now() : 0;
  const seq = tracing ? ++traceSeq : 0; // the worker runs the calls in the order they are made: its trace's order
  const answer = await (await booted)[name](...args);
  if (start) performance.measure(`engine:${name}`, { start, detail: { seq, chars: answer ? answer.length : 0 } });
  // After a fatal error inside Pyodide a call may answer nothing, or not JSON: it still settles, as no answer
  // (which the page's safeEngine reports in both languages). A save's seed beyond 2^53 stays exact (exactjson.js).
  try {
    return parseExact(answer);
  } catch (_) {
    return null;
  }
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
  /**
   * With `held` ({key, log, actions}: the key of the last answer the page holds, -1 for none, and how many log
   * lines of this seat's and save actions it holds): the answer leaves out those lines (its view's "log_from" says
   * where its log begins) and carries the game's "key" (py/cosmoludo/bridge.py; web/ui/deltas.js puts them
   * together).
   */
  view: (handle, seat = null, held = null) => (held
    ? call("view", handle, seatOf(seat), held.key, held.log)
    : call("view", handle, seatOf(seat))),
  /**
   * With `viewer` (a seat, or null for the spectator): the answer carries that seat's new view too (one round trip);
   * with `held` as well, the save's actions and the log lines the page holds are left out (see `view`).
   */
  act: (handle, seat, action, viewer, held = null) => {
    if (viewer === undefined) return call("act", handle, seatOf(seat), asJSON(action));
    if (!held) return call("act", handle, seatOf(seat), asJSON(action), true, viewer);
    return call("act", handle, seatOf(seat), asJSON(action), true, viewer, held.key, held.log, held.actions);
  },
  /** With `t` (a game with real-time bots): the bot's action at that clock reading, or null. */
  bot: (handle, seat, level, seed = 0, t = null) => call("bot", handle, seatOf(seat), level, seed, t),
  undo: (handle, seat) => call("undo", handle, seatOf(seat)),
  /** A save opened as a replay: {ok, handle, replay: {game, players, actions, over, seats}}. */
  replay_open: (save) => call("replay_open", asJSON(save)),
  /** The view of `seat` (null: the spectator) after the first `index` actions of an open replay. */
  replay_view: (handle, index, seat = null) => call("replay_view", handle, index, seatOf(seat)),
  close: (handle) => call("close", handle),
  /**
   * {python: version, boot: "snapshot" (restored from the build's memory snapshot) or "import", trampoline:
   * how Python calls C functions, "wasm-gc" (fast) or "javascript"}.
   */
  about: () => call("about"),
  /** The browser benchmark's probe: {games, seconds, games_per_second, mean_actions} of n random games. */
  playouts: (game, players, n, seed = 0) => call("playouts", game, players, n, seed),
  /**
   * The browser benchmark's trace: `on` starts recording (each call's round trip here, its Python time and answer
   * size in the worker), false stops; resolves to {ok, calls: [[name, ms of Python, chars], ...]} recorded since
   * the last `trace` call, in the order the worker ran them (the order they were made).
   */
  trace: (on) => {
    const answer = call("trace", on === true);
    tracing = on === true;
    traceSeq = 0;
    globalThis.cosmoludoTrace = tracing; // the page's own measures follow it (web/ui/kit.js: traceStart)
    return answer;
  },
  /** Resolves to the catalog once the engine has answered its first call. */
  ready: booted.then(async () => {
    const catalog = await call("catalog");
    performance.mark("engine:ready");
    return catalog;
  }),
});
