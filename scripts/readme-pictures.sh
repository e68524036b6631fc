#!/bin/sh
# Renders the README pictures in docs/img from the current kits (English, A4,
# 40 dpi). Needs pdftoppm (poppler-utils) and, for the SVG pictures,
# rsvg-convert (librsvg2-bin). Run from the repository root after `make pdfs`.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pnp=.venv/bin/pnp
img=docs/img
$pnp render kesse-rueben --lang en --paper a4 --format pdf,svg,cut-svg,png --dpi 40 -o "$tmp" --no-validate -q
$pnp render ludo-cards --lang en --paper a4 --greyscale -o "$tmp" --no-validate -q
$pnp render ludo-cards --lang en --paper a4 --ink-saver -o "$tmp" --no-validate -q
$pnp render ludo-cards --lang en --paper a4 --format proof --dpi 30 -o "$tmp" --no-validate -q
$pnp render tab --lang en --paper a4 -o "$tmp" --no-validate -q
cp "$tmp/kesse-rueben-en-a4-contact.png" "$img/kesse-contact.png"
cp "$tmp/ludo-cards-en-a4-sheet03-proof.png" "$img/ludo-proof.png"  # the first sheet of cards
page() { pdftoppm -png -r 40 -f "$2" -l "$2" -singlefile "$tmp/$1.pdf" "$img/$3"; }
page kesse-rueben-en-a4 1 kesse-fold-sheet
page kesse-rueben-en-a4 2 kesse-tokens-pawns
page ludo-cards-en-a4-greyscale 5 ludo-greyscale
page ludo-cards-en-a4-ink-saver 6 ludo-ink-saver
page tab-en-a4 1 tab-board
page tab-en-a4 2 tab-pieces
rsvg-convert -w 330 -b white "$tmp/kesse-rueben-en-a4-p02.svg" -o "$img/kesse-tokens-svg.png"
rsvg-convert -w 330 -b white "$tmp/kesse-rueben-en-a4-p02-cut.svg" -o "$img/kesse-tokens-cut-svg.png"
