// The replay screen (#/revoir/<id>): a stored game's actions applied again by the engine, stepped through one
// action at a time, jumped to any action, or played at a chosen speed, with the log of that moment. Nothing is
// stored for it: the engine replays the save (replay_open) and answers the view after any number of actions
// (replay_view). A finished game may be seen through any player's eyes; an unfinished one only as a spectator,
// so that a hot-seat game's secrets stay secret (the engine refuses anything else).
import { el, fill, withNames } from "./dom.js";
import { t, tr, lang } from "../i18n.js";
import * as store from "../store.js";
import { viewModule } from "../games/index.js";
import { SavedGameScreen } from "./screen.js";

/** The replay's own texts, French first. */
export const TEXT = {
  open: { fr: "Revoir", en: "Replay" },
  openTitle: { fr: "Revoir la partie action par action", en: "Watch the game again, action by action" },
  heading: { fr: "{title} — revoir", en: "{title} — replay" },
  start: { fr: "Début", en: "Start" },
  back: { fr: "Action précédente", en: "Previous action" },
  play: { fr: "Lire", en: "Play" },
  pause: { fr: "Pause", en: "Pause" },
  forward: { fr: "Action suivante", en: "Next action" },
  end: { fr: "Fin", en: "End" },
  position: { fr: "Action {i} sur {n}", en: "Action {i} of {n}" },
  jump: { fr: "Aller à l'action", en: "Go to action" },
  speed: { fr: "Vitesse", en: "Speed" },
  perSecond: { fr: "action/s", en: "action/s" },
  seen: { fr: "Vu par", en: "Seen by" },
  spectator: { fr: "Spectateur (rien de caché n'est montré)", en: "Spectator (nothing hidden is shown)" },
  ongoing: { fr: "Partie en cours : revue en spectateur, les mains et les secrets restent cachés.",
    en: "Game in progress: replayed as a spectator, hands and secrets stay hidden." },
  finished: { fr: "Partie terminée : choisissez par les yeux de qui la revoir, tout est visible.",
    en: "Finished game: choose whose eyes to watch it through; everything may be seen." },
  setup: { fr: "Mise en place", en: "Set-up" },
  by: { fr: "Action {i} : {name}", en: "Action {i}: {name}" },
  resume: { fr: "Reprendre la partie", en: "Resume the game" },
  failed: { fr: "Impossible de revoir cette partie : {reason}", en: "This game cannot be replayed: {reason}" },
  over: { fr: "Fin de la partie : {names}.", en: "End of the game: {names}." },
};

/** Replay speeds: actions per second. */
export const REPLAY_SPEEDS = [0.5, 1, 2, 4, 10];

const tt = (key, params) => tr(TEXT[key], params);

/** The address of the replay of the stored game `id`. */
export const replayHash = (id) => `#/revoir/${encodeURIComponent(id)}`;

export class ReplayScreen extends SavedGameScreen {
  constructor(main, ctx, id) {
    super(main, ctx, id);
    this.index = 0;
    this.total = 0;
    this.seat = null;
    this.speed = 2;
    this.timer = 0;
    this.asked = 0; // the last position asked of the engine: older answers are dropped
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.build();
    this.open();
  }

