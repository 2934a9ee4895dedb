import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * next/link without automatic prefetching. By default Next.js prefetches every link in view: a
 * list page of 50 rows made the browser send about 50 requests to the server as it opened, each a
 * small answer for a page that is dynamic anyway (every page reads the session), and together
 * 15 to 25 times the server time of the page itself (docs/decisions/016). A click still navigates
 * in place, fetching the page then. Pass `prefetch` to opt a link back in.
 */
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
