"""Porco Crasso (2–4 players) with the Coquettruie extension, Cochonpétition and Chronoboue."""
from .search import PorcoCrasso

__all__ = ["PorcoCrasso"]
