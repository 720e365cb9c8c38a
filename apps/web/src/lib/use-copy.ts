import { type RefObject, useState } from 'react';

/**
 * Copy `text` to the clipboard. Without a clipboard (an older browser, or a page not served over
 * HTTPS) the element in `ref` is selected instead, so the person can copy it from the browser menu.
 * `done` says which happened last, for a polite status line beside the button.
 */
export function useCopy(text: string, ref: RefObject<HTMLElement | null>) {
  const [done, setDone] = useState<'copied' | 'selected' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone('copied');
    } catch {
      const node = ref.current;
      const selection = window.getSelection();
      if (node && selection) {
        const range = document.createRange();
        range.selectNodeContents(node);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setDone('selected');
    }
  };
  return { done, copy };
}
