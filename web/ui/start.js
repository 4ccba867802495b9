// The start screen: the games of the collection, then the saved games.
import { el, fill } from "./dom.js";
import { t, tr } from "../i18n.js";
import { openNewGame } from "./newgame.js";
import { SavesPanel } from "./saves.js";

function playersText(g) {
  return g.min_players === g.max_players
    ? t("start.players.same", { min: g.min_players })
    : t("start.players", { min: g.min_players, max: g.max_players });
}

export function renderStart(main, ctx) {
  const gamesList = el("ul", { class: "games", testid: "games" });
  const savesHost = el("section", { class: "saves", "aria-labelledby": "saves-title" });
  const intro = el("p", { class: "tagline" });
  const gamesTitle = el("h2", { id: "games-title" });
  fill(main, el("section", { class: "start", testid: "start-screen" }, intro,
    el("section", { "aria-labelledby": "games-title" }, gamesTitle, gamesList), savesHost));
  const saves = new SavesPanel(savesHost, ctx);

  function paintGames() {
    intro.textContent = t("app.tagline");
    gamesTitle.textContent = t("start.games");
    fill(gamesList, ctx.catalog.map((g) => {
      const title = tr(g.title);
      const buttons = g.available
        ? [
          el("button", { type: "button", class: "primary", testid: `new-${g.id}`,
            onclick: () => openNewGame(g, ctx) }, t("start.new")),
          el("button", { type: "button", testid: `rules-${g.id}`, onclick: () => ctx.openRules(g.id) },
            t("start.rules")),
        ]
        : [el("span", { class: "soon", testid: `soon-${g.id}` }, t("start.soon"))];
      return el("li", { class: g.available ? "game" : "game unavailable", testid: `game-${g.id}` },
        el("h3", null, title), el("p", { class: "players" }, playersText(g)), el("div", { class: "row" }, buttons));
    }));
  }
  paintGames();

  return {
    title: () => t("app.title"),
    relabel() {
      paintGames();
      saves.paint();
    },
    destroy() {
      saves.destroy();
    },
  };
}
