// What the other seats changed on a board since the player at the device last acted (issues 31 and 32): the pieces
// or hexes that moved, appeared or went, kept as marks until the player's own next action is answered, and the short
// glide that shows each such change as its view arrives. It knows nothing about any game: a game says what its
// items are (a ship, a hex's stack) and draws them; this module only compares views and keeps the clock.
//
// Usage (see web/games/kroll-et-prumni.js, cochons-de-l-espace.js):
//   const changes = new BoardChanges(canvas, { itemsOf: (v) => Map(id → item), sigOf: (item) => "…",
//     hexesOf: (item) => ["q,r", …], redraw: () => hexBoard.render() });
//   send: changes.own(sender.send(action))     // the player's own action: its answer clears the marks
//   take: changes.take(v, { sending: sender.sending, aiming, actions: host.actions() })
//   paint: changes.marks (id → {from, to}, each an item or null), changes.glide (id → {from, to}) with
//          changes.progress() in [0, 1] while a glide runs
// The canvas gets data-recent, the hexes of the marks as a JSON list of "q,r" (like data-legal, for tests and
// tools), and data-animating while a glide runs. A glide lasts about half the bot pace (at most 400 ms): none at
// « Instantanée » (botDelay 0) nor under prefers-reduced-motion, where only the marks are drawn. It only redraws
// the canvas's pixels: the canvas's size and place and the legal places stay as they are.
import * as store from "../store.js";

/** Whether the player asked the system for less motion. */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** How long a change glides (ms) at the chosen bot pace: 0 for none. */
export function glideMs() {
  const pace = Number(store.settings().botDelay) || 0;
  if (pace <= 0 || reducedMotion()) return 0;
  const ms = Math.min(400, pace / 2);
  return ms < 100 ? 0 : ms;
}

export class BoardChanges {
  /**
   * `itemsOf(view)`: the view's items as a Map id → item; `sigOf(item)`: what a change of place changes (two items
   * with the same id and signature are the same on the board); `hexesOf(item)`: the hex keys it covers;
   * `redraw()`: draw the canvas again (each frame of a glide).
   */
  constructor(canvas, { itemsOf, sigOf, hexesOf, redraw }) {
    this.canvas = canvas;
    this.itemsOf = itemsOf;
    this.sigOf = sigOf;
    this.hexesOf = hexesOf;
    this.redraw = redraw;
    this.prev = null; // the items of the view drawn last
    this.actions = null; // the save's action count at that view (fewer later: an undo)
    this.marks = new Map(); // id → {from, to}: changed by another seat since the player's last own action
    this.glide = new Map(); // id → {from, to}: the changes of the last view, while they glide
    this.mine = 0; // the player's own actions under way
    this.frame = 0;
    this.start = 0;
    this.ms = 0;
  }

  /** The player's own action (a promise of its answer): the view drawn in answer clears the marks. */
  own(answer) {
    if (!answer || typeof answer.then !== "function") return answer;
    this.mine += 1;
    return answer.finally(() => { this.mine -= 1; });
  }

  /**
   * A new view: compare it with the one drawn before. `sending`: it is the answer to an action of the player at the
   * device (their own, or the page's for them); `aiming`: they are choosing with a piece picked (nothing glides
   * under their pointer); `actions`: the save's action count; `replay`: a replay screen (no marks).
   */
  take(view, { sending = false, aiming = false, actions = null, replay = false } = {}) {
    const now = this.itemsOf(view);
    const prev = this.prev;
    const undone = Number.isInteger(actions) && Number.isInteger(this.actions) && actions < this.actions;
    this.prev = now;
    this.actions = actions;
    this.stop();
    if (!prev || replay || undone || (sending && this.mine > 0)) {
      this.marks.clear();
      this.write();
      return;
    }
    const changed = [];
    for (const id of new Set([...prev.keys(), ...now.keys()])) {
      const a = prev.get(id) ?? null;
      const b = now.get(id) ?? null;
      if ((a === null) !== (b === null) || (a !== null && this.sigOf(a) !== this.sigOf(b))) changed.push([id, a, b]);
    }
    for (const [id, a, b] of changed) {
      const mark = this.marks.get(id);
      // The page answered for the player (a sole placement, a pass): their change, never marked; a mark already
      // there follows its item.
      if (mark) mark.to = b;
      else if (!sending) this.marks.set(id, { from: a, to: b });
      const m = this.marks.get(id);
      if (m && m.from && m.to && this.sigOf(m.from) === this.sigOf(m.to)) this.marks.delete(id); // back where it was
    }
    this.write();
    const ms = sending || aiming ? 0 : glideMs();
    if (!ms || !changed.length) return;
    for (const [id, a, b] of changed) this.glide.set(id, { from: a, to: b });
    this.ms = ms;
    this.start = performance.now();
    this.canvas.dataset.animating = "true";
    const step = () => {
      this.frame = 0;
      if (this.progress() >= 1) {
        this.stop();
        this.redraw();
        return;
      }
      this.redraw();
      this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  /** How far the glide is, 0 to 1 (eased); 1 when none runs. */
  progress() {
    if (!this.glide.size || !this.ms) return 1;
    const t = Math.min(1, Math.max(0, (performance.now() - this.start) / this.ms));
    return t < 1 ? t * t * (3 - 2 * t) : 1;
  }

  /** The hex keys of the marks (what data-recent lists). */
  hexes() {
    const out = new Set();
    for (const { from, to } of this.marks.values()) {
      for (const item of [from, to]) if (item) for (const k of this.hexesOf(item)) out.add(k);
    }
    return [...out].sort();
  }

  write() {
    this.canvas.dataset.recent = JSON.stringify(this.hexes());
  }

  /** End the glide at once (a newer view, the view going away): the board shows where things are. */
  stop() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.glide.clear();
    this.ms = 0;
    delete this.canvas.dataset.animating;
  }

  destroy() {
    this.stop();
  }
}
