"""Les Cochons de l'Espace (seeds/000_…): hex galaxy, Porc Royal, Extra-Cochons, elections."""
from .rules import CochonsEspace

__all__ = ["CochonsEspace"]
