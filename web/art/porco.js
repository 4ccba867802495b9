// Porco Crasso's own drawings (made for this site): the pigs in their three states, the sty and what goes on it,
// the Pépère, an icon for every card and the winner's pig. Shapes always back the colours up: sparkles on a clean
// pig, mud splashes on a dirty one, a bow and pearls on a Coquettruie, planks and a roof on a sty.
import { art, gradient, s, uid } from "./svg.js";

const LOOK = {
  clean: { hi: "#ffe1ea", lo: "#f39bb9", line: "#a8456c", leg: "#e884a6", snout: "#ffc0d3" },
  dirty: { hi: "#f3c3b0", lo: "#d98f84", line: "#6b3a22", leg: "#b9715f", snout: "#f0b3a5" },
  coquettruie: { hi: "#fbe6ff", lo: "#d99be9", line: "#6a2c85", leg: "#c786d6", snout: "#f2c6ff" },
};

function mudBlobs() {
  const mud = "#6b4221";
  return s("g", { class: "mud", fill: mud, stroke: "#3f2410", "stroke-width": "0.8" },
    s("path", { d: "M30 40 q6 -7 14 -2 q8 -3 9 5 q5 6 -3 9 q-4 7 -12 3 q-9 2 -9 -6 q-4 -5 1 -9z" }),
    s("path", { d: "M62 58 q5 -5 11 -1 q6 1 4 7 q-2 6 -9 4 q-8 1 -7 -5z" }),
    s("path", { d: "M84 30 q4 -3 7 0 q4 3 0 6 q-4 2 -7 -1z" }),
    s("path", { d: "M50 70 q2 6 0 10 q-2 -4 0 -10z" }),
    s("path", { d: "M70 72 q2 5 0 8 q-2 -3 0 -8z" }),
    s("circle", { cx: 24, cy: 60, r: 2.5 }), s("circle", { cx: 100, cy: 58, r: 2 }));
}

function sparkles() {
  const star = (x, y, r) => s("path", {
    d: `M${x} ${y - r} L${x + r * 0.28} ${y - r * 0.28} L${x + r} ${y} L${x + r * 0.28} ${y + r * 0.28} L${x} ${y + r} `
      + `L${x - r * 0.28} ${y + r * 0.28} L${x - r} ${y} L${x - r * 0.28} ${y - r * 0.28}Z`,
  });
  return s("g", { class: "sparkles", fill: "#ffffff", stroke: "#7fc8ff", "stroke-width": "0.7" },
    star(16, 22, 6), star(108, 12, 5), star(38, 16, 3.5),
    s("circle", { cx: 22, cy: 74, r: 4, fill: "rgba(200,235,255,0.55)", stroke: "#7fc8ff" }),
    s("circle", { cx: 14, cy: 66, r: 2.5, fill: "rgba(200,235,255,0.55)", stroke: "#7fc8ff" }));
}

function bowAndPearls() {
  return s("g", { class: "coq-finery" },
    s("path", { d: "M86 16 l-12 -8 l1 14z", fill: "#d81b7a", stroke: "#6a0f3d", "stroke-width": "1" }),
    s("path", { d: "M86 16 l12 -9 l-1 15z", fill: "#d81b7a", stroke: "#6a0f3d", "stroke-width": "1" }),
    s("circle", { cx: 86, cy: 16, r: 3.2, fill: "#ff5fa8", stroke: "#6a0f3d", "stroke-width": "1" }),
    // lashes and lipstick
    s("path", { d: "M92 32 l-1 -4 M95 31 l0 -4 M98 32 l1 -4", stroke: "#2a1030", "stroke-width": "1.2", fill: "none" }),
    s("path", { d: "M97 52 q4 -2 8 0 q-4 4 -8 0z", fill: "#e0115f" }),
    [70, 75, 80, 85].map((x, i) => s("circle", { cx: x, cy: 58 + (i % 2 ? 1.5 : 0), r: 2.2, fill: "#fffdf4", stroke: "#b59a6a", "stroke-width": "0.6" })));
}

function sty(back) {
  const wood = "#9a6a3c";
  if (back) {
    return s("g", { class: "sty" },
      s("rect", { x: 6, y: 22, width: 108, height: 62, fill: "#6e4a2a", stroke: "#3b2412", "stroke-width": "1.5" }),
      [20, 34, 48, 62, 76, 90, 104].map((x) => s("line", { x1: x, y1: 23, x2: x, y2: 83, stroke: "#4d321b", "stroke-width": "1.2" })),
      s("path", { d: "M0 26 L60 0 L120 26 Z", fill: "#b5492f", stroke: "#5b1f10", "stroke-width": "2", "stroke-linejoin": "round" }),
      s("path", { d: "M12 21 L60 1 L108 21", fill: "none", stroke: "#d97a5a", "stroke-width": "1.2" }),
      s("rect", { x: 52, y: 8, width: 16, height: 10, fill: "#2b1a0c", stroke: wood, "stroke-width": "1.5" }));
  }
  return null;
}

