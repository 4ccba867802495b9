// Rencontre Cosmique board on a canvas: Trou Noir, cone, one system per player, tokens, cup, oval and ring.
// Pure drawing from the engine's view; returns the planets' hit circles for clicks.
import { COLOURS } from "./text.js";

const INK = "#f4f1ff";
const MUTED = "#b9b3e0";
const LEGAL = "#ffcf4a";

function shapePath(ctx, shape, x, y, r) {
  ctx.beginPath();
  if (shape === "triangle") {
    ctx.moveTo(x, y - r * 1.1);
    ctx.lineTo(x + r * 1.05, y + r * 0.75);
    ctx.lineTo(x - r * 1.05, y + r * 0.75);
    ctx.closePath();
  } else if (shape === "square") {
    ctx.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
  } else if (shape === "diamond") {
    ctx.moveTo(x, y - r * 1.15);
    ctx.lineTo(x + r * 1.05, y);
    ctx.lineTo(x, y + r * 1.15);
    ctx.lineTo(x - r * 1.05, y);
    ctx.closePath();
  } else {
    ctx.arc(x, y, r, 0, Math.PI * 2);
  }
}

/** The smallest count drawn on the board (CSS px): readable at phone size, zoom or not. */
export const MIN_COUNT_PX = 12;

/** `gradient` with its colour stops ([offset, colour], …). */
function stops(gradient, list) {
  for (const [offset, colour] of list) gradient.addColorStop(offset, colour);
  return gradient;
}

/** Fill the current path with `style`, casting a shadow (`colour`, `blur`, and `dy` downwards); `style` stays set. */
function fillShadowed(ctx, style, colour, blur, dy = 0) {
  ctx.fillStyle = style;
  ctx.save();
  ctx.shadowColor = colour;
  ctx.shadowBlur = blur;
  ctx.shadowOffsetY = dy;
  ctx.fill();
  ctx.restore();
}

