// The public site's language switcher remembers the visitor's choice in this cookie (decision 067).
export const LANGUAGE_COOKIE = "bureau-language";
/** A year: the choice outlives the visit, as a site's language choice does. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
