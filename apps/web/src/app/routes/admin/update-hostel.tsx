import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { PageLoading } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useUpdateHostel } from '../../../features/hostels/api/hostel-mutations.ts';
import { hostelQueries } from '../../../features/hostels/api/hostel-queries.ts';
import { factValues, HostelForm } from '../../../features/hostels/components/hostel-form.tsx';
import { carryNotice } from '../../../lib/carried-notice.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function Component() {
  const { hostelId = '' } = useParams();
  const navigate = useNavigate();
  const hostel = useQuery(hostelQueries.detail(hostelId));
  const update = useUpdateHostel(hostelId);
  useDocumentTitle(hostel.data ? `Update Hostel: ${hostel.data.hostel_name}` : 'Update Hostel');

  return (
    <section className="card mx-auto flex max-w-3xl flex-col gap-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl">Update Hostel</h1>
        {hostel.data?.is_closed && (
          <p className="text-sm font-semibold text-danger-700">
            This hostel is closed: students cannot see it until it is reopened on All Hostels.
          </p>
        )}
      </div>
      {hostel.isPending && <PageLoading label="Loading hostel…" />}
      {hostel.isError && (
        <div className="flex flex-col gap-3">
          <QueryError error={hostel.error} retry={() => hostel.refetch()} />
          <Link to={paths.admin.hostels.getHref()} className="btn-secondary self-start">
            Back to All Hostels
          </Link>
        </div>
      )}
      {hostel.data && (
        <HostelForm
          // A fresh form per hostel, prefilled with its current values (docs/domain.md, "Corrections to the original product").
          key={hostel.data._id}
          defaultValues={{
            hostel_name: hostel.data.hostel_name,
            address: hostel.data.address,
            hostel_details: hostel.data.hostel_details,
            ...factValues(hostel.data),
          }}
          photos={hostel.data.photos}
          submitLabel="Update Hostel"
          save={update.mutateAsync}
          onSaved={() =>
            navigate(
              paths.admin.hostels.getHref(),
              carryNotice({ tone: 'success', message: 'Hostel Updated Successfully' }),
            )
          }
        />
      )}
    </section>
  );
}
