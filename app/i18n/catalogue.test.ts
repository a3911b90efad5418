import { describe, expect, it } from "vitest";
import {
  ACCOUNT_COPIED_MESSAGE,
  CARD_UNAVAILABLE_MESSAGE,
  DONATION_FAILED_MESSAGE,
  INVALID_AMOUNT_MESSAGE,
  INVALID_FREQUENCY_MESSAGE,
  REDIRECT_FAILED_MESSAGE,
} from "../../core/donations/donations.schema";
import { UNKNOWN_FUND_MESSAGE } from "../../core/funds/funds.schema";
import { CONTACT_MESSAGES } from "../../core/messages/messages.schema";
import { OFFLINE_GIFT_MESSAGES } from "../../core/offline-gifts/offline-gifts.schema";
import { tooLongMessage } from "../../core/shared/text-fields";
import {
  CONFIRM_LINK_ENDED_MESSAGE,
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
} from "../../core/subscribers/subscribers.constants";
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  INVALID_EMAIL_MESSAGE,
} from "../../core/subscribers/subscribers.schema";
import { VOLUNTEER_MESSAGES } from "../../core/volunteers/volunteers.schema";
import { AM_ERRORS, am } from "./am";
import { ISLAND_AREAS, i18nData, islandI18nData, missingMessages } from "./catalogue";
import { en } from "./en";
import { format, i18nFrom, translateError } from "./i18n";

/** Names and codes an Amharic text keeps in Latin letters. */
const KEPT_IN_LATIN =
  /Hope Behind Bars|LinkedIn|Twitter|X|Visa|Mastercard|Stripe|USD|ETB|SWIFT|RSS|yyyy-MM-dd|\{\w+\}/g;

/** Every message the public forms and the API answer them with (spec §5, §8). */
const PUBLIC_FORM_MESSAGES = [
  ...Object.values(CONTACT_MESSAGES),
  ...Object.values(VOLUNTEER_MESSAGES),
  EMAIL_REQUIRED_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  ALREADY_SUBSCRIBED_MESSAGE,
  CONFIRM_LINK_ENDED_MESSAGE,
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
  INVALID_AMOUNT_MESSAGE,
  INVALID_FREQUENCY_MESSAGE,
  DONATION_FAILED_MESSAGE,
  REDIRECT_FAILED_MESSAGE,
  CARD_UNAVAILABLE_MESSAGE,
  ACCOUNT_COPIED_MESSAGE,
  UNKNOWN_FUND_MESSAGE,
  OFFLINE_GIFT_MESSAGES.name,
  OFFLINE_GIFT_MESSAGES.email,
  OFFLINE_GIFT_MESSAGES.amount,
  OFFLINE_GIFT_MESSAGES.currency,
  OFFLINE_GIFT_MESSAGES.date,
  OFFLINE_GIFT_MESSAGES.reference,
  OFFLINE_GIFT_MESSAGES.pledgeThanks,
  tooLongMessage(120),
  "Too many requests. Please wait 42 seconds and try again.",
];

describe("the message catalogues (decision 0410)", () => {
  it("Amharic has every English key (this lists the missing ones)", () => {
    expect(missingMessages("am")).toEqual([]);
  });

  it("has no Amharic key English lacks, and no English left in an Amharic text", () => {
    expect(Object.keys(am).filter((key) => !(key in en))).toEqual([]);
    // Latin letters in an Amharic message: the brand name, a product's name or a placeholder only.
    const stray = [...Object.entries(am), ...Object.entries(AM_ERRORS)].filter(([, text]) =>
      /[A-Za-z]/.test((text ?? "").replace(KEPT_IN_LATIN, "")),
    );
    expect(stray.map(([key]) => key)).toEqual([]);
  });

  it("keeps each message's placeholders in every language", () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(am)) {
      expect(names(text ?? ""), key).toEqual(names(en[key as keyof typeof en]));
    }
  });

  it("falls back to English for a missing Amharic message", () => {
    const data = i18nData("am");
    expect(data.messages["nav.home"]).toBe(am["nav.home"]);
    for (const key of missingMessages("am")) expect(data.messages[key]).toBe(en[key]);
  });

  it("ships islands one language's island texts only", () => {
    const data = islandI18nData("am");
    expect(data.locale).toBe("am");
    for (const key of Object.keys(data.messages)) expect(ISLAND_AREAS).toContain(key.split(".")[0]);
    expect(data.messages["header.donateNow"]).toBe(am["header.donateNow"]);
    expect(Object.values(data.messages)).not.toContain(en["header.donateNow"]);
  });

  it("has every message of the public forms and their API answers in Amharic (listing the missing ones)", () => {
    const untranslated = PUBLIC_FORM_MESSAGES.filter((message) => translateError(AM_ERRORS, message) === message);
    expect(untranslated).toEqual([]);
    expect(translateError(AM_ERRORS, tooLongMessage(120))).toBe("እባክዎ ከ120 ቁምፊዎች በታች ያድርጉት");
    expect(translateError(AM_ERRORS, "Something nobody wrote")).toBe("Something nobody wrote");
    // English pages show the messages as the API says them.
    expect(i18nFrom(i18nData("en")).error(CONTACT_MESSAGES.name)).toBe("Your name is required");
    expect(i18nFrom(i18nData("am")).error(CONTACT_MESSAGES.name)).toBe("ስምዎ ያስፈልጋል");
  });

  it("fills placeholders", () => {
    expect(format(en["footer.rights"], { year: 2026 })).toBe("© 2026 Hope Behind Bars. All rights reserved.");
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});
