/** A donor's short session on "My giving" (an httpOnly cookie holds its secret). Not a staff session. */
export interface DonorSessionTable {
  id: string;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}
