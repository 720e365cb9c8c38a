import { useNavigate } from 'react-router';
import { NoticeBanner } from '../../../components/ui/notice-banner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCreateHostel } from '../../../features/hostels/api/hostel-mutations.ts';
import { EMPTY_FACTS, HostelForm } from '../../../features/hostels/components/hostel-form.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';

const EMPTY = { hostel_name: '', address: '', hostel_details: '', ...EMPTY_FACTS };

export function Component() {
  useDocumentTitle('Add New Hostel');
  const navigate = useNavigate();
  const create = useCreateHostel();
  const { notice, show } = useTimedNotice();
  return (
    <section className="card mx-auto flex max-w-3xl flex-col gap-5 sm:p-6">
      <h1 className="text-2xl">Add New Hostel</h1>
      <HostelForm
        defaultValues={EMPTY}
        submitLabel="Add Hostel"
        save={create.mutateAsync}
        onSaved={() =>
          show({ tone: 'success', message: 'Hostel Created Successfully' }, NOTICE_MS.saved, () =>
            navigate(paths.admin.dashboard.getHref()),
          )
        }
      />
      <NoticeBanner notice={notice} />
    </section>
  );
}
