// GET an expense's receipt: its owner, and those who read all expenses (managers, administrators);
// anyone else gets 403. Always a download, sandboxed, as CVs are (decision 007): the bytes were
// checked at upload, and the name is rebuilt from the date and the detected type.
import { getDb } from "@/db/client";
import { NotFoundError } from "@/lib/errors";
import { backOfficeRoute } from "@/lib/route-handler";
import { SANDBOXED_FILE_POLICY } from "@/lib/security-headers";
import { getExpenseReceipt } from "@/modules/expenses/expense-queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const GET = backOfficeRoute<{ id: string }>(
  { permission: "expense.edit", signedOut: "401" },
  async (_request, { params, user }) => {
    const { id } = await params;
    if (!UUID.test(id)) throw new NotFoundError();
    const receipt = await getExpenseReceipt(getDb(), user, id);
    const fileName = `receipt-${receipt.date}.${receipt.kind === "jpeg" ? "jpg" : receipt.kind}`;
    return new Response(new Uint8Array(receipt.content), {
      headers: {
        "content-type": receipt.mimeType,
        "content-length": String(receipt.content.byteLength),
        "content-disposition": `attachment; filename="${fileName}"`,
        "x-content-type-options": "nosniff",
        "content-security-policy": SANDBOXED_FILE_POLICY,
        "cache-control": "private, no-store",
      },
    });
  },
);
