import type { Services } from "../../server/services.ts";
import { seedBlogDemo } from "./blog.ts";
import { seedFormsDemo } from "./forms.ts";
import { seedGalleryDemo } from "./gallery.ts";
import { seedVideosDemo } from "./videos.ts";

/**
 * Demo content for a fresh local data dir (never in tests unless a test asks).
 * Each feature adds its seeder to this list; seeders go through the services so demo rows obey
 * the same rules as real ones.
 */
const seeders: Array<(services: Services) => Promise<void>> = [
  seedFormsDemo,
  seedBlogDemo,
  seedGalleryDemo,
  seedVideosDemo,
];

export async function seedDemoContent(services: Services): Promise<void> {
  for (const seed of seeders) await seed(services);
}
