// The contact form's length limits, apart from the schemas: the form in the browser needs only
// these two numbers, and importing message-schemas.ts there sent zod with them (issue 30).
export const BODY_MIN = 20;
export const BODY_MAX = 5000;