function rod() {
  return s("g", { class: "rod" },
    s("line", { x1: 60, y1: 1, x2: 60, y2: -13, stroke: "#cfd6dd", "stroke-width": "2.4" }),
    s("circle", { cx: 60, cy: -13, r: 2.6, fill: "#eef3f7", stroke: "#6c7a86", "stroke-width": "1" }),
    s("path", { d: "M72 -14 l-5 7 h4 l-5 8 l10 -10 h-4 l4 -5z", fill: "#ffd43b", stroke: "#8a6a00", "stroke-width": "0.8" }));
}

function barricade() {
  const plank = (y) => s("rect", { x: 2, y, width: 116, height: 7, rx: 1.5, fill: "#b07a45", stroke: "#4f2f12", "stroke-width": "1.2" });
  return s("g", { class: "barricade" },
    [8, 60, 112].map((x) => s("rect", { x: x - 3.5, y: 60, width: 7, height: 26, fill: "#8a5a2e", stroke: "#4f2f12", "stroke-width": "1.2" })),
    plank(64), plank(76),
    s("path", { d: "M14 62 L56 84 M56 62 L14 84 M66 62 L106 84 M106 62 L66 84", stroke: "#6e4420", "stroke-width": "3" }));
}

function cap() {
  return s("g", { class: "pepere-cap" },
    s("path", { d: "M74 28 q14 -14 32 -4 l6 4 q-18 -2 -38 0z", fill: "#6d675a", stroke: "#2f2b22", "stroke-width": "1.2" }),
    s("path", { d: "M98 46 q5 3 10 0 q-5 6 -10 0z", fill: "#f4f1ea", stroke: "#8d877a", "stroke-width": "0.6" }),
    s("circle", { cx: 92, cy: 38, r: 4.2, fill: "none", stroke: "#2f2b22", "stroke-width": "1" }));
}

function starBadge(x, y, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return s("g", { class: "pepere-star" },
    s("circle", { cx: x, cy: y, r: r * 1.25, fill: "#1e5e3b", stroke: "#ffe27a", "stroke-width": "1.2" }),
    s("polygon", { points: pts.join(" "), fill: "#ffd43b", stroke: "#8a6a00", "stroke-width": "0.8" }));
}

/** The pig beneath a Coquettruie, peeking out at her feet: a small face, with mud on it if it is dirty. */
function peek(dirty) {
  const look = dirty ? LOOK.dirty : LOOK.clean;
  return s("g", { class: `peek peek-${dirty ? "dirty" : "clean"}` },
    s("circle", { cx: 16, cy: 74, r: 11, fill: look.lo, stroke: look.line, "stroke-width": "1.4" }),
    s("path", { d: "M8 66 l-1 -9 l7 5z M24 66 l1 -9 l-7 5z", fill: look.leg, stroke: look.line, "stroke-width": "1" }),
    s("ellipse", { cx: 16, cy: 78, rx: 5, ry: 3.6, fill: look.snout, stroke: look.line, "stroke-width": "1" }),
    s("circle", { cx: 14, cy: 78, r: 0.9, fill: look.line }), s("circle", { cx: 18, cy: 78, r: 0.9, fill: look.line }),
    s("circle", { cx: 12, cy: 71, r: 1.3, fill: "#20131a" }), s("circle", { cx: 20, cy: 71, r: 1.3, fill: "#20131a" }),
    dirty ? s("path", { d: "M7 70 q3 -4 6 0 q-1 4 -6 0z M20 82 q4 -2 6 1 q-3 3 -6 -1z", fill: "#6b4221" }) : null);
}

function crown() {
  return s("path", {
    class: "crown", d: "M76 18 l4 -14 l6 9 l6 -12 l5 12 l6 -8 l1 14z",
    fill: "#ffd43b", stroke: "#8a6a00", "stroke-width": "1.2", "stroke-linejoin": "round",
  });
}

/**
 * A pig: state "clean" | "dirty" | "coquettruie", with its sty (and rod, barricade) if any, the Pépère's cap and
 * star when it has all three, a crown for a winner; under a Coquettruie, `under` ("clean" | "dirty") peeks out.
 */
