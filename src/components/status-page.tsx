import Link from "@/components/app-link";

/** The 404 and 403 pages: what happened, and where to go from here. */
export function StatusPage({ code, title, children }: { code: number; title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col justify-center gap-4 p-6">
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
    </main>
  );
}
