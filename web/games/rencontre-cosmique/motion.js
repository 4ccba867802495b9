// Rencontre Cosmique's tokens in flight: when a view moves tokens (to the cone, into the Trou Noir, back home…),
// a marker of each flies from where it was to where it went over the canvas, once. Purely visual: nothing waits
// for it, it lets every click through, and it is left out under prefers-reduced-motion (the caller decides).

const MAX_FLIGHTS = 12;
const DURATION_MS = 320;

/** The places a seat's tokens may be in a view: "planet:s,p", "hole", "oval", "ring", "lost" (being lost) → count. */
function places(v, seat) {
  const out = new Map();
  (v.planets || []).forEach((sys, s) => (sys || []).forEach((counts, p) => {
    if (counts[seat]) out.set(`planet:${s},${p}`, counts[seat]);
  }));
  for (const [key, place] of [["trou_noir", "hole"], ["oval", "oval"], ["ring", "ring"], ["being_lost", "lost"]]) {
    const n = v[key] && v[key][seat];
    if (n) out.set(place, n);
  }
  return out;
}

/** The token moves from view `a` to view `b`: [{colour, from, to}] (places as in `places`), at most MAX_FLIGHTS. */
export function tokenMoves(a, b) {
  if (!a || !b || !a.colours || !b.colours || a.colours.length !== b.colours.length) return [];
  const moves = [];
  b.colours.forEach((colour, seat) => {
    const before = places(a, seat);
    const after = places(b, seat);
    const from = [];
    const to = [];
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      const d = (after.get(key) || 0) - (before.get(key) || 0);
      for (let k = 0; k < Math.min(Math.abs(d), 4); k++) (d < 0 ? from : to).push(key);
    }
    for (let k = 0; k < Math.min(from.length, to.length); k++) moves.push({ colour, from: from[k], to: to[k] });
  });
  return moves.slice(0, MAX_FLIGHTS);
}

function where(layout, place) {
  if (!layout) return null;
  if (place === "hole") return layout.hole;
  if (place === "oval") return layout.oval || layout.hole;
  if (place === "ring") return layout.ring || layout.hole;
  if (place === "lost") return layout.lost || layout.hole;
  return layout.planets[place.slice("planet:".length)] || null;
}

/**
 * Fly `moves` over the canvas inside `box` (an overlay the size of the canvas): from their place in `before`
 * (the layout drawn last time) to their place in `after`. `colourOf(colour)` → {fill, ink, shape}.
 */
export function flyTokens(box, before, after, moves, colourOf, letters) {
  if (typeof Element === "undefined" || !Element.prototype.animate) return;
  moves.forEach((m, i) => {
    const a = where(before, m.from) || where(after, m.from);
    const b = where(after, m.to);
    if (!a || !b || (a.x === b.x && a.y === b.y)) return;
    const c = colourOf(m.colour);
    const token = document.createElement("span");
    token.className = `rc-fly rc-fly-${c.shape}`;
    token.style.background = c.fill;
    token.style.color = c.ink;
    token.textContent = letters[m.colour] || "";
    box.append(token);
    box.dataset.flown = String(Number(box.dataset.flown || 0) + 1); // test hook: how many tokens have flown
    const run = token.animate([
      { transform: `translate(${a.x}px, ${a.y}px) scale(1)`, opacity: 1 },
      { transform: `translate(${(a.x + b.x) / 2}px, ${Math.min(a.y, b.y) - 24}px) scale(1.35)`, opacity: 1, offset: 0.5 },
      { transform: `translate(${b.x}px, ${b.y}px) scale(0.7)`, opacity: 0.2 },
    ], { duration: DURATION_MS, delay: Math.min(i * 15, 80), easing: "ease-in-out", fill: "both" });
    const done = () => token.remove();
    run.onfinish = done;
    run.oncancel = done;
    setTimeout(done, DURATION_MS + 200); // gone whatever happens to the animation
  });
}
