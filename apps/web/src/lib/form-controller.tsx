import type { ReactElement } from 'react';
import type { Control, FieldError, FieldValues, Path, PathValue } from './form.ts';

/**
 * A field whose input is a component with value/onChange (a switch, stars), wired to `useForm`'s
 * `control`. Apart from form.ts: the few forms with such a field load it, the rest (the profile's)
 * do not.
 */
export function Controller<T extends FieldValues, N extends Path<T>>({
  control,
  name,
  render,
}: {
  control: Control<T>;
  name: N;
  render: (props: {
    field: { name: N; value: PathValue<T, N>; onChange: (value: unknown) => void; onBlur: () => void };
    fieldState: { error?: FieldError };
  }) => ReactElement;
}): ReactElement {
  const c = control;
  const onChange = (value: unknown) => {
    const v =
      value && typeof value === 'object' && 'target' in value
        ? (value.target as HTMLInputElement).value
        : value;
    c.change(name, v);
  };
  const error = c.error(name);
  return render({
    field: { name, value: c.value(name) as PathValue<T, N>, onChange, onBlur: () => undefined },
    fieldState: error ? { error } : {},
  });
}
