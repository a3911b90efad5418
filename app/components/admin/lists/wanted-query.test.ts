import { describe, expect, it } from "vitest";
import { type AskMark, change, landed, listKey, type WantedQuery, wantedValue, wantFrom } from "./wanted-query";

/** One ask: the new state and the history entry its navigation would land as. */
function ask(state: WantedQuery, changes: Record<string, string>) {
  const { state: next, mark } = change(state, changes);
  return { state: next, entry: { search: next.search, mark } };
}

describe("the query a list wants", () => {
  it("keeps the first of two filter changes made before either lands", () => {
    const start = wantFrom("?tab=ledger", "list-a");
    const method = ask(start, { method: "card" });
    const fund = ask(method.state, { fund: "eccd-package" });
    expect(fund.state.search).toBe("tab=ledger&method=card&fund=eccd-package");
    // The first lands: the second is still on its way, so the wanted query stays.
    const first = landed(fund.state, method.entry.search, method.entry.mark);
    expect(first.search).toBe("tab=ledger&method=card&fund=eccd-package");
    expect([first.asked, first.settled]).toEqual([2, 1]);
    const second = landed(first, fund.entry.search, fund.entry.mark);
    expect(second.search).toBe("tab=ledger&method=card&fund=eccd-package");
    expect([second.asked, second.settled]).toEqual([2, 2]);
    expect(wantedValue(second, "method")).toBe("card");
    expect(wantedValue(second, "fund")).toBe("eccd-package");
  });

  it("keeps the last of three quick searches whichever earlier ones land or are dropped", () => {
    const a = ask(wantFrom("", "list-a"), { q: "%cent_" });
    const b = ask(a.state, { q: "PER%CENT" });
    const c = ask(b.state, { q: "nobody" });
    // The router dropped the first for the second, then the second lands while the third is on its way.
    const afterB = landed(c.state, b.entry.search, b.entry.mark);
    expect(wantedValue(afterB, "q")).toBe("nobody");
    const afterC = landed(afterB, c.entry.search, c.entry.mark);
    expect(wantedValue(afterC, "q")).toBe("nobody");
    expect([afterC.asked, afterC.settled]).toEqual([3, 3]);
    // An older entry of ours reached again (Back through replaced entries) is history: the URL wins.
    expect(wantedValue(landed(afterC, a.entry.search, a.entry.mark), "q")).toBe("%cent_");
  });

  it("goes back to page 1 on a filter or search change, and keeps the filters on a page change", () => {
    let state = wantFrom("status=confirmed&page=3", "list-a");
    state = change(state, { page: "4" }).state;
    expect(state.search).toBe("status=confirmed&page=4");
    state = change(state, { q: "abebe" }).state;
    expect(state.search).toBe("status=confirmed&q=abebe");
    state = change(state, { page: "2" }).state;
    state = change(state, { status: "all" }).state;
    expect(state.search).toBe("q=abebe");
    state = change(state, { page: "" }).state;
    expect(state.search).toBe("q=abebe");
  });

  it("takes the URL back on Back, giving up the asks still on their way", () => {
    const one = ask(wantFrom("", "list-a"), { status: "pending" });
    const settled = landed(one.state, one.entry.search, one.entry.mark);
    const two = ask(settled, { q: "tena" });
    // Back to the entry from before the first ask (no mark) while the second is on its way.
    const back = landed(two.state, "", null);
    expect(back.search).toBe("");
    expect([back.asked, back.settled]).toEqual([2, 2]);
    // Forward to the first ask's own entry: ours once, history now.
    const forward = landed(back, one.entry.search, one.entry.mark);
    expect(forward.search).toBe("status=pending");
    // The given-up ask landing after all: the URL is the truth, not the old wanted query.
    const late = landed(forward, two.entry.search, two.entry.mark);
    expect(late.search).toBe("status=pending&q=tena");
    // The next change builds on what Back showed.
    expect(change(back, { method: "card" }).state.search).toBe("method=card");
  });

  it("reads history entries from before a reload as someone else's", () => {
    const before = ask(wantFrom("", "list-a"), { status: "pending" });
    const afterReload = wantFrom("", "list-b");
    const next = ask(afterReload, { q: "x" });
    const back = landed(next.state, before.entry.search, before.entry.mark);
    expect(back.search).toBe("status=pending");
    // A mark numbered like a pending ask but from another mount is not ours.
    const forged: AskMark = { list: "list-a", ask: 1 };
    expect(landed(next.state, "page=9", forged).search).toBe("page=9");
    expect(landed(next.state, "page=9", "not a mark").search).toBe("page=9");
  });

  it("answers the same state when a landing changes nothing", () => {
    const start = wantFrom("?q=a", "list-a");
    expect(landed(start, "q=a", null)).toBe(start);
    const one = ask(start, { q: "b" });
    const settled = landed(one.state, one.entry.search, one.entry.mark);
    expect(landed(settled, one.entry.search, one.entry.mark)).not.toBe(one.state);
    expect(landed(settled, "q=b", null)).toBe(settled);
  });

  it("keys a page by the list's names in their order", () => {
    expect(listKey("tab=ledger&fund=x&page=2&q=a%25", ["page", "pageSize", "sort", "q", "method", "fund"])).toBe(
      "page=2&q=a%25&fund=x",
    );
    expect(listKey("?page=", ["page"])).toBe("");
  });
});

