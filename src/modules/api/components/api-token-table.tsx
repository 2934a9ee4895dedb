import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiTokenRevoke } from "./api-token-revoke";

export type ApiTokenListRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  ownerName: string;
};

const when = (value: Date) => value.toISOString().slice(0, 16).replace("T", " ") + " UTC";

/** Tokens with their scopes and last use; revoked ones stay listed, marked. */
export function ApiTokenTable({ rows, showOwner, now }: { rows: ApiTokenListRow[]; showOwner?: boolean; now: Date }) {
  const t = useTranslations("api.tokens");
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t("empty")}</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t("name")}</TableHead>
          {showOwner ? <TableHead>{t("person")}</TableHead> : null}
          <TableHead>{t("scopes")}</TableHead>
          <TableHead>{t("lastUsed")}</TableHead>
          <TableHead>
            <span className="sr-only">{t("actions")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const expired = row.expiresAt !== null && row.expiresAt <= now;
          return (
            <TableRow key={row.id}>
              <TableCell>
                <div className="font-medium break-words">{row.name}</div>
                <code className="text-xs text-muted-foreground">{row.prefix}…</code>
              </TableCell>
              {showOwner ? <TableCell>{row.ownerName}</TableCell> : null}
              <TableCell className="max-w-64 font-mono text-xs break-words">{row.scopes.join(", ")}</TableCell>
              <TableCell className="text-sm whitespace-nowrap">
                {row.lastUsedAt ? when(row.lastUsedAt) : t("never")}
              </TableCell>
              <TableCell className="text-right">
                {row.revokedAt ? (
                  <Badge variant="neutral">{t("revokedBadge")}</Badge>
                ) : expired ? (
                  <Badge variant="neutral">{t("expired")}</Badge>
                ) : (
                  <ApiTokenRevoke id={row.id} name={row.name} />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