export function pigArt({ state = "clean", porcherie = false, paratonnerre = false, barricade: barr = false,
  pepere = false, crowned = false, under = null } = {}) {
  const look = LOOK[state] || LOOK.clean;
  const g = uid("pc-pig");
  const body = [
    gradient("radial", g, [["0", look.hi], ["1", look.lo]], { cx: "40%", cy: "35%", r: "70%" }),
  ];
  const pig = s("g", { class: "pig-body" },
    s("ellipse", { cx: 58, cy: 84, rx: 40, ry: 4.5, fill: "rgba(0,0,0,0.28)" }),
    [34, 46, 68, 80].map((x) => s("rect", { x, y: 62, width: 9, height: 20, rx: 3, fill: look.leg, stroke: look.line, "stroke-width": "1.2" })),
    s("path", { d: "M20 48 q-9 -3 -8 -10 q2 -6 7 -2 q3 4 -3 6", fill: "none", stroke: look.line, "stroke-width": "2", "stroke-linecap": "round" }),
    s("ellipse", { cx: 56, cy: 52, rx: 38, ry: 23, fill: `url(#${g})`, stroke: look.line, "stroke-width": "1.6" }),
    s("circle", { cx: 90, cy: 42, r: 18, fill: `url(#${g})`, stroke: look.line, "stroke-width": "1.6" }),
    s("path", { d: "M80 28 l3 -13 l10 10z", fill: look.leg, stroke: look.line, "stroke-width": "1.4", "stroke-linejoin": "round" }),
    s("ellipse", { cx: 106, cy: 46, rx: 6.5, ry: 8, fill: look.snout, stroke: look.line, "stroke-width": "1.4" }),
    s("ellipse", { cx: 105, cy: 43, rx: 1.2, ry: 2, fill: look.line }),
    s("ellipse", { cx: 108, cy: 48, rx: 1.2, ry: 2, fill: look.line }),
    s("circle", { cx: 93, cy: 37, r: 2.6, fill: "#20131a" }),
    s("circle", { cx: 93.8, cy: 36.2, r: 0.9, fill: "#fff" }),
    state === "coquettruie" ? null : s("path", { d: "M95 54 q4 3 8 0", fill: "none", stroke: look.line, "stroke-width": "1.3", "stroke-linecap": "round" }));
  return art("0 -16 120 104", `pig-art pig-art-${state}`, [
    s("defs", null, body),
    porcherie ? sty(true) : null,
    porcherie && paratonnerre ? rod() : null,
    state === "clean" ? sparkles() : null,
    pig,
    state === "dirty" ? mudBlobs() : null,
    state === "coquettruie" ? bowAndPearls() : null,
    state === "coquettruie" && under ? peek(under === "dirty") : null,
    pepere ? cap() : null,
    barr ? barricade() : null,
    pepere ? starBadge(14, 8, 9) : null,
    crowned ? crown() : null,
  ]);
}

