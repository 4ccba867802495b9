// The rules of Galaxy Trucker (base game) told in our own words (French and English), with this version's rulings.
// Blocks: {h: heading} | {p: paragraph} | {ul: [items]} | {note: highlighted paragraph}.

export const RULES = {
  fr: {
    title: "Galaxy Trucker — règles (jeu de base)",
    blocks: [
      { p: "2 à 4 joueurs construisent en même temps, contre le sablier, un vaisseau à partir de composants piochés au centre, puis le font voler à travers des cartes aventure. Trois vols (classe I, II puis III ou IIIA) ; le plus riche en crédits à la fin gagne." },
      { h: "Construction (en temps réel)" },
      { ul: [
        "Tout le monde joue en même temps. On prend un composant face cachée à la fois (un seul en main), on le regarde, puis on le soude à son vaisseau ou on le rend face visible au centre ; les composants face visible peuvent être pris par n'importe qui.",
        "Un composant posé doit être relié au vaisseau par au moins une jonction légale : simple avec simple, double avec double, universel avec tout connecteur ; simple contre double, ou connecteur contre face lisse, sont illégaux. Le dernier composant posé peut être repris tant qu'on n'a pas pris le suivant : ensuite il est soudé.",
        "Les réacteurs ont leur tuyère vers l'arrière et la case derrière vide ; les lasers ont la case devant leur canon vide. Une erreur ne bloque pas la pose : elle se paie au contrôle.",
        "On peut mettre de côté 2 composants au plus ; ils se posent plus tard mais ne retournent jamais au centre ; ceux qui restent à la fin sont perdus.",
        "Avec au moins un composant posé et la main vide, on peut regarder une des piles de cartes 1 à 3 (une à la fois, un joueur par pile) ; la pile 4 reste secrète.",
        "Quand on a fini, on prend une tuile d'ordre (la plus petite en général, une plus grande est permise) : elle fixe l'ordre de départ.",
        "Le sablier (90 s) part sur le premier cercle (2, 3 ou 4 cercles selon le vol). Une fois écoulé, n'importe qui le retourne sur le cercle suivant ; seul un joueur qui a fini peut le retourner sur « Départ ». Quand il s'écoule sur « Départ », la construction s'arrête : le composant en main retourne au centre et les retardataires prennent les tuiles restantes.",
        "Option « détendu » : pas de sablier, la construction finit quand tout le monde a pris sa tuile.",
      ] },
      { h: "Contrôle et équipage" },
      { ul: [
        "Chaque défaut (jonction illégale, réacteur mal tourné ou bouché, laser bouché) se corrige en retirant un des composants en cause ; un vaisseau en morceaux garde la partie de son choix. Tout composant retiré est perdu.",
        "Chaque cabine reçoit 2 astronautes, ou un alien si elle est reliée à un support de vie de sa couleur (un seul alien marron et un seul violet par vaisseau, jamais dans la cabine de départ). Les batteries sont remplies.",
      ] },
      { h: "Le vol" },
      { ul: [
        "Le premier parti est en tête, les autres 2, 3 ou 4 cases derrière le précédent sur une piste de 40 cases ; en se déplaçant on saute les cases occupées. Un vaisseau dépassé d'un tour entier abandonne.",
        "Les cartes sont jouées une à une, le meneur d'abord. Force des réacteurs : 1 par réacteur simple, 2 par réacteur double alimenté (1 batterie). Force des lasers : 1 (½ s'il ne vise pas l'avant), laser double 2 (1 de côté) avec 1 batterie. Alien marron +2 réacteurs, violet +2 lasers, seulement si la force est d'au moins 1.",
        "Espace ouvert : on avance de sa force de réacteurs (0 : abandon). Poussière : 1 jour perdu par connecteur exposé. Épidémie : toute cabine occupée reliée à une autre cabine occupée perd un équipier. Sabotage : le plus petit équipage (égalité : le plus avancé) perd le composant tiré aux dés (3 essais).",
        "Vaisseau / station abandonnés : le premier qui accepte (avec l'équipage requis) prend l'offre et perd les jours. Planètes : le meneur choisit d'abord, une planète par vaisseau ; les jours se perdent en commençant par le dernier.",
        "Ennemis (contrebandiers, esclavagistes, pirates) : ils attaquent dans l'ordre jusqu'à être battus. Plus fort : on gagne (récompense facultative, elle coûte des jours) ; égalité : rien ; plus faible : la pénalité. Les tirs des pirates se tirent une fois pour tous les vaincus.",
        "Météorites et tirs : 2 dés donnent la colonne (de l'avant ou de l'arrière) ou la rangée (des côtés). Petit météorite : sans effet sur une face lisse, sinon bouclier (1 batterie) ou destruction. Gros météorite : un laser bien placé le détruit (même colonne devant ; même rangée ou voisine sur les côtés ; même colonne ou voisine derrière). Tir léger : bouclier ; tir lourd : rien n'y fait.",
        "Zone de combat : chaque ligne frappe le plus faible (égalité : le plus avancé).",
        "On peut abandonner avant chaque carte ; sans humain à bord on abandonne forcément.",
      ] },
      { h: "Score" },
      { ul: [
        "Marchandises : rouge 4, jaune 3, vert 2, bleu 1. Arrivée : 4/3/2/1 au vol I, 8/6/4/2 au vol II, 12/9/6/3 au vol III. Plus beau vaisseau (le moins de connecteurs exposés parmi les arrivés, égalités payées) : 2/4/6.",
        "Chaque composant perdu coûte 1 crédit. Qui abandonne ne touche ni arrivée ni beauté et vend ses marchandises à moitié prix.",
      ] },
      { h: "Choix de cette version" },
      { ul: [
        "Marchandises à moitié prix arrondies au supérieur.",
        "Chaque capsule de batterie dépensée vient de la batterie de votre choix ; les marchandises perdues sont les plus chères d'abord, de la soute de votre choix, puis des capsules de batterie quand il n'y a plus de marchandises.",
        "Les crédits peuvent devenir négatifs.",
        "Données reconstituées : la liste des 144 composants, les plateaux et les 60 cartes viennent de trois transcriptions concordantes de l'édition 2007 (composant 50 : connecteur avant simple).",
      ] },
      { h: "La grosse extension (options)" },
      { ul: [
        "Règles à cinq, variante « 4 = 5 » (à 4 joueurs) : une planète déjà occupée peut recevoir un second vaisseau, qui prend une marchandise de moins (à son choix), une seule fois par carte ; vaisseau et station abandonnés servent deux fois (le second : 1 crédit ou 1 marchandise de moins) ; un ennemi doit être battu deux fois (le second vainqueur : 1 crédit ou 1 marchandise de moins ; une fois battu, esclavagistes 1 équipier de moins, contrebandiers 1 marchandise de moins, pirates sans leur premier tir puissant) ; zone de combat et sabotage frappent les deux plus faibles, le second avec une pénalité réduite de 1 (sabotage : 2 essais) ; deux premiers prix d'arrivée ; plus beau vaisseau à au moins deux joueurs.",
        "Routes Rugueuses : avant chaque vol, autant de cartes que le niveau, en vigueur pour le vol. En jeu : Dur voyage (2, 3, 4 cartes de niveau III en plus), Déjà vu (les cartes traversées sans profit reviennent une fois, sans mélange), Destin sans remords (zone de combat et sabotage frappent tous les vaisseaux sauf le plus fort ; égalité : seul le plus en arrière y échappe), Batteries sans valeur (bouclier, réacteur ou laser double : 2 batteries par usage).",
        "Manquent, car leur texte n'est pas connu (jamais inventés) : les 42 composants de Nouvelles Technologies (connecteurs et quantités), donc la partie à cinq ; les plateaux IA et IIA ; les cartes Mauvaises Machinations ; les cartes Bonus (Bureaucratie, Racketteur robotisé, Billards de l'espace, Brocante, Dépôt des étoiles : niveaux ou cases inconnus) ; les cartes Routes Rugueuses Rude concurrence, Envie de réacteur, Ordure de l'espace, Psychose cosmique, Fatigue du métal, Inversion météorique, Projectiles perçants, Vaisseau des syndicats, Marchandises et Batteries explosives, Marchandises infectées, Saut périlleux, Connecteurs défectueux, Sur commande, Zone en angle mort, Méchante surprise et les autres non nommées. Le niveau des Routes Rugueuses est donc limité à 1.",
      ] },
    ],
  },
  en: {
    title: "Galaxy Trucker — rules (base game)",
    blocks: [
      { p: "2 to 4 players build a ship at the same time, against the hourglass, from components drawn in the middle, then fly it through adventure cards. Three flights (class I, II, then III or IIIA); the richest in credits at the end wins." },
      { h: "Building (real time)" },
      { ul: [
        "Everybody plays at once. Take one face-down component at a time (one in hand), look at it, then weld it to your ship or return it face up to the middle; anyone may take face-up components.",
        "A component must join the ship by at least one legal connection: single with single, double with double, universal with any connector; single against double, or a connector against a smooth side, are illegal. The last component placed may be picked up until the next one is taken: then it is welded.",
        "Engines have their exhaust to the rear and the cell behind empty; cannons have the cell in front of the barrel empty. A mistake does not block placing: it is paid at the check.",
        "Up to 2 components may be set aside; they are placed later but never go back to the middle; those left at the end are lost.",
        "With at least one component placed and an empty hand, you may look at one of card piles 1 to 3 (one at a time, one player per pile); pile 4 stays secret.",
        "When done, take an order tile (usually the lowest, a higher one is allowed): it sets the starting order.",
        "The hourglass (90 s) starts on the first circle (2, 3 or 4 circles depending on the flight). Once run out, anyone turns it onto the next circle; only a player who has finished may turn it onto « Start ». When it runs out on « Start », building stops: a component in hand goes back to the middle and latecomers take the remaining tiles.",
        "« Relaxed » option: no hourglass; building ends when everybody has taken a tile.",
      ] },
      { h: "Check and crew" },
      { ul: [
        "Each fault (illegal joint, engine turned wrong or blocked, blocked cannon) is fixed by removing one of the components involved; a ship in pieces keeps the piece of its choice. Every removed component is lost.",
        "Each cabin gets 2 astronauts, or one alien if joined to a life support of its colour (one brown and one purple alien per ship at most, never in the starting cabin). Batteries are filled.",
      ] },
      { h: "The flight" },
      { ul: [
        "The first to finish leads, the others 2, 3 or 4 spaces behind the previous one on a 40-space track; moving skips occupied spaces. A ship lapped by a whole round gives up.",
        "Cards are played one by one, the leader first. Engine strength: 1 per single engine, 2 per powered double engine (1 battery). Cannon strength: 1 (½ if not facing front), double cannon 2 (1 sideways) with 1 battery. Brown alien +2 engines, purple +2 cannons, only when the strength is at least 1.",
        "Open Space: move by your engine strength (0: give up). Stardust: 1 day lost per exposed connector. Epidemic: every occupied cabin joined to another occupied cabin loses a crew member. Sabotage: the smallest crew (tie: the one ahead) loses the component the dice hit (3 tries).",
        "Abandoned ship / station: the first who accepts (with the crew required) takes the offer and loses the days. Planets: the leader chooses first, one planet per ship; days are lost starting with the last ship.",
        "Enemies (smugglers, slavers, pirates): they attack in order until beaten. Stronger: you win (optional reward, it costs days); tie: nothing; weaker: the penalty. Pirate shots are rolled once for all the defeated.",
        "Meteors and shots: 2 dice give the column (from front or rear) or the row (from the sides). Small meteor: nothing on a smooth side, otherwise shield (1 battery) or destruction. Large meteor: a well-placed cannon destroys it (same column in front; same or adjacent row on the sides; same or adjacent column behind). Light shot: shield; heavy shot: nothing helps.",
        "Combat Zone: each line hits the weakest (tie: the one ahead).",
        "You may give up before each card; with no human aboard you must.",
      ] },
      { h: "Scoring" },
      { ul: [
        "Goods: red 4, yellow 3, green 2, blue 1. Finish: 4/3/2/1 in flight I, 8/6/4/2 in flight II, 12/9/6/3 in flight III. Best-looking ship (fewest exposed connectors among finishers, ties all paid): 2/4/6.",
        "Each lost component costs 1 credit. A ship that gave up gets no finish or best-looking reward and sells its goods at half price.",
      ] },
      { h: "This version's rulings" },
      { ul: [
        "Half-price goods are rounded up.",
        "Each battery cell spent comes from the battery of your choice; goods lost are the most valuable first, from the hold of your choice, then battery cells once no goods are left.",
        "Credits may go below zero.",
        "Reconstructed data: the 144 components, the boards and the 60 cards come from three agreeing transcriptions of the 2007 edition (component 50: single front connector).",
      ] },
      { h: "The Big Expansion (options)" },
      { ul: [
        "Five-player rules, « 4 = 5 » variant (4 players): a planet with a ship on it may take a second ship, which gets one good fewer (its choice), once per card; abandoned ship and station serve twice (the second: 1 credit or 1 good fewer); an enemy must be beaten twice (the second winner: 1 credit or 1 good fewer; once beaten, slavers take 1 crew fewer, smugglers 1 good fewer, pirates skip their first heavy shot); combat zone and sabotage hit the two weakest, the second with the penalty reduced by 1 (sabotage: 2 tries); two first finish prizes; best-looking ship to at least two players.",
        "Rough Roads: before each flight, as many cards as the level, in force for the flight. In play: Tough Trip (2, 3, 4 more level III cards), Déjà vu (the cards passed without profit come back once, unshuffled), Remorseless Fate (combat zone and sabotage hit every ship but the strongest; ties: only the rearmost escapes), Bum Batteries (shield, double engine or cannon: 2 battery cells a use).",
        "Missing, as their text is not known (never invented): the 42 New Technologies components (connectors and amounts), hence the five-player game; the IA and IIA boards; the Evil Machinations cards; the Bonus cards (Bureaucracy, Robosmokeys, Space Billiards, Junkyard, Star Depot: levels or boxes unknown); the Rough Roads cards Stiff Competition, Engine Envy, Space Junk, Cosmic Psychosis, Metal Fatigue, Meteoric Inversion, Piercing Projectiles, Union Ship, Explosive Goods and Batteries, Infected Goods, Sommersault, Defective Connectors, Made to Order, Dead Zone, Nasty Surprise and the unnamed others. The Rough Roads level is therefore limited to 1.",
      ] },
    ],
  },
};
