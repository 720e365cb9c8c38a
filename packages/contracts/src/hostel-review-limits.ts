/** Bounds of a tenant's hostel review, without zod: the web's review form reads them. */
export const HOSTEL_REVIEW_LIMITS = { minText: 10, maxText: 2000, maxReason: 500 } as const;
