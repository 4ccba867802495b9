// The new-game dialog, built from the catalog: player count, each seat (human name or bot level), options.
import { diceHelperBlock } from "./dicehelper.js";
import { el, fill, keepFocus } from "./dom.js";
import { t, tIn, tr, lang, toggleLang, onLangChange } from "../i18n.js";
import * as store from "../store.js";
import { cleanName, nameKey } from "../names.js";

function defaultLevel(game) {
  const bots = game.bots || [];
  const marked = bots.find((b) => b.default);
  return (marked || bots[0] || {}).id;
}

/** The value an option must take when two or more seats are humans at one device (its `several_humans`), or
 * undefined when the option stays free. */
function forcedBy(opt, humans) {
  return humans >= 2 && opt.several_humans ? opt.several_humans.value : undefined;
}

function optionInput(opt, value, onchange, humans = 0) {
  const id = `opt-${opt.id}`;
  const forced = forcedBy(opt, humans);
  // Locked for several humans at one device: the value it must take, and why, under the label.
  const help = forced === undefined ? tr(opt.help) : tr(opt.several_humans.why);
  const helpNode = help ? el("small", { class: "help", id: `${id}-help`, testid: forced === undefined ? null : `option-${opt.id}-forced` }, help) : null;
  const described = help ? `${id}-help` : null;
  if (forced !== undefined) value = forced;
  if (opt.type === "bool") {
    return el("div", { class: "field check", testid: `option-${opt.id}` },
      el("input", { type: "checkbox", id, checked: Boolean(value), disabled: forced !== undefined, "aria-describedby": described,
        onchange: (e) => onchange(e.target.checked) }),
      el("label", { for: id }, tr(opt.label)), helpNode);
  }
  if (opt.type === "choice") {
    const select = el("select", { id, "aria-describedby": described,
      onchange: (e) => onchange((opt.values || [])[Number(e.target.value)].value) },
    (opt.values || []).map((v, i) => el("option", { value: String(i), selected: v.value === value }, tr(v.label))));
    return el("div", { class: "field", testid: `option-${opt.id}` }, el("label", { for: id }, tr(opt.label)), select, helpNode);
  }
  // int
  const input = el("input", { type: "number", id, value: String(value), min: opt.min ?? null, max: opt.max ?? null,
    step: "1", "aria-describedby": described,
    onchange: (e) => {
      const n = Number.parseInt(e.target.value, 10);
      if (Number.isFinite(n)) onchange(Math.min(opt.max ?? n, Math.max(opt.min ?? n, n)));
    } });
  return el("div", { class: "field", testid: `option-${opt.id}` }, el("label", { for: id }, tr(opt.label)), input, helpNode);
}

