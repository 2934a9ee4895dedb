import { useTranslations } from "next-intl";
import Link from "@/components/app-link";

/**
 * The 404 and 403 pages: what happened, and where to go from here. Each area renders them inside
 * its own layout (the site's header and footer, the back office's sidebar), whose <main> holds them.
 */
export function StatusPage({ code, title, children }: { code: number; title: string; children: React.ReactNode }) {
  const t = useTranslations("common");
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-xl flex-col justify-center gap-4 p-6">
      <p className="font-mono text-sm text-muted-foreground">{t("status.error", { code })}</p>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <div className="text-muted-foreground">{children}</div>
      <p className="flex gap-4 text-sm">
        <Link className="font-medium text-primary underline underline-offset-4" href="/">
          {t("status.homePage")}
        </Link>
        <Link className="font-medium text-primary underline underline-offset-4" href="/bo">
          {t("backOffice")}
        </Link>
      </p>
    </div>
  );
}

export function NotFoundStatus() {
  const t = useTranslations("common.status");
  return (
    <StatusPage code={404} title={t("notFoundTitle")}>
      <p>{t("notFoundText")}</p>
    </StatusPage>
  );
}

export function ForbiddenStatus() {
  const t = useTranslations("common.status");
  return (
    <StatusPage code={403} title={t("forbiddenTitle")}>
      <p>{t("forbiddenText")}</p>
    </StatusPage>
  );
}
