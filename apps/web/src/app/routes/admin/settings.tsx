import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/ui/alert.tsx';
import { settingsQueries } from '../../../features/settings/api/settings-queries.ts';
import {
  ReminderSettingsForm,
  ReminderSettingsSkeleton,
} from '../../../features/settings/components/reminder-settings-form.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /admin-settings: when tenants are reminded about rent, and whether by text too. */
export function Component() {
  useDocumentTitle('Settings');
  const settings = useQuery(settingsQueries.current());
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <div>
        <h1 className="text-2xl">Settings</h1>
        <p className="text-sm text-muted">How StudyNest reminds tenants about rent.</p>
      </div>
      {settings.isPending && <ReminderSettingsSkeleton />}
      {settings.isError && <QueryError error={settings.error} retry={() => settings.refetch()} />}
      {/* Not keyed by the values: saving updates the cache, and the form must keep its notice. */}
      {settings.data && <ReminderSettingsForm settings={settings.data} />}
    </section>
  );
}
