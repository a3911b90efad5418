import { parseCookie } from "cookie";
import { appContext } from "#app-context";
import { BIRR_CURRENCY } from "../../../core/donations/donations.schema";
import {
  GIVING_CHANGE_REQUESTED_MESSAGE,
  GIVING_COOKIE,
  GIVING_FORM_ERRORS,
  GIVING_LINK_SENT_MESSAGE,
  GIVING_PAUSE_REQUESTED_MESSAGE,
  GIVING_RESUME_REQUESTED_MESSAGE,
  GIVING_STOP_REQUESTED_MESSAGE,
  type GivingFormError,
  type GivingGift,
} from "../../../core/giving/giving.schema";
import { type Locale, localeOf } from "../../../core/i18n/locale";
import { formatMoney, toMajorText } from "../../../core/money/money";
import { buttonClasses } from "../../components/button";
import { type I18n, useI18n } from "../../i18n/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/giving";

/** What /giving?requested=… says after a change was asked of the provider. */
const REQUESTED: Record<string, string> = {
  stop: GIVING_STOP_REQUESTED_MESSAGE,
  amount: GIVING_CHANGE_REQUESTED_MESSAGE,
  pause: GIVING_PAUSE_REQUESTED_MESSAGE,
  resume: GIVING_RESUME_REQUESTED_MESSAGE,
};

const isFormError = (value: string | null): value is GivingFormError =>
  value !== null && Object.hasOwn(GIVING_FORM_ERRORS, value);

/**
 * "My giving" (docs/decisions/0460-my-giving.md). Every form here is a plain HTML form
 * posting to /api/giving/…, which answers with a redirect back here: it works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const token = parseCookie(request.headers.get("cookie") ?? "")[GIVING_COOKIE];
  const session = await services.giving.session(token);
  const locale = localeOf(request);
  const error = url.searchParams.get("error");
  const requested = url.searchParams.get("requested");
  return {
    locale,
    overview: session ? await services.giving.overview(session) : null,
    linkToken: url.searchParams.get("token"),
    sent: url.searchParams.has("sent"),
    signedOut: url.searchParams.has("signed-out"),
    error: isFormError(error) ? GIVING_FORM_ERRORS[error] : null,
    errorGift: url.searchParams.get("gift"),
    requested: requested ? (REQUESTED[requested] ?? null) : null,
  };
}

/** Per-donor content: never cached (overrides the public layout's page cache opt-in). */
export const headers = () => ({ "cache-control": "no-store", "referrer-policy": "no-referrer" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("giving.title"), path: "/giving", noindex: true }));

const INTL: Record<Locale, string> = { en: "en-GB", am: "am-ET" };

