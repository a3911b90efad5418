/** What staff read for each kind of record People finds (core/people/sources). */
export const KIND_LABELS: Record<string, string> = {
  donation: "Card gift",
  "card-payment": "Card payment",
  "offline-gift": "Offline gift",
  pledge: "Transfer notice",
  receipt: "Receipt",
  statement: "Year-end statement",
  subscriber: "Newsletter",
  newsletter: "Newsletter sent",
  "volunteer-application": "Volunteer application",
  message: "Message",
  "my-giving": "My giving",
  "queued-mail": "E-mail to them (queued or sent)",
};
