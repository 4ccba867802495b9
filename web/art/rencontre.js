// Rencontre Cosmique's own drawings (made for this site): an icon for every card (attack, compromise, each edict)
// and every power, and the winner's star. The board itself is drawn on the canvas (games/rencontre-cosmique/canvas.js).
import { art, gradient, s, uid } from "./svg.js";

const INK = "#fff4c2";
const line = (d, w = 2.6) => s("path", { d, fill: "none", stroke: INK, "stroke-width": w, "stroke-linecap": "round", "stroke-linejoin": "round" });
const dot = (cx, cy, r, fill = INK) => s("circle", { cx, cy, r, fill });
const ring = (cx, cy, r, w = 2.6) => s("circle", { cx, cy, r, fill: "none", stroke: INK, "stroke-width": w });

/** The cards' pictures (viewBox 0 0 48 48), on the card's own ground. */
const CARDS = {
  attaque: () => [
    s("path", { d: "M24 4 q9 8 8 22 l-3 8 h-10 l-3 -8 q-1 -14 8 -22z", fill: "#e9eef5", stroke: "#3b3f55", "stroke-width": "1.6" }),
    s("circle", { cx: 24, cy: 18, r: 4, fill: "#6fd3ff", stroke: "#1c4f73", "stroke-width": "1.3" }),
    s("path", { d: "M16 26 l-6 8 l7 -1z M32 26 l6 8 l-7 -1z", fill: "#d84a2b", stroke: "#6a1d0f", "stroke-width": "1.2" }),
    s("path", { d: "M19 35 q5 12 10 0z", fill: "#ffb703", stroke: "#b34700", "stroke-width": "1" })],
  compromis: () => [
    s("path", { d: "M6 18 h26 l-5 -6 M42 30 h-26 l5 6", fill: "none", stroke: "#1b7a5a", "stroke-width": "4", "stroke-linecap": "round", "stroke-linejoin": "round" }),
    s("circle", { cx: 24, cy: 24, r: 4, fill: "#7be0a8", stroke: "#1b7a5a", "stroke-width": "1.4" })],
  moebius: () => [s("path", { d: "M24 24 c-6 -10 -18 -10 -18 0 s12 10 18 0 s18 -10 18 0 s-12 10 -18 0z", fill: "none", stroke: "#5b3a8c", "stroke-width": "4" }),
    s("path", { d: "M24 24 c6 -10 18 -10 18 0", fill: "none", stroke: "#b89cff", "stroke-width": "2" })],
  champ_de_force: () => [
    s("path", { d: "M24 5 l16 6 v12 q0 14 -16 20 q-16 -6 -16 -20 v-12z", fill: "#8fd8ff", stroke: "#1c4f73", "stroke-width": "2" }),
    s("path", { d: "M24 13 l7 4 v8 l-7 4 l-7 -4 v-8z", fill: "none", stroke: "#1c4f73", "stroke-width": "1.8" })],
  controle_emotionnel: () => [
    s("path", { d: "M24 42 q-18 -12 -18 -24 q0 -10 9 -10 q6 0 9 6 q3 -6 9 -6 q9 0 9 10 q0 12 -18 24z", fill: "#ff7ab8", stroke: "#7a1747", "stroke-width": "1.8" }),
    s("path", { d: "M24 24 m-2 0 a2 2 0 1 1 4 0 a4 4 0 1 1 -8 0 a6 6 0 1 1 12 0", fill: "none", stroke: "#fff", "stroke-width": "1.8" })],
  gaz_stellaire: () => [
    s("path", { d: "M8 32 q-4 -8 4 -12 q0 -10 10 -8 q6 -6 12 0 q10 0 8 10 q6 6 -2 12z", fill: "#c9b6ff", stroke: "#5b3a8c", "stroke-width": "1.6" }),
    dot(16, 26, 2, "#fff"), dot(28, 20, 2.5, "#fff"), dot(32, 30, 1.8, "#fff"), dot(22, 33, 1.5, "#fff")],
  peste: () => [
    s("circle", { cx: 24, cy: 24, r: 9, fill: "#9bd44a", stroke: "#35520f", "stroke-width": "1.8" }),
    [0, 1, 2, 3, 4, 5, 6, 7].map((k) => {
      const a = (k * Math.PI) / 4;
      return s("circle", { cx: (24 + 15 * Math.cos(a)).toFixed(1), cy: (24 + 15 * Math.sin(a)).toFixed(1), r: 3, fill: "#9bd44a", stroke: "#35520f", "stroke-width": "1.2" });
    }),
    dot(21, 22, 2, "#35520f"), dot(27, 26, 2.4, "#35520f")],
  zap: () => [
    s("circle", { cx: 24, cy: 24, r: 19, fill: "#1d1a33", stroke: "#ffcf4a", "stroke-width": "2" }),
    s("path", { d: "M27 7 L14 27 h9 l-4 15 l15 -21 h-9 l5 -14z", fill: "#ffcf4a", stroke: "#8a6a00", "stroke-width": "1.2", "stroke-linejoin": "round" })],
};

