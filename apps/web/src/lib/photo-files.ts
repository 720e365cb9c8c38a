import { BUSINESS } from '@studynest/contracts/constants';

/**
 * What the server takes as a photo (it decides by content; this only spares a wasted upload):
 * JPEG, PNG (screenshots) and HEIC/HEIF (iPhone photos). Some browsers give a HEIC no type at all.
 */
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.heic,.heif,image/jpeg,image/png,image/heic,image/heif';
export const PHOTO_KINDS = 'JPEG, PNG or HEIC (.jpg, .jpeg, .png, .heic)';

const TYPES = new Set(['image/jpeg', 'image/png', 'image/heic', 'image/heif']);

const isPhotoFile = (file: File) =>
  TYPES.has(file.type) || (file.type === '' && /\.(?:jpe?g|png|heic|heif)$/i.test(file.name));

/** Why some of these files cannot be sent as photos, or null when all can. */
export function notPhotos(files: File[]): string | null {
  const refused = files.filter((f) => !isPhotoFile(f));
  if (!refused.length) return null;
  return `Only ${PHOTO_KINDS} photos can be sent. Not a photo: ${refused.map((f) => f.name).join(', ')}`;
}

export const PHOTO_MAX_MB = BUSINESS.maxImageBytes / (1024 * 1024);

/**
 * Why these files cannot be sent as photos (not a photo, or larger than the server takes), naming
 * the files; null when all can. The server checks again, by content.
 */
export function photoFilesProblem(files: File[]): string | null {
  const refused = notPhotos(files);
  if (refused) return refused;
  const tooBig = files.filter((f) => f.size > BUSINESS.maxImageBytes);
  if (!tooBig.length) return null;
  return `Each photo must be ${PHOTO_MAX_MB} MB or smaller. Too large: ${tooBig.map((f) => f.name).join(', ')}`;
}
