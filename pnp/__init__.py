"""pnp: print-and-play kits as vector PDFs."""

__version__ = "0.1.0"