  build() {
    const b = (testid, onclick, extra = {}) => el("button", { type: "button", testid, onclick, ...extra });
    this.heading = el("h2", { class: "game-title", testid: "game-title" });
    this.homeButton = b("home", () => this.ctx.go("#"));
    this.resumeButton = b("replay-resume", () => this.ctx.go(`#/partie/${encodeURIComponent(this.id)}`));
    this.resumeButton.hidden = true;
    this.startButton = b("replay-start", () => this.show(0));
    this.backButton = b("replay-back", () => this.show(this.index - 1));
    this.playButton = b("replay-play", () => this.togglePlay(), { "aria-pressed": "false" });
    this.forwardButton = b("replay-forward", () => this.show(this.index + 1));
    this.endButton = b("replay-end", () => this.show(this.total));
    this.slider = el("input", { type: "range", min: "0", max: "0", value: "0", step: "1", id: "replay-jump",
      testid: "replay-jump", oninput: (e) => this.show(Number(e.target.value)) });
    this.sliderLabel = el("label", { for: "replay-jump", class: "visually-hidden" });
    this.position = el("span", { class: "replay-position", testid: "replay-position", "aria-live": "polite" });
    this.speedLabel = el("label", { for: "replay-speed" });
    this.speedSelect = el("select", { id: "replay-speed", testid: "replay-speed",
      onchange: (e) => {
        this.speed = Number(e.target.value);
        if (this.timer) this.schedule();
      } });
    this.seatLabel = el("label", { for: "replay-seat" });
    this.seatSelect = el("select", { id: "replay-seat", testid: "replay-seat",
      onchange: (e) => {
        this.seat = e.target.value === "" ? null : Number(e.target.value);
        this.show(this.index, true);
      } });
    this.seatBox = el("span", { class: "replay-seat" }, this.seatLabel, " ", this.seatSelect);
    this.note = el("p", { class: "replay-note", testid: "replay-note" });
    this.last = el("p", { class: "replay-last", testid: "replay-last" });
    this.controls = el("div", { class: "replay-controls row", role: "group", testid: "replay-controls" },
      this.startButton, this.backButton, this.playButton, this.forwardButton, this.endButton,
      this.sliderLabel, this.slider, this.position);
    this.options = el("div", { class: "replay-options row" },
      el("span", null, this.speedLabel, " ", this.speedSelect), this.seatBox);
    this.prompt = el("div", { class: "prompt", testid: "prompt" });
    this.board = el("div", { class: "board", testid: "board" });
    this.result = el("p", { class: "winners", testid: "replay-result" });
    this.result.hidden = true;
    this.logTitle = el("h3", { id: "log-title" });
    this.logList = el("ol", { class: "log-list", testid: "log" });
    this.errorBox = el("div", { class: "game-error", testid: "game-error", role: "alert" });
    this.errorBox.hidden = true;
    this.layout = el("div", { class: "game-layout" },
      el("div", { class: "play-area" }, this.result, this.last, this.prompt, this.board),
      el("aside", { class: "log", "aria-labelledby": "log-title" }, this.logTitle, this.logList));
    this.screen = el("section", { class: "game-screen replay-screen", testid: "replay-screen",
      dataset: { mode: "loading" } },
    el("div", { class: "game-head" }, this.heading, el("div", { class: "toolbar row" }, this.homeButton, this.resumeButton)),
    this.errorBox, this.note, this.controls, this.options, this.layout);
    fill(this.main, this.screen);
    this.relabel();
  }

  title() {
    const entry = this.save && this.ctx.gameEntry(this.save.game);
    return tt("heading", { title: entry ? tr(entry.title) : t("app.title") });
  }

  relabel() {
    this.heading.textContent = this.title();
    this.homeButton.textContent = "⌂ " + t("game.home");
    this.resumeButton.textContent = "▶ " + tt("resume");
    const icon = (button, glyph, key) => {
      button.textContent = glyph;
      button.title = tt(key);
      button.setAttribute("aria-label", tt(key));
    };
    icon(this.startButton, "⇤", "start");
    icon(this.backButton, "◀", "back");
    icon(this.playButton, this.timer ? "❚❚" : "▷", this.timer ? "pause" : "play");
    this.playButton.textContent += " " + tt(this.timer ? "pause" : "play");
    icon(this.forwardButton, "▶", "forward");
    icon(this.endButton, "⇥", "end");
    this.sliderLabel.textContent = tt("jump");
    this.speedLabel.textContent = tt("speed");
    fill(this.speedSelect, REPLAY_SPEEDS.map((s) => el("option", { value: String(s), selected: s === this.speed },
      `${lang() === "fr" ? String(s).replace(".", ",") : String(s)} ${tt("perSecond")}`)));
    this.seatLabel.textContent = tt("seen");
    this.logTitle.textContent = t("game.log");
    if (this.summary) {
      this.note.textContent = tt(this.summary.over ? "finished" : "ongoing");
      fill(this.seatSelect, el("option", { value: "", selected: this.seat === null }, tt("spectator")),
        this.summary.seats.map((s) => el("option", { value: String(s), selected: this.seat === s }, this.names[s])));
      this.paintPosition();
      if (this.lastView) this.draw(this.lastView);
    }
  }

  destroy() {
    this.close(); // first: no longer alive, so stopping draws nothing again
    document.removeEventListener("keydown", this.onKey);
    this.stop();
  }

  fail(text) {
    this.stop();
    this.screen.dataset.mode = "error";
    this.layout.hidden = true;
    this.controls.hidden = true;
    this.options.hidden = true;
    this.errorBox.hidden = false;
    fill(this.errorBox, el("p", null, "⚠ ", text),
      el("p", null, el("a", { href: "#", testid: "to-saves", onclick: (e) => {
        e.preventDefault();
        this.ctx.go("#");
      } }, t("game.toSaves"))));
  }

