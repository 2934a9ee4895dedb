"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { type ActionResult, parseInput, runAction } from "@/lib/action";
import { requireActor } from "@/lib/session";
import { searchClientNames } from "./client-queries";
import { clientNameSearchInput } from "./client-schemas";
import {
  createClient,
  createProject,
  setClientArchived,
  setProjectArchived,
  updateClient,
  updateProject,
} from "./client-mutations";

// Thin server actions: the session decides who acts; the mutation checks the permission again,
// validates with the shared schema and writes in one transaction.

export async function createClientAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("client.edit");
    const created = await createClient(getDb(), actor, input);
    revalidatePath("/bo/clients");
    return { id: created.id };
  }, "Client created.");
}

export async function updateClientAction(input: unknown): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("client.edit");
    const updated = await updateClient(getDb(), actor, input);
    revalidatePath("/bo/clients");
    return { version: updated.version };
  }, "Client saved.");
}

export async function setClientArchivedAction(
  input: unknown,
): Promise<ActionResult<{ version: number; archived: boolean }>> {
  return runAction(async () => {
    const actor = await requireActor("client.edit");
    const updated = await setClientArchived(getDb(), actor, input);
    revalidatePath("/bo/clients");
    return { version: updated.version, archived: updated.archivedAt !== null };
  });
}

export async function createProjectAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const actor = await requireActor("client.edit");
    const created = await createProject(getDb(), actor, input);
    revalidatePath(`/bo/clients/${created.clientId}`);
    return { id: created.id };
  }, "Project created.");
}

export async function updateProjectAction(input: unknown): Promise<ActionResult<{ version: number }>> {
  return runAction(async () => {
    const actor = await requireActor("client.edit");
    const updated = await updateProject(getDb(), actor, input);
    revalidatePath(`/bo/clients/${updated.clientId}`);
    return { version: updated.version };
  }, "Project saved.");
}

export async function setProjectArchivedAction(
  input: unknown,
): Promise<ActionResult<{ version: number; archived: boolean }>> {
  return runAction(async () => {
    const actor = await requireActor("client.edit");
    const updated = await setProjectArchived(getDb(), actor, input);
    revalidatePath(`/bo/clients/${updated.clientId}`);
    return { version: updated.version, archived: updated.archivedAt !== null };
  });
}

/** The list filters' client picker: every role may read the clients' names. */
export async function searchClientNamesAction(input: unknown): Promise<ActionResult<{ id: string; name: string }[]>> {
  return runAction(async () => {
    await requireActor("client.read");
    const { q } = parseInput(clientNameSearchInput, input);
    return searchClientNames(getDb(), q);
  });
}
