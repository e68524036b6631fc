"""Thin renderers: they convert units and draw what the page data says."""
