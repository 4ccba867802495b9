// The game screen: opens a save, runs the turn loop (humans, bots, hand-over, real time, what the page answers by
// itself), plays a human's action and undoes it, saves every change. Its other rooms, installed as GameScreen's
// methods below: the table's elements, labels, menu and drawers (layout.js), the mode and status mirrored on the
// element (status.js), the drawing of a view, the log, the hand-over and the end (drawing.js), the engine's answers
// put back together (deltas.js), the save written and followed across tabs (savesync.js).
import { el } from "./dom.js";
import { t, tr } from "../i18n.js";
import * as store from "../store.js";
import { viewModule } from "../games/index.js";
import { isAutomatic, undoMany, undoSteps } from "./undo.js";
import { LOST, saveSync } from "./savesync.js";
import { traceEnd, traceStart } from "./kit.js";
import { SavedGameScreen } from "./screen.js";
import { numberOf } from "../exactjson.js";
import { clockAction, dueClock, isRealtime, passOnly } from "./timing.js";
import { askPassOnly } from "./autoanswer.js";
import { showCached } from "./viewcache.js";
import { BOT_SPEEDS, gameLayout } from "./layout.js";
import { screenStatus } from "./status.js";
import { gameDrawing } from "./drawing.js";
import { engineDeltas } from "./deltas.js";

export { BOT_SPEEDS };

export class GameScreen extends SavedGameScreen {
  constructor(main, ctx, id) {
    super(main, ctx, id);
    this.gen = 0;
    this.viewer = null;
    this.busy = false;
    this.lastView = null;
    this.storageProblem = null;
    this.mode = "loading";
    // Another tab may play, undo or delete this same game: the stored text this screen's game is based on
    // (every write is a compare-and-set against it), and the storage events that say it changed elsewhere.
    this.base = null;
    this.ready = false; // the game is open and drawn: changes from elsewhere are taken in from then on
    this.epoch = 0; // +1 each time the game is reopened from storage: engine answers for an older one are dropped
    this.syncKey = null;
    this.writing = Promise.resolve(); // this tab's writes, one after the other (each under the save's lock)
    this.onStorage = (e) => {
      if (this.ready && store.isSaveEvent(e, this.id)) this.resync("moved");
    };
    window.addEventListener("storage", this.onStorage);
    this.build();
    this.open();
  }

  title() {
    const entry = this.save && this.ctx.gameEntry(this.save.game);
    return entry ? tr(entry.title) : t("app.title");
  }

  relabel() {
    this.relabelShell();
    this.logCount = -1;
    if (this.mode === "handover") this.showHandover(this.handoverSeat, this.lastView);
    else if (this.lastView) this.render(this.lastView);
  }

  destroy() {
    window.removeEventListener("storage", this.onStorage);
    document.removeEventListener("pointerdown", this.closeMenu);
    document.documentElement.classList.remove("in-game");
    if (this.ctx.header && this.ctx.langButton && this.menuPanel.contains(this.ctx.langButton)) this.ctx.header.append(this.ctx.langButton);
    this.gen++;
    clearTimeout(this.botTimer);
    clearInterval(this.dueTicker);
    if (this.handle && this.ctx.opened) this.ctx.opened.delete(this.id);
    this.close();
  }

