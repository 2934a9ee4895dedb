"use client";
// The approval queue's code (its decision dialogs: Radix's dialog, react-hook-form, zod and the
// rejection schema) loads with the queue, not with every view of the timesheet list (issue 30,
// decision 072). It is still rendered on the server: the page shows the queue at once and
// becomes interactive when its module arrives.
import dynamic from "next/dynamic";

export const ApprovalQueue = dynamic(() => import("./approval-queue").then((module) => module.ApprovalQueue));
