// GET an expense's receipt: its owner, and those who read all expenses (managers, administrators);
// anyone else gets 403. Always a download, sandboxed, as CVs are (decision 007): the bytes were
// checked at upload, and the name is rebuilt from the date and the detected type.
import { getDb } from "@/db/client";
import { NotFoundError } from "@/lib/errors";
import { backOfficeRoute } from "@/lib/route-handler";
import { fileDownloadResponse } from "@/lib/security-headers";
import { getExpenseReceipt } from "@/modules/expenses/expense-queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const GET = backOfficeRoute<{ id: string }>(
  { permission: "expense.edit", signedOut: "401" },
  async (_request, { params, user }) => {
    const { id } = await params;
    if (!UUID.test(id)) throw new NotFoundError();
    const receipt = await getExpenseReceipt(getDb(), user, id);
    const extension = receipt.kind === "jpeg" ? "jpg" : receipt.kind;
    return fileDownloadResponse(receipt.content, receipt.mimeType, `receipt-${receipt.date}.${extension}`);
  },
);