  // ---- opening ----------------------------------------------------------------
  async open() {
    let opened = this.ctx.opened && this.ctx.opened.get(this.id);
    if (this.ctx.storageProblem) {
      this.storageProblem = this.ctx.storageProblem;
      this.ctx.storageProblem = null;
      this.warning.hidden = false;
    }
    if (!opened) {
      const raw = store.readRaw(this.id);
      if (raw === null) return store.readable() ? this.missing() : this.fail(t("storage.unreadable"));
      // The copy of the last screen shown, while the engine starts or replays the game (viewcache.js).
      this.shownCached = await showCached(this, raw);
      const stored = await this.openStored(raw); // savesync.js
      if (!stored) return;
      opened = { handle: stored.answer.handle, save: { ...stored.answer.save, meta: stored.meta }, raw };
    }
    // A game just created in this tab is stored as createGame wrote it (or not at all, if that write failed).
    this.base = opened.raw !== undefined ? opened.raw : store.readRaw(this.id);
    this.handle = opened.handle;
    this.forgetHeld();
    const save = opened.save;
    const meta = save.meta && typeof save.meta === "object" ? save.meta : {};
    this.takeSeats(save.game, meta.seats, save.players);
    this.save = { ...save, meta: { ...meta, id: this.id, seats: this.seats } };
    this.viewer = this.humans.length === 1 ? this.humans[0] : null;
    this.speedBox.hidden = !this.seats.some((s) => s.kind === "bot");
    this.screen.dataset.game = save.game; // the game's own layout rules (style.css) hang on it
    this.warning.hidden = !this.storageProblem;
    this.relabelShell();
    const module = await viewModule(save.game);
    if (!this.alive) return;
    if (!module) return this.fail(t("game.openFailed", { reason: save.game }));
    this.viewModule = module;
    if (!this.shownCached) this.makeView(); // else the copy stays in view until the engine's own is drawn
    this.ready = true;
    // It may have changed in another tab while it was being opened.
    if (this.base !== null && store.readRaw(this.id) !== this.base) this.resync("moved");
    else this.advance();
  }

  /** The game's view on the board and prompt (new ones, when the game was reopened from storage). */
  makeView() {
    if (this.gameView) {
      // A fresh view starts from the stored game (its selection, its deal clock from the save's meta), on fresh
      // elements so that nothing the old view hung on them stays.
      if (this.gameView.destroy) this.gameView.destroy();
      const board = el("div", { class: "board", testid: "board" });
      const prompt = el("div", { class: "prompt", testid: "prompt", "aria-live": "polite" });
      const mine = el("section", { class: "my-side drawer-panel", testid: "mine" });
      mine.addEventListener("click", () => this.afterMineClick());
      this.board.replaceWith(board);
      this.prompt.replaceWith(prompt);
      this.mine.replaceWith(mine);
      this.board = board;
      this.prompt = prompt;
      this.mine = mine;
    }
    // A decision's countdown on the page's clock (a deal's minute: `view.decision.due`), fresh with the view: it
    // starts again from the save's meta.
    const notes = { meta: (key) => (this.save.meta[key] === undefined ? null : this.save.meta[key]),
      setMeta: (key, value) => this.setMeta(key, value), actions: () => this.save.actions.length };
    this.due = dueClock(notes);
    clearInterval(this.dueTicker);
    this.dueTicker = setInterval(() => this.dueTick(), 250);
    this.createGameView(this.viewModule, this.save.game, {
      act: (action) => this.humanAct(action),
      // A short note over the table (what the page just did for the player, say).
      notify: (text) => this.ctx.notify(text),
      // The view is about to pass for the player by itself (kit.autoPasser): the screen says it is busy meanwhile.
      autoPending: (on) => {
        if (on) this.screen.dataset.busy = "auto";
        else if (!this.busy) delete this.screen.dataset.busy;
      },
      // Whole seconds left of the decision's countdown (null: none runs), for the view to show.
      dueLeft: () => this.due.secondsLeft(),
      // The game's clock for real-time phases (ms), and switching the seat at the device during one.
      now: () => this.now(),
      setViewer: (seat) => {
        if (!this.humans.includes(seat) || this.mode !== "human") return;
        this.viewer = seat;
        this.advance();
      },
      // Page-side notes kept with the save (the engine never sees them), e.g. a deal clock's deadline.
      meta: (key) => (this.save.meta[key] === undefined ? null : this.save.meta[key]),
      setMeta: (key, value) => this.setMeta(key, value),
      actions: () => this.save.actions.length,
    });
    this.askPass.hidden = !this.gameView.passSetting;
    this.askPassBox.checked = askPassOnly(this.save.game);
  }

