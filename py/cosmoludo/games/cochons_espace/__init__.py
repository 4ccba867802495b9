"""Les Cochons de l'Espace (seeds/000_…): hex galaxy, Porc Royal, Extra-Cochons, elections."""
from .search import CochonsEspace

__all__ = ["CochonsEspace"]
