import { z } from "zod";
import type { S3Settings } from "../core/media/s3-storage.ts";
import type { VariantEncoderPriority } from "../core/media/variant-encoder.ts";

const booleanFromString = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// URL (leave it unset for the embedded SQLite)")
    .optional(),
  SESSION_SECRET: z.string().optional(),
  PUBLIC_SITE_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").max(128).optional(),
  SEED_DEMO: booleanFromString.optional(),
  SANDBOX_GIFTS_ARE_TEST: booleanFromString.optional(),
  TRUST_PROXY: z.string().optional(),
  CORS_ORIGIN: z.string().optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  LOG_CACHED_HITS: booleanFromString.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(480).optional(),
  PAGE_CACHE_WARM_PAGES: z.coerce.number().int().min(0).max(100).default(10),
  ANALYTICS: z.enum(["on", "off"]).default("on"),
  ANALYTICS_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "must be a header name, like cf-ipcountry")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: booleanFromString.optional(),
  SMTP_FROM: z.string().min(3).optional(),
  STAFF_EMAIL: z.email().optional(),
  NEWSLETTER_RATE: z.coerce.number().positive().max(1000).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_… or rk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  // Chapa (developer.chapa.co): birr through telebirr, CBE Birr, M-Pesa and Ethiopian banks.
  CHAPA_SECRET_KEY: z
    .string()
    .regex(/^CHASECK(_TEST)?-\w+$/, "must be a Chapa secret key (CHASECK_TEST-… or CHASECK-…)")
    .optional(),
  CHAPA_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  CHAPA_API_URL: z.url().optional(),
  // Stripe's no-code customer portal login link (Settings → Billing → Customer portal), for monthly donors.
  STRIPE_PORTAL_URL: z
    .url()
    .regex(/^https:\/\//, "must be an https:// address")
    .optional(),
  // "nice": picture ladders encode at nice 10 only, never SCHED_IDLE (test runs, docs/decisions/0525).
  VARIANT_ENCODER_PRIORITY: z.enum(["idle", "nice"]).default("idle"),
  // "inline": an upload is prepared in the server's own process, for comparison (docs/decisions/0440).
  UPLOAD_PREPARE: z.enum(["child", "inline"]).default("child"),
  // Until the campaign URL is configured, the link goes to the platform itself, never a guessed campaign.
  CROWDFUNDING_URL: z.url().default("https://www.gofundme.com/"),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  /** PUBLIC_SITE_URL points at this machine: a local try-out, not a deployment. */
  isLocalSite: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string | undefined;
  publicSiteUrl: string;
  bootstrapAdmin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  /** Where Prometheus metrics are served (their own listener, never the site's port); none when unset. */
  metrics: { port: number; host: string } | undefined;
  /** Proxy addresses whose X-Forwarded-For we trust (Fastify trustProxy syntax). */
  trustProxy: string | boolean;
  corsOrigin: string | undefined;
  logLevel: NonNullable<Env["LOG_LEVEL"]>;
  /** Log each answer the front door writes from a cache (off: at load they are most of the log). */
  logCachedHits: boolean;
  storage: Env["STORAGE"];
  /** Bucket settings when storage is "s3". */
  s3: S3Settings | undefined;
  /** How long public pages that opt in stay cached in memory; 0 turns the cache off. */
  pageCacheSeconds: number;
  /** Page views counted on the server (ANALYTICS, docs/decisions/0710). */
  analytics: boolean;
  /** The header a trusted proxy puts the visitor's country in (ANALYTICS_COUNTRY_HEADER). */
  analyticsCountryHeader: string | undefined;
  /** A staff session unused this long ends (its 8 hours are the most; tests default to those, no idle limit). */
  staffSessionIdleMinutes: number;
  /** How many of the pages used lately a purge renders again at once; 0 leaves them to the next visitor. */
  pageCacheWarmPages: number;
  /** Outgoing e-mail (staff notifications, invitations, password resets); undefined sends none. */
  mail: MailConfig | undefined;
  /** Where new volunteer applications and contact messages are announced; undefined announces none. */
  staffEmail: string | undefined;
  /** Newsletter messages handed to the mail server per second (per send), within a provider's limits. */
  newsletterRate: number;
  /** Card donations through Stripe Checkout; undefined means the local sandbox (or none in production). */
  stripe: StripeConfig | undefined;
  /** Birr giving through Chapa; undefined means the local sandbox (or no "Pay in birr" in production). */
  chapa: ChapaConfig | undefined;
  /**
   * The sandbox's gifts are test gifts, counted nowhere (SANDBOX_GIFTS_ARE_TEST; by default on a
   * production run, off on a development machine: docs/decisions/0760-test-gifts-count-nowhere.md).
   */
  sandboxGiftsAreTest: boolean;
  /** External crowdfunding campaign linked from the donation pop-up. */
  crowdfundingUrl: string;
  /** How picture-ladder encoders yield to requests: SCHED_IDLE where allowed, or nice 10 only. */
  variantEncoderPriority: VariantEncoderPriority;
  /** Where an upload is prepared: child processes below requests, or inline in the server. */
  uploadPrepare: Env["UPLOAD_PREPARE"];
}

export interface MailConfig {
  /** SMTP server: a smtp(s):// URL, or host and port with optional credentials. */
  smtp: string | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
  from: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API base (stripe-mock, a recording proxy in tests); Stripe's own when undefined. */
  apiUrl: string | undefined;
  /** Where monthly donors change or stop their gift (receipts link to it); none: they reply by e-mail. */
  portalUrl?: string | undefined;
}

