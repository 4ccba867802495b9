// The game screen's table (docs/page-ui.md, « The game table »): its elements — the top bar with « undo », « skip the
// bots » and the menu (home, rules, export, bot speed, « ask me even when I can only pass », language), the prompt, the
// board, the player's own material and the log —, their labels in the chosen language, the menu opening and closing,
// and the phone's drawers. Methods of GameScreen (game.js), installed there.
import { el, fill } from "./dom.js";
import { t, tr } from "../i18n.js";
import * as store from "../store.js";
import { askPassOnly, setAskPassOnly } from "./autoanswer.js";
import { BotRun } from "./pace.js";

export const BOT_SPEEDS = [
  { ms: 1500, key: "speed.slow" },
  { ms: 700, key: "speed.normal" },
  { ms: 250, key: "speed.fast" },
  { ms: 0, key: "speed.instant" },
];

export const gameLayout = {
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
  },

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
  },

  openMenu(open) {
    this.menu.classList.toggle("open", open);
    this.menuButton.setAttribute("aria-expanded", String(open));
  },

  /** Whether the screen is laid out for a phone (the player's material and the log in drawers). */
  narrow() {
    return typeof matchMedia === "function" && matchMedia("(max-width: 899.98px)").matches;
  },

  /** Something to click now outside the player's own material: the prompt's buttons, the board's targets. */
  boardChoices() {
    if (this.prompt.querySelector("[data-testid=actions] button:not(:disabled)")) return true;
    if (this.board.querySelector("button[data-legal=true]:not(:disabled)")) return true;
    return [...this.board.querySelectorAll("canvas[data-legal]")].some((c) => c.dataset.legal.length > 2);
  },

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
  },

  /** A click in the opened drawer that gave the board or the prompt something to click closes it (phone). */
  afterMineClick() {
    setTimeout(() => {
      if (this.drawer === "mine" && this.narrow() && this.boardChoices()) this.openDrawer(null);
    }, 0);
  },

  /** Open the phone's drawer `which` ("mine", "log") over the board, or close it (null). */
  openDrawer(which) {
    this.drawer = which;
    this.drawerAuto = false;
    this.layout.dataset.drawer = which || "";
    this.mineToggle.setAttribute("aria-expanded", String(which === "mine"));
    this.logToggle.setAttribute("aria-expanded", String(which === "log"));
    if (which === "log") this.logList.scrollTop = this.logList.scrollHeight;
  },
};
