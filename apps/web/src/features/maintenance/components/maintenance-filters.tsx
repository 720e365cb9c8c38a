import type { MaintenanceStatus } from '@studynest/contracts';
import { MAINTENANCE_STATUSES } from '@studynest/contracts/constants';
import { choices, SelectField } from '../../../components/ui/form-field.tsx';
import type { MaintenanceFilters as Filters } from '../api/maintenance-admin-queries.ts';
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
      <SelectField
        label="Status"
        none="All statuses"
        options={choices(MAINTENANCE_STATUSES, (s) => STATUS_LABELS[s])}
        value={value.status ?? ''}
        onChange={(e) =>
          onChange({
            ...value,
            status: (e.currentTarget.value || undefined) as MaintenanceStatus | undefined,
          })
        }
      />
      <SelectField
        label="Hostel"
        hint={hostels ? undefined : 'Loading hostels…'}
        none="All hostels"
        options={hostels?.map((h) => [h._id, h.hostel_name] as const) ?? []}
        value={value.hostel_id ?? ''}
        onChange={(e) => onChange({ ...value, hostel_id: e.currentTarget.value || undefined })}
      />
    </div>
  );
}
