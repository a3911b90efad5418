import { describe, expect, it } from "vitest";
import { newsletterEmailError } from "./email-address-rules.ts";
import { SubscribeSchema } from "./subscribers.schema.ts";

describe("newsletter e-mail rules", () => {
  it.each([
    "",
    "   ",
    "a@b",
    " Selam@Example.org ",
    "no-at-sign",
    "two words@example.org",
    "@example.org",
    "a@",
    `${"a".repeat(250)}@x.org`,
    `${"a".repeat(240)}@x.org`,
    "<script>alert(1)</script>@x.io",
    "a.b@example.org",
  ])("the footer's zod-free check agrees with the API schema for %j", (email) => {
    const result = SubscribeSchema.safeParse({ email });
    const schemaMessage = result.success ? undefined : result.error.issues[0]?.message;
    expect(newsletterEmailError(email)).toBe(schemaMessage);
  });
});
