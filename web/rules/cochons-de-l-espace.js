// The rules of Les Cochons de l'Espace told in our own words (French and English), with this version's
// rulings and reconstructions. The engine's own list of rulings (RULINGS) is appended by the rules dialog.

export const RULES = {
  fr: {
    title: "Les Cochons de l'Espace — règles",
    blocks: [
      { p: "De 3 à 6 clans de cochons se disputent la galaxie Porcina pour produire les glands de leur Recette Sacrée de Glandenbourg. Le premier qui possède, en phase d'élection, les six productions de sa recette gagne (jamais au premier tour ; à égalité, le plus proche du premier joueur)." },
      { h: "Mise en place" },
      { ul: [
        "Chaque clan : 20 Gorets, 3 Gros Gruiks, 10 gouverneurs, 5 marqueurs de voyage (2, 2, 3, 3, 4) et une Recette Sacrée secrète.",
        "Le premier joueur est tiré au dé. La galaxie se construit à tour de rôle : on choisit une famille (dos rouge, jaune, bleu ou noir) et on pose l'hexagone sans le voir, en cercles successifs complets autour du premier ; il est alors retourné.",
        "Chacun pose 5 Gorets sur un hexagone libre du bord, à distance des autres joueurs.",
      ] },
      { h: "Le tour" },
      { ul: [
        "1A Cartes : on défausse ce qu'on veut puis on complète sa main à 6. 1B Colons (Porc Royal) : il tire 5 à 9 pions et les donne face cachée, deux au plus par joueur. 1C Ordre de jeu : du plus de troupes au moins (Gros Gruik = 2), égalités au dé. 1D Placement des colons là où l'on a déjà des troupes ; une fois par tour, deux nouveaux Gorets peuvent devenir un Gros Gruik. 1E Extra-Cochons : 1D8 (1–2 rien, 3–4 Pirates, 5–6 Porcophages, 7–8 Ver des Glands), placés sur un astéroïde libre.",
        "2A Chacun choisit en secret un marqueur de voyages ; un marqueur ne revient qu'une fois les cinq utilisés. 2B Voyages dans l'ordre de jeu : un voyage emmène des troupes d'un hexagone vers un hexagone voisin (plus loin avec les cartes vaisseaux) ; chaque troupe voyage une fois par tour ; autant de défenseurs que d'attaquants restent bloqués.",
        "3A Combats dans l'ordre de jeu (les attaquants dans leur ordre d'arrivée) : chaque camp pose des cartes face cachée (le défenseur d'abord), on les retourne ; si la technologie totale atteint 6, tout le monde sur la planète est désintégré. Chaque round : 1D6 (1D8 avec un Gros Gruik) + 1 par troupe en plus + les cartes ; le plus fort tue une troupe adverse (les Gros Gruiks en dernier), égalité sans victime. On peut fuir à partir du 2e round vers une planète voisine où l'on a des troupes. 3B Réorganisation vers des planètes voisines déjà occupées. 3C Le Porc Royal déplace une pile d'Extra-Cochons et combat avec elle (sans fuite ni cartes).",
        "4A Production : un marqueur par planète tenue seul (deux pour une planète double). 4B Un gouverneur par marqueur. 4C Élection : le Porc Royal appelle les votants dans l'ordre qu'il veut ; chacun donne ses gouverneurs au candidat de son choix ; le plus de voix devient Porc Royal ; ceux qui ont voté pour le même candidat forment une coalition et peuvent s'échanger des cartes à tout moment du tour suivant (une contre une, l'allié accepte ou refuse : bouton « Échanger des cartes avec un allié » aux fenêtres de cartes, pendant ses voyages et sa réorganisation).",
        "Un clan réduit à une troupe ou moins est éliminé et revient au tour suivant avec 5 Gorets sur un hexagone libre du bord et ses cinq marqueurs.",
      ] },
      { h: "Règle simplifiée" },
      { p: "4 cartes (combats et quelques événements de voyage), recettes visibles, galaxie posée face visible, 3 voyages par tour, pas de Porc Royal, d'Extra-Cochons ni d'élection ; après la production, chacun reçoit un Goret par planète (deux par planète double)." },
      { h: "Options" },
      { ul: [
        "Placement inversé des Gorets de départ ; pose en regardant l'hexagone, tout poser puis tout retourner, ou exploration (retourné à l'arrivée des troupes).",
        "Galaxies jumelles, galaxie galette (trois hexagones d'épaisseur), liberté ; dans les galaxies jumelles et libres, les hexagones d'un même bord se touchent tous.",
        "Pouvoirs des clans : trois par clan, chacun une fois par tour, jamais au premier tour.",
        "Limite de tours (option de cette version) : après ce tour, le plus proche de sa recette gagne.",
      ] },
      { h: "Précisions et reconstructions de cette version" },
      { ul: [
        "Reconstruction : les six Recettes Sacrées sont les permutations de 3, 2 et 1 glands rouge, jaune, bleu.",
        "Reconstruction : galaxies jumelles — le soleil entre les deux, la galaxie de passage (3 hexagones) à côté du soleil, à deux cases de chaque galaxie (on ne l'atteint qu'avec les cartes de voyage).",
        "Les cartes « à tout moment » d'une séquence se jouent aux fenêtres où chaque joueur est sollicité, qu'il ait une carte ou non.",
        "Gros Lâches : les troupes qui se replient vont sur une planète voisine de leur clan (sinon elles restent). Erreur de vote : la moitié arrondie à l'inférieur. Cho Boko remplace le déplacement du Porc Royal ce tour-ci. Le Sourdokoko prêté se place avec les colons et repart en fin de tour.",
        "Ces données (hexagones, cartes, recettes) sont dans py/cosmoludo/games/cochons_espace/data.py : un joueur qui possède la boîte peut les corriger.",
      ] },
    ],
  },
  en: {
    title: "Space Pigs (Les Cochons de l'Espace) — rules",
    blocks: [
      { p: "3 to 6 pig clans fight over the Porcina galaxy to grow the acorns of their Sacred Glandenbourg Recipe. The first to hold, in the election phase, the six productions of their recipe wins (never on turn 1; ties go to the player closest to the first)." },
      { h: "Setup" },
      { ul: [
        "Each clan: 20 Piglets, 3 Big Gruiks, 10 governors, 5 voyage markers (2, 2, 3, 3, 4) and a secret Sacred Recipe.",
        "The first player is chosen by die. The galaxy is built in turn: choose a family (red, yellow, blue or black back) and lay the hex unseen, in complete successive circles round the first one; it is then turned over.",
        "Each places 5 Piglets on a free hex of the edge, away from the other players.",
      ] },
      { h: "The turn" },
      { ul: [
        "1A Cards: discard any, then refill to 6. 1B Settlers (Royal Pig): draws 5 to 9 tokens and hands them out face down, two at most per player. 1C Order of play: most troops first (Big Gruik = 2), ties by die. 1D New troops go where one already has troops; once a turn two new Piglets may become a Big Gruik. 1E Extra-Pigs: 1D8 (1–2 none, 3–4 Pirates, 5–6 Porcophages, 7–8 Acorn Worm), placed on a free asteroid.",
        "2A Each picks a voyage marker in secret; a marker comes back only when all five are used. 2B Voyages in order of play: a voyage takes troops from a hex to a neighbouring one (farther with ship cards); each troop travels once a turn; as many defenders as attackers are held.",
        "3A Combats in order of play (attackers in order of arrival): each side lays cards face down (defender first), then they are turned; at technology 6 or more everybody on the planet is disintegrated. Each round: 1D6 (1D8 with a Big Gruik) + 1 per extra troop + the cards; the higher kills one enemy troop (Big Gruiks last), a tie kills nobody. From round 2 one may flee to a neighbouring planet of one's own. 3B Reorganisation to neighbouring planets already held. 3C The Royal Pig moves one Extra-Pig stack and fights with it (no flight, no cards).",
        "4A Production: one marker per planet held alone (two for a double planet). 4B One governor per marker. 4C Election: the Royal Pig calls voters in any order; each gives their governors to a candidate; the most votes becomes Royal Pig; those who voted for the same candidate form a coalition and may swap cards at any time of the next turn (one for one, the ally accepts or refuses: the « Swap cards with an ally » button at card windows, during one's voyages and reorganisation).",
        "A clan down to one troop or none is eliminated and comes back next turn with 5 Piglets on a free edge hex and its five markers.",
      ] },
      { h: "Simplified rules" },
      { p: "4 cards (combat and a few voyage events), recipes face up, galaxy laid face up, 3 voyages a turn, no Royal Pig, Extra-Pigs or election; after production each receives one Piglet per planet (two per double planet)." },
      { h: "Options" },
      { ul: [
        "Reverse placement of the starting Piglets; look before laying, lay all then turn all, or exploration (turned when troops arrive).",
        "Twin galaxies, pancake galaxy (three hexes thick), freedom; in the twin and free galaxies all hexes of one edge touch each other.",
        "Clan powers: three per clan, each once a turn, never on turn 1.",
        "Turn limit (this version's option): after that turn the player closest to their recipe wins.",
      ] },
      { h: "This version's rulings and reconstructions" },
      { ul: [
        "Reconstruction: the six Sacred Recipes are the permutations of 3, 2 and 1 red, yellow, blue acorns.",
        "Reconstruction: twin galaxies — the sun between them, the passage galaxy (3 hexes) beside the sun, two hexes from each twin (reached only with voyage cards).",
        "Cards playable « at any time » of a sequence are played at windows where every player is asked, card or not.",
        "Big Cowards: the retreating troops go to a neighbouring planet of their clan (else they stay). Voting Error: half rounded down. Cho Boko replaces the Royal Pig's move that turn. The loaned Sourdokoko is placed with the settlers and leaves at the end of the turn.",
        "This data (hexes, cards, recipes) lives in py/cosmoludo/games/cochons_espace/data.py: a player owning the box can correct it.",
      ] },
    ],
  },
};
