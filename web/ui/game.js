// The game screen: opens a save, runs the turn loop (humans, bots, hand-over), saves every change.
import { el, fill, withNames } from "./dom.js";
import { t, tr, lang } from "../i18n.js";
import * as store from "../store.js";
import { createGame } from "./newgame.js";
import { viewModule } from "../games/index.js";
import { TEXT as REPLAY, replayHash } from "./replay.js";
import { isAutomatic, undoMany, undoSteps } from "./undo.js";
import { LOST, saveSync } from "./savesync.js";
import { traceEnd, traceStart } from "./kit.js";
import { SavedGameScreen } from "./screen.js";
import { numberOf } from "../exactjson.js";
import { clockAction, dueClock, isRealtime, passOnly, reacting } from "./timing.js";
import { askPassOnly, setAskPassOnly } from "./autoanswer.js";
import { BotRun } from "./pace.js";
import { remember, showCached } from "./viewcache.js";

export const BOT_SPEEDS = [
  { ms: 1500, key: "speed.slow" },
  { ms: 700, key: "speed.normal" },
  { ms: 250, key: "speed.fast" },
  { ms: 0, key: "speed.instant" },
];

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

  // ---- the shell --------------------------------------------------------------
  build() {
    const b = (testid, onclick) => el("button", { type: "button", testid, onclick });
    this.homeButton = b("home", () => this.ctx.go("#"));
    this.rulesButton = b("open-rules", () => this.ctx.openRules(this.save ? this.save.game : "porco-crasso"));
    this.undoButton = b("undo", () => this.undo());
    this.undoButton.hidden = true;
    // « Passer les robots »: the bots' moves up to the next human decision, at once. It keeps its place in the bar
    // (visibility, not display) so that nothing moves under the pointer when the bots start or stop.
    this.skipButton = b("skip-bots", () => this.skipBots());
    this.skipButton.style.visibility = "hidden";
    this.botRun = new BotRun();
    this.exportButton = b("export-game", () => this.exportGame());
    this.speedLabel = el("label", { for: "bot-speed" });
    this.speedSelect = el("select", { id: "bot-speed", testid: "bot-speed",
      // The new delay applies from the next bot move on.
      onchange: (e) => store.setSetting("botDelay", Number(e.target.value)) });
    this.speedBox = el("span", { class: "speed" }, this.speedLabel, this.speedSelect);
    this.speedBox.hidden = true;
    // « Ask me even when I can only pass », per game (autoanswer.js), where the game's view passes for the player at
    // the device (its `passSetting`): off, the page passes by itself and says what it passed.
    this.askPassBox = el("input", { type: "checkbox", id: "ask-pass-only", testid: "ask-pass-only-menu",
      onchange: (e) => {
        if (!this.save) return;
        setAskPassOnly(this.save.game, e.target.checked);
        if (this.lastView && this.mode === "human") this.render(this.lastView);
      } });
    this.askPassLabel = el("label", { for: "ask-pass-only" });
    this.askPass = el("span", { class: "ask-pass" }, this.askPassBox, " ", this.askPassLabel);
    this.askPass.hidden = true;
    this.warning = el("div", { class: "storage-warning", testid: "storage-warning", role: "alert" });
    this.warning.hidden = true;
    this.syncBox = el("div", { class: "sync-notice", testid: "sync-notice", role: "status", "aria-live": "polite" });
    this.syncBox.hidden = true;
    this.heading = el("h2", { class: "game-title", testid: "game-title" });
    // The top bar: the game's name, « undo » when it is offered, and a menu for everything else (home, rules,
    // export, bot speed, language), so that it stays one short row on a phone.
    this.menuButton = el("button", { type: "button", class: "menu-button", testid: "game-menu", "aria-expanded": "false",
      onclick: () => this.openMenu(!this.menu.classList.contains("open")) }, "☰");
    this.menuPanel = el("div", { class: "menu-panel" }, this.homeButton, this.rulesButton, this.exportButton, this.speedBox, this.askPass);
    // A wide screen shows the menu's items in the bar itself; a narrow one behind the ☰ button.
    this.menu = el("div", { class: "game-menu" }, this.menuButton, this.menuPanel);
    this.closeMenu = (e) => {
      if (this.menu.classList.contains("open") && !this.menu.contains(e.target)) this.openMenu(false);
    };
    document.addEventListener("pointerdown", this.closeMenu);
    this.menuPanel.addEventListener("click", (e) => {
      if (e.target.closest("button")) this.openMenu(false);
    });
    if (this.ctx.langButton) this.menuPanel.append(this.ctx.langButton);
    this.toolbar = el("div", { class: "toolbar row" }, this.skipButton, this.undoButton, this.menu);
    this.prompt = el("div", { class: "prompt", testid: "prompt", "aria-live": "polite" });
    // Which bot acts now (its place is kept when empty: the prompt below it never moves).
    this.botStatus = el("div", { class: "bot-status", testid: "bot-status", role: "status" });
    this.board = el("div", { class: "board", testid: "board" });
    this.endPanel = el("section", { class: "end", testid: "end-screen", "aria-labelledby": "end-title" });
    this.endPanel.hidden = true;
    this.handover = el("section", { class: "handover", testid: "handover", "aria-labelledby": "handover-title" });
    this.handover.hidden = true;
    this.logTitle = el("h3", { id: "log-title" });
    this.logList = el("ol", { class: "log-list", testid: "log" });
    this.logPanel = el("aside", { class: "log log-panel drawer-panel", "aria-labelledby": "log-title" }, this.logTitle, this.logList);
    this.recent = el("section", { class: "recent", testid: "recent", "aria-labelledby": "recent-title" });
    this.recent.hidden = true;
    this.seenUpTo = new Map(); // seat → length of the log when that seat last acted (what it has seen)
    this.markSeen = null; // the seat whose own action the next drawing follows
    // The player's own material (hand, dashboard…): a column beside the board on a wide screen, a drawer with an
    // always visible handle on a phone; the log likewise. Neither ever pushes the board or the prompt.
    this.mine = el("section", { class: "my-side drawer-panel", testid: "mine" });
    this.mine.addEventListener("click", () => this.afterMineClick());
    this.mineToggle = el("button", { type: "button", class: "drawer-toggle", testid: "mine-toggle",
      "aria-expanded": "false", onclick: () => this.openDrawer(this.drawer === "mine" ? null : "mine") });
    this.logToggle = el("button", { type: "button", class: "drawer-toggle", testid: "log-toggle",
      "aria-expanded": "false", onclick: () => this.openDrawer(this.drawer === "log" ? null : "log") });
    this.drawerTabs = el("div", { class: "drawer-tabs" }, this.mineToggle, this.logToggle);
    this.drawer = null;
    this.boardWrap = el("div", { class: "board-wrap" }, this.board, this.recent, this.endPanel);
    this.play = el("div", { class: "play-area" }, this.botStatus, this.prompt);
    this.layout = el("div", { class: "game-layout" }, this.boardWrap, this.play, this.mine, this.logPanel, this.drawerTabs);
    this.errorBox = el("div", { class: "game-error", testid: "game-error", role: "alert" });
    this.errorBox.hidden = true;
    this.screen = el("section", { class: "game-screen", testid: "game-screen", dataset: { mode: "loading" } },
      el("div", { class: "game-head" }, this.heading, this.toolbar), this.warning, this.syncBox, this.errorBox, this.handover, this.layout);
    document.documentElement.classList.add("in-game");
    fill(this.main, this.screen);
    this.relabelShell();
  }

  relabelShell() {
    this.homeButton.textContent = "⌂ " + t("game.home");
    this.rulesButton.textContent = "? " + t("game.rules");
    this.undoButton.textContent = "↶ " + t("game.undo");
    // On a phone the bar keeps only the sign (the name stays its label and title).
    fill(this.skipButton, "⏭", el("span", { class: "skip-label" }, " " + t("game.skipBots")));
    this.skipButton.title = t("game.skipBots");
    this.skipButton.setAttribute("aria-label", t("game.skipBots"));
    this.exportButton.textContent = "⇩ " + t("game.export");
    this.exportButton.title = t("game.export.title");
    this.speedLabel.textContent = t("game.botSpeed") + " ";
    this.askPassLabel.textContent = t("game.askPass");
    this.askPass.title = t("game.askPass.title");
    if (this.save) this.askPassBox.checked = askPassOnly(this.save.game);
    const delay = store.settings().botDelay;
    fill(this.speedSelect, BOT_SPEEDS.map((s) => el("option", { value: String(s.ms), selected: s.ms === delay }, t(s.key))));
    if (!BOT_SPEEDS.some((s) => s.ms === delay)) {
      this.speedSelect.append(el("option", { value: String(delay), selected: true }, `${delay} ms`));
    }
    this.logTitle.textContent = t("game.log");
    this.logToggle.textContent = "☰ " + t("game.log");
    this.mineToggle.textContent = "▤ " + t("game.mine");
    this.menuButton.setAttribute("aria-label", t("game.menu"));
    this.menuButton.title = t("game.menu");
    if (this.save) {
      const entry = this.ctx.gameEntry(this.save.game);
      this.heading.textContent = entry ? tr(entry.title) : this.save.game;
    }
    if (this.storageProblem) this.warning.textContent = "⚠ " + t(this.storageProblem === "quota" ? "storage.quota" : "storage.unavailable");
    this.paintSync();
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

  /** Mirror the loop's state on the element (tests and tools wait on data-mode / data-busy / data-actions). */
  setMode(mode) {
    this.mode = mode;
    if (mode !== "bot" && mode !== "auto") {
      // A human decides (or the game is over): the next bot action starts a new turn, at the chosen pace.
      this.botRun.reset();
    }
    this.skipButton.style.visibility = mode === "bot" && !this.botRun.skipping ? "visible" : "hidden";
    this.botStatus.textContent = mode === "bot" && this.botRun.seat !== null
      ? t("game.botActs", { name: this.names ? this.names[this.botRun.seat] : "" }) : mode === "cached" ? t("game.engineLoading") : "";
    this.screen.dataset.mode = mode;
    if (this.save) this.screen.dataset.actions = String(this.save.actions.length);
  }

  setBusy(busy) {
    this.busy = busy;
    if (busy) this.screen.dataset.busy = "true";
    else delete this.screen.dataset.busy;
  }

  /** Show what went wrong; with `retry`, the game is open and the loop may simply be run again. */
  fail(text, retry = false) {
    this.setMode("error");
    this.errorBox.hidden = false;
    fill(this.errorBox, el("p", null, "⚠ ", text),
      el("div", { class: "row" },
        retry ? el("button", { type: "button", class: "primary", testid: "error-retry",
          onclick: () => {
            this.errorBox.hidden = true;
            this.advance();
          } }, t("game.retry")) : null,
        el("button", { type: "button", testid: "error-home", onclick: () => this.ctx.go("#") }, t("game.home"))));
  }

  /** No game is stored under this address: say so, with the way to the list; nothing to export, no log. */
  missing() {
    this.setMode("error");
    this.exportButton.hidden = true;
    this.rulesButton.hidden = true;
    this.undoButton.hidden = true;
    this.layout.hidden = true;
    this.errorBox.hidden = false;
    fill(this.errorBox, el("p", { testid: "game-missing" }, "⚠ ", t("game.notFound")),
      el("p", null, el("a", { href: "#", testid: "to-saves", onclick: (e) => {
        e.preventDefault();
        this.ctx.go("#");
      } }, t("game.toSaves"))));
  }

  openMenu(open) {
    this.menu.classList.toggle("open", open);
    this.menuButton.setAttribute("aria-expanded", String(open));
  }

  /** Whether the screen is laid out for a phone (the player's material and the log in drawers). */
  narrow() {
    return typeof matchMedia === "function" && matchMedia("(max-width: 899.98px)").matches;
  }

  /** Something to click now outside the player's own material: the prompt's buttons, the board's targets. */
  boardChoices() {
    if (this.prompt.querySelector("[data-testid=actions] button:not(:disabled)")) return true;
    if (this.board.querySelector("button[data-legal=true]:not(:disabled)")) return true;
    return [...this.board.querySelectorAll("canvas[data-legal]")].some((c) => c.dataset.legal.length > 2);
  }

  /**
   * On a phone, a new decision that is about the player's hand (nothing else to click) opens the drawer by itself;
   * once a card picked there gives the board or the prompt something to click, the drawer closes again.
   */
  autoDrawer(interactive) {
    if (!this.narrow()) return;
    const key = `${this.save ? this.save.actions.length : 0}|${this.viewer}`;
    if (!interactive) {
      if (this.drawer === "mine" && this.drawerAuto) this.openDrawer(null);
      return;
    }
    if (key === this.drawerKey) return;
    this.drawerKey = key;
    const handOnly = Boolean(this.mine.querySelector("button:not(:disabled)")) && !this.boardChoices();
    if (handOnly && this.drawer !== "mine") {
      this.openDrawer("mine");
      this.drawerAuto = true;
    } else if (!handOnly && this.drawer === "mine" && this.drawerAuto) this.openDrawer(null);
  }

  /** A click in the opened drawer that gave the board or the prompt something to click closes it (phone). */
  afterMineClick() {
    setTimeout(() => {
      if (this.drawer === "mine" && this.narrow() && this.boardChoices()) this.openDrawer(null);
    }, 0);
  }

  /** Open the phone's drawer `which` ("mine", "log") over the board, or close it (null). */
  openDrawer(which) {
    this.drawer = which;
    this.drawerAuto = false;
    this.layout.dataset.drawer = which || "";
    this.mineToggle.setAttribute("aria-expanded", String(which === "mine"));
    this.logToggle.setAttribute("aria-expanded", String(which === "log"));
    if (which === "log") this.logList.scrollTop = this.logList.scrollHeight;
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

  // ---- the same game in several tabs (resync, lostAction, keepGone, mayUndo: savesync.js) ----------
  /** The game was deleted in another tab: nothing more is played or stored here unless the player keeps it. */
  showGone() {
    this.gen++;
    clearTimeout(this.botTimer);
    const handingOver = this.mode === "handover";
    this.setMode("gone");
    this.undoButton.hidden = true;
    this.handover.hidden = true; // nobody takes the device over for a game that is no longer kept
    this.layout.hidden = false;
    if (this.lastView && this.gameView && !handingOver) {
      this.gameView.update(this.lastView, { interactive: false, waiting: null, viewer: this.viewer });
    }
    this.setSync("sync.gone");
  }

  /** Show (or with null hide) the notice about another tab; `key` names its text, kept for the language toggle. */
  setSync(key) {
    this.syncKey = key;
    this.paintSync();
  }

  paintSync() {
    if (!this.syncKey) {
      this.syncBox.hidden = true;
      this.syncBox.replaceChildren();
      return;
    }
    const gone = this.syncKey === "sync.gone";
    fill(this.syncBox, el("p", null, "⚠ ", t(this.syncKey)),
      gone ? el("div", { class: "row" },
        el("button", { type: "button", class: "primary", testid: "sync-keep", onclick: () => this.keepGone() },
          t("sync.keep")),
        el("button", { type: "button", testid: "sync-home", onclick: () => this.ctx.go("#") }, t("game.home")))
        : el("button", { type: "button", testid: "sync-dismiss", onclick: () => this.setSync(null) }, t("sync.dismiss")));
    this.syncBox.hidden = false;
  }

  // ---- the engine's answers, without what this screen holds already -----------
  /**
   * Nothing held of the game open in the engine (a new handle, or an undo: another game there): the next answer
   * brings the whole log and save.
   */
  forgetHeld() {
    this.held = { key: -1, actions: null, log: null, logSeat: null };
  }

  /** What to tell the engine this screen holds, for the view of `seat` (see engine.view). */
  heldCounts(held, seat) {
    return { key: held.key, log: held.log && held.logSeat === seat ? held.log.length : 0,
      actions: held.actions ? held.actions.length : 0 };
  }

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
  }

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
  }

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

  /** « Passer les robots »: no more pauses until a human decides; the waiting bot plays at once. */
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

  storageFailed(reason) {
    if (this.storageProblem) return;
    this.storageProblem = reason;
    this.warning.hidden = false;
    this.relabelShell();
  }

  // ---- drawing ----------------------------------------------------------------
  showHandover(seat, v) {
    this.setMode("handover");
    this.handoverSeat = seat;
    this.lastView = v;
    this.layout.hidden = true;
    this.undoButton.hidden = true;
    this.board.replaceChildren();
    this.prompt.replaceChildren();
    this.mine.replaceChildren();
    this.openDrawer(null);
    const name = this.names[seat];
    const answers = reacting(v, seat); // a reaction window, as the engine says (view.decision)
    const ok = el("button", { type: "button", class: "primary", testid: "handover-ok",
      onclick: () => {
        this.viewer = seat;
        this.focusAfterHandover = true; // the confirm button disappears: focus moves to the new board
        this.setMode("opening"); // until the new viewer's board is drawn
        this.handover.hidden = true;
        this.layout.hidden = false;
        this.advance();
      } }, t("handover.ok", { name }));
    fill(this.handover,
      el("h2", { id: "handover-title" }, t("handover.title", { name })),
      el("p", null, t("handover.text", { name })),
      answers ? el("p", { class: "react-note" }, t("handover.react", { name })) : null,
      ok);
    this.handover.hidden = false;
    ok.focus();
  }

  render(v, extra = {}) {
    const start = traceStart();
    this.lastView = v;
    this.handover.hidden = true;
    this.layout.hidden = false;
    this.undoButton.hidden = !(this.mode === "human" && v.can_undo && this.mayUndo() && this.undoSteps() > 0);
    const interactive = this.mode === "human";
    this.due.sync(v);
    this.due.hold(false); // drawn again: the hand-over, if any, is over
    this.gameView.update(v, { interactive, waiting: extra.waiting ?? null, viewer: this.viewer });
    if (this.focusAfterHandover && interactive) {
      // Keyboard players go on from what there is to do now: a prompt's button, else the first target.
      this.focusAfterHandover = false;
      const first = this.prompt.querySelector("button:not([disabled])")
        || this.board.querySelector("button:not([disabled]), [tabindex='0']");
      if (first) first.focus({ preventScroll: true });
    }
    this.autoDrawer(interactive);
    this.renderLog(v);
    this.renderRecent(v);
    this.renderEnd(v);
    remember(this, v); // the copy drawn at once after a reload (viewcache.js)
    traceEnd("ui:render", start);
  }

  renderLog(v) {
    const lines = v.log || [];
    const key = `${this.viewer}|${lang()}`;
    if (this.logKey !== key || this.logCount === undefined || this.logCount < 0 || lines.length < this.logCount) {
      this.logList.replaceChildren();
      this.logCount = 0;
      this.logKey = key;
    }
    if (lines.length === this.logCount) return; // nothing new: no scrolling (it lays the page out at once)
    for (let i = this.logCount; i < lines.length; i++) {
      this.logList.append(el("li", null, withNames(tr(lines[i]), this.names)));
    }
    this.logCount = lines.length;
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  /** What happened since the player at the device last acted (bots may play several moves in a row). */
  renderRecent(v) {
    const log = v.log || [];
    if (this.markSeen !== null) {
      this.seenUpTo.set(this.markSeen, log.length);
      this.markSeen = null;
    }
    const since = this.seenUpTo.get(this.viewer);
    const fresh = this.mode === "human" && since !== undefined ? log.slice(since) : [];
    if (!fresh.length) {
      this.recent.hidden = true;
      return;
    }
    const shown = fresh.slice(-8);
    fill(this.recent,
      el("h3", { id: "recent-title" }, t("game.recent")),
      el("ul", null, shown.map((line) => el("li", null, withNames(tr(line), this.names)))));
    this.recent.hidden = false;
  }

  renderEnd(v) {
    if (!v.over) {
      this.endPanel.hidden = true;
      return;
    }
    const result = v.result || { winners: [], scores: {} };
    const winners = (result.winners || []).map((s) => this.names[s]);
    const label = this.gameView.scoreLabel ? this.gameView.scoreLabel(v) : "";
    const rows = Object.entries(result.scores || {}).map(([seat, score]) =>
      el("tr", { class: result.winners.includes(Number(seat)) ? "winner" : "" },
        el("th", { scope: "row" }, (result.winners.includes(Number(seat)) ? "★ " : "") + this.names[Number(seat)]),
        el("td", { testid: `score-${seat}` }, String(score))));
    const again = el("button", { type: "button", class: "primary", testid: "play-again",
      onclick: async () => {
        const entry = this.ctx.gameEntry(this.save.game);
        const made = await createGame(this.ctx, entry, this.save.players, this.save.options, this.seats);
        if (made.error) this.fail(t("new.failed", { reason: tr(made.error) }));
        else this.ctx.go(`#/partie/${made.id}`);
      } }, t("end.again"));
    fill(this.endPanel,
      el("h2", { id: "end-title" }, t("end.title")),
      el("p", { class: "winners", testid: "winners" },
        winners.length ? t(winners.length > 1 ? "end.winners" : "end.winner", { names: winners.join(", ") }) : t("end.nobody")),
      el("table", { class: "scores" }, el("caption", null, t("end.scores") + (label ? ` (${label})` : "")), el("tbody", null, rows)),
      el("div", { class: "row" }, again,
        el("button", { type: "button", testid: "end-replay", title: tr(REPLAY.openTitle),
          onclick: () => this.ctx.go(replayHash(this.id)) }, "▷ ", tr(REPLAY.open)),
        el("button", { type: "button", testid: "end-home", onclick: () => this.ctx.go("#") }, t("end.home"))));
    this.endPanel.hidden = false;
  }
}

// Storing the save and following it across tabs (persist, write, setMeta, resync...): savesync.js.
Object.assign(GameScreen.prototype, saveSync);
