"""Texts Rencontre Cosmique's page writes again (web/games/rencontre-cosmique/text.js) say what the engine says.

The Chercheur's questions and the colours' names are written both in data.py (the log's text) and in text.js (the
buttons and the board), until static tables travel once with the catalog: this test keeps the two copies equal.
"""
from __future__ import annotations

import re
from pathlib import Path

from cosmoludo.games.rencontre_cosmique.data import COLOUR_NAMES, QUESTIONS

TEXT_JS = Path(__file__).resolve().parent.parent / "web" / "games" / "rencontre-cosmique" / "text.js"
ENTRY = re.compile(r'(\w+): \{ fr: "([^"]*)", en: "([^"]*)" \}')


def _block(js: str, name: str) -> dict[str, tuple[str, str]]:
    """The `{id: {fr, en}}` entries of the object constant `name` in text.js."""
    start = js.index(f"const {name} = {{")
    body = js[start:js.index("\n};", start)]
    return {k: (fr, en) for k, fr, en in ENTRY.findall(body)}


def test_the_pages_colour_names_are_the_engines():
    js = _block(TEXT_JS.read_text(encoding="utf-8"), "COLOUR_NAMES")
    assert js == {k: (v["fr"], v["en"]) for k, v in COLOUR_NAMES.items()}


def test_the_pages_questions_are_the_engines():
    text = TEXT_JS.read_text(encoding="utf-8")
    js = _block(text, "QUESTIONS")
    for qid, q in QUESTIONS.items():
        m = re.fullmatch(r"attaque_(\d+)_ou_plus", qid)
        if m:  # one template for every threshold
            n = m.group(1)
            for lang in ("fr", "en"):
                assert str(q[lang]).replace(n, "${m[1]}") in text, (qid, lang)
        else:
            assert js.get(qid) == (q["fr"], q["en"]), qid
    assert set(js) <= set(QUESTIONS)