const longDate = (day: string, locale: Locale) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(INTL[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

const time = (iso: string, locale: Locale) =>
  `${new Date(iso).toLocaleTimeString(INTL[locale], { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`;

/** Which page a form's redirect returns to: this one, in its language. */
const LangField = ({ locale }: { locale: Locale }) => <input type="hidden" name="lang" value={locale} />;

const input =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-ink aria-invalid:border-red-600";

function Alert({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800">
      {children}
    </p>
  );
}

function Status({ children }: { children: string }) {
  return (
    <p role="status" className="rounded-lg border border-brand/30 bg-brand-light px-4 py-3 font-medium text-ink">
      {children}
    </p>
  );
}

function giftTitle(gift: GivingGift, { t }: I18n): string {
  const amount = formatMoney(gift.amountMinor, gift.currency);
  if (gift.frequency === "monthly") return t("giving.monthly", { amount });
  if (gift.frequency === "offline") return t("giving.offline", { amount });
  // Online gifts in birr come through Chapa (telebirr, CBE Birr, a bank…), not by card.
  return t(gift.currency === BIRR_CURRENCY ? "giving.birr" : "giving.card", { amount });
}

function giftState(gift: GivingGift, { t, locale }: I18n): string {
  const date = longDate(gift.date, locale);
  if (gift.frequency === "monthly") {
    if (gift.status === "paid" || gift.status === "payment_failed") {
      return t("giving.activeSince", { date, count: gift.payments });
    }
    return t("giving.stoppedOn", { date: longDate(gift.endedOn ?? gift.date, locale), count: gift.payments });
  }
  return t(gift.status === "refunded" ? "giving.refunded" : "giving.givenOn", { date });
}

function Gift({ gift, error }: { gift: GivingGift; error: string | null }) {
  const i18n = useI18n();
  const { t, rich, locale, untranslated } = i18n;
  const headingId = `gift-${gift.id}`;
  const amountId = `amount-${gift.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6">
        <h3 id={headingId} className="text-xl font-bold text-ink">
          {giftTitle(gift, i18n)}
        </h3>
        <p className="mt-1 text-muted">
          {/* The fund's title as the ledger names it (English): marked so on an Amharic page. */}
          {gift.fund
            ? rich("giving.for", { fund: <span lang={untranslated}>{gift.fund}</span> })
            : t("giving.for", { fund: t("giving.whereMostNeeded") })}
        </p>
        {gift.feeCoverMinor > 0 && (
          <p className="mt-1 text-muted">
            {t("giving.feeCover", { amount: formatMoney(gift.feeCoverMinor, gift.currency) })}
          </p>
        )}
        <p className="mt-1 text-muted">{giftState(gift, i18n)}</p>
        {gift.billingDay !== null && <p className="mt-1 text-muted">{t("giving.takenOn", { day: gift.billingDay })}</p>}
        {gift.nextDate && (
          <p className="mt-1 font-semibold text-ink">
            {t(gift.pausedUntil ? "giving.pausedUntil" : "giving.nextPayment", {
              date: longDate(gift.nextDate, locale),
            })}
          </p>
        )}
        {gift.paymentFailed && (
          <p className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800">
            {t("giving.paymentFailed")}
          </p>
        )}
        {gift.receipts.length > 0 && (
          <ul aria-label={t("giving.receipts")} className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
            {gift.receipts.map((receipt) => (
              <li key={receipt.id}>
                <a
                  href={`/api/giving/receipts/${receipt.id}/pdf`}
                  download
                  className="font-semibold text-brand underline underline-offset-2"
                >
                  {t(receipt.voided ? "giving.receiptVoid" : "giving.receipt", { number: receipt.number })}
                </a>
              </li>
            ))}
          </ul>
        )}
        {gift.changeable && (
          <div className="mt-5 grid gap-5 border-t border-black/10 pt-5 sm:grid-cols-2">
            <form method="post" action={`/api/giving/gifts/${gift.id}/amount`} className="space-y-3">
              <LangField locale={locale} />
              <div>
                <label htmlFor={amountId} className="text-sm font-semibold text-ink">
                  {t("giving.newAmount")}
                </label>
                <input
                  id={amountId}
                  name="amount"
                  inputMode="decimal"
                  required
                  maxLength={12}
                  defaultValue={toMajorText(gift.amountMinor, gift.currency)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${amountId}-error` : undefined}
                  className={input}
                />
                {error && (
                  <p id={`${amountId}-error`} className="mt-1 text-sm font-medium text-red-700">
                    {error}
                  </p>
                )}
              </div>
              <button type="submit" className={buttonClasses("secondary", "md")}>
                {t("giving.changeAmount")}
              </button>
            </form>
            <form method="post" action={`/api/giving/gifts/${gift.id}/card`}>
              <LangField locale={locale} />
              <button type="submit" className={buttonClasses(gift.paymentFailed ? "primary" : "secondary", "md")}>
                {t("giving.updateCard")}
              </button>
            </form>
            {gift.pausedUntil ? (
              <form method="post" action={`/api/giving/gifts/${gift.id}/resume`}>
                <LangField locale={locale} />
                <button type="submit" className={buttonClasses("secondary", "md")}>
                  {t("giving.resumeButton")}
                </button>
              </form>
            ) : (
              <details className="group">
                <summary className="cursor-pointer font-semibold text-brand underline underline-offset-2">
                  {t("giving.pauseSummary")}
                </summary>
                <form method="post" action={`/api/giving/gifts/${gift.id}/pause`} className="mt-3 space-y-3">
                  <LangField locale={locale} />
                  <p className="text-muted">{t("giving.pauseText")}</p>
                  <div>
                    <label htmlFor={`pause-${gift.id}`} className="text-sm font-semibold text-ink">
                      {t("giving.pauseFor")}
                    </label>
                    <select id={`pause-${gift.id}`} name="months" defaultValue="1" className={input}>
                      <option value="1">{t("giving.pause1")}</option>
                      <option value="2">{t("giving.pause2")}</option>
                      <option value="3">{t("giving.pause3")}</option>
                    </select>
                  </div>
                  <button type="submit" className={buttonClasses("primary", "md")}>
                    {t("giving.pauseButton")}
                  </button>
                </form>
              </details>
            )}
            <details className="group">
              <summary className="cursor-pointer font-semibold text-brand underline underline-offset-2">
                {t("giving.stopSummary")}
              </summary>
              <form method="post" action={`/api/giving/gifts/${gift.id}/stop`} className="mt-3 space-y-3">
                <LangField locale={locale} />
                <p className="text-muted">{t("giving.stopText")}</p>
                <button type="submit" className={buttonClasses("primary", "md")}>
                  {t("giving.stopButton")}
                </button>
              </form>
            </details>
          </div>
        )}
      </article>
    </li>
  );
}

