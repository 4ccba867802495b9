// The saved-games list: resume, delete, export to a file, import from a file; damaged saves reported.
import { el, fill, isolateName } from "./dom.js";
import { t, tr, lang } from "../i18n.js";
import * as store from "../store.js";
import { TEXT as REPLAY, replayHash } from "./replay.js";

// check_save replays a whole game: remember answers per stored text for this visit.
const checked = new Map();

function seatNames(save) {
  const seats = save.meta && Array.isArray(save.meta.seats) ? save.meta.seats : [];
  return seats.map((s) => isolateName(s && typeof s.name === "string" ? s.name : "?")).join(", ");
}

const actionCount = (n) => (n === 1 ? t("saves.oneAction") : t("saves.actions", { n }));

function when(ms) {
  if (!Number.isFinite(ms)) return "";
  try {
    return new Date(ms).toLocaleString(lang() === "fr" ? "fr-FR" : "en-GB", { dateStyle: "short", timeStyle: "short" });
  } catch (_) {
    return "";
  }
}

export class SavesPanel {
  constructor(host, ctx) {
    this.host = host;
    this.ctx = ctx;
    this.alive = true;
    this.confirming = null;
    this.title = el("h2", { id: "saves-title" });
    this.list = el("ul", { class: "save-list", testid: "saves" });
    this.fileInput = el("input", {
      type: "file", accept: ".json,application/json", class: "visually-hidden", testid: "import-file",
      tabindex: "-1", "aria-hidden": "true", onchange: () => this.importFile(),
    });
    this.importButton = el("button", { type: "button", testid: "import", onclick: () => this.fileInput.click() });
    this.status = el("p", { class: "save-status", testid: "saves-status", role: "status", "aria-live": "polite" });
    fill(host, this.title, this.list, el("div", { class: "row" }, this.importButton, this.fileInput), this.status);
    // Another tab of the page may save, import or delete games meanwhile.
    this.onStorage = (e) => {
      if (e.key === null || (e.key && e.key.startsWith("cosmoludo.save."))) this.paint();
    };
    window.addEventListener("storage", this.onStorage);
    this.paint();
  }

  destroy() {
    this.alive = false;
    window.removeEventListener("storage", this.onStorage);
  }

  entries() {
    const out = store.listRaw().map(({ id, raw }) => {
      const parsed = store.parseSave(raw);
      return { id, raw, ...parsed };
    });
    const stamp = (e) => (e.save && e.save.meta && Number.isFinite(e.save.meta.updated) ? e.save.meta.updated : 0);
    out.sort((a, b) => stamp(b) - stamp(a) || a.id.localeCompare(b.id));
    return out;
  }

  paint() {
    this.title.textContent = t("saves.title");
    if (this.words) this.status.textContent = this.words();
    this.importButton.textContent = t("saves.import");
    const entries = this.entries();
    // The list is drawn again when another tab saves: the keyboard focus stays on the same button.
    const active = document.activeElement;
    const focused = active && this.list.contains(active) ? active.dataset.testid : null;
    if (this.confirming && !entries.some((e) => e.id === this.confirming)) this.confirming = null;
    // Answers for texts no longer stored (another tab moved a game on) are not needed again.
    const current = new Set(entries.map((e) => e.raw));
    for (const raw of checked.keys()) if (!current.has(raw)) checked.delete(raw);
    if (!entries.length && !store.readable()) {
      fill(this.list, el("li", { class: "empty", testid: "saves-unavailable", role: "alert" }, "⚠ ", t("saves.unavailable")));
      return;
    }
    if (!entries.length) {
      fill(this.list, el("li", { class: "empty", testid: "saves-empty" }, t("saves.none")));
      return;
    }
    fill(this.list, entries.map((e) => this.item(e)));
    const again = focused && this.list.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }

