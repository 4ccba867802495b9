// What every game view shares: the hooks it gives the shell (update, refuse, destroy), sending an action and
// showing its refusal, the automatic « pass », the prompt bar, a hand of cards, the game's style sheet, waiting
// texts and the keyboard's focus. Text always goes through text nodes (dom.js), never HTML.
import { icon } from "./icons.js";
import { el, fill, withNames } from "./dom.js";
import { HexBoard } from "./board.js";
import { tr } from "../i18n.js";

const REFUSED = { fr: "Refusé : ", en: "Refused: " };
const FALLBACK_REFUSAL = { fr: "action refusée.", en: "action refused." };

/**
 * Sends the view's actions to the engine one at a time (`host.act`) and keeps what the page must show of the
 * answer: the refusal's reason (`refusal`, {fr, en} from the engine) until the next click. `clicked()` starts
 * the click → re-render measure that `drawn()` closes (performance measure "ui:click-to-render").
 * `onRefused` runs after a refusal (redraw the prompt, put the focus on the reason).
 */
export function actionSender(host, { onRefused } = {}) {
  const sender = {
    host,
    sending: false,
    refusal: null,
    clickedAt: null,
    clicked() {
      sender.clickedAt = performance.now();
      sender.refusal = null;
    },
    /** Send `action`; `quiet`: the refusal shown stays, and this one's is not shown (the page's own « pass »). */
    async send(action, { measured = true, quiet = false } = {}) {
      if (sender.sending) return null;
      sender.sending = true;
      if (measured) sender.clickedAt = performance.now();
      if (!quiet) sender.refusal = null;
      try {
        const answer = await host.act(action);
        if ((!answer || !answer.ok) && !quiet) {
          sender.refusal = (answer && answer.error) || FALLBACK_REFUSAL;
          if (onRefused) onRefused(sender.refusal);
        }
        return answer;
      } finally {
        sender.sending = false;
        sender.clickedAt = null; // no redraw of this board followed (a hand-over screen, say): nothing to measure
      }
    },
    /** The board was drawn again: close the click's measure, if one is open. */
    drawn() {
      if (sender.clickedAt !== null) {
        performance.measure("ui:click-to-render", { start: sender.clickedAt, end: performance.now() });
        sender.clickedAt = null;
      }
    },
  };
  return sender;
}

/** The start of a traced stretch (performance.now()), or 0 unless the browser benchmark traces (engine.trace). */
export function traceStart() {
  return globalThis.cosmoludoTrace ? performance.now() : 0;
}

/** Close a traced stretch begun by `traceStart` as the performance measure `name` (nothing when not tracing). */
export function traceEnd(name, start) {
  if (start) performance.measure(name, { start, end: performance.now() });
}

/** The refusal's line for the prompt (focusable, announced), or null without a refusal. */
export function refusalLine(refusal) {
  if (!refusal) return null;
  return el("p", { class: "refusal", testid: "refusal", role: "alert", tabindex: "-1" },
    icon("stop"), " ", tr(REFUSED), tr(refusal));
}

/** Put the keyboard on the refusal just shown (inside `prompt`). */
export function focusRefusal(prompt) {
  const r = prompt.querySelector('[data-testid="refusal"]');
  if (r) r.focus();
}

/** A button of the prompt bar: `action` is sent through `sender` (or `onclick` runs instead). */
export function actionButton(testid, label, { sender = null, action = null, onclick = null, primary = false } = {}) {
  return el("button", { type: "button", class: primary ? "primary" : "", testid,
    onclick: onclick || (() => sender.send(action)) }, label);
}

/**
 * Fill the prompt bar: what to do now (engine placeholders {P0}… replaced by `names`), the refusal if any,
 * then the buttons. `extra` nodes (a clock, a note) follow the text; `row` gives the buttons' row a game's own
 * class and test id.
 */
export function promptBar(prompt, { text, names, refusal = null, buttons = [], extra = [], row = {} }) {
  return fill(prompt,
    el("p", { class: "prompt-text", testid: "prompt-text" }, withNames(text, names)),
    extra,
    refusalLine(refusal),
    // The buttons' row is always there (empty while there is nothing to click), so that the prompt keeps its shape.
    el("div", { class: `row prompt-actions${row.cls ? ` ${row.cls}` : ""}`, testid: row.testid || "actions" }, buttons));
}

/**
 * A hand of cards: a titled section of card buttons (`card(id, index)` draws one), or `empty` when none.
 * The section is labelled for screen readers by its title.
 */
export function handRow({ title, cards, card, empty, testid = "hand", cls = "hand" }) {
  return el("section", { class: cls, testid, "aria-label": title },
    el("h3", null, title),
    cards.length ? el("div", { class: "cards" }, cards.map((c, i) => card(c, i))) : el("p", { class: "empty-hand" }, empty));
}

