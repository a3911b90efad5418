import { describe, expect, it } from "vitest";
import { renderEmail } from "./render-email.ts";

describe("renderEmail", () => {
  const content = {
    subject: "New message from Abebe",
    heading: "New message from <b>Abebe</b>",
    intro: ["Line one\nline two", 'He wrote <script>alert("x")</script> & more'],
    details: [
      ["Phone", "+251 911"],
      ["Skills", ""],
      ["Age", undefined],
    ] as const,
    action: { label: "See all messages", url: "https://hopebehindbars.org/admin/messages?a=1&b=2" },
    footer: ["Reply to this e-mail to answer."],
  };

  it("writes the plain-text part from the same content, without empty details", async () => {
    const { text } = await renderEmail(content);
    expect(text).toBe(
      [
        "New message from <b>Abebe</b>",
        "Line one\nline two",
        'He wrote <script>alert("x")</script> & more',
        "Phone: +251 911",
        "See all messages: https://hopebehindbars.org/admin/messages?a=1&b=2",
        "--\nReply to this e-mail to answer.",
      ]
        .join("\n\n")
        .concat("\n"),
    );
  });

  it("escapes what visitors typed in the HTML part and links the action", async () => {
    const { html, subject } = await renderEmail(content);
    expect(subject).toBe("New message from Abebe");
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Abebe</b>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('href="https://hopebehindbars.org/admin/messages?a=1&amp;b=2"');
    expect(html).not.toContain("Skills");
  });
});
