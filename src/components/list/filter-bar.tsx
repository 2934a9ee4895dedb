import { useTranslations } from "next-intl";
import { SearchIcon } from "lucide-react";
import type * as React from "react";
import Link from "@/components/app-link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { SearchShortcut } from "./search-shortcut";

const LAYOUTS = {
  /** A few filters on one line, wrapping on narrow screens. */
  row: "flex flex-wrap items-end gap-3",
  /** Many filters: a bordered grid, two columns on small screens, four on large ones. */
  panel: "grid gap-3 rounded-lg border p-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end",
};

/**
 * A list's filters as a plain GET form: every filter lives in the address, so a filtered list can
 * be bookmarked and shared, and the form works without script. `keep` holds what the form does
 * not show but the list keeps when filtering (its view, its sort); `clearHref`, when given, offers
 * to clear the filters.
 */
export function FilterBar({
  action,
  label,
  keep = {},
  clearHref,
  submitLabel,
  submitVariant = "default",
  layout = "row",
  className,
  children,
}: {
  action: string;
  label: string;
  keep?: Record<string, string | undefined>;
  clearHref?: string;
  /** The submit button's text; "Filter" in the page's language by default. */
  submitLabel?: string;
  submitVariant?: "default" | "outline";
  layout?: keyof typeof LAYOUTS;
  className?: string;
  children: React.ReactNode;
}) {
  const t = useTranslations("common");
  return (
    <form method="get" action={action} role="search" aria-label={label} className={cn(LAYOUTS[layout], className)}>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {children}
      <div className="flex items-end gap-2">
        <Button type="submit" variant={submitVariant}>
          {submitLabel ?? t("filter")}
        </Button>
        {clearHref ? (
          <Button asChild variant="ghost">
            <Link href={clearHref}>{t("clear")}</Link>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** One filter: its label above its control. */
export function FilterField({
  label,
  htmlFor,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** A date filter (a day as YYYY-MM-DD, empty for none), labelled. */
export function DateFilter({
  label,
  id,
  name,
  value,
  describedBy,
}: {
  label: string;
  id: string;
  name: string;
  value: string | undefined;
  describedBy?: string;
}) {
  return (
    <FilterField label={label} htmlFor={id}>
      <Input id={id} name={name} type="date" defaultValue={value ?? ""} aria-describedby={describedBy} />
    </FilterField>
  );
}

/** The list's search box; "/" focuses it from anywhere on the page. */
export function SearchField({
  id,
  defaultValue,
  placeholder,
  className,
}: {
  id: string;
  defaultValue?: string;
  placeholder: string;
  className?: string;
}) {
  const t = useTranslations("common");
  return (
    <FilterField label={t("search")} htmlFor={id} className={className}>
      <SearchShortcut inputId={id} />
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue ?? ""}
          placeholder={placeholder}
          aria-keyshortcuts="/"
          className="pl-9"
        />
      </div>
    </FilterField>
  );
}
