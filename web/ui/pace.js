// Bot pace: a budget per bot turn rather than a fixed pause per action, and « skip the bots ».

/**
 * The pause (ms) before a bot's action. `pace` is the « vitesse des robots » setting (ms), `step` how many actions
 * that same bot has already played in a row. The first action of a turn waits the whole pace, so a human can see
 * who acts; the following ones wait pace / (step + 1), so a turn of n actions lasts about pace × ln(n) + pace
 * (20 actions at « Normale »: about 2.5 s instead of 20 × 700 ms).
 */
export function botPause(pace, step, skipping = false) {
  if (skipping || pace <= 0) return 0;
  return Math.round(pace / (1 + Math.max(0, step)));
}

/**
 * Follows the bots' moves between two human decisions: which seat acts, how many actions it has played in a row,
 * and whether the player asked to skip the bots' pauses (until the next human decision).
 */
export class BotRun {
  constructor() {
    this.reset();
  }

  /** Called before a bot's action: returns the number of actions that seat has already played in this run. */
  next(seat) {
    if (seat !== this.seat) {
      this.seat = seat;
      this.step = 0;
    } else this.step += 1;
    return this.step;
  }

  /** The pause (ms) before the action of the step `next` returned, for the chosen pace. */
  pause(pace) {
    return botPause(pace, this.step, this.skipping);
  }

  /** A human decides: the next bot action starts a new run, at the chosen pace again. */
  reset() {
    this.seat = null;
    this.step = 0;
    this.skipping = false;
  }
}
