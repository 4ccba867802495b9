// Interface texts in French (first) and English, the language toggle, and {fr, en} lookups.

const KEY = "cosmoludo.lang";
const listeners = new Set();

const STRINGS = {
  fr: {
    "app.title": "Cosmoludo",
    "app.tagline": "Jeux de société de l'espace, hors ligne, sur un seul appareil.",
    "lang.toggle": "English",
    "lang.toggle.label": "Switch to English",
    "start.games": "Jeux",
    "start.players": "{min} à {max} joueurs",
    "start.players.same": "{min} joueurs",
    "start.soon": "bientôt",
    "start.new": "Nouvelle partie",
    "start.rules": "Règles",
    "saves.title": "Parties enregistrées",
    "saves.none": "Aucune partie enregistrée pour l'instant.",
    "saves.resume": "Reprendre",
    "saves.delete": "Supprimer",
    "saves.export": "Exporter",
    "saves.import": "Importer un fichier…",
    "saves.checking": "Vérification…",
    "saves.damaged": "Sauvegarde inutilisable : {reason}",
    "saves.over": "terminée",
    "saves.actions": "{n} actions",
    "saves.oneAction": "1 action",
    "saves.confirmDelete": "Supprimer définitivement cette partie ?",
    "saves.deleted": "Partie supprimée.",
    "saves.imported": "Partie importée : elle est dans la liste.",
    "saves.importFailed": "Import refusé : {reason}",
    "saves.alreadyListed": "Cette partie est déjà dans la liste : elle n'est pas ajoutée une deuxième fois.",
    "saves.tooBig": "le fichier dépasse {kb} Ko.",
    "saves.exported": "Fichier exporté.",
    "saves.unknownGame": "Jeu inconnu",
    "storage.quota": "La mémoire du navigateur est pleine : la partie continue, mais elle n'est plus enregistrée. Supprimez d'anciennes parties pour libérer de la place.",
    "storage.unavailable": "Le navigateur refuse l'enregistrement local : la partie continue sans être enregistrée.",
    "storage.unreadable": "Le navigateur refuse l'enregistrement local : les parties enregistrées ne peuvent pas être lues. Vous pouvez commencer une nouvelle partie, jouée sans être enregistrée.",
    "saves.unavailable": "Le navigateur refuse l'enregistrement local : les parties ne peuvent pas être enregistrées ici, mais vous pouvez jouer (une partie est perdue quand la page est fermée).",
    "sync.moved": "Cette partie a continué dans un autre onglet : voici la position la plus récente.",
    "sync.lost": "Votre dernière action n'a pas été enregistrée : la partie avait déjà continué dans un autre onglet. Voici la position la plus récente.",
    "sync.gone": "Cette partie a été supprimée dans un autre onglet : elle n'est plus enregistrée.",
    "sync.keep": "La garder quand même",
    "sync.dismiss": "Compris",
    "new.title": "Nouvelle partie de {game}",
    "new.players": "Nombre de joueurs",
    "new.seat": "Place {n}",
    "new.kind": "Qui joue ?",
    "new.human": "Humain",
    "new.bot": "Robot — {level}",
    "new.name": "Nom",
    "new.defaultName": "Joueur {n}",
    "new.botName": "Robot {n}",
    "new.options": "Options",
    "new.start": "Commencer",
    "new.cancel": "Annuler",
    "new.nameTooLong": "Nom trop long (40 caractères au plus).",
    "new.nameTwice": "Deux joueurs s'appellent « {name} » : donnez à chacun un nom différent.",
    "new.failed": "Impossible de créer la partie : {reason}",
    "game.home": "Accueil",
    "game.rules": "Règles",
    "game.undo": "Annuler mon coup",
    "game.skipBots": "Passer les robots",
    "game.botActs": "{name} joue…",
    "game.botActsProgress": "{name} joue… ({progress})",
    "game.engineLoading": "Chargement du moteur…",
    "game.export": "Exporter",
    "game.export.title": "Télécharger cette partie dans un fichier, le même que depuis la liste des parties",
    "game.log": "Journal",
    "game.menu": "Menu de la partie",
    "game.mine": "À moi",
    "game.botSpeed": "Vitesse des robots",
    "game.askPass": "Me demander même sans choix",
    "game.askPass.title": "Me demander même quand je n'ai qu'une réponse possible, passer ou autre (sinon la partie la joue pour moi et le dit)",
    "speed.slow": "Lente",
    "speed.normal": "Normale",
    "speed.fast": "Rapide",
    "speed.instant": "Instantanée",
    "game.error": "Erreur du moteur : {reason}",
    "game.retry": "Réessayer",
    "game.recent": "Depuis votre dernier coup",
    "game.notFound": "Cette partie n'existe pas (ou plus) dans ce navigateur.",
    "game.toSaves": "Voir la liste des parties enregistrées",
    "game.openFailed": "Impossible d'ouvrir cette partie : {reason}",
    "handover.title": "Au tour de {name}",
    "handover.text": "Passez l'appareil à {name}. Les autres joueurs ne doivent pas regarder l'écran.",
    "handover.react": "{name} doit répondre : réagir ou laisser passer.",
    "handover.ok": "Je suis {name} : afficher mon jeu",
    "end.title": "Partie terminée",
    "end.winner": "{names} gagne !",
    "end.nobody": "Personne ne gagne.",
    "end.winners": "{names} gagnent !",
    "end.scores": "Scores",
    "end.again": "Rejouer avec les mêmes réglages",
    "end.home": "Retour à l'accueil",
    "rules.close": "Fermer les règles",
    "rules.engineRulings": "Précisions du moteur de jeu",
  },
  en: {
    "app.title": "Cosmoludo",
    "app.tagline": "Space board games, offline, on one device.",
    "lang.toggle": "Français",
    "lang.toggle.label": "Passer en français",
    "start.games": "Games",
    "start.players": "{min} to {max} players",
    "start.players.same": "{min} players",
    "start.soon": "coming soon",
    "start.new": "New game",
    "start.rules": "Rules",
    "saves.title": "Saved games",
    "saves.none": "No saved game yet.",
    "saves.resume": "Resume",
    "saves.delete": "Delete",
    "saves.export": "Export",
    "saves.import": "Import a file…",
    "saves.checking": "Checking…",
    "saves.damaged": "Unusable save: {reason}",
    "saves.over": "finished",
    "saves.actions": "{n} actions",
    "saves.oneAction": "1 action",
    "saves.confirmDelete": "Delete this game for good?",
    "saves.deleted": "Game deleted.",
    "saves.imported": "Game imported: it is in the list.",
    "saves.importFailed": "Import refused: {reason}",
    "saves.alreadyListed": "This game is already in the list: it is not added a second time.",
    "saves.tooBig": "the file is larger than {kb} KB.",
    "saves.exported": "File exported.",
    "saves.unknownGame": "Unknown game",
    "storage.quota": "The browser's storage is full: the game goes on but is no longer saved. Delete old games to make room.",
    "storage.unavailable": "The browser refuses local storage: the game goes on without being saved.",
    "storage.unreadable": "The browser refuses local storage: saved games cannot be read. You can start a new game, played without being saved.",
    "saves.unavailable": "The browser refuses local storage: games cannot be saved here, but you can play (a game is lost when the page is closed).",
    "sync.moved": "This game went on in another tab: here is the latest position.",
    "sync.lost": "Your last action was not saved: the game had already gone on in another tab. Here is the latest position.",
    "sync.gone": "This game was deleted in another tab: it is no longer saved.",
    "sync.keep": "Keep it anyway",
    "sync.dismiss": "Got it",
    "new.title": "New game of {game}",
    "new.players": "Number of players",
    "new.seat": "Seat {n}",
    "new.kind": "Who plays?",
    "new.human": "Human",
    "new.bot": "Bot — {level}",
    "new.name": "Name",
    "new.defaultName": "Player {n}",
    "new.botName": "Bot {n}",
    "new.options": "Options",
    "new.start": "Start",
    "new.cancel": "Cancel",
    "new.nameTooLong": "Name too long (40 characters at most).",
    "new.nameTwice": "Two players are named “{name}”: give each a different name.",
    "new.failed": "Could not create the game: {reason}",
    "game.home": "Home",
    "game.rules": "Rules",
    "game.undo": "Undo my move",
    "game.skipBots": "Skip the bots",
    "game.botActs": "{name} is playing…",
    "game.botActsProgress": "{name} is playing… ({progress})",
    "game.engineLoading": "Loading the engine…",
    "game.export": "Export",
    "game.export.title": "Download this game as a file, the same as from the saved-games list",
    "game.log": "Log",
    "game.menu": "Game menu",
    "game.mine": "Mine",
    "game.botSpeed": "Bot speed",
    "game.askPass": "Ask me even without a choice",
    "game.askPass.title": "Ask me even when I have only one possible answer, a pass or another (otherwise the game plays it for me and says so)",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "game.error": "Engine error: {reason}",
    "game.retry": "Try again",
    "game.recent": "Since your last move",
    "game.notFound": "This game does not exist (or no longer exists) in this browser.",
    "game.toSaves": "See the list of saved games",
    "game.openFailed": "Could not open this game: {reason}",
    "handover.title": "{name}'s turn",
    "handover.text": "Hand the device to {name}. The other players should not look at the screen.",
    "handover.react": "{name} must answer: react or let it pass.",
    "handover.ok": "I am {name}: show my game",
    "end.title": "Game over",
    "end.winner": "{names} wins!",
    "end.nobody": "Nobody wins.",
    "end.winners": "{names} win!",
    "end.scores": "Scores",
    "end.again": "Play again with the same settings",
    "end.home": "Back to the start screen",
    "rules.close": "Close the rules",
    "rules.engineRulings": "How the game engine settles the text",
  },
};

