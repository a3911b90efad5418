import { ROLE_LABELS, type StaffRole } from "../access/roles.ts";
import { entityNoun } from "./activity.schema.ts";
import type { AuditValue } from "./audit.ts";

/** One audit row, with the names the Activity screen found for the person and the record. */
export interface DescribedRow {
  person: string;
  personId?: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  fields: string[];
  values: Record<string, AuditValue>;
  /** The record's name (a title, a person's name while the record exists), or undefined when it has none. */
  label?: string;
}

/** Field names as a person reads them: `authorName` → "author name". */
const words = (field: string) => field.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const role = (value: AuditValue) => ROLE_LABELS[value as StaffRole] ?? String(value);

/** Records named by what they are rather than by a title: "the offline gift of ETB 1,000 on 28 Nov 2026". */
const NAMED_BY: Record<string, string> = {
  donation: "of",
  "offline-gift": "of",
  pledge: "of",
  breach: "found on",
};

/** A record with no name, said without its id (decision 0889). */
const UNNAMED: Record<string, string> = {
  "site-content": "a site content section",
  "year-statements": "the year-end statements",
};

/**
 * "blog post “A term”", or "a subscriber" when the record has no name: a person's record, whose name
 * the log does not keep once it is gone. Never an id: the log is read as a safeguarding record.
 */
function thing(row: DescribedRow): string {
  const noun = entityNoun(row.entity);
  if (row.label) {
    const by = NAMED_BY[row.entity];
    return by ? `the ${noun} ${by} ${row.label}` : `${noun} “${row.label}”`;
  }
  return UNNAMED[row.entity] ?? `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

/** The entry as one sentence, for the screen and the CSV. */
export function describeActivity(row: DescribedRow): string {
  const { person: who, values } = row;
  switch (row.action) {
    case "login":
      return `${who} signed in.`;
    case "logout":
      return `${who} signed out.`;
    case "login-failed":
      return `A sign-in as ${who} failed.`;
    case "create":
      // An invitee's own account, made when they accept.
      if (row.entity === "staff" && row.personId && row.personId === row.entityId) {
        return `${who} joined${values.role ? ` as ${role(values.role)}` : ""}.`;
      }
      return `${who} created ${thing(row)}${values.role ? ` as ${role(values.role)}` : ""}.`;
    case "delete":
      return `${who} deleted ${thing(row)}.`;
    case "status":
      return `${who} changed the status of ${thing(row)} to ${values.status}.`;
    case "publish":
      return `${who} published ${thing(row)}${typeof values.version === "number" ? ` (version ${values.version})` : ""}.`;
    case "unpublish":
      return `${who} unpublished ${thing(row)}.`;
    case "export": {
      const rows = typeof values.rows === "number" ? ` (${values.rows} row${values.rows === 1 ? "" : "s"})` : "";
      const what = row.entity === "activity" ? "activity log" : `${entityNoun(row.entity)} list`;
      return `${who} exported the ${what}${rows}.`;
    }
    case "import": {
      const rows = typeof values.rows === "number" ? values.rows : 0;
      return `${who} imported ${rows} ${entityNoun(row.entity)}${rows === 1 ? "" : "s"}.`;
    }
    case "send":
      if (values.step === "test") return `${who} sent a test of ${thing(row)}.`;
      if (values.step === "scheduled") return `${who} scheduled ${thing(row)}.`;
      if (values.step === "cancelled") return `${who} cancelled the sending of ${thing(row)}.`;
      return `${who} sent ${thing(row)}.`;
    case "role":
      return `${who} changed the role of ${thing(row)}${values.from ? ` from ${role(values.from)}` : ""}${values.to ? ` to ${role(values.to)}` : ""}.`;
    case "invite":
      if (values.step === "resent") return `${who} sent ${thing(row)} again.`;
      if (values.step === "revoked") return `${who} revoked ${thing(row)}.`;
      if (values.step === "accepted") return `${who} accepted ${thing(row)}.`;
      return `${who} invited ${row.label ?? "someone"}${values.role ? ` as ${role(values.role)}` : ""}.`;
    case "deactivate":
      return `${who} deactivated ${thing(row)}.`;
    case "reactivate":
      return `${who} reactivated ${thing(row)}.`;
    case "password":
      return `${who} changed the password of ${thing(row)}.`;
    case "second-factor":
      return `${who} changed the second factor of ${thing(row)}.`;
    case "refused":
      return `${who} was refused ${row.entityId}${values.role ? ` (${role(values.role)})` : ""}.`;
    case "retention": {
      const n = typeof values.removed === "number" ? values.removed : 0;
      const kind = values.kind ?? row.entityId;
      return values.how === "anonymise"
        ? `${who} applied the retention rules: personal details cleared from ${n} (${kind}).`
        : `${who} applied the retention rules: ${n} removed (${kind}).`;
    }
    case "retry":
      return `${who} asked for the pictures of ${thing(row)} to be prepared again.`;
    case "update": {
      // The safeguarding record: what happened to a picture of someone, and where.
      if (values.consent === "withdrawn") {
        const what = row.fields.includes("video") ? "video" : "picture";
        const draft = values.status === "draft" ? ", which is a draft again" : "";
        return `${who} withdrew consent for the ${what} in ${thing(row)}${draft}.`;
      }
      if (typeof values.blurredRegions === "number") {
        const areas = `${values.blurredRegions} area${values.blurredRegions === 1 ? "" : "s"}`;
        return `${who} blurred ${areas} of the picture in ${thing(row)}.`;
      }
      if (row.entity === "message" && typeof values.isRead === "boolean") {
        return `${who} marked ${thing(row)} as ${values.isRead ? "read" : "unread"}.`;
      }
      if (typeof values.restoredVersion === "number") {
        return `${who} restored version ${values.restoredVersion} of ${thing(row)} as a draft.`;
      }
      if (typeof values.revision === "number") return `${who} saved a draft of ${thing(row)}.`;
      if (row.fields.length === 0) return `${who} saved ${thing(row)} without changes.`;
      return `${who} changed the ${list(row.fields.map(words))} of ${thing(row)}.`;
    }
    default:
      return `${who}: ${row.action} ${thing(row)}.`;
  }
}
