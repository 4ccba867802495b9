// Building DOM safely: text always goes through text nodes, never through HTML parsing.

/**
 * el("button", {class: "x", testid: "go", onclick: fn, disabled: true}, "text", child, ...)
 * Strings and numbers become text nodes; null/false children are skipped; arrays are flattened.
 * Attributes: "class", "testid" (data-testid), "dataset" (object), "on<event>" handlers,
 * booleans toggle the attribute, anything else is set with setAttribute.
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "testid") node.dataset.testid = value;
      else if (key === "dataset") {
        for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) node.dataset[k] = v;
      }
      else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else if (key === "value") node.value = value;
      else if (key === "checked") node.checked = Boolean(value);
      else if (value === true) node.setAttribute(key, "");
      else node.setAttribute(key, String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.append(child);
    else node.append(document.createTextNode(String(child)));
  }
}

/** Replace every child of `node` with `children` (same rules as el). */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

function flat(children, out = []) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) flat(child, out);
    else out.push(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return out;
}

/**
 * `fill`, but the children already in their place stay there, never taken out and put back: a view that keeps its
 * unchanged parts from one drawing to the next (a ship's canvas, a list of buttons) spares the browser laying them
 * out again, and the pointer's press on them is not lost.
 */
export function fillKeeping(node, ...children) {
  const wanted = flat(children);
  wanted.forEach((child, i) => {
    if (node.childNodes[i] !== child) node.insertBefore(child, node.childNodes[i] || null);
  });
  while (node.childNodes.length > wanted.length) node.lastChild.remove();
  return node;
}

/** Re-render `node` while keeping keyboard focus on the element with the same data-testid. */
export function keepFocus(node, render) {
  const active = document.activeElement;
  const id = active && node.contains(active) ? active.dataset.testid : null;
  render();
  if (id) {
    const again = node.querySelector(`[data-testid="${CSS.escape(id)}"]`);
    // Drawn where it was: no need to scroll to it (which would lay the page out at once).
    if (again && !again.disabled && again !== document.activeElement) again.focus({ preventScroll: true });
  }
}

// Bidirectional-text controls: a name holding U+202E (right-to-left override) would otherwise turn the rest of a
// log line around.
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A player's name as the page shows it inside other text: bidi controls removed, the whole name isolated
 * (U+2068 … U+2069), so that right-to-left names keep their own direction without reordering the sentence. */
export function isolateName(name) {
  return `\u2068${String(name).replace(BIDI_CONTROLS, "")}\u2069`;
}

// An isolated name is skipped: a player called "{P0}" is not replaced by another player's name.
const PLACEHOLDER_OR_NAME = /\u2068[^\u2068\u2069]*\u2069|\{P(\d+)\}/g;

/** Replace {P0}, {P1}… in an engine text with the seats' names (plain text, never HTML), in one pass. */
export function withNames(text, names) {
  return String(text).replace(PLACEHOLDER_OR_NAME, (m, i) => (i === undefined ? m : names[Number(i)] ?? m));
}