const ICONS = {
  boue: () => [
    s("ellipse", { cx: 24, cy: 34, rx: 19, ry: 8, fill: "#6b4221", stroke: "#3f2410", "stroke-width": "1.5" }),
    s("ellipse", { cx: 20, cy: 32, rx: 7, ry: 2.5, fill: "#8d5c33" }),
    s("path", { d: "M24 8 q7 10 0 16 q-7 -6 0 -16z", fill: "#7a4e26", stroke: "#3f2410", "stroke-width": "1.4" }),
    s("circle", { cx: 12, cy: 20, r: 2.5, fill: "#7a4e26" }), s("circle", { cx: 37, cy: 18, r: 3, fill: "#7a4e26" })],
  pluie: () => [
    s("path", { d: "M10 24 q-6 -1 -4 -8 q3 -6 10 -3 q3 -8 12 -6 q8 1 9 9 q7 0 7 6 q0 4 -6 4z", fill: "#e8f3ff", stroke: "#4d7ab3", "stroke-width": "1.6" }),
    [12, 22, 32].map((x) => s("path", { d: `M${x} 31 q-3 6 0 8 q3 -2 0 -8z`, fill: "#3d8be0", stroke: "#1f4f8a", "stroke-width": "1" })),
    [17, 27, 37].map((x) => s("path", { d: `M${x} 38 q-2 4 0 6 q2 -2 0 -6z`, fill: "#3d8be0" }))],
  porcherie: () => [
    s("rect", { x: 9, y: 20, width: 30, height: 22, fill: "#7a5230", stroke: "#3b2412", "stroke-width": "1.5" }),
    [16, 23, 30].map((x) => s("line", { x1: x, y1: 21, x2: x, y2: 41, stroke: "#4d321b" })),
    s("path", { d: "M4 22 L24 6 L44 22Z", fill: "#b5492f", stroke: "#5b1f10", "stroke-width": "1.8", "stroke-linejoin": "round" }),
    s("rect", { x: 19, y: 29, width: 10, height: 13, fill: "#2b1a0c" })],
  foudre: () => [
    s("path", { d: "M8 16 q-4 -8 6 -10 q6 -6 14 0 q10 -2 11 7z", fill: "#5b5f73", stroke: "#2c2f3d", "stroke-width": "1.4" }),
    s("path", { d: "M26 14 L14 30 h9 l-6 14 l16 -20 h-9 l6 -10z", fill: "#ffd43b", stroke: "#8a6a00", "stroke-width": "1.5", "stroke-linejoin": "round" }),
    s("path", { d: "M34 40 q4 -4 8 0 M32 44 q6 -3 11 1", stroke: "#ff6b2b", "stroke-width": "2", fill: "none" })],
  paratonnerre: () => [
    s("path", { d: "M8 32 L24 20 L40 32Z", fill: "#b5492f", stroke: "#5b1f10", "stroke-width": "1.6" }),
    s("rect", { x: 12, y: 32, width: 24, height: 12, fill: "#7a5230", stroke: "#3b2412", "stroke-width": "1.4" }),
    s("line", { x1: 24, y1: 20, x2: 24, y2: 5, stroke: "#9aa6b1", "stroke-width": "2.4" }),
    s("circle", { cx: 24, cy: 5, r: 2.8, fill: "#eef3f7", stroke: "#6c7a86" }),
    s("path", { d: "M40 4 l-6 8 h4 l-6 9 l11 -11 h-4 l4 -6z", fill: "#ffd43b", stroke: "#8a6a00", "stroke-width": "1" })],
  decrassage: () => [
    s("rect", { x: 8, y: 10, width: 28, height: 10, rx: 3, fill: "#3e8ed0", stroke: "#1b4a72", "stroke-width": "1.5", transform: "rotate(-20 22 15)" }),
    s("path", { d: "M10 22 l-2 6 M15 20 l-1 7 M20 18 l0 7 M25 16 l1 7 M30 14 l2 7", stroke: "#f0e6c8", "stroke-width": "2.2", transform: "rotate(-20 22 15)" }),
    [[14, 36, 5], [26, 38, 4], [36, 30, 6], [34, 42, 3]].map(([x, y, r]) => s("circle", { cx: x, cy: y, r, fill: "rgba(210,240,255,0.9)", stroke: "#4d9ad8", "stroke-width": "1.2" }))],
  barricade: () => [
    [8, 24, 40].map((x) => s("rect", { x: x - 3, y: 8, width: 6, height: 34, fill: "#8a5a2e", stroke: "#4f2f12", "stroke-width": "1.2" })),
    s("rect", { x: 3, y: 14, width: 42, height: 7, rx: 1.5, fill: "#b07a45", stroke: "#4f2f12", "stroke-width": "1.2" }),
    s("rect", { x: 3, y: 28, width: 42, height: 7, rx: 1.5, fill: "#b07a45", stroke: "#4f2f12", "stroke-width": "1.2" }),
    s("path", { d: "M9 12 L23 40 M23 12 L9 40", stroke: "#6e4420", "stroke-width": "2.6" })],
  super_gadoue: () => [
    s("path", { d: "M6 30 q0 -12 10 -12 q2 -10 12 -8 q12 0 12 10 q8 4 4 12 q-2 8 -12 6 q-6 6 -14 2 q-12 2 -12 -10z", fill: "#5e3a1b", stroke: "#2e1a08", "stroke-width": "1.6" }),
    s("path", { d: "M24 16 l3 7 h7 l-6 4 l2 7 l-6 -4 l-6 4 l2 -7 l-6 -4 h7z", fill: "#ffd43b", stroke: "#8a6a00", "stroke-width": "1" }),
    s("path", { d: "M14 42 q1 4 0 6 M34 42 q1 3 0 5", stroke: "#5e3a1b", "stroke-width": "3", "stroke-linecap": "round" })],
  coquettruie: () => [
    s("path", { d: "M24 22 l-17 -11 l1 22z", fill: "#d81b7a", stroke: "#6a0f3d", "stroke-width": "1.5", "stroke-linejoin": "round" }),
    s("path", { d: "M24 22 l17 -11 l-1 22z", fill: "#d81b7a", stroke: "#6a0f3d", "stroke-width": "1.5", "stroke-linejoin": "round" }),
    s("path", { d: "M22 24 l-6 18 l5 -3 l3 5z M26 24 l6 18 l-5 -3 l-3 5z", fill: "#b3125f", stroke: "#6a0f3d", "stroke-width": "1" }),
    s("circle", { cx: 24, cy: 22, r: 5, fill: "#ff5fa8", stroke: "#6a0f3d", "stroke-width": "1.4" })],
  sauve_qui_porc: () => [
    s("ellipse", { cx: 28, cy: 26, rx: 13, ry: 9, fill: "#f39bb9", stroke: "#a8456c", "stroke-width": "1.5" }),
    s("circle", { cx: 39, cy: 22, r: 6.5, fill: "#f7b3c9", stroke: "#a8456c", "stroke-width": "1.5" }),
    s("circle", { cx: 41, cy: 20.5, r: 1.2, fill: "#20131a" }),
    s("path", { d: "M20 33 l-5 7 M26 34 l0 8 M32 34 l4 7 M36 32 l7 5", stroke: "#a8456c", "stroke-width": "2.4", "stroke-linecap": "round" }),
    s("path", { d: "M2 18 h10 M4 26 h8 M2 34 h10", stroke: "#9fb4d6", "stroke-width": "2.2", "stroke-linecap": "round" }),
    s("path", { d: "M24 8 l-5 -5 l1 7z M24 8 l5 -5 l-1 7z", fill: "#d81b7a", opacity: "0.7" })],
  oiseau: () => [
    s("path", { d: "M8 28 q6 -14 20 -12 q10 -8 16 -2 q-6 0 -8 4 q4 12 -10 16 q-12 2 -18 -6z", fill: "#2fb5a0", stroke: "#0f5a4e", "stroke-width": "1.5", "stroke-linejoin": "round" }),
    s("path", { d: "M18 24 q6 -10 14 -4 q-4 8 -14 4z", fill: "#8ee6d5", stroke: "#0f5a4e", "stroke-width": "1" }),
    s("path", { d: "M44 14 l4 2 l-4 2z", fill: "#ffb703", stroke: "#8a5a00", "stroke-width": "0.8" }),
    s("circle", { cx: 38, cy: 15, r: 1.5, fill: "#102" }),
    s("path", { d: "M6 40 l4 -4 l2 5 l4 -5 l2 5", stroke: "#ffd43b", "stroke-width": "1.6", fill: "none" })],
  rouge_a_levres: () => [
    s("rect", { x: 15, y: 26, width: 18, height: 18, rx: 2, fill: "#d6b25a", stroke: "#6e5415", "stroke-width": "1.5" }),
    s("rect", { x: 17, y: 18, width: 14, height: 9, fill: "#e0c27a", stroke: "#6e5415", "stroke-width": "1.2" }),
    s("path", { d: "M18 18 v-9 q3 -6 12 -3 v12z", fill: "#e0115f", stroke: "#6a0f3d", "stroke-width": "1.4" }),
    s("path", { d: "M34 8 q5 -2 8 1 q-4 5 -8 -1z", fill: "#e0115f", opacity: "0.85" })],
};

