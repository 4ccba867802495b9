// JSON texts of saves and engine answers read without rounding a whole number. JavaScript's numbers are exact up to
// 2^53 only; a save's seed may be any integer (one made on the command line, say), and Python reads it exactly: a
// seed rounded on its way through the page would deal other cards, and no action of the game would replay. Such an
// integer is kept as its digits (JSON.rawJSON), which JSON.stringify writes back as they were.

// Sixteen digits in a row: the only texts that may hold an integer beyond 2^53 (9007199254740992 has 16).
const LONG_DIGITS = /\d{16}/;
const INTEGER = /^-?\d+$/;

/** Whether this browser can keep such integers (JSON.parse's source text access, JSON.rawJSON). */
export const EXACT = (() => {
  try {
    let source = null;
    JSON.parse("[1]", (key, value, context) => {
      if (key === "0") source = context && context.source;
      return value;
    });
    return source === "1" && typeof JSON.rawJSON === "function" && JSON.stringify([JSON.rawJSON("1")]) === "[1]";
  } catch (_) {
    return false;
  }
})();

function keepBig(key, value, context) {
  if (typeof value === "number" && !Number.isSafeInteger(value) && context && INTEGER.test(context.source)) {
    return JSON.rawJSON(context.source);
  }
  return value;
}

/** JSON.parse, whole numbers beyond 2^53 kept exact where the browser can (see `inexact` where it cannot). */
export function parseExact(text) {
  return EXACT && LONG_DIGITS.test(text) ? JSON.parse(text, keepBig) : JSON.parse(text);
}

/** Whether `v` is such a kept integer. */
export function isKept(v) {
  return typeof JSON.isRawJSON === "function" && JSON.isRawJSON(v);
}

/** A number read as such, or a kept integer's value (rounded: for arithmetic where that does not matter). */
export function numberOf(v) {
  return isKept(v) ? Number(v.rawJSON) : Number(v);
}

/**
 * Whether the JSON text `text` holds a whole number this browser would round (beyond 2^53, where it cannot keep
 * one exact): such a save is refused with that reason rather than replayed wrong.
 */
export function inexact(text) {
  if (EXACT || !LONG_DIGITS.test(text)) return false;
  let found = false;
  try {
    JSON.parse(text, (key, value) => {
      if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) found = true;
      return value;
    });
  } catch (_) {
    return false; // not JSON: the caller says so
  }
  return found;
}

/** The refusal for such a save, in French and English. */
export const INEXACT = {
  fr: "elle contient un nombre entier trop grand (au-delà de 2^53) pour que ce navigateur le lise exactement ; ouvrez-la dans un navigateur plus récent.",
  en: "it holds a whole number too large (beyond 2^53) for this browser to read exactly; open it in a newer browser.",
};
