import { describe, expect, it } from "vitest";
import { type DescribedRow, describeActivity } from "./activity-text.ts";

const row = (over: Partial<DescribedRow>): DescribedRow => ({
  person: "Meron",
  action: "update",
  entity: "blog",
  entityId: "0a1b2c3d-0000-4000-8000-000000000000",
  fields: [],
  values: {},
  ...over,
});

describe("an activity entry as a sentence", () => {
  it.each<[Partial<DescribedRow>, string]>([
    [
      { action: "status", entity: "volunteer-application", label: "Selam Bekele", values: { status: "Accepted" } },
      "Meron changed the status of volunteer application “Selam Bekele” to Accepted.",
    ],
    [
      { fields: ["authorName", "title"], label: "A term" },
      "Meron changed the author name and title of blog post “A term”.",
    ],
    [{ fields: ["content", "excerpt", "title"] }, "Meron changed the content, excerpt and title of a blog post."],
    [{ action: "delete", entity: "video" }, "Meron deleted a video."],
    [{ action: "delete", entity: "subscriber" }, "Meron deleted a subscriber."],
    [{ action: "delete", entity: "volunteer-application" }, "Meron deleted a volunteer application."],
    [{ entity: "message", fields: ["isRead"], values: { isRead: true } }, "Meron marked a message as read."],
    [{ action: "delete", entity: "person" }, "Meron deleted a person."],
    [
      { action: "create", entity: "campaign", label: "Giving Tuesday", fields: ["name"] },
      "Meron created campaign “Giving Tuesday”.",
    ],
    [
      { entity: "email-series-step", label: "Welcome to Hope", fields: ["subjectEn"] },
      "Meron changed the subject en of welcome e-mail “Welcome to Hope”.",
    ],
    [
      { action: "delete", entity: "offline-gift", label: "ETB 1,000 on 28 Nov 2026" },
      "Meron deleted the offline gift of ETB 1,000 on 28 Nov 2026.",
    ],
    [
      { action: "delete", entity: "donation", label: "$25 on 28 Nov 2026", values: { test: true } },
      "Meron deleted the donation of $25 on 28 Nov 2026.",
    ],
    [
      { action: "status", entity: "pledge", label: "ETB 500 on 27 Nov 2026", values: { status: "confirmed" } },
      "Meron changed the status of the transfer notice of ETB 500 on 27 Nov 2026 to confirmed.",
    ],
    [
      { entity: "breach", label: "27 Nov 2026", fields: ["authorityNotified"] },
      "Meron changed the authority notified of the data breach found on 27 Nov 2026.",
    ],
    [
      { action: "create", entity: "receipt", label: "2026-0007", values: { resend: true } },
      "Meron created receipt “2026-0007”.",
    ],
    [
      {
        entity: "setting",
        entityId: "security.requireSecondFactor",
        label: "second factor required for all staff",
        fields: ["value"],
      },
      "Meron changed the value of setting “second factor required for all staff”.",
    ],
    [
      { action: "create", entity: "site-content-image", entityId: "/media/site/0a1b2c3d.webp" },
      "Meron created a site picture.",
    ],
    [
      {
        entity: "gallery-item",
        label: "Storytime",
        fields: ["image"],
        values: { consent: "withdrawn", status: "draft" },
      },
      "Meron withdrew consent for the picture in gallery item “Storytime”, which is a draft again.",
    ],
    [
      { entity: "video", label: "Meron's story", fields: ["video"], values: { consent: "withdrawn" } },
      "Meron withdrew consent for the video in video “Meron's story”.",
    ],
    [
      { entity: "gallery-item", label: "Storytime", fields: ["image"], values: { blurredRegions: 2 } },
      "Meron blurred 2 areas of the picture in gallery item “Storytime”.",
    ],
    [
      { label: "A term", fields: ["image"], values: { blurredRegions: 1 } },
      "Meron blurred 1 area of the picture in blog post “A term”.",
    ],
    [
      {
        person: "System",
        action: "retention",
        entity: "retention",
        entityId: "contactMessages",
        values: { removed: 2, kind: "Contact messages", how: "delete" },
      },
      "System applied the retention rules: 2 removed (Contact messages).",
    ],
    [
      {
        person: "System",
        action: "retention",
        entity: "retention",
        entityId: "cardGifts",
        values: { removed: 3, kind: "Card gifts and their receipts", how: "anonymise" },
      },
      "System applied the retention rules: personal details cleared from 3 (Card gifts and their receipts).",
    ],
    [
      { entity: "message", fields: ["isRead"], values: { isRead: false }, label: "Selam" },
      "Meron marked message “Selam” as unread.",
    ],
    [
      { action: "export", entity: "subscriber", entityId: null, values: { rows: 1 } },
      "Meron exported the subscriber list (1 row).",
    ],
    [
      { action: "export", entity: "activity", entityId: null, values: { rows: 40 } },
      "Meron exported the activity log (40 rows).",
    ],
    [
      { action: "import", entity: "subscriber", entityId: null, values: { rows: 12, confirmed: 10 } },
      "Meron imported 12 subscribers.",
    ],
    [
      { action: "send", entity: "newsletter", values: { step: "test" }, label: "Spring news" },
      "Meron sent a test of newsletter “Spring news”.",
    ],
    [{ action: "send", entity: "newsletter", label: "Spring news" }, "Meron sent newsletter “Spring news”."],
    [{ action: "login", entity: "session" }, "Meron signed in."],
    [
      { action: "login-failed", entity: "session", person: "nobody@example.org" },
      "A sign-in as nobody@example.org failed.",
    ],
    [
      { action: "role", entity: "staff", label: "hanna@example.org", values: { from: "editor", to: "administrator" } },
      "Meron changed the role of staff member “hanna@example.org” from Editor to Administrator.",
    ],
    [
      {
        action: "invite",
        entity: "staff-invitation",
        label: "hanna@example.org",
        values: { role: "inbox", step: "sent" },
      },
      "Meron invited hanna@example.org as Inbox.",
    ],
    [
      { action: "create", entity: "staff", personId: "p1", entityId: "p1", values: { role: "editor" } },
      "Meron joined as Editor.",
    ],
    [
      { action: "publish", entity: "site-content", entityId: "home", label: "Home", values: { version: 3 } },
      "Meron published site content “Home” (version 3).",
    ],
    [
      { action: "publish", entity: "site-content", entityId: "home", values: { version: 3 } },
      "Meron published a site content section (version 3).",
    ],
  ])("%o", (over, sentence) => {
    expect(describeActivity(row(over))).toBe(sentence);
  });
});
