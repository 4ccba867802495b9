// The game screen's save, written and followed across tabs: every write is a compare-and-set under the save's Web
// Lock against the stored text this screen is based on (`base`), one after the other (`writing`); a change made in
// another tab reopens the stored game here (`resync`), a delete there stops the game here (`showGone`), and the
// notice above the table says so (`setSync`). Methods of GameScreen (game.js), kept in a room of their own.
import { el, fill } from "./dom.js";
import { t, tr } from "../i18n.js";
import * as store from "../store.js";

/** Why an action was not played: the game had gone on in another tab (the newer position is shown instead). */
export const LOST = { fr: "la partie avait déjà continué dans un autre onglet : votre action n'a pas été jouée.",
  en: "the game had already gone on in another tab: your action was not played." };

/** Whether the action list `all` begins with `head`. */
function startsWith(all, head) {
  if (head.length > all.length) return false;
  return head.every((entry, i) => JSON.stringify(entry) === JSON.stringify(all[i]));
}

export const saveSync = {
  /**
   * Open the stored text `raw` in the engine: {answer, meta} (the engine's answer, the page's notes it carried),
   * or null when it could not be (the failure is shown) or this screen went away meanwhile.
   */
  async openStored(raw) {
    const parsed = store.parseSave(raw);
    if (parsed.error) {
      this.fail(t("game.openFailed", { reason: tr(parsed.error) }));
      return null;
    }
    const { meta, ...bare } = parsed.save;
    const answer = await this.engine.open_save(JSON.stringify(bare));
    if (!this.alive) {
      if (answer.ok) this.engine.close(answer.handle);
      return null;
    }
    if (!answer.ok) {
      this.fail(t("game.openFailed", { reason: tr(answer.error) }));
      return null;
    }
    return { answer, meta };
  },

  /**
   * The stored game changed in another tab (or this tab's write found it changed): stop whatever this tab was
   * doing, reopen the stored position and show it, with a notice saying why. `why`: "moved" (it went on
   * elsewhere) or "lost" (this tab's last action was not saved because it had).
   */
  async resync(why) {
    if (!this.alive) return;
    if (this.resyncing) {
      this.resyncAgain = true;
      if (why === "lost") this.resyncWhy = why;
      return;
    }
    this.resyncing = true;
    this.resyncWhy = why;
    this.gen++;
    this.epoch++;
    clearTimeout(this.botTimer);
    this.setMode("loading");
    let changed = false;
    try {
      for (;;) {
        this.resyncAgain = false;
        const raw = store.readRaw(this.id);
        if (raw === null) {
          if (this.base === null) break; // never stored here (a full storage): nothing was taken away
          this.showGone();
          return;
        }
        if (raw === this.base) break;
        const opened = await this.openStored(raw);
        if (!opened) return;
        const { answer, meta } = opened;
        // Two tabs writing at the same instant may both find the game as they left it (localStorage is not one
        // transaction across a browser's processes): if the stored game no longer holds this tab's own last
        // action, that action was lost, and the notice says so rather than only "it went on elsewhere".
        if (this.save && this.save.meta.tab === store.tabId() && !startsWith(answer.save.actions, this.save.actions)) {
          this.resyncWhy = "lost";
        }
        if (this.handle) this.engine.close(this.handle);
        this.handle = answer.handle;
        this.forgetHeld();
        this.base = raw;
        const m = meta && typeof meta === "object" ? meta : {};
        this.save = { ...answer.save, meta: { ...m, id: this.id, seats: this.seats } };
        changed = true;
        if (!this.resyncAgain && store.readRaw(this.id) === this.base) break;
      }
    } finally {
      this.resyncing = false;
    }
    if (changed) {
      // How many times the game was reopened from storage (tests and tools wait on it, as on data-actions).
      this.screen.dataset.synced = String(Number(this.screen.dataset.synced || 0) + 1);
      this.logCount = -1; // the log is drawn again from the start
      this.makeView();
      this.setSync(this.resyncWhy === "lost" ? "sync.lost" : "sync.moved");
    }
    this.advance();
  },

  /** A human action that was not played because the game had moved on in another tab: the notice says so. */
  lostAction() {
    if (this.resyncing) this.resyncWhy = "lost";
    else if (this.syncKey === "sync.moved") this.setSync("sync.lost");
    return { ok: false, error: LOST };
  },

  /** Store the game shown here again, after another tab deleted it. */
  async keepGone() {
    if (this.mode !== "gone" || this.keeping) return;
    this.keeping = true;
    let written;
    try {
      written = await store.writeSaveIf(this.id, null, this.save);
    } finally {
      this.keeping = false;
    }
    if (!this.alive || this.mode !== "gone") return;
    if (written.ok) {
      this.base = written.raw;
      this.setSync(null);
      this.advance();
    } else if (written.reason === "moved") {
      this.resync("moved");
    } else {
      this.storageFailed(written.reason);
    }
  },

  /** Whether this tab may take back the last action: made here (undo never takes back another tab's move). */
  mayUndo() {
    const meta = this.save && this.save.meta;
    if (!meta || meta.tab === undefined) return true; // a save from before tabs were told apart
    return meta.tab === store.tabId() && Number.isInteger(meta.since) && this.save.actions.length > meta.since;
  },

  /**
   * Store the engine's new save; resolves to false when it could not be because the game changed in another tab
   * (then this tab reopens the stored game, and the caller stops). The meta says which tab made the last actions,
   * from which action on (`tab`, `since`), so that an undo here never takes back a move made in another tab.
   */
  persist(save, why = "lost") {
    const epoch = this.epoch;
    return this.write(() => {
      // Reopened from storage while this write waited its turn: the save is for an older position.
      if (epoch !== this.epoch) {
        if (why === "lost") this.lostAction();
        return null;
      }
      const meta = this.save.meta;
      const before = this.save.actions.length;
      const mine = meta.tab === store.tabId() && Number.isInteger(meta.since);
      const since = Math.min(mine ? meta.since : before, before, save.actions.length);
      return { ...save, meta: { ...meta, updated: Date.now(), tab: store.tabId(), since } };
    }, why);
  },

  /** Set (or with null remove) one page-side note in the save's meta, and store it. */
  setMeta(key, value) {
    return this.write(() => {
      const meta = { ...this.save.meta };
      if (value === null || value === undefined) delete meta[key];
      else meta[key] = value;
      return { ...this.save, meta };
    });
  },

  /**
   * Store the save `make()` gives (null: nothing to store) if the stored game is still the one this tab is based
   * on (compare-and-set, under the save's lock), after this tab's earlier writes: `make` runs when its turn comes,
   * on the game as they left it. Resolves to true when it is this tab's game now (stored, or kept in memory only
   * because the storage is full or refused); false when nothing was stored: another tab changed or deleted the game
   * meanwhile (then the stored game is shown instead), or `make` gave nothing.
   */
  write(make, why = "moved") {
    const run = async () => {
      if (this.mode === "gone") return false;
      const next = make();
      if (!next) return false;
      const expected = this.base;
      const written = await store.writeSaveIf(this.id, expected, next);
      if (written.ok) {
        // A newer game from another tab was reopened here in the meantime: it is the one shown (and based on).
        if (this.base !== expected) return false;
        this.base = written.raw;
        this.save = next;
        if (this.storageProblem) {
          this.storageProblem = null;
          this.warning.hidden = true;
        }
        return true;
      }
      if (written.reason === "moved" || written.reason === "gone") {
        if (this.alive) this.resync(why);
        return false;
      }
      this.save = next;
      this.storageFailed(written.reason);
      return true;
    };
    const done = this.writing.then(run, run);
    this.writing = done.catch(() => false);
    return done;
  },

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
  },

  /** Show (or with null hide) the notice about another tab; `key` names its text, kept for the language toggle. */
  setSync(key) {
    this.syncKey = key;
    this.paintSync();
  },

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
  },
};
