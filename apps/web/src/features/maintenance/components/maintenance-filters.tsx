import type { MaintenanceStatus } from '@studynest/contracts';
import { MAINTENANCE_STATUSES } from '@studynest/contracts/constants';
import { FormField } from '../../../components/ui/form-field.tsx';
import type { MaintenanceFilters as Filters } from '../api/maintenance-queries.ts';
import { STATUS_LABELS } from './maintenance-labels.tsx';

/** Status and hostel filters for the queue; `hostels` come from the screen (the hostel list it already has). */
export function MaintenanceFilters({
  value,
  onChange,
  hostels,
}: {
  value: Filters;
  onChange: (next: Filters) => void;
  hostels: { _id: string; hostel_name: string }[] | undefined;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 md:max-w-2xl">
      <FormField label="Status">
        {(a11y) => (
          <select
            {...a11y}
            className="input"
            value={value.status ?? ''}
            onChange={(e) =>
              onChange({
                ...value,
                status: (e.currentTarget.value || undefined) as MaintenanceStatus | undefined,
              })
            }
          >
            <option value="">All statuses</option>
            {MAINTENANCE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Hostel" hint={hostels ? undefined : 'Loading hostels…'}>
        {(a11y) => (
          <select
            {...a11y}
            className="input"
            value={value.hostel_id ?? ''}
            onChange={(e) => onChange({ ...value, hostel_id: e.currentTarget.value || undefined })}
          >
            <option value="">All hostels</option>
            {hostels?.map((h) => (
              <option key={h._id} value={h._id}>
                {h.hostel_name}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
