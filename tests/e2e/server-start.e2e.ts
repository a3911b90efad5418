import { describe, expect, it } from "vitest";
import { startServer } from "./support/server.ts";

/** The harness itself: a start that fails must fail the journey with the server's own words. */
describe("starting the site for a journey", () => {
  it("shows what the server printed when it stops during start", async () => {
    const start = startServer({ SESSION_SECRET: "too short" });
    await expect(start).rejects.toThrow(
      /exited before it was ready \(exit code 1\); its output:\nInvalid SESSION_SECRET: use a random value of at least 32 characters/,
    );
  });

  it("stops a start that never finishes at the ceiling and shows what it printed so far", async () => {
    // Node runs this before the server's own code: it prints, then waits forever.
    const hang =
      "console.log('stuck-on-purpose',process.pid);await(import('node:timers/promises').then(t=>t.setTimeout(2e9)))";
    const error = await startServer(
      { NODE_OPTIONS: `--import=data:text/javascript,${hang}` },
      { ceilingMs: 2_000 },
    ).catch((e: Error) => e);
    expect(String(error)).toMatch(/server not ready after 2 s; its output:\nstuck-on-purpose \d+/);
    const pid = Number(/stuck-on-purpose (\d+)/.exec(String(error))?.[1]);
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
  });
});
