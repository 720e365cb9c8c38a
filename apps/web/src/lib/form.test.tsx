import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Controller, useForm, zodResolver } from './form.ts';

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
  const {
    register,
    handleSubmit,
    control,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
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
