/** A value made on first use, then kept (Intl formatters: creating one costs a phone tens of milliseconds). */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
