import { ORGANISATION_NAME } from "../../../../core/receipts/receipt-content";
import { DEFAULT_SITE_CONTENT } from "../../../../core/site-content/site-content.defaults";
import { CTA_COLORS, type SiteSection, THANK_YOU_MESSAGE_MAX } from "../../../../core/site-content/site-content.schema";

/**
 * How each site-content section is laid out as a form (the schema in core/site-content decides what
 * is valid; this decides labels, order and controls). Field names are the schema's keys.
 */
export type FieldSpec =
  | { kind: "text"; name: string; label: string; hint?: string; rows?: number; type?: "url" | "email" | "tel" }
  | { kind: "number"; name: string; label: string; hint?: string; optional?: boolean }
  | { kind: "rich"; name: string; label: string; hint?: string }
  | {
      kind: "image";
      name: string;
      label: string;
      hint?: string;
      /**
       * A logo, not a photo: it shows no person, so no consent question (its upload is recorded as
       * showing no identifiable people), it is described by `alt`, and it may be removed (null).
       */
      logo?: { alt: string };
    }
  | { kind: "select"; name: string; label: string; options: readonly string[] }
  | { kind: "group"; name: string; label: string; fields: FieldSpec[] }
  | {
      kind: "list";
      name: string;
      label: string;
      /** One item, as the buttons name it ("board member"). */
      itemLabel: string;
      /** An item's fields; or `item` for a list of single values. */
      fields?: FieldSpec[];
      item?: FieldSpec;
      /** A new item (ids are made unique when added). */
      blank: () => unknown;
      /** A fixed number of items: no add, remove or reorder. */
      fixed?: boolean;
    };

const text = (name: string, label: string, extra: Partial<Extract<FieldSpec, { kind: "text" }>> = {}): FieldSpec => ({
  kind: "text",
  name,
  label,
  ...extra,
});
const area = (name: string, label: string, rows = 3) => text(name, label, { rows });
const number = (
  name: string,
  label: string,
  extra: Partial<Extract<FieldSpec, { kind: "number" }>> = {},
): FieldSpec => ({
  kind: "number",
  name,
  label,
  ...extra,
});
const image = (name = "image", label = "Picture"): FieldSpec => ({ kind: "image", name, label });

/** A blank item borrows a default's picture, so a new item always has one until staff replace it. */
const home = DEFAULT_SITE_CONTENT.home;
const about = DEFAULT_SITE_CONTENT.about;

