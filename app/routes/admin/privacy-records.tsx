import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import type { ProcessingRecord } from "../../../core/personal-data/retention.service";
import { PrivacyTabs } from "../../components/admin/privacy/privacy-tabs";
import { Button } from "../../components/button";
import { adminMeta } from "../../lib/admin-meta";
import { api } from "../../lib/api-client";

export const meta = () => adminMeta("Records of processing");

/**
 * Admin → Privacy → Records of processing (Administrators): every kind of personal data the site
 * holds, generated from the same list the retention job uses (core/personal-data), printable.
 */
export default function AdminPrivacyRecords() {
  const [records, setRecords] = useState<ProcessingRecord[] | null>(null);

  useEffect(() => {
    api<{ records: ProcessingRecord[] }>("/api/admin/records-of-processing")
      .then((body) => setRecords(body.records))
      .catch(() => {
        toast.error("Failed to load the records of processing.");
        setRecords([]);
      });
  }, []);

  return (
    <div className="max-w-6xl">
      <h1 className="text-2xl font-bold">Privacy</h1>
      <PrivacyTabs />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold">Records of processing</h2>
        <Button type="button" variant="secondary" onClick={() => window.print()} className="print:hidden">
          Print
        </Button>
      </div>
      <p className="mt-2 text-muted">
        Hope Behind Bars, as controller under Ethiopia's Personal Data Protection Proclamation No. 1321/2024. Each kind
        of personal data the website holds, why, on what basis, where, who may see it and how long it is kept.
      </p>
      {records === null ? (
        <p className="mt-8 text-muted">Loading...</p>
      ) : (
        <div className="mt-6 space-y-4 print:space-y-2">
          {records.map((record) => (
            <section
              key={record.id}
              aria-labelledby={`record-${record.id}`}
              className="break-inside-avoid rounded-2xl border border-gray-200 bg-white p-4"
            >
              <h3 id={`record-${record.id}`} className="text-lg font-semibold">
                {record.label}
              </h3>
              {record.sensitive && (
                <p className="mt-1 text-sm font-semibold text-amber-900">
                  Sensitive: images of women in prison and of children
                </p>
              )}
              <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="font-semibold">What is held</dt>
                <dd>{record.holds}</dd>
                <dt className="font-semibold">Purpose</dt>
                <dd>{record.purpose}</dd>
                <dt className="font-semibold">Lawful basis</dt>
                <dd>{record.basis}</dd>
                <dt className="font-semibold">Where it is stored</dt>
                <dd>{record.storedIn.join("; ")}</dd>
                <dt className="font-semibold">Who may see it</dt>
                <dd>
                  {record.roles.length > 0 ? record.roles.join(", ") : "Nobody in the back office: only the site"}
                </dd>
                <dt className="font-semibold">How long it is kept</dt>
                <dd>{record.retention}</dd>
              </dl>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
