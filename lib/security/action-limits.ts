/**
 * The most a server action call may carry, checked by proxy.ts before Next
 * reads it (action-request.ts) and given to Next as its own limit
 * (next.config.ts: the largest). Free of imports: next.config.ts reads it.
 */
export const ACTION_BODY_LIMITS = {
  /** Every shopper's action: Next's own default. */
  shopper: 1024 * 1024,
  /**
   * An admin's, on the admin pages, whose product form carries a photo
   * (lib/media/photo-encode.ts: PHOTO_MAX_BYTES, 4 MiB) with its fields:
   * under the 4.5 MB Vercel takes in a request body.
   */
  admin: 4_500_000,
} as const;
