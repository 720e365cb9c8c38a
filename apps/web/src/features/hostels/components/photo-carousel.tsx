import type { Photo } from '@studynest/contracts';
import { useRef, useState } from 'react';
import { ChevronLeft, ChevronRight } from '../../../components/ui/icons.tsx';
import { StoredPhoto } from '../../../components/ui/stored-photo.tsx';
import { useDataSaver } from '../../../lib/data-saver.ts';

/** Wraps at both ends (docs/domain.md, "Hostels and rooms"): previous from the first shows the last, next from the last shows the first. */
export const wrapIndex = (index: number, length: number) => ((index % length) + length) % length;

export function PhotoCarousel({ photos: all, name }: { photos: Photo[]; name: string }) {
  const [index, setIndex] = useState(0);
  // Data saver: one photo, not a gallery to page through.
  const saver = useDataSaver();
  const photos = saver ? all.slice(0, 1) : all;
  const touchStart = useRef<number | null>(null);
  if (photos.length === 0) {
    return (
      <div className="flex aspect-[3/2] items-center justify-center rounded-[var(--radius-card)] bg-subtle text-muted">
        No photos yet
      </div>
    );
  }
  const current = wrapIndex(index, photos.length);
  const photo = photos[current]!;
  const go = (delta: number) => setIndex((i) => wrapIndex(i + delta, photos.length));

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${name}`}
      className="relative overflow-hidden rounded-[var(--radius-card)] bg-subtle"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        if (e.key === 'ArrowRight') go(1);
      }}
      onTouchStart={(e) => {
        touchStart.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchStart.current;
        const end = e.changedTouches[0]?.clientX;
        touchStart.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < 40) return;
        go(end < start ? 1 : -1);
      }}
    >
      <StoredPhoto
        key={photo._id}
        photo={photo}
        alt={`${name}, view ${current + 1} of ${all.length}`}
        sizes="(min-width: 1024px) 640px, 100vw"
        // The first photo is the page's main image; later ones load only when shown.
        priority={current === 0}
        className="aspect-[3/2] h-auto w-full object-cover"
      />
      {saver && all.length > 1 && (
        <p className="absolute right-3 bottom-3 rounded-full bg-black/65 px-3 py-1 text-xs font-semibold text-white">
          Data saver: 1 of {all.length} photos
        </p>
      )}
      {photos.length > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label="Previous photo"
            className="absolute top-1/2 left-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
          >
            <ChevronLeft />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label="Next photo"
            className="absolute top-1/2 right-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
          >
            <ChevronRight />
          </button>
          <p
            aria-live="polite"
            className="absolute right-3 bottom-3 rounded-full bg-black/65 px-3 py-1 text-xs font-semibold text-white"
          >
            {current + 1} / {photos.length}
          </p>
        </>
      )}
    </section>
  );
}
