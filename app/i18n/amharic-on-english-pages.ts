import { LANGUAGE_NAMES } from "../../core/i18n/locale.ts";
import { am } from "./am.ts";

/**
 * The Amharic an English page draws: the language link (LanguageLink, in the header, the menu and
 * the footer) and the first visit's suggestion to read the page in Amharic, with its dismiss button
 * (app/routes/public/layout.tsx). They are drawn in a face cut to just their letters
 * (docs/decisions/0881), made from this text by scripts/subset-ethiopic-names.sh.
 */
export const AMHARIC_ON_ENGLISH_PAGES: readonly string[] = [
  LANGUAGE_NAMES.am,
  am["language.suggest"] ?? "",
  am["language.dismiss"] ?? "",
];