/** Open the dialog for `game` (a catalog entry); `preset` (seats, options, players) refills it. */
export function openNewGame(game, ctx, preset = null) {
  const level = defaultLevel(game);
  const state = {
    players: preset ? preset.players : Math.min(game.max_players, Math.max(game.min_players, 3)),
    seats: [],
    options: {},
  };
  for (const opt of game.options || []) {
    state.options[opt.id] = preset && preset.options && opt.id in preset.options ? preset.options[opt.id] : opt.default;
  }
  for (let i = 0; i < game.max_players; i++) {
    const p = preset && preset.seats && preset.seats[i];
    state.seats.push(p ? { ...p } : i === 0 || !level
      ? { kind: "human", name: t("new.defaultName", { n: i + 1 }) }
      : { kind: "bot", level, name: t("new.botName", { n: i + 1 }) });
  }

  const dialog = el("dialog", { class: "new-game", testid: "new-game-dialog", "aria-labelledby": "new-game-title" });
  const form = el("form", { method: "dialog" });
  const error = el("p", { class: "form-error", testid: "new-game-error", role: "alert" });
  const helperMemo = {}; // per helper (dice tables): its level and last rolls, across repaints
  let errorText = null; // a function, so that the message follows the language toggle
  const showError = (fn) => {
    errorText = fn;
    error.textContent = fn ? fn() : "";
  };
  dialog.append(form);
  document.body.append(dialog);

  function seatRow(i) {
    const seat = state.seats[i];
    const kindId = `seat-${i}-kind`;
    const nameId = `seat-${i}-name`;
    const kind = el("select", { id: kindId, testid: `seat-${i}-kind`,
      onchange: (e) => {
        const v = e.target.value;
        const wasDefault = !seat.name || seat.name === t("new.defaultName", { n: i + 1 })
          || seat.name === t("new.botName", { n: i + 1 });
        if (v === "human") {
          seat.kind = "human";
          delete seat.level;
          if (wasDefault) seat.name = t("new.defaultName", { n: i + 1 });
        } else {
          seat.kind = "bot";
          seat.level = v.slice(4);
          if (wasDefault) seat.name = t("new.botName", { n: i + 1 });
        }
        paint();
      } },
    el("option", { value: "human", selected: seat.kind === "human" }, t("new.human")),
    (game.bots || []).map((b) => el("option", { value: `bot:${b.id}`, selected: seat.kind === "bot" && seat.level === b.id },
      t("new.bot", { level: tr(b.label) }))));
    const name = el("input", { id: nameId, testid: `seat-${i}-name`, type: "text", value: seat.name,
      maxlength: String(store.MAX_NAME_LENGTH), autocomplete: "off",
      oninput: (e) => { seat.name = e.target.value; } });
    return el("fieldset", { class: "seat-setup", testid: `seat-setup-${i}` },
      el("legend", null, t("new.seat", { n: i + 1 })),
      el("div", { class: "field" }, el("label", { for: kindId }, t("new.kind")), kind),
      el("div", { class: "field" }, el("label", { for: nameId }, t("new.name")), name));
  }

  /** How many of the seats in play are humans (at this one device). */
  const humansIn = () => state.seats.slice(0, state.players).filter((s) => s.kind === "human").length;

  function paint() {
    const countId = "new-players";
    const count = el("select", { id: countId, testid: "players",
      onchange: (e) => { state.players = Number(e.target.value); paint(); } });
    for (let n = game.min_players; n <= game.max_players; n++) {
      count.append(el("option", { value: String(n), selected: n === state.players }, String(n)));
    }
    const seats = [];
    for (let i = 0; i < state.players; i++) seats.push(seatRow(i));
    const opts = (game.options || [])
      .filter((o) => !o.players || o.players.includes(state.players))
      .map((o) => optionInput(o, state.options[o.id], (v) => { state.options[o.id] = v; }, humansIn()));
    // The page's language toggle sits behind the modal dialog: the dialog has its own.
    const langButton = el("button", { type: "button", class: "lang", testid: "new-game-lang",
      "aria-label": t("lang.toggle.label"), onclick: () => toggleLang() }, t("lang.toggle"));
    error.textContent = errorText ? errorText() : "";
    fill(form,
      el("div", { class: "dialog-head" }, el("h2", { id: "new-game-title" }, t("new.title", { game: tr(game.title) })), langButton),
      el("div", { class: "field" }, el("label", { for: countId }, t("new.players")), count),
      el("div", { class: "seats" }, seats),
      opts.length ? el("fieldset", { class: "options" }, el("legend", null, t("new.options")), opts) : null,
      (game.helpers || []).map((h) => diceHelperBlock(h, state, helperMemo[h.id] ||= {}, paint)),
      error,
      el("div", { class: "row actions" },
        el("button", { type: "submit", class: "primary", testid: "start-game" }, t("new.start")),
        el("button", { type: "button", testid: "cancel-new-game", onclick: () => dialog.close() }, t("new.cancel"))));
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const seats = state.seats.slice(0, state.players).map((s, i) => {
      const name = cleanName(s.name) || (s.kind === "bot" ? t("new.botName", { n: i + 1 }) : t("new.defaultName", { n: i + 1 }));
      return s.kind === "bot" ? { kind: "bot", level: s.level, name } : { kind: "human", name };
    });
    if (seats.some((s) => s.name.length > store.MAX_NAME_LENGTH)) {
      showError(() => t("new.nameTooLong"));
      return;
    }
    // Hand-over screens and the log name players: two seats with one name, or names that are one to the eye
    // (an invisible character, a Cyrillic « А »: web/names.js), could not be told apart.
    const seen = new Set();
    const twice = seats.find((s) => {
      const key = nameKey(s.name);
      return seen.has(key) || !seen.add(key);
    });
    if (twice) {
      showError(() => t("new.nameTwice", { name: twice.name }));
      return;
    }
    const options = {};
    for (const o of game.options || []) {
      const forced = forcedBy(o, seats.filter((s) => s.kind === "human").length);
      if (!o.players || o.players.includes(state.players)) options[o.id] = forced === undefined ? state.options[o.id] : forced;
    }
    const submit = form.querySelector('[data-testid="start-game"]');
    submit.disabled = true;
    const id = await createGame(ctx, game, state.players, options, seats);
    submit.disabled = false;
    if (id.error) {
      showError(() => t("new.failed", { reason: tr(id.error) }));
      return;
    }
    dialog.close();
    ctx.go(`#/partie/${id.id}`);
  });
  // The language toggle re-renders every text; what the player typed or chose stays (state holds it).
  let painted = lang();
  const stopListening = onLangChange((now) => {
    for (let i = 0; i < state.seats.length; i++) {
      const seat = state.seats[i];
      for (const key of ["new.defaultName", "new.botName"]) {
        if (seat.name === tIn(painted, key, { n: i + 1 })) seat.name = tIn(now, key, { n: i + 1 });
      }
    }
    painted = now;
    keepFocus(form, paint);
  });
  dialog.addEventListener("close", () => {
    stopListening();
    dialog.remove();
  });
  paint();
  dialog.showModal();
  const first = form.querySelector("select, input");
  if (first) first.focus();
}

/** Create a game in the engine and store it; returns {id} or {error}. */
export async function createGame(ctx, game, players, options, seats) {
  const seed = Math.floor(Math.random() * 2 ** 31);
  const answer = await ctx.engine.create({ game: game.id, players, options, seed });
  if (!answer.ok) return { error: answer.error };
  const id = store.newId();
  const now = Date.now();
  const save = { ...answer.save, meta: { id, seats, created: now, updated: now } };
  ctx.opened = ctx.opened || new Map();
  ctx.opened.set(id, { handle: answer.handle, save });
  const written = store.writeSave(id, save);
  if (!written.ok) ctx.storageProblem = written.reason;
  return { id };
}
