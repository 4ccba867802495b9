"""Galaxy Trucker (base game, 2007 edition): real-time ship building, three flights, the 60 adventure cards."""
from .search import GalaxyTrucker

__all__ = ["GalaxyTrucker"]
