import { describe, expect, it } from 'vitest';
import { checkRoomPhotos } from './room-photos.tsx';

const file = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe('checkRoomPhotos', () => {
  it('names what is not a photo, and what is too large, before anything is sent', () => {
    expect(checkRoomPhotos([file('notes.pdf', 'application/pdf')], 0)).toMatch(/Not a photo: notes\.pdf$/);
    expect(checkRoomPhotos([file('big.jpg', 'image/jpeg', 8 * 1024 * 1024 + 1)], 0)).toBe(
      'Each photo must be 8 MB or smaller. Too large: big.jpg',
    );
  });

  it('counts the photos the room has against the 8 a room may have', () => {
    const two = [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')];
    expect(checkRoomPhotos(two, 6)).toBeNull();
    expect(checkRoomPhotos(two, 7)).toBe(
      'A room can have at most 8 photos: you can add 1 more (you chose 2). Remove some first to add more.',
    );
  });
});