/** The icon of a Porco Crasso card (or of the face-down deck with "deck"). */
export function cardIcon(card) {
  const draw = ICONS[card];
  if (!draw && card !== "deck") return art("0 0 48 48", "card-icon card-icon-unknown", [s("circle", { cx: 24, cy: 24, r: 16, fill: "#c9b98f" })]);
  if (card === "deck") {
    return art("0 0 48 48", "card-icon card-icon-deck", [
      [6, 3, 0].map((d) => s("rect", { x: 8 + d, y: 6 + d, width: 28, height: 38, rx: 4, fill: "#b5492f", stroke: "#5b1f10", "stroke-width": "1.5" })),
      s("ellipse", { cx: 22, cy: 25, rx: 8, ry: 9, fill: "#f7b3c9", stroke: "#5b1f10", "stroke-width": "1.2" }),
      s("ellipse", { cx: 20, cy: 25, rx: 1.2, ry: 2, fill: "#5b1f10" }), s("ellipse", { cx: 24, cy: 25, rx: 1.2, ry: 2, fill: "#5b1f10" })]);
  }
  return art("0 0 48 48", `card-icon card-icon-${card}`, draw());
}

/** The names of the cards that have an icon (the test checks every card face shows one). */
export const ICON_CARDS = Object.keys(ICONS);
