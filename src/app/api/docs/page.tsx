import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { buildOpenApiDocument } from "@/modules/api/api-openapi";
import { API_OPERATIONS } from "@/modules/api/api-operations";
import { ApiReference, type OpenApiDocument } from "@/modules/api/components/api-reference";

// The API reference, public like /api/v1/openapi.json and rendered from the same document (decision 055).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("api.reference");
  return { title: t("title") };
}

export default function ApiDocsPage() {
  return <ApiReference document={buildOpenApiDocument(API_OPERATIONS) as unknown as OpenApiDocument} />;
}
