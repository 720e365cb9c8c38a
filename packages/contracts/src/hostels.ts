import * as z from 'zod/mini';
import { optionalText, requiredText } from './common.ts';

export const PhotoSchema = z.object({
  _id: z.string(),
  /** Re-encoded JPEG (no EXIF), the widest size we keep. */
  src: z.string(),
  width: z.int(),
  height: z.int(),
  /** WebP renditions for small screens, narrowest first (for srcset). */
  variants: z.array(z.object({ url: z.string(), width: z.int() })),
});
export type Photo = z.output<typeof PhotoSchema>;

export const HostelSummarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  hostel_name: z.string(),
  address: z.string(),
  images: z.array(z.string()),
  is_closed: z.boolean(),
});
export type HostelSummary = z.output<typeof HostelSummarySchema>;

export const HostelSchema = z.extend(HostelSummarySchema, {
  hostel_details: z.string(),
  photos: z.array(PhotoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Hostel = z.output<typeof HostelSchema>;

const hostelName = requiredText('Hostel name', 120);
const address = requiredText('Address', 300);
const hostelDetails = optionalText('Hostel details', 4000);

/** Text fields of the multipart create/update form (files travel separately as `images`). */
export const HostelFieldsSchema = z.object({
  hostel_name: hostelName,
  address,
  hostel_details: z._default(hostelDetails, ''),
});
export type HostelFieldsInput = z.input<typeof HostelFieldsSchema>;
export type HostelFields = z.output<typeof HostelFieldsSchema>;

/**
 * Update form (PATCH and PUT): a field left out keeps its value. PUT additionally requires
 * hostel_name and address (the API checks that). `images` are appended; `remove_images` lists
 * photo ids (`_id` of `photos`) to delete — repeated fields or one comma-separated string.
 */
export const HostelUpdateFieldsSchema = z.object({
  hostel_name: z.optional(hostelName),
  address: z.optional(address),
  hostel_details: z.optional(hostelDetails),
  remove_images: z._default(
    z
      .array(z.uuid({ error: 'Photos to remove must be given by their ids' }))
      .check(z.maxLength(50, { error: 'Too many photos to remove' })),
    [],
  ),
});
export type HostelUpdateFieldsInput = z.input<typeof HostelUpdateFieldsSchema>;
export type HostelUpdateFields = z.output<typeof HostelUpdateFieldsSchema>;

/** PUT /hostels/{id}: like the update form, but name and address must be sent. */
export const HostelReplaceFieldsSchema = z.extend(HostelUpdateFieldsSchema, {
  hostel_name: hostelName,
  address,
});

/** GET /hostels: `include_closed=1` lists closed hostels too — honoured for admins only. */
export const HostelListQuerySchema = z.object({
  include_closed: z.pipe(
    z.optional(z.enum(['1', '0', 'true', 'false'], { error: 'include_closed must be 1 or 0' })),
    z.transform((v) => v === '1' || v === 'true'),
  ),
});

/** A hostel as other resources mention it (a room's, a booking's, a payment's hostel). */
export const HostelRefSchema = z.object({ _id: z.string(), hostel_name: z.string(), address: z.string() });
export type HostelRef = z.output<typeof HostelRefSchema>;