  // ---- the turn loop ----------------------------------------------------------
  async fetchView(seat) {
    const answer = await this.engineView(seat);
    if (!answer.ok) {
      this.fail(t("game.error", { reason: tr(answer.error) }), true);
      return null;
    }
    return answer.view;
  }

  /**
   * Look at the state and do what comes next: end screen, bot move, hand-over or a human's turn. `known`: the view
   * an action's answer carried (one round trip per action); it is used when it is the current viewer's.
   */
  async advance(known = null) {
    const gen = ++this.gen;
    clearTimeout(this.botTimer);
    this.botTimer = null; // none pending now: a skip meanwhile only drops the next pause (skipBots)
    let v = known && known.seat === this.viewer ? known : await this.fetchView(this.viewer);
    if (!v || gen !== this.gen || !this.alive) return;
    if (v.over) {
      // Between several humans the end is shown to everybody: the spectator's view, nobody's hand.
      if (this.humans.length >= 2 && this.viewer !== null) {
        this.viewer = null;
        v = await this.fetchView(null);
        if (!v || gen !== this.gen || !this.alive) return;
      }
      this.setMode("over");
      this.render(v);
      return;
    }
    if (isRealtime(v)) {
      this.realtime(gen, v);
      return;
    }
    this.clockBase = null;
    // Several seats may act at once (sealed choices): bots first, then the human at the device, then the others.
    const bots = v.to_move.filter((s) => this.seats[s].kind === "bot");
    const actor = bots.length ? bots[0] : v.to_move.includes(this.viewer) ? this.viewer : v.to_move[0];
    const seat = this.seats[actor];
    if (seat.kind === "bot") {
      // The pace is a budget per bot turn: a bot's first action waits the chosen delay, its next ones less and less.
      this.botRun.next(actor);
      this.setMode("bot"); // the status names the bot now acting, and how far it is in a turn of many steps
      const progress = this.gameView.botProgress ? this.gameView.botProgress(v) : null;
      if (progress) this.botStatus.textContent = t("game.botActsProgress", { name: this.names[actor], progress });
      this.render(v, { waiting: actor });
      // A game view may shorten the pause for some decisions (Porco Crasso: a bot answers a card played against it at once).
      const pace = this.botRun.pause(store.settings().botDelay);
      // The bot thinks during its pause: the engine's time is not added to the pace (the move comes when both are over).
      this.botThinking = { gen, seat: actor, choice: this.engine.bot(this.handle, actor, this.seats[actor].level, this.botSeed()) };
      this.botTimer = setTimeout(() => this.botMove(gen, actor), this.gameView.botDelay ? this.gameView.botDelay(v, pace) : pace);
      return;
    }
    if (this.viewer !== actor) {
      if (this.humans.length >= 2) {
        // What the game view lets the page answer for a player away from the device (a « pass » with
        // nothing else to play, say) is sent without handing the device over.
        const unattended = await this.unattendedAction(actor);
        if (gen !== this.gen || !this.alive || unattended === false) return;
        if (unattended) this.actUnattended(gen, actor, unattended, v);
        else this.showHandover(actor, v);
        return;
      }
      this.viewer = actor;
      v = await this.fetchView(actor);
      if (!v || gen !== this.gen || !this.alive) return;
    }
    this.setMode("human");
    this.render(v);
  }

  // ---- real time (every seat at once against the game's clock) ----------------
  /** The game's clock (ms): the last reading the engine holds plus the real time elapsed since it was met. */
  now() {
    const base = this.clockBase;
    if (!base) return this.lastView ? this.lastView.clock || 0 : 0;
    return Math.max(base.engine, Math.floor(base.engine + performance.now() - base.at));
  }

