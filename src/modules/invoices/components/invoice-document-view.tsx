import { Fragment, type ReactNode } from "react";
import type { InvoiceDocument } from "../invoice-document";

/** The same word in every language of the documents. */
const IBAN = "IBAN";

function Party({ label, party }: { label: string; party: InvoiceDocument["firm"] }) {
  return (
    <div className="grid content-start gap-0.5 text-sm">
      <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</span>
      <span className="font-semibold">{party.name}</span>
      {party.addressLines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
      {party.vatLine ? <span>{party.vatLine}</span> : null}
      {party.legalLines.map((line, index) => (
        <span key={`legal-${index}`}>{line}</span>
      ))}
      {party.email ? <span className="text-muted-foreground">{party.email}</span> : null}
    </div>
  );
}

/** The brand colour as a CSS colour: a plain #rrggbb only. */
function safeColor(value: string | undefined): string | undefined {
  return value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : undefined;
}

/**
 * The invoice as the PDF shows it, from the same document model: the firm's logo (or, without
 * one, its name) and its brand colour as the document's top edge, as frozen at issue.
 */
export function InvoiceDocumentView({
  document,
  brand,
  lineNotes,
}: {
  document: InvoiceDocument;
  brand?: { logoSrc: string | null; color: string };
  /**
   * The back office's notes under a line's description, by position (its project, decision 068),
   * in the reader's language (each note says so with its own lang): never on the PDF or a client's
   * shared copy.
   */
  lineNotes?: readonly (ReactNode | null)[];
}) {
  const color = safeColor(brand?.color);
  return (
    <article
      aria-label={document.heading}
      lang={document.language}
      className="grid min-w-0 gap-6 rounded-lg border border-t-4 bg-card p-4 text-card-foreground sm:p-8 print:border-0 print:p-0"
      style={color ? { borderTopColor: color } : undefined}
      data-testid="invoice-document"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        {brand?.logoSrc ? (
          // A data: URI of the frozen logo (PNG or JPEG, at most 512 KB): no route to authorise, nothing to cache.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={brand.logoSrc}
            alt={document.firm.name}
            className="max-h-16 max-w-[12rem] object-contain object-left"
            data-testid="invoice-logo"
          />
        ) : (
          <div className="text-lg font-semibold">{document.firm.name}</div>
        )}
        <div className="text-right">
          <div className="text-2xl font-semibold">{document.title}</div>
          <div className="tabular-nums">{document.number ?? ""}</div>
          {document.isDraft ? (
            <div className="text-sm font-medium text-destructive">{document.labels.draftWarning}</div>
          ) : null}
        </div>
      </div>
      <div className="grid min-w-0 gap-6 sm:grid-cols-2">
        <Party label={document.labels.from} party={document.firm} />
        <Party label={document.labels.billTo} party={document.client} />
      </div>
      <dl className="grid grid-cols-2 gap-3 border-y py-3 text-sm sm:grid-cols-4">
        {document.facts.map((fact) => (
          <div key={fact.label} className="grid gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {/* Below sm the quantity, unit, unit price, discount and VAT columns (data-detail) are hidden
          and each line says them under its description, so every amount stays in view on a phone.
          The cells' look is the document-lines rule of globals.css, not classes on every cell. */}
      <div className="min-w-0 overflow-x-auto">
        <table className="document-lines">
          <thead>
            <tr>
              <th scope="col">{document.labels.description}</th>
              <th scope="col" data-detail="" data-figure="">
                {document.labels.quantity}
              </th>
              <th scope="col" data-detail="">
                {document.labels.unit}
              </th>
              <th scope="col" data-detail="" data-figure="">
                {document.labels.unitPrice}
              </th>
              <th scope="col" data-detail="" data-figure="">
                {document.labels.discount}
              </th>
              <th scope="col" data-detail="" data-figure="">
                {document.labels.vat}
              </th>
              <th scope="col" data-figure="">
                {document.labels.net}
              </th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, index) => (
              <tr key={index}>
                <td className="whitespace-pre-line">
                  {line.description}
                  {lineNotes?.[index] ? (
                    <div className="mt-0.5 text-xs text-muted-foreground" data-testid="invoice-line-note">
                      {lineNotes[index]}
                    </div>
                  ) : null}
                  <div className="mt-0.5 text-xs text-muted-foreground tabular-nums sm:hidden">
                    {line.quantity} {line.unit} × <span>{line.unitPrice}</span>
                    {line.discountText ? (
                      <>
                        {" "}
                        <span>{line.discountText}</span>
                      </>
                    ) : null}{" "}
                    · {document.labels.vat} <span>{line.taxRate}</span>
                  </div>
                </td>
                <td data-detail="" data-figure="">
                  {line.quantity}
                </td>
                <td data-detail="">{line.unit}</td>
                <td data-detail="" data-figure="">
                  {line.unitPrice}
                </td>
                <td data-detail="" data-figure="">
                  {line.discount}
                </td>
                <td data-detail="" data-figure="">
                  {line.taxRate}
                </td>
                <td data-figure="">{line.net}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto grid w-full max-w-sm gap-1 text-sm tabular-nums">
        {(document.showTaxRows ? document.taxes : []).map((row) => (
          <Fragment key={row.key}>
            <div className="flex justify-between text-muted-foreground">
              <dt>{row.netLabel}</dt>
              <dd>{row.base}</dd>
            </div>
            <div className="flex justify-between text-muted-foreground">
              <dt>{row.vatLabel}</dt>
              <dd>{row.tax}</dd>
            </div>
          </Fragment>
        ))}
        <div className="flex justify-between font-medium">
          <dt>{document.labels.totalNet}</dt>
          <dd>{document.net}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{document.labels.totalVat}</dt>
          <dd>{document.tax}</dd>
        </div>
        <div className="flex justify-between border-t pt-1 text-base font-semibold">
          <dt>
            {document.totalLabel} ({document.currency})
          </dt>
          <dd>{document.total}</dd>
        </div>
      </dl>
      {document.mentions.length > 0 ? (
        <div className="grid gap-1 text-sm" data-testid="vat-mentions">
          {document.mentions.map((mention) => (
            <p key={mention.category}>
              {mention.text}
              {mention.vatNumbers ? <> {mention.vatNumbers}</> : null}
            </p>
          ))}
        </div>
      ) : null}
      {document.payment ? (
        <div className="text-sm">
          <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {document.labels.payment}
          </span>
          <p>
            {document.payment.means}
            {document.payment.iban ? (
              <>
                {` · ${IBAN} `}
                <span className="whitespace-nowrap">{document.payment.iban}</span>
              </>
            ) : null}
            {document.payment.bic ? ` · BIC ${document.payment.bic}` : ""}
            {document.payment.referenceText ? ` · ${document.payment.referenceText}` : ""}
          </p>
        </div>
      ) : null}
      {document.settlement ? (
        <div className="text-sm">
          <span className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {document.labels.settlement}
          </span>
          <p>{document.settlement}</p>
        </div>
      ) : null}
      {document.notes ? <p className="text-sm whitespace-pre-line">{document.notes}</p> : null}
      {document.footer ? (
        <p className="border-t pt-3 text-xs whitespace-pre-line text-muted-foreground">{document.footer}</p>
      ) : null}
    </article>
  );
}
