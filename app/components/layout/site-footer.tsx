import { type ContactContent, SOCIAL_NETWORKS } from "../../../core/site-content/site-content.schema";
import { FOOTER_ABOUT_LINKS } from "../../content/navigation";
import { NewsletterFormIsland } from "../forms/newsletter-form";
import { Logo } from "../logo";
import { SocialIcon } from "./social-icons";

/** What the footer shows from site content (section "contact"). */
export interface FooterContent {
  tagline: string;
  social: ContactContent["social"];
}

export function SiteFooter({ content }: { content: FooterContent }) {
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
          <p className="mt-4 max-w-xs text-white/80">{content.tagline}</p>
          {socialLinks.length > 0 && (
            <ul className="mt-5 flex gap-3" aria-label="Social media">
              {socialLinks.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-sm font-bold hover:bg-white/20"
                    aria-label={`${link.label} (opens in a new tab)`}
                  >
                    <SocialIcon name={link.label} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h2 className="text-lg font-semibold">About Us</h2>
          <ul className="mt-4 space-y-2">
            {FOOTER_ABOUT_LINKS.map((link) => (
              <li key={link.path}>
                <a href={link.path} className={linkClass}>
                  {link.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-lg font-semibold">Get Involved</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <button type="button" data-donate="" className={linkClass}>
                Donate
              </button>
            </li>
            <li>
              <a href="/join-team" className={linkClass}>
                Volunteer
              </a>
            </li>
            <li>
              <a href="/contact" className={linkClass}>
                Partner With Us
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-lg font-semibold">Newsletter</h2>
          <NewsletterFormIsland />
        </div>
      </div>
      <div className="border-t border-white/10 py-5 text-center text-sm text-white/70">
        © {new Date().getFullYear()} Hope Behind Bars. All rights reserved.
      </div>
    </footer>
  );
}
