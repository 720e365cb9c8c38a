import {
  type BaseSyntheticEvent,
  type ChangeEvent,
  type RefCallback,
  useReducer,
  useRef,
  useState,
} from 'react';
import type * as z from 'zod/mini';
import { ApiError } from './api-client.ts';

/**
 * Form state for the app's forms: the part of react-hook-form's API they use, in about 2 KB gzip
 * instead of its 13 KB (ADR 0019). Inputs stay uncontrolled, as there: their values live in the
 * DOM and in one store, so typing re-renders nothing unless a field is watched. Checks run on submit,
 * then again on every change once a submit has failed, so a message goes as soon as it is mended.
 */

export type FieldValues = Record<string, unknown>;
export type FieldError = { type?: string; message?: string };

type Primitive =
  | string
  | number
  | boolean
  | bigint
  | symbol
  | null
  | undefined
  | Date
  | File
  | FileList
  | Blob;
/** Dotted names of a form's fields ('emergency_contact.name'); lists are one field. */
export type Path<T> = T extends Primitive | readonly unknown[]
  ? never
  : {
      [K in keyof T & string]: NonNullable<T[K]> extends Primitive | readonly unknown[]
        ? K
        : K | `${K}.${Path<NonNullable<T[K]>>}`;
    }[keyof T & string];
export type PathValue<T, P extends string> = P extends `${infer K}.${infer R}`
  ? K extends keyof T
    ? PathValue<NonNullable<T[K]>, R>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/**
 * Errors shaped like the values: `errors.emergency_contact?.name?.message`; a list of objects has its
 * own message and one per item (`errors.deductions?.[0]?.amount?.message`).
 */
export type FieldErrors<T> = {
  [K in keyof T]?: NonNullable<T[K]> extends readonly (infer E)[]
    ? E extends Primitive
      ? FieldError
      : FieldError & { [index: number]: FieldErrors<E> | undefined }
    : NonNullable<T[K]> extends Primitive
      ? FieldError
      : FieldErrors<NonNullable<T[K]>> & FieldError;
} & { root?: FieldError };

export type ResolverResult<I, O> =
  | { values: O; errors: Record<string, never> }
  | { values: Record<string, never>; errors: FieldErrors<I> };
/** Checks the whole form: the values to send, or the errors to show. */
export type Resolver<I extends FieldValues = FieldValues, _C = unknown, O = I> = (
  values: I,
  context?: unknown,
  options?: unknown,
) => Promise<ResolverResult<I, O>>;

export type RegisterOptions<T extends FieldValues = FieldValues, _N extends Path<T> = Path<T>> = {
  /** Turns what the input holds into the field's value (trimming, say). */
  setValueAs?: (value: string) => unknown;
  /** A message, or true when the value is fine. Used by forms without a resolver. */
  validate?: (value: never) => string | boolean;
  onChange?: (event: ChangeEvent) => void;
  onBlur?: (event: { target: unknown }) => void;
  /** Fields checked again with this one (their rules read its value), once a submit has failed. */
  deps?: Path<T>[];
};

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
export type UseFormRegisterReturn<N extends string = string> = {
  name: N;
  ref: RefCallback<FieldElement | null>;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  onBlur: (event: { target: unknown }) => void;
};
export type UseFormSetError<T extends FieldValues> = (name: Path<T> | 'root', error: FieldError) => void;

const getPath = (obj: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o == null ? undefined : (o as Record<string, unknown>)[k]), obj);

function setPath(obj: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let o = obj;
  for (const k of keys.slice(0, -1)) {
    if (typeof o[k] !== 'object' || o[k] === null) o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  o[keys[keys.length - 1]!] = value;
}

const clone = <T>(value: T): T => structuredClone(value);

/** Flat errors ('a.b' → error) as the nested object the screens read. */
function nest(flat: Map<string, FieldError>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, error] of flat) {
    const existing = getPath(out, name);
    setPath(
      out,
      name,
      typeof existing === 'object' && existing ? Object.assign(existing, error) : { ...error },
    );
  }
  return out;
}

