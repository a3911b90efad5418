export interface PublicationTable {
  id: string;
  title: string;
  description: string;
  link: string;
  /** Calendar date 'yyyy-MM-dd'. */
  publication_date: string;
  image_url: string;
  image_variants: string | null;
  created_at: string;
  updated_at: string;
}
