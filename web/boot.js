// Boot: drives the loading screen while Python starts, hands the engine and catalog to the UI (web/app.js),
// then marks the page ready (html[data-engine=ready]) and registers the service worker for offline use.
import { engine, stages } from "./engine.js";

const root = document.documentElement;
const loading = document.getElementById("loading");
const bar = document.getElementById("loading-progress");
const status = document.getElementById("loading-status");
const failure = document.getElementById("loading-error");

// Boot steps: [progress when the step starts, progress it creeps towards while it lasts, fr, en].
// Starting Python (fetching and compiling ~10 MB of WebAssembly, restoring the engine's memory) is most of the wait.
const STEPS = {
  python: [5, 88, "Démarrage de Python…", "Starting Python…"],
  engine: [88, 95, "Ouverture du moteur de jeu…", "Opening the game engine…"],
  page: [95, 100, "Préparation de la page…", "Preparing the page…"],
};
const CREEP_MS = 1800; // time constant of the creep: about the observed step durations on two cores

let step = null;
let stepStart = 0;
let ticker = null;

function show(name) {
  step = STEPS[name];
  stepStart = performance.now();
  status.textContent = `${step[2]} · ${step[3]}`;
  tick();
}

function tick() {
  const [from, to] = step;
  const elapsed = performance.now() - stepStart;
  bar.value = from + (to - from) * (1 - Math.exp(-elapsed / CREEP_MS));
}

function fail(error) {
  clearInterval(ticker);
  loading.hidden = false; // over a cached game screen too (startEarly)
  root.dataset.engine = "error";
  console.error("Cosmoludo could not start:", error);
  bar.hidden = true;
  status.textContent = "Cosmoludo n'a pas pu démarrer. · Cosmoludo could not start.";
  failure.textContent = String(error && error.message ? error.message : error);
  failure.hidden = false;
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  // After boot, so the precache does not compete with Python's own download on a first visit.
  navigator.serviceWorker.register("./sw.js").catch((error) => console.warn("No offline cache:", error));
}

/**
 * A game's address with a copy of its last screen (web/ui/viewcache.js): the interface starts at once and draws it,
 * read-only, while Python starts: {whole}, the promise that the interface has the whole catalog, or null (the
 * ordinary boot).
 */
async function startEarly() {
  if (!location.hash.startsWith("#/partie/")) return null;
  try {
    // Both at once: the interface's modules (their graph holds viewcache.js) load while the copy is looked at.
    const app = import("./app.js");
    app.catch(() => {});
    const { earlyCatalog } = await import("./ui/viewcache.js");
    const catalog = earlyCatalog(location.hash);
    if (!catalog) return null;
    const { start } = await app;
    const ctx = start({ engine, catalog, ready: engine.ready });
    loading.hidden = true;
    return { whole: ctx.pending }; // (a promise returned as is would be awaited by the caller's await)
  } catch (error) {
    console.warn("Cosmoludo: no early start from the copy of the last screen:", error);
    return null;
  }
}

async function boot() {
  root.dataset.engine = "loading";
  show("python");
  ticker = setInterval(tick, 100);
  const early = await startEarly();
  // The worker already fetches Python (index.html started it). The UI's modules load once Python runs (loading
  // them earlier gained nothing measurable on two cores: the worker's own start is the longer path).
  await stages.pythonReady;
  const app = early ? null : import("./app.js");
  if (app) app.catch(() => {}); // reported below, once the engine is up or has failed
  show("engine");
  const catalog = await engine.ready;
  show("page");
  if (early) await early.whole;
  else {
    const { start } = await app;
    await start({ engine, catalog });
  }
  clearInterval(ticker);
  bar.value = 100;
  loading.hidden = true;
  root.dataset.engine = "ready";
  performance.mark("page:ready");
  registerServiceWorker();
}

boot().catch(fail);
