// The shared hex board on a canvas: layout (axial hex <-> pixel), crisp drawing at any device pixel ratio,
// hit-testing, highlights, pan and zoom with the mouse, the wheel, touch (one finger drags, two pinch) and the
// keyboard, fitting the whole map to a phone or a desktop screen, and on a touch screen zooming to the legal hexes
// when they are too small for a finger. It knows nothing about any game: a game gives it the list of its hexes and
// a paint function, and gets clicks back as hexes.
//
// Coordinates. A hex is [q, r] in axial coordinates, as in py/cosmoludo/core/hexgrid.py (the engine's views
// send hexes in that form). "World" units are hex sizes: the distance from a hex's centre to a corner is 1.
// With `pointy: true` (default) the hexes have a corner at the top and rows run left to right; direction 0 of
// hexgrid.DIRECTIONS, (1, 0), points right (east), and r grows downwards.
//
// Usage:
//   import { HexBoard } from "../ui/board.js";
//   const board = new HexBoard(canvas, { cells, onHex: (hex, ev) => ..., aspect: 0.6 });
//   board.paint = (ctx, b) => { for (const h of cells) { b.hexPath(ctx, h); ctx.fill(); } ... };
//   board.render();           // draws now (call it after each new view); pan/zoom redraw by themselves
//   board.paintStatic = (ctx, b) => ...; board.staticKey = "…";  // optional: what rarely changes (the terrain),
//                             // drawn once into an offscreen layer and copied under `paint` at each render until
//                             // staticKey, the size or the pan/zoom changes (a click redraws only what moved)
//   board.legal = [[q, r], …];  // optional: the hexes a click would choose, written at each render to the canvas's
//                             // data-legal as [{hex: "q,r", x, y}] in CSS pixels of the canvas (tests and tools);
//                             // on a touch screen a new set also frames them big enough to tap (see below)
//   board.destroy();          // removes its listeners when the page leaves the game
// Inside `paint`, ctx is already transformed: draw in world units (b.center(h) gives a hex centre, b.px is the
// size of one CSS pixel in world units, for hairlines and text that must stay readable when zoomed out).
//
// Zoom to the legal hexes (`autoZoom`; on by default on a coarse pointer, i.e. a touch screen, never with a mouse).
// A finger needs a target of about 36 CSS px (TOUCH_MIN_PX), and a phone fits a big map at a third of that. So when
// render() sees a new non-empty `legal` (compared as a set: a redraw of the same decision, a hover or a preview tap
// never moves the board), in that same drawing — never a frame later — the board is zoomed and panned so that the
// legal hexes' bounding box is framed, at the largest scale at which every one of them stays inside the canvas,
// capped where a hex is TOUCH_PX across (no closer than a finger needs) and at maxZoom:
//   - nothing moves when every legal hex is already on screen at ≥ TOUCH_MIN_PX across (or at the best scale);
//   - when they are on screen but small, they are framed; when some are off screen but the set fits at the present
//     scale, the board pans by the least amount that shows them all, keeping the zoom;
//   - a view the player chose (pan, pinch, wheel, buttons: `userMoved`) is kept as long as every new legal hex is
//     on screen, however small; otherwise it is panned the least (at the player's zoom) or, if the set does not fit
//     at that zoom, framed as above — a legal place must never be off screen;
//   - an empty `legal` (bots playing, a choice made with buttons) keeps the view: it comes between two of the
//     player's own decisions, often within one turn, and jumping out to the whole map and back in again would be two
//     moves the player did not ask for; « tout voir » (reset(), the key 0) shows the whole map at any time, and stays
//     until the legal set changes again;
//   - a resize frames the same zoomed region again (and the legal hexes if it left some off screen).
// The framed region is the part of the canvas a finger can use: below the buttons over its top right corner
// (`corner`) and, in a tall box, above the least height (`leastHeight`), so a taller prompt never covers a target.
//
// Tests: e2e/test_board_ui.py loads this module in a bare page and checks layout, hit-testing, fit and zoom, and
// (in touch contexts) the zoom to the legal hexes.

