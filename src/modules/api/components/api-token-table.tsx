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

const when = (value: Date | null) => (value ? value.toISOString().slice(0, 16).replace("T", " ") + " UTC" : "never");

/** Tokens with their scopes and last use; revoked ones stay listed, marked. */
export function ApiTokenTable({ rows, showOwner, now }: { rows: ApiTokenListRow[]; showOwner?: boolean; now: Date }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No tokens yet.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          {showOwner ? <TableHead>Person</TableHead> : null}
          <TableHead>Scopes</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
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
              <TableCell className="text-sm whitespace-nowrap">{when(row.lastUsedAt)}</TableCell>
              <TableCell className="text-right">
                {row.revokedAt ? (
                  <Badge variant="neutral">Revoked</Badge>
                ) : expired ? (
                  <Badge variant="neutral">Expired</Badge>
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
