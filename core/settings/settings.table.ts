export interface SettingTable {
  key: string;
  /** JSON of the value; core/settings/settings.ts reads it through each setting's schema. */
  value: string;
  updated_at: string;
}