/** A card as a button: its name, its text as the tooltip, `selected` shown by aria-pressed and a class. */
export function cardButton({ name, text = "", testid, selected = false, enabled = true, onclick, cls = "card" }) {
  return el("button", { type: "button", class: selected ? `${cls} selected` : cls, testid, title: text || null,
    "aria-pressed": selected ? "true" : "false", disabled: !enabled, onclick }, name);
}

/**
 * Draw the board again when the canvas's width changes (first shown after a hand-over, a rotated phone, a
 * resized window, the game's stylesheet arriving). `target` is the element watched (the canvas or its box);
 * `ready()` says whether there is anything to draw yet. Returns the observer (null where the browser has none):
 * `disconnect()` it when the view goes away.
 */
export function redrawOnResize(target, canvas, ready, draw) {
  if (typeof ResizeObserver === "undefined") return null;
  let lastWidth = 0;
  let lastHeight = 0;
  const observer = new ResizeObserver(() => {
    // The height counts too where the page sizes the canvas (the game screen's board area: HexBoard's `fill`).
    if (ready() && (canvas.clientWidth !== lastWidth || (canvas.dataset.fill && canvas.clientHeight !== lastHeight))) {
      lastWidth = canvas.clientWidth;
      lastHeight = canvas.clientHeight;
      draw();
    }
  });
  observer.observe(target);
  return observer;
}

/** A seat's name as the page shows it: the host's name for it, « ? » for no seat, « ?n » for an unknown one. */
export function seatNamer(host) {
  return (seat) => (seat === null || seat === undefined ? "?" : host.names[seat] ?? `?${seat}`);
}

/** Whether the page may act for the seat it shows, and that seat is to move now. */
export function viewerToMove(view, opts) {
  return Boolean(opts.interactive) && (view.to_move || []).includes(opts.viewer);
}

/**
 * On a new decision, put the keyboard on its first choice: the first element matched by `choices` (a list of
 * [root, selector], tried in order), unless the focus is elsewhere on the page or still on a live control of
 * the view (`roots`: the view's own elements). The focus does not scroll the board or the prompt (`preventScroll`,
 * by default): a new decision never moves what the player looks at.
 */
export function focusFirstChoice(roots, choices, { preventScroll = true } = {}) {
  const active = document.activeElement;
  const ours = !active || active === document.body || roots.some((r) => r.contains(active));
  if (!ours || (active && active !== document.body && !active.disabled && active.isConnected)) return;
  for (const [root, selector] of choices) {
    const next = root.querySelector(selector);
    if (next) {
      if (preventScroll) next.focus({ preventScroll: true });
      else next.focus();
      return;
    }
  }
}

/**
 * Link a game page's own style sheet once: `<name>.css` beside the page's module (`base`: its import.meta.url),
 * marked `data-<name>` so that a second page of the same game does not link it again.
 */