export interface ChapaConfig {
  secretKey: string;
  /** The "secret hash" set beside the webhook URL in Chapa's dashboard. */
  webhookSecret: string;
  /** Chapa's API base; another in tests (a local recording server). */
  apiUrl: string;
}

export class ConfigError extends Error {}

/** The only reader of process.env. Throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(
      `Invalid ${name}: ${issue?.message ?? "invalid value"} (got ${JSON.stringify(source[name])})`,
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  // Without a configured URL the site is a local run: its links must reach the port it listens on.
  const publicSiteUrl = env.PUBLIC_SITE_URL ?? `http://localhost:${env.PORT}`;
  const isLocalSite = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(publicSiteUrl);
  if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < 32) {
    throw new ConfigError("Invalid SESSION_SECRET: use a random value of at least 32 characters");
  }
  // A real deployment (a public site URL) must bring its own secret; a local run may generate one.
  if (isProduction && !isLocalSite && !env.SESSION_SECRET) {
    throw new ConfigError(
      "Invalid SESSION_SECRET: production on a public site URL needs SESSION_SECRET (32+ random characters)",
    );
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    const missing = env.ADMIN_EMAIL === undefined ? "ADMIN_EMAIL" : "ADMIN_PASSWORD";
    throw new ConfigError(`Invalid ${missing}: ADMIN_EMAIL and ADMIN_PASSWORD must be set together`);
  }
  const s3 = env.STORAGE === "s3" ? s3Settings(env) : undefined;
  // A key without the signing secret would take money whose webhooks we could never accept.
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
    const missing = env.STRIPE_SECRET_KEY === undefined ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET";
    throw new ConfigError(`Invalid ${missing}: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together`);
  }
  // As with Stripe: a key whose notifications could never be trusted is refused at start.
  if ((env.CHAPA_SECRET_KEY === undefined) !== (env.CHAPA_WEBHOOK_SECRET === undefined)) {
    const missing = env.CHAPA_SECRET_KEY === undefined ? "CHAPA_SECRET_KEY" : "CHAPA_WEBHOOK_SECRET";
    throw new ConfigError(`Invalid ${missing}: CHAPA_SECRET_KEY and CHAPA_WEBHOOK_SECRET must be set together`);
  }
  return {
    env: env.NODE_ENV,
    isProduction,
    isLocalSite,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET,
    publicSiteUrl: publicSiteUrl.replace(/\/$/, ""),
    bootstrapAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== "test",
    sandboxGiftsAreTest: env.SANDBOX_GIFTS_ARE_TEST ?? isProduction,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    corsOrigin: env.CORS_ORIGIN,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    logCachedHits: env.LOG_CACHED_HITS ?? false,
    storage: env.STORAGE,
    s3,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS ?? (env.NODE_ENV === "production" ? 10 : 0),
    pageCacheWarmPages: env.PAGE_CACHE_WARM_PAGES,
    analytics: env.ANALYTICS === "on",
    analyticsCountryHeader: env.ANALYTICS_COUNTRY_HEADER?.toLowerCase(),
    staffSessionIdleMinutes: env.STAFF_SESSION_IDLE_MINUTES ?? (env.NODE_ENV === "test" ? 480 : 30),
    mail: mailConfig(env),
    staffEmail: env.STAFF_EMAIL,
    newsletterRate: env.NEWSLETTER_RATE ?? 10,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
            portalUrl: env.STRIPE_PORTAL_URL,
          }
        : undefined,
    chapa:
      env.CHAPA_SECRET_KEY && env.CHAPA_WEBHOOK_SECRET
        ? {
            secretKey: env.CHAPA_SECRET_KEY,
            webhookSecret: env.CHAPA_WEBHOOK_SECRET,
            apiUrl: (env.CHAPA_API_URL ?? "https://api.chapa.co").replace(/\/$/, ""),
          }
        : undefined,
    crowdfundingUrl: env.CROWDFUNDING_URL,
    variantEncoderPriority: env.VARIANT_ENCODER_PRIORITY,
    uploadPrepare: env.UPLOAD_PREPARE,
  };
}

function mailConfig(env: Env): MailConfig | undefined {
  const smtp = env.SMTP_URL ?? env.SMTP_HOST;
  if (!smtp && !env.STAFF_EMAIL) return undefined;
  if (!smtp) throw new ConfigError("Invalid SMTP_URL: STAFF_EMAIL needs SMTP_URL or SMTP_HOST to send e-mail");
  const sender = env.SMTP_FROM ?? (env.STAFF_EMAIL && `Hope Behind Bars website <${env.STAFF_EMAIL}>`);
  if (!sender) throw new ConfigError("Invalid SMTP_FROM: set the sender of the site's e-mails (or STAFF_EMAIL)");
  const secure = env.SMTP_SECURE ?? env.SMTP_PORT === 465;
  return {
    smtp: env.SMTP_URL ?? {
      host: env.SMTP_HOST as string,
      port: env.SMTP_PORT ?? (secure ? 465 : 587),
      secure,
      ...(env.SMTP_USER ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? "" } } : {}),
    },
    from: sender,
  };
}

function s3Settings(env: Env): S3Settings {
  const required = [
    "S3_BUCKET",
    "S3_REGION",
    "S3_ENDPOINT",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "S3_PUBLIC_URL",
  ] as const;
  const missing = required.find((name) => !env[name]);
  if (missing) throw new ConfigError(`Invalid ${missing}: required when STORAGE=s3`);
  return {
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION as string,
    endpoint: env.S3_ENDPOINT as string,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    publicUrl: env.S3_PUBLIC_URL as string,
  };
}

function parseTrustProxy(value: string | undefined): string | boolean {
  if (!value || value === "false") return false;
  if (value === "true") return true;
  return value;
}
