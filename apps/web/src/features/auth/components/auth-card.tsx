import type { ReactNode } from 'react';

/** The centred card every account screen sits in. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="container-page flex justify-center py-8 sm:py-12">
      <div className="card w-full max-w-md p-5 sm:p-7">
        <h1 className="text-2xl">{title}</h1>
        {intro && <div className="mt-2 text-muted">{intro}</div>}
        <div className="mt-5">{children}</div>
      </div>
    </section>
  );
}
