import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * The API's answer for a hostel (or room) that was closed or removed, or never was (404), or a link
 * whose id could not be one (400): nothing to try again.
 */
export const isHostelGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** Its tab and window title (the screen sets it: a child's title would be overwritten by its parent's). */
export const HOSTEL_GONE_TITLE = 'Hostel no longer listed';

const GONE = {
  hostel: {
    heading: 'This hostel is no longer listed',
    text: 'It may have closed, or been taken off StudyNest.',
  },
  room: {
    heading: 'This room is no longer listed',
    text: 'Its hostel may have closed, or the room been taken off StudyNest.',
  },
} as const;

/**
 * Where an old link to a closed or removed hostel lands (the server renders it too, with a 404), or
 * a room's booking link: it says so, and offers the search and the home page instead of "Try again".
 */
export function HostelNotListed({ subject = 'hostel' }: { subject?: keyof typeof GONE }) {
  const { heading, text } = GONE[subject];
  return (
    <section className="container-page flex max-w-2xl flex-col items-start gap-4 py-12 sm:py-16">
      <h1 className="text-2xl sm:text-3xl">{heading}</h1>
      <p className="text-muted">
        {text} Other hostels near your school may have rooms free: search by university, price and distance.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.hostels.getHref()} className="btn-primary">
          Search hostels
        </Link>
        <Link to={paths.home.getHref()} className="btn-secondary">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
