"""Rencontre Cosmique (Cosmic Encounter, French edition by Jeux Descartes)."""
from .search import RencontreCosmique

__all__ = ["RencontreCosmique"]
