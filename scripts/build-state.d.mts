/** Whether the production build in `root`/.next is missing or older than the sources. */
export function needsBuild(root: string): boolean;