/** Nested errors (a resolver's) as flat entries: the innermost objects with a message. */
function flatten(errors: unknown, prefix = '', out = new Map<string, FieldError>()) {
  if (!errors || typeof errors !== 'object') return out;
  const e = errors as Record<string, unknown>;
  if (typeof e.message === 'string' && prefix)
    out.set(prefix, { type: e.type as string, message: e.message });
  for (const [key, value] of Object.entries(e)) {
    if (key !== 'message' && key !== 'type' && key !== 'ref' && typeof value === 'object')
      flatten(value, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

type Field = {
  elements: Set<FieldElement>;
  options: RegisterOptions;
  ref?: RefCallback<FieldElement | null>;
};

const isCheck = (el: FieldElement): el is HTMLInputElement =>
  el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');

/** What a field's inputs hold: a list for a group of checkboxes, the chosen radio's value. */
function readElements(elements: FieldElement[], current: unknown): unknown {
  const first = elements[0]!;
  if (first instanceof HTMLInputElement && first.type === 'checkbox') {
    if (elements.length > 1 || Array.isArray(current))
      return elements.filter((el) => (el as HTMLInputElement).checked).map((el) => el.value);
    return first.checked;
  }
  if (first instanceof HTMLInputElement && first.type === 'radio')
    return elements.find((el) => (el as HTMLInputElement).checked)?.value ?? null;
  return first.value;
}

function writeElement(el: FieldElement, value: unknown) {
  if (isCheck(el)) {
    el.checked = Array.isArray(value)
      ? value.map(String).includes(el.value)
      : el.type === 'radio'
        ? el.value === String(value)
        : Boolean(value);
  } else if (!(el instanceof HTMLInputElement && el.type === 'file')) {
    const text = value == null ? '' : String(value);
    if (el.value !== text) el.value = text;
  }
}

export function useForm<T extends FieldValues, _C = unknown, O = T>({
  defaultValues,
  resolver,
}: {
  defaultValues?: Partial<T> | T;
  resolver?: Resolver<T, unknown, O>;
} = {}) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [isSubmitting, setSubmitting] = useState(false);
  // Made once, so the methods keep their identity across renders (effects may depend on them).
  const form = useRef<ReturnType<typeof createForm<T, O>> | null>(null);
  form.current ??= createForm<T, O>((defaultValues ?? {}) as T, rerender, setSubmitting);
  form.current.state.resolver = resolver;
  const errors = nest(form.current.state.errors) as FieldErrors<T>;
  return { ...form.current.methods, errors, isSubmitting };
}

function createForm<T extends FieldValues, O>(
  defaultValues: T,
  rerender: () => void,
  setSubmitting: (submitting: boolean) => void,
) {
  const s = {
    defaults: clone(defaultValues),
    values: clone(defaultValues),
    fields: new Map<string, Field>(),
    errors: new Map<string, FieldError>(),
    submitted: false,
    watching: false,
    resolver: undefined as Resolver<T, unknown, O> | undefined,
  };
  const field = (name: string): Field => {
    const known = s.fields.get(name);
    if (known) return known;
    const made: Field = { elements: new Set(), options: {} };
    s.fields.set(name, made);
    return made;
  };
  const connected = (f: Field) => [...f.elements].filter((el) => el.isConnected);

  /** Reads a field from its inputs into the store (as setValueAs makes it). */
  const readField = (name: string) => {
    const f = s.fields.get(name);
    const elements = f ? connected(f) : [];
    if (!f || elements.length === 0) return;
    const raw = readElements(elements, getPath(s.values, name));
    setPath(
      s.values,
      name,
      f.options.setValueAs && typeof raw === 'string' ? f.options.setValueAs(raw) : raw,
    );
  };

  /** Every problem in the form now, by field name; the values to send when there is none. */
  const check = async (): Promise<{ errors: Map<string, FieldError>; values: O }> => {
    for (const name of s.fields.keys()) readField(name);
    if (s.resolver) {
      const result = await s.resolver(clone(s.values), undefined, undefined);
      return { errors: flatten(result.errors), values: result.values as O };
    }
    const errors = new Map<string, FieldError>();
    for (const [name, f] of s.fields) {
      const verdict = f.options.validate?.(getPath(s.values, name) as never);
      if (typeof verdict === 'string') errors.set(name, { type: 'validate', message: verdict });
    }
    return { errors, values: clone(s.values) as unknown as O };
  };

  /** Once a submit has failed, each change re-checks its field (and its deps): messages go or change. */
  const recheck = async (...names: string[]) => {
    if (!s.submitted) return;
    const { errors } = await check();
    const mine = (key: string) => names.some((name) => key === name || key.startsWith(`${name}.`));
    const before = JSON.stringify([...s.errors].filter(([key]) => mine(key)));
    for (const key of [...s.errors.keys()]) if (mine(key)) s.errors.delete(key);
    for (const [key, error] of errors) if (mine(key)) s.errors.set(key, error);
    if (JSON.stringify([...s.errors].filter(([key]) => mine(key))) !== before) rerender();
  };

  const register = <N extends Path<T>>(
    name: N,
    options: RegisterOptions<T, N> = {},
  ): UseFormRegisterReturn<N> => {
    const f = field(name);
    f.options = options as RegisterOptions;
    f.ref ??= (el) => {
      if (!el || f.elements.has(el)) return;
      f.elements.add(el);
      writeElement(el, getPath(s.values, name));
    };
    return {
      name,
      ref: f.ref,
      onChange: (event) => {
        readField(name);
        options.onChange?.(event);
        if (s.watching) rerender();
        void recheck(name, ...(options.deps ?? []));
      },
      onBlur: (event) => options.onBlur?.(event),
    };
  };

  const setValue = <N extends Path<T>>(
    name: N,
    value: PathValue<T, N>,
    opts: { shouldDirty?: boolean; shouldValidate?: boolean } = {},
  ) => {
    setPath(s.values, name, value);
    for (const el of connected(field(name))) writeElement(el, value);
    if (opts.shouldValidate) void recheck(name);
    rerender();
  };

  const watch = <N extends Path<T>>(name: N): PathValue<T, N> => {
    s.watching = true;
    return getPath(s.values, name) as PathValue<T, N>;
  };

  function getValues(): T;
  function getValues<N extends Path<T>>(name: N): PathValue<T, N>;
  function getValues(name?: string) {
    if (name === undefined) {
      for (const key of s.fields.keys()) readField(key);
      return clone(s.values);
    }
    readField(name);
    return getPath(s.values, name);
  }

  const setError: UseFormSetError<T> = (name, error) => {
    s.errors.set(name, error);
    rerender();
  };

  const clearErrors = (name?: Path<T>) => {
    if (name === undefined) s.errors.clear();
    else s.errors.delete(name);
    rerender();
  };

  /** Checks one field (or all): true when it is fine; its message is shown otherwise. */
  const trigger = async (name?: Path<T>): Promise<boolean> => {
    const { errors } = await check();
    if (name === undefined) s.errors = errors;
    else {
      s.errors.delete(name);
      const error = errors.get(name);
      if (error) s.errors.set(name, error);
    }
    rerender();
    return name === undefined ? errors.size === 0 : !errors.has(name);
  };

  const setFocus = (name: Path<T>) => {
    connected(field(name))[0]?.focus();
  };

  const reset = (values?: T) => {
    if (values) s.defaults = clone(values);
    s.values = clone(s.defaults);
    for (const [name, f] of s.fields)
      for (const el of connected(f)) writeElement(el, getPath(s.values, name));
    s.errors.clear();
    s.submitted = false;
    rerender();
  };

  const handleSubmit =
    (
      onValid: (values: O, event?: BaseSyntheticEvent) => unknown,
      onInvalid?: (errors: FieldErrors<T>) => void,
    ) =>
    async (event?: BaseSyntheticEvent) => {
      event?.preventDefault();
      setSubmitting(true);
      s.submitted = true;
      try {
        const { errors, values } = await check();
        s.errors = errors;
        rerender();
        if (errors.size > 0) {
          // The first field on the page that has a problem takes the focus (fields inside a
          // render prop register after the ones around them, so their order is not the page's).
          const invalid = [...s.fields].filter(([name]) => errors.has(name)).flatMap(([, f]) => connected(f));
          invalid.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
          invalid[0]?.focus();
          onInvalid?.(nest(errors) as FieldErrors<T>);
          return;
        }
        await onValid(values, event);
      } finally {
        setSubmitting(false);
      }
    };

  /** For Controller: a field whose input is a component with value/onChange (a switch, stars). */
  const control: Control<T> = {
    value: (name: string) => getPath(s.values, name),
    error: (name: string) => s.errors.get(name),
    change: (name: string, value: unknown) => {
      field(name);
      setPath(s.values, name, value);
      rerender();
      void recheck(name);
    },
  };

  return {
    state: s,
    methods: {
      register,
      handleSubmit,
      setError,
      clearErrors,
      reset,
      watch,
      setValue,
      getValues,
      trigger,
      setFocus,
      control,
    },
  };
}

/** What Controller needs of its form; `T` ties the field names to the form's values. */
export interface Control<T extends FieldValues> {
  value(name: string): unknown;
  error(name: string): FieldError | undefined;
  change(name: string, value: unknown): void;
  readonly values?: T;
}

/**
 * A resolver that checks the values with a contract schema: the parsed values on success, else the
 * first message for each field, placed where the field is (`emergency_contact.phone`).
 */
export function zodResolver<I extends FieldValues, O>(schema: z.ZodMiniType<O, I>): Resolver<I, unknown, O> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const flat = new Map<string, FieldError>();
    for (const issue of result.error.issues) {
      const name = issue.path.join('.');
      if (name && !flat.has(name)) flat.set(name, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: nest(flat) as FieldErrors<I> };
  };
}

/**
 * A resolver followed by the form's own rules: what the schema cannot know on its own (what is left
 * of this payment, the days this tenancy allows). `rules` sees the values and the schema's errors and
 * returns its own messages, which join them; the values go on only when there are none.
 */
export function withRules<I extends FieldValues, O>(
  resolver: Resolver<I, unknown, O>,
  rules: (values: I, errors: FieldErrors<I>) => FieldErrors<I> | Promise<FieldErrors<I>>,
): Resolver<I, unknown, O> {
  return async (values) => {
    const checked = await resolver(values);
    const errors = { ...checked.errors, ...(await rules(values, checked.errors as FieldErrors<I>)) };
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<I> } : checked;
  };
}

