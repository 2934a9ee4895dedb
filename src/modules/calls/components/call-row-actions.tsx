"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { createContext, lazy, Suspense, useContext, useState } from "react";
import { Button } from "@/components/ui/button";
import type { CallFormOptions, EditableCall } from "./call-form-options";
import type { DialogKind } from "./call-row-dialogs";

// A call's actions menu and its dialogs load when a row's actions button is first approached
// (pointer or focus) or pressed, not with the page (decision 072): the list no longer sends the menu
// library, react-hook-form, the call schemas and zod with its first load.
const loadMenu = () => import("./call-row-menu");
const loadDialogs = () => import("./call-row-dialogs");
const CallRowMenu = lazy(() => loadMenu().then((module) => ({ default: module.CallRowMenu })));
const CallRowDialog = dynamic(() => loadDialogs().then((module) => module.CallRowDialog), { ssr: false });
const warmActions = () => {
  void loadMenu();
  void loadDialogs();
};

/** The actions button's glyph (a symbol, no language). */
const MORE = "⋯";

// The dialogs' options (people, clients and projects) are sent once per table, not once per row.
const OptionsContext = createContext<CallFormOptions | null>(null);

export function CallFormOptionsProvider({
  options,
  children,
}: {
  options: CallFormOptions;
  children: React.ReactNode;
}) {
  return <OptionsContext.Provider value={options}>{children}</OptionsContext.Provider>;
}

/** The button that opens a call's actions (a glyph, not an SVG icon: fifty rows of SVGs weigh on every page; decision 016). */
export function CallActionsButton({
  contactName,
  ...props
}: { contactName: string } & Omit<React.ComponentProps<typeof Button>, "children">) {
  const t = useTranslations("calls.actions");
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("menu", { contact: contactName })}
      aria-haspopup="menu"
      onPointerEnter={warmActions}
      onFocus={warmActions}
      {...props}
    >
      <span aria-hidden="true" className="text-lg leading-none font-semibold">
        {MORE}
      </span>
    </Button>
  );
}

/**
 * The actions menu of one call; only offered to those who may change it (the server checks again).
 * `opened`: mounted by a click on the row's CallActionsButton, so the menu opens at once.
 */
export function CallRowActions({ call, opened = false }: { call: EditableCall; opened?: boolean }) {
  const options = useContext(OptionsContext);
  if (!options) throw new Error("CallRowActions needs a CallFormOptionsProvider");
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [menuReady, setMenuReady] = useState(opened);
  const trigger = (
    <CallActionsButton contactName={call.contactName} onClick={menuReady ? undefined : () => setMenuReady(true)} />
  );
  return (
    <>
      {/* The menu is built on first use: a page shows fifty rows, each would otherwise render a
          whole menu on the server and hydrate it in the browser. It then opens as soon as its
          module is there; the plain button stands in until then. */}
      {menuReady ? (
        <Suspense fallback={trigger}>
          <CallRowMenu call={call} trigger={trigger} onChoose={setDialog} />
        </Suspense>
      ) : (
        trigger
      )}
      {/* Only the chosen dialog is mounted: fifty rows of closed dialogs cost every page render. */}
      {dialog ? <CallRowDialog kind={dialog} call={call} options={options} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
