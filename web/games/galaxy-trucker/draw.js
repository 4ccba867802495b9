// Galaxy Trucker's canvases: a ship board (the class's cells, components with their connectors, what they hold,
// legal cells and faults highlighted), a single component, and the flight track. Drawing only: no rule here.

const SIDE_STEP = [[-1, 0], [0, 1], [1, 0], [0, -1]]; // N E S W as (row, col) steps

/** Connectors N E S W of a component printed with `conn` ("0123" string) turned `rot` quarter turns clockwise. */
export function rotated(conn, rot) {
  const c = Array.from(conn, Number);
  return [0, 1, 2, 3].map((side) => c[(side - rot + 8) % 4]);
}

const KIND_STYLE = {
  starting_cabin: { fill: "#c9a227", mark: "★" },
  cabin: { fill: "#d9b86c", mark: "☺" },
  engine_single: { fill: "#8a8f98", mark: "▼" },
  engine_double: { fill: "#6f7480", mark: "▼▼" },
  cannon_single: { fill: "#b6533e", mark: "▲" },
  cannon_double: { fill: "#8f3a2a", mark: "▲▲" },
  shield: { fill: "#4f86c6", mark: "◠" },
  battery2: { fill: "#4e9a52", mark: "⚡2" },
  battery3: { fill: "#3f7f43", mark: "⚡3" },
  cargo2: { fill: "#7b6fb0", mark: "▭2" },
  cargo3: { fill: "#675b9c", mark: "▭3" },
  special_cargo1: { fill: "#a0435f", mark: "◆1" },
  special_cargo2: { fill: "#86304b", mark: "◆2" },
  structural: { fill: "#9a9a9a", mark: "▦" },
  life_support_brown: { fill: "#8b5a2b", mark: "♥" },
  life_support_purple: { fill: "#7d3c98", mark: "♥" },
};
const GOOD_COLOURS = { R: "#e53935", Y: "#fdd835", G: "#43a047", B: "#1e88e5" };
export const SEAT_COLOURS = ["#3b82f6", "#22a35a", "#e0b400", "#e0443a"];

function sideXY(x, y, s, side) {
  // the middle of a side of the square at (x, y) of size s, and the direction pointing out
  if (side === 0) return [x + s / 2, y, 0, -1];
  if (side === 1) return [x + s, y + s / 2, 1, 0];
  if (side === 2) return [x + s / 2, y + s, 0, 1];
  return [x, y + s / 2, -1, 0];
}

