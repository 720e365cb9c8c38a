import { useEffect } from 'react';

/** Meaningful per-route titles (screen readers announce them; tabs show them). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · StudyNest` : 'StudyNest — student hostels in Nigeria';
  }, [title]);
}
