import type * as React from "react";

/** The centred card of the sign-in pages (sign-in, forgotten password, the mailed links). */
export function AuthCard({
  firmName,
  title,
  children,
}: {
  firmName: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 shadow-sm">
        <p className="text-sm font-medium text-muted-foreground">{firmName}</p>
        <h1 className="mt-1 mb-6 text-2xl font-semibold tracking-tight">{title}</h1>
        {children}
      </div>
    </main>
  );
}
