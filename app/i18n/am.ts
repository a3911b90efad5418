import type { MessageKey } from "./en";

/**
 * The Amharic interface texts (docs/decisions/0410). A key missing here shows the English text;
 * app/i18n/catalogue.test.ts lists any missing key, and the catalogue ships complete. The brand
 * name "Hope Behind Bars" stays as it is.
 */
export const am: Partial<Record<MessageKey, string>> = {
  "language.label": "ቋንቋ",
  "language.suggest": "ይህን ገጽ በአማርኛ ያንብቡ",
  "language.dismiss": "አይ፣ አመሰግናለሁ",

  "nav.main": "ዋና ማውጫ",
  "nav.home": "መነሻ",
  "nav.whoWeAre": "እኛ ማን ነን",
  "nav.visionMission": "ራዕይ እና ተልዕኮ",
  "nav.ourStory": "ታሪካችን",
  "nav.theoryOfChange": "የለውጥ ንድፈ ሐሳብ",
  "nav.ourValues": "እሴቶቻችን",
  "nav.ourTeam": "ቡድናችን",
  "nav.board": "የቦርድ አባላት",
  "nav.ourImpact": "ተጽዕኖአችን",
  "nav.impactOverview": "የተጽዕኖ አጠቃላይ እይታ",
  "nav.impactVideos": "የተጽዕኖ ቪዲዮዎች",
  "nav.gallery": "የፎቶ ማዕከል",
  "nav.resources": "መረጃዎች",
  "nav.blog": "ብሎግ",
  "nav.publications": "ዜናዎች እና ህትመቶች",
  "nav.joinTeam": "ቡድናችንን ይቀላቀሉ",
  "nav.contact": "ያግኙን",

  "header.skipToContent": "ወደ ዋናው ይዘት ይለፉ",
  "header.homeLink": "Hope Behind Bars፣ ለእናቶች ሁለተኛ ዕድል፦ መነሻ ገጽ",
  "header.donateNow": "አሁን ይለግሱ",
  "header.openMenu": "ማውጫውን ክፈት",
  "header.closeMenu": "ማውጫውን ዝጋ",

  "footer.social": "ማኅበራዊ ሚዲያ",
  "footer.opensInNewTab": "{label} (በአዲስ ትር ይከፈታል)",
  "footer.aboutUs": "ስለ እኛ",
  "footer.getInvolved": "ይሳተፉ",
  "footer.donate": "ይለግሱ",
  "footer.volunteer": "በፈቃደኝነት ያገልግሉ",
  "footer.partner": "አጋራችን ይሁኑ",
  "footer.newsletter": "ዜና መጽሔት",
  "footer.rights": "© {year} Hope Behind Bars። መብቱ በሕግ የተጠበቀ ነው።",

  "notFound.title": "ገጹ አልተገኘም",
  "notFound.heading": "ይቅርታ፣ ገጹ አልተገኘም!",
  "notFound.text": "ገጹ ተዛውሮ ወይም አድራሻው በስህተት ተጽፎ ሊሆን ይችላል።",
  "notFound.missing": "የሚፈልጉት ገጽ የለም።",
  "notFound.home": "ወደ መነሻ ገጽ ይመለሱ",
  "error.heading": "የሆነ ችግር ተፈጥሯል",
  "error.text": "እባክዎ ትንሽ ቆይተው እንደገና ይሞክሩ።",

  "seo.defaultTitle": "ክብርን መመለስ፣ ሕይወትን መልሶ መገንባት",
  "seo.defaultDescription":
    "Hope Behind Bars በኢትዮጵያ ማረሚያ ቤቶች ያሉ ሴቶችንና ልጆቻቸውን በመሠረታዊ ፍላጎቶች፣ በትምህርት እና ወደ ቤት በሚመልስ መንገድ ይደግፋል።",

  "common.opensInNewTab": "(በአዲስ ትር ይከፈታል)",
  "common.close": "ዝጋ",

  "donate.eyebrow": "ይለግሱ",
  "donate.title": "ልገሳ ያድርጉ",
  "donate.intro": "ስጦታዎ በኢትዮጵያ ማረሚያ ቤቶች ለሚገኙ ሴቶችና ሕፃናት መሠረታዊ ፍላጎቶችን፣ ትምህርትንና ወደ ቤት የመመለሻ መንገድን ያመጣል።",
  "donate.metaDescription":
    "ለHope Behind Bars በካርድ ወይም በኢትዮጵያ ባንክ ማስተላለፍ ይለግሱ፦ በኢትዮጵያ ማረሚያ ቤቶች ለሚገኙ ሴቶችና ሕፃናት መሠረታዊ ፍላጎቶች፣ ትምህርትና ወደ ቤት የመመለሻ መንገድ።",
  "donate.card": "ካርድ",
  "donate.cardHint": "ቪዛ፣ ማስተርካርድ እና ሌሎችም",
  "donate.local": "የአገር ውስጥ",
  "donate.localHint": "በኢትዮጵያ ባንክ ማስተላለፍ",
  "donate.howOften": "በምን ያህል ጊዜ?",
  "donate.oneTime": "አንድ ጊዜ",
  "donate.monthly": "በየወሩ",
  "donate.whatFor": "ለምን ይውላል?",
  "donate.forFund": "ለ{title}",
  "donate.whereMostNeeded": "በጣም በሚያስፈልግበት",
  "donate.chooseAmount": "መጠን ይምረጡ (በአሜሪካ ዶላር)",
  "donate.customAmount": "ወይም የራስዎን መጠን ያስገቡ",
  "donate.otherAmount": "ሌላ መጠን",
  "donate.customHint": "የራስዎን መጠን ካስገቡ ከላይ ከተመረጠው ይልቅ እሱ ይሰጣል።",
  "donate.submit": "ይለግሱ",
  "donate.secure": "ደህንነቱ የተጠበቀ ክፍያ በ{provider}። የካርድዎ መረጃ ወደ አገልጋዮቻችን አይደርስም።",
  "donate.crowdfundingPrompt": "ከጓደኞችዎ ጋር መስጠት ይመርጣሉ?",
  "donate.crowdfundingLink": "የጋራ ገንዘብ ማሰባሰቢያ ዘመቻችንን ይቀላቀሉ",

  "newsletterSignup.heading": "የዜና መጽሔት ምዝገባ",
};

/**
 * The spec's validation and API messages in Amharic, keyed by their exact English text (the schemas
 * in core/ and the API keep answering in English; public forms show these).
 */
export const AM_ERRORS: Record<string, string> = {};
