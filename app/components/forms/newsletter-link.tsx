import { useEffect, useState } from "react";
import { useI18n } from "../../i18n/i18n";
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

/**
 * The pages a newsletter e-mail's links open. The secret is in the address's fragment, which never
 * reaches a server or a log, so the page reads it here and posts it. Nothing happens on opening an
 * unsubscribe link until the button is pressed: mail scanners open links too.
 */
export function NewsletterLink({ mode }: { mode: "confirm" | "unsubscribe" }) {
  const { t, rich, error: translateError } = useI18n();
  const [step, setStep] = useState<Step>({ name: "reading" });
  const [token, setToken] = useState("");

  // biome-ignore lint/correctness/useExhaustiveDependencies: a page's language (t) never changes while it is open
  useEffect(() => {
    const found = decodeURIComponent(window.location.hash.slice(1));
    setToken(found);
    if (!found) return setStep({ name: "failed", message: t("newsletterLink.incomplete") });
    if (mode === "unsubscribe") return setStep({ name: "ask" });
    setStep({ name: "working", text: t("newsletterLink.confirming") });
    api<{ email: string }>("/api/subscribe/confirm", { method: "POST", json: { token: found } })
      .then(({ email }) => setStep({ name: "confirmed", email }))
      .catch((error) =>
        setStep({ name: "failed", message: translateError(errorMessage(error, t("newsletterLink.failed"))) }),
      );
  }, [mode]);

  async function post(path: "unsubscribe" | "resubscribe") {
    setStep({
      name: "working",
      text: path === "unsubscribe" ? t("newsletterLink.unsubscribing") : t("newsletterLink.subscribing"),
    });
    try {
      const { email } = await api<{ email: string }>(`/api/subscribe/${path}?token=${encodeURIComponent(token)}`, {
        method: "POST",
      });
      setStep(path === "unsubscribe" ? { name: "unsubscribed", email } : { name: "resubscribed", email });
    } catch (error) {
      setStep({ name: "failed", message: translateError(errorMessage(error, t("newsletterLink.failed"))) });
    }
  }

  return (
    <div aria-live="polite" className="mt-6 space-y-5 text-lg text-muted">
      {step.name === "reading" && <p>{t("newsletterLink.moment")}</p>}
      {step.name === "working" && <p>{step.text}</p>}
      {step.name === "failed" && (
        <p role="alert" className="font-medium text-red-700">
          {step.message}
        </p>
      )}
      {step.name === "confirmed" && (
        <p>{rich("newsletterLink.confirmed", { email: <strong className="text-ink">{step.email}</strong> })}</p>
      )}
      {step.name === "ask" && (
        <>
          <p>{t("newsletterLink.ask")}</p>
          <Button onClick={() => post("unsubscribe")}>{t("newsletterLink.unsubscribe")}</Button>
        </>
      )}
      {step.name === "unsubscribed" && (
        <>
          <p>{rich("newsletterLink.unsubscribed", { email: <strong className="text-ink">{step.email}</strong> })}</p>
          <p>{t("newsletterLink.changedMind")}</p>
          <Button variant="secondary" onClick={() => post("resubscribe")}>
            {t("newsletterLink.subscribeAgain")}
          </Button>
        </>
      )}
      {step.name === "resubscribed" && (
        <p>{rich("newsletterLink.resubscribed", { email: <strong className="text-ink">{step.email}</strong> })}</p>
      )}
    </div>
  );
}

export const NewsletterLinkIsland = island("newsletter-link", NewsletterLink);