export default function Giving({ loaderData }: Route.ComponentProps) {
  const { t, error: translated } = useI18n();
  const { locale, overview, linkToken, sent, signedOut, errorGift } = loaderData;
  const error = loaderData.error && translated(loaderData.error);
  const requested = loaderData.requested && translated(loaderData.requested);
  const giftError = errorGift && overview?.gifts.some((gift) => gift.id === errorGift) ? error : null;
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t("giving.title")}</h1>
        {error && !giftError && <Alert>{error}</Alert>}
        {linkToken ? (
          <form method="post" action="/api/giving/session" className="space-y-4">
            <p className="text-lg text-muted">{t("giving.continueText")}</p>
            <input type="hidden" name="token" value={linkToken} />
            <LangField locale={locale} />
            <button type="submit" className={buttonClasses("primary", "lg")}>
              {t("giving.continue")}
            </button>
          </form>
        ) : overview ? (
          <>
            {requested && <Status>{requested}</Status>}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-muted">
                {t("giving.signedIn", { email: overview.email, time: time(overview.sessionEndsAt, locale) })}
              </p>
              <form method="post" action="/api/giving/sign-out">
                <LangField locale={locale} />
                <button type="submit" className={buttonClasses("secondary", "sm")}>
                  {t("giving.signOut")}
                </button>
              </form>
            </div>
            <h2 className="text-2xl font-bold text-ink">{t("giving.yourGifts")}</h2>
            {overview.gifts.length === 0 ? (
              <p className="text-muted">{t("giving.noGifts")}</p>
            ) : (
              <ul aria-label={t("giving.yourGifts")} className="space-y-4">
                {overview.gifts.map((gift) => (
                  <Gift key={gift.id} gift={gift} error={gift.id === errorGift ? giftError : null} />
                ))}
              </ul>
            )}
            <p className="text-sm text-muted">{t("giving.providerNote")}</p>
          </>
        ) : (
          <>
            <p className="text-lg text-muted">{t("giving.intro")}</p>
            {sent && <Status>{translated(GIVING_LINK_SENT_MESSAGE)}</Status>}
            {signedOut && <Status>{t("giving.signedOut")}</Status>}
            <form method="post" action="/api/giving/link" className="space-y-4" aria-label={t("giving.askForm")}>
              <LangField locale={locale} />
              <div>
                <label htmlFor="giving-email" className="text-sm font-semibold text-ink">
                  {t("giving.emailLabel")}
                </label>
                <input
                  id="giving-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  className={input}
                />
              </div>
              <button type="submit" className={buttonClasses("primary", "lg")}>
                {t("giving.sendLink")}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