  /** A real-time phase: humans act from the board whenever they like; bots act on a timer at their pace. */
  async realtime(gen, v) {
    const clock = v.clock || 0;
    if (!this.clockBase || clock > this.now()) this.clockBase = { engine: clock, at: performance.now() };
    const humansIn = this.humans.filter((s) => v.to_move.includes(s));
    if (humansIn.length && !humansIn.includes(this.viewer)) {
      this.viewer = humansIn[0];
      v = await this.fetchView(this.viewer);
      if (!v || gen !== this.gen || !this.alive) return;
    }
    this.setMode(humansIn.length ? "human" : "bot");
    this.render(v);
    this.nextBot = this.nextBot || new Map();
    this.botTimer = setTimeout(() => this.realtimeTick(gen, v), 120);
  }

  async realtimeTick(gen, v) {
    if (gen !== this.gen || !this.alive) return;
    if (this.busy) {
      this.botTimer = setTimeout(() => this.realtimeTick(gen, v), 60);
      return;
    }
    const t = this.now();
    // What the page sends on its own at this clock reading (the hourglass running out, say).
    const auto = clockAction(v, t);
    let acted = false;
    if (auto) {
      const seat = v.to_move.includes(this.viewer) ? this.viewer : v.to_move[0];
      const epoch = this.epoch;
      const answer = await this.engineAct(seat, auto);
      if (epoch !== this.epoch) return; // reopened from storage meanwhile (another tab moved the game on)
      if (answer.ok) {
        if (!(await this.persist(answer.save, "moved"))) return;
        acted = answer.view;
      }
    } else {
      const pace = Math.max(300, store.settings().botDelay);
      const bots = v.to_move.filter((s) => this.seats[s].kind === "bot");
      for (const seat of bots) {
        if ((this.nextBot.get(seat) || 0) > performance.now()) continue;
        this.nextBot.set(seat, performance.now() + pace);
        const choice = await this.engine.bot(this.handle, seat, this.seats[seat].level, this.botSeed(), this.now());
        if (gen !== this.gen || !this.alive) return;
        if (!choice.ok || !choice.action) continue;
        if (this.busy) {
          // A human's action went to the engine meanwhile: it is answered and drawn first; this bot thinks again
          // at the next tick, on the new position (its move here would be drawn inside the human's click).
          this.nextBot.set(seat, 0);
          break;
        }
        const epoch = this.epoch;
        const answer = await this.engineAct(seat, choice.action);
        if (epoch !== this.epoch) return; // reopened from storage meanwhile
        if (answer.ok) {
          if (!(await this.persist(answer.save, "moved"))) return;
          acted = answer.view;
          break; // one bot action per tick: the human's clicks are answered in between
        }
      }
    }
    if (gen !== this.gen || !this.alive) return;
    if (acted) this.advance(acted);
    else {
      if (this.gameView.tick) this.gameView.tick(t);
      this.botTimer = setTimeout(() => this.realtimeTick(gen, v), 120);
    }
  }

  /** The action the page would send for `seat` without it at the device, null if none, false on error. */
  async unattendedAction(seat) {
    if (!this.gameView) return null;
    const v = await this.fetchView(seat); // held in memory only, never drawn
    if (!v) return false;
    return this.unattended(v, seat);
  }

  /**
   * What the page may send for `seat` (given that seat's view) by itself: the due action once its countdown is
   * over (a deal's « timeout »), « pass » in a reaction window where that is all the seat may do, if the game
   * view lets the page pass for it (`autoPass(humans)`: never, a lone human only, always, or as the player chose),
   * or the only answer to a question the game view answers alone.
   */
  unattended(v, seat) {
    if (!v || !(v.to_move || []).includes(seat)) return null;
    this.due.sync(v);
    const due = this.due.over(v);
    if (due) return due;
    const mayPass = this.gameView && this.gameView.autoPass ? this.gameView.autoPass(this.humans.length) : false;
    if (mayPass && passOnly(v)) return { type: "pass" };
    // A question with a single possible answer, which the game view answers alone (`soleAnswer(v, seat)`).
    return this.gameView && this.gameView.soleAnswer ? this.gameView.soleAnswer(v, seat) : null;
  }