const SQRT3 = Math.sqrt(3);

/** Centre of hex [q, r] in world units (hex size 1). */
export function hexToWorld(hex, pointy = true) {
  const [q, r] = hex;
  return pointy ? { x: SQRT3 * (q + r / 2), y: 1.5 * r } : { x: 1.5 * q, y: SQRT3 * (r + q / 2) };
}

/** The hex [q, r] containing world point (x, y) (cube rounding: the nearest hex centre). */
export function worldToHex(x, y, pointy = true) {
  const fq = pointy ? (SQRT3 / 3) * x - y / 3 : (2 / 3) * x;
  const fr = pointy ? (2 / 3) * y : -x / 3 + (SQRT3 / 3) * y;
  return roundHex(fq, fr);
}

/** The nearest hex to fractional axial coordinates. */
export function roundHex(fq, fr) {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return [q + 0, r + 0]; // + 0 turns -0 into 0
}

/** The six corners of a hex of size `size` around world point (x, y). */
export function corners(x, y, size = 1, pointy = true) {
  const out = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 180) * (60 * i + (pointy ? -30 : 0));
    out.push({ x: x + size * Math.cos(a), y: y + size * Math.sin(a) });
  }
  return out;
}

export const key = (hex) => `${hex[0]},${hex[1]}`;

const CLICK_SLOP = 8; // CSS pixels a pointer may travel and still be a click (fingers tremble)
// Touch targets (issue 30): a hex narrower than TOUCH_MIN_PX (flat side to flat side, i.e. the distance between two
// neighbours' centres) is too small for a finger; the automatic zoom goes no closer than TOUCH_PX.
export const TOUCH_MIN_PX = 36;
export const TOUCH_PX = 40;
const EDGE_PX = 4; // CSS pixels kept free round a framed hex, so that its outline is not cut by the canvas's edge

