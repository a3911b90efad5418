/**
 * The site-content texts of one list still in English on an Amharic page (decision 0420): an island
 * is sent only its own list's (its props are part of the page). `sitePathLang` marks each.
 */
export const within = (paths: readonly string[] | undefined, list: string): string[] | undefined =>
  paths?.filter((path) => path.startsWith(`${list}.`));
