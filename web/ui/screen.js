// What the game screen (game.js) and the replay screen (replay.js) share: a stored game opened in the engine, its
// seats and their names, and the game's own view (web/games) drawn on the screen's board and prompt.
import { isolateName } from "./dom.js";
import * as store from "../store.js";

export class SavedGameScreen {
  /** `main`: where the screen is drawn; `ctx`: the app's (engine, catalog, go); `id`: the stored game's. */
  constructor(main, ctx, id) {
    this.main = main;
    this.ctx = ctx;
    this.engine = ctx.engine;
    this.id = id;
    this.alive = true; // false once the page has left the screen: later engine answers are dropped
    this.handle = null; // the game as the engine holds it open
  }

  /**
   * The seats of a save of `game` (its meta's `seats`, checked against the players' count and the game's bot
   * levels), their names as shown (isolated for bidirectional text), and the seats of its players (not bots).
   */
  takeSeats(game, seats, players) {
    const entry = this.ctx.gameEntry(game);
    const levels = entry && entry.bots ? entry.bots.map((x) => x.id) : [];
    this.seats = store.cleanSeats(seats, players, levels);
    this.names = this.seats.map((s) => isolateName(s.name));
    this.humans = this.seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
  }

  /**
   * The view of `game` (its view module's createView) on the screen's board and prompt. The host gives it the
   * seats, their names and the game's static tables (card and power texts, tiles, names of things) from its catalog
   * entry: a view names them by id and never carries them (py/cosmoludo/core/state.py catalog_tables). `hooks`
   * are the screen's own: act, now, setViewer, meta, setMeta, actions.
   */
  createGameView(module, game, hooks) {
    const entry = this.ctx.gameEntry(game);
    this.gameView = module.createView({ board: this.board, prompt: this.prompt, mine: this.mine || null },
      { names: this.names, seats: this.seats, tables: (entry && entry.tables) || {}, ...hooks });
  }

  /** The page leaves the screen: the game's view goes, and the engine closes the game. */
  close() {
    this.alive = false;
    if (this.gameView && this.gameView.destroy) this.gameView.destroy();
    if (this.handle) this.engine.close(this.handle);
  }
}
