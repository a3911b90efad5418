import { addressIs, fieldsOf, type PersonSource } from "../person-source.ts";

/**
 * Enrolments in an e-mail series (the welcome e-mails after a first gift, core/email-series) and
 * which of their steps went: every enrolled address is also a gift's, so search finds the person
 * there. Erasing removes the enrolment with its steps, and so every e-mail still to come.
 */
export const emailSeries: PersonSource = {
  kind: "email-series",
  file: "email-series",

  async records(db, key) {
    const rows = await db
      .selectFrom("email_series_enrolments")
      .selectAll()
      .where(addressIs("email_key", key))
      .execute();
    return rows.map((row) => ({
      kind: "email-series",
      id: row.id,
      at: row.enrolled_at,
      title: row.stopped_at ? `Welcome e-mails, stopped (${row.stop_reason ?? "stopped"})` : "Welcome e-mails",
      link: "/admin/welcome-emails",
      fields: fieldsOf(row),
    }));
  },

  async rectify(trx, key, change) {
    if (change.email === undefined) return 0;
    const result = await trx
      .updateTable("email_series_enrolments")
      .set({ email: change.email, email_key: change.email.toLowerCase() })
      .where(addressIs("email_key", key))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async erase(trx, key) {
    const enrolments = trx.selectFrom("email_series_enrolments").select("id").where(addressIs("email_key", key));
    await trx.deleteFrom("email_series_sends").where("enrolment_id", "in", enrolments).execute();
    const result = await trx
      .deleteFrom("email_series_enrolments")
      .where(addressIs("email_key", key))
      .executeTakeFirst();
    return { erased: Number(result.numDeletedRows), keptByLaw: 0 };
  },
};
