import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditFiltersForm } from './audit-filters.tsx';

const none = { person: '', kind: '', from: '', to: '' };

describe('AuditFiltersForm', () => {
  afterEach(cleanup);

  it('applies what was typed and chosen, trimmed, and clears all at once', () => {
    const onApply = vi.fn();
    const { rerender } = render(<AuditFiltersForm filters={none} errors={{}} onApply={onApply} />);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: '  Okeke ' } });
    fireEvent.change(screen.getByLabelText('Kind of action'), { target: { value: 'tenancy.moved_out' } });
    fireEvent.change(screen.getByLabelText('From (Lagos date)'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const applied = { person: 'Okeke', kind: 'tenancy.moved_out', from: '2026-11-01', to: '' };
    expect(onApply).toHaveBeenLastCalledWith(applied);

    rerender(<AuditFiltersForm filters={applied} errors={{}} onApply={onApply} />);
    expect(screen.getByLabelText('Kind of action')).toHaveProperty('value', 'tenancy.moved_out');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onApply).toHaveBeenLastCalledWith(none);
  });

  it("shows the server's word on a bad value beside its field", () => {
    render(
      <AuditFiltersForm
        filters={{ ...none, from: '2026-03-10', to: '2026-03-01' }}
        errors={{ to: 'to must be on or after from' }}
        onApply={() => {}}
      />,
    );
    const to = screen.getByLabelText('To (Lagos date)');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(to.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'to must be on or after from',
    );
  });
});
