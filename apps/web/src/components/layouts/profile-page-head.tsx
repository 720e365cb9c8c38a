import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

/**
 * The head of a page of its own linked from the profile (kept apart so the profile does not carry
 * it): the way back to her profile, then the page's title.
 */
export function ProfilePageHead({ userId, title }: { userId: string; title: string }) {
  return (
    <>
      <Link to={paths.profile.getHref(userId)} className="self-start font-semibold text-brand-800 underline">
        Back to my profile
      </Link>
      <h1 className="text-2xl">{title}</h1>
    </>
  );
}
