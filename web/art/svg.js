// Building inline SVG art safely: elements made one by one (never parsed from markup), like ui/dom.js does for HTML.
const NS = "http://www.w3.org/2000/svg";

/** s("circle", {cx: 4, r: 2}, child, ...): one SVG element; null/false children are skipped, arrays flattened. */
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(NS, tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      node.setAttribute(key, String(value));
    }
  }
  const add = (list) => {
    for (const child of list) {
      if (child === null || child === undefined || child === false) continue;
      if (Array.isArray(child)) add(child);
      else if (child instanceof Node) node.append(child);
      else node.append(document.createTextNode(String(child)));
    }
  };
  add(children);
  return node;
}

let serial = 0;
/** A document-unique id for a gradient or pattern (several copies of one drawing live on a page). */
export function uid(prefix) {
  serial += 1;
  return `${prefix}-${serial}`;
}

/**
 * The outer <svg>: decorative (aria-hidden) unless `label` is given; `cls` names the art (tests count them).
 * Its size comes from CSS; the drawing keeps its proportions.
 */
export function art(viewBox, cls, children, label = null) {
  return s("svg", {
    xmlns: NS, viewBox, class: `art ${cls}`, focusable: "false", preserveAspectRatio: "xMidYMid meet",
    "aria-hidden": label ? null : "true", role: label ? "img" : null, "aria-label": label,
  }, children);
}

/** A linear or radial gradient: stops = [[offset, colour], …]. */
export function gradient(kind, id, stops, attrs = {}) {
  return s(kind === "radial" ? "radialGradient" : "linearGradient", { id, ...attrs },
    stops.map(([offset, colour, opacity]) => s("stop", { offset, "stop-color": colour, "stop-opacity": opacity })));
}

/** Whether the player asked for less motion (every animation of the games is then left out). */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
