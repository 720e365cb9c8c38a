import type { Hostel } from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-client.ts';

/** What the create/update form holds for a hostel's text fields and facts. */
export type HostelFormValues = {
  hostel_name: string;
  address: string;
  hostel_details: string;
  /** The facts (docs/domain.md, "Hostels and rooms"): '' is "not given". */
  university: string;
  state: string;
  city: string;
  walking_minutes: string;
  gender_policy: string;
  amenities: string[];
  /** How a year's rent may be paid in this hostel's rooms (docs/domain.md, "Rent plans"). */
  rent_plan: string;
};

/** What the create/update form sends; the files travel as repeated `images` parts. */
export type HostelFormPayload = HostelFormValues & {
  images: File[];
  /** Update only: ids (`photo._id`) of current photos to delete. */
  remove_images?: string[];
};

function toFormData(payload: HostelFormPayload): FormData {
  const form = new FormData();
  // Text fields first: the server reads the stream in order.
  form.append('hostel_name', payload.hostel_name);
  form.append('address', payload.address);
  form.append('hostel_details', payload.hostel_details);
  // A blank fact clears it; amenities go as one comma list so that none at all clears them too.
  for (const name of [
    'university',
    'state',
    'city',
    'walking_minutes',
    'gender_policy',
    'rent_plan',
  ] as const) {
    form.append(name, payload[name]);
  }
  form.append('amenities', payload.amenities.join(','));
  for (const id of payload.remove_images ?? []) form.append('remove_images', id);
  for (const file of payload.images) form.append('images', file, file.name);
  return form;
}

/** Every hostel write can change the public menu, the admin list, a hostel page and the rooms' hostel names. */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, ['hostels'], ['rooms']);
}

export function useCreateHostel() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (payload: HostelFormPayload) =>
      api<Hostel>('/hostels', { method: 'POST', body: toFormData(payload) }),
    onSuccess: invalidate,
  });
}

export function useUpdateHostel(id: string) {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (payload: HostelFormPayload) =>
      api<Hostel>(`/hostels/${id}`, { method: 'PATCH', body: toFormData(payload) }),
    onSuccess: invalidate,
  });
}

export function useDeleteHostel() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/hostels/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Close hides a hostel from students (records kept); reopen lists it again. */
export function useSetHostelClosed() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, closed }: { id: string; closed: boolean }) =>
      api<Hostel>(`/hostels/${id}/${closed ? 'close' : 'reopen'}`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}