  item(e) {
    const info = el("div", { class: "save-info" });
    const buttons = el("div", { class: "row" });
    const li = el("li", { class: "save", testid: `save-${e.id}`, dataset: { saveId: e.id } }, info, buttons);
    const exportButton = el("button", { type: "button", testid: `export-${e.id}`,
      onclick: () => {
        store.exportSave(e.id, e.raw, e.save && e.save.game);
        this.say(() => t("saves.exported"));
      } }, t("saves.export"));
    const confirming = this.confirming === e.id;
    const deleteButton = el("button", { type: "button", class: confirming ? "danger" : "", testid: `delete-${e.id}`,
      onclick: () => this.remove(e.id) }, confirming ? t("saves.confirmDelete") : t("saves.delete"));

    if (e.error) {
      li.classList.add("damaged");
      fill(info, el("strong", null, "⚠ ", e.data && typeof e.data.game === "string" ? e.data.game : t("saves.unknownGame")),
        el("p", { class: "save-error", testid: "save-error" }, t("saves.damaged", { reason: tr(e.error) })));
      fill(buttons, exportButton, deleteButton);
      return li;
    }
    const save = e.save;
    const entry = this.ctx.gameEntry(save.game);
    const title = entry ? tr(entry.title) : save.game;
    const names = el("span", { class: "names" }, seatNames(save));
    const meta = el("span", { class: "meta" });
    const state = el("p", { class: "save-state" }, t("saves.checking"));
    fill(info, el("strong", null, title), " — ", names, el("br"), meta, state);
    const resume = el("button", { type: "button", class: "primary", testid: `resume-${e.id}`, disabled: true,
      onclick: () => this.ctx.go(`#/partie/${encodeURIComponent(e.id)}`) }, t("saves.resume"));
    // « Revoir » opens the game as a replay (a finished game offers only that, not « Reprendre »).
    const replay = el("button", { type: "button", testid: `replay-${e.id}`, disabled: true, title: tr(REPLAY.openTitle),
      onclick: () => this.ctx.go(replayHash(e.id)) }, "▷ ", tr(REPLAY.open));
    fill(buttons, resume, replay, exportButton, deleteButton);

    const show = (answer) => {
      if (!answer.ok) {
        li.classList.add("damaged");
        state.textContent = "⚠ " + t("saves.damaged", { reason: tr(answer.error) });
        state.dataset.testid = "save-error";
        resume.remove();
        replay.remove();
        return;
      }
      const s = answer.summary || {};
      meta.textContent = [when(save.meta && save.meta.updated), actionCount(s.actions ?? save.actions.length)]
        .filter(Boolean).join(" · ");
      state.textContent = s.over ? `✔ ${t("saves.over")}` : "";
      resume.disabled = false;
      replay.disabled = false;
      if (s.over) {
        resume.remove();
        replay.classList.add("primary");
      }
    };
    const cached = checked.get(e.raw);
    if (cached) show(cached);
    else {
      const { meta: _meta, ...bare } = save;
      this.ctx.engine.check_save(JSON.stringify(bare)).then((answer) => {
        checked.set(e.raw, answer);
        if (this.alive && li.isConnected) show(answer);
      });
    }
    return li;
  }

  /** Show a status line; `words` makes its text, and is asked again when the language changes. */
  say(words) {
    this.words = words;
    this.status.textContent = words();
  }

  async remove(id) {
    if (this.confirming !== id) {
      this.confirming = id;
      this.paint();
      const again = this.list.querySelector(`[data-testid="delete-${CSS.escape(id)}"]`);
      if (again) again.focus();
      return;
    }
    this.confirming = null;
    await store.deleteSave(id);
    if (!this.alive) return;
    this.paint();
    this.say(() => t("saves.deleted"));
  }

  async importFile() {
    const file = this.fileInput.files && this.fileInput.files[0];
    this.fileInput.value = "";
    if (!file) return;
    if (file.size > store.MAX_IMPORT_BYTES) {
      const kb = Math.round(store.MAX_IMPORT_BYTES / 1000);
      this.say(() => t("saves.importFailed", { reason: t("saves.tooBig", { kb }) }));
      return;
    }
    const text = await file.text();
    const result = await store.importText(this.ctx.engine, text, this.ctx.catalog);
    if (!this.alive) return;
    if (result.duplicate) {
      this.say(() => t("saves.alreadyListed"));
      const there = this.list.querySelector(`[data-save-id="${CSS.escape(result.duplicate)}"]`);
      if (there) there.scrollIntoView({ block: "nearest" });
      return;
    }
    if (!result.ok) {
      this.say(() => t("saves.importFailed", { reason: tr(result.reason) }));
      return;
    }
    this.paint();
    this.say(() => t("saves.imported"));
  }
}
