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

/** One colour's token marker: its shape in its colour with its letter, and the count beside it. */
function token(ctx, colour, letter, count, x, y, r, countInk = INK) {
  const c = COLOURS[colour];
  shapePath(ctx, c.shape, x, y, r);
  ctx.fillStyle = c.fill;
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
    ctx.fillStyle = countInk;
    ctx.font = `bold ${Math.round(r * 1.35)}px system-ui, sans-serif`;
    ctx.textAlign = "left";
    ctx.fillText(String(count), x + r * 1.2, y);
  }
}

/** A row of markers (colour → count) centred on x. */
function tokenRow(ctx, entries, x, y, r, letters) {
  const w = r * 4.2;
  let left = x - (entries.length * w) / 2 + r * 1.2;
  for (const [colour, n] of entries) {
    token(ctx, colour, letters[colour], n, left, y, r);
    left += w;
  }
}

/**
 * Draw the board. model = {view, names, order (seats from the bottom clockwise), legal (Set of "s,p"),
 * picked ("s,p"|null), letters (colour → letter), labels {trouNoir, cup, oval, ring}}. Returns hits.
 */
export function drawBoard(canvas, model) {
  const { view, legal, picked, letters, labels } = model;
  const dpr = window.devicePixelRatio || 1;
  const W = canvas.clientWidth || 640;
  // Narrow screens get a taller board so that the systems do not overlap.
  const H = Math.round(Math.min(W * (W < 560 ? 1.2 : 0.78), 760));
  canvas.style.height = `${H}px`;
  if (canvas.width !== Math.round(W * dpr) || canvas.height !== Math.round(H * dpr)) {
    canvas.width = Math.round(W * dpr);
    canvas.height = Math.round(H * dpr);
  }
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, W, H);
  ctx.fillStyle = "#0d0b22";
  ctx.fillRect(0, 0, W, H);

  const n = view.colours.length;
  const cx = W / 2;
  const cy = H / 2;
  const m = Math.min(W, H);
  const hexR = m * (n <= 2 ? 0.23 : n === 3 ? 0.2 : 0.18);
  // Two or four systems sit on the diagonals (the viewer's bottom left); three form a triangle (the viewer's at the bottom).
  const offset = n === 3 ? Math.PI / 2 : (3 * Math.PI) / 4;
  const Rx = (W / 2) - hexR - 6;
  const Ry = (H / 2) - hexR - 14;
  const planetR = hexR * 0.31;
  const hits = [];
  const pos = {}; // "s,p" → {x, y}

  // Systems: the viewer's at the bottom, the others clockwise.
  model.order.forEach((seat, k) => {
    const ang = offset + (k * 2 * Math.PI) / n;
    const sx = cx + Rx * Math.cos(ang);
    const sy = cy + Ry * Math.sin(ang);
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
    ctx.fillStyle = "#1b1840";
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = c.fill;
    ctx.setLineDash(view.eliminated[seat] ? [6, 6] : []);
    ctx.stroke();
    ctx.setLineDash([]);
    // Its owner's name, colour and symbol, just outside the hexagon.
    const name = String(model.names[seat] ?? "");
    const label = name.length > 16 ? name.slice(0, 15) + "…" : name;
    const fontPx = Math.max(11, Math.round(hexR * 0.13));
    ctx.font = `bold ${fontPx}px system-ui, sans-serif`;
    const tw = ctx.measureText(label).width;
    const ly = sy - hexR - fontPx * 0.2;
    token(ctx, colour, letters[colour], null, sx - tw / 2 - fontPx * 0.9, ly, fontPx * 0.55);
    ctx.fillStyle = INK;
    ctx.font = `bold ${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText(label, sx - tw / 2, ly);
    // Five planets around the system's centre.
    for (let p = 0; p < 5; p++) {
      const a = -Math.PI / 2 + (p * 2 * Math.PI) / 5;
      const px = sx + hexR * 0.64 * Math.cos(a);
      const py = sy + hexR * 0.6 * Math.sin(a) + hexR * 0.05;
      const key = `${seat},${p}`;
      pos[key] = { x: px, y: py };
      const isLegal = legal.has(key);
      const isTarget = view.target && view.target[0] === seat && view.target[1] === p;
      ctx.beginPath();
      ctx.arc(px, py, planetR, 0, Math.PI * 2);
      ctx.fillStyle = "#2e2a5c";
      ctx.fill();
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
      // Stacked tokens: one marker per colour present, in a 2×2 grid.
      const present = view.planets[seat][p].map((k2, s) => [s, k2]).filter(([, k2]) => k2 > 0);
      const r = planetR * 0.21;
      present.forEach(([s, k2], i) => {
        const gx = px + (i % 2 === 0 ? -planetR * 0.52 : planetR * 0.08);
        const gy = py + (i < 2 ? -planetR * 0.12 : planetR * 0.42) + (present.length <= 2 ? planetR * 0.12 : 0);
        token(ctx, view.colours[s], letters[view.colours[s]], k2, gx, gy, r);
      });
      hits.push({ planet: [seat, p], x: px, y: py, r: planetR + 4 });
    }
  });

  // The Trou Noir in the centre, with the tokens it holds per colour.
  const tnR = m * (W < 560 ? 0.06 : 0.075);
  const grad = ctx.createRadialGradient(cx, cy, tnR * 0.1, cx, cy, tnR);
  grad.addColorStop(0, "#000");
  grad.addColorStop(0.75, "#05040d");
  grad.addColorStop(1, "#5b4fb0");
  ctx.beginPath();
  ctx.arc(cx, cy, tnR, 0, Math.PI * 2);
  ctx.fillStyle = grad;
  ctx.fill();
  ctx.fillStyle = MUTED;
  ctx.font = `bold ${Math.round(tnR * 0.25)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(labels.trouNoir, cx, cy - tnR * 0.45);
  const inHole = view.trou_noir.map((k2, s) => [view.colours[s], k2]).filter(([, k2]) => k2 > 0);
  if (inHole.length) {
    const rr = tnR * 0.13;
    inHole.forEach(([colour, k2], i) => {
      token(ctx, colour, letters[colour], k2, cx - tnR * 0.5 + (i % 2) * tnR * 0.62,
        cy + (i < 2 ? tnR * 0.02 : tnR * 0.42), rr);
    });
  }

  // The cone from the Trou Noir to the attacked planet, with the offensive oval on it.
  if (view.target && pos[`${view.target[0]},${view.target[1]}`] && view.offence !== null) {
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
    ctx.fillStyle = "rgba(255, 207, 74, 0.18)";
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = offC.fill;
    ctx.stroke();
    // The offensive oval: allied tokens in the cone, per colour.
    const inOval = view.oval.map((k2, s) => [view.colours[s], k2]).filter(([, k2]) => k2 > 0);
    const ox = (baseX + tipX) / 2;
    const oy = (baseY + tipY) / 2;
    const ow = Math.max(54, inOval.length * planetR * 0.95);
    ctx.beginPath();
    ctx.ellipse(ox, oy, ow / 2 + 8, planetR * 0.55, 0, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(20, 18, 43, 0.85)";
    ctx.fill();
    ctx.strokeStyle = offC.fill;
    ctx.stroke();
    ctx.fillStyle = MUTED;
    ctx.font = `${Math.round(planetR * 0.32)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.fillText(labels.oval, ox, oy - planetR * 0.3);
    tokenRow(ctx, inOval, ox, oy + planetR * 0.12, planetR * 0.16, letters);
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
        const rx = t.x + Math.cos(ang) * (planetR * 2.1);
        const ry = t.y + Math.sin(ang) * (planetR * 1.6);
        const bx = Math.min(Math.max(rx, 60), W - 60);
        const by = Math.min(Math.max(ry, 20), H - 20);
        ctx.fillStyle = "rgba(20, 18, 43, 0.9)";
        ctx.fillRect(bx - 56, by - planetR * 0.55, 112, planetR * 1.1);
        ctx.strokeStyle = defC.fill;
        ctx.lineWidth = 2;
        ctx.strokeRect(bx - 56, by - planetR * 0.55, 112, planetR * 1.1);
        ctx.fillStyle = MUTED;
        ctx.font = `${Math.round(planetR * 0.3)}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.fillText(labels.ring, bx, by - planetR * 0.3);
        tokenRow(ctx, inRing, bx, by + planetR * 0.15, planetR * 0.16, letters);
      }
    }
  }

  // The destiny cup (top left): discs left and the last disc drawn.
  // The cup goes where no system is: top left, or middle left with four systems in the corners.
  const cw = m * 0.09;
  const cupX = 14;
  const cupY = n === 4 ? H / 2 - cw * 0.6 : 12;
  ctx.beginPath();
  ctx.moveTo(cupX, cupY);
  ctx.lineTo(cupX + cw, cupY);
  ctx.lineTo(cupX + cw * 0.82, cupY + cw * 0.8);
  ctx.lineTo(cupX + cw * 0.18, cupY + cw * 0.8);
  ctx.closePath();
  ctx.fillStyle = "#3a3577";
  ctx.fill();
  ctx.strokeStyle = MUTED;
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = INK;
  ctx.font = `bold ${Math.round(cw * 0.35)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(view.cup.count), cupX + cw / 2, cupY + cw * 0.4);
  ctx.fillStyle = MUTED;
  ctx.font = `${Math.round(cw * 0.2)}px system-ui, sans-serif`;
  ctx.textAlign = "left";
  ctx.fillText(labels.cup, cupX, cupY + cw * 1.0);
  const aside = view.cup.aside || [];
  if (aside.length) {
    const last = view.colours[aside[aside.length - 1]];
    if (last) token(ctx, last, letters[last], null, cupX + cw * 1.35, cupY + cw * 0.4, cw * 0.2);
  }
  return hits;
}

/** The planet under (x, y) in CSS pixels, or null. */
export function hitTest(hits, x, y) {
  for (const h of hits) {
    if ((x - h.x) ** 2 + (y - h.y) ** 2 <= h.r ** 2) return h.planet;
  }
  return null;
}
