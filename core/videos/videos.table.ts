export interface VideoTable {
  id: string;
  title: string;
  description: string;
  youtube_id: string;
  category: string;
  created_at: string;
  updated_at: string;
}
