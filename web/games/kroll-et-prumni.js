// Kroll & Prumni on screen: the hex map on the shared canvas board (web/ui/board.js), ship counters with their
// heading, explosions and carried fighters, move planning (reachable hexes, the path and its turn), fire planning
// (targets, lines of fire, the roll needed in words and per cent), production, hyperspace.
// The page decides no rule: every choice offered is one of view.legal_actions, and every refusal comes from the engine.
import { el, fill } from "../ui/dom.js";
import { isEn, textsOf } from "../i18n.js";
import { key } from "../ui/board.js";
import {
  NOT_SHOWN, actionSender, autoAnswerer, focusFirstChoice, focusRefusal, hexView, idleText, linkStyles, promptBar,
  redrawOnResize, seatNamer, shellHooks, soleAnswer, soleNotice, viewerToMove,
} from "../ui/kit.js";
import { askPassOnly } from "../ui/autoanswer.js";
import { BoardChanges } from "../ui/recent.js";
import { TEXT } from "./kroll-et-prumni/words.js";

linkStyles("kroll-et-prumni", import.meta.url);

// Axial steps of core/hexgrid.DIRECTIONS, pointy-topped: 0 east, then round anticlockwise on screen.
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const ARROWS = ["→", "↗", "↖", "←", "↙", "↘"];
// The map turned a quarter round on a phone held upright (board.js `turnable`): world east points down the screen,
// so each heading is named by where it points on the screen.
const ARROWS_TURNED = ["↓", "↘", "↗", "↑", "↖", "↙"];
const BODY = {
  y: { fill: "#f2c230", ink: "#2a2100", mark: "J", fr: "jaune", en: "yellow", markEn: "Y" },
  r: { fill: "#e5483e", ink: "#2a0500", mark: "R", fr: "rouge", en: "red", markEn: "R" },
  b: { fill: "#3f86f0", ink: "#001233", mark: "B", fr: "bleu", en: "blue", markEn: "B" },
};
const SEAT = [
  { fill: "#ffd84a", ink: "#2a2100", edge: "#7a5c00", glyph: "◆" },
  { fill: "#ff6a5c", ink: "#2a0500", edge: "#7a1208", glyph: "●" },
];
const LETTER = { mobile: "B", cruiser: "C", colonisator: "K", fighter: "c", fixed: "F" };
// What the other company moved since the player's last order (recent.js): neither the legal targets' yellow nor the
// pickable ships' green, and drawn under the ships.
const MOVED = { ring: "rgba(214, 170, 255, 0.9)", trail: "rgba(214, 170, 255, 0.55)", gone: "rgba(214, 170, 255, 0.6)" };

const L = textsOf(TEXT);
const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
const tailOf = (head, dir) => [head[0] - DIRS[dir][0], head[1] - DIRS[dir][1]];
const hexDistance = (a, b) => (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[0] + a[1] - b[0] - b[1])) / 2;
const stepOf = (h, d, k = 1) => [h[0] + DIRS[d][0] * k, h[1] + DIRS[d][1] * k];
/** A ship standing on the map (not carried, not in hyperspace). */
const onMap = (s) => s.carried_by === null && !s.hyper && s.cells.length > 0;

/**
 * The path to a destination `m` of the selection view (the engine's selection_view; geometry.view_path decodes it the
 * same way for the tests), start first: a fighter's through the view's breadth-first "tree" ("q,r" → the direction
 * of the hex it is reached from), a two-hex ship's straight from its head, turning after `m.turn` hexes.
 */
export function pathOf(sel, ship, m) {
  if (m.dir === undefined || m.dir === null) {
    const back = [m.to];
    for (let d = sel.tree[key(m.to)]; d !== undefined; d = sel.tree[key(back[back.length - 1])]) {
      back.push(stepOf(back[back.length - 1], d));
    }
    return back.reverse();
  }
  const path = [ship.head];
  const walk = (goal) => {
    const from = path[path.length - 1];
    const n = hexDistance(from, goal);
    if (!n) return;
    const d = DIRS.findIndex(([dq, dr]) => dq * n === goal[0] - from[0] && dr * n === goal[1] - from[1]);
    for (let i = 1; i <= n; i += 1) path.push(stepOf(from, d, i));
  };
  if (m.turn !== null && m.turn !== undefined) walk(stepOf(ship.head, ship.heading, m.turn));
  walk(m.to);
  return path;
}

