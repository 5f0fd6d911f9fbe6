import type { z } from '@hono/zod-openapi';
import { ApiError } from '../errors.ts';

/** Request fields that hold an ImageSource: a missing one is IMAGE_MISSING rather than a schema error. */
const imageFields = new Set(['image', 'imageFirstSide', 'cardNumberSide']);

/**
 * Turns a failed schema validation into an ApiError that names the field, so a client sees
 * `INVALID_REQUEST: scanQrCode: expected boolean` instead of a generic 400.
 */
export function validationError(error: z.ZodError): ApiError {
  const issue = error.issues[0] && innermostIssue(error.issues[0]);
  if (!issue) return new ApiError('INVALID_REQUEST', 'invalid request');
  const path = issue.path.map(String).join('.') || '(body)';
  if (issue.path.length === 1 && imageFields.has(path) && issue.code === 'invalid_type' && isMissing(issue)) {
    return new ApiError('IMAGE_MISSING', `${path}: an image is required (imageUrl or imageBase64)`);
  }
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    return new ApiError('INVALID_REQUEST', 'the request body must be a JSON object');
  }
  return new ApiError('INVALID_REQUEST', `${path}: ${issue.message}`);
}

/** The `defaultHook` of every OpenAPIHono app: a failed request validation is thrown as that ApiError. */
export function validationHook(result: { success: true } | { success: false; error: z.ZodError }): void {
  if (!result.success) throw validationError(result.error);
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  return /received undefined|received null/i.test(issue.message) || (issue as { input?: unknown }).input == null;
}

type Issue = z.core.$ZodIssue;

/**
 * `X | null` fields are unions, whose failure zod reports as a bare "Invalid input" at the union.
 * Descend into the branch that is not the `null` one so the message names the real field and problem.
 */
function innermostIssue(issue: Issue): Issue {
  if (issue.code !== 'invalid_union') return issue;
  const branches = (issue as { errors?: Issue[][] }).errors ?? [];
  const meaningful = branches.find((branch) => branch[0] && !(branch[0].code === 'invalid_type' && branch[0].expected === 'null'));
  const inner = meaningful?.[0];
  return inner ? innermostIssue({ ...inner, path: [...issue.path, ...inner.path] } as Issue) : issue;
}
