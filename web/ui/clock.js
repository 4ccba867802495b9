// A countdown that survives a reload: a deal's minute, an hourglass. The page keeps its deadline in the save's
// meta (the engine never reads the wall clock); when it runs out at the device, the view sends the game's own
// time-out action, which the engine logs like any other, so a replay meets every timer as it was played.

/**
 * `host` is the game view's host (meta, setMeta, actions: the length of the action log); `key` names the record in
 * the save's meta. The record holds the log length it was last written at: it belongs to this countdown only while
 * no action was stored since, so a later countdown never inherits an old deadline.
 */
export function countdown(host, key) {
  let deadline = null; // Date.now() when the time runs out
  let start = null; // the log length when this countdown was first seen: the record's key
  let expired = false;
  let heldAt = null; // Date.now() when the countdown was put on hold (a hot-seat hand-over), else null

  const clear = () => {
    deadline = null;
    start = null;
    expired = false;
    heldAt = null;
  };
  const now = () => heldAt ?? Date.now();

  return {
    /**
     * Bring the countdown in line with the view: `running` false ends it (and forgets its record); else it
     * resumes from the record, or starts now for `seconds` unless `wait` says it does not run yet.
     */
    sync(running, seconds, { wait = false } = {}) {
      const stored = host.meta ? host.meta(key) : null;
      if (!running) {
        clear();
        if (stored && host.setMeta) host.setMeta(key, null);
        return;
      }
      const n = host.actions ? host.actions() : 0;
      if (deadline === null) {
        if (stored && stored.last === n && Number.isFinite(stored.deadline) && Number.isInteger(stored.start)) {
          deadline = stored.deadline;
          start = stored.start;
        } else if (wait) {
          return;
        } else {
          deadline = Date.now() + 1000 * seconds;
          start = n;
        }
        expired = false;
      }
      if (host.setMeta && (!stored || stored.last !== n || stored.start !== start || stored.deadline !== deadline)) {
        host.setMeta(key, { start, last: n, deadline });
      }
    },
    /** Whether a countdown is under way. */
    running: () => deadline !== null,
    /**
     * Stop the time while `held` (the device changes hands: nobody can act), and go on from where it stopped
     * once it is not: the deadline moves by the time held, and the record with it.
     */
    hold(held) {
      if (deadline === null) return;
      if (held && heldAt === null) heldAt = Date.now();
      else if (!held && heldAt !== null) {
        deadline += Date.now() - heldAt;
        heldAt = null;
        if (host.setMeta) host.setMeta(key, { start, last: host.actions ? host.actions() : 0, deadline });
      }
    },
    /** Whole seconds left (0 once out of time), or null when no countdown runs. */
    secondsLeft: () => (deadline === null ? null : Math.max(0, Math.ceil((deadline - now()) / 1000))),
    /** True the first time it is asked once the time is up: the moment to send the time-out action. */
    expire() {
      if (deadline === null || expired || deadline > now()) return false;
      expired = true;
      return true;
    },
  };
}

/** Show `seconds` on `node` (its text and data-seconds, which tests read). */
export function showSeconds(node, seconds, text) {
  if (!node) return;
  node.textContent = text;
  node.dataset.seconds = String(seconds);
}