/**
 * A form resolver for a contract schema that is loaded on demand.
 *
 * zod/mini plus the contract schemas are loaded with a dynamic import, so the screen renders first
 * and the checks arrive while the person types (`preload()` on mount starts the download); they
 * count towards the route's journey budget (bench/bundle-size.mjs).
 * The schema is still the contract's own: client and server validate alike.
 *
 * If the checks cannot be loaded (offline), the form is sent as typed and the server's field errors,
 * which use the same messages, are shown instead.
 */
export function lazyZodResolver<I extends FieldValues, O>(
  load: () => Promise<z.ZodMiniType<O, I>>,
): Resolver<I, unknown, O> & { preload: () => void } {
  let pending: Promise<Resolver<I, unknown, O>> | undefined;
  const get = () => {
    pending ??= load()
      .then((schema) => zodResolver(schema))
      .catch((err: unknown) => {
        pending = undefined; // try again next time
        throw err;
      });
    return pending;
  };
  const resolver: Resolver<I, unknown, O> = async (values) => {
    let resolve: Resolver<I, unknown, O>;
    try {
      resolve = await get();
    } catch {
      return { values: values as unknown as O, errors: {} };
    }
    return resolve(values);
  };
  return Object.assign(resolver, {
    preload: () => {
      get().catch(() => undefined);
    },
  });
}

/** Put the server's per-field messages on the form's fields; return the overall message to show. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): string {
  if (err instanceof ApiError) {
    for (const [field, message] of Object.entries(err.fields)) setError(field as Path<T>, { message });
    return err.message;
  }
  return 'Something went wrong. Please try again.';
}

/** Whether the server put its reasons on fields (then the fields say it; no second message above). */
export const hasFieldErrors = (err: unknown) => err instanceof ApiError && Object.keys(err.fields).length > 0;

/**
 * The server's per-field messages on the form's fields; the message for the line above the form only
 * when none landed there (else null: the fields say it).
 */
export function serverErrorLine<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
): string | null {
  const message = applyServerErrors(err, setError);
  return hasFieldErrors(err) ? null : message;
}
