import type { MyDocuments } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * The profile's line about her documents: the next step, linked to the upload page. Kept this small
 * (its own query, no form) because the profile's journey is at its download budget.
 */
export function DocumentsStep() {
  const { data } = useQuery({
    queryKey: ['documents', 'mine'],
    queryFn: ({ signal }) => api<MyDocuments>('/documents/mine', { signal }),
  });
  return (
    <Link to={paths.documents.getHref()} className="card font-semibold text-brand-800">
      <span className="underline">Your documents</span>
      {data && <span className="block font-normal text-ink">{data.next_step ?? 'Approved'}</span>}
    </Link>
  );
}
