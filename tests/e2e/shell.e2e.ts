import { describe, expect, it } from "vitest";
import { browserAvailable, expectErrors, loginThroughForm, newPage, VIEWPORTS } from "./support/browser.ts";
import { journeySite } from "./support/journey-site.ts";

describe.runIf(browserAvailable)("public and admin shells", () => {
  const site = journeySite();

  it("renders the home shell on the server: title and navigation are in the HTML before any script", async () => {
    const html = await (await fetch(`${site.server.baseUrl}/`)).text();
    expect(html).toContain("<title>Restoring Dignity, Rebuilding Lives | Hope Behind Bars</title>");
    for (const label of ["Who We Are", "Our Impact", "Resources", "Join Our Team", "Contact", "Donate Now"]) {
      expect(html).toContain(label);
    }
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:');
    expect(html).toContain('property="og:title"');
  });

  it("opens one section at a time in the mobile accordion menu", async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    const who = menu.getByRole("button", { name: "Who We Are" });
    const impact = menu.getByRole("button", { name: "Our Impact" });
    await who.click();
    await expect.poll(() => who.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getByRole("link", { name: "Our Team", exact: true }).isVisible()).toBe(true);
    await impact.click();
    await expect.poll(() => impact.getAttribute("aria-expanded")).toBe("true");
    expect(await who.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.getByRole("link", { name: "Our Team", exact: true }).isVisible()).toBe(false);
    await impact.click();
    await expect.poll(() => impact.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("closes the phone menu with Escape from inside it and gives focus back to its button", async () => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: VIEWPORTS.mobile });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await menu.getByRole("button", { name: "Who We Are" }).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    expect(await page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("mobile-menu");
    await context.close();
  });

  it("opens a desktop dropdown with one click, tap or hover, closes it with Escape and marks the current section", async () => {
    const { page } = await newPage(site.browser, site.server);
    await page.goto("/impact/gallery");
    const nav = page.getByRole("navigation", { name: "Main" });
    const impact = nav.getByRole("button", { name: "Our Impact" });
    const who = nav.getByRole("button", { name: "Who We Are" });
    const expanded = (button: typeof impact) => button.getAttribute("aria-expanded");
    // The parent of the page's section is marked for screen readers and by eye (underlined).
    expect(await impact.getAttribute("aria-current")).toBe("true");
    expect(await who.getAttribute("aria-current")).toBeNull();
    expect(await impact.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe("underline");
    // The hidden dropdown is outside the accessibility tree: found by its address.
    expect(await nav.locator('a[href="/impact/gallery"]').getAttribute("aria-current")).toBe("page");

    // Hover opens; a click while the mouse rests on it keeps it open (it used to close it).
    await who.hover();
    await expect.poll(() => expanded(who)).toBe("true");
    await who.click();
    expect(await expanded(who)).toBe("true");
    expect(await nav.getByRole("link", { name: "Our Story" }).isVisible()).toBe(true);
    await who.click();
    await expect.poll(() => expanded(who)).toBe("false");

    // Keyboard: Enter opens, Escape closes and gives focus back to the button.
    await page.mouse.move(1000, 600);
    await impact.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => expanded(impact)).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Impact Overview");
    await page.keyboard.press("Escape");
    await expect.poll(() => expanded(impact)).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Our Impact");
  });

  it("opens a dropdown with a single tap on a touch tablet", async () => {
    const { page } = await newPage(site.browser, site.server, {
      viewport: { width: 1180, height: 820 },
      context: { hasTouch: true, isMobile: false },
    });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const who = nav.getByRole("button", { name: "Who We Are" });
    await who.tap();
    await expect.poll(() => who.getAttribute("aria-expanded")).toBe("true");
    await nav.getByRole("link", { name: "Our Team", exact: true }).tap();
    await page.waitForURL(/\/about#team$/);
  });

  it.each([320, 375])("fits a %i px wide phone without sideways scrolling (WCAG reflow)", async (width) => {
    const { page, context } = await newPage(site.browser, site.server, { viewport: { width, height: 700 } });
    for (const pathname of ["/", "/about", "/impact", "/join-team", "/contact"]) {
      await page.goto(pathname);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), pathname).toBe(width);
    }
    await context.close();
  });

  it("answers unknown paths with HTTP 404 and the not-found page", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [/^404 GET \/no\/such\/page$/]);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { name: "Sorry, page not found!" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Go back home" }).click();
    await page.waitForURL(`${site.server.baseUrl}/`);
    await context.close();
  });

  it("sends an admin without a token to login and back to the page they asked for", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    expectErrors(page, [/^401 POST \/api\/admin\/login$/]);
    await page.goto("/admin/gallery");
    await page.waitForURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fgallery$/);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Both email and password are required.");
    // Each field says it is invalid and points at the message; both are marked required.
    for (const label of ["Email", "Password"]) {
      expect(await page.getByLabel(label).getAttribute("aria-invalid"), label).toBe("true");
      expect(await page.getByLabel(label).getAttribute("aria-describedby"), label).toBe("login-error");
      expect(await page.getByLabel(label).getAttribute("required"), label).toBe("");
    }
    await page.getByLabel("Email").fill(site.server.admin.email);
    await page.getByLabel("Password").fill("wrong password, sorry");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Login failed. Please check your credentials.");
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    await loginThroughForm(page, site.server);
    await page.waitForURL(`${site.server.baseUrl}/admin/gallery`);
    expect(await page.evaluate(() => window.localStorage.getItem("adminToken"))).toBeTruthy();
    await context.close();
  });

  it("logs out to the login page and the old token stops working", async () => {
    const { page, context } = await newPage(site.browser, site.server);
    await page.goto("/admin/login");
    await loginThroughForm(page, site.server);
    await page.waitForURL(`${site.server.baseUrl}/admin`);
    await expect.poll(() => page.getByRole("heading", { name: "Dashboard" }).isVisible()).toBe(true);
    const token = await page.evaluate(() => window.localStorage.getItem("adminToken"));
    // A dashboard figure still on its way at logout is cancelled, not answered 401 after the session
    // ended (the harness would count that 401 as an error in the browser) nor shown as a failure.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/messages/admin/unread-count", async (route) => {
      await held;
      await route.fallback().catch(() => undefined);
    });
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "Dashboard" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${site.server.baseUrl}/admin/login`);
    release();
    expect(await page.getByText(/Could not load the figure/).count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem("adminToken"))).toBeNull();
    const me = await fetch(`${site.server.baseUrl}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    await page.goto("/admin");
    await page.waitForURL(/\/admin\/login/);
    await context.close();
  });

  it("marks admin pages noindex", async () => {
    const response = await fetch(`${site.server.baseUrl}/admin/login`);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it("publishes robots.txt (admin disallowed) and a sitemap of the public pages", async () => {
    const robots = await (await fetch(`${site.server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain(`Sitemap: ${site.server.baseUrl}/sitemap.xml`);
    const sitemap = await fetch(`${site.server.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const page of ["/", "/about", "/impact/gallery", "/blog", "/publications", "/join-team", "/contact"]) {
      expect(xml).toContain(`<loc>${site.server.baseUrl}${page}</loc>`);
    }
    expect(xml).not.toContain("/admin");
  });
});
