"""Rencontre Cosmique (Cosmic Encounter, French edition by Jeux Descartes)."""
from .rules import RencontreCosmique

__all__ = ["RencontreCosmique"]
