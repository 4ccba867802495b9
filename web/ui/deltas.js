// The engine's answers without what the game screen holds already: with `view` and `act` the screen says what it
// holds of the game (the key of its last answer, how many log lines and save actions); the answer carries only what
// comes after, and the screen puts the whole log and save back together (docs/page-ui.md, « What travels between
// the page and the engine »). Methods of GameScreen (game.js), installed there.

export const engineDeltas = {
  /**
   * Nothing held of the game open in the engine (a new handle, or an undo: another game there): the next answer
   * brings the whole log and save.
   */
  forgetHeld() {
    this.held = { key: -1, actions: null, log: null, logSeat: null };
  },

  /** What to tell the engine this screen holds, for the view of `seat` (see engine.view). */
  heldCounts(held, seat) {
    return { key: held.key, log: held.log && held.logSeat === seat ? held.log.length : 0,
      actions: held.actions ? held.actions.length : 0 };
  },

  /**
   * The view of an answer to a call made when this screen held `held` (never changed in place: answers come back in
   * the order the calls were made, and each is put together from what was held when it was asked): the whole log.
   */
  wholeView(held, answer, seat) {
    const v = answer.view;
    const from = v.log_from;
    delete v.log_from;
    if (from > 0) v.log = held.log.slice(0, from).concat(v.log);
    return v;
  },

  /** The view of `seat` (null: the spectator), the log sent only from what this screen lacks. */
  async engineView(seat) {
    const held = this.held;
    const answer = await this.engine.view(this.handle, seat, this.heldCounts(held, seat));
    if (answer && answer.ok) {
      const v = this.wholeView(held, answer, seat);
      const same = answer.key === held.key;
      this.held = { key: answer.key, actions: same ? held.actions : null, log: v.log, logSeat: seat };
    }
    return answer;
  },

  /**
   * `seat` plays `action`; the answer carries the viewer's new view (one round trip), the log and the save's
   * actions sent only from what this screen lacks, put together here: the whole save and log, as before.
   */
  async engineAct(seat, action) {
    const held = this.held;
    const viewer = this.viewer;
    const answer = await this.engine.act(this.handle, seat, action, viewer, this.heldCounts(held, viewer));
    if (answer && answer.ok) {
      const from = answer.actions_from;
      delete answer.actions_from;
      if (from > 0) answer.save.actions = held.actions.slice(0, from).concat(answer.save.actions);
      answer.view = this.wholeView(held, answer, viewer);
      this.held = { key: answer.key, actions: answer.save.actions, log: answer.view.log, logSeat: viewer };
      delete answer.key;
    }
    return answer;
  },
};
