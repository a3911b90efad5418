import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

describe("config", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("./data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.isLocalSite).toBe(true);
    expect(config.stripe).toBeUndefined();
    expect(config.crowdfundingUrl).toMatch(/^https:\/\//);
  });

  it("builds the local site URL from PORT unless PUBLIC_SITE_URL is set", () => {
    expect(loadConfig({}).publicSiteUrl).toBe("http://localhost:3000");
    const local = loadConfig({ PORT: "3917" });
    expect(local.publicSiteUrl).toBe("http://localhost:3917");
    expect(local.isLocalSite).toBe(true);
    const deployed = loadConfig({ PORT: "3917", PUBLIC_SITE_URL: "https://hopebehindbars.org/" });
    expect(deployed.publicSiteUrl).toBe("https://hopebehindbars.org");
    expect(deployed.isLocalSite).toBe(false);
  });

  it("reads the Stripe keys together", () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_xyz" });
    expect(config.stripe).toEqual({ secretKey: "sk_live_abc123", webhookSecret: "whsec_xyz", apiUrl: undefined });
  });

  it("reads the Chapa keys together, with Chapa's own API unless another is given", () => {
    const config = loadConfig({ CHAPA_SECRET_KEY: "CHASECK-abc123", CHAPA_WEBHOOK_SECRET: "a-secret-hash-of-16" });
    expect(config.chapa).toEqual({
      secretKey: "CHASECK-abc123",
      webhookSecret: "a-secret-hash-of-16",
      apiUrl: "https://api.chapa.co",
    });
    expect(() => loadConfig({ CHAPA_SECRET_KEY: "CHASECK_TEST-abc" })).toThrow(
      "Invalid CHAPA_WEBHOOK_SECRET: CHAPA_SECRET_KEY and CHAPA_WEBHOOK_SECRET must be set together",
    );
    expect(() => loadConfig({ CHAPA_SECRET_KEY: "sk_live_abc", CHAPA_WEBHOOK_SECRET: "a-secret-hash-of-16" })).toThrow(
      /^Invalid CHAPA_SECRET_KEY/,
    );
  });

  it("reads Stripe's customer portal link for monthly donors' receipts", () => {
    const portal = "https://billing.stripe.com/p/login/test_abc";
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_live_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_xyz",
      STRIPE_PORTAL_URL: portal,
    });
    expect(config.stripe?.portalUrl).toBe(portal);
  });

  it("sends e-mail when SMTP is set, and staff notifications to STAFF_EMAIL", () => {
    expect(loadConfig({}).mail).toBeUndefined();
    const config = loadConfig({
      SMTP_HOST: "mail.x.org",
      SMTP_PORT: "465",
      SMTP_USER: "web",
      SMTP_PASSWORD: "pw",
      STAFF_EMAIL: "staff@x.org",
    });
    expect(config.mail).toEqual({
      smtp: { host: "mail.x.org", port: 465, secure: true, auth: { user: "web", pass: "pw" } },
      from: "Hope Behind Bars website <staff@x.org>",
    });
    expect(config.staffEmail).toBe("staff@x.org");
  });

  it("sends invitations and resets without a staff address when a sender is set", () => {
    const config = loadConfig({ SMTP_URL: "smtp://mail.x.org", SMTP_FROM: "Hope Behind Bars <web@x.org>" });
    expect(config.mail).toEqual({ smtp: "smtp://mail.x.org", from: "Hope Behind Bars <web@x.org>" });
    expect(config.staffEmail).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid PORT/],
    [{ PORT: "70000" }, /^Invalid PORT/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid DATABASE_URL/],
    [{ PUBLIC_SITE_URL: "not a url" }, /^Invalid PUBLIC_SITE_URL/],
    [{ ADMIN_EMAIL: "staff@x.org" }, /^Invalid ADMIN_PASSWORD/],
    [{ SESSION_SECRET: "short" }, /^Invalid SESSION_SECRET/],
    [{ STORAGE: "s3", S3_BUCKET: "media" }, /^Invalid S3_REGION: required when STORAGE=s3/],
    [{ STAFF_EMAIL: "staff@x.org" }, /^Invalid SMTP_URL/],
    [{ SMTP_HOST: "mail.x.org" }, /^Invalid SMTP_FROM/],
    [{ SMTP_URL: "http://mail.x.org", STAFF_EMAIL: "staff@x.org" }, /^Invalid SMTP_URL/],
    [{ NODE_ENV: "production", PUBLIC_SITE_URL: "https://hopebehindbars.org" }, /^Invalid SESSION_SECRET/],
    [{ STRIPE_SECRET_KEY: "sk_test_abc" }, /^Invalid STRIPE_WEBHOOK_SECRET/],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_abc" }, /^Invalid STRIPE_SECRET_KEY/],
    [{ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }, /^Invalid STRIPE_SECRET_KEY/],
    [{ CROWDFUNDING_URL: "not a url" }, /^Invalid CROWDFUNDING_URL/],
    [{ STRIPE_PORTAL_URL: "http://billing.example.org/p" }, /^Invalid STRIPE_PORTAL_URL/],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    ["PORT", "not-a-port"],
    ["DATABASE_URL", "sqlite://nope"],
  ])("stops the server start when %s is bad", (name, value) => {
    const result = spawnSync(process.execPath, ["server/main.ts"], {
      env: { PATH: process.env.PATH, [name]: value, DATA_DIR: "/tmp/hbb-config-test" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(new RegExp(`^Invalid ${name}:`));
  });
});
