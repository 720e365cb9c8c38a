import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <section className="container-page flex flex-col items-start gap-4 py-16">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl">Page not found</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home.getHref()} className="btn-primary">
        Go to the home page
      </Link>
    </section>
  );
}