function initial() {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored === "fr" || stored === "en") return stored;
  } catch (_) { /* storage may be disabled: French by default */ }
  return "fr";
}

let current = initial();
document.documentElement.lang = current;

/** The language in use: "fr" or "en". */
export function lang() {
  return current;
}

/** True when the page speaks English (a game page's own plurals, numbers and word order). */
export function isEn() {
  return current === "en";
}

/**
 * A game page's own texts, `{ fr: {...}, en: {...} }`, as a function that gives the current language's table
 * (French where the other is missing): `const L = textsOf(TEXT)`, then `L().title`.
 */
export function textsOf(tables) {
  return () => tables[current] || tables.fr;
}

/** Switch language, remember it, and tell every listener. */
export function setLang(value) {
  if (value !== "fr" && value !== "en") return;
  current = value;
  document.documentElement.lang = value;
  try {
    localStorage.setItem(KEY, value);
  } catch (_) { /* the choice simply will not survive a reload */ }
  for (const fn of listeners) fn(value);
}

export function toggleLang() {
  setLang(current === "fr" ? "en" : "fr");
}

/** Call `fn` after each language change; returns a function that unsubscribes. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** An interface text in a given language ("fr" or "en"), whatever the current one. */
export function tIn(language, key, params) {
  const text = (STRINGS[language] || STRINGS.fr)[key] ?? STRINGS.fr[key] ?? key;
  return fill(text, params);
}

/** An interface text in the current language, with {name} placeholders filled. */
export function t(key, params) {
  const text = STRINGS[current][key] ?? STRINGS.fr[key] ?? key;
  return fill(text, params);
}

/** Pick the current language out of an engine {fr, en} object. */
export function tr(obj, params) {
  if (obj == null) return "";
  if (typeof obj === "string") return fill(obj, params);
  return fill(obj[current] ?? obj.fr ?? obj.en ?? "", params);
}
