import { layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * A public page in both languages (docs/decisions/0410): `/path` in English and `/am/path` in
 * Amharic, one route whose optional static segment `am?` carries the language. Loaders read it with
 * `localeOf(request)` (core/i18n/locale.ts).
 */
const page = (path: string, file: string) => route(path ? `am?/${path}` : "am?", file);

/**
 * Every page of spec §2. Public pages share the site shell; admin pages the guarded back office.
 * Keep one route per line (features add theirs here).
 */
export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("am/blog/rss.xml", "routes/blog-rss.ts", { id: "blog-rss-am" }),
  route("newsletter/rss.xml", "routes/newsletter-rss.ts"),

  layout("routes/public/layout.tsx", [
    page("", "routes/public/home.tsx"),
    page("impact/videos", "routes/public/impact-videos.tsx"),
    page("about", "routes/public/about.tsx"),
    page("impact", "routes/public/impact.tsx"),
    page("join-team", "routes/public/join-team.tsx"),
    page("contact", "routes/public/contact.tsx"),
    page("donate", "routes/public/donate.tsx"),
    page("donate/thank-you", "routes/public/donate-thank-you.tsx"),
    page("giving", "routes/public/giving.tsx"),
    page("your-data", "routes/public/your-data.tsx"),
    page("privacy", "routes/public/privacy.tsx"),
    page("impact/gallery", "routes/public/impact-gallery.tsx"),
    page("blog", "routes/public/blog.tsx"),
    page("blog/:id", "routes/public/blog-post.tsx"),
    page("publications", "routes/public/publications.tsx"),
    page("newsletter/confirm", "routes/public/newsletter-confirm.tsx"),
    page("newsletter/unsubscribe", "routes/public/newsletter-unsubscribe.tsx"),
    page("newsletter", "routes/public/newsletter-archive.tsx"),
    page("newsletter/:id", "routes/public/newsletter-issue.tsx"),
    page("supporters", "routes/public/supporters.tsx"),
    // public pages ↑ (each with page(): in English and in Amharic)
    route("c/:slug", "routes/public/campaign-link.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  route("donate/sandbox/:id", "routes/donate/sandbox-checkout.tsx"),
  route("donate/sandbox/card/:id", "routes/donate/sandbox-card.tsx"),
  route("donate/thank-you/receipt", "routes/donate/receipt.ts"),

  route("admin/login", "routes/admin/login.tsx"),
  route("admin/two-step-setup", "routes/admin/two-step-setup.tsx"),
  route("admin/accept-invitation", "routes/admin/accept-invitation.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password", "routes/admin/reset-password.tsx"),
  // Outside the back-office layout: the public page drawn with the drafts, for signed-in staff only.
  route("admin/site/:section/preview", "routes/admin/site-content-preview.tsx"),
  route("admin/preview/:kind/:id", "routes/admin/content-preview.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    route("admin/videos", "routes/admin/videos.tsx"),
    route("admin/videos/new", "routes/admin/video-form.tsx", { id: "admin-video-new" }),
    route("admin/videos/edit/:id", "routes/admin/video-form.tsx", { id: "admin-video-edit" }),
    route("admin/volunteers", "routes/admin/volunteers.tsx"),
    route("admin/messages", "routes/admin/messages.tsx"),
    route("admin/people", "routes/admin/people.tsx"),
    route("admin/people/:id", "routes/admin/people-person.tsx"),
    route("admin/subscribe", "routes/admin/subscribers.tsx"),
    route("admin/newsletters", "routes/admin/newsletters.tsx"),
    route("admin/newsletters/:id", "routes/admin/newsletter-edit.tsx"),
    route("admin/welcome-emails", "routes/admin/welcome-emails.tsx"),
    route("admin/donations", "routes/admin/donations.tsx"),
    route("admin/donations/offline", "routes/admin/offline-gifts.tsx"),
    route("admin/supporters", "routes/admin/supporters.tsx"),
    route("admin/activity", "routes/admin/activity.tsx"),
    route("admin/privacy", "routes/admin/privacy.tsx"),
    route("admin/privacy/records", "routes/admin/privacy-records.tsx"),
    route("admin/privacy/breaches", "routes/admin/privacy-breaches.tsx"),
    route("admin/blogs", "routes/admin/blogs.tsx"),
    route("admin/blogs/new", "routes/admin/blog-form.tsx", { id: "admin-blog-new" }),
    route("admin/blogs/edit/:id", "routes/admin/blog-form.tsx", { id: "admin-blog-edit" }),
    route("admin/publications", "routes/admin/publications.tsx"),
    route("admin/publications/new", "routes/admin/publication-form.tsx", { id: "admin-publication-new" }),
    route("admin/publications/edit/:id", "routes/admin/publication-form.tsx", { id: "admin-publication-edit" }),
    route("admin/gallery", "routes/admin/gallery.tsx"),
    route("admin/gallery/new", "routes/admin/gallery-form.tsx", { id: "admin-gallery-new" }),
    route("admin/gallery/edit/:id", "routes/admin/gallery-form.tsx", { id: "admin-gallery-edit" }),
    route("admin/staff", "routes/admin/staff.tsx"),
    route("admin/site", "routes/admin/site-content.tsx"),
    route("admin/site/:section", "routes/admin/site-content-section.tsx"),
    route("admin/insight", "routes/admin/insight.tsx"),
    route("admin/campaigns", "routes/admin/campaigns.tsx"),
    // admin pages ↑
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
