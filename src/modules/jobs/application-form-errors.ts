// Errors of the application form when it is sent WITHOUT JavaScript: the route answers with a 303 back
// to the job page, and the page shows these fixed texts from codes in the URL (never text from the
// URL itself, which anyone could craft).
import { ANTI_SPAM_MESSAGES } from "@/modules/public-site/anti-spam-rules";

export const APPLICATION_FORM_ERRORS = {
  invalid: "Please correct the highlighted fields and attach your CV again.",
  rate_limited:
    "We have received several applications from your network in the last hour. Please try again later, or write to us by email.",
  too_fast: ANTI_SPAM_MESSAGES.too_fast,
  expired: ANTI_SPAM_MESSAGES.expired,
  token: ANTI_SPAM_MESSAGES.invalid,
  too_large: "Your CV is larger than 5 MB. Please send a smaller file.",
  unreadable: "We could not read the form. Please try again.",
} as const;
export type ApplicationFormErrorCode = keyof typeof APPLICATION_FORM_ERRORS;

export const APPLICATION_FIELD_ERRORS: Record<string, string> = {
  name: "Enter your name.",
  email: "Enter a valid email address, such as name@example.com.",
  phone: "Enter a valid phone number, with the country code if it is abroad.",
  links: "Enter up to 3 full web addresses starting with https://",
  coverLetter: "Use at most 5,000 characters and at most 3 links.",
  consent: "Please agree so that we can process your application.",
  cv: "Attach your CV: a PDF, DOC or DOCX document of at most 5 MB.",
};

export const CV_ERRORS = {
  missing: "Attach your CV (PDF, DOC or DOCX, at most 5 MB).",
  type: "Your CV must be a PDF, DOC or DOCX document. This file is not one, whatever its name says.",
  size: "Your CV is larger than 5 MB. Please send a smaller file.",
} as const;
