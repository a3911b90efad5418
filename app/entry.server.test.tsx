import type { EntryContext, RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PUBLIC_LAYOUT } from "./routes/public/layout-id";

/**
 * React's renderer stands in for itself here: what is under test is entry.server's own give-up
 * timer (decision 0557), which must not outlive the render it guards.
 */
const render = vi.hoisted(() => ({
  options: undefined as
    | { onAllReady(): void; onShellError(error: unknown): void; onError(error: unknown): void }
    | undefined,
  abort: vi.fn(),
}));
vi.mock("react-dom/server", () => ({
  renderToPipeableStream: (_element: unknown, options: NonNullable<typeof render.options>) => {
    render.options = options;
    return { pipe: (body: NodeJS.WritableStream) => body.end("<html></html>"), abort: render.abort };
  },
}));

const { default: handleRequest, streamTimeout } = await import("./entry.server");

const islandPage = { staticHandlerContext: { loaderData: { [PUBLIC_LAYOUT]: {} } } } as unknown as EntryContext;
const startRender = () =>
  handleRequest(
    new Request("http://localhost/"),
    200,
    new Headers(),
    islandPage,
    {} as unknown as RouterContextProvider,
  );

describe("entry.server's give-up timer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render.options = undefined;
    render.abort.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it("is cleared once the page is handed over, so a finished render is not kept alive", async () => {
    const answer = startRender();
    expect(vi.getTimerCount()).toBe(1);
    render.options?.onAllReady();
    const response = await answer;
    expect(await response.text()).toBe("<html></html>");
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(streamTimeout + 1000);
    expect(render.abort).not.toHaveBeenCalled();
  });

  it("is cleared when the shell fails", async () => {
    const answer = startRender();
    render.options?.onShellError(new Error("shell failed"));
    await expect(answer).rejects.toThrow("shell failed");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("aborts a render still not ready after the stream timeout", () => {
    void startRender();
    vi.advanceTimersByTime(streamTimeout + 999);
    expect(render.abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(render.abort).toHaveBeenCalledOnce();
  });
});

describe("a page whose loader met the database unavailable", () => {
  const failedPage = (error: unknown) =>
    ({ staticHandlerContext: { loaderData: {}, errors: { "routes/public/home": error } } }) as unknown as EntryContext;
  const head = (error: unknown) =>
    handleRequest(
      new Request("http://localhost/", { method: "HEAD" }),
      500,
      new Headers(),
      failedPage(error),
      {} as unknown as RouterContextProvider,
    );

  it("answers 503 with Retry-After, as the API does", async () => {
    const { DatabaseUnavailableError } = await import("../db/postgres-failover.ts");
    const response = await head(new DatabaseUnavailableError(new Error("Connection terminated unexpectedly")));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
  });

  it("answers 503 when SQLite stayed locked past its busy timeout", async () => {
    const response = await head(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
  });

  it("keeps 500 for any other failure", async () => {
    const response = await head(new Error("a bug"));
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
  });
});
