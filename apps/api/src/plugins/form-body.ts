/**
 * Form bodies, for the routes mail providers post (access `mail`: RFC 8058 has them send
 * `List-Unsubscribe=One-Click` as multipart/form-data or application/x-www-form-urlencoded).
 * Registered only in those routes' own scope (Fastify keeps a content-type parser to the scope
 * that adds it); everywhere else the request guards refuse any body but JSON before it is read.
 * Both encodings are read by the platform's own form parser (undici's, behind Response): the
 * text fields become the body object, files are dropped.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../lib/app-error';

/** The media types of an HTML form, which only `mail` routes take. */
export const FORM_MEDIA_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** One-click bodies are a few dozen bytes. */
const FORM_BODY_LIMIT = 4 * 1024;

async function parseForm(contentType: string, text: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(text, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return fail('BAD_REQUEST');
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
  return fields;
}

export function registerFormBody(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    FORM_MEDIA_TYPES,
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    async (request: FastifyRequest, body: string) =>
      parseForm(request.headers['content-type'] ?? '', body),
  );
}
