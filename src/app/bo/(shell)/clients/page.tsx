import { languageOptions } from "@/i18n/catalogs";
import { getTranslations } from "next-intl/server";
import { PagedList } from "@/components/list/paged-list";
import { PageHeader } from "@/components/page-header";
import { getDb } from "@/db/client";
import type { SearchParams } from "@/lib/search-params";
import { requirePagePermission } from "@/lib/session";
import { can } from "@/modules/users/permissions";
import { findClients } from "@/modules/clients/client-queries";
import { clientList } from "@/modules/clients/client-schemas";
import { ClientFilters, ClientListEmpty, ClientTable } from "@/modules/clients/components/client-list";
import { CreateClientDialog } from "@/modules/clients/components/client-form";
import { getPageSettings } from "@/modules/settings/page-settings";

export async function generateMetadata() {
  const t = await getTranslations("clients.list");
  return { title: t("title") };
}

export default async function ClientsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const viewer = await requirePagePermission("client.read");
  const t = await getTranslations("clients.list");
  const params = clientList.parse(await searchParams);
  const db = getDb();
  const [settings, list] = await Promise.all([
    getPageSettings(),
    findClients(db, {
      q: params.q,
      archived: params.archived,
      sort: params.sort,
      direction: params.dir,
      page: params.page,
      pageSize: params.size,
    }),
  ]);
  const canManage = can(viewer, "client.edit");
  const newClient = canManage ? (
    <CreateClientDialog
      defaults={{
        currency: settings.currency,
        paymentTermsDays: settings.paymentTermsDays,
        country: settings.country,
        languages: languageOptions(),
        firmLanguage: settings.documentLanguage,
      }}
    />
  ) : null;

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title={t("title")} description={t("description")} actions={newClient} />
      <ClientFilters params={params} />
      <PagedList
        list={list}
        noun={{ one: t("noun.one"), other: t("noun.other") }}
        locale={settings.locale}
        href={(page) => clientList.href({ ...params, page })}
        empty={<ClientListEmpty searched={Boolean(params.q)} canManage={canManage} action={newClient} />}
      >
        <ClientTable rows={list.rows} params={params} />
      </PagedList>
    </div>
  );
}
