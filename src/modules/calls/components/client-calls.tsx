import { getTranslations } from "next-intl/server";
import Link from "@/components/app-link";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/session";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";
import { findCallFormOptions, findClientCalls } from "../call-queries";
import { CallTable } from "./call-table";

/** The calls of one client, for the client page (/bo/clients/{id}); latest first. */
export async function ClientCalls({ clientId }: { clientId: string }) {
  const viewer = await requireUser();
  if (!can(viewer, "call.read")) return null;
  const db = getDb();
  const t = await getTranslations("calls.client");
  const settings = await getPageSettings();
  const [{ rows, total }, options] = await Promise.all([
    findClientCalls(db, clientId, 20),
    findCallFormOptions(db, viewer, settings.timezone),
  ]);
  return (
    <section aria-labelledby="client-calls-title" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="client-calls-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <Link
          href={`/bo/calls?view=history&client=${clientId}`}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          {total > rows.length ? t("all", { total }) : t("openLog")}
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        <CallTable
          rows={rows}
          firm={{ country: settings.country, locale: settings.locale, timezone: settings.timezone }}
          options={options}
          now={new Date()}
          showClient={false}
          caption={t("caption")}
        />
      )}
    </section>
  );
}
