import { useEffect, useRef, useState } from "react";
import { ACCOUNT_COPIED_MESSAGE, COPY_FEEDBACK_MS } from "../../../core/donations/donations.schema";
import type { DonationSettings } from "../../content/donation";
import { useI18n } from "../../i18n/i18n";
import { siteToast } from "../../lib/site-toast";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Older browsers: copy from a hidden field.
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  const copied = document.execCommand("copy");
  field.remove();
  if (!copied) throw new Error("copy refused");
}

/**
 * The Local tab: bank transfer details with a Copy button for the account number (spec §4). The
 * donation page (/donate) draws them without the button: it works only with JavaScript.
 */
export function BankTransferDetails({
  bank,
  copyButton = true,
}: {
  bank: DonationSettings["bank"];
  copyButton?: boolean;
}) {
  // Bank details are never translated: on an Amharic page they are the English, marked.
  const { t, error, untranslated } = useI18n();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copyAccountNumber() {
    try {
      await copyText(bank.accountNumber.replace(/\s+/g, ""));
    } catch {
      siteToast.error(t("donation.copyFailed"));
      return;
    }
    setCopied(true);
    siteToast.success(error(ACCOUNT_COPIED_MESSAGE));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  }

  const row = "flex flex-col gap-0.5 border-b border-black/5 py-3 last:border-0 sm:flex-row sm:items-center sm:gap-4";
  const term = "text-sm text-muted sm:w-32 sm:shrink-0";
  return (
    <div>
      <p className="text-muted">{t("donation.bankIntro")}</p>
      <dl className="mt-4 rounded-xl bg-sand px-4">
        <div className={row}>
          <dt className={term}>{t("donation.bank")}</dt>
          <dd className="font-semibold" lang={untranslated}>
            {bank.bank}
          </dd>
        </div>
        <div className={row}>
          <dt className={term}>{t("donation.accountName")}</dt>
          <dd className="font-semibold" lang={untranslated}>
            {bank.accountName}
          </dd>
        </div>
        <div className={row}>
          <dt className={term}>{t("donation.accountNumber")}</dt>
          <dd className="flex flex-1 items-center justify-between gap-3">
            <span className="whitespace-nowrap font-mono text-lg font-semibold">{bank.accountNumber}</span>
            {copyButton ? (
              <button
                type="button"
                onClick={copyAccountNumber}
                className="min-w-24 rounded-full border-2 border-brand px-3 py-1.5 text-sm font-bold text-brand hover:bg-brand-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
              >
                {copied ? (
                  t("donation.copied")
                ) : (
                  <>
                    {t("donation.copy")}
                    <span className="sr-only">{t("donation.copyAccountNumber")}</span>
                  </>
                )}
              </button>
            ) : null}
          </dd>
        </div>
        {bank.branch && (
          <div className={row}>
            <dt className={term}>{t("donation.branch")}</dt>
            <dd lang={untranslated}>{bank.branch}</dd>
          </div>
        )}
        {bank.swift && (
          <div className={row}>
            <dt className={term}>{t("donation.swift")}</dt>
            <dd className="font-mono" lang={untranslated}>
              {bank.swift}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
