import { useRef } from "react";
import type { NewsletterAudience } from "../../../core/newsletters/newsletters.schema";
import { formatInstantDateTime } from "../../lib/dates";
import { Modal } from "./modal";

/** "1 subscriber", "1,234 subscribers". */
export const subscribersCount = (count: number) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? "subscriber" : "subscribers"}`;

/**
 * What "Send now" and "Schedule" ask before anything goes out (docs/decisions/0750): the subject and
 * how many confirmed subscribers it reaches, counted by the server when asked, and for a schedule
 * the time in Addis Ababa; with an Amharic version, how many get each (docs/decisions/0884). Cancel has the focus (the harmless answer); Escape and the backdrop cancel.
 */
export function SendQuestion({
  audience,
  at,
  onAnswer,
}: {
  audience: NewsletterAudience;
  /** A schedule's time (ISO); absent: now. */
  at?: string | undefined;
  onAnswer: (send: boolean) => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const who = `${subscribersCount(audience.recipients)}${audience.lapsedYear ? ` who lapsed in ${audience.lapsedYear}` : ""}`;
  const question = at
    ? `Schedule '${audience.subject}' for ${who} on ${formatInstantDateTime(at)} (Addis Ababa time)?`
    : `Send '${audience.subject}' to ${who} now?`;
  return (
    <Modal
      title={at ? "Schedule this newsletter?" : "Send this newsletter?"}
      describedBy="send-question"
      initialFocusRef={cancelRef}
      onClose={() => onAnswer(false)}
      footer={
        <>
          <button
            ref={cancelRef}
            type="button"
            onClick={() => onAnswer(false)}
            className="rounded-full px-4 py-2 text-sm font-semibold text-ink ring-1 ring-black/15 hover:bg-sand"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={() => onAnswer(true)}
            className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-dark"
          >
            {at ? `Schedule for ${who}` : `Send to ${who}`}
          </button>
        </>
      }
    >
      <p id="send-question" className="text-ink">
        {question}
      </p>
      {audience.amharic !== undefined && (
        <p className="mt-2 text-ink">
          {`${subscribersCount(audience.amharic)} ${audience.amharic === 1 ? "gets" : "get"} the Amharic version, ${subscribersCount(audience.recipients - audience.amharic)} the English.`}
        </p>
      )}
      <p className="mt-2 text-sm text-muted">
        {at
          ? "Counted now: it goes to those confirmed when it starts. An e-mail cannot be taken back once sent."
          : "An e-mail cannot be taken back once sent."}
      </p>
    </Modal>
  );
}
