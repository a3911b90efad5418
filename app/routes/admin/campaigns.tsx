import { type FormEvent, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import type { Campaign } from "../../../core/campaigns/campaigns.schema";
import type { Fund } from "../../../core/funds/funds.schema";
import { formatWholeMoney } from "../../../core/money/money";
import { CampaignResultsPanel } from "../../components/admin/campaigns/campaign-results";
import { focusFirstError, Select, TextInput } from "../../components/admin/form-controls";
import { QrCode } from "../../components/admin/second-factor/qr-code";
import { useAdminForm } from "../../components/admin/use-admin-form";
import { buttonClasses } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { ApiError, api, errorMessage } from "../../lib/api-client";
import { copyWithToast } from "../../lib/clipboard";
import { downloadFile } from "../../lib/download-file";

export const meta = () => adminMeta("Campaigns");

function CampaignLinks({ campaign }: { campaign: Campaign }) {
  const download = (path: string) => downloadFile(path).catch(() => toast.error("Download failed. Please try again."));
  return (
    <section
      aria-labelledby="campaign-links"
      className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="campaign-links" className="font-semibold">
        Links for “{campaign.name}”
      </h2>
      <div className="mt-3 grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <QrCode value={campaign.links.short} label={`QR code for ${campaign.links.short}`} size={176} />
          <div className="flex flex-col gap-2">
            <button
              type="button"
              className={buttonClasses("secondary", "sm")}
              onClick={() => download(campaign.links.qrSvg)}
            >
              Download SVG
            </button>
            <button
              type="button"
              className={buttonClasses("secondary", "sm")}
              onClick={() => download(campaign.links.qrPng)}
            >
              Download PNG
            </button>
          </div>
        </div>
        <dl className="grid content-start gap-3 text-sm">
          <div>
            <dt className="font-medium">Short link (for posters and the QR code)</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <code className="break-all rounded bg-brand-light px-2 py-1" data-testid="campaign-short-link">
                {campaign.links.short}
              </code>
              <button
                type="button"
                className={buttonClasses("secondary", "sm")}
                onClick={() => copyWithToast(campaign.links.short, "Short link copied")}
              >
                Copy
              </button>
            </dd>
          </div>
          <div>
            <dt className="font-medium">Tagged link (for posts and e-mails)</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <code className="break-all rounded bg-brand-light px-2 py-1">{campaign.links.url}</code>
              <button
                type="button"
                className={buttonClasses("secondary", "sm")}
                onClick={() => copyWithToast(campaign.links.url, "Tagged link copied")}
              >
                Copy
              </button>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

const EMPTY = {
  name: "",
  startsOn: "",
  endsOn: "",
  goal: "",
  fundId: "",
  landingPath: "/donate",
  source: "poster",
  medium: "offline",
};

/** Admin → Campaigns: an appeal's tagged link, short link and QR code (docs/decisions/0711). */
export default function AdminCampaigns() {
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [funds, setFunds] = useState<Fund[]>([]);
  const { values: fields, setValues: setFields, setErrors, field } = useAdminForm("campaign", EMPTY);
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState<Campaign | null>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    api<{ campaigns: Campaign[] }>("/api/campaigns")
      .then((body) => setCampaigns(body.campaigns))
      .catch(() => {
        toast.error("Could not load campaigns.");
        setCampaigns([]);
      });
    api<Fund[]>("/api/funds")
      .then(setFunds)
      .catch(() => setFunds([]));
  }, []);

  async function create(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const campaign = await api<Campaign>("/api/campaigns", { method: "POST", json: fields });
      setCampaigns((current) => [campaign, ...(current ?? [])]);
      setShown(campaign);
      setFields(EMPTY);
      setErrors({});
      toast.success("Campaign created");
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        focusFirstError(form.current, error.fields);
      } else {
        toast.error(errorMessage(error, "Could not create the campaign."));
      }
    } finally {
      setSaving(false);
    }
  }

  const fundTitle = (id: string) => funds.find((fund) => fund.id === id)?.title ?? id;
  return (
    <div>
      <h1 className="text-2xl font-bold">Campaigns</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        A campaign gives an appeal, a poster or a post its own links. Visits through them show under its name in
        Insight; newsletters tag their links by themselves.
      </p>
      <div className="mt-5 grid gap-4 lg:grid-cols-2">
        <form
          ref={form}
          onSubmit={create}
          noValidate
          aria-labelledby="new-campaign"
          className="grid gap-3 rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
        >
          <h2 id="new-campaign" className="font-semibold">
            New campaign
          </h2>
          <TextInput {...field("name")} label="Name" required />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput {...field("startsOn")} label="Starts" type="date" required />
            <TextInput {...field("endsOn")} label="Ends" type="date" required />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput {...field("goal")} label="Goal in US dollars (optional)" inputMode="decimal" />
            <Select
              {...field("fundId")}
              label="For (optional)"
              placeholder="Where most needed"
              options={funds.map((fund) => fund.id)}
              optionLabel={fundTitle}
            />
          </div>
          <TextInput {...field("landingPath")} label="Landing page" hint="A path on this site, like /donate or /blog" />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput {...field("source")} label="Source" hint="poster, facebook, radio…" />
            <TextInput {...field("medium")} label="Medium" hint="offline, social, email…" />
          </div>
          <div>
            <button type="submit" disabled={saving} className={buttonClasses("primary", "md")}>
              {saving ? "Creating…" : "Create campaign"}
            </button>
          </div>
        </form>
        {shown && <CampaignLinks campaign={shown} />}
        {shown && <CampaignResultsPanel campaign={shown} />}
      </div>
      <section aria-labelledby="campaign-list" className="mt-6">
        <h2 id="campaign-list" className="text-lg font-semibold">
          All campaigns
        </h2>
        {campaigns === null ? (
          <p className="mt-2 text-muted">Loading…</p>
        ) : campaigns.length === 0 ? (
          <p className="mt-2 text-muted">No campaigns yet.</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {campaigns.map((campaign) => (
              <li
                key={campaign.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-black/10 bg-white px-4 py-3"
              >
                <span>
                  <span className="block font-medium">{campaign.name}</span>
                  <span className="block text-sm text-muted">
                    {campaign.startsOn} to {campaign.endsOn}
                    {campaign.goalCents !== null && ` · goal ${formatWholeMoney(campaign.goalCents)}`}
                    {campaign.fundId && ` · for ${fundTitle(campaign.fundId)}`} · /c/{campaign.slug}
                  </span>
                </span>
                <button
                  type="button"
                  className={buttonClasses("secondary", "sm")}
                  onClick={() => setShown(campaign)}
                  aria-label={`Show links and results of ${campaign.name}`}
                >
                  Show links and results
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
