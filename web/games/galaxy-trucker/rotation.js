// Galaxy Trucker on screen: the rotation of the component in hand, kept through a reload of the tab (a rotation is
// the page's own state, never an action).

/**
 * The rotation of the component each seat holds, kept in this tab's sessionStorage under the save's id (the page's
 * own state, never the engine's: a rotation is not an action), so that a reload gives the component back as the
 * player had turned it. A record names the seat's tile and the number of actions of the save when the page first
 * saw it in hand: it is dropped once the seat's hand changes, and not used on a save with fewer actions (another
 * save under the same id, an older copy).
 */
export function heldRotation(host) {
  const id = host.meta ? host.meta("id") : null;
  const key = id ? `cosmoludo.gt.held.${id}` : null;
  const storage = () => {
    try {
      return key ? globalThis.sessionStorage : null;
    } catch (_) {
      return null; // storage refused (private mode): a rotation is simply not kept
    }
  };
  const read = () => {
    try {
      const got = JSON.parse((storage() && storage().getItem(key)) || "{}");
      return got && typeof got === "object" ? got : {};
    } catch (_) {
      return {};
    }
  };
  const write = (all) => {
    try {
      const s = storage();
      if (!s) return;
      if (Object.keys(all).length) s.setItem(key, JSON.stringify(all));
      else s.removeItem(key);
    } catch (_) { /* full or refused: nothing kept */ }
  };
  const actions = () => (host.actions ? host.actions() : 0);
  return {
    /** `seat`'s hand is now `tile` (null: empty): the rotation kept for it, else 0 (and the record starts anew). */
    taken(seat, tile) {
      if (seat === null || seat === undefined) return 0;
      const all = read();
      const rec = all[seat];
      if (tile !== null && rec && rec.tile === tile && Number.isInteger(rec.rot) && rec.at <= actions()) return rec.rot % 4;
      if (tile === null) delete all[seat];
      else all[seat] = { tile, rot: 0, at: actions() };
      write(all);
      return 0;
    },
    /** `seat` turned the `tile` it holds to `rot`. */
    turned(seat, tile, rot) {
      if (seat === null || seat === undefined || tile === null || tile === undefined) return;
      const all = read();
      const at = all[seat] && all[seat].tile === tile ? all[seat].at : actions();
      all[seat] = { tile, rot, at };
      write(all);
    },
  };
}
