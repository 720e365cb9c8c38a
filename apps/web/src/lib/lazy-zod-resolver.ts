import type * as z from 'zod/mini';
import { type FieldValues, type Resolver, zodResolver } from './form.ts';

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
