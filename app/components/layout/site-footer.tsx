import { type ContactContent, SOCIAL_NETWORKS } from "../../../core/site-content/site-content.schema";
import { FOOTER_ABOUT_LINKS } from "../../content/navigation";
import { useI18n } from "../../i18n/i18n";
import { NewsletterFormIsland } from "../forms/newsletter-form";
import { Logo } from "../logo";
import { LanguageSwitcher } from "./language-switcher";
import { SocialIcon } from "./social-icons";

/** What the footer shows from site content (section "contact"). */
export interface FooterContent {
  tagline: string;
  /** "en" when an Amharic page shows the English tagline. */
  taglineLang?: "en" | undefined;
  social: ContactContent["social"];
}

/**
 * `path`: the page without its language prefix, for the language switcher. `confirmByEmail`: new
 * subscribers get a confirmation e-mail (the site can send mail).
 */
export function SiteFooter({
  content,
  path: pagePath,
  confirmByEmail = false,
}: {
  content: FooterContent;
  path: string;
  confirmByEmail?: boolean;
}) {
  const { t, rich, path, untranslated } = useI18n();
  // A network without an address is hidden (spec §2 Footer: placeholders until the accounts exist).
  const socialLinks = SOCIAL_NETWORKS.filter((network) => content.social[network]).map((network) => ({
    label: network,
    href: content.social[network],
  }));
  const linkClass = "text-white/80 hover:text-white hover:underline";
  return (
    <footer className="on-dark bg-brand-dark text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <span className="inline-block rounded-lg bg-white px-3 py-2">
            <Logo />
          </span>
          <p className="mt-4 max-w-xs text-white/80" lang={content.taglineLang}>
            {content.tagline}
          </p>
          {socialLinks.length > 0 && (
            <ul className="mt-5 flex gap-3" aria-label={t("footer.social")}>
              {socialLinks.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-sm font-bold hover:bg-white/20"
                  >
                    <SocialIcon name={link.label} />
                    {/* Named by a text: the network's name is English inside the page's words. */}
                    <span className="sr-only">
                      {rich("footer.opensInNewTab", { label: <span lang={untranslated}>{link.label}</span> })}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h2 className="text-lg font-semibold">{t("footer.aboutUs")}</h2>
          <ul className="mt-4 space-y-2">
            {FOOTER_ABOUT_LINKS.map((link) => (
              <li key={link.path}>
                <a href={path(link.path)} className={linkClass}>
                  {t(link.title)}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-lg font-semibold">{t("footer.getInvolved")}</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <a href={path("/donate")} data-donate="" className={linkClass}>
                {t("footer.donate")}
              </a>
            </li>
            <li>
              <a href={path("/giving")} className={linkClass}>
                {t("footer.myGiving")}
              </a>
            </li>
            <li>
              <a href={path("/your-data")} className={linkClass}>
                {t("footer.yourData")}
              </a>
            </li>
            <li>
              <a href={path("/join-team")} className={linkClass}>
                {t("footer.volunteer")}
              </a>
            </li>
            <li>
              <a href={path("/contact")} className={linkClass}>
                {t("footer.partner")}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-lg font-semibold">{t("footer.newsletter")}</h2>
          <NewsletterFormIsland confirmByEmail={confirmByEmail} />
        </div>
      </div>
      <div className="flex flex-col items-center gap-3 border-t border-white/10 py-5 text-center text-sm text-white/70">
        <LanguageSwitcher path={pagePath} className="text-white" />
        <p>
          {t("footer.rights", { year: new Date().getFullYear() })}{" "}
          <a href={path("/privacy")} className="underline hover:text-white">
            {t("footer.privacy")}
          </a>
        </p>
      </div>
    </footer>
  );
}
