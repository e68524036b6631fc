"""The validator's parts: `bounded` runs one check in a child process with
hard limits, `syntax` reads the PDF's structure with pikepdf (qpdf), and
`printed` looks at the printed page with PDFium. `pnp.validate` puts them
together and compares what it finds with the kit's own build."""
