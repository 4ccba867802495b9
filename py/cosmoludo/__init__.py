"""Cosmoludo: rules engines for five French space board games, pure Python."""
from .core.errors import BadSetup, CosmoludoError, IllegalAction, InvalidSave

__version__ = "0.1.0"
__all__ = ["BadSetup", "CosmoludoError", "IllegalAction", "InvalidSave", "__version__"]