/** Draw one component in the square (x, y, s): body, connectors, the mark turned with it, its contents. */
export function drawTile(ctx, x, y, s, tile, rot, extra = {}) {
  const style = KIND_STYLE[tile.kind] || { fill: "#999", mark: "?" };
  const conn = rotated(tile.conn, rot);
  const pad = Math.max(2, s * 0.1);
  ctx.fillStyle = style.fill;
  ctx.fillRect(x + pad, y + pad, s - 2 * pad, s - 2 * pad);
  ctx.strokeStyle = "#1b1b2f";
  ctx.lineWidth = 1;
  ctx.strokeRect(x + pad, y + pad, s - 2 * pad, s - 2 * pad);
  // connectors: single one tube, double two, universal three
  for (let side = 0; side < 4; side++) {
    const n = conn[side];
    if (!n) continue;
    const [mx, my, dx, dy] = sideXY(x, y, s, side);
    const tubes = n === 3 ? [-0.22, 0, 0.22] : n === 2 ? [-0.14, 0.14] : [0];
    ctx.strokeStyle = n === 3 ? "#f5f5f5" : "#e8e8e8";
    ctx.lineWidth = Math.max(1.5, s * 0.05);
    for (const o of tubes) {
      const ox = dy !== 0 ? o * s : 0;
      const oy = dx !== 0 ? o * s : 0;
      ctx.beginPath();
      ctx.moveTo(mx + ox - dx * pad * 1.2, my + oy - dy * pad * 1.2);
      ctx.lineTo(mx + ox + dx * 0.5, my + oy + dy * 0.5);
      ctx.stroke();
    }
  }
  // the mark, turned with the component (engines, cannons and shields point somewhere)
  ctx.save();
  ctx.translate(x + s / 2, y + s / 2);
  ctx.rotate((rot * Math.PI) / 2);
  ctx.fillStyle = "#101018";
  ctx.font = `bold ${Math.round(s * (style.mark.length > 1 ? 0.26 : 0.36))}px sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  if (tile.kind.startsWith("engine")) {
    ctx.fillStyle = "#ff8a3d"; // the exhaust, at the rear (S at rotation 0)
    ctx.fillRect(-s * 0.18, s * 0.22, s * 0.36, s * 0.16);
    ctx.fillStyle = "#101018";
  }
  if (tile.kind.startsWith("cannon")) {
    ctx.fillStyle = "#2b2b2b"; // the barrel, at the front (N at rotation 0)
    ctx.fillRect(-s * 0.06, -s * 0.42, s * 0.12, s * 0.26);
    ctx.fillStyle = "#101018";
  }
  if (tile.kind === "shield") {
    ctx.strokeStyle = "#bfe3ff"; // covers N and E at rotation 0
    ctx.lineWidth = Math.max(2, s * 0.07);
    ctx.beginPath();
    ctx.arc(0, 0, s * 0.32, (-3 * Math.PI) / 4, Math.PI / 4);
    ctx.stroke();
  }
  ctx.fillText(style.mark, 0, 0);
  ctx.restore();
  // what it holds (never turned)
  ctx.font = `bold ${Math.round(s * 0.2)}px sans-serif`;
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  if (extra.crew) {
    ctx.fillStyle = "#fff";
    ctx.fillText("●".repeat(extra.crew), x + pad + 1, y + s - pad - 2);
  }
  if (extra.alien) {
    ctx.fillStyle = extra.alien === "brown" ? "#6b3e1c" : "#a64dcc";
    ctx.beginPath();
    ctx.arc(x + s - pad - s * 0.14, y + s - pad - s * 0.14, s * 0.11, 0, 2 * Math.PI);
    ctx.fill();
  }
  if (extra.charge !== undefined) {
    ctx.fillStyle = "#c6ff9e";
    ctx.fillText(String(extra.charge), x + pad + 1, y + pad + s * 0.2);
  }
  if (extra.goods) {
    let gx = x + pad + 1;
    for (const g of extra.goods) {
      ctx.fillStyle = GOOD_COLOURS[g] || "#fff";
      ctx.fillRect(gx, y + s - pad - s * 0.18, s * 0.15, s * 0.15);
      gx += s * 0.18;
    }
  }
}

/**
 * Draw a ship on `canvas`. `ship` is the engine's ship view; `opts`: {tiles, cell (px), legal: Set of "r,c",
 * faults: Set, picked: Set, cursor: [r, c] | null, preview: {tile, rot, cell}}. Returns the geometry for hits.
 */
export function drawShip(canvas, ship, opts) {
  const cells = ship.cells.map(([r, c]) => [r, c]);
  const rows = cells.map((x) => x[0]);
  const cols = cells.map((x) => x[1]);
  const r0 = Math.min(...rows) - 1;
  const c0 = Math.min(...cols) - 1;
  const nr = Math.max(...rows) - r0 + 2;
  const nc = Math.max(...cols) - c0 + 2;
  const s = opts.cell || 44;
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = Math.round(nc * s * dpr);
  canvas.height = Math.round(nr * s * dpr);
  canvas.style.width = `${nc * s}px`;
  canvas.style.height = `${nr * s}px`;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#14142b";
  ctx.fillRect(0, 0, nc * s, nr * s);
  // printed row and column numbers (the dice values)
  ctx.fillStyle = "#9aa0c8";
  ctx.font = `${Math.round(s * 0.28)}px sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let c = c0 + 1; c < c0 + nc - 1; c++) ctx.fillText(String(c), (c - c0 + 0.5) * s, s * 0.5);
  for (let r = r0 + 1; r < r0 + nr - 1; r++) ctx.fillText(String(r), s * 0.5, (r - r0 + 0.5) * s);
  const key = (r, c) => `${r},${c}`;
  for (const [r, c] of cells) {
    const x = (c - c0) * s;
    const y = (r - r0) * s;
    ctx.fillStyle = opts.legal && opts.legal.has(key(r, c)) ? "#2f6d3a" : "#272750";
    ctx.fillRect(x + 1, y + 1, s - 2, s - 2);
  }
  const held = {};
  const put = (list, name) => {
    for (const [r, c, value] of list || []) held[key(r, c)] = { ...(held[key(r, c)] || {}), [name]: value };
  };
  put(ship.crew, "crew");
  put(ship.aliens, "alien");
  put(ship.charge, "charge");
  put(ship.goods, "goods");
  for (const [r, c, id, rot] of ship.tiles) {
    const tile = opts.tiles[String(id)];
    drawTile(ctx, (c - c0) * s, (r - r0) * s, s, tile, rot, held[key(r, c)] || {});
  }
  const ring = (r, c, colour, width) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.strokeRect((c - c0) * s + 2, (r - r0) * s + 2, s - 4, s - 4);
  };
  for (const k of opts.faults || []) {
    const [r, c] = k.split(",").map(Number);
    ring(r, c, "#ff3b3b", 3);
  }
  for (const k of opts.picked || []) {
    const [r, c] = k.split(",").map(Number);
    ring(r, c, "#ffd54a", 3);
  }
  if (opts.preview && opts.preview.cell) {
    const [r, c] = opts.preview.cell;
    ctx.globalAlpha = 0.6;
    drawTile(ctx, (c - c0) * s, (r - r0) * s, s, opts.tiles[String(opts.preview.tile)], opts.preview.rot);
    ctx.globalAlpha = 1;
  }
  if (opts.cursor) ring(opts.cursor[0], opts.cursor[1], "#ffffff", 2);
  return { r0, c0, s, nr, nc };
}

