// 404 (SPEC §2): 'Oops! Page not found', a 'Return to Home' link to /, and the missing path logged to the console.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { ArrowLeft, Compass } from 'lucide-react';
import { Button } from '@app/ui';

export default function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <section className="relative isolate flex min-h-[70vh] items-center justify-center overflow-hidden px-4 py-16">
      <div
        aria-hidden
        className="bg-primary/15 absolute top-0 left-1/2 -z-10 size-[28rem] -translate-x-1/2 -translate-y-1/2 rounded-full blur-3xl"
      />
      <div className="flex max-w-md flex-col items-center text-center">
        <span className="bg-primary/10 text-primary mb-6 flex size-14 items-center justify-center rounded-2xl">
          <Compass className="size-7" aria-hidden />
        </span>
        <p className="text-primary text-sm font-semibold tracking-widest uppercase">Error 404</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">Oops! Page not found</h1>
        <p className="text-muted-foreground mt-4 text-base">
          We couldn&rsquo;t find{' '}
          <code className="bg-muted rounded px-1.5 py-0.5 text-sm [overflow-wrap:anywhere]">
            {location.pathname}
          </code>
          . It may have moved, or the link may be mistyped.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">
            <ArrowLeft aria-hidden />
            Return to Home
          </Link>
        </Button>
      </div>
    </section>
  );
}
