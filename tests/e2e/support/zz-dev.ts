import { launchBrowser } from "./browser.ts";

const base = process.argv[2]!;
const browser = await launchBrowser();
const blogs = (await (await fetch(`${base}/api/blogs`)).json()) as any;
const blogId = (blogs.blogs ?? blogs.items ?? blogs)[0]?._id;
for (const p of [
  "/",
  "/about",
  "/impact",
  "/impact/gallery",
  "/impact/videos",
  "/blog",
  `/blog/${blogId}`,
  "/publications",
  "/join-team",
  "/contact",
  "/donate/thank-you?session_id=x",
  "/nope",
]) {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") errors.push(m.text().slice(0, 400));
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + p);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1500);
  const islands = await page.locator("[data-island]").count();
  console.log(p, "islands:", islands, errors.filter((e) => !e.includes("ERR_NAME_NOT_RESOLVED")).join("\n  "));
  await page.close();
}
await browser.close();
