"""Kroll & Prumni (new version, 1989): two-player space war on a hex map with vanishing planets."""
from .search import KrollPrumni

__all__ = ["KrollPrumni"]
