export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  message: string;
  /** 0 or 1 on both dialects; the repository maps it to a boolean. */
  is_read: number;
  created_at: string;
}
