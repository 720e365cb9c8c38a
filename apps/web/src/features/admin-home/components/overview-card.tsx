import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

/**
 * One card of the admin home: a region named by its title, its main figure large, what the figure
 * means under it, and the list it was counted from one tap away.
 */
export function OverviewCard({
  title,
  figure,
  caption,
  link,
  children,
}: {
  title: string;
  figure: ReactNode;
  caption: ReactNode;
  link: { to: string; label: string };
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card flex flex-col gap-2">
      <h2 id={id} className="text-base text-muted">
        {title}
      </h2>
      <p className="text-3xl font-bold text-ink" data-figure="">
        {figure}
      </p>
      <p className="text-sm text-muted">{caption}</p>
      {children}
      <Link to={link.to} className="mt-auto pt-2 text-sm font-semibold text-brand-700 underline">
        {link.label}
      </Link>
    </section>
  );
}

/** YYYY-MM as "November 2026". */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
