import type { DonationNeed } from "../../content/home";
import { DonationNeedCard } from "./donation-need-card";

export function DonationNeeds({ needs }: { needs: DonationNeed[] }) {
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
