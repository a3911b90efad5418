/**
 * Every kind of personal data the site holds, in one list (docs/decisions/0680-personal-data-registry-and-retention.md).
 * The retention job, its preview, Admin → Privacy's records of processing and the public privacy page
 * are all generated from it, so what the charity says it keeps and what it really removes cannot
 * differ. A new table holding people's data gains a kind here, and a step of its rule in
 * personal-data.repository.ts.
 *
 * Each kind also names the People sources (core/people/sources/) that find, export, correct and
 * erase its rows for one person; People's list of sources is drawn from these names
 * (docs/decisions/0742-people-sources-named-by-the-registry.md).
 *
 * Zod-free and database-free: the admin and the public pages import it as it is (the source names
 * are a type only).
 */

import type { PeopleSourceName } from "../people/sources/index.ts";

export const STORAGE_PLACES = ["database", "uploads", "mail", "stripe", "chapa"] as const;
export type StoragePlace = (typeof STORAGE_PLACES)[number];

export const LAWFUL_BASES = ["consent", "contract", "legal-obligation", "legitimate-interests"] as const;
export type LawfulBasis = (typeof LAWFUL_BASES)[number];

interface Bilingual {
  en: string;
  am: string;
}

export const STORAGE_LABELS: Record<StoragePlace, Bilingual> = {
  database: { en: "The site's database (SQLite or PostgreSQL)", am: "የድረ-ገጹ የመረጃ ቋት (SQLite ወይም PostgreSQL)" },
  uploads: { en: "The uploads folder or S3 storage", am: "የተሰቀሉ ፋይሎች ማህደር ወይም የS3 ማከማቻ" },
  mail: { en: "The mail server (e-mails sent)", am: "የኢሜይል አገልጋዩ (የተላኩ ኢሜይሎች)" },
  stripe: { en: "Stripe (card payments)", am: "Stripe (የካርድ ክፍያዎች)" },
  chapa: { en: "Chapa (payments in birr)", am: "Chapa (በብር የሚደረጉ ክፍያዎች)" },
};

export const BASIS_LABELS: Record<LawfulBasis, Bilingual> = {
  consent: { en: "Consent", am: "ፈቃድ" },
  contract: { en: "Carrying out what the person asked for", am: "ሰውየው የጠየቀውን መፈጸም" },
  "legal-obligation": { en: "A legal obligation", am: "የሕግ ግዴታ" },
  "legitimate-interests": { en: "The charity's legitimate interests", am: "የድርጅቱ ሕጋዊ ጥቅም" },
};

/** A period an Administrator may change, in whole days or months, counted from `from`. */
export interface RetentionRule {
  unit: "days" | "months";
  /** The default; also what the law or the site's own use needs at least (`min`). */
  default: number;
  min: number;
  max: number;
  /** What the period counts from, as the sentence "… after {from}" says it. */
  from: Bilingual;
  /** Removed rows are deleted, or (gifts) keep their amounts with the person's details cleared. */
  action: "delete" | "anonymise";
}

export interface PersonalDataKind {
  /** Stable: the setting's key and the audit log's record id. */
  id: string;
  label: Bilingual;
  /** What is held, in a few words. */
  holds: Bilingual;
  purpose: Bilingual;
  basis: LawfulBasis;
  storedIn: readonly StoragePlace[];
  /** The admin screens that show it (core/access/admin-screens.ts gives their roles); none: only the site reads it. */
  screens: readonly string[];
  /** Special categories the law protects more (criminal records, children). */
  sensitive?: boolean;
  /**
   * Listed although it holds no personal data (counts nobody can be told apart in), so the page
   * says what is counted; such a kind has no People sources.
   */
  noPersonalData?: true;
  /** The People sources holding this kind's rows for one person; none: no row names a supporter. */
  people: readonly PeopleSourceName[];
  /** A period the retention job applies; or a fixed sentence when something else decides. */
  retention: { rule: RetentionRule } | { fixed: Bilingual };
}

const MONTHS_10_YEARS = 120;

