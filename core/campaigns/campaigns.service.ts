import sharp from "sharp";
import type { Db } from "../../db/database.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import type { Clock } from "../shared/clock.ts";
import { NotFoundError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { qrSvgDocument } from "../shared/qr-code.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import type { CampaignDay } from "../visits/insight.constants.ts";
import * as repo from "./campaigns.repository.ts";
import { type Campaign, CampaignInputSchema, slugOf } from "./campaigns.schema.ts";
import type { CampaignTable } from "./campaigns.table.ts";

export const CAMPAIGN_AUDIT_ENTITY = "campaign";
const CAMPAIGN_NOT_FOUND = "Campaign not found";

/** The landing page with the campaign's tags (the short link's target). */
export function taggedUrl(siteUrl: string, row: Pick<CampaignTable, "landing_path" | "source" | "medium" | "slug">) {
  const url = new URL(row.landing_path, `${siteUrl}/`);
  url.searchParams.set("utm_source", row.source);
  url.searchParams.set("utm_medium", row.medium);
  url.searchParams.set("utm_campaign", row.slug);
  return url.toString();
}

export function createCampaignsService({
  db,
  clock,
  audit,
  publicSiteUrl,
  campaignDays,
}: {
  db: Db;
  clock: Clock;
  audit: Audit;
  publicSiteUrl: string;
  /** Visits through the campaign's links per day (core/visits). */
  campaignDays: (slug: string, from: string, to: string) => Promise<CampaignDay[]>;
}) {
  const shortUrl = (slug: string) => `${publicSiteUrl}/c/${slug}`;

  const toCampaign = (row: CampaignTable): Campaign => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    goalCents: row.goal_cents,
    fundId: row.fund_id,
    landingPath: row.landing_path,
    source: row.source,
    medium: row.medium,
    createdAt: row.created_at,
    links: {
      url: taggedUrl(publicSiteUrl, row),
      short: shortUrl(row.slug),
      qrSvg: `/api/campaigns/${row.id}/qr.svg`,
      qrPng: `/api/campaigns/${row.id}/qr.png`,
    },
  });

  async function freeSlug(name: string): Promise<string> {
    const base = slugOf(name);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.slugTaken(db, slug))) return slug;
    }
  }

  async function find(id: string): Promise<CampaignTable> {
    const row = isRecordId(id) ? await repo.findCampaign(db, id) : undefined;
    if (!row) throw new NotFoundError(CAMPAIGN_NOT_FOUND);
    return row;
  }

  return {
    async list(): Promise<Campaign[]> {
      return (await repo.listCampaigns(db)).map(toCampaign);
    },

    /** The campaign with its visits on each of its days so far. */
    async get(id: string): Promise<Campaign & { days: CampaignDay[] }> {
      const row = await find(id);
      return { ...toCampaign(row), days: await campaignDays(row.slug, row.starts_on, row.ends_on) };
    },

    async create(input: unknown, actor: Actor): Promise<Campaign> {
      const fields = parseInput(CampaignInputSchema, input);
      const row: CampaignTable = {
        id: newId(),
        slug: await freeSlug(fields.name),
        name: fields.name,
        starts_on: fields.startsOn,
        ends_on: fields.endsOn,
        goal_cents: fields.goal,
        currency: "usd",
        fund_id: fields.fundId,
        landing_path: fields.landingPath,
        source: fields.source,
        medium: fields.medium,
        created_at: clock().toISOString(),
        created_by: actor.id ?? actor.email,
      };
      await db.transaction().execute(async (trx) => {
        await repo.insertCampaign(trx, row);
        await audit.record(trx, actor, {
          action: "create",
          entity: CAMPAIGN_AUDIT_ENTITY,
          entityId: row.id,
          fields: Object.keys(fields).filter((key) => fields[key as keyof typeof fields] !== null),
        });
      });
      return toCampaign(row);
    },

    /** Where `/c/{slug}` sends the visitor; undefined for no such campaign. */
    async redirectFor(slug: string): Promise<string | undefined> {
      const row = await repo.findCampaignBySlug(db, slug);
      return row && taggedUrl(publicSiteUrl, row);
    },

    async qrSvg(id: string): Promise<string> {
      return qrSvgDocument(shortUrl((await find(id)).slug));
    },

    async qrPng(id: string): Promise<Buffer> {
      return sharp(Buffer.from(qrSvgDocument(shortUrl((await find(id)).slug), 1024)))
        .png()
        .toBuffer();
    },
  };
}
