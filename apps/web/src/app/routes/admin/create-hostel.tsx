import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCreateHostel } from '../../../features/hostels/api/hostel-mutations.ts';
import { EMPTY_FACTS, HostelForm } from '../../../features/hostels/components/hostel-form.tsx';
import { carryNotice } from '../../../lib/carried-notice.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const EMPTY = { hostel_name: '', address: '', hostel_details: '', ...EMPTY_FACTS };

export function Component() {
  useDocumentTitle('Add New Hostel');
  const navigate = useNavigate();
  const create = useCreateHostel();
  return (
    <section className="card mx-auto flex max-w-3xl flex-col gap-5 sm:p-6">
      <h1 className="text-2xl">Add New Hostel</h1>
      <HostelForm
        defaultValues={EMPTY}
        submitLabel="Add Hostel"
        save={create.mutateAsync}
        // Next comes the new hostel's rooms: Add Room with it chosen, the notice shown there.
        onSaved={(hostel) =>
          navigate(
            paths.admin.addRoom.getHref(hostel._id),
            carryNotice({ tone: 'success', message: 'Hostel Created Successfully' }),
          )
        }
      />
    </section>
  );
}
