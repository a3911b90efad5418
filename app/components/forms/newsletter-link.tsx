import { useEffect, useState } from "react";
import { island } from "../../islands/island";
import { api, errorMessage } from "../../lib/api-client";
import { Button } from "../button";

type Step =
  | { name: "reading" }
  | { name: "ask" }
  | { name: "working"; text: string }
  | { name: "confirmed"; email: string }
  | { name: "unsubscribed"; email: string }
  | { name: "resubscribed"; email: string }
  | { name: "failed"; message: string };

const INCOMPLETE = "The link is incomplete. Please open it from your e-mail again.";

/**
 * The pages a newsletter e-mail's links open. The secret is in the address's fragment, which never
 * reaches a server or a log, so the page reads it here and posts it. Nothing happens on opening an
 * unsubscribe link until the button is pressed: mail scanners open links too.
 */
export function NewsletterLink({ mode }: { mode: "confirm" | "unsubscribe" }) {
  const [step, setStep] = useState<Step>({ name: "reading" });
  const [token, setToken] = useState("");

  useEffect(() => {
    const found = decodeURIComponent(window.location.hash.slice(1));
    setToken(found);
    if (!found) return setStep({ name: "failed", message: INCOMPLETE });
    if (mode === "unsubscribe") return setStep({ name: "ask" });
    setStep({ name: "working", text: "Confirming your subscription..." });
    api<{ email: string }>("/api/subscribe/confirm", { method: "POST", json: { token: found } })
      .then(({ email }) => setStep({ name: "confirmed", email }))
      .catch((error) =>
        setStep({ name: "failed", message: errorMessage(error, "Something went wrong. Please try again.") }),
      );
  }, [mode]);

  async function post(path: "unsubscribe" | "resubscribe") {
    setStep({ name: "working", text: path === "unsubscribe" ? "Unsubscribing..." : "Subscribing..." });
    try {
      const { email } = await api<{ email: string }>(`/api/subscribe/${path}?token=${encodeURIComponent(token)}`, {
        method: "POST",
      });
      setStep(path === "unsubscribe" ? { name: "unsubscribed", email } : { name: "resubscribed", email });
    } catch (error) {
      setStep({ name: "failed", message: errorMessage(error, "Something went wrong. Please try again.") });
    }
  }

  return (
    <div aria-live="polite" className="mt-6 space-y-5 text-lg text-muted">
      {step.name === "reading" && <p>One moment...</p>}
      {step.name === "working" && <p>{step.text}</p>}
      {step.name === "failed" && (
        <p role="alert" className="font-medium text-red-700">
          {step.message}
        </p>
      )}
      {step.name === "confirmed" && (
        <p>
          <strong className="text-ink">{step.email}</strong> is subscribed. Thank you! We will send news from our
          programmes a few times a year, and every e-mail has a link to stop.
        </p>
      )}
      {step.name === "ask" && (
        <>
          <p>Stop receiving the Hope Behind Bars newsletter at this address?</p>
          <Button onClick={() => post("unsubscribe")}>Unsubscribe</Button>
        </>
      )}
      {step.name === "unsubscribed" && (
        <>
          <p>
            You are unsubscribed: <strong className="text-ink">{step.email}</strong> will get no more newsletters.
          </p>
          <p>Changed your mind?</p>
          <Button variant="secondary" onClick={() => post("resubscribe")}>
            Subscribe again
          </Button>
        </>
      )}
      {step.name === "resubscribed" && (
        <p>
          Welcome back! <strong className="text-ink">{step.email}</strong> is subscribed again.
        </p>
      )}
    </div>
  );
}

export const NewsletterLinkIsland = island("newsletter-link", NewsletterLink);