export const PERSONAL_DATA_KINDS: readonly PersonalDataKind[] = [
  {
    id: "cardGifts",
    label: { en: "Card gifts and their receipts", am: "በካርድ የተሰጡ ስጦታዎችና ደረሰኞቻቸው" },
    holds: {
      en: "Name, e-mail address, amount, date, need, Stripe's customer reference, receipt number",
      am: "ስም፣ የኢሜይል አድራሻ፣ መጠን፣ ቀን፣ ፍላጎት፣ የStripe ደንበኛ መለያ፣ የደረሰኝ ቁጥር",
    },
    purpose: {
      en: "Taking the gift, sending receipts and year-end statements, keeping the accounts",
      am: "ስጦታውን መቀበል፣ ደረሰኞችንና የዓመት መጨረሻ መግለጫዎችን መላክ፣ ሂሳብ መያዝ",
    },
    basis: "legal-obligation",
    storedIn: ["database", "stripe", "mail"],
    screens: ["/admin/donations"],
    people: ["cardGifts", "receipts"],
    retention: {
      rule: {
        unit: "months",
        default: MONTHS_10_YEARS,
        min: MONTHS_10_YEARS,
        max: 240,
        from: { en: "the gift ended or was last paid", am: "ስጦታው ካለቀ ወይም መጨረሻ ከተከፈለ" },
        action: "anonymise",
      },
    },
  },
  {
    id: "birrGifts",
    label: { en: "Gifts in birr through Chapa and their receipts", am: "በቻፓ በኩል በብር የተሰጡ ስጦታዎችና ደረሰኞቻቸው" },
    holds: {
      en: "Name, e-mail address, amount in birr, date, need, how it was paid (telebirr, CBE Birr, bank, card), Chapa's transaction reference, receipt number; a phone number, if given, goes to Chapa only",
      am: "ስም፣ የኢሜይል አድራሻ፣ በብር መጠን፣ ቀን፣ ፍላጎት፣ የተከፈለበት መንገድ (ቴሌብር፣ ሲቢኢ ብር፣ ባንክ፣ ካርድ)፣ የChapa ግብይት ማጣቀሻ፣ የደረሰኝ ቁጥር፤ ስልክ ቁጥር ከተሰጠ ለChapa ብቻ ይላካል",
    },
    purpose: {
      en: "Taking the gift, sending receipts and year-end statements, keeping the accounts",
      am: "ስጦታውን መቀበል፣ ደረሰኞችንና የዓመት መጨረሻ መግለጫዎችን መላክ፣ ሂሳብ መያዝ",
    },
    basis: "legal-obligation",
    storedIn: ["database", "chapa", "mail"],
    screens: ["/admin/donations"],
    people: ["cardGifts", "receipts"],
    retention: {
      rule: {
        unit: "months",
        default: MONTHS_10_YEARS,
        min: MONTHS_10_YEARS,
        max: 240,
        from: { en: "the gift was paid or ended", am: "ስጦታው ከተከፈለ ወይም ካለቀ" },
        action: "anonymise",
      },
    },
  },
  {
    id: "tributes",
    label: {
      en: "Gifts in honour or in memory, and the donor wall",
      am: "ለማክበር ወይም ለመታሰቢያ የተሰጡ ስጦታዎችና የለጋሾች ግድግዳ",
    },
    holds: {
      en: "The name of the person a gift honours or remembers; the name and e-mail address of the person the donor asked us to tell; the name and short message a donor chose for the donor wall",
      am: "ስጦታው የሚያከብረው ወይም የሚያስታውሰው ሰው ስም፤ ለጋሹ እንድናሳውቅ የጠየቀው ሰው ስምና የኢሜይል አድራሻ፤ ለጋሹ ለለጋሾች ግድግዳ የመረጠው ስምና አጭር መልእክት",
    },
    purpose: {
      en: "Sending the card the donor asked for, saying the tribute on the receipt, and showing the donor on the wall when they asked to be",
      am: "ለጋሹ የጠየቀውን ካርድ መላክ፣ በደረሰኙ ላይ መግለጽ፣ ለጋሹ በጠየቀ ጊዜ በግድግዳው ላይ ማሳየት",
    },
    basis: "consent",
    storedIn: ["database", "mail"],
    screens: ["/admin/donations", "/admin/supporters"],
    people: ["tributes"],
    retention: {
      rule: {
        unit: "months",
        default: 24,
        min: 1,
        max: 120,
        from: { en: "the gift was made", am: "ስጦታው ከተሰጠ" },
        action: "delete",
      },
    },
  },
  {
    id: "unfinishedCheckouts",
    // Card and birr alike: the rule deletes every checkout left pending without a payment.
    label: { en: "Card and birr checkouts never completed", am: "ያልተጠናቀቁ የካርድና የብር ክፍያዎች" },
    holds: { en: "Amount, need, sometimes an e-mail address", am: "መጠን፣ ፍላጎት፣ አንዳንዴ የኢሜይል አድራሻ" },
    purpose: {
      en: "Matching the payment provider's answer to the gift it is for",
      am: "የክፍያ አቅራቢውን ምላሽ ከስጦታው ጋር ማዛመድ",
    },
    basis: "contract",
    storedIn: ["database", "stripe", "chapa"],
    screens: ["/admin/donations"],
    people: ["cardGifts"],
    retention: {
      rule: {
        unit: "days",
        default: 30,
        min: 7,
        max: 365,
        from: { en: "the checkout was opened", am: "ክፍያው ከተጀመረ" },
        action: "delete",
      },
    },
  },
  {
    id: "offlineGifts",
    label: { en: "Offline gifts and their receipts", am: "በባንክ፣ በጥሬ ገንዘብ ወይም በቼክ የተሰጡ ስጦታዎችና ደረሰኞቻቸው" },
    holds: {
      en: "Name, e-mail address, amount in birr or dollars, bank reference, staff note, confirmed transfer notices",
      am: "ስም፣ የኢሜይል አድራሻ፣ በብር ወይም በዶላር መጠን፣ የባንክ ማጣቀሻ፣ የሠራተኛ ማስታወሻ፣ የተረጋገጡ የዝውውር ማሳወቂያዎች",
    },
    purpose: {
      en: "Recording gifts received outside the website, sending receipts, keeping the accounts",
      am: "ከድረ-ገጹ ውጭ የተቀበሉ ስጦታዎችን መመዝገብ፣ ደረሰኞችን መላክ፣ ሂሳብ መያዝ",
    },
    basis: "legal-obligation",
    storedIn: ["database", "mail"],
    screens: ["/admin/donations"],
    people: ["offlineGifts", "pledges", "receipts"],
    retention: {
      rule: {
        unit: "months",
        default: MONTHS_10_YEARS,
        min: MONTHS_10_YEARS,
        max: 240,
        from: { en: "the gift was received", am: "ስጦታው ከደረሰ" },
        action: "anonymise",
      },
    },
  },
  {
    id: "dismissedTransferNotices",
    label: { en: "Dismissed transfer notices", am: "ውድቅ የተደረጉ የዝውውር ማሳወቂያዎች" },
    holds: { en: "Name, e-mail address, amount, bank reference", am: "ስም፣ የኢሜይል አድራሻ፣ መጠን፣ የባንክ ማጣቀሻ" },
    purpose: {
      en: "Finding a bank transfer a donor told us about",
      am: "ለጋሹ የነገረንን የባንክ ዝውውር ማግኘት",
    },
    basis: "contract",
    storedIn: ["database"],
    screens: ["/admin/donations"],
    people: ["pledges"],
    retention: {
      rule: {
        unit: "days",
        default: 90,
        min: 7,
        max: 730,
        from: { en: "staff dismissed it", am: "ሠራተኞች ውድቅ ካደረጉት" },
        action: "delete",
      },
    },
  },
  {
    id: "statementSends",
    label: { en: "Year-end statement sends", am: "የዓመት መጨረሻ መግለጫ መላኪያዎች" },
    holds: { en: "E-mail address and when the statement was sent", am: "የኢሜይል አድራሻና መግለጫው የተላከበት ጊዜ" },
    purpose: {
      en: "Sending each donor their statement once",
      am: "ለእያንዳንዱ ለጋሽ መግለጫውን አንድ ጊዜ መላክ",
    },
    basis: "legal-obligation",
    storedIn: ["database", "mail"],
    screens: ["/admin/donations"],
    people: ["receipts"],
    retention: {
      rule: {
        unit: "months",
        default: 24,
        min: 12,
        max: 120,
        from: { en: "it was sent", am: "ከተላከ" },
        action: "delete",
      },
    },
  },
  {
    id: "subscribers",
    label: { en: "Newsletter subscribers", am: "የዜና መጽሔት ተመዝጋቢዎች" },
    holds: {
      en: "E-mail address, status, when consent was given or withdrawn, where the address came from",
      am: "የኢሜይል አድራሻ፣ ሁኔታ፣ ፈቃድ የተሰጠበት ወይም የተነሳበት ጊዜ፣ አድራሻው የመጣበት ቦታ",
    },
    purpose: { en: "Sending the newsletter", am: "የዜና መጽሔቱን መላክ" },
    basis: "consent",
    storedIn: ["database", "mail"],
    screens: ["/admin/subscribe"],
    people: ["subscribers"],
    retention: {
      fixed: {
        en: "While subscribed; after an unsubscribe the address is kept, marked unsubscribed, so it is never written to again",
        am: "ተመዝግቦ እስካለ ድረስ፤ ምዝገባው ከተሰረዘ በኋላ ዳግም እንዳይላክለት አድራሻው «ተሰርዟል» ተብሎ ይቀመጣል",
      },
    },
  },
  {
    id: "unconfirmedSubscribers",
    label: { en: "Unconfirmed newsletter sign-ups", am: "ያልተረጋገጡ የዜና መጽሔት ምዝገባዎች" },
    holds: { en: "E-mail address, when it was given", am: "የኢሜይል አድራሻ፣ የተሰጠበት ጊዜ" },
    purpose: {
      en: "Asking the person to confirm they want the newsletter",
      am: "ሰውየው የዜና መጽሔቱን እንደሚፈልግ እንዲያረጋግጥ መጠየቅ",
    },
    basis: "consent",
    storedIn: ["database", "mail"],
    screens: ["/admin/subscribe"],
    people: ["subscribers"],
    retention: {
      rule: {
        unit: "days",
        default: 30,
        min: 8,
        max: 365,
        from: { en: "the sign-up", am: "ከተመዘገበ" },
        action: "delete",
      },
    },
  },
  {
    id: "newsletterDeliveries",
    label: { en: "Newsletter deliveries", am: "የዜና መጽሔት መላኪያዎች" },
    holds: {
      en: "E-mail address per newsletter, whether it was sent, the mail server's answer",
      am: "ለእያንዳንዱ የዜና መጽሔት የኢሜይል አድራሻ፣ መላኩን፣ የኢሜይል አገልጋዩ ምላሽ",
    },
    purpose: {
      en: "Sending each subscriber one copy and showing staff what failed",
      am: "ለእያንዳንዱ ተመዝጋቢ አንድ ቅጂ መላክና ያልተሳካውን ለሠራተኞች ማሳየት",
    },
    basis: "consent",
    storedIn: ["database", "mail"],
    screens: ["/admin/newsletters"],
    people: ["subscribers"],
    retention: {
      fixed: { en: "As long as the newsletter; deleted with it", am: "የዜና መጽሔቱ እስካለ ድረስ፤ ከእሱ ጋር ይሰረዛል" },
    },
  },
  {
    id: "subscriberImports",
    label: { en: "Subscriber import files", am: "የተመዝጋቢዎች ማስገቢያ ፋይሎች" },
    holds: {
      en: "The imported CSV (until the import ends), the first lines it could not read, who started it",
      am: "የገባው CSV ፋይል (ማስገባቱ እስኪያልቅ)፣ ሊነበቡ ያልቻሉ የመጀመሪያ መስመሮች፣ የጀመረው ሠራተኛ",
    },
    purpose: { en: "Adding a list of existing subscribers", am: "ነባር ተመዝጋቢዎችን ዝርዝር መጨመር" },
    basis: "consent",
    storedIn: ["database"],
    screens: ["/admin/subscribe"],
    people: [],
    retention: {
      rule: {
        unit: "days",
        default: 30,
        min: 1,
        max: 365,
        from: { en: "the import finished", am: "ማስገባቱ ካለቀ" },
        action: "delete",
      },
    },
  },
  {
    id: "volunteerApplications",
    label: { en: "Volunteer applications", am: "የበጎ ፈቃደኝነት ማመልከቻዎች" },
    holds: {
      en: "Name, e-mail address, phone, age, interests, skills, motivation, availability, social links",
      am: "ስም፣ የኢሜይል አድራሻ፣ ስልክ፣ ዕድሜ፣ ፍላጎቶች፣ ክህሎቶች፣ ተነሳሽነት፣ የሚገኙበት ጊዜ፣ የማህበራዊ ሚዲያ አገናኞች",
    },
    purpose: { en: "Choosing and contacting volunteers", am: "በጎ ፈቃደኞችን መምረጥና ማነጋገር" },
    basis: "consent",
    storedIn: ["database", "mail"],
    screens: ["/admin/volunteers"],
    people: ["volunteers"],
    retention: {
      rule: {
        unit: "months",
        default: 24,
        min: 1,
        max: 120,
        from: { en: "its last status change", am: "ሁኔታው መጨረሻ ከተቀየረ" },
        action: "delete",
      },
    },
  },
  {
    id: "welcomeEmails",
    label: { en: "Welcome e-mails after a first gift", am: "ከመጀመሪያ ስጦታ በኋላ የሚላኩ የእንኳን ደህና መጡ ኢሜይሎች" },
    holds: {
      en: "E-mail address, language, which welcome e-mails went and whether they were stopped",
      am: "የኢሜይል አድራሻ፣ ቋንቋ፣ የትኞቹ ኢሜይሎች እንደተላኩና እንደቆሙ",
    },
    purpose: {
      en: "Thanking a new donor and telling them what their gift did",
      am: "አዲስ ለጋሽን ማመስገንና ስጦታቸው ምን እንደሠራ መንገር",
    },
    basis: "legitimate-interests",
    storedIn: ["database", "mail"],
    screens: ["/admin/welcome-emails"],
    people: ["emailSeries"],
    retention: {
      rule: {
        unit: "months",
        default: 12,
        min: 2,
        max: 120,
        from: { en: "the first gift", am: "ከመጀመሪያው ስጦታ" },
        action: "delete",
      },
    },
  },
  {
    id: "contactMessages",
    label: { en: "Contact messages", am: "የእውቂያ መልዕክቶች" },
    holds: { en: "Name, e-mail address, the message", am: "ስም፣ የኢሜይል አድራሻ፣ መልዕክቱ" },
    purpose: { en: "Answering the person who wrote", am: "ለጻፈው ሰው መልስ መስጠት" },
    basis: "legitimate-interests",
    storedIn: ["database", "mail"],
    screens: ["/admin/messages"],
    people: ["messages"],
    retention: {
      rule: {
        unit: "months",
        default: 12,
        min: 1,
        max: 120,
        from: { en: "it was sent", am: "ከተላከ" },
        action: "delete",
      },
    },
  },
  {
    id: "singleUseLinks",
    label: {
      en: "Single-use links and My giving sessions",
      am: "አንድ ጊዜ የሚሠሩ አገናኞችና የ«የእኔ ስጦታ» ክፍለ-ጊዜዎች",
    },
    holds: {
      en: "Sign-in, password reset, invitation and newsletter confirmation links (the address or account they act for, a hash of the link), My giving sessions (e-mail address)",
      am: "የመግቢያ፣ የይለፍ ቃል ዳግም ማስጀመሪያ፣ የግብዣና የዜና መጽሔት ማረጋገጫ አገናኞች (የሚሠሩለት አድራሻ ወይም መለያ)፣ የ«የእኔ ስጦታ» ክፍለ-ጊዜዎች (የኢሜይል አድራሻ)",
    },
    purpose: {
      en: "Letting a person act once by e-mail without a password",
      am: "አንድ ሰው ያለ ይለፍ ቃል በኢሜይል አንድ ጊዜ እንዲሠራ ማስቻል",
    },
    basis: "contract",
    storedIn: ["database", "mail"],
    screens: [],
    people: ["myGiving", "subscribers"],
    retention: {
      rule: {
        unit: "days",
        default: 7,
        min: 1,
        max: 90,
        from: { en: "they expired", am: "ጊዜያቸው ካለፈ" },
        action: "delete",
      },
    },
  },
  {
    id: "loginThrottle",
    label: { en: "Sign-in throttling counters", am: "የመግቢያ ሙከራ ቆጣሪዎች" },
    holds: {
      en: "The address a sign-in came from, or the e-mail address tried, and the failures",
      am: "መግቢያው የመጣበት አድራሻ ወይም የተሞከረው የኢሜይል አድራሻ፣ ያልተሳኩ ሙከራዎች",
    },
    purpose: { en: "Stopping password guessing", am: "የይለፍ ቃል ግምትን ማስቆም" },
    basis: "legitimate-interests",
    storedIn: ["database"],
    screens: [],
    people: [],
    retention: {
      rule: {
        unit: "days",
        default: 1,
        min: 1,
        max: 30,
        from: { en: "the last attempt", am: "የመጨረሻው ሙከራ" },
        action: "delete",
      },
    },
  },
  {
    id: "staffAccounts",
    label: { en: "Staff accounts", am: "የሠራተኞች መለያዎች" },
    holds: {
      en: "Name, e-mail address, role, password hash, second factors",
      am: "ስም፣ የኢሜይል አድራሻ፣ ሚና፣ የይለፍ ቃል ሃሽ፣ ሁለተኛ ማረጋገጫዎች",
    },
    purpose: { en: "Letting staff sign in to the back office", am: "ሠራተኞች ወደ አስተዳደር ገጹ እንዲገቡ ማስቻል" },
    basis: "contract",
    storedIn: ["database", "mail"],
    screens: ["/admin/staff"],
    people: [],
    retention: {
      fixed: {
        en: "While the person works with the charity; a deactivated account is kept so the activity log can name who did what",
        am: "ሰውየው ከድርጅቱ ጋር እስከሠራ ድረስ፤ የተሰናከለ መለያ ማን ምን እንዳደረገ ለማሳየት ይቀመጣል",
      },
    },
  },
  {
    id: "staffSessions",
    label: { en: "Staff sessions", am: "የሠራተኞች ክፍለ-ጊዜዎች" },
    holds: {
      en: "Address signed in from, browser, last use; sign-in tickets and passkey challenges",
      am: "የገቡበት አድራሻ፣ አሳሽ፣ የመጨረሻ አጠቃቀም፤ የመግቢያ ትኬቶችና የፓስኪ ጥያቄዎች",
    },
    purpose: {
      en: "Keeping staff signed in and showing them where they are signed in",
      am: "ሠራተኞችን በመለያቸው ማቆየትና የት እንደገቡ ማሳየት",
    },
    basis: "legitimate-interests",
    storedIn: ["database"],
    screens: ["/admin/account"],
    people: [],
    retention: {
      rule: {
        unit: "days",
        default: 7,
        min: 1,
        max: 90,
        from: { en: "they ended", am: "ካበቁ" },
        action: "delete",
      },
    },
  },
  {
    id: "staffInvitations",
    label: { en: "Staff invitations", am: "የሠራተኞች ግብዣዎች" },
    holds: { en: "E-mail address, role, who invited", am: "የኢሜይል አድራሻ፣ ሚና፣ የጋበዘው" },
    purpose: { en: "Inviting a colleague to the back office", am: "የሥራ ባልደረባን ወደ አስተዳደር ገጹ መጋበዝ" },
    basis: "legitimate-interests",
    storedIn: ["database", "mail"],
    screens: ["/admin/staff"],
    people: [],
    retention: {
      rule: {
        unit: "days",
        default: 30,
        min: 1,
        max: 365,
        from: { en: "they were accepted, revoked or expired", am: "ከተቀበሉ፣ ከተሰረዙ ወይም ጊዜያቸው ካለፈ" },
        action: "delete",
      },
    },
  },
  {
    id: "auditEntries",
    label: { en: "Activity log entries", am: "የእንቅስቃሴ መዝገብ" },
    holds: {
      en: "Which staff member did what and when, from which address (never what a person typed)",
      am: "የትኛው ሠራተኛ ምን እና መቼ እንዳደረገ፣ ከየትኛው አድራሻ (አንድ ሰው የጻፈውን በጭራሽ አይደለም)",
    },
    purpose: {
      en: "Accountability and finding misuse of the back office",
      am: "ተጠያቂነትና የአስተዳደር ገጹን አላግባብ መጠቀምን ማግኘት",
    },
    basis: "legitimate-interests",
    storedIn: ["database"],
    screens: ["/admin/activity"],
    people: [],
    retention: {
      fixed: {
        en: "25 months (at least two years), then removed by a daily job",
        am: "25 ወራት (ቢያንስ ሁለት ዓመት)፣ ከዚያ በዕለታዊ ሥራ ይሰረዛል",
      },
    },
  },
  {
    id: "queuedEmails",
    label: { en: "E-mails in the sending queue", am: "በመላኪያ ወረፋ ውስጥ ያሉ ኢሜይሎች" },
    holds: {
      en: "Recipient's address and the message (receipts with their PDF, notifications to staff)",
      am: "የተቀባዩ አድራሻና መልዕክቱ (ደረሰኞች ከPDFቸው ጋር፣ ለሠራተኞች ማሳወቂያዎች)",
    },
    purpose: {
      en: "Sending each e-mail once, and again if the mail server failed",
      am: "እያንዳንዱን ኢሜይል አንድ ጊዜ መላክ፣ አገልጋዩ ካልተሳካ እንደገና መላክ",
    },
    basis: "contract",
    storedIn: ["database", "mail"],
    screens: [],
    people: ["mailQueue"],
    retention: {
      rule: {
        unit: "days",
        default: 30,
        min: 1,
        max: 365,
        from: { en: "it was sent or given up", am: "ከተላከ ወይም ከተተወ" },
        action: "delete",
      },
    },
  },
  {
    id: "breaches",
    label: { en: "Breach register", am: "የመረጃ ጥሰት መዝገብ" },
    holds: {
      en: "What happened, when it was found, who was affected, whom we told and when",
      am: "ምን እንደተፈጠረ፣ መቼ እንደታወቀ፣ ማን እንደተጎዳ፣ ለማን እና መቼ እንዳሳወቅን",
    },
    purpose: {
      en: "Telling the authority and the people affected in time, and showing how a breach was handled",
      am: "ለባለሥልጣኑና ለተጎዱት ሰዎች በጊዜ ማሳወቅ፣ ጥሰቱ እንዴት እንደተያዘ ማሳየት",
    },
    basis: "legal-obligation",
    storedIn: ["database"],
    screens: ["/admin/privacy"],
    people: [],
    retention: {
      rule: {
        unit: "months",
        default: 60,
        min: 24,
        max: 120,
        from: { en: "it was found", am: "ከታወቀ" },
        action: "delete",
      },
    },
  },
  {
    id: "imageConsents",
    label: { en: "Photos of people and their consent records", am: "የሰዎች ፎቶዎችና የፈቃድ መዝገቦቻቸው" },
    holds: {
      en: "Photos and videos that may show women in prison and their children; who consented, when, until when, the signed form's reference, whether a child is shown",
      am: "በእስር ቤት ያሉ ሴቶችንና ልጆቻቸውን ሊያሳዩ የሚችሉ ፎቶዎችና ቪዲዮዎች፤ ማን ፈቃድ እንደሰጠ፣ መቼ፣ እስከ መቼ፣ የተፈረመው ቅጽ ማጣቀሻ፣ ልጅ መታየቱ",
    },
    purpose: {
      en: "Showing the charity's work only with the consent of those shown",
      am: "የድርጅቱን ሥራ በምስሉ ላይ ያሉት ሰዎች ፈቃድ ብቻ ማሳየት",
    },
    basis: "consent",
    sensitive: true,
    storedIn: ["database", "uploads"],
    screens: ["/admin/gallery", "/admin/blogs", "/admin/publications", "/admin/videos", "/admin/site"],
    people: [],
    retention: {
      fixed: {
        en: "While consent lasts; withdrawn or expired consent removes the picture and its record at once",
        am: "ፈቃዱ እስካለ ድረስ፤ የተነሳ ወይም ጊዜው ያለፈ ፈቃድ ፎቶውንና መዝገቡን ወዲያውኑ ያስወግዳል",
      },
    },
  },
  {
    id: "pageViews",
    label: { en: "Page-view counts", am: "የገጽ ዕይታ ቆጠራዎች" },
    holds: {
      en: "No personal data: which page was seen, when, in which language, from which other site or campaign link; visitors are counted under a code that changes every day and cannot be traced back (no cookie, no address kept)",
      am: "የግል መረጃ የለም፦ የትኛው ገጽ እንደታየ፣ መቼ፣ በየትኛው ቋንቋ፣ ከየትኛው ሌላ ድረ-ገጽ ወይም የዘመቻ አገናኝ፤ ጎብኚዎች በየቀኑ በሚቀየርና ወደ ሰው በማይመለስ ኮድ ይቆጠራሉ (ኩኪ የለም፣ አድራሻ አይቀመጥም)",
    },
    purpose: {
      en: "Knowing which pages and campaigns reach people",
      am: "የትኞቹ ገጾችና ዘመቻዎች ሰዎችን እንደሚደርሱ ማወቅ",
    },
    basis: "legitimate-interests",
    noPersonalData: true,
    storedIn: ["database"],
    screens: ["/admin/insight"],
    people: [],
    retention: {
      fixed: {
        en: "Each view 30 days, then only daily totals; the day's code is deleted after 48 hours",
        am: "እያንዳንዱ ዕይታ 30 ቀናት፣ ከዚያ የዕለት ድምሮች ብቻ፤ የዕለቱ ኮድ ከ48 ሰዓታት በኋላ ይሰረዛል",
      },
    },
  },
];

/** "12 months after it was sent", in the page's language. */
export function retentionSentence(kind: PersonalDataKind, period: number | undefined, locale: "en" | "am"): string {
  if ("fixed" in kind.retention) return kind.retention.fixed[locale];
  const { rule } = kind.retention;
  const n = period ?? rule.default;
  if (locale === "am") {
    const unit = rule.unit === "days" ? (n === 1 ? "ቀን" : "ቀናት") : n === 1 ? "ወር" : "ወራት";
    const verb = rule.action === "delete" ? "ይሰረዛል" : "የሰውየው ዝርዝሮች ይሰረዛሉ፣ መጠኖቹ ይቀራሉ";
    return `${rule.from.am} ከ${n} ${unit} በኋላ ${verb}`;
  }
  const unit = rule.unit === "days" ? (n === 1 ? "day" : "days") : n === 1 ? "month" : "months";
  const what = rule.action === "delete" ? "deleted" : "the person's details cleared, the amounts kept";
  return `${n} ${unit} after ${rule.from.en}, then ${what}`;
}
