import type { Photo } from '@studynest/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDataSaver } from '../../lib/data-saver.ts';
import { PhotoCarousel, wrapIndex } from './photo-carousel.tsx';

const photo = (n: number): Photo => ({
  _id: `p${n}`,
  src: `/uploads/hostels/p${n}.jpg`,
  width: 1200,
  height: 800,
  placeholder: '#8899aa',
  variants: [{ url: `/uploads/hostels/p${n}-480.webp`, width: 480 }],
});

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(7, 3)).toBe(1);
  });
});

describe('PhotoCarousel', () => {
  it('pages past both ends', () => {
    render(<PhotoCarousel photos={[photo(1), photo(2), photo(3)]} name="Unity Court" />);
    const img = () => screen.getByRole('img');
    expect(img().getAttribute('alt')).toBe('Unity Court, view 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(img().getAttribute('alt')).toBe('Unity Court, view 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(img().getAttribute('alt')).toBe('Unity Court, view 1 of 3');
    expect(img().getAttribute('width')).toBe('1200');
  });

  it("as a room card's: lazy, named photos, and buttons named after the room (a page has many cards)", () => {
    const { container } = render(
      <PhotoCarousel
        photos={[photo(1), photo(2)]}
        name="Room 01"
        sizes="calc(100vw - 4rem)"
        priority={false}
        noun="photo"
        namedButtons
      />,
    );
    const card = within(container);
    const img = () => card.getByRole('img');
    expect(img().getAttribute('alt')).toBe('Room 01, photo 1 of 2');
    expect(img().getAttribute('loading')).toBe('lazy');
    expect(img().getAttribute('fetchpriority')).toBe('auto');
    fireEvent.click(card.getByRole('button', { name: 'Next photo of Room 01' }));
    expect(img().getAttribute('alt')).toBe('Room 01, photo 2 of 2');
  });

  it('says so when there are no photos', () => {
    render(<PhotoCarousel photos={[]} name="Empty" />);
    expect(screen.getByText('No photos yet')).toBeTruthy();
  });
});

describe('PhotoCarousel with data saver on', () => {
  afterEach(() => {
    setDataSaver(false);
    localStorage.clear();
  });

  it('shows one photo, loaded only when tapped, in its colour meanwhile', () => {
    setDataSaver(true);
    const { container } = render(
      <PhotoCarousel photos={[photo(1), photo(2), photo(3)]} name="Unity Court" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(within(container).queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(within(container).getByText('Data saver: 1 of 3 photos')).toBeTruthy();
    const tap = within(container).getByRole('button', { name: /Tap to load photo/ });
    expect(tap.style.backgroundColor).toBe('rgb(136, 153, 170)');
    fireEvent.click(tap);
    expect(container.querySelector('source')?.getAttribute('srcset')).toBe(
      '/uploads/hostels/p1-480.webp 480w',
    );
  });
});
