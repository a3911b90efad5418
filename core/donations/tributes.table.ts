/** A gift given in honour or in memory of someone (docs/decisions/0780-gifts-in-honour-or-in-memory.md). */
export interface DonationTributeTable {
  donation_id: string;
  /** 'honour' | 'memory'. */
  kind: string;
  /** The person the gift honours or remembers. */
  name: string;
  /** Someone the donor asked us to tell (they receive the card e-mail); both null: nobody. */
  notify_name: string | null;
  notify_email: string | null;
  /** 1: the card may say the amount; 0 (the default): it never does. */
  show_amount: number;
  created_at: string;
  /** When the card e-mail was queued (the gift was paid); null: not yet. Set once. */
  card_queued_at: string | null;
}

/** A donor who agreed to appear on the donor wall (docs/decisions/0781-donor-wall.md). */
export interface DonorWallEntryTable {
  donation_id: string;
  /** The name to show; null: "Anonymous". */
  display_name: string | null;
  /** A short plain-text message; null: none. */
  message: string | null;
  /** 'pending' until staff approve ('approved') or hide ('hidden') it. */
  state: string;
  created_at: string;
  moderated_at: string | null;
}
