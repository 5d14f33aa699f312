// The centred card every account page (login, verification, reset) sits in.
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/ui';

export function AuthShell({
  title,
  description,
  icon,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="relative isolate flex min-h-[70vh] items-center justify-center overflow-hidden px-4 py-12 sm:py-16">
      <div
        aria-hidden
        className="bg-primary/10 absolute top-0 left-1/2 -z-10 size-[26rem] -translate-x-1/2 -translate-y-1/3 rounded-full blur-3xl"
      />
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          {icon ? (
            <span className="bg-primary/10 text-primary mx-auto mb-2 flex size-12 items-center justify-center rounded-xl">
              {icon}
            </span>
          ) : null}
          <CardTitle role="heading" aria-level={1} className="text-2xl">
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
