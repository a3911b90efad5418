import type { NeedCard } from "../../lib/funding";
import { DonationNeedCard } from "./donation-need-card";

export function DonationNeeds({ needs }: { needs: NeedCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {needs.map((need) => (
        <li key={need.id} className="flex">
          <DonationNeedCard need={need} />
        </li>
      ))}
    </ul>
  );
}
