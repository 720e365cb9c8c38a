import { useEffect } from 'react';

/** The <title> for a screen's title ('' for the landing page). */
export const documentTitle = (title: string) =>
  title ? `${title} · StudyNest` : 'StudyNest — student hostels in Nigeria';

/** Meaningful per-route titles (screen readers announce them; tabs show them). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
