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

export const HostelRefSchema = z.object({ _id: z.string(), hostel_name: z.string(), address: z.string() });
export type HostelRef = z.infer<typeof HostelRefSchema>;
