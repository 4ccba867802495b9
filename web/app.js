// The page's entry point: header, screens (start, game), hash routing, notices.
import { el, fill } from "./ui/dom.js";
import { t, toggleLang, onLangChange } from "./i18n.js";
import { renderStart } from "./ui/start.js";
import { GameScreen } from "./ui/game.js";
import { ReplayScreen } from "./ui/replay.js";
import { openRules } from "./ui/rules.js";

/**
 * Wraps the engine so that every call answers a bridge-shaped object ({ok:true,...} or
 * {ok:false, error:{fr,en}}) even when the worker itself throws.
 */
function safeEngine(engine) {
  const wrapped = {};
  for (const name of ["catalog", "create", "open_save", "check_save", "view", "act", "bot", "undo", "close", "replay_open", "replay_view"]) {
    wrapped[name] = async (...args) => {
      try {
        const out = await engine[name](...args);
        if (out === undefined || out === null) {
          return { ok: false, error: { fr: "le moteur n'a rien répondu.", en: "the engine gave no answer." } };
        }
        return out;
      } catch (e) {
        // No exception's text (a Python traceback, say) reaches the page: the details go to the console.
        console.error(`Cosmoludo: the engine's ${name} failed:`, e);
        return { ok: false, error: { fr: "le moteur a rencontré une erreur inattendue (détails dans la console du navigateur).",
          en: "the engine met an unexpected error (details in the browser's console)." } };
      }
    };
  }
  return wrapped;
}

function catalogList(catalog) {
  if (Array.isArray(catalog)) return catalog;
  if (catalog && Array.isArray(catalog.catalog)) return catalog.catalog;
  if (catalog && Array.isArray(catalog.games)) return catalog.games;
  return [];
}

/**
 * Start the interface once the engine answers; or before, over the copy of a game's last screen (web/boot.js), with
 * `ready` the promise of the whole catalog and `catalog` that one game's entry meanwhile.
 */
export function start({ engine, catalog, root, ready = null } = {}) {
  performance.mark("app:start"); // once per page load (e2e/test_view_cache.py counts them)
  const app = root || document.getElementById("app") || document.body;
  const ctx = {
    engine: safeEngine(engine),
    catalog: catalogList(catalog),
    screen: null,
  };
  ctx.pending = ready && ready.then((whole) => {
    ctx.catalog = catalogList(whole);
    ctx.pending = null;
  });

  const title = el("h1", { class: "brand" }, el("a", { href: "#", testid: "home-link" }, "Cosmoludo"));
  const langButton = el("button", { type: "button", class: "lang", testid: "lang-toggle" });
  const header = el("header", { class: "topbar" }, title, langButton);
  const notice = el("div", { class: "notice", testid: "notice", role: "status", "aria-live": "polite" });
  const main = el("div", { id: "screen", class: "screen" });
  fill(app, header, notice, main);
  // The game screen takes the language toggle into its own menu while it is shown (and gives it back).
  ctx.langButton = langButton;
  ctx.header = header;
  app.hidden = false;

  let noticeTimer = 0;
  ctx.notify = (text, kind = "info") => {
    clearTimeout(noticeTimer);
    fill(notice, text ? el("p", { class: `notice-${kind}` }, text) : null);
    if (text && kind !== "error") noticeTimer = setTimeout(() => fill(notice), 6000);
  };
  ctx.go = (hash) => {
    if (location.hash === hash || (hash === "#" && !location.hash)) route();
    else location.hash = hash;
  };
  ctx.openRules = (gameId) => openRules(gameId, ctx);
  ctx.gameEntry = (id) => ctx.catalog.find((g) => g.id === id);

  function paintHeader() {
    langButton.textContent = t("lang.toggle");
    langButton.setAttribute("aria-label", t("lang.toggle.label"));
    document.title = ctx.screen && ctx.screen.title ? `${ctx.screen.title()} — Cosmoludo` : "Cosmoludo";
  }
  langButton.addEventListener("click", () => toggleLang());
  onLangChange(() => {
    paintHeader();
    if (ctx.screen && ctx.screen.relabel) ctx.screen.relabel();
  });

  let routed = false;
  let waiting = false;
  function route() {
    if (ctx.screen && ctx.screen.destroy) ctx.screen.destroy();
    ctx.screen = null;
    ctx.notify("");
    if (ctx.pending && routed) {
      // Another address before the engine is up: it opens once the engine has given the whole catalog.
      fill(main, el("p", { class: "engine-wait", testid: "engine-wait" }, t("game.engineLoading")));
      if (!waiting) ctx.pending.then(route);
      waiting = true;
      return;
    }
    routed = true;
    // The page's own ids are [A-Za-z0-9_-]; a save stored under any other key is reached through its encoded id.
    const m = /^#\/(partie|revoir)\/(.*)$/.exec(location.hash);
    let id = null;
    try {
      id = m ? decodeURIComponent(m[2]) : null;
    } catch (_) { /* a malformed address: the start screen */ }
    if (id !== null && m[1] === "revoir") {
      ctx.screen = new ReplayScreen(main, ctx, id);
    } else if (id !== null) {
      ctx.screen = new GameScreen(main, ctx, id);
    } else {
      ctx.screen = renderStart(main, ctx);
    }
    paintHeader();
  }
  window.addEventListener("hashchange", route);
  route();
  document.documentElement.dataset.ui = "ready";
  return ctx;
}