  async open() {
    const raw = store.readRaw(this.id);
    if (raw === null) return this.fail(t("game.notFound"));
    const parsed = store.parseSave(raw);
    if (parsed.error) return this.fail(tt("failed", { reason: tr(parsed.error) }));
    const { meta, ...bare } = parsed.save;
    const t0 = performance.now();
    const answer = await this.engine.replay_open(JSON.stringify(bare));
    if (!this.alive) {
      if (answer.ok) this.engine.close(answer.handle);
      return;
    }
    if (!answer.ok) return this.fail(tt("failed", { reason: tr(answer.error) }));
    this.handle = answer.handle;
    this.summary = answer.replay;
    this.total = answer.replay.actions;
    this.save = { ...bare, meta };
    this.takeSeats(bare.game, meta && meta.seats, bare.players);
    // A finished game is seen by default through the eyes of its only human, if it had one.
    this.seat = this.summary.over && this.humans.length === 1 ? this.humans[0] : null;
    this.resumeButton.hidden = this.summary.over;
    this.slider.max = String(this.total);
    const module = await viewModule(bare.game);
    if (!this.alive) return;
    if (!module) return this.fail(tt("failed", { reason: bare.game }));
    this.createGameView(module, bare.game, {
      act: async () => ({ ok: false, error: { fr: "Une partie revue ne se joue pas.", en: "A replayed game is not played." } }),
      now: () => (this.lastView && this.lastView.clock) || 0,
      setViewer: () => {},
      meta: () => null,
      setMeta: () => {},
      actions: () => this.index,
    });
    // Opens at the end of a finished game, at the start of one still being played.
    await this.show(this.summary.over ? this.total : 0, true);
    if (!this.alive) return;
    this.screen.dataset.openMs = String(Math.round(performance.now() - t0));
    this.relabel();
  }

  /** Show the position after `index` actions (clamped); `force` asks the engine again for the same one. */
  async show(index, force = false) {
    if (!this.handle) return;
    const i = Math.max(0, Math.min(this.total, Math.round(index)));
    if (i === this.index && !force && this.lastView) return;
    const asked = ++this.asked;
    this.screen.dataset.busy = "true";
    const answer = await this.engine.replay_view(this.handle, i, this.seat);
    if (!this.alive || asked !== this.asked) return;
    delete this.screen.dataset.busy;
    if (!answer.ok) return this.fail(tt("failed", { reason: tr(answer.error) }));
    this.index = i;
    this.draw(answer.view);
    if (this.index >= this.total) this.stop();
  }

  draw(v) {
    this.lastView = v;
    this.screen.dataset.mode = "replay";
    this.screen.dataset.index = String(this.index);
    this.screen.dataset.total = String(this.total);
    this.gameView.update(v, { interactive: false, waiting: null, viewer: this.seat });
    const lines = v.log || [];
    fill(this.logList, lines.map((line) => el("li", null, withNames(tr(line), this.names))));
    this.logList.scrollTop = this.logList.scrollHeight;
    const last = v.replay && v.replay.last;
    this.last.textContent = this.index === 0 ? tt("setup")
      : tt("by", { i: this.index, name: last === null || last === undefined ? "?" : this.names[last] });
    if (v.over && v.result) {
      const winners = (v.result.winners || []).map((s) => this.names[s]).join(", ");
      const n = (v.result.winners || []).length;
      this.result.textContent = "★ " + tt("over", { names: n ? t(n > 1 ? "end.winners" : "end.winner", { names: winners }) : t("end.nobody") });
      this.result.hidden = false;
    } else {
      this.result.hidden = true;
    }
    this.paintPosition();
  }

  paintPosition() {
    this.slider.value = String(this.index);
    this.slider.setAttribute("aria-valuetext", tt("position", { i: this.index, n: this.total }));
    this.position.textContent = tt("position", { i: this.index, n: this.total });
    this.startButton.disabled = this.backButton.disabled = this.index <= 0;
    this.forwardButton.disabled = this.endButton.disabled = this.index >= this.total;
    this.playButton.disabled = this.index >= this.total && !this.timer;
  }

  // ---- playing at a chosen speed --------------------------------------------------
  togglePlay() {
    if (this.timer) this.stop();
    else {
      if (this.index >= this.total) return;
      this.schedule();
    }
    this.relabel();
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      await this.show(this.index + 1);
      if (!this.alive || !this.timer) return;
      if (this.index >= this.total) this.stop();
      else this.schedule();
    }, 1000 / this.speed);
    this.playButton.setAttribute("aria-pressed", "true");
    this.screen.dataset.playing = "true";
  }

  stop() {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = 0;
    this.playButton.setAttribute("aria-pressed", "false");
    delete this.screen.dataset.playing;
    if (this.alive) this.relabel();
  }

  /** The keyboard: ← → one action, Home / End, space to play or pause (not while typing in a control). */
  key(e) {
    const tag = e.target && e.target.tagName;
    if (!this.lastView || e.altKey || e.ctrlKey || e.metaKey || ["SELECT", "INPUT", "TEXTAREA"].includes(tag)) return;
    if (document.querySelector("dialog[open]")) return; // the rules page, say
    const moves = { ArrowLeft: () => this.show(this.index - 1), ArrowRight: () => this.show(this.index + 1),
      Home: () => this.show(0), End: () => this.show(this.total) };
    if (moves[e.key]) {
      e.preventDefault();
      moves[e.key]();
    } else if (e.key === " " && tag !== "BUTTON") {
      e.preventDefault();
      this.togglePlay();
    }
  }
}
