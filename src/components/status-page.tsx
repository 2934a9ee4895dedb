import Link from "@/components/app-link";

/**
 * The 404 and 403 pages: what happened, and where to go from here. Each area renders them inside
 * its own layout (the site's header and footer, the back office's sidebar), whose <main> holds them.
 */
export function StatusPage({ code, title, children }: { code: number; title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col justify-center gap-4 p-6">
      <p className="font-mono text-sm text-muted-foreground">Error {code}</p>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <div className="text-muted-foreground">{children}</div>
      <p className="flex gap-4 text-sm">
        <Link className="font-medium text-primary underline underline-offset-4" href="/">
          Home page
        </Link>
        <Link className="font-medium text-primary underline underline-offset-4" href="/bo">
          Back office
        </Link>
      </p>
    </div>
  );
}

export function NotFoundStatus() {
  return (
    <StatusPage code={404} title="Page not found">
      <p>There is nothing at this address. It may have been moved or deleted, or the link may be mistyped.</p>
    </StatusPage>
  );
}

export function ForbiddenStatus() {
  return (
    <StatusPage code={403} title="Access denied">
      <p>Your role does not give access to this page. If you need it, ask an administrator of your firm.</p>
    </StatusPage>
  );
}