export function createView(parts, host) {
  // Hovering redraws the canvas only (the terrain comes from the board's cached static layer).
  const { board, prompt, mine: mineEl, tables, canvas, hexBoard, canvasBox } = hexView(parts, host, "kp",
    { aspect: 0.62, turnable: true, onHex: (h, e) => clickHex(h, e), onHover: (h) => { hover = h; if (view) hexBoard.render(); } });
  canvas.kpBoard = hexBoard; // for tests and tools: hex ↔ pixel of the board on screen
  let view = null;
  let opts = NOT_SHOWN;
  let pending = null; // {hex, actions}: a head hex clicked, its heading still to choose
  let hover = null;
  let mapKey = "";
  // The ships another seat moved since the player's last order, and their glide as each view arrives.
  const changes = new BoardChanges(canvas, {
    itemsOf: (v) => new Map((v.ships || []).filter(onMap).map((s) => [s.id, s])),
    sigOf: (s) => `${s.cells.map(key).join(" ")}|${s.heading}`,
    hexesOf: (s) => s.cells.map(key),
    redraw: () => { if (view) hexBoard.render(); },
  });

  // The board's frame stays in place from one view to the next (only the panels' contents are replaced): the
  // canvas is never moved in the page, so a repaint lays out only what changed.
  const infoSlot = el("div", { class: "kp-info-slot" });
  // The side panel: the hyperspace list, drawn again when it changes, and the legend, built once per language and
  // kept (a <details> summary is a list item: putting a new one in the page renumbers every list item after it,
  // the whole log included, which then has to be laid out again).
  const hyperSlot = el("div", { class: "kp-hyper-slot" });
  const side = el("div", { class: "kp-side" }, hyperSlot);
  // On the game screen the map alone is the board; the turn, the seats and the side panel go to the player's column.
  const layoutBox = mineEl ? el("div", { class: "kp-layout" }, canvasBox) : el("div", { class: "kp-layout" }, infoSlot, canvasBox, side);
  const mineBox = mineEl ? el("div", { class: "kp-mine" }, infoSlot, side) : null;
  const shown = { info: null, side: null, legend: null }; // what the panels show now (see paint)
  const resizeObserver = redrawOnResize(canvasBox, canvas, () => Boolean(view), () => drawCanvas());
  const sender = actionSender(host, { onRefused: () => {
    if (view) paint();
    focusRefusal(prompt);
  } });

  const name = seatNamer(host);
  const legal = () => (view && opts.interactive ? view.legal_actions || [] : []);
  const mine = () => viewerToMove(view, opts);
  const ask = () => (view && view.asks && view.asks.length ? view.asks[0] : null);
  const shipById = (id) => view.ships.find((s) => s.id === id);
  const kindName = (k) => (tables.ship_kinds[k] ? tables.ship_kinds[k][isEn() ? "en" : "fr"] : k);
  const shipName = (s) => L().ship(kindName(s.kind), s.id);
  const seatTag = (seat) => SEAT[seat].glyph;

  /** Ship standing on each hex (a fighter over its planet's fixed base wins the hex). */
  function occupancy() {
    const occ = new Map();
    for (const s of view.ships) {
      if (s.carried_by !== null || s.hyper || !s.cells.length) continue;
      for (const c of s.cells) {
        const k = key(c);
        if (!occ.has(k) || occ.get(k).kind === "fixed") occ.set(k, s);
      }
    }
    return occ;
  }

  // ---- acting -----------------------------------------------------------------------------------
  function send(action, options) {
    if (sender.sending) return null;
    pending = null;
    return changes.own(sender.send(action, options));
  }

  function clickHex(h, event) {
    if (!view || !mine() || !h || sender.sending) return;
    const acts = legal();
    // On a touch screen there is no hover: the first tap on a destination shows its path, a second tap goes.
    const sel = view.selected;
    if (event && event.pointerType === "touch" && sel && !pending && sel.moves.some((m) => same(m.to, h))
        && !(hover && same(hover, h))) {
      hover = h;
      sender.refusal = null;
      paint();
      return;
    }
    if (pending) {
      const byTail = pending.actions.find((a) => same(tailOf(a.to, a.dir), h));
      if (byTail) return send(byTail);
      pending = null;
    }
    const placed = acts.filter((a) => (a.type === "move" || a.type === "place" || a.type === "exit") && a.to && same(a.to, h));
    const occ = occupancy();
    const there = occ.get(key(h));
    if (there) {
      const fire = acts.find((a) => a.type === "fire" && a.target === there.id);
      if (fire) return send(fire);
      const boardIt = acts.find((a) => a.type === "board" && a.ship === there.id);
      if (boardIt) return send(boardIt);
    }
    if (placed.length === 1) return send(placed[0]);
    if (placed.length > 1) {
      pending = { hex: h, actions: placed };
      sender.refusal = null;
      paint();
      const first = prompt.querySelector("[data-testid^=heading-]");
      if (first) first.focus();
      return;
    }
    if (there && there.seat === opts.viewer) {
      const pick = acts.find((a) => a.type === "select" && a.ship === there.id);
      if (pick) return send(pick);
      const sel = ask() && ask().sel;
      if (sel !== null && sel !== undefined && sel !== there.id && acts.some((a) => a.type === "deselect")) {
        return switchTo(there.id);
      }
    }
    // Not a legal choice: ask the engine anyway, so that its reason is shown.
    const a = ask();
    if (a && a.kind === "orders") {
      if (a.sel === null || a.sel === undefined) send(there ? { type: "select", ship: there.id } : { type: "move", to: h });
      else send(there && there.seat !== opts.viewer ? { type: "fire", target: there.id } : { type: "move", to: h });
    } else if (a && a.kind === "place") send({ type: "place", to: h });
  }

  /** The hexes a click would choose now (data-legal, for tests and tools): see clickHex. */
  function legalPlaces() {
    if (!view || !mine()) return [];
    if (pending) return pending.actions.map((a) => tailOf(a.to, a.dir));
    const acts = legal();
    const out = new Map();
    for (const a of acts) if ((a.type === "move" || a.type === "place" || a.type === "exit") && a.to) out.set(key(a.to), a.to);
    const ships = new Set(acts.filter((a) => a.type === "fire").map((a) => a.target)
      .concat(acts.filter((a) => a.type === "board" || a.type === "select").map((a) => a.ship)));
    for (const [k, s] of occupancy()) {
      if (ships.has(s.id) && !out.has(k)) out.set(k, k.split(",").map(Number));
    }
    return [...out.values()];
  }

  async function switchTo(id) {
    await send({ type: "deselect" });
    if (view && legal().some((x) => x.type === "select" && x.ship === id)) await send({ type: "select", ship: id });
  }

  // ---- drawing the map ----------------------------------------------------------------------------
  function paintMap(ctx, b) {
    const absent = view.absent;
    for (const [q, r, tok] of tables.map.cells) {
      const h = [q, r];
      const c = b.center(h);
      b.hexPath(ctx, h, 0.02);
      const kind = tok[0];
      if (kind === "G") {
        ctx.fillStyle = tok[1] === "0" ? "#5a4a10" : "#5a1a14";
        ctx.fill();
        b.text(ctx, "⌂", c.x, c.y, { size: 11, color: "#ddd", min: 0.6 });
      } else if (kind === "L") {
        ctx.fillStyle = "#7a1f1f";
        ctx.fill();
        b.text(ctx, "▲", c.x, c.y, { size: 10, color: "#ffb0a0", min: 0.5 });
      } else {
        ctx.fillStyle = "#0c0a20";
        ctx.fill();
      }
      ctx.strokeStyle = "#26225a";
      ctx.lineWidth = b.px;
      ctx.stroke();
      if (kind === "P" || kind === "A") {
        const body = BODY[tok[1]];
        const gone = tok[1] === absent;
        ctx.save();
        if (gone) ctx.globalAlpha = 0.28;
        if (kind === "P") {
          ctx.beginPath();
          ctx.arc(c.x, c.y, 0.72, 0, Math.PI * 2);
          ctx.fillStyle = body.fill;
          ctx.fill();
          ctx.lineWidth = 2 * b.px;
          ctx.strokeStyle = "#000";
          if (gone) ctx.setLineDash([4 * b.px, 3 * b.px]);
          ctx.stroke();
          b.text(ctx, isEn() ? body.markEn : body.mark, c.x, c.y, { size: 12, color: body.ink, weight: "800", min: 0.7 });
        } else {
          b.hexPath(ctx, h, 0.12);
          ctx.fillStyle = "#3a3348";
          ctx.fill();
          ctx.strokeStyle = body.fill;
          ctx.lineWidth = 2.5 * b.px;
          if (gone) ctx.setLineDash([4 * b.px, 3 * b.px]);
          ctx.stroke();
          for (const [dx, dy, rr] of [[-0.3, -0.2, 0.17], [0.25, -0.25, 0.12], [0.05, 0.3, 0.2], [0.35, 0.2, 0.1]]) {
            ctx.beginPath();
            ctx.arc(c.x + dx, c.y + dy, rr, 0, Math.PI * 2);
            ctx.fillStyle = "#8a8095";
            ctx.fill();
          }
          b.text(ctx, isEn() ? body.markEn : body.mark, c.x - 0.42, c.y + 0.42, { size: 9, color: body.fill, weight: "800", min: 0.35 });
        }
        ctx.restore();
      }
    }
  }

  /** A ship's counter; `at(hex)` places its hexes (a glide draws them between two places). */
  function paintShip(ctx, b, s, selected, at = (h) => b.center(h)) {
    const colours = SEAT[s.seat];
    if (s.kind === "fixed") {
      const c = at(s.head);
      // Seat 0 a square, seat 1 a diamond: colour is never the only cue.
      ctx.beginPath();
      if (s.seat === 0) ctx.rect(c.x - 0.38, c.y - 0.38, 0.76, 0.76);
      else {
        ctx.moveTo(c.x, c.y - 0.5);
        ctx.lineTo(c.x + 0.5, c.y);
        ctx.lineTo(c.x, c.y + 0.5);
        ctx.lineTo(c.x - 0.5, c.y);
        ctx.closePath();
      }
      ctx.fillStyle = colours.fill;
      ctx.fill();
      ctx.strokeStyle = "#000";
      ctx.lineWidth = 2 * b.px;
      ctx.stroke();
      b.text(ctx, "F", c.x, c.y, { size: 11, color: colours.ink, weight: "800", min: 0.5 });
      badges(ctx, b, s, c);
      return;
    }
    if (s.kind === "fighter") {
      const c = at(s.head);
      // Seat 0 points up, seat 1 down.
      const up = s.seat === 0 ? 1 : -1;
      ctx.beginPath();
      ctx.moveTo(c.x, c.y - 0.55 * up);
      ctx.lineTo(c.x + 0.48, c.y + 0.38 * up);
      ctx.lineTo(c.x - 0.48, c.y + 0.38 * up);
      ctx.closePath();
      ctx.fillStyle = colours.fill;
      ctx.fill();
      ctx.lineWidth = (selected ? 4 : 1.5) * b.px;
      ctx.strokeStyle = selected ? "#fff" : "#000";
      ctx.stroke();
      b.text(ctx, "c", c.x, c.y + 0.08 * up, { size: 10, color: colours.ink, weight: "800", min: 0.4 });
      badges(ctx, b, s, c);
      return;
    }
    const [head, tail] = s.cells;
    const h = at(head);
    const t = at(tail);
    ctx.save();
    ctx.lineCap = "round";
    // The ship's body from tail to head: a white halo when selected, a black rim, then its colour.
    ctx.beginPath();
    ctx.moveTo(t.x, t.y);
    ctx.lineTo(h.x, h.y);
    for (const [style, width] of [...(selected ? [["#fff", 1.45]] : []), ["#000", 1.18], [colours.fill, 1.0]]) {
      ctx.strokeStyle = style;
      ctx.lineWidth = width;
      ctx.stroke();
    }
    // The head: an arrow along the heading.
    const dx = h.x - t.x;
    const dy = h.y - t.y;
    const n = Math.hypot(dx, dy) || 1;
    const ux = dx / n;
    const uy = dy / n;
    ctx.beginPath();
    ctx.moveTo(h.x + ux * 0.78, h.y + uy * 0.78);
    ctx.lineTo(h.x + ux * 0.2 - uy * 0.42, h.y + uy * 0.2 + ux * 0.42);
    ctx.lineTo(h.x + ux * 0.2 + uy * 0.42, h.y + uy * 0.2 - ux * 0.42);
    ctx.closePath();
    ctx.fillStyle = colours.edge;
    ctx.fill();
    ctx.restore();
    const mid = { x: (h.x + t.x) / 2, y: (h.y + t.y) / 2 };
    b.text(ctx, `${colours.glyph}${LETTER[s.kind]}${s.id}`, mid.x, mid.y, { size: 11, color: colours.ink, weight: "800", min: 0.45 });
    badges(ctx, b, s, t);
  }

  function badges(ctx, b, s, c) {
    if (s.hits) b.text(ctx, "✸".repeat(Math.min(s.hits, 4)), c.x, c.y - 0.62, { size: 10, color: "#ff9a3c", weight: "800", min: 0.4 });
    if (s.cargo && s.cargo.length) b.text(ctx, `+${s.cargo.length}`, c.x, c.y + 0.66, { size: 10, color: "#fff", weight: "800", min: 0.4 });
  }

  function faded(ctx, alpha, draw) {
    ctx.save();
    ctx.globalAlpha = Math.max(0, Math.min(1, alpha));
    draw();
    ctx.restore();
  }

  /**
   * The ships the other seat moved since the player's last order (recent.js marks): a faint dotted trail from where
   * each stood to where it stands, a ring round its hexes now, a dashed ring where a ship left the map.
   */
  function paintMoved(ctx, b) {
    for (const { from, to } of changes.marks.values()) {
      if (from && to) b.line(ctx, [from.head, to.head], { stroke: MOVED.trail, width: 2, dash: [1, 4] });
      if (from && to && from.cells.length > 1) b.highlight(ctx, from.cells, { stroke: MOVED.trail, width: 1, dash: [1, 3], inset: 0.3 });
      if (to) b.highlight(ctx, to.cells, { stroke: MOVED.ring, width: 2.5, inset: 0.2 });
      else if (from) b.highlight(ctx, from.cells, { stroke: MOVED.gone, width: 2, dash: [2, 4], inset: 0.2 });
    }
  }

  function paintBoard(ctx, b) {
    const a = ask();
    const acts = legal();
    const sel = view.selected || null;
    // Places to go: destinations, placements, exits (their head hexes).
    const heads = acts.filter((x) => x.to && ["move", "place", "exit"].includes(x.type)).map((x) => x.to);
    b.highlight(ctx, heads, { fill: "rgba(255, 207, 74, 0.28)", stroke: "#ffcf4a", width: 1.5, dash: [4, 3] });
    if (pending) {
      b.highlight(ctx, [pending.hex], { stroke: "#fff", width: 3 });
      b.highlight(ctx, pending.actions.map((x) => tailOf(x.to, x.dir)), { fill: "rgba(120, 220, 255, 0.35)", stroke: "#6fd3ff", width: 2 });
    }
    // A colonisator's destinations that would colonise: a star on the head hex; the previewed one rings its planets.
    const founding = sel ? sel.moves.filter((x) => x.colonises) : [];
    canvas.dataset.colonise = JSON.stringify([...new Set(founding.map((x) => key(x.to)))].sort());
    for (const x of founding) {
      const p = b.center(x.to);
      b.text(ctx, "★", p.x, p.y, { size: 17, color: "#7CFC9A", min: 0.6 });
    }
    // Path preview for the hovered (or pending) destination.
    const focus = pending ? pending.hex : hover;
    const m = sel && focus ? sel.moves.find((x) => same(x.to, focus)) : null;
    if (m && m.colonises) b.highlight(ctx, m.colonises, { stroke: "#7CFC9A", width: 3, inset: 0.08 });
    const path = m ? pathOf(sel, shipById(sel.ship), m) : null;
    canvas.dataset.path = path ? path.map(key).join(" ") : ""; // the path drawn, for tests and tools
    if (m) {
      b.line(ctx, path, { stroke: "#ffcf4a", width: 3 });
      if (m.turn !== null && m.turn !== undefined) {
        const p = b.center(path[Math.min(m.turn, path.length - 1)]);
        ctx.beginPath();
        ctx.arc(p.x, p.y, 0.32, 0, Math.PI * 2);
        ctx.strokeStyle = "#fff";
        ctx.lineWidth = 2.5 * b.px;
        ctx.stroke();
        b.text(ctx, "↻", p.x, p.y, { size: 11, color: "#fff", min: 0.4 });
      }
    }
    // The shooter's range: the ring of hexes at its full reach (dotted), then lines of fire to every target.
    if (sel && sel.range) {
      const shooter = shipById(sel.ship);
      if (shooter && shooter.cells.length) {
        const rim = tables.map.cells.filter(([q, r]) => Math.min(...shooter.cells.map((c) => hexDistance([q, r], c))) === sel.range);
        b.highlight(ctx, rim.map(([q, r]) => [q, r]), { stroke: "rgba(255, 140, 120, 0.75)", width: 1.5, dash: [2, 3], inset: 0.12 });
      }
    }
    if (sel) {
      for (const t of sel.targets) {
        b.line(ctx, t.line, { stroke: "rgba(255, 110, 90, 0.9)", width: 2, dash: [6, 4] });
      }
    }
    paintMoved(ctx, b);
    const selectedId = a && a.kind === "orders" ? a.sel : null;
    const t = changes.progress();
    const gliding = (s, selected) => {
      const g = t < 1 ? changes.glide.get(s.id) : null;
      if (!g) return paintShip(ctx, b, s, selected);
      if (!g.from) return faded(ctx, t, () => paintShip(ctx, b, s, selected)); // a new ship appears
      // Each hex of the ship from where it was: head from head, tail from tail (a turn swings it round).
      const at = (h) => {
        const i = s.cells.findIndex((c) => same(c, h));
        const p = b.center(g.from.cells[Math.min(Math.max(i, 0), g.from.cells.length - 1)]);
        const q = b.center(h);
        return { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t };
      };
      return paintShip(ctx, b, s, selected, at);
    };
    for (const s of view.ships) if (onMap(s) && s.kind === "fixed") gliding(s, false);
    for (const s of view.ships) if (onMap(s) && s.kind !== "fixed") gliding(s, s.id === selectedId);
    // Ships gone from the map in this view (destroyed, boarded, into hyperspace) fade out where they were.
    if (t < 1) for (const g of changes.glide.values()) if (g.from && !g.to) faded(ctx, 1 - t, () => paintShip(ctx, b, g.from, false));
    if (sel) {
      for (const t of sel.targets) {
        const tgt = shipById(t.ship);
        if (!tgt) continue;
        b.highlight(ctx, tgt.cells, { stroke: "#ff5a4f", width: 3 });
        const c = b.center(t.line[t.line.length - 1]);
        b.text(ctx, `${t.need}+`, c.x + 0.55, c.y - 0.55, { size: 12, color: "#ffe0dc", weight: "800", min: 0.45 });
      }
    }
    // Own ships that may be picked now.
    if (a && a.kind === "orders" && (a.sel === null || a.sel === undefined)) {
      const ids = new Set(acts.filter((x) => x.type === "select").map((x) => x.ship));
      const cells = view.ships.filter((s) => ids.has(s.id) && s.cells.length && s.carried_by === null).flatMap((s) => s.cells);
      b.highlight(ctx, cells, { stroke: "#7be0a8", width: 1.5, dash: [3, 3], inset: 0.16 });
    }
  }

  function drawCanvas() {
    if (!view) return;
    const k = String(tables.map.cells.length);
    if (k !== mapKey) {
      mapKey = k;
      hexBoard.setCells(tables.map.cells.map(([q, r]) => [q, r]));
    }
    hexBoard.paintStatic = paintMap;
    hexBoard.staticKey = `${mapKey}|${view.absent}|${isEn()}`;
    hexBoard.paint = paintBoard;
    hexBoard.legal = legalPlaces();
    hexBoard.render();
    // The highlighted head hexes, for tests and tools (the same as the legal actions' destinations).
    const heads = [...new Set(legal().filter((x) => x.to).map((x) => key(x.to)))];
    canvas.dataset.heads = heads.join(" ");
    // The lines of fire drawn, "target:q,r q,r …;…" (each from the shooter's hex to the target's).
    const sel = view.selected || null;
    canvas.dataset.lines = sel ? sel.targets.map((t) => `${t.ship}:${t.line.map(key).join(" ")}`).join(";") : "";
  }

  // ---- panels -------------------------------------------------------------------------------------
  function infoBar() {
    const T = L();
    const colour = view.absent ? (isEn() ? BODY[view.absent].en : BODY[view.absent].fr) : "—";
    return el("div", { class: "kp-info", testid: "kp-info" },
      el("p", { testid: "kp-turn" }, T.turn(view.turn, view.max_turns)),
      el("p", { class: `kp-disc kp-disc-${view.absent}`, testid: "kp-disc", dataset: { colour: view.absent || "" } },
        el("span", { class: "kp-disc-chip" }, view.absent ? (isEn() ? BODY[view.absent].markEn : BODY[view.absent].mark) : "?"),
        " ", T.disc(colour)),
      el("p", { testid: "kp-planets" }, T.planets(view.planets[0], view.planets[1])),
      el("ul", { class: "kp-seats" }, [0, 1].map((seat) => el("li", { class: `kp-seat kp-seat-${seat}`, testid: `kp-seat-${seat}` },
        el("strong", null, `${seatTag(seat)} ${name(seat)}`), " — ", `${tables.companies[seat][isEn() ? "en" : "fr"]} (${T.companyColour[seat]})`,
        view.current === seat ? " ▶" : "",
        el("span", { class: "kp-stock" }, ` · ${T.stock} : `,
          Object.entries(view.stock[seat]).filter(([k]) => k !== "mobile").map(([k, n]) => `${LETTER[k]} ${n}`).join(", "))))));
  }

  function hyperPanel() {
    const T = L();
    const inHyper = view.ships.filter((s) => s.hyper);
    const acts = legal();
    return el("section", { class: "kp-hyper", testid: "kp-hyper" },
      el("h3", null, T.hyper),
      inHyper.length ? el("ul", null, inHyper.map((s) => {
        const pick = acts.find((a) => a.type === "select" && a.ship === s.id);
        return el("li", null, `${seatTag(s.seat)} ${shipName(s)}`, s.cargo.length ? ` (${T.carried(s.cargo.length)})` : "",
          pick ? el("button", { type: "button", testid: `hyper-pick-${s.id}`, "data-action": JSON.stringify(pick), onclick: () => send(pick) }, "▶") : null);
      })) : el("p", { class: "kp-muted" }, T.noneHyper));
  }

  /** A heading's arrow and name as the screen shows it (the map may be turned a quarter round). */
  function heading(d) {
    const T = L();
    return hexBoard.wantsTurn() ? `${ARROWS_TURNED[d]} ${T.dirsTurned[d]}` : `${ARROWS[d]} ${T.dirs[d]}`;
  }

  function legend(open = false) {
    const T = L();
    return el("details", { class: "kp-legend", open: open || null }, el("summary", null, T.legendTitle),
      el("p", null, hexBoard.wantsTurn() ? T.turnedLegend.reduce((text, [was, now]) => text.replace(was, now), T.legend) : T.legend), el("p", null, T.zoom));
  }

  // ---- the prompt ---------------------------------------------------------------------------------
  function paintPrompt() {
    const T = L();
    const parts = [];
    const buttons = [];
    const text = idleText(host, T, name, view, opts) ?? orders(T, parts, buttons);
    if (pending && mine()) {
      parts.push(el("p", null, T.heading));
      parts.push(el("div", { class: "row prompt-actions" }, pending.actions.map((x) =>
        el("button", { type: "button", class: "primary", testid: `heading-${x.dir}`, "data-action": JSON.stringify(x), onclick: () => send(x) }, `${heading(x.dir)}`))));
    }
    promptBar(prompt, { text, names: host.names, extra: parts, refusal: sender.refusal, buttons,
      row: { cls: "kp-actions", testid: "actions" } });
  }

  /** The viewer's decision in the prompt: its text; what it shows goes into `parts`, its buttons into `buttons`. */
  function orders(T, parts, buttons) {
    const a = ask();
    const acts = legal();
    let text = "";
    if (a.kind === "produce") {
      text = T.produce;
      for (const x of acts) {
        buttons.push(el("button", { type: "button", class: "primary", testid: `produce-${x.option}`, "data-action": JSON.stringify(x), onclick: () => send(x) }, T.option[x.option]));
      }
    } else if (a.kind === "place") {
      const item = a.items[0];
      text = item === "fighter" ? T.place(kindName(item)) : T.placeTwo(kindName(item));
      for (const x of acts.filter((y) => y.on !== undefined)) {
        buttons.push(el("button", { type: "button", class: "primary", testid: `place-on-${x.on}`, "data-action": JSON.stringify(x), onclick: () => send(x) }, T.onCruiser(x.on)));
      }
    } else if (a.kind === "orders") {
      const sel = view.selected;
      if (a.sel === null || a.sel === undefined || !sel) {
        text = T.pick;
        const picks = acts.filter((x) => x.type === "select").map((x) => shipById(x.ship)).filter(Boolean);
        parts.push(el("div", { class: "kp-picks", testid: "kp-picks" }, el("span", { class: "kp-muted" }, T.ships),
          picks.map((s) => el("button", { type: "button", testid: `pick-${s.id}`, "data-action": JSON.stringify({ type: "select", ship: s.id }), onclick: () => send({ type: "select", ship: s.id }) },
            `${seatTag(s.seat)} ${shipName(s)}${s.hits ? ` ✸${s.hits}` : ""}${s.hyper ? " ⟿" : ""}`))));
        buttons.push(el("button", { type: "button", class: "primary", testid: "end-turn", "data-action": JSON.stringify({ type: "end" }), onclick: () => send({ type: "end" }) }, T.end));
      } else {
        const s = shipById(sel.ship);
        text = T.selected(`${seatTag(s.seat)} ${shipName(s)}${s.hits ? ` (${T.hits(s.hits)})` : ""}${s.cargo.length ? ` (${T.carried(s.cargo.length)})` : ""}`);
        if (s.hyper) parts.push(el("p", null, T.exits));
        else parts.push(el("p", { testid: "kp-moves" }, sel.moves.length ? T.moves(new Set(sel.moves.map((m) => key(m.to))).size) : T.noMove));
        if (s.kind === "colonisator" && !s.hyper && sel.moves.length) {
          // Where it would colonise: said here and starred on the map (a newcomer otherwise never finds out).
          const founding = new Set(sel.moves.filter((m) => m.colonises).map((m) => key(m.to))).size;
          parts.push(el("p", { testid: "kp-colonise" }, founding ? T.colonises(founding) : T.noColony));
        }
        if (sel.range) parts.push(el("p", { testid: "kp-range" }, T.range(sel.range, sel.targets.length)));
        const previewed = hover && sel.moves.find((m) => same(m.to, hover));
        if (previewed) parts.push(el("p", { testid: "kp-path" }, `(${previewed.to[0]}, ${previewed.to[1]}) : ${T.path(previewed.turn)}`));
        if (sel.moves.length) parts.push(destinationPicker(sel));
        for (const t of sel.targets) {
          const tgt = shipById(t.ship);
          const fire = acts.find((x) => x.type === "fire" && x.target === t.ship);
          if (!tgt || !fire) continue;
          buttons.push(el("button", { type: "button", class: "kp-fire", testid: `fire-${t.ship}`, dataset: { need: String(t.need), action: JSON.stringify(fire) }, "data-action": JSON.stringify(fire), onclick: () => send(fire) },
            "✸ ", T.fireAt(`${seatTag(tgt.seat)} ${shipName(tgt)}`, t.need, T.chance(t.need), t.distance)));
        }
        for (const x of acts.filter((y) => y.type === "board")) {
          buttons.push(el("button", { type: "button", testid: `board-${x.ship}`, "data-action": JSON.stringify(x), onclick: () => send(x) }, T.board(x.ship)));
        }
        if (acts.some((x) => x.type === "hyper")) {
          buttons.push(el("button", { type: "button", testid: "enter-hyper", "data-action": JSON.stringify({ type: "hyper" }), onclick: () => send({ type: "hyper" }) }, "⟿ ", T.enter));
        }
        buttons.push(el("button", { type: "button", testid: "deselect", "data-action": JSON.stringify({ type: "deselect" }), onclick: () => send({ type: "deselect" }) }, T.release));
      }
    }
    return text;
  }

  /** The same destinations as the highlighted hexes, as a list: for the keyboard (and screen readers). */
  function destinationPicker(sel) {
    const T = L();
    const acts = legal().filter((x) => ["move", "exit"].includes(x.type));
    if (!acts.length) return null;
    const byPlace = new Map(sel.moves.map((y) => [`${key(y.to)}|${y.dir ?? null}`, y]));
    const select = el("select", { testid: "kp-destination", "aria-label": T.destination },
      acts.map((x, i) => {
        const m = byPlace.get(`${key(x.to)}|${x.dir ?? null}`);
        const turn = m ? ` — ${T.path(m.turn)}` : "";
        return el("option", { value: String(i) }, `(${x.to[0]}, ${x.to[1]})${x.dir !== undefined ? ` ${heading(x.dir)}` : ""}${turn}`);
      }));
    const go = el("button", { type: "button", testid: "kp-go", "data-action": JSON.stringify(acts[Number(select.value)]), onclick: () => send(acts[Number(select.value)]) }, T.go);
    return el("div", { class: "row kp-dest" }, el("label", null, T.destination, " ", select), go);
  }

  function paint() {
    if (!view) return;
    // Every change to the page first, then the canvas (which reads its size: one layout), then the focus put
    // back where it was (a button drawn again under the same test id).
    const active = document.activeElement;
    const focusId = active && (board.contains(active) || prompt.contains(active) || (mineEl && mineEl.contains(active)))
      ? active.dataset.testid : null;
    // The panels are drawn again only when what they show has changed (fewer boxes to lay out; the legend keeps
    // its open or closed state).
    const infoKey = JSON.stringify([isEn(), view.turn, view.max_turns, view.absent, view.planets, view.current,
      view.stock, host.names]);
    if (infoKey !== shown.info) {
      shown.info = infoKey;
      fill(infoSlot, infoBar());
    }
    const hyperKey = JSON.stringify([isEn(), view.ships.filter((s) => s.hyper).map((s) => [s.id, s.cargo.length]),
      legal().filter((a) => a.type === "select").map((a) => a.ship)]);
    if (hyperKey !== shown.side) {
      shown.side = hyperKey;
      fill(hyperSlot, hyperPanel());
    }
    if (shown.legend !== `${isEn()}|${hexBoard.wantsTurn()}`) {
      const old = side.querySelector("details.kp-legend");
      shown.legend = `${isEn()}|${hexBoard.wantsTurn()}`;
      if (old) old.remove();
      side.append(legend(Boolean(old && old.open)));
    }
    if (layoutBox.parentNode !== board) fill(board, layoutBox);
    if (mineBox && mineBox.parentNode !== mineEl) fill(mineEl, mineBox);
    paintPrompt();
    drawCanvas();
    // Headings and the legend name directions as the screen shows them (wantsTurn, asked before the drawing); a
    // window turned since the last drawing (a phone rotated) paints them again.
    if (shown.turned !== undefined && shown.turned !== hexBoard.turned) {
      paintPrompt();
      const old = side.querySelector("details.kp-legend");
      if (old) {
        shown.legend = `${isEn()}|${hexBoard.turned}`;
        old.replaceWith(legend(old.open));
      }
    }
    shown.turned = hexBoard.turned;
    if (focusId && !(document.activeElement && document.activeElement.isConnected && document.activeElement !== document.body)) {
      const sel = `[data-testid="${CSS.escape(focusId)}"]`;
      const again = board.querySelector(sel) || prompt.querySelector(sel) || (mineEl && mineEl.querySelector(sel));
      if (again && !again.disabled) again.focus();
    }
    sender.drawn(); // "ui:click-to-render": from a click to the board drawn again (engine round trips included)
  }

  function focusNext() {
    focusFirstChoice([board, prompt], [[prompt, "button.primary"], [prompt, "button"]]);
  }

  // A new ship with a single place to go (a fighter on the one cruiser that can take it, say): the page places it
  // for the lone human, and says so, unless the setting « ask me even without a choice » is on. « Fin du tour » is
  // never answered alone: an undo may still come before it.
  const lone = (host.seats || []).filter((s) => s && s.kind === "human").length < 2;
  const soleDue = (v = view, o = opts) => (lone && v && o.interactive && !askPassOnly("kroll-et-prumni")
    ? soleAnswer(v, o, ["place"]) : null);
  const placer = autoAnswerer(sender, () => view, () => soleDue(), (x) => {
    const T = L();
    const a = ask();
    const what = T.placed(kindName(a && a.items ? a.items[0] : ""));
    if (host.notify) host.notify(soleNotice(x.on !== undefined ? `${what} — ${T.onCruiser(x.on)}` : what));
  });

  return {
    ...shellHooks(sender, {
      decision: (v, o) => [v.legal_actions, v.to_move, o.viewer, o.interactive, v.asks],
      reset: () => { pending = null; },
      take: (v, o) => {
        view = v;
        opts = o;
        // The player choosing with a ship picked: nothing glides under the pointer (the marks are still drawn).
        const a = ask();
        const aiming = mine() && Boolean(a && a.kind === "orders" && a.sel !== null && a.sel !== undefined);
        changes.take(v, { sending: sender.sending, aiming, actions: host.actions ? host.actions() : null,
          replay: Boolean(v.replay) });
      },
      paint,
      focus: focusNext,
      after: placer,
      teardown: () => {
        changes.destroy();
        hexBoard.destroy();
        if (resizeObserver) resizeObserver.disconnect();
        view = null;
      },
    }),
    scoreLabel(v) {
      return v && v.ended_on === "planets" ? L().scoreLabelPlanets : L().scoreLabel;
    },
    botProgress: (v) => botProgress(v, L()),
    /** The game menu offers « ask me even without a choice » (autoanswer.js) for the lone human's sole answers. */
    passSetting: true,
    /** The answer the page gives alone for `seat` in view `v` (the shell's undo counts it as the page's). */
    soleAnswer: (v, seat) => soleDue(v, { interactive: true, viewer: seat }),
  };
}

/**
 * How far the company to play is in its turn, for the shell's bot status (« vaisseau 3 sur 9 »): its ships on the
 * map or carried, and how many of them have already moved or fired. Null outside its orders (its production, a
 * reaction), or when it has no ship or all have acted.
 */
export function botProgress(v, T) {
  if (!v || v.current === null || v.current === undefined || !Array.isArray(v.ships)) return null;
  // Only while it gives its ships their orders (not during its production, nor someone's reaction).
  if (!Array.isArray(v.asks) || !v.asks.length || v.asks[0].kind !== "orders") return null;
  const fleet = v.ships.filter((s) => s.seat === v.current && (s.cells.length > 0 || s.carried_by !== null));
  const done = fleet.filter((s) => s.moved || s.fired > 0).length;
  return fleet.length && done < fleet.length ? T.progress(done + 1, fleet.length) : null;
}
