import { AUDIT_KIND_LABELS } from '@studynest/contracts/audit-kinds';
import type { FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { AUDIT_FILTER_NAMES, type AuditFilters } from '../api/audit-queries.ts';

const KIND_OPTIONS = Object.entries(AUDIT_KIND_LABELS);

/**
 * The activity log's filters: a person (part of the name or e-mail of the admin who acted or of the
 * person affected), a kind of action, and Lagos dates. Applied on submit, so typing a name does not
 * ask the server at every letter; the API's word on a bad value shows beside its field.
 */
export function AuditFiltersForm({
  filters,
  errors,
  onApply,
}: {
  filters: AuditFilters;
  errors: Partial<Record<keyof AuditFilters, string>>;
  onApply: (filters: AuditFilters) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const read = (name: keyof AuditFilters) => String(data.get(name) ?? '').trim();
    onApply(Object.fromEntries(AUDIT_FILTER_NAMES.map((n) => [n, read(n)])) as AuditFilters);
  };
  const filtered = AUDIT_FILTER_NAMES.some((n) => filters[n]);
  return (
    // Keyed by the filters in the address, so Back and Clear show what is applied.
    <form
      key={JSON.stringify(filters)}
      onSubmit={submit}
      aria-label="Filter the activity log"
      className="card grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField
        label="Person"
        name="person"
        defaultValue={filters.person}
        error={errors.person}
        hint="Admin or person affected: part of a name or e-mail"
        autoComplete="off"
      />
      <SelectField
        label="Kind of action"
        name="kind"
        defaultValue={filters.kind}
        options={KIND_OPTIONS}
        none="All kinds"
        error={errors.kind}
      />
      <TextField
        label="From (Lagos date)"
        name="from"
        type="date"
        defaultValue={filters.from}
        error={errors.from}
      />
      <TextField label="To (Lagos date)" name="to" type="date" defaultValue={filters.to} error={errors.to} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="btn-primary">
          Apply filters
        </button>
        {filtered && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => onApply({ person: '', kind: '', from: '', to: '' })}
          >
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
