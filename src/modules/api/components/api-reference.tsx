// The API reference (/api/docs, decision 055): every operation of the OpenAPI document, grouped by
// tag, with its parameters, body and responses. Rendered on the server from the same document as
// /api/v1/openapi.json: no script, no CDN, nothing the CSP has to allow. The page's own words are
// translated; the document's descriptions and the types stay as the OpenAPI document has them.
import { useTranslations } from "next-intl";
type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Response = { description?: string; content?: Record<string, { schema?: Schema }> };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, Response>;
  "x-scope"?: string;
};
export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const METHOD_ORDER = ["get", "post", "patch", "put", "delete"];
const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  post: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  patch: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  put: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  delete: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export type ReferenceOperation = { method: string; path: string; operation: Operation };

/** The operations per tag, in the document's order of first appearance, methods in a stable order. */
export function operationsByTag(document: OpenApiDocument): [string, ReferenceOperation[]][] {
  const groups = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    const methods = Object.keys(item).sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
    for (const method of methods) {
      const operation = item[method]!;
      const tag = operation.tags?.[0] ?? "Other";
      const group = groups.get(tag) ?? [];
      group.push({ method, path, operation });
      groups.set(tag, group);
    }
  }
  return [...groups];
}

export const anchorOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function resolve(schema: Schema, document: OpenApiDocument): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop()!;
  return document.components?.schemas?.[name] ?? schema;
}

/** A one-line type, e.g. "string (uuid)", "integer ≤ 200", "one of: draft, issued", "array of object". */
function typeOf(raw: Schema, document: OpenApiDocument): string {
  const schema = resolve(raw, document);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map((alternative) => typeOf(alternative, document)).join(" or ");
  if (schema.allOf) return schema.allOf.map((part) => typeOf(part, document)).join(" and ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  let text = types.length > 0 ? types.join(" or ") : "any";
  if (schema.type === "array" && schema.items) text = `array of ${typeOf(schema.items, document)}`;
  if (schema.format) text += ` (${schema.format})`;
  const bounds: string[] = [];
  // zod's int() bounds an integer to the safe range: not worth a line.
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) bounds.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) bounds.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0) bounds.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) bounds.push(`at most ${schema.maxLength} characters`);
  if (schema.maxItems !== undefined) bounds.push(`at most ${schema.maxItems} items`);
  if (bounds.length > 0) text += `, ${bounds.join(", ")}`;
  return text;
}

/** The object schema among alternatives (a nullable object, an intersection), to list its fields. */
function objectOf(raw: Schema, document: OpenApiDocument): Schema | null {
  const schema = resolve(raw, document);
  if (schema.properties) return schema;
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => objectOf(part, document)).filter((part) => part !== null);
    if (parts.length === 0) return null;
    return {
      properties: Object.assign({}, ...parts.map((part) => part.properties)),
      required: parts.flatMap((part) => part.required ?? []),
    };
  }
  for (const alternative of schema.anyOf ?? schema.oneOf ?? []) {
    const found = objectOf(alternative, document);
    if (found) return found;
  }
  if (schema.type === "array" && schema.items) return objectOf(schema.items, document);
  return null;
}

