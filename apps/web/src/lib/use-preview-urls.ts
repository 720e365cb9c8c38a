import { useEffect, useState } from 'react';

/** Object URLs for the chosen files, revoked when the selection changes or the form goes away. */
export function usePreviewUrls(files: File[]) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const next = files.map((f) => URL.createObjectURL(f));
    setUrls(next);
    return () => {
      for (const u of next) URL.revokeObjectURL(u);
    };
  }, [files]);
  return urls;
}
