import { z } from 'zod';
import { requiredText } from './common.ts';

export const PhotoSchema = z.object({
  _id: z.string(),
  /** Re-encoded JPEG (no EXIF), the widest size we keep. */
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** WebP renditions for small screens, narrowest first (for srcset). */
  variants: z.array(z.object({ url: z.string(), width: z.number().int() })),
});
export type Photo = z.infer<typeof PhotoSchema>;

export const HostelSummarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  hostel_name: z.string(),
  address: z.string(),
  images: z.array(z.string()),
  is_closed: z.boolean(),
});
export type HostelSummary = z.infer<typeof HostelSummarySchema>;

export const HostelSchema = HostelSummarySchema.extend({
  hostel_details: z.string(),
  photos: z.array(PhotoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Hostel = z.infer<typeof HostelSchema>;

/** Text fields of the multipart create/update form (files travel separately as `images`). */
export const HostelFieldsSchema = z.object({
  hostel_name: requiredText('Hostel name', 120),
  address: requiredText('Address', 300),
  hostel_details: z
    .string()
    .trim()
    .max(4000, { error: 'Hostel details must be at most 4000 characters' })
    .default(''),
});
export type HostelFields = z.infer<typeof HostelFieldsSchema>;

/**
 * Update form (PATCH and PUT): a field left out keeps its value. PUT additionally requires
 * hostel_name and address (the API checks that). `images` are appended; `remove_images` lists
 * photo ids (`_id` of `photos`) to delete — repeated fields or one comma-separated string.
 */
export const HostelUpdateFieldsSchema = z.object({
  hostel_name: requiredText('Hostel name', 120).optional(),
  address: requiredText('Address', 300).optional(),
  hostel_details: z
    .string()
    .trim()
    .max(4000, { error: 'Hostel details must be at most 4000 characters' })
    .optional(),
  remove_images: z
    .array(z.uuid({ error: 'Photos to remove must be given by their ids' }))
    .max(50, { error: 'Too many photos to remove' })
    .default([]),
});
export type HostelUpdateFields = z.infer<typeof HostelUpdateFieldsSchema>;

/** PUT /hostels/{id}: like the update form, but name and address must be sent. */
export const HostelReplaceFieldsSchema = HostelUpdateFieldsSchema.extend({
  hostel_name: requiredText('Hostel name', 120),
  address: requiredText('Address', 300),
});

/** GET /hostels: `include_closed=1` lists closed hostels too — honoured for admins only. */
export const HostelListQuerySchema = z.object({
  include_closed: z
    .enum(['1', '0', 'true', 'false'], { error: 'include_closed must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export const HostelRefSchema = z.object({ _id: z.string(), hostel_name: z.string(), address: z.string() });
export type HostelRef = z.infer<typeof HostelRefSchema>;
