export interface SubscriberTable {
  id: string;
  email: string;
  created_at: string;
}