export class HexBoard {
  /**
   * options:
   *   cells    — the board's hexes, [[q, r], …] (what fit() frames and what counts as "on the board")
   *   pointy   — true (default): pointy-topped hexes; false: flat-topped
   *   aspect   — canvas height / width when the page does not size it (default 0.62)
   *   minHeight, maxHeight — CSS pixel bounds of that height (default 240 and 82 % of the window)
   *   margin   — world units of empty space kept round the cells when fitting (default 0.6)
   *   maxZoom  — how far in the player may zoom, relative to the fit (default 5); minZoom (default 0.6)
   *   onHex(hex, event) — a click or tap on a hex of the board (hex null when outside every cell)
   *   onHover(hex|null)  — the pointer moved to another hex (mouse only)
   *   label    — accessible label of the canvas
   *   fill     — the page sizes the canvas (CSS width and height, e.g. the game screen's board area): its height
   *              is read, never set from `aspect`; in a box taller than wide the map is framed at its top, so that
   *              a change of the box's height does not move it
   *   leastHeight — with `fill`: a function giving the least height the box may shrink to in this window (the
   *              shell's prompt docked below the board); a tall box frames the map for it, so nothing moves
   *   corner   — a function giving {w, h}, the extent of buttons laid over the canvas's top right corner (a zoom
   *              bar): the map is framed so that none of it lies under them
   *   turnable — with `fill`: a map wider than tall on a screen held upright (a phone) is drawn a quarter turn
   *              round (world east points down the screen), so that it fills the box instead of a strip at its
   *              top; text drawn with text() stays upright. Hit-testing, data-legal, pan and zoom follow.
   *   autoZoom — true: a new set of `legal` hexes too small to tap is framed (see the header); false: never;
   *              default: on a coarse pointer (`matchMedia("(pointer: coarse)")`, a touch screen)
   */
  constructor(canvas, options = {}) {
    this.canvas = canvas;
    this.pointy = options.pointy !== false;
    this.aspect = options.aspect || 0.62;
    this.minHeight = options.minHeight || 240;
    this.maxHeight = options.maxHeight || null;
    this.margin = options.margin ?? 0.6;
    this.fill = Boolean(options.fill);
    this.leastHeight = options.leastHeight || null; // with `fill`: () => the least height the box may shrink to
    this.corner = options.corner || null; // () => {w, h}: what the buttons over the top right corner cover (CSS px)
    this.turnable = Boolean(options.turnable);
    this.turned = false; // drawn a quarter turn round (see `turnable`); decided by fit()
    this.maxZoom = options.maxZoom || 5;
    this.minZoom = options.minZoom || 0.6;
    this.onHex = options.onHex || null;
    this.onHover = options.onHover || null;
    this.autoZoom = options.autoZoom ?? null; // null: decided by the pointer at each new legal set
    this.paint = null;
    this.paintStatic = null;
    this.staticKey = "";
    this.layer = null; // {canvas, sig}: the cached static layer and what it shows
    this.layerDraws = 0; // how many times the static layer was drawn (for tests)
    this.scale = 20; // CSS pixels per world unit
    this.ox = 0; // CSS pixel position of the world origin
    this.oy = 0;
    this.fitScale = 20;
    this.userMoved = false; // once the player pans or zooms, a re-render keeps the view where it is
    // The automatic zoom on the legal hexes (see the header), while the player has not moved the view: the world
    // point {x, y} shown at the centre of the framed region, at `scale` CSS px per world unit; null: the whole map.
    this.focus = null;
    this.legalKey = ""; // the legal set last drawn (sorted keys): only a change of it zooms
    this.pointers = new Map();
    this.gesture = null;
    this.hover = null;
    this.legal = null;
    this.frame = 0;
    this.setCells(options.cells || []);
    canvas.style.touchAction = "none"; // the board handles its own drags and pinches
    if (!canvas.hasAttribute("tabindex")) canvas.tabIndex = 0;
    if (options.label) canvas.setAttribute("aria-label", options.label);
    this.listeners = [
      [canvas, "pointerdown", (e) => this.down(e)],
      [canvas, "pointermove", (e) => this.move(e)],
      [canvas, "pointerup", (e) => this.up(e)],
      [canvas, "pointercancel", (e) => this.cancel(e)],
      [canvas, "pointerleave", (e) => { if (e.pointerType === "mouse") this.setHover(null); }],
      [canvas, "wheel", (e) => this.wheel(e), { passive: false }],
      [canvas, "keydown", (e) => this.key(e)],
      [window, "resize", () => this.render()],
    ];
    for (const [target, type, fn, opts] of this.listeners) target.addEventListener(type, fn, opts);
  }

  destroy() {
    for (const [target, type, fn, opts] of this.listeners) target.removeEventListener(type, fn, opts);
    cancelAnimationFrame(this.frame);
    this.layer = null; // the offscreen layer's memory goes with the board
  }

