"""The validator's parts. `claims` reads what a file says it is (a PDF
whole to its end, made by pnp, for options pnp makes), `checks` compares
what it prints with the kit's own build and the game facts, and `report`
holds the verdict and shows it. Readers: `bounded` runs one check in a
child process with hard limits, `syntax` reads the PDF's structure with
pikepdf (qpdf), `printed` looks at the printed page with PDFium, `compare`
the printed page against the genuine kit's, `cards` the print-shop files.
`pnp.validate` is the entry: a file from outside, or pnp's own bytes."""
