// The rules of Rencontre Cosmique told in our own words (French and English), with this version's rulings.
export const RULES = { fr: { title: "Rencontre Cosmique — règles", blocks: [] }, en: { title: "Cosmic Encounter — rules", blocks: [] } };
