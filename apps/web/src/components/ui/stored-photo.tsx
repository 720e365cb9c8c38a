import type { Photo } from '@studynest/contracts';
import { useState } from 'react';
import { useDataSaver } from '../../lib/data-saver.ts';

/**
 * A stored photo (hostel, maintenance): WebP renditions by `sizes`, so a phone fetches the 480 px
 * one, not the 1600 px JPEG (the fallback for browsers without WebP); its dominant colour and its
 * width and height hold its place while it loads. With data saver on it loads only when tapped.
 */
export function StoredPhoto({
  photo,
  alt,
  sizes,
  className = '',
  priority = false,
}: {
  photo: Photo;
  alt: string;
  /** How wide it is shown, as the `sizes` attribute says it. */
  sizes: string;
  className?: string;
  /** The page's main image: fetched first, never lazily. */
  priority?: boolean;
}) {
  const saver = useDataSaver();
  const [tapped, setTapped] = useState(false);
  const style = { backgroundColor: photo.placeholder };
  if (saver && !tapped) {
    return (
      <button
        type="button"
        // Inside a card's link, a tap loads the photo rather than opening the card.
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setTapped(true);
        }}
        aria-label={`Tap to load photo: ${alt}`}
        className={`flex items-center justify-center ${className}`}
        style={style}
      >
        <span className="rounded-full bg-black/65 px-2 py-1 text-xs font-semibold text-white">
          Tap to load photo
        </span>
      </button>
    );
  }
  return (
    <picture>
      <source
        type="image/webp"
        srcSet={photo.variants.map((v) => `${v.url} ${v.width}w`).join(', ')}
        sizes={sizes}
      />
      <img
        src={photo.src}
        alt={alt}
        width={photo.width}
        height={photo.height}
        fetchPriority={priority ? 'high' : 'auto'}
        loading={priority || tapped ? 'eager' : 'lazy'}
        decoding="async"
        style={style}
        className={className}
      />
    </picture>
  );
}
