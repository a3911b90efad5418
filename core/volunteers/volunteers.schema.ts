import { z } from "zod/mini";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../shared/email.ts";
import { IdListSchema } from "../shared/id-list.ts";
import { honeypotShape, optionalText, requiredText } from "../shared/text-fields.ts";

// zod/mini: the /join-team form and the API share these rules.

/** Spec §9. */
export const VOLUNTEER_INTERESTS = [
  "Skills-Based Volunteering",
  "Event Support",
  "Fundraising & Partnerships",
  "General Support",
  "Other",
] as const;
export const AVAILABILITIES = ["Weekdays", "Weekends", "Flexible"] as const;
export const VOLUNTEER_STATUSES = ["Pending", "Contacted", "Accepted", "Rejected", "Canceled"] as const;
export const MIN_VOLUNTEER_AGE = 18;

export type VolunteerInterest = (typeof VOLUNTEER_INTERESTS)[number];
export type Availability = (typeof AVAILABILITIES)[number];
export type VolunteerStatus = (typeof VOLUNTEER_STATUSES)[number];

/** Spec §5 messages. */
export const VOLUNTEER_MESSAGES = {
  fullName: "Full name is required",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  phone: "Phone number is required",
  ageRequired: "Age is required",
  ageMinimum: "You must be at least 18",
  ageInvalid: "Please enter your age as a whole number",
  interest: "Please select an area of interest",
  skillSet: "Please specify your skills",
  otherInterestDetail: "Please specify your other interest",
  motivation: "This field is required",
  availability: "Please select your availability",
} as const;

const SKILLS_INTEREST: VolunteerInterest = "Skills-Based Volunteering";
const OTHER_INTEREST: VolunteerInterest = "Other";

/** A form sends the age as text; the API may get a number. Blank means missing. */
const ageField = z.pipe(
  z.transform((value: unknown) =>
    value === "" || value === null || value === undefined
      ? undefined
      : typeof value === "string"
        ? Number(value.trim())
        : value,
  ),
  z
    .int({
      error: (issue) => (issue.input === undefined ? VOLUNTEER_MESSAGES.ageRequired : VOLUNTEER_MESSAGES.ageInvalid),
    })
    .check(z.gte(MIN_VOLUNTEER_AGE, VOLUNTEER_MESSAGES.ageMinimum), z.lte(120, VOLUNTEER_MESSAGES.ageInvalid)),
);

const isObject = (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null;

const VolunteerFields = z
  .object({
    fullName: requiredText(VOLUNTEER_MESSAGES.fullName, 120),
    email: requiredText(VOLUNTEER_MESSAGES.emailRequired, EMAIL_MAX_LENGTH).check(
      z.regex(EMAIL_PATTERN, VOLUNTEER_MESSAGES.emailInvalid),
    ),
    phone: requiredText(VOLUNTEER_MESSAGES.phone, 40),
    age: ageField,
    interest: z.enum(VOLUNTEER_INTERESTS, { error: VOLUNTEER_MESSAGES.interest }),
    skillSet: optionalText(500),
    otherInterestDetail: optionalText(300),
    motivation: requiredText(VOLUNTEER_MESSAGES.motivation, 3000),
    availability: z.enum(AVAILABILITIES, { error: VOLUNTEER_MESSAGES.availability }),
    linkedin: optionalText(300),
    twitter: optionalText(300),
    additionalComments: optionalText(3000),
    ...honeypotShape,
  })
  // `when`: check the conditional fields even while other fields are invalid, so the form can
  // show every message at once.
  .check(
    z.refine((value) => value.interest !== SKILLS_INTEREST || Boolean(value.skillSet), {
      message: VOLUNTEER_MESSAGES.skillSet,
      path: ["skillSet"],
      when: isObject,
    }),
    z.refine((value) => value.interest !== OTHER_INTEREST || Boolean(value.otherInterestDetail), {
      message: VOLUNTEER_MESSAGES.otherInterestDetail,
      path: ["otherInterestDetail"],
      when: isObject,
    }),
  );

/** What a visitor submits. The detail fields of the other interests are dropped, never stored. */
export const VolunteerApplicationSchema = z.pipe(
  VolunteerFields,
  z.transform((value) => ({
    ...value,
    skillSet: value.interest === SKILLS_INTEREST ? value.skillSet : undefined,
    otherInterestDetail: value.interest === OTHER_INTEREST ? value.otherInterestDetail : undefined,
  })),
);

export const STATUS_INVALID_MESSAGE = "Please choose a valid status";

export const StatusUpdateSchema = z.object({
  ...IdListSchema.shape,
  status: z.enum(VOLUNTEER_STATUSES, { error: STATUS_INVALID_MESSAGE }),
});

export interface VolunteerApplication {
  _id: string;
  fullName: string;
  email: string;
  phone: string;
  /** Always present for new applications; optional when displayed (spec §3). */
  age?: number;
  interest: VolunteerInterest;
  skillSet?: string;
  otherInterestDetail?: string;
  motivation: string;
  availability: Availability;
  /** Spec §3's optional texts: always present, "" when not given, so a client can show or send them back as read. */
  linkedin: string;
  twitter: string;
  additionalComments: string;
  status: VolunteerStatus;
  createdAt: string;
}
