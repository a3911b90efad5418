import type { FastifyInstance } from "fastify";
import { EDITORS, INBOX } from "../../core/access/roles.ts";

/**
 * The back office's lists, one page at a time (docs/decisions/0610-admin-lists.md): each answers
 * `{ items, total, page, pageSize }` for `?page=&pageSize=&sort=&q=` and its own filters. The
 * spec's whole-list calls (`GET /api/donations`, `/api/subscribe`…) stay as they are for other
 * clients; the admin screens read these. Each list has the roles of the screen that shows it.
 */
export default async function adminListsRoutes(app: FastifyInstance) {
  const { ledger, adminLists, people, publicUrls } = app.services;
  const inbox = { config: { roles: INBOX } };
  const editors = { config: { roles: EDITORS } };

  // Administrators only, like the rest of Admin → Donations.
  app.get("/api/admin/lists/donations", async (request) => ledger.page(request.query));
  app.get("/api/admin/donations/summary", async () => ledger.summary());

  // Inbox staff, like the screens' own calls.
  app.get("/api/admin/lists/messages", inbox, async (request) => adminLists.messages(request.query));
  app.get("/api/admin/lists/volunteers", inbox, async (request) => adminLists.volunteers(request.query));
  app.get("/api/admin/lists/subscribers", inbox, async (request) => adminLists.subscribers(request.query));
  app.get("/api/admin/lists/people", inbox, async (request) => people.list(request.query));

  // Editors, like the gallery's own calls; image addresses as the rest of the API gives them.
  app.get("/api/admin/lists/gallery", editors, async (request) => {
    const page = await adminLists.gallery(request.query);
    return { ...page, items: page.items.map(publicUrls.withImages) };
  });
  app.get("/api/admin/lists/blogs", editors, async (request) => {
    const page = await adminLists.blogs(request.query);
    return { ...page, items: page.items.map(publicUrls.withCover) };
  });
  app.get("/api/admin/lists/publications", editors, async (request) => {
    const page = await adminLists.publications(request.query);
    return { ...page, items: page.items.map(publicUrls.withCover) };
  });
  app.get("/api/admin/lists/videos", editors, async (request) => adminLists.videos(request.query));
}
