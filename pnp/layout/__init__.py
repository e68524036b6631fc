"""Pure layout: specs and texts in, pages of shapes (mm) out."""
