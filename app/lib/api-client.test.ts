import { afterEach, describe, expect, it, vi } from "vitest";
import { api, cancelSessionRequests } from "./api-client";

/** A staff member's browser: a token in storage, and a server whose answer is still arriving. */
function signedInWithAnswerArriving() {
  vi.stubGlobal("window", {
    localStorage: { getItem: () => "token" },
    dispatchEvent: () => true,
  });
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    // The headers are in; the body is still on its way, and the request's signal ends it.
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"count":'));
        init.signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
  });
}

/** Whether `promise` has settled once everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe("api client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("never settles a request that signing out cancelled while its answer was arriving", async () => {
    signedInWithAnswerArriving();
    const figure = api("/api/messages/admin/unread-count");
    await new Promise((resolve) => setImmediate(resolve));
    cancelSessionRequests();
    expect(await settled(figure)).toBe(false);
  });

  it("still fails a request its own caller cancelled", async () => {
    signedInWithAnswerArriving();
    const own = new AbortController();
    const search = api("/api/volunteer", { signal: own.signal });
    await new Promise((resolve) => setImmediate(resolve));
    own.abort();
    await expect(search).rejects.toThrow("aborted");
  });
});
