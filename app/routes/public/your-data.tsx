import { localeOf } from "../../../core/i18n/locale";
import { buttonClasses } from "../../components/button";
import type { MessageKey } from "../../i18n/en";
import { useI18n } from "../../i18n/i18n";
import { pageMeta } from "../../lib/seo";
import type { Route } from "./+types/your-data";

const ERRORS: Record<string, MessageKey> = {
  link: "yourData.errorLink",
  email: "yourData.errorEmail",
  busy: "yourData.errorBusy",
  unavailable: "yourData.errorUnavailable",
};

/**
 * "Your data" (docs/decisions/0670-people-ids-and-sources.md): a visitor asks for a copy of their
 * data or its erasure. Plain HTML forms posting to /api/people/requests…, answered with a redirect
 * back here: it works without JavaScript. The token of the e-mailed link is used only when the
 * person presses Confirm (a POST), never by opening the link, so a mail scanner cannot use it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  const confirmed = url.searchParams.get("confirmed");
  return {
    locale: localeOf(request),
    token: url.searchParams.get("token"),
    kind: kind === "erase" ? ("erase" as const) : ("export" as const),
    sent: url.searchParams.has("sent"),
    confirmed: confirmed === "export" || confirmed === "erase" ? confirmed : null,
    error: ERRORS[url.searchParams.get("error") ?? ""] ?? null,
  };
}

/** Per-person answers: never cached; the link's token never leaves in a Referer. */
export const headers = () => ({ "cache-control": "no-store", "referrer-policy": "no-referrer" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("yourData.title"), path: "/your-data", noindex: true }));

const input = "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-ink";

function Status({ children }: { children: string }) {
  return (
    <p role="status" className="rounded-lg border border-brand/30 bg-brand-light px-4 py-3 font-medium text-ink">
      {children}
    </p>
  );
}

export default function YourData({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { locale, token, kind, sent, confirmed, error } = loaderData;
  return (
    <section className="bg-sand">
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold text-ink sm:text-4xl">{t("yourData.title")}</h1>
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800">
            {t(error)}
          </p>
        )}
        {confirmed ? (
          <Status>{t(confirmed === "export" ? "yourData.exportOnItsWay" : "yourData.eraseWithStaff")}</Status>
        ) : token ? (
          <form method="post" action="/api/people/requests/confirm" className="space-y-4">
            <h2 className="text-2xl font-bold text-ink">{t("yourData.confirmTitle")}</h2>
            <p className="text-lg text-muted">
              {t(kind === "export" ? "yourData.confirmExport" : "yourData.confirmErase")}
            </p>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="kind" value={kind} />
            <input type="hidden" name="lang" value={locale} />
            <button type="submit" className={buttonClasses("primary", "lg")}>
              {t("yourData.confirm")}
            </button>
          </form>
        ) : (
          <>
            <p className="text-lg text-muted">{t("yourData.intro")}</p>
            {sent && <Status>{t("yourData.sent")}</Status>}
            <form method="post" action="/api/people/requests" className="space-y-4">
              <input type="hidden" name="lang" value={locale} />
              <div>
                <label htmlFor="your-data-email" className="text-sm font-semibold text-ink">
                  {t("yourData.email")}
                </label>
                <input
                  id="your-data-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={254}
                  className={input}
                />
              </div>
              <fieldset className="space-y-2">
                <legend className="text-sm font-semibold text-ink">{t("yourData.what")}</legend>
                <label className="flex items-center gap-2">
                  <input type="radio" name="kind" value="export" defaultChecked />
                  {t("yourData.export")}
                </label>
                <label className="flex items-start gap-2">
                  <input type="radio" name="kind" value="erase" className="mt-1.5" />
                  <span>
                    {t("yourData.erase")}
                    <span className="block text-sm text-muted">{t("yourData.eraseNote")}</span>
                  </span>
                </label>
              </fieldset>
              <button type="submit" className={buttonClasses("primary", "lg")}>
                {t("yourData.send")}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
