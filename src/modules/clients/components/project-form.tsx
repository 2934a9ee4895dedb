"use client";

import dynamic from "next/dynamic";
import { ArchiveIcon, ArchiveRestoreIcon, PencilIcon, PlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useLazyDialog } from "@/components/lazy-dialog";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/use-action";
import { setClientArchivedAction, setProjectArchivedAction } from "../client-actions";

// The project dialog and its form, and the archive question, load on first use, or when the
// pointer nears or the focus reaches their buttons (decision 072): a client's page no longer sends
// Radix's dialog, react-hook-form, the project schema and zod with its first load.
const loadDialog = () => import("./project-form-body");
const ProjectFormDialog = dynamic(() => loadDialog().then((module) => module.ProjectFormDialog), { ssr: false });
const ArchiveQuestion = dynamic(() => loadDialog().then((module) => module.ArchiveQuestion), { ssr: false });

export type EditableProject = {
  id: string;
  version: number;
  name: string;
  code: string | null;
  hourlyRate: number | null;
  budgetMinutes: number | null;
  budgetAmount: number | null;
  budgetPeriod: "total" | "month";
  billableByDefault: boolean;
  membersOnly: boolean;
  memberIds: string[];
};

/** Someone who can be made a member (the active people). */
export type AssignablePerson = { id: string; name: string; role: "admin" | "manager" | "staff" };

export function ProjectDialog({
  clientId,
  project,
  currency,
  people,
}: {
  clientId: string;
  project?: EditableProject;
  currency: string;
  people: AssignablePerson[];
}) {
  const t = useTranslations("clients.projectForm");
  const lazy = useLazyDialog(loadDialog);
  return (
    <>
      {project ? (
        <Button variant="ghost" size="sm" {...lazy.button}>
          <PencilIcon aria-hidden="true" />
          {t("edit")}
          <span className="sr-only"> {project.name}</span>
        </Button>
      ) : (
        <Button variant="outline" size="sm" {...lazy.button}>
          <PlusIcon aria-hidden="true" />
          {t("new")}
        </Button>
      )}
      {lazy.used ? (
        <ProjectFormDialog
          {...lazy.dialog}
          title={project ? t("editTitle", { name: project.name }) : t("new")}
          description={t("description")}
          clientId={clientId}
          project={project}
          currency={currency}
          people={people}
          onSaved={() => lazy.setOpen(false)}
        />
      ) : null}
    </>
  );
}

/** Archive or restore a client or a project; archiving says what it means. */
export function ArchiveButton({
  kind,
  id,
  version,
  name,
  archived,
}: {
  kind: "client" | "project";
  id: string;
  version: number;
  name: string;
  archived: boolean;
}) {
  const t = useTranslations("clients.archive");
  const lazy = useLazyDialog(loadDialog);
  const action = useAction();
  const pending = action.pending;
  async function run() {
    const input = { id, version, archived: !archived };
    await action.run<unknown>(
      () => (kind === "client" ? setClientArchivedAction(input) : setProjectArchivedAction(input)),
      {
        success: archived ? t("restored", { name }) : t("archived", { name }),
        errorToast: true,
        onSuccess: () => lazy.setOpen(false),
      },
    );
  }
  if (archived) {
    return (
      <Button
        variant={kind === "client" ? "outline" : "ghost"}
        size={kind === "client" ? "default" : "sm"}
        disabled={pending}
        onClick={() => void run()}
      >
        <ArchiveRestoreIcon aria-hidden="true" />
        {t("restore")}
        <span className="sr-only"> {name}</span>
      </Button>
    );
  }
  return (
    <>
      <Button
        variant={kind === "client" ? "outline" : "ghost"}
        size={kind === "client" ? "default" : "sm"}
        {...lazy.button}
      >
        <ArchiveIcon aria-hidden="true" />
        {t("archive")}
        <span className="sr-only"> {name}</span>
      </Button>
      {lazy.used ? (
        <ArchiveQuestion
          {...lazy.dialog}
          title={t("question", { name })}
          description={kind === "client" ? t("clientMeans") : t("projectMeans")}
          cancel={t("cancel")}
          confirm={t("archive")}
          pending={pending}
          onConfirm={() => void run()}
        />
      ) : null}
    </>
  );
}