/** The powers' glyphs (viewBox 0 0 48 48), drawn in light ink on a medallion. */
const POWERS = {
  chercheur: () => [ring(20, 20, 9), line("M27 27 l11 11", 4)],
  machine: () => [ring(24, 24, 7), [0, 1, 2, 3, 4, 5].map((k) => {
    const a = (k * Math.PI) / 3;
    return line(`M${(24 + 9 * Math.cos(a)).toFixed(1)} ${(24 + 9 * Math.sin(a)).toFixed(1)} L${(24 + 14 * Math.cos(a)).toFixed(1)} ${(24 + 14 * Math.sin(a)).toFixed(1)}`, 4);
  })],
  amibe: () => [s("path", { d: "M12 26 q-4 -12 8 -14 q8 -6 14 2 q10 4 4 14 q-2 10 -12 8 q-12 2 -14 -10z", fill: "none", stroke: INK, "stroke-width": "2.6" }), dot(22, 22, 3), dot(30, 28, 2)],
  chronos: () => [ring(24, 24, 14), line("M24 14 v10 l7 5")],
  clone: () => [ring(19, 24, 9), ring(29, 24, 9)],
  laser: () => [line("M6 40 L40 8", 3), dot(40, 8, 4), line("M34 6 l8 -2 M42 14 l2 -8", 2)],
  macron: () => [s("circle", { cx: 24, cy: 24, r: 14, fill: INK }), s("circle", { cx: 24, cy: 24, r: 7, fill: "#3b2a6e" })],
  mutant: () => [line("M16 6 q16 9 0 18 q-16 9 0 18"), line("M32 6 q-16 9 0 18 q16 9 0 18"), line("M18 15 h12 M18 33 h12", 2)],
  philantrope: () => [s("rect", { x: 10, y: 20, width: 28, height: 18, fill: "none", stroke: INK, "stroke-width": "2.6" }), line("M24 20 v18 M8 20 h32"), line("M24 20 q-10 -10 -8 -2 M24 20 q10 -10 8 -2", 2)],
  sorcier: () => [line("M10 40 L32 18", 3.5), s("path", { d: "M34 6 l3 7 l7 1 l-5 5 l1 7 l-6 -4 l-6 4 l1 -7 l-5 -5 l7 -1z", fill: INK })],
  vide: () => [s("circle", { cx: 24, cy: 24, r: 14, fill: "none", stroke: INK, "stroke-width": "2.6", "stroke-dasharray": "4 4" })],
  virus: () => [ring(24, 24, 9), [0, 1, 2, 3, 4, 5, 6, 7].map((k) => {
    const a = (k * Math.PI) / 4;
    return [line(`M${(24 + 9 * Math.cos(a)).toFixed(1)} ${(24 + 9 * Math.sin(a)).toFixed(1)} L${(24 + 15 * Math.cos(a)).toFixed(1)} ${(24 + 15 * Math.sin(a)).toFixed(1)}`, 2),
      dot((24 + 16 * Math.cos(a)).toFixed(1), (24 + 16 * Math.sin(a)).toFixed(1), 2.2)];
  })],
  vulch: () => [s("path", { d: "M8 30 q8 -20 24 -18 q8 2 10 8 l-8 2 q-4 -4 -10 0 q-6 6 -16 8z", fill: INK }), dot(32, 16, 2, "#3b2a6e")],
  zombie: () => [s("path", { d: "M14 42 v-22 q0 -12 10 -12 q10 0 10 12 v22z", fill: "none", stroke: INK, "stroke-width": "2.6" }), line("M24 16 v14 M18 22 h12")],
  echangeur: () => [line("M8 16 h28 l-6 -6"), line("M40 32 h-28 l6 6")],
  empathe: () => [s("path", { d: "M24 40 q-16 -10 -16 -22 q0 -8 8 -8 q6 0 8 6 q2 -6 8 -6 q8 0 8 8 q0 12 -16 22z", fill: "none", stroke: INK, "stroke-width": "2.6" })],
  oracle: () => [s("path", { d: "M4 24 q20 -20 40 0 q-20 20 -40 0z", fill: "none", stroke: INK, "stroke-width": "2.6" }), s("circle", { cx: 24, cy: 24, r: 6, fill: INK })],
  esprit: () => [s("path", { d: "M24 24 m-3 0 a3 3 0 1 1 6 0 a6 6 0 1 1 -12 0 a9 9 0 1 1 18 0 a12 12 0 1 1 -24 0", fill: "none", stroke: INK, "stroke-width": "2.4" })],
  insecte: () => [s("ellipse", { cx: 24, cy: 27, rx: 7, ry: 11, fill: INK }), s("circle", { cx: 24, cy: 13, r: 4.5, fill: INK }),
    line("M17 22 l-8 -4 M17 28 h-9 M17 34 l-8 4 M31 22 l8 -4 M31 28 h9 M31 34 l8 4 M22 10 l-4 -6 M26 10 l4 -6", 2)],
  voleur: () => [s("path", { d: "M4 20 q20 -8 40 0 q-2 10 -10 10 q-6 0 -10 -5 q-4 5 -10 5 q-8 0 -10 -10z", fill: INK }), dot(15, 22, 3, "#3b2a6e"), dot(33, 22, 3, "#3b2a6e")],
  escamoteur: () => [s("path", { d: "M14 10 h20 v20 h-20z", fill: INK }), line("M6 32 h36", 4), line("M38 12 l4 -4 M40 20 h5 M8 12 l-4 -4", 2)],
  comedien: () => [s("path", { d: "M10 10 h28 v12 q0 16 -14 18 q-14 -2 -14 -18z", fill: "none", stroke: INK, "stroke-width": "2.6" }),
    line("M15 20 q3 -3 6 0 M27 20 q3 -3 6 0", 2.2), line("M17 29 q7 7 14 0", 2.4)],
};

