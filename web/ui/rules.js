// The rules viewer: a dialog showing a game's rules in the current language.
import { el, fill } from "./dom.js";
import { t, onLangChange, toggleLang } from "../i18n.js";
import { rulesOf } from "../games/index.js";

function block(b) {
  if (b.h) return el("h3", null, b.h);
  if (b.ul) return el("ul", null, b.ul.map((item) => el("li", null, item)));
  if (b.note) return el("p", { class: "note" }, b.note);
  return el("p", null, b.p);
}

/**
 * Open the rules of `gameId` in a modal dialog that follows the language toggle. The engine's own rulings
 * (its catalog entry's `rulings`: how it settles what the rulebook leaves open) close the page.
 */
export async function openRules(gameId, ctx) {
  const rules = await rulesOf(gameId);
  if (!rules) return;
  const dialog = el("dialog", { class: "rules", testid: "rules", "aria-labelledby": "rules-title" });
  const body = el("div", { class: "rules-body" });
  const close = el("button", { type: "button", class: "close", testid: "close-rules", onclick: () => dialog.close() });
  const langButton = el("button", { type: "button", class: "lang", testid: "rules-lang", onclick: () => toggleLang() });
  const title = el("h2", { id: "rules-title" });
  dialog.append(el("div", { class: "rules-head" }, title, el("div", { class: "row" }, langButton, close)), body);
  function paint() {
    const lang = document.documentElement.lang === "en" ? "en" : "fr";
    const r = rules[lang];
    title.textContent = r.title;
    close.textContent = "✕ " + t("rules.close");
    langButton.textContent = t("lang.toggle");
    langButton.setAttribute("aria-label", t("lang.toggle.label"));
    const entry = ctx && ctx.gameEntry ? ctx.gameEntry(gameId) : null;
    const rulings = entry && entry.rulings && entry.rulings.length
      ? [{ h: t("rules.engineRulings") }, { ul: entry.rulings.map((ruling) => ruling[lang]) }] : [];
    fill(body, [...r.blocks, ...rulings].map(block));
  }
  const off = onLangChange(paint);
  dialog.addEventListener("close", () => {
    off();
    dialog.remove();
  });
  paint();
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}
