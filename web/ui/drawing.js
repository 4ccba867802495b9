// The game screen drawn: the hand-over between human seats, the game's view with its log, « since your last move »
// and the end screen (scores, play again, replay). Methods of GameScreen (game.js), installed there.
import { el, fill, withNames } from "./dom.js";
import { t, tr, lang } from "../i18n.js";
import { createGame } from "./newgame.js";
import { TEXT as REPLAY, replayHash } from "./replay.js";
import { traceEnd, traceStart } from "./kit.js";
import { reacting } from "./timing.js";
import { remember } from "./viewcache.js";

export const gameDrawing = {
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
  },

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
  },

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
  },

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
  },

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
  },
};
