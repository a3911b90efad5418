/**
 * Consent recorded for one uploaded image, named by its plain URL (each upload has its own). An
 * image without a row is "not recorded" (it came through the spec's API). docs/decisions/0301-image-consent.md
 */
export interface ImageConsentTable {
  image_url: string;
  /** `no-identifiable-people | on-file | not-yet` (CONSENT_BASES). */
  basis: string;
  /** 1 when a child can be identified. */
  minor: number;
  /** 1 when the consent on file was given by a parent or guardian. */
  by_guardian: number;
  given_by: string | null;
  /** Calendar dates 'yyyy-MM-dd'. */
  given_on: string | null;
  expires_on: string | null;
  /** Where the signed form is kept (a file number, a folder). */
  form_reference: string | null;
  recorded_at: string;
  recorded_by: string;
}
