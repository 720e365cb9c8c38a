import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Job vacancies');
  return (
    <section className="section-page">
      <div className="mx-auto flex max-w-2xl flex-col items-start gap-5">
        <p className="eyebrow">Careers at StudyNest</p>
        <h1 className="text-3xl sm:text-4xl">No Open Positions at the Moment!</h1>
        <p className="text-lg leading-relaxed text-ink">
          Thank you for your interest in working with us. We are not hiring right now: there are no open roles
          — such as site supervisor, agent or showcase person — at any of our hostels.
        </p>
        <p className="text-lg leading-relaxed text-muted">
          New positions are posted on this page as soon as they open, so please check back later.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.home.getHref()} className="btn-primary">
            Back to the home page
          </Link>
          <Link to={paths.about.getHref()} className="btn-secondary">
            About StudyNest
          </Link>
        </div>
      </div>
    </section>
  );
}
