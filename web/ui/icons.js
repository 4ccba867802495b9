// The interface's glyphs drawn as inline SVG (issue 32: « ⌛ », « ⛔ », « 🏆 » show as empty boxes on a system
// without an emoji font). `icon(name)` gives an <svg class="icon"> sized to the text (1em), hidden from screen
// readers: the words beside it say what it means. The shapes are constants of this file, never player text.

const SVG = "http://www.w3.org/2000/svg";

const SHAPES = {
  // Two glass bulbs in a frame, sand in the lower one.
  hourglass: '<path d="M6 2h12M6 22h12M7 2.5c0 4 3.5 6 4.2 9.5C10.5 15.5 7 17.5 7 21.5M17 2.5c0 4-3.5 6-4.2 9.5.7 3.5 4.2 5.5 4.2 9.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path d="M9 20.5c.6-2.4 2.2-3.6 3-4.6.8 1 2.4 2.2 3 4.6z" fill="currentColor"/>',
  // A red disc crossed by a white bar (« refused »).
  stop: '<circle cx="12" cy="12" r="10" fill="#d93b3b"/><rect x="6" y="10.2" width="12" height="3.6" rx="1" fill="#fff"/>',
  // A cup with two handles on a stand (« winner »).
  trophy: '<path d="M7 3h10v5a5 5 0 0 1-10 0z" fill="#f2c230"/><path d="M7 5H4v1.5A3.5 3.5 0 0 0 7.5 10M17 5h3v1.5a3.5 3.5 0 0 1-3.5 3.5" fill="none" stroke="#f2c230" stroke-width="1.8"/><path d="M11 13h2v4h-2zM8 18h8v3H8z" fill="#f2c230"/>',
};

/** An inline SVG glyph (`hourglass`, `stop`, `trophy`), 1em high, decorative (aria-hidden). */
export function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `icon icon-${name}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.innerHTML = SHAPES[name] || "";
  return svg;
}
