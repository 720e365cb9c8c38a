import type { Room } from '@studynest/contracts';
import { BUSINESS } from '@studynest/contracts/constants';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { StoredPhoto } from '../../../components/ui/stored-photo.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { PHOTO_ACCEPT, PHOTO_KINDS, PHOTO_MAX_MB, photoFilesProblem } from '../../../lib/photo-files.ts';
import { useAddRoomPhotos, useRemoveRoomPhoto } from '../api/room-mutations.ts';

const MAX = BUSINESS.maxRoomImages;

/** Why these files cannot be added to a room that has `has` photos, or null. */
export function checkRoomPhotos(files: File[], has: number): string | null {
  const problem = photoFilesProblem(files);
  if (problem) return problem;
  const room = Math.max(0, MAX - has);
  if (files.length > room) {
    return `A room can have at most ${MAX} photos: you can add ${room} more (you chose ${files.length}). Remove some first to add more.`;
  }
  return null;
}

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Something went wrong. Please try again.';

/**
 * The Update Room page's photos: each saved at once, apart from the room's other fields (a photo
 * is stored when it is chosen, removed when Remove is pressed), so nothing waits for Update Room.
 */
export function RoomPhotos({ room }: { room: Room }) {
  const inputId = useId();
  const add = useAddRoomPhotos(room._id);
  const remove = useRemoveRoomPhoto(room._id);
  const [error, setError] = useState<string | null>(null);
  const name = room.room_number.charAt(0).toUpperCase() + room.room_number.slice(1);
  const busy = add.isPending || remove.isPending;
  const full = room.photos.length >= MAX;

  const choose = async (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    // Cleared at once, so choosing the same file again after a refusal is a change too.
    input.value = '';
    if (files.length === 0) return;
    const problem = checkRoomPhotos(files, room.photos.length);
    setError(problem);
    if (problem) return;
    try {
      await add.mutateAsync(files);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const removePhoto = async (photoId: string) => {
    setError(null);
    try {
      await remove.mutateAsync(photoId);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex flex-col gap-3 border-t border-line pt-5">
      <h2 id={`${inputId}-heading`} className="text-lg">
        Photos
      </h2>
      {room.photos.length === 0 ? (
        <p className="text-sm text-muted">No photos of this room yet: the hostel page shows the hostel's.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={`Photos of ${name}`}>
          {room.photos.map((photo, i) => (
            <li key={photo._id} className="flex flex-col gap-1" data-testid="room-photo">
              <StoredPhoto
                photo={photo}
                alt={`${name}, photo ${i + 1} of ${room.photos.length}`}
                sizes="(min-width: 640px) 180px, 45vw"
                className="aspect-[3/2] h-auto w-full rounded-lg object-cover"
              />
              <button
                type="button"
                className="btn-secondary min-h-11 text-sm"
                disabled={busy}
                onClick={() => removePhoto(photo._id)}
              >
                {remove.isPending && remove.variables === photo._id ? 'Removing…' : `Remove photo ${i + 1}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="label">
          Add photos
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          disabled={busy || full}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          aria-invalid={Boolean(error)}
          onChange={(e) => choose(e.currentTarget)}
          className="file-input"
        />
        <p id={`${inputId}-hint`} className="text-sm text-muted">
          {PHOTO_KINDS}, up to {PHOTO_MAX_MB} MB each, at most {MAX} photos per room
          {full ? ': remove one to add another' : ` (${MAX - room.photos.length} more can be added)`}. Each is
          saved as soon as it is chosen.
        </p>
        <p className="text-sm font-semibold text-ink" aria-live="polite">
          {add.isPending ? 'Uploading photos…' : remove.isPending ? 'Removing photo…' : ''}
        </p>
        {error && (
          <div id={`${inputId}-error`}>
            <Alert tone="error">{error}</Alert>
          </div>
        )}
      </div>
    </section>
  );
}
