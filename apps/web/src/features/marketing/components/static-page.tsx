import type { SiteInfo } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { siteQueries } from '../api/marketing-queries.ts';

/** The band that opens a public page: a small label, the title, a lead paragraph. */
export function PageBand({
  eyebrow,
  title,
  lead,
  className = 'pt-10 pb-4 sm:pt-14 sm:pb-6',
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  className?: string;
}) {
  return (
    <header className="bg-gradient-to-b from-brand-50 to-white">
      <div className={`container-page ${className}`}>
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-2 text-3xl sm:text-4xl">{title}</h1>
        <div className="mt-4 max-w-3xl text-lg text-muted">{lead}</div>
      </div>
    </header>
  );
}

/**
 * The frame every long-form page shares (help, terms, privacy): the document title, the band, then
 * readable text that may quote the server's settings (support contacts, notice periods) — loaded
 * here, with a line saying so when they could not be.
 */
export function StaticPage({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const site = useSiteInfo();
  return (
    <article>
      <PageBand eyebrow={eyebrow} title={title} lead={lead} />
      <div className="container-page pb-6">
        <div className="prose-page">
          <SiteInfoError error={site.error} retry={() => site.refetch()} />
          {children}
        </div>
      </div>
    </article>
  );
}

/** Server settings (support contacts, notice periods) the legal and help texts quote. */
export function useSiteInfo() {
  return useQuery(siteQueries.info());
}

/** One configured value inline in a sentence; a short placeholder while it loads. */
export function SiteValue({ field }: { field: keyof SiteInfo }) {
  const info = useSiteInfo().data;
  if (!info) return <span className="text-muted">…</span>;
  return <strong>{info[field]}</strong>;
}

function SiteInfoError({ error, retry }: { error: Error | null; retry: () => void }) {
  if (!error) return null;
  return (
    <div className="mt-6">
      <Alert tone="error">
        <p>Some contact details and notice periods could not be loaded: {error.message}</p>
        <button type="button" className="mt-2 font-semibold underline" onClick={retry}>
          Try again
        </button>
      </Alert>
    </div>
  );
}
