// Runs in the browser before the application starts (Next.js instrumentation-client).
import { reportRouterTransition, startBrowserReporting } from "@/modules/monitoring/sentry-browser";

startBrowserReporting();

export function onRouterTransitionStart(href: string, navigationType: string) {
  reportRouterTransition(href, navigationType);
}
