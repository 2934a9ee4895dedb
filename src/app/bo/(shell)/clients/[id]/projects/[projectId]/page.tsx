import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import Link from "@/components/app-link";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { getDb } from "@/db/client";
import { formatMoney } from "@/lib/money";
import { orErrorPage } from "@/lib/page-errors";
import { requirePagePermission } from "@/lib/session";
import { findAssignablePeople, findClientProjects, getClient } from "@/modules/clients/client-queries";
import { ProjectBudgetBar } from "@/modules/clients/components/project-budget-bar";
import { ProjectDialog } from "@/modules/clients/components/project-form";
import { findBudgetUsage } from "@/modules/clients/project-budget-queries";
import { getPageSettings } from "@/modules/settings/page-settings";
import { can } from "@/modules/users/permissions";

export async function generateMetadata() {
  const t = await getTranslations("clients.project");
  return { title: t("metaTitle") };
}

/** One project: its budget against what is spent this period, its rate, and (for managers) its form. */
export default async function ProjectPage({ params }: { params: Promise<{ id: string; projectId: string }> }) {
  const viewer = await requirePagePermission("client.read");
  const t = await getTranslations("clients.project");
  const { id, projectId } = await params;
  const db = getDb();
  const client = await orErrorPage(getClient(db, id));
  const project = (await findClientProjects(db, client.id)).find((candidate) => candidate.id === projectId);
  if (!project) notFound();
  const settings = await getPageSettings();
  const [usage] = await findBudgetUsage(db, { projectIds: [project.id] }, settings);
  const seesBilling = can(viewer, "billing.read");
  const people = can(viewer, "client.edit") ? await findAssignablePeople(db) : [];
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {project.name}
            {project.archivedAt ? <Badge variant="neutral">{t("archived")}</Badge> : null}
          </span>
        }
        description={
          <Link href={`/bo/clients/${client.id}`} className="text-primary underline underline-offset-4">
            {client.name}
          </Link>
        }
        actions={
          can(viewer, "client.edit") ? (
            <ProjectDialog clientId={client.id} currency={client.currency} project={project} people={people} />
          ) : null
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>{t("budget")}</CardTitle>
        </CardHeader>
        <CardContent>
          {usage ? (
            <ProjectBudgetBar usage={usage} locale={settings.locale} showMoney={seesBilling} />
          ) : (
            <p className="text-sm text-muted-foreground">{t("noBudget")}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("details")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {project.code ? (
              <>
                <dt className="text-muted-foreground">{t("code")}</dt>
                <dd>{project.code}</dd>
              </>
            ) : null}
            {seesBilling ? (
              <>
                <dt className="text-muted-foreground">{t("hourlyRate")}</dt>
                <dd className="tabular-nums">
                  {project.hourlyRate === null
                    ? t("clientRate")
                    : formatMoney(project.hourlyRate, client.currency, settings.locale)}
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t("billableByDefault")}</dt>
            <dd>{project.billableByDefault ? t("yes") : t("no")}</dd>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