/** A description with its `code` spans (the document's descriptions use Markdown backticks). */
function Prose({ text }: { text: string | undefined }) {
  if (!text) return null;
  return text.split(/(`[^`]+`)/).map((part, index) =>
    part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
      <code key={index} className="font-mono">
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}

function SchemaFields({ schema, document, depth = 0 }: { schema: Schema; document: OpenApiDocument; depth?: number }) {
  const t = useTranslations("api.reference");
  const object = objectOf(schema, document);
  if (!object?.properties || Object.keys(object.properties).length === 0)
    return <p className="text-sm text-muted-foreground">{typeOf(schema, document)}</p>;
  const required = new Set(object.required ?? []);
  return (
    <ul className={depth > 0 ? "mt-1 ml-4 border-l pl-3" : "grid gap-1"}>
      {Object.entries(object.properties).map(([name, field]) => {
        const nested = depth < 3 ? objectOf(field, document) : null;
        const description = field.description ?? resolve(field, document).description;
        return (
          <li key={name} className="text-sm">
            <code className="font-mono font-medium">{name}</code>{" "}
            <span className="text-muted-foreground">
              {typeOf(field, document)}
              {required.has(name) ? t("fieldRequired") : null}
              {field.default !== undefined ? t("fieldDefault", { value: JSON.stringify(field.default) }) : null}
            </span>
            {description ? (
              <span>
                {" "}
                — <Prose text={description} />
              </span>
            ) : null}
            {nested ? <SchemaFields schema={field} document={document} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function OperationSection({ entry, document }: { entry: ReferenceOperation; document: OpenApiDocument }) {
  const t = useTranslations("api.reference");
  const { method, path, operation } = entry;
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const id = operation.operationId ?? anchorOf(`${method} ${path}`);
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border p-4">
      <h3 id={`${id}-title`} className="flex flex-wrap items-center gap-2 font-mono text-sm break-all">
        <span className={`rounded px-2 py-0.5 text-xs font-semibold uppercase ${METHOD_STYLE[method] ?? ""}`}>
          {method}
        </span>
        <span>{path}</span>
      </h3>
      {operation.summary ? <p className="text-sm">{operation.summary}</p> : null}
      {operation["x-scope"] ? (
        <p className="text-sm text-muted-foreground">
          {t.rich("scope", {
            scope: operation["x-scope"],
            code: (chunks) => <code className="font-mono">{chunks}</code>,
          })}
        </p>
      ) : null}
      {parameters.length > 0 ? (
        <div
          className="overflow-x-auto"
          role="region"
          aria-label={t("parametersOf", { method: method.toUpperCase(), path })}
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <caption className="text-left text-sm font-medium">{t("parameters")}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t("name")}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t("in")}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t("type")}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t("description")}
                </th>
              </tr>
            </thead>
            <tbody>
              {parameters.map((parameter) => (
                <tr key={`${parameter.in}:${parameter.name}`} className="border-b align-top last:border-0">
                  <td className="py-1 pr-3 font-mono">
                    {parameter.name}
                    {parameter.required ? <span className="text-muted-foreground"> {t("required")}</span> : null}
                  </td>
                  <td className="py-1 pr-3">{parameter.in}</td>
                  <td className="py-1 pr-3">{parameter.schema ? typeOf(parameter.schema, document) : "string"}</td>
                  <td className="py-1">
                    <Prose text={parameter.description ?? parameter.schema?.description} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {body ? (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">{t("body")}</h4>
          <SchemaFields schema={body} document={document} />
        </div>
      ) : null}
      <div className="grid gap-1">
        <h4 className="text-sm font-medium">{t("responses")}</h4>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {Object.entries(operation.responses ?? {}).map(([status, response]) => (
            <div key={status} className="contents">
              <dt className="font-mono">{status}</dt>
              <dd>
                <Prose text={response.description} />
                {Object.keys(response.content ?? {}).length > 0 ? (
                  <span className="text-muted-foreground"> ({Object.keys(response.content ?? {}).join(", ")})</span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

export function ApiReference({ document }: { document: OpenApiDocument }) {
  const t = useTranslations("api.reference");
  const groups = operationsByTag(document);
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8">
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold">
          {t("heading", { title: document.info.title, version: document.info.version })}
        </h1>
        <p className="text-sm text-muted-foreground">
          {t.rich("intro", {
            base: document.servers?.[0]?.url ?? "/api/v1",
            token: "<token>",
            code: (chunks) => <code className="font-mono">{chunks}</code>,
            link: (chunks) => (
              <a href="/api/v1/openapi.json" className="font-medium underline underline-offset-4">
                {chunks}
              </a>
            ),
          })}
        </p>
      </header>
      <nav aria-label={t("resources")}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {groups.map(([tag, entries]) => (
            <li key={tag}>
              <a href={`#${anchorOf(tag)}`} className="underline underline-offset-4">
                {tag}
              </a>{" "}
              <span className="text-muted-foreground">({entries.length})</span>
            </li>
          ))}
        </ul>
      </nav>
      <main className="grid gap-10">
        {groups.map(([tag, entries]) => (
          <section key={tag} id={anchorOf(tag)} aria-labelledby={`${anchorOf(tag)}-heading`} className="grid gap-4">
            <h2 id={`${anchorOf(tag)}-heading`} className="text-xl font-semibold">
              {tag}
            </h2>
            {entries.map((entry) => (
              <OperationSection key={`${entry.method} ${entry.path}`} entry={entry} document={document} />
            ))}
          </section>
        ))}
      </main>
    </div>
  );
}
