/** The versioned-document kind (core/versions) of site content; each document's key is its section. */
export const SITE_CONTENT_KIND = "site-content";
