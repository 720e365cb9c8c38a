import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * The body as a plain object, whether it came as JSON or as a multipart form (the spec's sign-up
 * form posts FormData). Text fields only: a file part is refused, since these routes take none.
 * A repeated field keeps its last value, like most form parsers.
 */
export async function readFormOrJson(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('Send the fields as a JSON object or a form');
    }
    return body as Record<string, unknown>;
  }
  const fields: Record<string, unknown> = Object.create(null);
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Drain it so the connection is left in a clean state before we answer.
      part.file.resume();
      throw badRequest(`This form takes no files (got one in "${part.fieldname}")`, {
        [part.fieldname]: 'Files are not accepted here',
      });
    }
    fields[part.fieldname] = part.value;
  }
  return { ...fields };
}
