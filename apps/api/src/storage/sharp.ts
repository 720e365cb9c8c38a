import type sharpModule from 'sharp';

let sharp: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on the first image this process handles: libvips costs ~20 MB of resident memory,
 * and an API process may serve for days without an upload. Its operation cache is off: each photo
 * is encoded once, so cached operations would only hold memory.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  sharp ??= import('sharp').then(({ default: loaded }) => {
    loaded.cache(false);
    return loaded;
  });
  return sharp;
}
