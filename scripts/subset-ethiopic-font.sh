#!/bin/sh
# Makes the Ethiopic web font of the Amharic pages (docs/decisions/0411): Noto Sans Ethiopic from
# the npm package @fontsource-variable/noto-sans-ethiopic (SIL Open Font License), its variable
# "ethiopic" file instanced at weights 400 and 700 and cut to the Ethiopic block U+1200–137F (the
# letters, punctuation and numerals Amharic uses), without layout tables or hinting: ~14 KB each
# instead of 198 KB. Latin text keeps the system font. Needs fontTools with brotli
# (Debian: apt-get install python3-fonttools python3-brotli). The results are committed in
# app/fonts/ (the build serves them under content-hashed names, decision 0508) and the licence in
# public/fonts/; run this only to change them. Then run scripts/subset-ethiopic-names.sh (0881).
set -eu
version=5.3.0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$(cd "$(dirname "$0")/.." && pwd)"
(cd "$work" && npm pack "@fontsource-variable/noto-sans-ethiopic@$version" --silent >/dev/null && tar xzf ./*.tgz)
source="$work/package/files/noto-sans-ethiopic-ethiopic-wght-normal.woff2"
for weight in 400 700; do
  python3 -m fontTools.varLib.instancer "$source" "wght=$weight" -q -o "$work/instance-$weight.ttf"
  python3 -m fontTools.subset "$work/instance-$weight.ttf" --unicodes="U+1200-137F" --flavor=woff2 \
    --layout-features='' --no-hinting --desubroutinize \
    --output-file="$root/app/fonts/noto-sans-ethiopic-$weight.woff2"
done
cp "$work/package/LICENSE" "$root/public/fonts/noto-sans-ethiopic-OFL.txt"
# Receipts' PDFs (docs/decisions/0840) embed the regular face as TrueType: pdfkit's font reader fails
# on some glyphs of the WOFF2 file (the Ethiopic full stop), not on the same glyphs unpacked.
python3 -c "from fontTools.ttLib import TTFont; f = TTFont('$root/app/fonts/noto-sans-ethiopic-400.woff2'); f.flavor = None; f.save('$root/core/receipts/fonts/noto-sans-ethiopic-400.ttf')"