  /** Set the board's hexes (fit() frames them; hexAt() answers null outside them). */
  setCells(cells) {
    this.cells = cells.map((h) => [h[0], h[1]]);
    this.cellSet = new Set(this.cells.map(key));
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const h of this.cells) {
      const c = this.center(h);
      minX = Math.min(minX, c.x);
      maxX = Math.max(maxX, c.x);
      minY = Math.min(minY, c.y);
      maxY = Math.max(maxY, c.y);
    }
    const m = 1 + this.margin;
    this.bounds = this.cells.length ? { minX: minX - m, minY: minY - m, maxX: maxX + m, maxY: maxY + m }
      : { minX: -m, minY: -m, maxX: m, maxY: m };
    this.userMoved = false;
    // A zoomed region stays where it is in the world when hexes are added (a tile laid), but the legal hexes are
    // looked at again at the next render, against the new map.
    this.legalKey = null;
  }

  // ---- geometry ------------------------------------------------------------------------------------------
  center(hex) { return hexToWorld(hex, this.pointy); }

  /** CSS pixel position (relative to the canvas) of a world point. Turned: world (x, y) shows at (-y, x). */
  toScreen(x, y) {
    return this.turned ? { x: this.ox - y * this.scale, y: this.oy + x * this.scale }
      : { x: this.ox + x * this.scale, y: this.oy + y * this.scale };
  }

  /** World point under a CSS pixel position (relative to the canvas). */
  toWorld(sx, sy) {
    return this.turned ? { x: (sy - this.oy) / this.scale, y: (this.ox - sx) / this.scale }
      : { x: (sx - this.ox) / this.scale, y: (sy - this.oy) / this.scale };
  }

  /** The map's bounds on screen (CSS pixels): {left, right, top, bottom}. */
  screenBounds() {
    const b = this.bounds;
    const s = this.scale;
    return this.turned ? { left: this.ox - b.maxY * s, right: this.ox - b.minY * s, top: this.oy + b.minX * s, bottom: this.oy + b.maxX * s }
      : { left: this.ox + b.minX * s, right: this.ox + b.maxX * s, top: this.oy + b.minY * s, bottom: this.oy + b.maxY * s };
  }

  /** The hex under a CSS pixel position relative to the canvas, or null when it is not one of the cells. */
  hexAt(sx, sy) {
    const w = this.toWorld(sx, sy);
    const h = worldToHex(w.x, w.y, this.pointy);
    return this.cellSet.has(key(h)) ? h : null;
  }

  /** The hex under a pointer or mouse event. */
  hexOfEvent(e) {
    const rect = this.canvas.getBoundingClientRect();
    return this.hexAt(e.clientX - rect.left, e.clientY - rect.top);
  }

  /** CSS pixel centre of a hex relative to the canvas (for tests and overlays). */
  screenOf(hex) {
    const c = this.center(hex);
    return this.toScreen(c.x, c.y);
  }

  /** Size of one CSS pixel in world units (at the current zoom). */
  get px() { return 1 / this.scale; }

  /** Trace the outline of a hex (shrunk by `inset` world units) as the current path. */
  hexPath(ctx, hex, inset = 0) {
    const c = this.center(hex);
    const pts = corners(c.x, c.y, 1 - inset, this.pointy);
    ctx.beginPath();
    ctx.moveTo(pts[0].x, pts[0].y);
    for (let i = 1; i < 6; i += 1) ctx.lineTo(pts[i].x, pts[i].y);
    ctx.closePath();
  }

  /**
   * Highlight hexes: style = {fill, stroke, width (CSS px), dash ([CSS px…]), inset (world)}. Used for legal
   * targets (a fill plus a dashed outline so colour is not the only cue).
   */
  highlight(ctx, hexes, style = {}) {
    ctx.save();
    ctx.lineWidth = (style.width || 2) * this.px;
    if (style.dash) ctx.setLineDash(style.dash.map((d) => d * this.px));
    for (const h of hexes) {
      this.hexPath(ctx, h, style.inset ?? 0.08);
      if (style.fill) {
        ctx.fillStyle = style.fill;
        ctx.fill();
      }
      if (style.stroke) {
        ctx.strokeStyle = style.stroke;
        ctx.stroke();
      }
    }
    ctx.restore();
  }

  /** A polyline through hex centres (a path, a line of fire); style = {stroke, width (CSS px), dash}. */
  line(ctx, hexes, style = {}) {
    if (hexes.length < 2) return;
    ctx.save();
    ctx.strokeStyle = style.stroke || "#fff";
    ctx.lineWidth = (style.width || 2) * this.px;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    if (style.dash) ctx.setLineDash(style.dash.map((d) => d * this.px));
    ctx.beginPath();
    hexes.forEach((h, i) => {
      const c = this.center(h);
      if (i === 0) ctx.moveTo(c.x, c.y);
      else ctx.lineTo(c.x, c.y);
    });
    ctx.stroke();
    ctx.restore();
  }

  /** Text centred on a world point, `size` CSS pixels high whatever the zoom (never below `min` world units). */
  text(ctx, s, x, y, { size = 12, color = "#fff", weight = "600", min = 0 } = {}) {
    ctx.save();
    ctx.fillStyle = color;
    ctx.font = `${weight} ${Math.max(size * this.px, min)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (this.turned) {
      // Upright on a turned board: turned back a quarter round about its own centre.
      ctx.translate(x, y);
      ctx.rotate(-Math.PI / 2);
      ctx.fillText(String(s), 0, 0);
    } else ctx.fillText(String(s), x, y);
    ctx.restore();
  }

  // ---- size, fit, drawing ----------------------------------------------------------------------------------
  /** Size the canvas to its CSS width (height from aspect), keeping the backing store at the device pixel ratio. */
  resize() {
    const c = this.canvas;
    const W = Math.max(1, Math.round(c.clientWidth || c.parentElement?.clientWidth || 640));
    let H;
    if (this.fill && c.clientHeight > 0) H = Math.round(c.clientHeight);
    else {
      const maxH = this.maxHeight || Math.round((window.innerHeight || 800) * 0.82);
      H = Math.max(this.minHeight, Math.min(Math.round(W * this.aspect), maxH));
      if (c.style.height !== `${H}px`) c.style.height = `${H}px`;
    }
    const dpr = window.devicePixelRatio || 1;
    const bw = Math.round(W * dpr);
    const bh = Math.round(H * dpr);
    if (c.width !== bw || c.height !== bh) {
      c.width = bw;
      c.height = bh;
    }
    const changed = this.W !== W || this.H !== H;
    this.W = W;
    this.H = H;
    this.dpr = dpr;
    return changed;
  }

  /** Whether the map is to be drawn a quarter turn round (see `turnable`): a wide map on a screen held upright.
   * Decided by the window and the cells, never by the box, so that a prompt growing or shrinking (which resizes the
   * box) never turns the map under the player's finger, and a page may ask before its first drawing (to name
   * directions as the screen will show them). */
  wantsTurn() {
    const b = this.bounds;
    if (!this.turnable || !this.fill || !b) return false;
    return (window.innerHeight || 0) > 1.2 * (window.innerWidth || 0) && b.maxX - b.minX > 1.3 * (b.maxY - b.minY);
  }

  /** Frame every cell in the canvas (the zoom the player starts from; called by render until they pan/zoom). */
  fit() {
    const b = this.bounds;
    const w = b.maxX - b.minX;
    const h = b.maxY - b.minY;
    this.turned = this.wantsTurn();
    const [sw, sh] = this.turned ? [h, w] : [w, h]; // the map's extent on screen, in world units
    // A filled box taller than wide (a phone): framed for the least height the box can have (`leastHeight`), at its
    // top, where a change of the box's height leaves it.
    const tall = this.fill && this.H > this.W;
    let H = tall && this.leastHeight ? Math.max(1, Math.min(this.H, this.leastHeight())) : this.H;
    let scale = Math.max(0.01, Math.min(this.W / sw, H / sh));
    let top = tall && (this.W / sw < H / sh || H < this.H);
    let up = top ? 0 : (this.H - sh * scale) / 2;
    // The buttons over the board's top right corner (`corner`: their extent) never lie over the map as framed: a
    // map that would reach under them is framed below them.
    const corner = this.corner ? this.corner() : null;
    if (corner && corner.h > 0 && up < corner.h && (this.W + sw * scale) / 2 > this.W - corner.w) {
      H = Math.max(1, H - corner.h);
      scale = Math.max(0.01, Math.min(this.W / sw, H / sh));
      top = tall;
      up = corner.h + (top ? 0 : Math.max(0, (this.H - corner.h - sh * scale) / 2));
    }
    this.fitScale = scale;
    this.scale = scale;
    const left = (this.W - sw * this.scale) / 2;
    if (this.turned) {
      this.ox = left + b.maxY * this.scale;
      this.oy = up - b.minX * this.scale;
    } else {
      this.ox = left - b.minX * this.scale;
      this.oy = up - b.minY * this.scale;
    }
    this.canvas.dataset.turned = String(this.turned);
    this.userMoved = false;
  }

  /** Draw now: size, fit (unless the player has moved the view) or the zoomed region, the zoom to a new legal set
   * (on touch), clear, then the game's paint in world units. */
  render() {
    const resized = this.resize();
    if (resized || !this.userMoved) {
      if (this.userMoved) this.clamp();
      else {
        this.fit();
        if (this.focus) this.applyFocus();
      }
    }
    const legal = this.legal && this.legal.length ? this.legal : null;
    const legalKey = legal ? legal.map(key).sort().join(" ") : "";
    const fresh = legalKey !== this.legalKey;
    this.legalKey = legalKey;
    // Only a new set zooms; a resize (or a region cut by a taller prompt) only brings back what it left off screen.
    if (legal && this.zoomsToLegal() && (fresh || ((resized || !this.userMoved) && !this.shows(legal)))) this.aim(legal);
    const ctx = this.canvas.getContext("2d");
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, this.W, this.H);
    if (this.paintStatic) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(this.staticLayer(), 0, 0);
    }
    this.worldTransform(ctx);
    if (this.paint) this.paint(ctx, this);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (this.legal) {
      this.canvas.dataset.legal = JSON.stringify(this.legal.map((h) => {
        const p = this.screenOf(h);
        return { hex: key(h), x: Math.round(p.x), y: Math.round(p.y) };
      }));
    }
  }

  /** Set ctx to draw in world units at the current pan, zoom and turn (device pixels underneath). */
  worldTransform(ctx) {
    const k = this.dpr * this.scale;
    if (this.turned) ctx.setTransform(0, k, -k, 0, this.dpr * this.ox, this.dpr * this.oy); // (x, y) -> (-y, x)
    else ctx.setTransform(k, 0, 0, k, this.dpr * this.ox, this.dpr * this.oy);
  }

  /** The static layer at the current size and pan/zoom, drawn again only when one of them or staticKey changed. */
  staticLayer() {
    const c = this.canvas;
    const sig = `${this.staticKey}|${c.width}x${c.height}|${this.dpr}|${this.scale}|${this.ox}|${this.oy}|${this.turned}`;
    if (!this.layer) this.layer = { canvas: document.createElement("canvas"), sig: null };
    const layer = this.layer;
    if (layer.sig !== sig) {
      if (layer.canvas.width !== c.width || layer.canvas.height !== c.height) {
        layer.canvas.width = c.width;
        layer.canvas.height = c.height;
      }
      const lctx = layer.canvas.getContext("2d");
      lctx.setTransform(1, 0, 0, 1, 0, 0);
      lctx.clearRect(0, 0, c.width, c.height);
      this.worldTransform(lctx);
      this.paintStatic(lctx, this);
      lctx.setTransform(1, 0, 0, 1, 0, 0);
      layer.sig = sig;
      this.layerDraws += 1;
    }
    return layer.canvas;
  }

  /** Redraw at the next animation frame (pan and zoom: several events, one drawing). */
  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  // ---- pan and zoom ----------------------------------------------------------------------------------------
  /** Zoom by `factor` keeping the CSS pixel (sx, sy) over the same world point. */
  zoomAt(factor, sx, sy) {
    const target = Math.min(this.fitScale * this.maxZoom, Math.max(this.fitScale * this.minZoom, this.scale * factor));
    const w = this.toWorld(sx, sy);
    this.scale = target;
    if (this.turned) {
      this.ox = sx + w.y * target;
      this.oy = sy - w.x * target;
    } else {
      this.ox = sx - w.x * target;
      this.oy = sy - w.y * target;
    }
    this.userMoved = true;
    this.clamp();
    this.schedule();
  }

  panBy(dx, dy) {
    this.ox += dx;
    this.oy += dy;
    this.userMoved = true;
    this.clamp();
    this.schedule();
  }

  /** Back to the whole map (it stays until the legal set changes). */
  reset() {
    this.userMoved = false;
    this.focus = null;
    this.render();
  }

  // ---- the automatic zoom on the legal hexes (touch) -------------------------------------------------------
  /** Whether a new legal set is framed for a finger: the `autoZoom` option, else a coarse pointer. */
  zoomsToLegal() {
    if (this.autoZoom !== null) return Boolean(this.autoZoom);
    return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  }

  /** The part of the canvas a finger can use (CSS px): below the corner's buttons, above the least height. */
  usable() {
    const tall = this.fill && this.H > this.W;
    const bottom = tall && this.leastHeight ? Math.max(1, Math.min(this.H, this.leastHeight())) : this.H;
    const corner = this.corner ? this.corner() : null;
    const top = corner && corner.h > 0 && corner.h < bottom / 2 ? corner.h : 0;
    return { left: 0, right: this.W, top, bottom, corner };
  }

  /** Hex centres in screen orientation at scale 1 (turned: world (x, y) shows as (-y, x)). */
  oriented(hexes) {
    return hexes.map((h) => {
      const c = this.center(h);
      return this.turned ? { u: -c.y, v: c.x } : { u: c.x, v: c.y };
    });
  }

  /** Whether every hex's centre lies on the canvas above the least height, far enough from its edges to be tapped
   * (half a touch target, or the hex's own half width when smaller), and not under the corner's buttons. */
  shows(hexes) {
    const r = this.usable();
    const m = Math.min(TOUCH_MIN_PX / 2, (SQRT3 / 2) * this.scale);
    const c = r.corner;
    return hexes.every((h) => {
      const p = this.screenOf(h);
      if (p.x < r.left + m || p.x > r.right - m || p.y < m || p.y > r.bottom - m) return false;
      return !(c && c.h > 0 && p.x > r.right - c.w - m && p.y < c.h + m);
    });
  }

  /** The scale and world centre framing `hexes` for a finger (see the header), or null when the whole map is as
   * good as it gets (its hexes are big enough at the fit, or the set needs the whole map). */
  framing(hexes) {
    if (SQRT3 * this.fitScale >= TOUCH_MIN_PX) return null;
    const pts = this.oriented(hexes);
    const us = pts.map((p) => p.u);
    const vs = pts.map((p) => p.v);
    const [u0, u1, v0, v1] = [Math.min(...us) - 1, Math.max(...us) + 1, Math.min(...vs) - 1, Math.max(...vs) + 1];
    const r = this.usable();
    const room = Math.min((r.right - r.left - 2 * EDGE_PX) / (u1 - u0), (r.bottom - r.top - 2 * EDGE_PX) / (v1 - v0));
    const scale = Math.min(room, TOUCH_PX / SQRT3, this.fitScale * this.maxZoom);
    if (scale <= this.fitScale * 1.0001) return null;
    const mid = { u: (u0 + u1) / 2, v: (v0 + v1) / 2 };
    return { scale, x: this.turned ? mid.v : mid.u, y: this.turned ? -mid.u : mid.v };
  }

  /** Show the zoomed region: `focus`'s world point at the centre of the usable region, at its scale. */
  applyFocus() {
    const r = this.usable();
    const s = Math.min(this.focus.scale, this.fitScale * this.maxZoom);
    const cx = (r.left + r.right) / 2;
    const cy = (r.top + r.bottom) / 2;
    const { x, y } = this.focus;
    this.scale = s;
    if (this.turned) {
      this.ox = cx + y * s;
      this.oy = cy - x * s;
    } else {
      this.ox = cx - x * s;
      this.oy = cy - y * s;
    }
  }

  /** Pan by the least amount that brings every hex of `hexes` (whole, with EDGE_PX round it) into the usable region
   * at the present scale; false (nothing moved) when they do not fit in it at this scale. */
  panToShow(hexes) {
    const r = this.usable();
    const pts = hexes.map((h) => this.screenOf(h));
    const pad = this.scale + EDGE_PX;
    const [x0, x1] = [Math.min(...pts.map((p) => p.x)) - pad, Math.max(...pts.map((p) => p.x)) + pad];
    const [y0, y1] = [Math.min(...pts.map((p) => p.y)) - pad, Math.max(...pts.map((p) => p.y)) + pad];
    if (x1 - x0 > r.right - r.left || y1 - y0 > r.bottom - r.top) return false;
    const was = { ox: this.ox, oy: this.oy };
    this.ox += x0 < r.left ? r.left - x0 : Math.min(0, r.right - x1);
    this.oy += y0 < r.top ? r.top - y0 : Math.min(0, r.bottom - y1);
    if (!this.shows(hexes)) { // still under the corner's buttons: framed instead
      Object.assign(this, was);
      return false;
    }
    if (!this.userMoved) {
      const c = this.toWorld((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      this.focus = { x: c.x, y: c.y, scale: this.scale };
    }
    return true;
  }

  /** A new legal set on a touch screen: keep, pan or frame the view so that every legal hex can be tapped. */
  aim(hexes) {
    const want = this.framing(hexes);
    // The present scale is good enough when the player chose it, when hexes are big enough, or when it is already
    // the framing's (or the whole map is the best there is).
    const enough = this.userMoved || SQRT3 * this.scale >= TOUCH_MIN_PX - 1e-6 || !want || this.scale >= want.scale * 0.9999;
    if (enough && this.shows(hexes)) return;
    if (enough && this.panToShow(hexes)) return;
    this.userMoved = false;
    this.focus = want;
    this.fit();
    if (this.focus) this.applyFocus();
  }

  /** Keep part of the map on screen: the player cannot lose it by dragging it away. */
  clamp() {
    const keep = 60;
    const { left, right, top, bottom } = this.screenBounds();
    if (right < keep) this.ox += keep - right;
    if (left > this.W - keep) this.ox -= left - (this.W - keep);
    if (bottom < keep) this.oy += keep - bottom;
    if (top > this.H - keep) this.oy -= top - (this.H - keep);
  }

  local(e) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  down(e) {
    if (e.button !== undefined && e.button !== 0 && e.pointerType === "mouse") return;
    this.canvas.setPointerCapture?.(e.pointerId);
    const p = this.local(e);
    this.pointers.set(e.pointerId, p);
    if (this.pointers.size === 1) {
      this.gesture = { kind: "tap", start: p, last: p };
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: "pinch", dist: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
    }
  }

  move(e) {
    const p = this.local(e);
    if (!this.pointers.has(e.pointerId)) {
      if (e.pointerType === "mouse") this.setHover(this.hexAt(p.x, p.y));
      return;
    }
    this.pointers.set(e.pointerId, p);
    const g = this.gesture;
    if (!g) return;
    if (g.kind === "pinch" && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      if (g.dist > 0) this.zoomAt(dist / g.dist, mid.x, mid.y);
      this.panBy(mid.x - g.mid.x, mid.y - g.mid.y);
      g.dist = dist;
      g.mid = mid;
      return;
    }
    if (g.kind === "tap" && Math.hypot(p.x - g.start.x, p.y - g.start.y) > CLICK_SLOP) g.kind = "drag";
    if (g.kind === "drag") {
      this.panBy(p.x - g.last.x, p.y - g.last.y);
    }
    g.last = p;
  }

  up(e) {
    const had = this.pointers.delete(e.pointerId);
    const g = this.gesture;
    if (!had || !g) return;
    if (this.pointers.size === 0) {
      this.gesture = null;
      if (g.kind === "tap" && this.onHex) this.onHex(this.hexAt(g.start.x, g.start.y), e);
    } else if (g.kind === "pinch") {
      const [p] = [...this.pointers.values()];
      this.gesture = { kind: "drag", start: p, last: p }; // one finger left: it drags, never taps
    }
  }

  cancel(e) {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size === 0) this.gesture = null;
  }

  wheel(e) {
    e.preventDefault();
    const p = this.local(e);
    this.zoomAt(Math.exp(-e.deltaY * 0.0015), p.x, p.y);
  }

  /** Keyboard: + and - zoom on the centre, arrows pan, 0 shows the whole map. */
  key(e) {
    const step = 40;
    const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (e.key === "+" || e.key === "=") this.zoomAt(1.25, this.W / 2, this.H / 2);
    else if (e.key === "-") this.zoomAt(0.8, this.W / 2, this.H / 2);
    else if (e.key === "0") this.reset();
    else if (moves[e.key]) this.panBy(...moves[e.key]);
    else return;
    e.preventDefault();
  }

  setHover(h) {
    if ((h && this.hover && key(h) === key(this.hover)) || (!h && !this.hover)) return;
    this.hover = h;
    if (this.onHover) this.onHover(h);
  }
}
