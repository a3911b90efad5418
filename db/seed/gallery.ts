import { SYSTEM_ACTOR } from "../../core/audit/audit.ts";
import type { Services } from "../../server/services.ts";
import { demoPicture } from "./demo-pictures.ts";

/** Ten items, more than one page of nine, so Load More shows on a fresh install. */
const ITEMS = [
  {
    title: "Tailoring class graduation",
    category: "Skills Training",
    eventDate: "2026-10-18",
    images: 3,
    description:
      "Fourteen mothers received their tailoring certificates after six months of training inside the prison.",
  },
  {
    title: "New books for the early learning centre",
    category: "Education",
    eventDate: "2026-09-27",
    images: 2,
    description: "Picture books in Amharic and English arrived for the children who live with their mothers.",
  },
  {
    title: "Monthly essentials delivery",
    category: "Support",
    eventDate: "2026-09-05",
    images: 1,
    description: "Soap, sanitary pads, baby formula and blankets for 120 women and 33 children.",
  },
  {
    title: "Partnership with a Kality bakery",
    category: "Partnerships",
    eventDate: "2026-08-22",
    images: 1,
    description: "A local bakery now buys bread baked in the prison workshop, paying fair wages to the women.",
  },
  {
    title: "Literacy circle, week ten",
    category: "Education",
    eventDate: "2026-07-14",
    images: 1,
    description: "Women who could not write their names in June now read short stories to each other.",
  },
  {
    title: "Weaving workshop",
    category: "Skills Training",
    eventDate: "2026-06-30",
    images: 2,
    description: "Traditional weaving on two new looms donated by our partners in Addis Ababa.",
  },
  {
    title: "Health day with volunteer nurses",
    category: "Support",
    eventDate: "2026-05-19",
    images: 1,
    description: "Check-ups, vaccinations for the children and a talk on nutrition.",
  },
  {
    title: "Meeting the regional prison administration",
    category: "Partnerships",
    eventDate: "2026-04-08",
    images: 1,
    description: "We signed a two-year agreement to extend the programme to a sixth prison.",
  },
  {
    title: "Children's drawing afternoon",
    category: "Education",
    eventDate: "2026-03-01",
    images: 1,
    description: "Crayons, paper and a lot of laughter: the children drew their hopes for the future.",
  },
  {
    title: "Home visit after release",
    category: "Support",
    eventDate: "2026-01-24",
    images: 1,
    description: "Ninety days after her release, Selam and her son in the small shop she opened with a start-up grant.",
  },
];

/** Demo gallery items with locally drawn pictures, created through the service (and so the media pipeline). */
export async function seedGalleryDemo(services: Services): Promise<void> {
  let picture = 0;
  for (const { images, ...fields } of ITEMS) {
    const files = [];
    for (let i = 0; i < images; i++) files.push(await demoPicture(`gallery-${++picture}`));
    await services.gallery.create({ fields, images: files }, SYSTEM_ACTOR);
  }
}
