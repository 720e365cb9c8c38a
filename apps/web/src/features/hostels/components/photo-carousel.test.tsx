import type { Photo } from '@studynest/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoCarousel, wrapIndex } from './photo-carousel.tsx';

const photo = (n: number): Photo => ({
  _id: `p${n}`,
  src: `/uploads/hostels/p${n}.jpg`,
  width: 1200,
  height: 800,
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

  it('says so when there are no photos', () => {
    render(<PhotoCarousel photos={[]} name="Empty" />);
    expect(screen.getByText('No photos yet')).toBeTruthy();
  });
});