/** The names that have an icon: every card kind and edict, every power (the test checks each face shows one). */
export const ICON_NAMES = [...Object.keys(CARDS), ...Object.keys(POWERS)];

/** The icon of a card (attaque, compromis or an edict's id) or of a power (its id). */
export function icon(name) {
  if (CARDS[name]) return art("0 0 48 48", `rc-icon rc-icon-${name}`, CARDS[name]());
  const glyph = POWERS[name];
  const g = uid("rc-medal");
  return art("0 0 48 48", `rc-icon rc-power-icon rc-icon-${glyph ? name : "unknown"}`, [
    s("defs", null, gradient("radial", g, [["0", "#7a5cd6"], ["1", "#2a1c5c"]], { cx: "35%", cy: "30%", r: "80%" })),
    s("path", { d: "M24 1 L44 12.5 V35.5 L24 47 L4 35.5 V12.5Z", fill: `url(#${g})`, stroke: "#ffcf4a", "stroke-width": "1.5" }),
    s("g", { transform: "translate(7.7 7.7) scale(0.68)" }, glyph ? glyph() : dot(24, 24, 8)),
  ]);
}

/** The winner's star: a burst in the winners' colours, each with its shape (never the colour alone). */
export function victoryStar(colours) {
  const g = uid("rc-win");
  const rays = [];
  for (let k = 0; k < 16; k++) {
    const a = (k * Math.PI) / 8;
    const r = k % 2 ? 30 : 46;
    rays.push(`${(50 + r * Math.cos(a)).toFixed(1)},${(50 + r * Math.sin(a)).toFixed(1)}`);
  }
  const shapes = colours.map((c, i) => {
    const x = 50 + (i - (colours.length - 1) / 2) * 22;
    const common = { fill: c.fill, stroke: "#000", "stroke-width": "1.5" };
    if (c.shape === "triangle") return s("polygon", { points: `${x},38 ${x + 10},56 ${x - 10},56`, ...common });
    if (c.shape === "square") return s("rect", { x: x - 8.5, y: 39, width: 17, height: 17, ...common });
    if (c.shape === "diamond") return s("polygon", { points: `${x},36 ${x + 10},47 ${x},58 ${x - 10},47`, ...common });
    return s("circle", { cx: x, cy: 47, r: 9, ...common });
  });
  return art("0 0 100 100", "rc-victory-star", [
    s("defs", null, gradient("radial", g, [["0", "#fff6c8"], ["0.6", "#ffcf4a"], ["1", "#d9822b"]])),
    s("polygon", { points: rays.join(" "), fill: `url(#${g})`, stroke: "#8a5a00", "stroke-width": "1.5", "stroke-linejoin": "round" }),
    shapes,
  ]);
}