export const SECTION_FIELDS: Record<SiteSection, FieldSpec[]> = {
  home: [
    {
      kind: "list",
      name: "heroSlides",
      label: "Hero slides",
      itemLabel: "hero slide",
      fields: [
        image(),
        text("imageAlt", "Picture description (for screen readers)"),
        text("title", "Title"),
        area("description", "Description"),
        text("ctaText", "Button text"),
        number("ctaAmount", "Preset amount in US dollars (optional)", {
          optional: true,
          hint: "The amount the donation pop-up opens with; empty for the default amount.",
        }),
      ],
      blank: () => ({
        id: "slide",
        image: home.heroSlides[0]?.image,
        imageAlt: "",
        title: "",
        description: "",
        ctaText: "Donate",
        ctaAmount: null,
      }),
    },
    text("introHeading", "Introduction heading"),
    { kind: "rich", name: "introText", label: "Introduction text" },
    {
      kind: "list",
      name: "impactFigures",
      label: "Impact figures",
      itemLabel: "impact figure",
      fields: [number("value", "Value"), text("suffix", "Suffix (e.g. +)"), text("label", "Label")],
      blank: () => ({ id: "figure", value: 0, suffix: "+", label: "" }),
    },
    {
      kind: "list",
      name: "donationNeeds",
      label: "Donation needs",
      itemLabel: "donation need",
      fields: [
        image(),
        text("imageAlt", "Picture description (for screen readers)"),
        text("category", "Category"),
        text("title", "Title"),
        area("description", "Description"),
        number("goal", "Goal in US dollars"),
        number(
          "openingBalance",
          "Opening balance in US dollars (raised before online gifts; recorded gifts add to it)",
        ),
        text("ctaText", "Button text"),
        number("ctaAmount", "Button amount in US dollars"),
        { kind: "select", name: "ctaColor", label: "Button colour", options: CTA_COLORS },
        text("thankYouMessage", "Thank-you message (optional)", {
          rows: 3,
          hint: `Shown to donors who give to this need, on the thank-you page and their receipt. Plain text, up to ${THANK_YOU_MESSAGE_MAX} characters; its Amharic goes in “Amharic version” below (once saved).`,
        }),
      ],
      blank: () => ({
        id: "need",
        image: home.donationNeeds[0]?.image,
        imageAlt: "",
        category: "",
        title: "",
        description: "",
        goal: 1000,
        openingBalance: 0,
        ctaText: "Give $10",
        ctaAmount: 10,
        ctaColor: "accent",
        thankYouMessage: "",
      }),
    },
    {
      kind: "list",
      name: "faq",
      label: "Frequently asked questions",
      itemLabel: "question",
      fields: [text("question", "Question"), area("answer", "Answer", 4)],
      blank: () => ({ id: "question", question: "", answer: "" }),
    },
    {
      kind: "list",
      name: "missionCards",
      label: "Mission, vision and values cards",
      itemLabel: "card",
      fixed: true,
      fields: [text("title", "Title"), area("text", "Text")],
      blank: () => ({ id: "card", title: "", text: "" }),
    },
  ],
  about: [
    area("vision", "Vision"),
    area("mission", "Mission"),
    {
      kind: "group",
      name: "founder",
      label: "Founder",
      fields: [
        image(),
        text("name", "Name"),
        text("role", "Role"),
        area("quote", "Quote", 4),
        { kind: "rich", name: "story", label: "Story (optional)", hint: "Shown under the quote when filled in." },
      ],
    },
    {
      kind: "group",
      name: "storyImage",
      label: "Our Story picture",
      fields: [image(), text("alt", "Picture description (for screen readers)")],
    },
    { kind: "rich", name: "story", label: "Our Story" },
    {
      kind: "list",
      name: "theoryOfChange",
      label: "Theory of change",
      itemLabel: "step",
      fields: [text("title", "Title"), area("text", "Text")],
      blank: () => ({ id: "step", title: "", text: "" }),
    },
    area("changeOutcome", "The change we work for"),
    {
      kind: "list",
      name: "coreValues",
      label: "Core values",
      itemLabel: "value",
      fields: [text("title", "Title"), area("text", "Text")],
      blank: () => ({ id: "value", title: "", text: "" }),
    },
    {
      kind: "list",
      name: "team",
      label: "Team members",
      itemLabel: "team member",
      fields: [image(), text("name", "Name"), text("role", "Role"), area("bio", "Bio")],
      blank: () => ({ id: "member", name: "", role: "", image: about.team[0]?.image, bio: "" }),
    },
    {
      kind: "list",
      name: "board",
      label: "Board members",
      itemLabel: "board member",
      fields: [image(), text("name", "Name"), text("role", "Role"), area("thought", "Quote", 4)],
      blank: () => ({ id: "board", name: "", role: "", image: about.board[0]?.image, thought: "" }),
    },
  ],
  donating: [
    text("bank", "Bank name"),
    text("accountName", "Account name"),
    text("accountNumber", "Account number"),
    text("branch", "Branch (optional)"),
    text("swift", "SWIFT code (optional)"),
    text("crowdfundingUrl", "Crowdfunding campaign address", {
      type: "url",
      hint: "Leave empty to use the address the site was installed with (CROWDFUNDING_URL).",
    }),
    {
      kind: "list",
      name: "presets",
      label: "Preset amounts in US dollars",
      itemLabel: "amount",
      item: number("", "Amount"),
      blank: () => 10,
    },
    number("defaultAmount", "Amount selected first", { hint: "Must be one of the preset amounts." }),
    {
      kind: "list",
      name: "birrPresets",
      label: "Preset amounts in birr (Pay in birr)",
      itemLabel: "birr amount",
      item: number("", "Birr amount"),
      blank: () => 500,
    },
    text("etbPerUsd", "Birr per US dollar", {
      hint: "Today's rate, e.g. 155.42. Each birr gift paid online counts toward its fund's goal at the rate of its day.",
    }),
    number("feeCoverPercent", "Percent donors may add to cover the fees", {
      hint: "Offered as “Add N % so all of my gift reaches the programme” with card and birr gifts, unticked. 0 hides it.",
    }),
  ],
  contact: [
    {
      kind: "list",
      name: "addressLines",
      label: "Address",
      itemLabel: "address line",
      item: text("", "Address line"),
      blank: () => "",
    },
    {
      kind: "group",
      name: "phone",
      label: "Phone",
      fields: [
        text("display", "Phone number as shown", { type: "tel" }),
        text("dial", "Number to dial (digits, optional leading +)", { type: "tel" }),
      ],
    },
    text("email", "E-mail", { type: "email" }),
    text("officeHours", "Office hours"),
    {
      kind: "group",
      name: "map",
      label: "Map",
      fields: [number("latitude", "Latitude"), number("longitude", "Longitude"), text("label", "Map label")],
    },
    {
      kind: "group",
      name: "social",
      label: "Social links (a link is hidden while its address is empty)",
      fields: ["Facebook", "Instagram", "LinkedIn", "YouTube"].map((network) =>
        text(network, `${network} address`, { type: "url" }),
      ),
    },
    text("footerTagline", "Footer tagline"),
    text("registrationNumber", "Registration or tax number", {
      hint: "Printed on every receipt under the organisation's name, e.g. the charity registration number.",
    }),
    {
      kind: "image",
      name: "logo",
      label: "Logo on receipts and year statements",
      hint: "Printed small at the top left of every receipt and year statement, beside the organisation's name. Without one, the site's wordmark is printed.",
      logo: { alt: `${ORGANISATION_NAME} logo` },
    },
  ],
  privacy: [
    area("intro", "Introduction", 5),
    text("contactPerson", "Whom to write to (with the contact section's address and e-mail)"),
  ],
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A readable name for a field path, for the compare view: "Board members › Board member 2 › Quote".
 * `picture` is true for any part of a picture (its URL, size or variants), which compare as one.
 */
export function describePath(section: SiteSection, path: string): { label: string; picture: boolean } {
  const labels: string[] = [];
  let fields: FieldSpec[] | undefined = SECTION_FIELDS[section];
  let list: Extract<FieldSpec, { kind: "list" }> | undefined;
  for (const part of path.split(".")) {
    if (list) {
      const position = Number(part) + 1;
      labels.push(list.fields ? `${capitalised(list.itemLabel)} ${position}` : `${list.item?.label ?? ""} ${position}`);
      fields = list.fields;
      list = undefined;
      continue;
    }
    const spec = fields?.find((field) => field.name === part);
    if (!spec) return { label: [...labels, part].join(" › "), picture: false };
    labels.push(spec.label);
    if (spec.kind === "image") return { label: labels.join(" › "), picture: true };
    if (spec.kind === "group") fields = spec.fields;
    else if (spec.kind === "list") list = spec;
  }
  return { label: labels.join(" › "), picture: false };
}
