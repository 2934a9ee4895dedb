/** The first value of a search parameter, or "" when absent (Next.js gives string | string[] | undefined). */
export function firstParam(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
