import { describe, expect, it } from "vitest";
import { createRecognisedDevices, RECOGNISED_DEVICE_LIFETIME_MS } from "./recognised-device.ts";

describe("recognised-device notes", () => {
  const devices = createRecognisedDevices("test-secret-test-secret-test-secret-1234");
  const issuedAt = new Date("2026-11-22T09:00:00Z");
  const note = devices.issue("staff@hopebehindbars.test", issuedAt);

  it("recognise the account they were issued for until they expire", () => {
    expect(devices.recognises(note, "staff@hopebehindbars.test", issuedAt)).toBe(true);
    const lastMoment = new Date(issuedAt.getTime() + RECOGNISED_DEVICE_LIFETIME_MS - 1);
    expect(devices.recognises(note, "staff@hopebehindbars.test", lastMoment)).toBe(true);
    expect(devices.recognises(note, "staff@hopebehindbars.test", new Date(lastMoment.getTime() + 1))).toBe(false);
  });

  it("exempt no other account, and cannot be forged, extended or signed with another secret", () => {
    expect(devices.recognises(note, "other@hopebehindbars.test", issuedAt)).toBe(false);
    const [expires, signature] = note.split(".");
    expect(devices.recognises(`${Number(expires) + 1000}.${signature}`, "staff@hopebehindbars.test", issuedAt)).toBe(
      false,
    );
    expect(devices.recognises(`${expires}.forged`, "staff@hopebehindbars.test", issuedAt)).toBe(false);
    const elsewhere = createRecognisedDevices("another-secret-another-secret-another-1");
    expect(elsewhere.recognises(note, "staff@hopebehindbars.test", issuedAt)).toBe(false);
    for (const junk of [undefined, "", ".", "abc", "1.2.3", "x".repeat(500)]) {
      expect(devices.recognises(junk, "staff@hopebehindbars.test", issuedAt)).toBe(false);
    }
  });
});
