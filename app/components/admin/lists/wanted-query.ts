/**
 * The query a list screen wants, kept apart from the URL it has reached (docs/decisions/0720-list-wanted-query.md).
 *
 * Each change is a navigation that lands only after the admin loaders have run again, and React
 * Router's functional `setSearchParams` starts from the last rendered URL: two changes made before
 * the page draws again would build on the same old URL, and the second would undo the first. So
 * every change builds on the query last wanted, which changes synchronously, and the URL is read
 * back into it only when a navigation this list did not ask for lands (Back, Forward, a link, a
 * reload's history entry). Our own navigations carry a mark in the history entry's state; a mark
 * counts as ours only while it is one this mounted list issued and has not yet seen land.
 */

/** The history-entry state a list's own navigation carries. */
export interface AskMark {
  /** Which mounted list asked (a fresh id per mount, so entries from before a reload are not ours). */
  list: string;
  /** The ask's number, counting from 1 in this mount. */
  ask: number;
}

export interface WantedQuery {
  /** The whole search string wanted, other screens' params included (`a=1&b=2`, no `?`). */
  search: string;
  /** This mount's id, written into each ask's mark. */
  list: string;
  /** How many navigations this list has asked for. */
  asked: number;
  /** The newest ask seen landing (or given up on): older marks are history, not pending asks. */
  settled: number;
}

export const wantFrom = (search: string, list: string): WantedQuery => ({
  search: normalise(search),
  list,
  asked: 0,
  settled: 0,
});

/**
 * The query after `changes` (an empty value or `all` removes the name); anything but a page change
 * goes back to page 1. Returns the new state and the mark its navigation carries.
 */
export function change(state: WantedQuery, changes: Record<string, string>): { state: WantedQuery; mark: AskMark } {
  const next = new URLSearchParams(state.search);
  for (const [name, value] of Object.entries(changes)) {
    if (value && value !== "all") next.set(name, value);
    else next.delete(name);
  }
  if (!("page" in changes)) next.delete("page");
  const asked = state.asked + 1;
  return { state: { ...state, search: next.toString(), asked }, mark: { list: state.list, ask: asked } };
}

/** True when `mark` is one of this list's asks that has not landed yet. */
function isPendingAsk(state: WantedQuery, mark: unknown): boolean {
  if (!mark || typeof mark !== "object") return false;
  const { list, ask } = mark as Partial<AskMark>;
  return list === state.list && typeof ask === "number" && ask > state.settled && ask <= state.asked;
}

/**
 * A navigation landed at `search` with history state `mark`. Our own: the wanted query stays (a
 * newer ask may still be on its way), only the ask counts as settled. Anyone else's: the URL is the
 * truth again, and every ask still on its way is given up (the router drops it for the newer one).
 * Returns `state` itself when nothing changes.
 */
export function landed(state: WantedQuery, search: string, mark: unknown): WantedQuery {
  if (isPendingAsk(state, mark)) {
    const ask = (mark as AskMark).ask;
    return ask === state.settled ? state : { ...state, settled: ask };
  }
  const reached = normalise(search);
  if (reached === state.search && state.settled === state.asked) return state;
  return { ...state, search: reached, settled: state.asked };
}

/** The value of `name` wanted ("" when none). */
export const wantedValue = (state: WantedQuery, name: string): string =>
  new URLSearchParams(state.search).get(name) ?? "";

/** The part of a search string a list's call reads, in the order of `names`: the key of one page. */
export function listKey(search: string, names: readonly string[]): string {
  const from = new URLSearchParams(search);
  const query = new URLSearchParams();
  for (const name of names) {
    const value = from.get(name);
    if (value) query.set(name, value);
  }
  return query.toString();
}

const normalise = (search: string) => new URLSearchParams(search).toString();
