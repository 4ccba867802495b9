// What the game screen says of its own state: the loop's mode and busyness mirrored on the element (data-mode,
// data-busy, data-actions: tests and tools wait on them) and in the bot status line, a failure with its way out, a
// game that is not stored, a storage that refused a write. Methods of GameScreen (game.js), installed there.
import { el, fill } from "./dom.js";
import { t } from "../i18n.js";

export const screenStatus = {
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
  },

  setBusy(busy) {
    this.busy = busy;
    if (busy) this.screen.dataset.busy = "true";
    else delete this.screen.dataset.busy;
  },

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
  },

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
  },

  storageFailed(reason) {
    if (this.storageProblem) return;
    this.storageProblem = reason;
    this.warning.hidden = false;
    this.relabelShell();
  },
};
