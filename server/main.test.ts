import { describe, expect, it } from "vitest";
import { createTestApp } from "../tests/support/test-app.ts";

// The server as a process (signals, metrics listener) is tested in tests/e2e/server-process.e2e.ts.
describe("server", () => {
  it("gives a client at most 2 minutes to send a request, body included", async () => {
    const t = await createTestApp("sqlite");
    try {
      expect(t.app.server.requestTimeout).toBe(120_000);
    } finally {
      await t.close();
    }
  });
});
