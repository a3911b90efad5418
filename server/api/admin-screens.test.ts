import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_SCREENS, mayOpen, screenOf } from "../../core/access/admin-screens.ts";
import { mayUse, STAFF_ROLES } from "../../core/access/roles.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The page paths inside the guarded admin layout, as app/routes.ts declares them. */
function adminLayoutPaths(): string[] {
  const source = readFileSync(path.join(root, "app/routes.ts"), "utf8");
  const block = /layout\("routes\/admin\/layout\.tsx", \[([\s\S]*?)\n {2}\]\)/.exec(source)?.[1] ?? "";
  return [...block.matchAll(/route\("([^"]+)"/g)].map((match) => `/${match[1]}`).filter((p) => !p.endsWith("*"));
}

describe("admin screens and the roles that may open them", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("allow each screen to exactly the roles of the staff API route it needs", () => {
    for (const screen of ADMIN_SCREENS) {
      const route = t.app.routeCatalog.find((r) => `${r.method} ${r.url}` === screen.needs);
      expect(route, `${screen.path} needs ${screen.needs}, which is not a route`).toBeDefined();
      expect(route?.access, screen.needs).toBe("admin");
      const screenRoles = STAFF_ROLES.filter((role) => mayUse(role, screen.roles));
      expect(screenRoles, `${screen.path} and ${screen.needs}`).toEqual(route?.roles);
    }
  });

  it("know every page of the admin layout", () => {
    const pages = adminLayoutPaths();
    expect(pages).toEqual(expect.arrayContaining(["/admin", "/admin/blogs/edit/:id", "/admin/staff"]));
    const unlisted = pages.filter((page) => page !== "/admin" && screenOf(page)?.path === "/admin");
    expect(unlisted, "admin pages missing from ADMIN_SCREENS in core/access/admin-screens.ts").toEqual([]);
  });

  it("judge sub-pages by their screen, whatever the case or trailing slash", () => {
    expect(screenOf("/admin/blogs/edit/123")?.path).toBe("/admin/blogs");
    expect(screenOf("/Admin/Staff/")?.path).toBe("/admin/staff");
    expect(screenOf("/admin/blogsx")?.path).toBe("/admin");
    expect(mayOpen("editor", "/admin/blogs/new")).toBe(true);
    expect(mayOpen("editor", "/admin/staff")).toBe(false);
    expect(mayOpen("inbox", "/admin/blogs/new")).toBe(false);
    expect(mayOpen("inbox", "/admin/messages")).toBe(true);
    expect(mayOpen("administrator", "/admin/donations")).toBe(true);
    expect(mayOpen("editor", "/admin/no-such-page")).toBe(true);
  });
});
