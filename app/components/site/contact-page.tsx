import type { ContactContent } from "../../../core/site-content/site-content.schema";
import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import { mapEmbedUrl, mapLinkUrl } from "../../content/contact";
import { useI18n } from "../../i18n/i18n";
import type { FormReply } from "../../lib/form-reply";
import { ContactFormIsland } from "../forms/contact-form";
import { PageHeader } from "../page-header";

/** The Contact page's body (app/routes/public/contact.tsx), also drawn by the back office's preview with a draft. */
export function ContactPage({
  content,
  reply,
  englishPaths,
}: {
  content: ContactContent;
  reply?: FormReply | undefined;
  /** On an Amharic page, the texts still in English (marked `lang="en"`). */
  englishPaths?: string[];
}) {
  const { addressLines, phone, email, officeHours, map } = content;
  const { t, rich } = useI18n();
  return (
    <>
      <PageHeader eyebrow={t("contact.eyebrow")} title={t("contact.title")}>
        {t("contact.intro")}
      </PageHeader>

      <section className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <h2 className="text-2xl font-bold">{t("contact.getInTouch")}</h2>
          <dl className="mt-6 space-y-6">
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wide text-brand">{t("contact.address")}</dt>
              <dd className="mt-1">
                <address className="not-italic">
                  {addressLines.map((line, index) => (
                    <span key={line} className="block" lang={sitePathLang(englishPaths, `addressLines.${index}`)}>
                      {line}
                    </span>
                  ))}
                </address>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wide text-brand">{t("contact.phone")}</dt>
              <dd className="mt-1">
                <a href={`tel:${phone.dial}`} className="underline decoration-brand/40 hover:text-brand">
                  {phone.display}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wide text-brand">{t("contact.emailLabel")}</dt>
              <dd className="mt-1">
                <a href={`mailto:${email}`} className="underline decoration-brand/40 hover:text-brand">
                  {email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold uppercase tracking-wide text-brand">{t("contact.hours")}</dt>
              <dd className="mt-1" lang={sitePathLang(englishPaths, "officeHours")}>
                {officeHours}
              </dd>
            </div>
          </dl>
        </div>
        <div className="rounded-2xl border border-black/5 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
          <h2 className="text-2xl font-bold">{t("contact.form")}</h2>
          <div className="mt-6">
            <ContactFormIsland {...(reply && { reply })} />
          </div>
        </div>
      </section>

      <section aria-labelledby="map-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <h2 id="map-heading" className="text-2xl font-bold">
          {t("contact.findUs")}
        </h2>
        {/* The map is named by a text, not a title attribute: the place's name keeps its own lang inside "Map: …". */}
        <span id="contact-map-name" hidden>
          {rich("contact.map", { label: <span lang={sitePathLang(englishPaths, "map.label")}>{map.label}</span> })}
        </span>
        {/* loading="lazy": the browser fetches OpenStreetMap only when the visitor scrolls near the map. */}
        {/* biome-ignore lint/a11y/useIframeTitle: named by aria-labelledby, which a title's one language cannot replace here */}
        <iframe
          aria-labelledby="contact-map-name"
          src={mapEmbedUrl(map)}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="mt-4 block h-80 w-full rounded-2xl border border-black/10 sm:h-96"
        />
        <a
          href={mapLinkUrl(map)}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-block text-sm font-medium text-brand underline"
        >
          {t("contact.largerMap")}
        </a>
      </section>
    </>
  );
}
