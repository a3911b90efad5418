import { type FormEvent, useRef, useState } from "react";
import { ApiError, api, errorMessage } from "../../../lib/api-client";
import { buttonClasses } from "../../button";
import { TextInput } from "../form-controls";
import { Modal } from "../modal";

const INPUT_ID = "lift-suppression-email";

type Outcome = { ok: boolean; text: string } | null;

/**
 * An erased address kept off the newsletter list, let back on by an Administrator when the person
 * writes to ask (docs/decisions/0811-lifting-a-suppression.md): there is no list of such addresses
 * (only hashes), so staff type the one the person wrote from. Asked once more before it is done,
 * since it undoes part of an erasure; nothing is subscribed by it.
 */
export function LiftSuppression() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [asking, setAsking] = useState(false);
  const [lifting, setLifting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const focusInput = () => document.getElementById(INPUT_ID)?.focus();
  const keep = useRef<HTMLButtonElement>(null);

  function ask(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    if (!email.trim()) {
      setError("Please enter the e-mail address the person wrote from.");
      focusInput();
      return;
    }
    setError("");
    setAsking(true);
  }

  async function lift() {
    setLifting(true);
    try {
      await api("/api/people/suppressions/lift", { method: "POST", json: { email } });
      setOutcome({
        ok: true,
        text: `${email.trim()} can subscribe again. Nothing was subscribed: the person signs up through the form and confirms by e-mail.`,
      });
      setEmail("");
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : {};
      if (fields.email) setError(fields.email);
      else setOutcome({ ok: false, text: errorMessage(failure, "That did not work. Please try again.") });
    } finally {
      setLifting(false);
      setAsking(false);
      focusInput();
    }
  }

  return (
    <section aria-labelledby="lift-suppression" className="mt-6 rounded-2xl border bg-white p-4 shadow-sm sm:p-5">
      <h2 id="lift-suppression" className="text-lg font-bold">
        Let an erased address subscribe again
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted">
        An erasure keeps the person’s address off the newsletter list. If they write to ask for the newsletter again,
        type the address they wrote from.
      </p>
      <form onSubmit={ask} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-96">
          <TextInput
            id={INPUT_ID}
            label="E-mail address"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError("");
            }}
            error={error}
          />
        </div>
        <div>
          <button type="submit" className={buttonClasses("secondary", "md")}>
            Let it subscribe again
          </button>
        </div>
      </form>
      {/* Said where the button was, and read out when it changes. */}
      <p role="status" className={`mt-3 text-sm ${outcome?.ok === false ? "text-red-700" : ""}`}>
        {outcome?.text}
      </p>
      {asking && (
        <Modal
          title="Let this address subscribe again?"
          onClose={() => setAsking(false)}
          initialFocusRef={keep}
          describedBy="lift-suppression-question"
          footer={
            <>
              <button
                ref={keep}
                type="button"
                onClick={() => setAsking(false)}
                className="rounded-full px-5 py-2 font-semibold ring-1 ring-black/15 hover:bg-sand"
              >
                Cancel
              </button>
              <button
                type="button"
                onClick={lift}
                disabled={lifting}
                className="rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800"
              >
                {lifting ? "Lifting…" : "Lift the block"}
              </button>
            </>
          }
        >
          <p id="lift-suppression-question" className="break-words">
            {email.trim()} was erased and is kept off the newsletter list. Lifting the block lets the address sign up
            again; the activity log records that a block was lifted, and by whom, never the address.
          </p>
        </Modal>
      )}
    </section>
  );
}