/** One colour's token marker: its shape in its colour with its letter, and the count beside it (≥ MIN_COUNT_PX). */
function token(ctx, colour, letter, count, x, y, r, countInk = INK) {
  const c = COLOURS[colour];
  // Depth: a soft shadow under the token, a light from the upper left on it.
  shapePath(ctx, c.shape, x, y, r);
  fillShadowed(ctx, c.fill, "rgba(0, 0, 0, 0.65)", Math.max(2, r * 0.5), Math.max(1, r * 0.25));
  const shine = stops(ctx.createRadialGradient(x - r * 0.4, y - r * 0.45, r * 0.05, x, y, r * 1.2),
    [[0, "rgba(255, 255, 255, 0.55)"], [0.5, "rgba(255, 255, 255, 0.08)"], [1, "rgba(0, 0, 0, 0.25)"]]);
  shapePath(ctx, c.shape, x, y, r);
  ctx.fillStyle = shine;
  ctx.fill();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = "#000";
  ctx.stroke();
  ctx.fillStyle = c.ink;
  ctx.font = `bold ${Math.round(r * 1.05)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(letter, x, y + (c.shape === "triangle" ? r * 0.2 : 0));
  if (count !== null) {
    smallestCount = Math.min(smallestCount, countPx(r));
    ctx.font = `bold ${countPx(r)}px system-ui, sans-serif`;
    ctx.textAlign = "left";
    // A dark outline keeps the count readable over whatever it crosses.
    ctx.lineWidth = 3;
    ctx.strokeStyle = "rgba(13, 11, 34, 0.9)";
    ctx.strokeText(String(count), x + r * 1.2, y);
    ctx.fillStyle = countInk;
    ctx.fillText(String(count), x + r * 1.2, y);
  }
}

const countPx = (r) => Math.max(MIN_COUNT_PX, Math.round(r * 1.35));
let smallestCount = Infinity; // the smallest count drawn by the current drawBoard (its test hook)

/** The width of one marker and its count (for laying them out side by side without overlap). */
function tokenWidth(ctx, count, r) {
  ctx.font = `bold ${countPx(r)}px system-ui, sans-serif`;
  return r * 2.2 + (count === null ? 0 : ctx.measureText(String(count)).width + 2);
}

/**
 * Markers (colour → count) in rows of at most `perRow`, each row centred on x, the rows centred on y: no count is
 * ever drawn under the next marker. Returns the block's {w, h}; with `measureOnly`, draws nothing.
 */
function tokenBlock(ctx, entries, x, y, r, letters, perRow = 2, measureOnly = false) {
  const gap = 4;
  const rowH = Math.max(r * 2.2, countPx(r)) + 2;
  const rows = [];
  for (let i = 0; i < entries.length; i += perRow) rows.push(entries.slice(i, i + perRow));
  const widths = rows.map((row) => row.reduce((w, [, n]) => w + tokenWidth(ctx, n, r), 0) + gap * (row.length - 1));
  const block = { w: Math.max(0, ...widths), h: rows.length * rowH };
  if (measureOnly) return block;
  rows.forEach((row, k) => {
    let left = x - widths[k] / 2;
    const ry = y - block.h / 2 + rowH * (k + 0.5);
    for (const [colour, n] of row) {
      token(ctx, colour, letters[colour], n, left + r * 1.1, ry, r);
      left += tokenWidth(ctx, n, r) + gap;
    }
  });
  return block;
}

/** A row of markers (colour → count) centred on x. */
function tokenRow(ctx, entries, x, y, r, letters) {
  return tokenBlock(ctx, entries, x, y, r, letters, Math.max(1, entries.length));
}

/** How badly a box (centre x, y, half sizes hx, hy) covers the obstacles (circles {x, y, r}, boxes {x, y, hx, hy}) or leaves the board. */
function clashes(x, y, hx, hy, obstacles, W, H) {
  let n = 0;
  if (x - hx < 2 || x + hx > W - 2 || y - hy < 2 || y + hy > H - 2) n += 10;
  for (const o of obstacles) {
    if (o.r !== undefined) {
      const dx = Math.max(Math.abs(o.x - x) - hx, 0);
      const dy = Math.max(Math.abs(o.y - y) - hy, 0);
      if (dx * dx + dy * dy < o.r * o.r) n += 1;
    } else if (Math.abs(o.x - x) < o.hx + hx && Math.abs(o.y - y) < o.hy + hy) n += 1;
  }
  return n;
}

/** The first of the candidate centres that covers the fewest obstacles (plus its own `cost`: far spots only when near ones clash). */
function bestSpot(candidates, hx, hy, obstacles, W, H) {
  let best = candidates[0];
  let score = Infinity;
  for (const c of candidates) {
    const k = clashes(c.x, c.y, hx, hy, obstacles, W, H) + (c.cost || 0);
    if (k < score) {
      best = c;
      score = k;
      if (k === 0) break;
    }
  }
  return best;
}

/**
 * Draw the board. model = {view, names, order (seats from the bottom clockwise), legal (Set of "s,p"),
 * picked ("s,p"|null), letters (colour → letter), labels {trouNoir, cup, oval, ring}}. Returns hits.
 */
export function drawBoard(canvas, model) {
  const { view, legal, picked, letters, labels } = model;
  smallestCount = Infinity;
  const dpr = window.devicePixelRatio || 1;
  const W = canvas.clientWidth || 640;
  // Narrow screens get a taller board so that the systems do not overlap; on the game screen the board is never
  // taller than the room its area leaves it (`maxHeight`), so that every planet stays on screen.
  const H = Math.round(Math.min(W * (W < 560 ? 1.2 : 0.78), 760, Math.max(model.maxHeight ?? Infinity, 240)));
  canvas.style.height = `${H}px`;
  if (canvas.width !== Math.round(W * dpr) || canvas.height !== Math.round(H * dpr)) {
    canvas.width = Math.round(W * dpr);
    canvas.height = Math.round(H * dpr);
  }
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, W, H);
  ctx.fillStyle = stops(ctx.createRadialGradient(W / 2, H / 2, 0, W / 2, H / 2, Math.max(W, H) * 0.7),
    [[0, "#1d1848"], [0.55, "#110e2c"], [1, "#07061a"]]);
  ctx.fillRect(0, 0, W, H);
  // A fixed field of stars (the same at every drawing: no flicker).
  let seed = 7;
  const rand = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < Math.round((W * H) / 2600); i++) {
    const x = rand() * W;
    const y = rand() * H;
    const big = rand();
    ctx.fillStyle = `rgba(230, 225, 255, ${(0.25 + rand() * 0.55).toFixed(2)})`;
    ctx.fillRect(x, y, big > 0.9 ? 2 : 1, big > 0.9 ? 2 : 1);
  }

  const n = view.colours.length;
  const cx = W / 2;
  const cy = H / 2;
  const m = Math.min(W, H);
  const hexR = m * (n <= 2 ? 0.23 : n === 3 ? 0.2 : W < 560 ? 0.22 : 0.18);
  // Two or four systems sit in the corners (the viewer's bottom left); three form a triangle (the viewer's at the bottom).
  const corners = n !== 3;
  const offset = n === 3 ? Math.PI / 2 : (3 * Math.PI) / 4;
  const Rx = (W / 2) - hexR - 6;
  const Ry = (H / 2) - hexR - 14;
  const planetR = hexR * 0.31;
  const hits = [];
  const pos = {}; // "s,p" → {x, y}
  // Where things are drawn (CSS px), for the tokens' flights: the Trou Noir, the oval, the ring, the planets.
  const layout = { hole: { x: cx, y: cy }, oval: null, ring: null, lost: null, planets: pos };
  const labels2 = []; // the systems' name labels, drawn on top
  const obstacles = []; // what the oval and the ring's box must not cover

  // Systems: the viewer's at the bottom, the others clockwise.
  model.order.forEach((seat, k) => {
    const ang = offset + (k * 2 * Math.PI) / n;
    // (In a corner: room above a top system for its name, planets kept inside the board.)
    const namePx = Math.max(11, Math.round(hexR * 0.13));
    const sx = corners ? cx + Math.sign(Math.cos(ang)) * (W / 2 - hexR - 8) : cx + Rx * Math.cos(ang);
    const sy = !corners ? cy + Ry * Math.sin(ang)
      : Math.sin(ang) < 0 ? cy - (H / 2 - hexR - namePx * 1.6 - 4) : cy + (H / 2 - hexR - 8);
    const colour = view.colours[seat];
    const c = COLOURS[colour];
    // The system's hexagon.
    ctx.beginPath();
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 6 + (i * Math.PI) / 3;
      const x = sx + hexR * Math.cos(a);
      const y = sy + hexR * Math.sin(a);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.closePath();
    const nebula = stops(ctx.createRadialGradient(sx - hexR * 0.3, sy - hexR * 0.35, hexR * 0.1, sx, sy, hexR * 1.05),
      [[0, "#3a3480"], [0.6, "#211d4f"], [1, "#141233"]]);
    fillShadowed(ctx, nebula, c.fill, 14);
    ctx.lineWidth = 3;
    ctx.strokeStyle = c.fill;
    ctx.setLineDash(view.eliminated[seat] ? [6, 6] : []);
    ctx.stroke();
    ctx.setLineDash([]);
    // Its owner's name, colour and symbol, just outside the hexagon (drawn last, over the cone):
    // above it, or beside its upper left corner for a system right below the Trou Noir.
    const name = String(model.names[seat] ?? "");
    const text = name.length > 16 ? name.slice(0, 15) + "…" : name;
    const fontPx = namePx;
    ctx.font = `bold ${fontPx}px system-ui, sans-serif`;
    const tw = ctx.measureText(text).width;
    const below = Math.sin(ang) > 0.9;
    const left = below ? sx - hexR * 0.866 + fontPx * 0.5 - tw : sx - tw / 2;
    const ly = below ? sy - hexR * 0.5 - fontPx * 0.9 : sy - hexR - fontPx * 0.2;
    labels2.push({ text, colour, fontPx, left, ly, tw });
    // Five planets around the system's centre.
    for (let p = 0; p < 5; p++) {
      const a = -Math.PI / 2 + (p * 2 * Math.PI) / 5;
      const px = sx + hexR * 0.64 * Math.cos(a);
      const py = sy + hexR * 0.6 * Math.sin(a) + hexR * 0.05;
      const key = `${seat},${p}`;
      pos[key] = { x: px, y: py };
      const isLegal = legal.has(key);
      const isTarget = !view.over && view.target && view.target[0] === seat && view.target[1] === p;
      const globe = stops(ctx.createRadialGradient(px - planetR * 0.4, py - planetR * 0.45, planetR * 0.1, px, py, planetR),
        [[0, "#5d57a8"], [0.55, "#332e6b"], [1, "#181538"]]);
      ctx.beginPath();
      ctx.arc(px, py, planetR, 0, Math.PI * 2);
      fillShadowed(ctx, globe, "rgba(0, 0, 0, 0.7)", 8, 3);
      ctx.lineWidth = isLegal ? 4 : 2;
      ctx.strokeStyle = isLegal ? LEGAL : c.fill;
      ctx.setLineDash(isLegal ? [] : [3, 3]);
      ctx.stroke();
      ctx.setLineDash([]);
      if (picked === key) {
        ctx.beginPath();
        ctx.arc(px, py, planetR + 6, 0, Math.PI * 2);
        ctx.lineWidth = 3;
        ctx.strokeStyle = "#6fd3ff";
        ctx.stroke();
      }
      // Planet number, and ✓ when it is a legal choice.
      ctx.fillStyle = MUTED;
      ctx.font = `${Math.round(planetR * 0.42)}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.fillText(String(p + 1), px, py - planetR * 0.72);
      if (isLegal) {
        ctx.fillStyle = LEGAL;
        ctx.font = `bold ${Math.round(planetR * 0.6)}px system-ui, sans-serif`;
        ctx.fillText("✓", px + planetR * 0.85, py - planetR * 0.85);
      }
      if (isTarget) {
        ctx.fillStyle = "#ff7a7a";
        ctx.font = `bold ${Math.round(planetR * 0.55)}px system-ui, sans-serif`;
        ctx.fillText("◎", px - planetR * 0.9, py - planetR * 0.85);
      }
      // Stacked tokens: one marker per colour present, two per row, centred below the planet's number.
      const present = view.planets[seat][p].map((k2, s) => [view.colours[s], k2]).filter(([, k2]) => k2 > 0);
      tokenBlock(ctx, present, px, py + planetR * 0.2, Math.max(planetR * 0.21, 5.5), letters);
      hits.push({ planet: [seat, p], x: px, y: py, r: planetR + 4 });
      obstacles.push({ x: px, y: py, r: planetR });
    }
  });

  // The Trou Noir in the centre, with the tokens it holds per colour.
  const tnR = Math.max(m * (W < 560 ? 0.06 : 0.075), 30);
  obstacles.push({ x: cx, y: cy, r: tnR });
  // The destiny cup goes where no system is: top left, or middle left with four systems in the corners.
  const cw = m * 0.09;
  const cupX = 14;
  const cupY = n === 4 ? H / 2 - cw * 0.6 : 12;
  obstacles.push({ x: cupX + cw * 0.8, y: cupY + cw * 0.55, hx: cw * 0.9, hy: cw * 0.6 });
  for (const lb of labels2) {
    obstacles.push({ x: lb.left + lb.tw / 2 - lb.fontPx * 0.45, y: lb.ly, hx: lb.tw / 2 + lb.fontPx * 0.9, hy: lb.fontPx * 0.7 });
  }
  // Its accretion disc (a tilted glowing ring behind it), then the hole with a bright rim.
  ctx.beginPath();
  ctx.ellipse(cx, cy, tnR * 1.7, tnR * 0.75, -0.35, 0, Math.PI * 2);
  ctx.fillStyle = stops(ctx.createRadialGradient(cx, cy, tnR * 0.8, cx, cy, tnR * 1.7), [[0, "rgba(255, 170, 80, 0.0)"],
    [0.35, "rgba(255, 150, 70, 0.55)"], [0.6, "rgba(170, 90, 255, 0.35)"], [1, "rgba(90, 60, 200, 0)"]]);
  ctx.fill();
  const hole = stops(ctx.createRadialGradient(cx, cy, tnR * 0.1, cx, cy, tnR),
    [[0, "#000"], [0.75, "#05040d"], [0.93, "#3b2f8a"], [1, "#c9a0ff"]]);
  ctx.beginPath();
  ctx.arc(cx, cy, tnR, 0, Math.PI * 2);
  fillShadowed(ctx, hole, "rgba(180, 130, 255, 0.8)", 22);
  ctx.fillStyle = MUTED;
  ctx.font = `bold ${Math.max(11, Math.round(tnR * 0.25))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(labels.trouNoir, cx, cy - tnR * 0.45);
  const inHole = view.trou_noir.map((k2, s) => [view.colours[s], k2]).filter(([, k2]) => k2 > 0);
  if (inHole.length) tokenBlock(ctx, inHole, cx, cy + tnR * 0.25, Math.max(tnR * 0.13, 5.5), letters);
  // Tokens being lost (off the board while their loser, a Zombie or a Zap decides): just under the Trou Noir.
  const losing = (view.being_lost || []).map((k2, s) => [view.colours[s], k2]).filter(([, k2]) => k2 > 0);
  if (losing.length && labels.beingLost) {
    const lr = 6;
    const block = tokenBlock(ctx, losing, 0, 0, lr, letters, 4, true);
    ctx.font = `bold ${MIN_COUNT_PX}px system-ui, sans-serif`;
    const bw = Math.max(block.w, ctx.measureText(labels.beingLost).width) + 12;
    const bh = block.h + MIN_COUNT_PX + 10;
    const by = cy + tnR + 4;
    ctx.fillStyle = "rgba(20, 18, 43, 0.92)";
    ctx.fillRect(cx - bw / 2, by, bw, bh);
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = "#ff7a7a";
    ctx.lineWidth = 1.5;
    ctx.strokeRect(cx - bw / 2, by, bw, bh);
    ctx.setLineDash([]);
    ctx.fillStyle = "#ffb3b3";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(labels.beingLost, cx, by + MIN_COUNT_PX * 0.5 + 4);
    tokenBlock(ctx, losing, cx, by + MIN_COUNT_PX + 6 + block.h / 2, lr, letters, 4);
    obstacles.push({ x: cx, y: by + bh / 2, hx: bw / 2, hy: bh / 2 });
    layout.lost = { x: cx, y: by + bh / 2 };
  }

  // The cone from the Trou Noir to the attacked planet, with the offensive oval on it.
  if (!view.over && view.target && pos[`${view.target[0]},${view.target[1]}`] && view.offence !== null) {
    const t = pos[`${view.target[0]},${view.target[1]}`];
    const ang = Math.atan2(t.y - cy, t.x - cx);
    const tipX = t.x - Math.cos(ang) * (planetR + 2);
    const tipY = t.y - Math.sin(ang) * (planetR + 2);
    const baseX = cx + Math.cos(ang) * tnR;
    const baseY = cy + Math.sin(ang) * tnR;
    const half = tnR * 0.6;
    const offC = COLOURS[view.colours[view.offence]];
    ctx.beginPath();
    ctx.moveTo(tipX, tipY);
    ctx.lineTo(baseX - Math.sin(ang) * half, baseY + Math.cos(ang) * half);
    ctx.lineTo(baseX + Math.sin(ang) * half, baseY - Math.cos(ang) * half);
    ctx.closePath();
    ctx.fillStyle = stops(ctx.createLinearGradient(baseX, baseY, tipX, tipY),
      [[0, "rgba(255, 207, 74, 0.38)"], [1, "rgba(255, 207, 74, 0.08)"]]);
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = offC.fill;
    ctx.stroke();
    // The offensive oval: allied tokens in the cone, per colour.
    const inOval = view.oval.map((k2, s) => [view.colours[s], k2]).filter(([, k2]) => k2 > 0);
    const smallPx = Math.max(10, Math.round(planetR * 0.32)); // the oval's and the ring's captions, never tiny
    ctx.font = `${smallPx}px system-ui, sans-serif`;
    const rowR = Math.max(planetR * 0.16, smallPx * 0.45, 5.5);
    const ovalRow = tokenBlock(ctx, inOval, 0, 0, rowR, letters, Math.max(1, inOval.length), true);
    ctx.font = `${smallPx}px system-ui, sans-serif`;
    const ow = Math.max(54, ovalRow.w + 24, ctx.measureText(labels.oval).width + 6);
    const ohx = ow / 2 + 8;
    const ohy = Math.max(planetR * 0.55, smallPx * 1.6, 20);
    // On the cone when it is long enough; otherwise beside it (a short cone: the planet near the Trou Noir).
    const spots = [];
    const side = ohy + half + 12;
    for (const d of [0, side, -side, 1.9 * side, -1.9 * side]) {
      for (const f of [0.5, 0.35, 0.65]) {
        spots.push({ x: baseX + (tipX - baseX) * f - Math.sin(ang) * d, y: baseY + (tipY - baseY) * f + Math.cos(ang) * d,
          fx: baseX + (tipX - baseX) * f, fy: baseY + (tipY - baseY) * f });
      }
    }
    // A crowded board: an empty edge of the board rather than covering a planet (its caption says what it is).
    const mid = { fx: (baseX + tipX) / 2, fy: (baseY + tipY) / 2 };
    for (const [x, y] of [[ohx + 6, H - ohy - 6], [W - ohx - 6, H - ohy - 6], [W - ohx - 6, H / 2], [ohx + 6, H / 2],
      [W - ohx - 6, ohy + 6]]) spots.push({ x, y, ...mid, cost: 0.5, edge: true });
    const spot = bestSpot(spots, ohx, ohy, obstacles.filter((o) => !(o.x === t.x && o.y === t.y && o.r !== undefined)), W, H);
    const ox = spot.x;
    const oy = spot.y;
    obstacles.push({ x: ox, y: oy, hx: ohx, hy: ohy });
    layout.oval = { x: ox, y: oy };
    layout.ring = { x: t.x, y: t.y };
    if (ox !== spot.fx || oy !== spot.fy) { // tie the oval to its cone (even from an edge of the board: it names what it holds)
      ctx.beginPath();
      ctx.moveTo(spot.fx, spot.fy);
      ctx.lineTo(ox, oy);
      ctx.lineWidth = 2;
      ctx.strokeStyle = offC.fill;
      ctx.setLineDash([4, 3]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.beginPath();
    ctx.ellipse(ox, oy, ohx, ohy, 0, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(20, 18, 43, 0.85)";
    ctx.fill();
    ctx.strokeStyle = offC.fill;
    ctx.stroke();
    ctx.fillStyle = MUTED;
    ctx.font = `${smallPx}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.fillText(labels.oval, ox, oy - ohy * 0.45);
    tokenRow(ctx, inOval, ox, oy + ohy * 0.3, rowR, letters);
    // The defensive ring around the attacked planet, and its allied tokens beside it.
    if (view.defence !== null) {
      const defC = COLOURS[view.colours[view.defence]];
      ctx.beginPath();
      ctx.arc(t.x, t.y, planetR + 10, 0, Math.PI * 2);
      ctx.lineWidth = 4;
      ctx.strokeStyle = defC.fill;
      ctx.setLineDash([8, 4]);
      ctx.stroke();
      ctx.setLineDash([]);
      const inRing = view.ring.map((k2, s) => [view.colours[s], k2]).filter(([, k2]) => k2 > 0);
      if (inRing.length) {
        // Beside the attacked planet, where it covers nothing if it can (outward first).
        const around = [];
        for (const turn of [0, 0.5, -0.5, 1, -1, 0.25, -0.25, 0.75, -0.75]) {
          const a2 = ang + turn * Math.PI;
          around.push({ x: t.x + Math.cos(a2) * (planetR + 60), y: t.y + Math.sin(a2) * (planetR * 1.7) });
        }
        const others = obstacles.filter((o) => !(o.x === t.x && o.y === t.y && o.r !== undefined));
        others.push({ x: t.x, y: t.y, r: planetR + 12 });
        ctx.font = `${smallPx}px system-ui, sans-serif`;
        const ringRow = tokenBlock(ctx, inRing, 0, 0, rowR, letters, inRing.length, true);
        ctx.font = `${smallPx}px system-ui, sans-serif`;
        const bw = Math.max(ctx.measureText(labels.ring).width + 12, ringRow.w + 12, 60);
        const bh = Math.max(planetR * 1.1, smallPx * 3.2);
        for (const [x, y] of [[bw / 2 + 6, H - bh / 2 - 6], [W - bw / 2 - 6, H - bh / 2 - 6], [W - bw / 2 - 6, H / 2]]) around.push({ x, y, cost: 0.5, edge: true });
        const spot2 = bestSpot(around, bw / 2 + 2, bh / 2 + 2, others, W, H);
        const bx = Math.min(Math.max(spot2.x, bw / 2 + 4), W - bw / 2 - 4);
        const by = Math.min(Math.max(spot2.y, bh / 2 + 4), H - bh / 2 - 4);
        layout.ring = { x: bx, y: by };
        // Tie the box to its ring, wherever it had to go.
        const la = Math.atan2(by - t.y, bx - t.x);
        ctx.beginPath();
        ctx.moveTo(t.x + Math.cos(la) * (planetR + 12), t.y + Math.sin(la) * (planetR + 12));
        ctx.lineTo(bx, by);
        ctx.lineWidth = 2;
        ctx.strokeStyle = defC.fill;
        ctx.setLineDash([4, 3]);
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.fillStyle = "rgba(20, 18, 43, 0.9)";
        ctx.fillRect(bx - bw / 2, by - bh / 2, bw, bh);
        ctx.strokeStyle = defC.fill;
        ctx.lineWidth = 2;
        ctx.strokeRect(bx - bw / 2, by - bh / 2, bw, bh);
        ctx.fillStyle = MUTED;
        ctx.font = `${smallPx}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.fillText(labels.ring, bx, by - bh * 0.22);
        tokenRow(ctx, inRing, bx, by + bh * 0.2, rowR, letters);
      }
    }
  }

  // The systems' names, over everything else, on a dark backing so that they stay readable.
  for (const lb of labels2) {
    const tokenR = lb.fontPx * 0.55;
    ctx.fillStyle = "rgba(13, 11, 34, 0.8)";
    ctx.fillRect(lb.left - lb.fontPx * 1.6, lb.ly - lb.fontPx * 0.7, lb.tw + lb.fontPx * 1.9, lb.fontPx * 1.4);
    token(ctx, lb.colour, letters[lb.colour], null, lb.left - lb.fontPx * 0.9, lb.ly, tokenR);
    ctx.fillStyle = INK;
    ctx.font = `bold ${lb.fontPx}px system-ui, sans-serif`;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText(lb.text, lb.left, lb.ly);
  }

  // The destiny cup: discs left and the last disc drawn.
  ctx.beginPath();
  ctx.moveTo(cupX, cupY);
  ctx.lineTo(cupX + cw, cupY);
  ctx.lineTo(cupX + cw * 0.82, cupY + cw * 0.8);
  ctx.lineTo(cupX + cw * 0.18, cupY + cw * 0.8);
  ctx.closePath();
  fillShadowed(ctx, stops(ctx.createLinearGradient(cupX, 0, cupX + cw, 0), [[0, "#2b2756"], [0.35, "#6a63b8"],
    [1, "#2b2756"]]), "rgba(0, 0, 0, 0.7)", 6, 3);
  ctx.strokeStyle = MUTED;
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(cupX + cw / 2, cupY, cw / 2, cw * 0.12, 0, 0, Math.PI * 2);
  ctx.fillStyle = "#151233";
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = INK;
  ctx.font = `bold ${Math.max(MIN_COUNT_PX, Math.round(cw * 0.35))}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(view.cup.count), cupX + cw / 2, cupY + cw * 0.4);
  ctx.fillStyle = MUTED;
  ctx.font = `${Math.max(11, Math.round(cw * 0.2))}px system-ui, sans-serif`;
  ctx.textAlign = "left";
  ctx.fillText(labels.cup, cupX, cupY + cw * 1.0);
  const aside = view.cup.aside || [];
  if (aside.length) {
    const last = view.colours[aside[aside.length - 1]];
    if (last) token(ctx, last, letters[last], null, cupX + cw * 1.35, cupY + cw * 0.4, cw * 0.2);
  }
  // Test hook: the smallest count drawn, in CSS pixels (none: no count on the board).
  if (Number.isFinite(smallestCount)) canvas.dataset.minCountPx = String(smallestCount);
  else delete canvas.dataset.minCountPx;
  hits.layout = layout;
  return hits;
}

/** The planet under (x, y) in CSS pixels, or null. */
export function hitTest(hits, x, y) {
  for (const h of hits) {
    if ((x - h.x) ** 2 + (y - h.y) ** 2 <= h.r ** 2) return h.planet;
  }
  return null;
}
