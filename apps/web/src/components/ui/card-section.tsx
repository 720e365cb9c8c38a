import { createContext, type ReactNode, useContext, useId } from 'react';

/** Cards inside a titled part of a page (the profile's sections) sit a heading level below its title. */
export const InPart = createContext(false);

/**
 * A titled card of a page (the profile's sections): a region named by its heading, so screen
 * readers list it and can jump to it. `intro` is a line under the title; `roomy` gives forms more air.
 */
export function CardSection({
  title,
  intro,
  roomy = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  roomy?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = useContext(InPart) ? 'h3' : 'h2';
  const heading = (
    <Heading id={id} className="text-xl">
      {title}
    </Heading>
  );
  return (
    <section aria-labelledby={id} className={`card flex flex-col ${roomy ? 'gap-4 p-5 sm:p-6' : 'gap-3'}`}>
      {intro ? (
        <div>
          {heading}
          <p className="mt-1 text-sm text-muted">{intro}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
