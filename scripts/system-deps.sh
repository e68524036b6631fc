#!/usr/bin/env bash
# Installs the system tools the tests use when they are missing:
# poppler-utils (pdftoppm, pdffonts) and qpdf. Debian/Ubuntu (apt-get).
set -euo pipefail
missing=()
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
command -v pdffonts >/dev/null || missing+=(poppler-utils)
command -v qpdf >/dev/null || missing+=(qpdf)
[ ${#missing[@]} -eq 0 ] && exit 0
pkgs=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
echo "installing system packages: $pkgs"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if ! command -v apt-get >/dev/null; then
  echo "error: please install $pkgs with your system's package manager" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >/dev/null
# shellcheck disable=SC2086
$sudo apt-get install -y -q $pkgs >/dev/null
