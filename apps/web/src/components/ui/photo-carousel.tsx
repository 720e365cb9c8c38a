import type { Photo } from '@studynest/contracts';
import { useRef, useState } from 'react';
import { useDataSaver } from '../../lib/data-saver.ts';
import { ChevronLeft, ChevronRight } from './icons.tsx';
import { StoredPhoto } from './stored-photo.tsx';

/** Wraps at both ends (docs/domain.md, "Hostels and rooms"): previous from the first shows the last, next from the last shows the first. */
export const wrapIndex = (index: number, length: number) => ((index % length) + length) % length;

/**
 * A hostel's gallery, and a room card's photos. The defaults are the hostel page's main gallery;
 * a room card says how wide it is (`sizes`), loads lazily (`priority` off), names its photos
 * "Room 01, photo 1 of 3" (`noun`), and names its buttons after the room, since a page of cards
 * has many.
 */
export function PhotoCarousel({
  photos: all,
  name,
  sizes = '(min-width: 1024px) 640px, 100vw',
  priority = true,
  noun = 'view',
  namedButtons = false,
}: {
  photos: Photo[];
  name: string;
  sizes?: string;
  /** The first photo is the page's main image: fetched first, never lazily. */
  priority?: boolean;
  noun?: 'view' | 'photo';
  namedButtons?: boolean;
}) {
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
        alt={`${name}, ${noun} ${current + 1} of ${all.length}`}
        sizes={sizes}
        // Later photos load only when shown.
        priority={priority && current === 0}
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
            aria-label={namedButtons ? `Previous photo of ${name}` : 'Previous photo'}
            className="absolute top-1/2 left-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
          >
            <ChevronLeft />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={namedButtons ? `Next photo of ${name}` : 'Next photo'}
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
