/**
 * The partnership application of /community-partnerships (spec §3, §4, §5; security.md W24).
 * The browser sends the five fields; the server stores them and mails both the confirmation and
 * the company's notification from its own templates. `website` is a honeypot: the form hides it
 * from people, so only a robot fills it in, and the server then answers as usual and keeps nothing.
 */
import { z } from 'zod';
import { userMessage } from './user-message';

const PARTNERSHIP_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  companyName: 120,
  companyDescription: 2000,
  /** The honeypot: anything a robot might paste, refused only when absurdly long. */
  website: 500,
} as const;

/** Applications admitted per client IP in a sliding hour (security.md W24). */
export const PARTNERSHIP_APPLICATIONS_PER_HOUR = 5;

/** RFC 5321 §4.5.3.1.1: the part before the @ has at most 64 octets. */
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string().trim().min(1, userMessage(required)).max(max, userMessage(tooLong));

const INVALID_EMAIL = userMessage('Please enter a valid email address.');

export const partnershipApplyRequest = z.strictObject({
  name: requiredText(
    PARTNERSHIP_LIMITS.name,
    'Please enter your name.',
    `Your name can be at most ${PARTNERSHIP_LIMITS.name} characters.`,
  ),
  email: z
    .string()
    .trim()
    .min(1, userMessage('Please enter your email address.'))
    .max(PARTNERSHIP_LIMITS.email, INVALID_EMAIL)
    .refine((value) => value.lastIndexOf('@') <= EMAIL_LOCAL_PART_MAX_LENGTH, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL)),
  phone: requiredText(
    PARTNERSHIP_LIMITS.phone,
    'Please enter your phone number.',
    `Your phone number can be at most ${PARTNERSHIP_LIMITS.phone} characters.`,
  ),
  companyName: requiredText(
    PARTNERSHIP_LIMITS.companyName,
    'Please enter your company name.',
    `Your company name can be at most ${PARTNERSHIP_LIMITS.companyName} characters.`,
  ),
  companyDescription: requiredText(
    PARTNERSHIP_LIMITS.companyDescription,
    'Please describe your company.',
    `Your company description can be at most ${PARTNERSHIP_LIMITS.companyDescription} characters.`,
  ),
  /** The honeypot: people leave it empty; a filled one is answered as usual and dropped. */
  website: z.string().max(PARTNERSHIP_LIMITS.website).optional(),
});
export type PartnershipApplyRequest = z.input<typeof partnershipApplyRequest>;
export type PartnershipApplication = z.output<typeof partnershipApplyRequest>;

export const PARTNERSHIP_RECEIVED_MESSAGE =
  'Thank you for your application. We have emailed you a confirmation and will be in touch soon.';

export const partnershipApplyResponse = z.object({ message: z.string() });