/** The (row, col) under a click at client (x, y), given drawShip's geometry. */
export function cellAt(canvas, geo, clientX, clientY) {
  const box = canvas.getBoundingClientRect();
  const scale = box.width / (geo.nc * geo.s);
  const c = Math.floor((clientX - box.left) / scale / geo.s) + geo.c0;
  const r = Math.floor((clientY - box.top) / scale / geo.s) + geo.r0;
  return [r, c];
}

/** Draw one component alone (the hand, face-up components, set-aside ones). */
export function drawSingle(canvas, tile, rot, size) {
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = Math.round(size * dpr);
  canvas.height = Math.round(size * dpr);
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, size, size);
  drawTile(ctx, 0, 0, size, tile, rot);
}

/** The flight track: 40 spaces in a loop, each flying ship's rocket in its seat colour with its initial. */
/**
 * Each seat's mark on the flight track and in the flight order: its name's initial, or where two names share one
 * (« Robot 1 », « Robot 2 »), the initial and the name's last digits, else the seat's number (« R1 », « R2 »).
 */
export function seatMarks(names) {
  const plain = names.map((n) => String(n).replace(/[\u2068\u2069]/g, "").trim());
  const first = plain.map((n) => (n.slice(0, 1) || "?").toUpperCase());
  const marks = plain.map((n, seat) => {
    if (first.filter((f) => f === first[seat]).length === 1) return first[seat];
    const digits = /(\d+)$/.exec(n);
    return `${first[seat]}${digits ? digits[1] : seat + 1}`;
  });
  // Names whose digits still collide (« R1 » twice): the seat's number makes each mark its own.
  return marks.map((m, seat) => (marks.filter((x) => x === m).length > 1 ? `${first[seat]}${seat + 1}` : m));
}

export function drawTrack(canvas, track, initials) {
  const w = 360;
  const h = 200;
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = w * dpr;
  canvas.height = h * dpr;
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#14142b";
  ctx.fillRect(0, 0, w, h);
  const n = track.spaces;
  const at = (i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / n;
    return [w / 2 + Math.cos(a) * (w / 2 - 22), h / 2 + Math.sin(a) * (h / 2 - 18)];
  };
  for (let i = 0; i < n; i++) {
    const [x, y] = at(i);
    ctx.fillStyle = i === 0 ? "#b33" : "#3a3a6a";
    ctx.beginPath();
    ctx.arc(x, y, 6, 0, 2 * Math.PI);
    ctx.fill();
  }
  track.pos.forEach((p, seat) => {
    if (track.out[seat]) return;
    const [x, y] = at(((p % n) + n) % n);
    ctx.fillStyle = SEAT_COLOURS[seat % 4];
    ctx.beginPath();
    ctx.arc(x, y, 10, 0, 2 * Math.PI);
    ctx.fill();
    ctx.fillStyle = "#000";
    ctx.font = `bold ${(initials[seat] || "").length > 1 ? 9 : 11}px sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(initials[seat] || String(seat + 1), x, y);
  });
}

export { SIDE_STEP };
