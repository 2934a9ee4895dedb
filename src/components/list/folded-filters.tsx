"use client";

import { SlidersHorizontalIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * A list's filters folded behind a "Filters" button on a phone (they would fill the first screen
 * before any row); from the small breakpoint up they are always shown and the button is not.
 */
export function FoldedFilters({ active, children }: { active: number; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const t = useTranslations("common");
  const id = useId();
  return (
    <div className="grid gap-3">
      <Button
        type="button"
        variant="outline"
        className="justify-self-start sm:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <SlidersHorizontalIcon aria-hidden />
        {open ? t("hideFilters") : t("filters")}
        {active > 0 ? <span className="tabular-nums"> {t("filtersOn", { count: active })}</span> : null}
      </Button>
      <div id={id} className={open ? undefined : "max-sm:hidden"}>
        {children}
      </div>
    </div>
  );
}
