// The timing of the open decision, the same for every game: what the engine says of it in `view.decision`
// ({timed, reaction, due, only_pass}: GameState.decision, docs/page-ui.md), read here once for the shell.
// A game view decides none of it; it only says whether the page may pass for a player (`autoPass`).
import { countdown } from "./clock.js";

/** The save's meta key of a running countdown (a deal's minute): {start, last, deadline} (action counts, epoch ms). */
export const DUE_META = "dueClock";

const decisionOf = (v) => (v && v.decision) || {};

/** Real time: every seat acts at once against the game's clock, each action carrying it (Galaxy Trucker's building). */
export function isRealtime(v) {
  return Boolean(decisionOf(v).timed);
}

/** The action the page sends by itself at the game's clock reading `t` (the last hourglass running out), or null. */
export function clockAction(v, t) {
  const due = decisionOf(v).due;
  return due && Number.isFinite(due.at) && t >= due.at ? { ...due.action, t } : null;
}

/** Whether `seat` is asked to answer in a reaction window (the hand-over says so). */
export function reacting(v, seat) {
  return Boolean(decisionOf(v).reaction && v && (v.to_move || []).includes(seat));
}

/** A reaction window where « pass » is the only legal answer of the view's seat. */
export function passOnly(v) {
  const d = decisionOf(v);
  return Boolean(d.reaction && d.only_pass);
}

/**
 * A countdown on the page's clock for a `due` with `seconds` (a deal's minute), kept in the save's meta so that it
 * survives a reload; `host` gives meta / setMeta / actions (see clock.js). Tests shorten it with
 * `window.cosmoludoTest.dealSeconds`.
 */
export function dueClock(host) {
  const clock = countdown(host, DUE_META);
  const dueOf = (v) => {
    const due = decisionOf(v).due;
    return due && Number.isFinite(due.seconds) ? due : null;
  };
  return {
    ...clock,
    /** Bring the countdown in line with view `v`: it runs while its due lasts, from when `wait` is false. */
    sync(v) {
      const due = dueOf(v);
      const test = globalThis.cosmoludoTest && globalThis.cosmoludoTest.dealSeconds;
      clock.sync(Boolean(due), test || (due && due.seconds) || 60, { wait: Boolean(due && due.wait) });
    },
    /** The due action once the countdown is over and the view's seat may send it, else null. */
    over(v) {
      const due = dueOf(v);
      if (!due || clock.secondsLeft() !== 0) return null;
      return (v.legal_actions || []).some((a) => a.type === due.action.type) ? due.action : null;
    },
  };
}
