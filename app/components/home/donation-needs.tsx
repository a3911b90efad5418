import { sitePathLang } from "../../../core/site-content/site-content.translation-fields";
import type { NeedCard } from "../../lib/funding";
import { DonationNeedCard } from "./donation-need-card";

/** The donation-need cards (home page, Our Impact); `englishPaths`: the home section's texts still in English. */
export function DonationNeeds({ needs, englishPaths }: { needs: NeedCard[]; englishPaths?: string[] | undefined }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {needs.map((need, index) => (
        <li key={need.id} className="flex">
          <DonationNeedCard need={need} lang={(key) => sitePathLang(englishPaths, `donationNeeds.${index}.${key}`)} />
        </li>
      ))}
    </ul>
  );
}