/**
 * Every interleaving in a model of the router: asks (searches that replace the entry, filters and
 * pages that push one) made while earlier asks are on their way; the router lands the oldest or
 * drops it for a newer one; Back and Forward move through history and drop every ask on its way.
 * What the user means is the model's `meant`: each change applied to what was meant before, and
 * after Back or Forward the entry reached. The wanted query must equal it after every step, and
 * once nothing is on its way the URL must equal it too.
 */
describe("the query a list wants, under any interleaving", () => {
  type Entry = { search: string; mark: unknown };
  const steps = ["search", "filter", "page", "land", "drop", "back", "forward"] as const;

  /** A small deterministic generator, so a failure names a seed that repeats it. */
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };

  for (let seed = 1; seed <= 300; seed++) {
    it(`seed ${seed}`, () => {
      const next = random(seed);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
      const history: Entry[] = [{ search: "tab=ledger", mark: null }];
      let at = 0;
      let state = wantFrom(history[0]?.search ?? "", "list-a");
      let meant = state.search;
      let onTheWay: Array<Entry & { replace: boolean }> = [];

      const arrive = (entry: Entry) => {
        state = landed(state, entry.search, entry.mark);
      };
      for (let step = 0; step < 40; step++) {
        const kind = pick(steps);
        if (kind === "search" || kind === "filter" || kind === "page") {
          const changes: Record<string, string> =
            kind === "search"
              ? { q: pick(["", "a", "ab", "abc", "nobody"]) }
              : kind === "filter"
                ? { [pick(["method", "fund", "status"])]: pick(["all", "card", "offline", "eccd"]) }
                : { page: pick(["", "2", "3"]) };
          const asked = change(state, changes);
          state = asked.state;
          const expected = new URLSearchParams(meant);
          for (const [name, value] of Object.entries(changes)) {
            if (value && value !== "all") expected.set(name, value);
            else expected.delete(name);
          }
          if (!("page" in changes)) expected.delete("page");
          meant = expected.toString();
          onTheWay.push({ search: asked.state.search, mark: asked.mark, replace: kind === "search" });
        } else if ((kind === "land" || kind === "drop") && onTheWay.length > 0) {
          const [first, ...rest] = onTheWay;
          onTheWay = rest;
          // The router never drops the newest ask unless something else moves.
          if (first && (kind === "land" || rest.length === 0)) {
            if (first.replace) history[at] = first;
            else {
              history.splice(at + 1, history.length, first);
              at += 1;
            }
            arrive(first);
          }
        } else if (kind === "back" || kind === "forward") {
          const to = kind === "back" ? at - 1 : at + 1;
          const entry = history[to];
          if (!entry) continue;
          at = to;
          onTheWay = [];
          arrive(entry);
          meant = entry.search;
        }
        expect(state.search).toBe(meant);
      }
      // Let everything on its way land: the URL reaches what was meant.
      for (const entry of onTheWay) {
        if (entry.replace) history[at] = entry;
        else {
          history.splice(at + 1, history.length, entry);
          at += 1;
        }
        arrive(entry);
      }
      expect(state.search).toBe(meant);
      expect(history[at]?.search ?? "tab=ledger").toBe(meant);
    });
  }
});