export function linkStyles(name, base) {
  if (typeof document === "undefined" || document.querySelector(`link[data-${name}]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL(`./${name}.css`, base).href;
  link.setAttribute(`data-${name}`, "");
  document.head.append(link);
}

/**
 * « Waiting for » the seat the page waits for, in the page's own words: `T.waitBot(name)` for a bot,
 * `T.waitHuman(name)` for a player. That seat is the shell's `opts.waiting` (a seat away from the device), else
 * the first to move.
 */
export function waitingText(host, T, name, view, opts) {
  const seat = opts.waiting ?? (view.to_move || [])[0];
  const s = host.seats[seat];
  return s && s.kind === "bot" ? T.waitBot(name(seat)) : T.waitHuman(name(seat));
}

/**
 * The prompt's text while the seat shown has nothing to decide: `over` (default `T.over`) once the game has ended,
 * « waiting for » (waitingText) while another seat decides; null when the viewer is to choose.
 */
export function idleText(host, T, name, view, opts, over = T.over) {
  if (view.over) return over;
  return viewerToMove(view, opts) ? null : waitingText(host, T, name, view, opts);
}

/**
 * Tells a new decision from a redraw of the same one: the function it returns takes what makes the decision
 * (legal actions, who moves, the viewer...) and answers true when that changed since its last call (the first
 * call included), so that the page drops a half-made choice and the last refusal, and moves the focus.
 */
function decisionWatch() {
  let last = null;
  return (parts) => {
    const sig = JSON.stringify(parts);
    const fresh = sig !== last;
    last = sig;
    return fresh;
  };
}

/**
 * The opening of a game view drawn on a hex board (board.js): the shell's `board` and `prompt`, the game's static
 * `tables` (host.tables, its catalog entry's: a view names them by id), and the board's `canvas` (class and testid
 * `<prefix>-canvas`, an image for assistive technology, `attrs` added), its `hexBoard` (`options`: aspect, onHex,
 * onHover…) and the `canvasBox` that frames it in the page (class `<prefix>-canvas-box`): the canvas stays in that
 * box from one view to the next, never moved, so a repaint lays out only what changed.
 */
export function hexView(parts, host, prefix, options, attrs = {}) {
  // On the game screen (which gives a place for the player's own material) the canvas fills the board's area.
  const fillBox = Boolean(parts.mine);
  const canvas = el("canvas", { class: `${prefix}-canvas`, testid: `${prefix}-canvas`, role: "img", ...attrs,
    dataset: fillBox ? { fill: "true" } : undefined });
  // A map turned on a phone is framed at once for the prompt at its tallest (Kroll's orders list every ship), so
  // that it never moves within a game; other maps for the tallest prompt seen so far.
  let bar = null;
  const hexBoard = new HexBoard(canvas, { ...options, fill: fillBox,
    leastHeight: fillBox ? () => leastBoardHeight(canvas, Boolean(options.turnable)) : null,
    corner: () => cornerOf(canvas, bar) });
  bar = zoomBar({ zoomIn: () => hexBoard.zoomAt(1.25, hexBoard.W / 2, hexBoard.H / 2),
    zoomOut: () => hexBoard.zoomAt(0.8, hexBoard.W / 2, hexBoard.H / 2), all: () => hexBoard.reset() });
  const canvasBox = el("div", { class: `${prefix}-canvas-box${fillBox ? " board-fill" : ""}` }, canvas, bar);
  return { board: parts.board, prompt: parts.prompt, mine: parts.mine || null, tables: host.tables || {}, canvas,
    hexBoard, canvasBox };
}

/** What the zoom bar covers of the canvas's top right corner ({w, h} in CSS px; nothing while it is not laid out). */
function cornerOf(canvas, bar) {
  if (!bar || !bar.isConnected) return null;
  const c = canvas.getBoundingClientRect();
  const r = bar.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return null;
  return { w: Math.max(0, c.right - r.left) + 4, h: Math.max(0, r.bottom - c.top) + 4 };
}

/** The tallest the docked prompt has been in this window (its element → {vw, vh, most}), see leastBoardHeight. */
const tallestPrompt = new WeakMap();

/**
 * The least height the board's box will have from now on in the present window: where the prompt is docked below
 * the board (a phone), the board loses what the prompt gains. The prompt's tallest height so far in this window is
 * kept, so a map framed for that height never moves when the prompt grows again to it or shrinks within a decision
 * (a ship picked, its headings offered); only a prompt taller than any before frames the map anew, once.
 * `atMost`: framed from the first for the prompt's max-height.
 */
function leastBoardHeight(canvas, atMost = false) {
  const H = canvas.clientHeight;
  const wrap = canvas.closest(".board-wrap");
  const area = wrap && wrap.parentElement ? wrap.parentElement.querySelector(":scope > .play-area") : null;
  if (!area) return H;
  const a = area.getBoundingClientRect();
  if (a.top < wrap.getBoundingClientRect().bottom - 1) return H; // beside the board (a wide screen): no trade
  let seen = tallestPrompt.get(area);
  if (!seen || seen.vw !== innerWidth || seen.vh !== innerHeight) seen = { vw: innerWidth, vh: innerHeight, most: 0 };
  const cap = parseFloat(getComputedStyle(area).maxHeight);
  seen.most = Math.max(seen.most, a.height, atMost && Number.isFinite(cap) ? cap : 0);
  tallestPrompt.set(area, seen);
  return Math.max(1, Math.min(H, H + a.height - seen.most));
}

/** The board's zoom buttons (+, −, « tout voir »), over its corner: `zoomIn`, `zoomOut`, `all` run on a click. */
export function zoomBar({ zoomIn, zoomOut, all }) {
  const b = (testid, label, title, onclick) => el("button", { type: "button", testid, title, "aria-label": title,
    onclick: (e) => {
      e.stopPropagation();
      onclick();
    } }, label);
  return el("div", { class: "zoom-bar" },
    b("zoom-in", "+", tr(ZOOM.in), zoomIn), b("zoom-out", "−", tr(ZOOM.out), zoomOut), b("zoom-all", "⤢", tr(ZOOM.all), all));
}

const ZOOM = { in: { fr: "Zoomer", en: "Zoom in" }, out: { fr: "Dézoomer", en: "Zoom out" }, all: { fr: "Tout voir", en: "See all" } };

/** The shell's options for a view before its first `update`: nobody's seat shown, nothing to play. */
export const NOT_SHOWN = Object.freeze({ interactive: false, waiting: null, viewer: null });

/**
 * The hooks every game view gives the shell for what it receives (`update`, `refuse`, `destroy`), around the
 * view's own drawing:
 * - `decision(v, o)`: what makes the decision now (legal actions, who moves, the viewer...). When it changed since
 *   the last update (the first one included), the half-made choice is dropped (`reset()`) with the last refusal,
 *   and after drawing, for a seat that plays here, the keyboard goes to the first choice (`focus()`). A view
 *   without `decision` keeps its choices from one update to the next.
 * - `take(v, o)`: keep the view and the shell's options (and note what changed, for animations);
 * - `paint()`: draw; `after()`: what follows each update's drawing (an automatic « pass »);
 * - `teardown()`: the view goes away (drop the view, free timers, observers and listeners).
 */
/**
 * A half-made choice of the player at the device (a start hex picked, before its destination), kept in this tab's
 * sessionStorage under the save's id and `name`, so that a reload gives it back (issue 31, « resume exactly »). It
 * is the page's own state, never an action; a record holds only at the position it was made in (the save's number
 * of actions) and for the seat that made it. `set(seat, null)` drops it.
 */
export function halfMadeChoice(host, name) {
  const id = host.meta ? host.meta("id") : null;
  const key = id ? `cosmoludo.choice.${name}.${id}` : null;
  const at = () => (host.actions ? host.actions() : 0);
  const storage = () => {
    try {
      return key ? globalThis.sessionStorage : null;
    } catch (_) {
      return null; // storage refused (private mode): the choice is simply not kept
    }
  };
  return {
    get(seat) {
      try {
        const rec = JSON.parse((storage() && storage().getItem(key)) || "null");
        return rec && rec.seat === seat && rec.at === at() ? rec.value : null;
      } catch (_) {
        return null;
      }
    },
    set(seat, value) {
      try {
        const s = storage();
        if (!s) return;
        if (value === null || value === undefined || seat === null || seat === undefined) s.removeItem(key);
        else s.setItem(key, JSON.stringify({ seat, at: at(), value }));
      } catch (_) { /* full or refused: nothing kept */ }
    },
  };
}

export function shellHooks(sender, { decision = null, reset = null, take, paint, focus = null, after = null, teardown }) {
  const fresh = decisionWatch();
  return {
    update(v, o) {
      const isNew = decision ? fresh(decision(v, o)) : false;
      if (isNew) {
        if (reset) reset();
        sender.refusal = null;
      }
      take(v, o);
      paint();
      if (isNew && o.interactive && focus) focus();
      if (after) after();
    },
    refuse(error) {
      sender.refusal = error;
      paint();
    },
    destroy: teardown,
  };
}

/**
 * The page's own answer for the seat at the device when it has no choice: `due()` gives the action to send (or
 * null), sent once per view received (`current()`: the view shown; a later view, even an identical one, is a new
 * object), after the drawing. An answer not taken (the screen was busy a moment) is tried again on the same view,
 * and shows no refusal. With `tell(action)`, what was answered is said once per view (a short note over the
 * table). Returns the function to call after each update.
 */
export function autoAnswerer(sender, current, due, tell = null) {
  const pending = (on) => {
    if (sender.host && sender.host.autoPending) sender.host.autoPending(on);
  };
  let told = null;
  const maybe = () => {
    const first = due();
    if (!first) return;
    const scheduledFor = current();
    if (tell && told !== scheduledFor) {
      told = scheduledFor;
      tell(first);
    }
    pending(true); // the screen is not waiting for the player meanwhile (tests and tools wait on it)
    setTimeout(() => {
      const action = current() === scheduledFor && !sender.sending ? due() : null;
      if (!action) {
        pending(false);
        return;
      }
      sender.send(action, { measured: false, quiet: true }).then((answer) => {
        pending(false);
        if ((!answer || !answer.ok) && current() === scheduledFor) setTimeout(maybe, 150);
      }, () => pending(false));
    }, 0);
  };
  return maybe;
}

/** The page's own « pass » for the seat at the device when that is all it may do (`due()`): see autoAnswerer. */
export function autoPasser(sender, current, due) {
  return autoAnswerer(sender, current, () => (due() ? { type: "pass" } : null));
}

/**
 * The one legal action of the seat at the device when it has exactly one and it is not a pass (passes are
 * autoPasser's, with their own notice), and its type is one of `types` (the questions a game lets the page answer
 * alone); else null.
 */
export function soleAnswer(view, opts, types) {
  if (!view || !viewerToMove(view, opts)) return null;
  const acts = view.legal_actions || [];
  return acts.length === 1 && acts[0].type !== "pass" && types.includes(acts[0].type) ? acts[0] : null;
}

/** The note over the table when the page answered alone (`what`: the answer's button label). */
export function soleNotice(what) {
  return tr({ fr: `${what} : seule réponse possible, jouée pour vous.`, en: `${what}: the only possible answer, played for you.` });
}
