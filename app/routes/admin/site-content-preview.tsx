import { Link, redirect, useLoaderData } from "react-router";
import { GALLERY_PREVIEW_SIZE } from "../../../core/gallery/gallery.constants";
import type { GalleryItem } from "../../../core/gallery/gallery.schema";
import {
  isSiteSection,
  SECTION_PAGES,
  SECTION_TITLES,
  type SectionEditorState,
  SITE_SECTIONS,
  type SiteContent,
} from "../../../core/site-content/site-content.schema";
import type { Video } from "../../../core/videos/videos.schema";
import { DonationRoot } from "../../components/donation/donation-root";
import { SiteFooter } from "../../components/layout/site-footer";
import { SiteHeader } from "../../components/layout/site-header";
import { AboutPage } from "../../components/site/about-page";
import { ContactPage } from "../../components/site/contact-page";
import { HomePage } from "../../components/site/home-page";
import { PrivacyPage } from "../../components/site/privacy-page";
import { ENGLISH_I18N } from "../../i18n/english";
import { I18nProvider } from "../../i18n/i18n";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";
import { loadForStaff } from "../../lib/staff-preview";
import type { Route } from "./+types/site-content-preview";

export const meta = () => adminMeta("Preview");

/**
 * The preview link of Site content: the public page drawn with the saved drafts. Only a signed-in
 * staff member can open it, because the drafts come from staff-only API routes with their token.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const { section } = params;
  if (!isSiteSection(section)) throw redirect("/admin/site");
  return loadForStaff(request, async () => {
    const states = await Promise.all(SITE_SECTIONS.map((name) => api<SectionEditorState>(`/api/site-content/${name}`)));
    const drafts = Object.fromEntries(states.map((state) => [state.section, state.draft])) as SiteContent;
    // The Home page's published parts come from the public API, as on the site (spec §7: limit=1, limit=4);
    // without them the preview still shows the drafts.
    const [featuredVideo, galleryPreview] =
      section === "home"
        ? await Promise.all([
            api<{ videos: Video[] }>("/api/videos?limit=1").then(
              (body) => body.videos[0] ?? null,
              () => null,
            ),
            api<{ images: GalleryItem[] }>(`/api/gallery?limit=${GALLERY_PREVIEW_SIZE}`).then(
              (body) => body.images,
              () => null,
            ),
          ])
        : [null, []];
    return { section, drafts, featuredVideo, galleryPreview };
  });
}

export { PreviewRefused as ErrorBoundary } from "../../components/admin/preview-refused";

export function HydrateFallback() {
  return <p className="p-8 text-muted">Loading the preview…</p>;
}

/** Editors may not read the periods an Administrator set: the preview shows the defaults. */
const DEFAULT_PERIODS: Record<string, number> = {};

export default function SiteContentPreview() {
  const { section, drafts, featuredVideo, galleryPreview } = useLoaderData<typeof clientLoader>();
  const page = SECTION_PAGES[section];
  const { donating, contact } = drafts;
  return (
    <I18nProvider value={ENGLISH_I18N}>
      <div
        role="status"
        className="sticky top-0 z-50 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-ink"
      >
        Preview of the saved drafts ({SECTION_TITLES[section]}): visitors do not see this until it is published.{" "}
        {section === "donating" && "Press a Donate button to see the pop-up. "}
        <Link to={`/admin/site/${section}`} className="underline">
          Back to the editor
        </Link>
      </div>
      <SiteHeader pathname={page} />
      <main id="main">
        {page === "/" && (
          <HomePage content={drafts.home} featuredVideo={featuredVideo} galleryPreview={galleryPreview} />
        )}
        {page === "/about" && <AboutPage content={drafts.about} />}
        {page === "/contact" && <ContactPage content={drafts.contact} />}
        {page === "/privacy" && <PrivacyPage content={drafts.privacy} contact={contact} periods={DEFAULT_PERIODS} />}
      </main>
      <SiteFooter content={{ tagline: contact.footerTagline, social: contact.social }} path={page} />
      <DonationRoot
        settings={{
          crowdfundingUrl: donating.crowdfundingUrl,
          cardPayments: true,
          birrPayments: true,
          birrPresets: donating.birrPresets,
          feeCoverPercent: donating.feeCoverPercent,
          bank: donating,
          presets: donating.presets,
          defaultAmount: donating.defaultAmount,
        }}
      />
    </I18nProvider>
  );
}
