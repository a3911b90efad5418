import { SYSTEM_ACTOR } from "../../core/audit/audit.ts";
import type { Services } from "../../server/services.ts";

/**
 * Demo videos. The YouTube ids are placeholders (no real video behind them, so a demo never links
 * to someone else's footage): staff replace them with the charity's own videos.
 */
const VIDEOS = [
  {
    title: "Selam's story: a shop of her own",
    category: "Testimonials",
    youtubeUrl: "https://youtu.be/HbbDemo0001",
    description:
      "Ninety days after release, Selam talks about the start-up grant that let her open a shop near her son's school.",
  },
  {
    title: "Inside the tailoring programme",
    category: "Program Highlights",
    youtubeUrl: "https://www.youtube.com/watch?v=HbbDemo0002",
    description: "A day in the prison workshop where women learn a trade and earn while they serve their sentence.",
  },
  {
    title: "The early learning centre",
    category: "Program Highlights",
    youtubeUrl: "https://www.youtube.com/watch?v=HbbDemo0003",
    description: "How the children who live with their mothers in prison get to play, learn and eat well.",
  },
  {
    title: "A bakery that hires from the inside",
    category: "Community Stories",
    youtubeUrl: "https://www.youtube.com/shorts/HbbDemo0004",
    description:
      "Our partner bakery explains why it buys bread from the prison workshop and hires women after release.",
  },
];

export async function seedVideosDemo(services: Services): Promise<void> {
  for (const video of VIDEOS) await services.videos.create(video, SYSTEM_ACTOR);
}
