import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { useForm, zodResolver } from './form.ts';
import { Controller } from './form-controller.tsx';

afterEach(cleanup);

type Values = {
  name: string;
  contact: { phone: string };
  amenities: string[];
  audience: 'tenants' | 'arrears';
  agree: boolean;
};

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  contact: z.object({ phone: z.string().check(z.regex(/^0\d{10}$/, 'Phone must be 11 digits')) }),
  amenities: z.array(z.string()).check(z.minLength(1, 'Choose at least one')),
  audience: z.enum(['tenants', 'arrears']),
  agree: z.boolean(),
});

function TestForm({ onSend }: { onSend: (values: Values) => void }) {
  const { register, handleSubmit, control, watch, errors, isSubmitting } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: 'Ada',
      contact: { phone: '' },
      amenities: ['water'],
      audience: 'tenants',
      agree: false,
    },
  });
  return (
    <form onSubmit={handleSubmit(onSend)}>
      <label>
        Name <input {...register('name')} />
      </label>
      {errors.name && <p>{errors.name.message}</p>}
      <label>
        Phone <input {...register('contact.phone')} />
      </label>
      {errors.contact?.phone && <p>{errors.contact.phone.message}</p>}
      {['water', 'wifi'].map((a) => (
        <label key={a}>
          {a} <input type="checkbox" value={a} {...register('amenities')} />
        </label>
      ))}
      {errors.amenities && <p>{errors.amenities.message}</p>}
      {['tenants', 'arrears'].map((a) => (
        <label key={a}>
          {a} <input type="radio" value={a} {...register('audience')} />
        </label>
      ))}
      <p>Writing to {watch('audience')}</p>
      <Controller
        control={control}
        name="agree"
        render={({ field }) => (
          <button type="button" aria-pressed={field.value} onClick={() => field.onChange(!field.value)}>
            Agree
          </button>
        )}
      />
      <button type="submit" disabled={isSubmitting}>
        Send
      </button>
    </form>
  );
}

describe('lib/form', () => {
  it('shows the defaults, and sends the parsed values of text, nested, checkbox-group, radio and controlled fields', async () => {
    const sent: Values[] = [];
    render(<TestForm onSend={(v) => sent.push(v)} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('water') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('tenants') as HTMLInputElement).checked).toBe(true);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Bola  ' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '08031234567' } });
    fireEvent.click(screen.getByLabelText('wifi'));
    fireEvent.click(screen.getByLabelText('arrears'));
    expect(screen.getByText('Writing to arrears')).toBeTruthy(); // watch re-renders on change
    fireEvent.click(screen.getByRole('button', { name: 'Agree' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Bola',
      contact: { phone: '08031234567' },
      amenities: ['water', 'wifi'],
      audience: 'arrears',
      agree: true,
    });
  });

  it('puts each problem under its field, focuses the first, sends nothing, and clears a message once mended', async () => {
    const sent: Values[] = [];
    render(<TestForm onSend={(v) => sent.push(v)} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '123' } });
    fireEvent.click(screen.getByLabelText('water'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await screen.findByText('Name is required');
    expect(screen.getByText('Phone must be 11 digits')).toBeTruthy();
    expect(screen.getByText('Choose at least one')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Chi' } });
    await waitFor(() => expect(screen.queryByText('Name is required')).toBeNull());
    expect(screen.getByText('Phone must be 11 digits')).toBeTruthy();
  });
});

/** A rule between two fields (an end on or after a start), and a list of objects under a Controller. */
type Trip = { start: string; end: string; stops: { place: string }[] };
const tripSchema = z
  .object({
    start: z.string(),
    end: z.string(),
    stops: z.array(z.object({ place: z.string().check(z.minLength(1, 'Name the stop')) })),
  })
  .check(z.refine((t) => t.end >= t.start, { error: 'Ends before it starts', path: ['end'] }));

function TripForm({ onSend }: { onSend: (values: Trip) => void }) {
  const { register, handleSubmit, control, errors } = useForm<Trip>({
    resolver: zodResolver(tripSchema),
    defaultValues: { start: '2026-01-02', end: '2026-01-01', stops: [{ place: '' }] },
  });
  return (
    <form onSubmit={handleSubmit(onSend)}>
      <label>
        Start <input {...register('start', { deps: ['end'] })} />
      </label>
      <label>
        End <input {...register('end')} />
      </label>
      {errors.end && <p>{errors.end.message}</p>}
      <Controller
        control={control}
        name="stops"
        render={({ field }) => (
          <label>
            Stop 1{' '}
            <input
              value={field.value[0]?.place ?? ''}
              onChange={(e) => field.onChange([{ place: e.target.value }])}
            />
          </label>
        )}
      />
      {errors.stops?.[0]?.place && <p>{errors.stops[0].place.message}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

describe('lib/form: dependent fields and lists', () => {
  it("re-checks a field's deps when it changes, and places a list item's message under that item", async () => {
    const sent: Trip[] = [];
    render(<TripForm onSend={(v) => sent.push(v)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Ends before it starts');
    expect(screen.getByText('Name the stop')).toBeTruthy();

    // Changing the start mends the end's message, though the end itself did not change.
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2025-12-31' } });
    await waitFor(() => expect(screen.queryByText('Ends before it starts')).toBeNull());

    fireEvent.change(screen.getByLabelText('Stop 1'), { target: { value: 'Zaria' } });
    await waitFor(() => expect(screen.queryByText('Name the stop')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sent).toEqual([{ start: '2025-12-31', end: '2026-01-01', stops: [{ place: 'Zaria' }] }]),
    );
  });
});
