import type { MyDocuments } from '@studynest/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client.ts';

/**
 * The profile's link to her documents, with her next step. This small (its own query, no form, no
 * words of its own beyond the server's) because the profile's journey is at its download budget.
 */
export function DocumentsStep() {
  const { data } = useQuery({
    queryKey: ['documents', 'mine'],
    queryFn: () => api<MyDocuments>('/documents/mine'),
  });
  return (
    <Link to="/documents" className="card font-semibold text-brand-800 underline">
      Your documents{data && `: ${data.next_step ?? 'approved'}`}
    </Link>
  );
}
