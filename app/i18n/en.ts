/**
 * The English interface texts of the public pages (docs/decisions/0410): texts in quotes in the spec
 * appear here exactly as written. One flat object; a key's first part names the area that uses it.
 * Amharic is in app/i18n/am.ts; the spec's validation messages stay in core/<feature>/*.schema.ts
 * (the API answers them in English) and are translated by their English text (app/i18n/am.ts
 * AM_ERRORS). Server-side only: islands receive their part through the page
 * (app/i18n/catalogue.ts), never this module.
 */
export const en = {
  // Language: the switcher and the first visit's suggestion (shown in the suggested language).
  "language.label": "Language",
  "language.suggest": "Read this page in English",
  "language.dismiss": "No, thanks",

  // Navigation (spec §2 navigation table).
  "nav.main": "Main",
  "nav.home": "Home",
  "nav.whoWeAre": "Who We Are",
  "nav.visionMission": "Vision & Mission",
  "nav.ourStory": "Our Story",
  "nav.theoryOfChange": "Theory of Change",
  "nav.ourValues": "Our Values",
  "nav.ourTeam": "Our Team",
  "nav.board": "Board",
  "nav.ourImpact": "Our Impact",
  "nav.impactOverview": "Impact Overview",
  "nav.impactVideos": "Impact Videos",
  "nav.gallery": "Gallery",
  "nav.resources": "Resources",
  "nav.blog": "Blog",
  "nav.publications": "News & Publications",
  "nav.joinTeam": "Join Our Team",
  "nav.contact": "Contact",

  // Header.
  "header.skipToContent": "Skip to content",
  "header.homeLink": "Hope Behind Bars, a second chance for mothers: home page",
  "header.donateNow": "Donate Now",
  "header.openMenu": "Open menu",
  "header.closeMenu": "Close menu",

  // Footer (spec §2 Footer).
  "footer.social": "Social media",
  "footer.opensInNewTab": "{label} (opens in a new tab)",
  "footer.aboutUs": "About Us",
  "footer.getInvolved": "Get Involved",
  "footer.donate": "Donate",
  "footer.volunteer": "Volunteer",
  "footer.partner": "Partner With Us",
  "footer.newsletter": "Newsletter",
  "footer.rights": "© {year} Hope Behind Bars. All rights reserved.",

  // 404 and errors.
  "notFound.title": "Page not found",
  "notFound.heading": "Sorry, page not found!",
  "notFound.text": "The page may have moved, or the link may be mistyped.",
  "notFound.missing": "The page you are looking for does not exist.",
  "notFound.home": "Go back home",
  "error.heading": "Something went wrong",
  "error.text": "Please try again in a moment.",

  // Search and sharing (app/lib/seo.ts).
  "seo.defaultTitle": "Restoring Dignity, Rebuilding Lives",
  "seo.defaultDescription":
    "Hope Behind Bars supports incarcerated women and their children in Ethiopia with essentials, education and a path home.",

  // The donation page, /donate (decision 0431): the pop-up's two parts as one page without JavaScript.
  "donate.eyebrow": "Donate",
  "donate.title": "Make a donation",
  "donate.intro": "Your gift brings essentials, education and a way home to women and children in Ethiopia's prisons.",
  "donate.metaDescription":
    "Give to Hope Behind Bars by card or by Ethiopian bank transfer: essentials, education and a way home for women and children in Ethiopia's prisons.",
  "donate.card": "Card",
  "donate.cardHint": "Visa, Mastercard and more",
  "donate.local": "Local",
  "donate.localHint": "Ethiopian bank transfer",
  "donate.howOften": "How often?",
  "donate.oneTime": "One-time",
  "donate.monthly": "Monthly",
  "donate.whatFor": "What is it for?",
  "donate.forFund": "For {title}",
  "donate.whereMostNeeded": "Where most needed",
  "donate.chooseAmount": "Choose an amount (USD)",
  "donate.customAmount": "Or enter a custom amount",
  "donate.otherAmount": "Other amount",
  "donate.customHint": "A custom amount is given instead of the one chosen above.",
  "donate.submit": "Donate",
  "donate.secure": "Secure checkout by {provider}. Your card details never reach our servers.",
  "donate.crowdfundingPrompt": "Prefer to give with friends?",
  "donate.crowdfundingLink": "Join our crowdfunding campaign",

  // The newsletter archive's answer to the footer's sign-up posted without JavaScript (decision 0430).
  "newsletterSignup.heading": "Newsletter sign-up",

  // Shared words.
  "common.opensInNewTab": "(opens in a new tab)",
  "common.close": "Close",
} as const;

export type MessageKey = keyof typeof en;
