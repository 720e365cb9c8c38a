import type { SiteInfo } from '@studynest/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { siteQueries } from '../../features/marketing/api/marketing-queries.ts';
import { Component as Privacy } from './privacy.tsx';

afterEach(cleanup);

/** The page as a visitor reads it, with the periods the server states (GET /api/site). */
function renderPrivacy() {
  const client = new QueryClient();
  client.setQueryData(siteQueries.info().queryKey, {
    documentRetentionDays: 45,
    dataExportHours: 24,
  } as SiteInfo);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Privacy />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return (screen.getByRole('article').textContent ?? '').replace(/\s+/g, ' ');
}

describe('privacy page', () => {
  it('states how long documents, agreements and condition photos are kept, with the configured days', () => {
    const text = renderPrivacy();
    expect(text).toContain(
      'your documents are deleted 45 days after your last tenancy ends, or, if you do not rent, that many days after your last upload, booking or payment',
    );
    expect(text).toContain(
      "Your signed tenancy agreements and your room's condition reports, with their photos, are kept with these records for the same six years",
    );
    expect(text).toContain('Then your name, e-mail, phone, your documents and the photos you sent');
    expect(text).toContain('your signed tenancy agreements as PDF files');
  });
});
