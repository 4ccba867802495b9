// A new-game dialog helper that rolls dice on a game's table to choose its options (Galaxy Trucker's « Pour les
// indécis »). The table is data from the catalog (py/cosmoludo/games/galaxy_trucker/ext_choice.py HELPER); this
// file interprets it exactly as ext_choice.undecided does (e2e/test_galaxy_extension_ui.py compares them).
import { el } from "./dom.js";
import { tr } from "../i18n.js";

const both = (a, b) => ({ fr: `${a.fr} — ${b.fr}`, en: `${a.en} — ${b.en}` });

/** The options `rolls` choose, from the helper's standard game, and one bilingual line per roll. */
export function applyDiceTable(helper, rolls) {
  const options = { ...helper.standard };
  const chosen = [];
  const wanted = {};
  const lines = rolls.map((r) => {
    const face = helper.faces[String(r)];
    let inc = face.inc || null;
    if (face.module && chosen.includes(face.module)) inc = helper.else_inc;
    if (inc) {
      wanted[inc] = (wanted[inc] || 0) + 1;
      const up = helper.inc_label[inc];
      if (wanted[inc] > helper.limits[inc]) return { roll: r, ...both(up, helper.capped[inc]) };
      options[inc] += 1;
      return { roll: r, ...up };
    }
    chosen.push(face.module);
    if (face.missing) return { roll: r, ...both(face.label, face.missing) };
    Object.assign(options, face.set);
    return { roll: r, ...face.label };
  });
  return { options, lines };
}

/**
 * The helper's block: a level (number of dice), a button that rolls and sets the dialog's options (those the
 * game has), and the rolls explained. `memo` keeps the level and the last result across repaints.
 */
export function diceHelperBlock(helper, state, memo, repaint, roll = () => 1 + Math.floor(Math.random() * 6)) {
  const id = `helper-${helper.id}`;
  if (memo.level === undefined) memo.level = helper.default;
  const input = el("input", { type: "number", id, value: String(memo.level), min: String(helper.min),
    max: String(helper.max), step: "1", testid: `${id}-level`,
    onchange: (e) => {
      const n = Number.parseInt(e.target.value, 10);
      if (Number.isFinite(n)) memo.level = Math.min(helper.max, Math.max(helper.min, n));
    } });
  const button = el("button", { type: "button", testid: `${id}-roll`,
    onclick: () => {
      const rolls = Array.from({ length: memo.level }, () => roll());
      const result = applyDiceTable(helper, rolls);
      for (const [k, v] of Object.entries(result.options)) if (k in state.options) state.options[k] = v;
      memo.result = result;
      repaint();
    } }, tr(helper.button));
  const lines = memo.result
    ? el("ul", { class: "dice-lines", testid: `${id}-lines` },
      memo.result.lines.map((l) => el("li", null, tr({ fr: `${l.roll} : ${l.fr}`, en: `${l.roll}: ${l.en}` }))))
    : null;
  return el("fieldset", { class: "options helper", testid: id },
    el("legend", null, tr(helper.label)),
    el("div", { class: "field" }, el("label", { for: id }, tr(helper.level_label)), input, button),
    el("small", { class: "help" }, tr(helper.help)),
    lines);
}