  /** Every quarter second: the countdown stands still during a hand-over; run out at the device, it plays its action. */
  dueTick() {
    const v = this.lastView;
    if (!v || !this.alive || !this.due.running()) return;
    this.due.hold(this.mode === "handover");
    if (this.mode !== "human" || this.busy || this.viewer === null || !(v.to_move || []).includes(this.viewer)) return;
    const action = this.due.over(v);
    if (action && this.due.expire()) {
      this.humanAct(action).then((answer) => {
        if (answer && !answer.ok && this.alive && this.gameView) this.gameView.refuse(answer.error);
      });
    }
  }

  async actUnattended(gen, seat, action, shown) {
    this.setMode("auto");
    this.render(shown, { waiting: seat });
    const epoch = this.epoch;
    const index = this.save.actions.length; // played by the page for the player: an undo takes it back too
    const answer = await this.engineAct(seat, action);
    if (epoch !== this.epoch) return; // the game was reopened from storage meanwhile: this answer is for the old one
    if (gen !== this.gen || !this.alive) {
      if (answer.ok) await this.persist(answer.save, "moved");
      return;
    }
    if (!answer.ok) {
      this.showHandover(seat, shown); // the player will decide at the device
      return;
    }
    if (await this.persist(answer.save, "moved")) {
      this.automatic = this.automatic || new Set();
      this.automatic.add(index);
      if (gen === this.gen && this.alive) this.advance(answer.view);
    }
  }

  /** « Passer les robots »: no more pauses until a human decides; the waiting bot plays at once. Only a pending
   * pause is cut short: between a bot's move and the next drawing (advance awaiting its view) no timer is pending,
   * and playing the last bot again then would play its move twice over the one advance is about to schedule. */
  skipBots() {
    if (this.mode !== "bot") return;
    this.botRun.skipping = true;
    this.skipButton.style.visibility = "hidden";
    if (this.botTimer && this.botRun.seat !== null) {
      clearTimeout(this.botTimer);
      this.botTimer = null;
      this.botMove(this.gen, this.botRun.seat);
    }
  }

  /** The seed of the next bot decision: the same position always gives the same move. */
  botSeed() {
    return (this.save.actions.length * 7919 + (numberOf(this.save.seed) || 0)) % 2147483647;
  }

  async botMove(gen, seat) {
    this.botTimer = null; // this move's timer has fired (or was cut short by skipBots)
    if (gen !== this.gen || !this.alive) return;
    const thinking = this.botThinking;
    this.botThinking = null;
    const choice = await (thinking && thinking.gen === gen && thinking.seat === seat ? thinking.choice
      : this.engine.bot(this.handle, seat, this.seats[seat].level, this.botSeed()));
    if (gen !== this.gen || !this.alive) return;
    if (!choice.ok) return this.fail(t("game.error", { reason: tr(choice.error) }), true);
    const epoch = this.epoch;
    const answer = await this.engineAct(seat, choice.action);
    if (epoch !== this.epoch) return; // reopened from storage meanwhile
    if (!answer.ok) {
      if (gen === this.gen && this.alive) this.fail(t("game.error", { reason: tr(answer.error) }), true);
      return;
    }
    // The engine has moved on: store it even if the screen was left meanwhile.
    if ((await this.persist(answer.save, "moved")) && gen === this.gen && this.alive) this.advance(answer.view);
  }

