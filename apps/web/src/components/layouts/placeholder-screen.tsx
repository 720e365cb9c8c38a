import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Temporary screen body used by the walking skeleton until the screen's own issue lands. */
export function PlaceholderScreen({ name }: { name: string }) {
  useDocumentTitle(name);
  return (
    <section className="container-page py-10">
      <h1 className="text-2xl">{name}</h1>
    </section>
  );
}
