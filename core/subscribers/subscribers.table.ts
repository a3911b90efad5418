import type { Generated } from "kysely";
import type { SubscriberStatus } from "./subscribers.constants.ts";

export interface SubscriberTable {
  id: string;
  email: string;
  created_at: string;
  /** Defaults to confirmed: rows written before consent existed (and old seeds) had agreed. */
  status: Generated<SubscriberStatus>;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  source: string | null;
}