  /** A human's action from the game view; answers the engine's reply (with its refusal reason). */
  async humanAct(action) {
    // A click on the position shown while this tab reopens the game another tab moved on: not played, and said so.
    if (this.resyncing) return this.lostAction();
    if (this.mode === "gone") {
      return { ok: false, error: { fr: "cette partie a été supprimée dans un autre onglet.",
        en: "this game was deleted in another tab." } };
    }
    if (this.busy || this.mode !== "human" || this.viewer === null) {
      return { ok: false, error: { fr: "Patientez un instant.", en: "Please wait a moment." } };
    }
    this.setBusy(true);
    try {
      const epoch = this.epoch;
      // What the page plays by itself for the player (an undo takes it back with the player's choice before it).
      const index = this.save.actions.length;
      const automatic = isAutomatic((view, seat) => this.unattended(view, seat), this.lastView, this.viewer, action);
      // « Since your last move » counts from the player's own choices: a pass the page sent for them is not one
      // (else a bot's card they were asked about, passed automatically, would drop out of the summary).
      if (!automatic) this.markSeen = this.viewer;
      const answer = await this.engineAct(this.viewer, action);
      // The game went on in another tab meanwhile (and was reopened here): this action was for an older position.
      if (epoch !== this.epoch) return this.lostAction();
      if (!answer.ok) return answer;
      const stored = traceStart();
      if (!(await this.persist(answer.save))) return { ok: false, error: LOST };
      traceEnd("ui:persist", stored);
      this.automatic = this.automatic || new Set();
      if (automatic) this.automatic.add(index);
      else this.automatic.delete(index);
      if (this.alive) await this.advance(answer.view);
      return answer;
    } finally {
      this.setBusy(false);
    }
  }

  /** How many actions « Annuler » takes back: the viewer's automatic ones at the end and its real one before. */
  undoSteps() {
    if (!this.save || this.viewer === null) return 0;
    const steps = undoSteps(this.save.actions, this.automatic || new Set(), this.viewer);
    const meta = this.save.meta;
    // Never into actions another tab played (see mayUndo).
    if (meta && meta.tab !== undefined && Number.isInteger(meta.since) && this.save.actions.length - steps < meta.since) return 0;
    return steps;
  }

  async undo() {
    if (this.busy || this.viewer === null || this.mode !== "human") return;
    if (!this.mayUndo()) {
      this.gameView.refuse({ fr: "Cette action a été jouée dans un autre onglet : annulez-la là-bas.",
        en: "That action was played in another tab: undo it there." });
      return;
    }
    // Back to the player's last real choice: the passes the page made by itself after it are taken back too.
    const steps = this.undoSteps();
    this.setBusy(true);
    try {
      const epoch = this.epoch;
      const answer = steps > 1 ? await undoMany(this.engine, this.handle, this.viewer, steps)
        : await this.engine.undo(this.handle, this.viewer);
      if (answer.ok || answer.partial) this.forgetHeld(); // another game in the engine: its log is sent whole
      if (epoch !== this.epoch) return;
      if (!answer.ok) {
        if (answer.partial && this.alive) {
          this.gen++; // the page plays its automatic actions again from where the engine stopped
          await this.advance();
        }
        if (this.alive) this.gameView.refuse(answer.error);
        return;
      }
      if (!(await this.persist(answer.save))) return;
      for (const i of [...(this.automatic || [])]) if (i >= answer.save.actions.length) this.automatic.delete(i);
      if (this.alive) await this.advance();
    } finally {
      this.setBusy(false);
    }
  }

  /** The same file as the saved-games list exports: the stored text (the game in memory if storage failed). */
  exportGame() {
    if (!this.save) return;
    const raw = this.storageProblem ? null : store.readRaw(this.id);
    store.exportSave(this.id, raw ?? JSON.stringify(this.save), this.save.game);
    this.ctx.notify(t("saves.exported"));
  }
}

// The table: build, relabelShell, openMenu, the phone's drawers (layout.js).
Object.assign(GameScreen.prototype, gameLayout);
// The mode and status mirrored on the element: setMode, setBusy, fail, missing, storageFailed (status.js).
Object.assign(GameScreen.prototype, screenStatus);
// Drawing: showHandover, render, renderLog, renderRecent, renderEnd (drawing.js).
Object.assign(GameScreen.prototype, gameDrawing);
// The engine's answers without what the screen holds: forgetHeld, engineView, engineAct (deltas.js).
Object.assign(GameScreen.prototype, engineDeltas);
// Storing the save and following it across tabs (persist, write, setMeta, resync, showGone...): savesync.js.
Object.assign(GameScreen.prototype, saveSync);
