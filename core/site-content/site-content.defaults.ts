import { IMAGES } from "./illustrations.ts";
import type { SiteContent } from "./site-content.schema.ts";

/**
 * What a fresh site shows before staff publish anything: the content the pages had when it lived in
 * code. A section's defaults are used until its first publish.
 */
export const DEFAULT_SITE_CONTENT: SiteContent = {
  home: {
    heroSlides: [
      {
        id: "essential-support",
        image: IMAGES.heroEssentials,
        imageAlt: "Illustration of a woven basket filled with bread, blankets, soap and milk under a rising sun.",
        title: "Provide Essential Support",
        description:
          "Food, hygiene supplies, blankets and baby essentials for mothers in Ethiopian prisons and the young children who live with them.",
        ctaText: "Donate for Essentials",
        ctaAmount: null,
      },
      {
        id: "education",
        image: IMAGES.heroEducation,
        imageAlt: "Illustration of an open book, a pencil and a stack of books beneath bright stars.",
        title: "Empower Through Education",
        description:
          "Early-childhood learning for the children, and literacy, vocational and life-skill training for their mothers, so every sentence served builds towards a future.",
        ctaText: "Donate for Education",
        ctaAmount: null,
      },
      {
        id: "reconnect-families",
        image: IMAGES.heroFamilies,
        imageAlt: "Illustration of a mother and her child walking hand in hand from an open gate towards a home.",
        title: "Reconnect Families",
        description:
          "Family visits, reunification support and a safe start after release, so mothers and children can rebuild their lives together.",
        ctaText: "Donate for Families",
        ctaAmount: null,
      },
    ],
    introHeading: "Restoring Dignity, Rebuilding Lives",
    introText:
      "<p>Behind the walls of Ethiopia's prisons, thousands of women are serving their sentences, many with young children who have nowhere else to go. We bring them what they need today and the skills they need for tomorrow, and we walk with them when the gate finally opens.</p>",
    impactFigures: [
      {
        id: "figure-prisons",
        value: 6,
        suffix: "+",
        label: "Prisons reached",
      },
      {
        id: "figure-products",
        value: 140,
        suffix: "+",
        label: "Products delivered monthly",
      },
      {
        id: "figure-children",
        value: 33,
        suffix: "+",
        label: "Children supported",
      },
    ],
    donationNeeds: [
      {
        id: "eccd-package",
        image: IMAGES.needEccd,
        imageAlt: "Illustration of building blocks, a ball and crayons.",
        category: "Early Childhood",
        title: "ECCD Package",
        description:
          "Early childhood care and development kits — play materials, picture books and learning toys — for children growing up beside their mothers in prison.",
        goal: 3000,
        openingBalance: 40,
        ctaText: "Give $15",
        ctaAmount: 15,
        ctaColor: "accent",
        thankYouMessage: "",
      },
      {
        id: "vocational-training-machine",
        image: IMAGES.needSewing,
        imageAlt: "Illustration of a sewing machine with cloth and a spool of thread.",
        category: "Vocational Training",
        title: "Vocational Training Machine",
        description:
          "Sewing machines for prison workshops, where mothers learn a trade they can earn a living from once they are released.",
        goal: 5000,
        openingBalance: 900,
        ctaText: "Give $10",
        ctaAmount: 10,
        ctaColor: "brand",
        thankYouMessage: "",
      },
      {
        id: "life-skill-training",
        image: IMAGES.needLifeSkills,
        imageAlt: "Illustration of a lightbulb above a rising chart on a chalkboard.",
        category: "Life Skills",
        title: "Life Skill Training",
        description:
          "Courses in parenting, financial literacy, communication and emotional resilience, led by trained facilitators inside the prisons.",
        goal: 10000,
        openingBalance: 215,
        ctaText: "Give $25",
        ctaAmount: 25,
        ctaColor: "accent",
        thankYouMessage: "",
      },
      {
        id: "health-care-kits",
        image: IMAGES.needHealth,
        imageAlt: "Illustration of a first-aid case, a bandage and a water bottle.",
        category: "Health",
        title: "Health Care Kits",
        description:
          "Sanitary pads, soap, basic medicines and baby-care items that keep mothers and children healthy and protect their dignity.",
        goal: 3000,
        openingBalance: 607,
        ctaText: "Give $15",
        ctaAmount: 15,
        ctaColor: "brand",
        thankYouMessage: "",
      },
    ],
    faq: [
      {
        id: "question-where",
        question: "Where does my donation go?",
        answer:
          "100% of donations go to our programs: essentials, education, health care and family reintegration for incarcerated mothers and their children. Administrative costs are covered separately by our founding partners.",
      },
      {
        id: "question-monthly",
        question: "Can I give monthly?",
        answer:
          "Yes. Choose Monthly in the donation window to set up a recurring gift. Monthly donations let us plan supplies and training months ahead, and you can change or cancel yours at any time.",
      },
      {
        id: "question-tax",
        question: "Is my donation tax-deductible?",
        answer:
          "Hope Behind Bars is a registered non-profit and every gift receives a receipt. Whether it is tax-deductible depends on the tax rules of the country where you pay tax; please check with your tax adviser.",
      },
      {
        id: "question-why",
        question: "Why do children live in prison with their mothers?",
        answer:
          "In Ethiopia, young children may stay with their mothers in prison when there is no one else to care for them. They did nothing wrong, yet they often lack food, play, health care and early learning. We make sure they have what every child needs.",
      },
      {
        id: "question-help",
        question: "How else can I help?",
        answer:
          "You can volunteer your skills, organise a fundraiser, or partner with us as a company or institution. Visit Join Our Team or get in touch through our Contact page.",
      },
    ],
    missionCards: [
      {
        id: "card-mission",
        title: "Our Mission",
        text: "To restore dignity and hope to incarcerated women and their children in Ethiopia by meeting their basic needs, opening doors to education and skills, and walking with them as they return to their families and communities.",
      },
      {
        id: "card-vision",
        title: "Our Vision",
        text: "An Ethiopia where no child's future is limited by a parent's imprisonment, and where every woman leaving prison has the support, skills and acceptance to rebuild her life.",
      },
      {
        id: "card-values",
        title: "Our Core Values",
        text: "Human rights, openness and partnership guide everything we do: we treat every person with dignity, account honestly for every gift, and work hand in hand with prisons, families and communities.",
      },
    ],
  },
  about: {
    vision:
      "An Ethiopia where no child's future is limited by a parent's imprisonment, and where every woman leaving prison has the support, skills and acceptance to rebuild her life.",
    mission:
      "To restore dignity and hope to incarcerated women and their children by meeting their basic needs, opening doors to education and skills, and walking with them as they return to their families and communities.",
    founder: {
      name: "Selamawit Bekele",
      role: "Founder & Executive Director",
      image: IMAGES.avatarFounder,
      quote:
        "The first time I visited a women's prison, a little girl held my hand and would not let go. She had done nothing wrong, yet her whole world was a prison yard. I promised myself that children like her, and their mothers, would not be forgotten.",
      story: "",
    },
    storyImage: {
      image: IMAGES.story,
      alt: "Illustration of a young tree growing through parted prison bars towards the sun.",
    },
    story:
      "<p>Hope Behind Bars began with a handful of volunteers bringing soap, blankets and milk powder to a women's prison outside Addis Ababa. We met mothers serving long sentences and children under five who lived with them because there was no one else to care for them.</p><p>What we saw stayed with us: women who wanted to learn but had no classroom, children who had never held a picture book, families who had lost touch after years apart. Emergency supplies were not enough; these women needed a way forward.</p><p>Today we work in six prisons. We deliver essentials every month, run early-childhood corners for the children, and offer literacy, vocational and life-skill training to their mothers. When a woman is released, we help her reconnect with her family and find a livelihood, so that a second chance becomes a real one.</p>",
    theoryOfChange: [
      {
        id: "step-needs",
        title: "Meet basic needs",
        text: "Monthly essentials, hygiene and health care kits give mothers and children safety and dignity, the ground everything else stands on.",
      },
      {
        id: "step-skills",
        title: "Build skills and learning",
        text: "Early-childhood care for the children; literacy, vocational and life-skill training for the mothers, during their sentence, not after it.",
      },
      {
        id: "step-families",
        title: "Strengthen family bonds",
        text: "Supported visits, parenting sessions and contact with relatives keep families connected while they are apart.",
      },
      {
        id: "step-reintegration",
        title: "Support reintegration",
        text: "After release we help with a place to start, tools for a livelihood and follow-up, so women return to their communities with confidence.",
      },
    ],
    changeOutcome:
      "Women leave prison able to provide for their families, children grow up healthy and learning, and communities welcome them back, breaking the cycle of poverty and re-offending.",
    coreValues: [
      {
        id: "value-rights",
        title: "Human Rights",
        text: "Every woman and child deserves dignity, safety and care, whatever the past. We defend their rights to health, education and family life.",
      },
      {
        id: "value-openness",
        title: "Openness",
        text: "We are honest about what we do and what it costs. Donors, partners and the women we serve can see where every gift goes.",
      },
      {
        id: "value-partnership",
        title: "Partnership",
        text: "Lasting change is shared work. We collaborate with prison administrations, local organisations, volunteers and families themselves.",
      },
    ],
    team: [
      {
        id: "member-selamawit",
        name: "Selamawit Bekele",
        role: "Founder & Executive Director",
        image: IMAGES.avatarFounder,
        bio: "A social worker for fifteen years, she founded Hope Behind Bars after volunteering in women's prisons.",
      },
      {
        id: "member-hana",
        name: "Hana Girma",
        role: "Programmes Coordinator",
        image: IMAGES.avatarProgrammes,
        bio: "Plans the monthly deliveries and keeps in touch with prison administrations in all six facilities.",
      },
      {
        id: "member-tigist",
        name: "Tigist Alemu",
        role: "Education Lead",
        image: IMAGES.avatarEducation,
        bio: "A former primary teacher who runs our early-childhood corners and adult literacy classes.",
      },
      {
        id: "member-dawit",
        name: "Dawit Mengistu",
        role: "Family & Reintegration Officer",
        image: IMAGES.avatarFamilies,
        bio: "Arranges family visits and supports women in the first months after their release.",
      },
    ],
    board: [
      {
        id: "board-chair",
        name: "Yohannes Tesfaye",
        role: "Chair of the Board",
        image: IMAGES.avatarBoardChair,
        thought:
          "A society is measured by how it treats the people it has locked away. Supporting these mothers is not charity; it is justice for their children.",
      },
      {
        id: "board-legal",
        name: "Meseret Haile",
        role: "Legal Adviser",
        image: IMAGES.avatarBoardLegal,
        thought:
          "Many of the women we meet never had a lawyer or understood their rights. Knowledge of the law is the first step back to a fair life.",
      },
      {
        id: "board-health",
        name: "Dr. Liya Abebe",
        role: "Health Adviser",
        image: IMAGES.avatarBoardHealth,
        thought:
          "A clean birth kit, a vaccination, a visit from a nurse: small things inside a prison decide whether a child grows up healthy.",
      },
      {
        id: "board-finance",
        name: "Samuel Kebede",
        role: "Treasurer",
        image: IMAGES.avatarBoardFinance,
        thought:
          "Donors trust us with their generosity. My job is to make sure every birr and every dollar reaches the women and children it was meant for.",
      },
    ],
  },
  donating: {
    bank: "Commercial Bank of Ethiopia",
    accountName: "Hope Behind Bars Ethiopia",
    accountNumber: "1000 0000 00000",
    branch: "Addis Ababa Main Branch",
    swift: "CBETETAA",
    crowdfundingUrl: "",
    presets: [25, 50, 100],
    defaultAmount: 50,
    birrPresets: [500, 1000, 2500],
    etbPerUsd: "",
    feeCoverPercent: 3,
  },
  contact: {
    addressLines: [
      "Hope Behind Bars",
      "Africa Avenue (Bole Road), House No. 1520",
      "Bole Sub-City, Woreda 03",
      "Addis Ababa, Ethiopia",
    ],
    phone: {
      display: "+251 11 661 2345",
      dial: "+251116612345",
    },
    email: "info@hopebehindbars.org",
    officeHours: "Monday to Friday, 8:30 AM – 5:00 PM (East Africa Time)",
    map: {
      latitude: 8.9956,
      longitude: 38.7869,
      label: "Our office on Africa Avenue, Addis Ababa",
    },
    social: {
      Facebook: "https://www.facebook.com/",
      Instagram: "https://www.instagram.com/",
      LinkedIn: "https://www.linkedin.com/",
      YouTube: "https://www.youtube.com/",
    },
    footerTagline: "Great futures are built with compassion and a second chance.",
    registrationNumber: "",
    logo: null,
  },
  privacy: {
    intro:
      "Hope Behind Bars keeps only the personal data it needs to support women in prison and their children, to thank and account to its donors, and to answer the people who write to it. This page lists everything this website holds about people, why, and for how long.",
    contactPerson: "Write to our office, attention of the Executive Director, who answers privacy requests.",
  },
};
