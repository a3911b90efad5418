/**
 * Characters XML 1.0 cannot carry: the C0 controls but tab, line feed and carriage return, U+FFFE,
 * U+FFFF, and half of a surrogate pair. One of them in a title makes a whole RSS feed unreadable, so
 * requests carrying them are refused (server/plugins/text-input.ts) and feeds leave them out
 * (app/lib/xml.ts). Zod-free: pages import it.
 */
const NOT_IN_XML =
  "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const FIRST = new RegExp(NOT_IN_XML);
const EVERY = new RegExp(NOT_IN_XML, "g");

/** The first character of `text` that XML cannot carry, if any. */
export const firstNonXmlCharacter = (text: string): string | undefined => FIRST.exec(text)?.[0];

/** `text` without the characters XML cannot carry. */
export const withoutNonXmlCharacters = (text: string): string => text.replace(EVERY, "");
