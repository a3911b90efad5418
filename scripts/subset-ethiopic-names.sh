#!/bin/sh
# Cuts the Ethiopic faces of the Amharic pages (app/fonts/noto-sans-ethiopic-{400,700}.woff2, made by
# scripts/subset-ethiopic-font.sh) down to the letters of the Amharic that English pages show: the
# language link and the suggestion to read the page in Amharic (docs/decisions/0881). About 2 KB
# each. The text comes from app/i18n/amharic-on-english-pages.ts; run this whenever it changes
# (app/i18n/amharic-on-english-pages.test.ts fails until then). Needs fontTools with brotli
# (Debian: apt-get install python3-fonttools python3-brotli) and the project's Node (npx node).
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
text="$(npx node --input-type=module -e 'const { AMHARIC_ON_ENGLISH_PAGES } = await import("./app/i18n/amharic-on-english-pages.ts"); process.stdout.write(AMHARIC_ON_ENGLISH_PAGES.join("").replace(/\s/gu, ""))')"
for weight in 400 700; do
  python3 -m fontTools.subset "app/fonts/noto-sans-ethiopic-$weight.woff2" --text="$text" --flavor=woff2 \
    --layout-features='' --no-hinting --desubroutinize \
    --output-file="app/fonts/ethiopic-language-names-$weight.woff2"
done
