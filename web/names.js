// Players' names: what is kept of a typed or imported name, and when two names are one to the eye. Hand-over
// screens and the log tell players apart by their names alone, so « Ann » and « Ann » with a zero-width space, or
// with a Cyrillic « А », are the same name. A name is only ever text (web/ui/dom.js), never HTML.

// Characters that show nothing and join nothing: removed from every name kept. The soft hyphen, the combining
// grapheme joiner, the Arabic letter mark, Hangul fillers, Khmer inherent vowels, the Mongolian vowel separator,
// zero-width space, left-to-right and right-to-left marks, bidi embeddings, overrides and isolates, the word
// joiner and invisible operators, deprecated format controls, the byte order mark, shorthand format controls and
// musical formatting controls.
const HIDDEN = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}]/gu;
// Invisible but part of what a name shows: zero-width (non-)joiners (emoji sequences such as 👩‍🚀, Persian and Indic
// spelling), variation selectors (text or emoji style) and tag characters (subdivision flags). Kept in a name, but
// two names that differ only by them are the same name.
const JOINING = /[\u180b-\u180d\u200c\u200d\ufe00-\ufe0f\u{e0001}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

// Letters of other alphabets drawn like Latin ones (after Unicode's confusables, the common ones): Cyrillic, Greek,
// Armenian, and Latin letters without their dot; compared without their accents taken apart (NFD), so that « Ё » is
// « Ë ». Fullwidth and mathematical letters are folded by NFKC before.
const LOOK_ALIKE = new Map(Object.entries({
  // Cyrillic
  А: "A", а: "a", В: "B", Е: "E", е: "e", Ѕ: "S", ѕ: "s", І: "I", і: "i", Ј: "J",
  ј: "j", К: "K", М: "M", Н: "H", О: "O", о: "o", Р: "P", р: "p", С: "C", с: "c", Т: "T", У: "Y", у: "y", Х: "X",
  х: "x", Ү: "Y", ү: "y", Һ: "H", һ: "h", Ԁ: "D", ԁ: "d", Ԛ: "Q", ԛ: "q", Ԝ: "W", ԝ: "w", Ӏ: "I", ӏ: "l", Ѵ: "V",
  ѵ: "v", Ԍ: "G", Ꙇ: "I",
  // Greek
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", ο: "o", Ρ: "P", ρ: "p", Τ: "T",
  Υ: "Y", Χ: "X", ι: "i", ν: "v", υ: "u", α: "a", κ: "k", Ϲ: "C", ϲ: "c", Ϳ: "J", ϳ: "j",
  // Armenian
  օ: "o", ս: "u", հ: "h", ո: "n", ց: "g",
  // Latin letters drawn like others
  ı: "i", ȷ: "j", ɑ: "a", ɡ: "g", ǀ: "l", ɩ: "i",
}));
const LOOK_ALIKE_CHARS = new RegExp(`[${[...LOOK_ALIKE.keys()].join("")}]`, "gu");

/**
 * A name as it is kept: line breaks and control characters become spaces, invisible characters are removed,
 * spaces run together, the ends trimmed; composed characters in their composed form (NFC).
 */
export function cleanName(name) {
  return String(name ?? "").replace(CONTROL, " ").replace(HIDDEN, "").normalize("NFC").replace(/\s+/gu, " ").trim();
}

/** What two names are compared by: the same key, the same name to the eye (case aside). */
export function nameKey(name) {
  const plain = cleanName(name).normalize("NFKC").replace(HIDDEN, "").replace(JOINING, "");
  return plain.normalize("NFD").replace(LOOK_ALIKE_CHARS, (c) => LOOK_ALIKE.get(c)).normalize("NFC").toLowerCase()
    .replace(/\s+/gu, " ").trim();
}

/** Cut `name` to `max` UTF-16 units without leaving half of a character made of two (an emoji). */
export function cutName(name, max) {
  return name.length > max ? name.slice(0, max).replace(/[\uD800-\uDBFF]$/, "") : name;
}

/**
 * The names of `names`, each one different from the others: the first of names that are one to the eye stays, the
 * others are numbered (« Ann », « Ann 2 », « Ann 3 »), each number chosen so that no name is taken twice and no
 * name longer than `max`.
 */
export function distinctNames(names, max) {
  const keys = names.map(nameKey);
  const used = new Set();
  const keeps = keys.map((k) => !used.has(k) && Boolean(used.add(k)));
  return names.map((name, i) => {
    if (keeps[i]) return name;
    for (let n = 2; ; n++) {
      const suffix = ` ${n}`;
      const numbered = `${cutName(name, max - suffix.length).trimEnd()}${suffix}`;
      const key = nameKey(numbered);
      if (!used.has(key)) {
        used.add(key);
        return numbered;
      }
    }
  });
}
