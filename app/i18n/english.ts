import { en } from "./en";
import type { I18nData } from "./i18n";

/**
 * The English catalogue as a provider value, for pages drawn outside the public layout (the back
 * office's previews of public pages). Never imported by an island.
 */
export const ENGLISH_I18N: I18nData = { locale: "en", messages: en, errors: {} };
